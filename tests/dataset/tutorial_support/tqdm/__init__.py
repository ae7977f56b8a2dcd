"""Test double of tqdm for running MindSpore's tutorials: the progress bars draw nothing (their
lines hold timings and rates, other in every run), on both sides of the comparison; what they
wrap runs as it would. ``tqdm.write`` prints its message, as tqdm's does."""


class tqdm:  # noqa: N801 - the package's name
    def __init__(self, iterable=None, desc=None, total=None, **kwargs):
        self.iterable, self.desc = iterable, desc
        if total is None and iterable is not None and hasattr(iterable, "__len__"):
            total = len(iterable)
        self.total, self.n, self.postfix = total, 0, None

    def __iter__(self):
        for item in self.iterable:
            yield item
            self.n += 1

    def __len__(self):
        return self.total

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()
        return False

    def update(self, n=1):
        self.n += n

    def set_postfix(self, ordered_dict=None, refresh=True, **kwargs):
        self.postfix = {**(ordered_dict or {}), **kwargs}

    def set_postfix_str(self, s="", refresh=True):
        self.postfix = s

    def set_description(self, desc=None, refresh=True):
        self.desc = desc

    def refresh(self):
        return None

    def close(self):
        return None

    @staticmethod
    def write(s, file=None, end="\n", nolock=False):
        print(s, end=end, file=file)


def trange(*args, **kwargs):
    return tqdm(range(*args), **kwargs)
