"""The random orders of MindSpore's C++ samplers, drawn as MindSpore 2.10 draws them.

MindSpore's samplers shuffle row indices with ``std::mt19937`` and libstdc++'s ``std::shuffle``
(GCC 9, which the 2.10 wheel was built with). Both are documented algorithms, so the same seed
gives the same order here:

- ``std::mt19937(seed)`` is NumPy's legacy ``RandomState(seed)`` for a 32-bit seed; its raw 32-bit
  words are ``randint(0, 2**32, dtype=uint32)``.
- ``std::uniform_int_distribution(a, b)`` (libstdc++ before GCC 11) scales a word down: with
  ``range = b - a + 1`` and ``scaling = (2**32 - 1) // range`` it rejects words at or above
  ``range * scaling`` and returns ``a + word // scaling``.
- ``std::shuffle`` (libstdc++ since GCC 9) walks the sequence from its second element; when
  ``(2**32 - 1) // n >= n`` it draws two swap positions from one number (an even-length sequence
  first swaps element 1 with a position in [0, 1]), otherwise one position per element.

What each sampler does with them (checked against MindSpore 2.10 over several seeds, sizes and
epochs; golden: tests/goldens/dataset/sampler_orders.txt):

- RandomSampler: epoch ``e`` is the order of epoch ``e - 1`` shuffled again by a generator seeded
  ``seed + e`` (epoch 0: ``0..n-1`` shuffled with ``seed``); ``num_samples`` takes the first rows.
  With replacement, epoch ``e`` draws ``uniform_int_distribution(0, n - 1)`` from ``seed + e``.
- DistributedSampler: the same cumulative shuffles, seeded ``s + e`` where ``s`` is the config
  seed plus one, taken when the sampler is made (the pipeline seed when that is UINT32_MAX).
- SubsetRandomSampler: the indices (the first ``num_samples`` of them) shuffled again each epoch
  by a generator seeded ``seed`` each time.
"""
from __future__ import annotations

import threading

import numpy as np

_WORD_RANGE = 2 ** 32 - 1  # std::mt19937's max() - min()


class Mt19937Words:
    """The raw 32-bit outputs of ``std::mt19937(seed)``, read a block at a time."""

    def __init__(self, seed: int, block: int = 1024):
        self._state = np.random.RandomState(seed & 0xFFFFFFFF)
        self._block = block
        self._words = []
        self._next = 0

    def __call__(self) -> int:
        if self._next == len(self._words):
            self._words = self._state.randint(0, 2 ** 32, size=self._block,
                                              dtype=np.uint32).tolist()
            self._next = 0
        word = self._words[self._next]
        self._next += 1
        return word


class MinstdRand0:
    """libstdc++'s ``std::default_random_engine`` (``std::minstd_rand0``): ``x = 16807 x mod
    (2**31 - 1)``, outputs in [1, 2**31 - 2]; `word_min` and `word_range` say so to
    `uniform_int` and `shuffle_in_place`."""

    word_min = 1
    word_range = 2 ** 31 - 3

    def __init__(self, seed: int):
        seed %= 2 ** 31 - 1
        self._state = seed if seed else 1

    def __call__(self) -> int:
        self._state = self._state * 16807 % (2 ** 31 - 1)
        return self._state


def uniform_int(words, low: int, high: int) -> int:
    """libstdc++'s ``std::uniform_int_distribution<>(low, high)(gen)`` for a generator (by default
    a 32-bit one; else one with ``word_min`` and ``word_range`` attributes) and a range of fewer
    values than the generator has."""
    word_min = getattr(words, "word_min", 0)
    word_range = getattr(words, "word_range", _WORD_RANGE)
    span = high - low + 1
    if span > word_range:
        raise ValueError(f"msjax: a uniform draw over {span} values is beyond one "
                         f"{word_range.bit_length()}-bit word.")
    scaling = word_range // span
    past = span * scaling
    word = words() - word_min
    while word >= past:
        word = words() - word_min
    return low + word // scaling


def shuffle_in_place(values: list, words) -> None:
    """libstdc++'s ``std::shuffle(values.begin(), values.end(), gen)`` (GCC 9 and later)."""
    count = len(values)
    if count < 2:
        return
    if getattr(words, "word_range", _WORD_RANGE) // count >= count:
        position = 1
        if count % 2 == 0:
            other = uniform_int(words, 0, 1)
            values[1], values[other] = values[other], values[1]
            position = 2
        while position != count:
            choices = position + 1
            both = uniform_int(words, 0, choices * (choices + 1) - 1)
            first, second = divmod(both, choices + 1)
            values[position], values[first] = values[first], values[position]
            values[position + 1], values[second] = values[second], values[position + 1]
            position += 2
        return
    for position in range(1, count):
        other = uniform_int(words, 0, position)
        values[position], values[other] = values[other], values[position]


class OwnLockWhenCopied:
    """For an object guarding its state with ``self._lock``: a pickled copy (for a worker
    process) gets a lock of its own."""

    def __getstate__(self):
        state = dict(self.__dict__)
        del state["_lock"]
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()


class CumulativeShuffle(OwnLockWhenCopied):
    """`values` shuffled once per epoch, each shuffle over the last (MindSpore's samplers keep
    their order across epochs), the generator of epoch ``e`` seeded ``seed + offset + e``
    (``seed`` every epoch with ``same_seed``). Epochs are computed in order; the last is kept."""

    def __init__(self, offset: int = 0, same_seed: bool = False):
        self._offset = offset
        self._same_seed = same_seed
        self._lock = threading.Lock()  # an endless repeat's read threads ask for later epochs
        self._key = None
        self._epoch = -1
        self._order = None

    def order(self, values, seed: int, epoch: int) -> np.ndarray:
        """The order of epoch `epoch` (0-based) of `values` under `seed`."""
        key = (seed, tuple(values) if not isinstance(values, range) else values)
        with self._lock:
            if self._key != key or epoch < self._epoch:
                self._key, self._epoch, self._order = key, -1, list(values)
            while self._epoch < epoch:
                self._epoch += 1
                step = 0 if self._same_seed else self._offset + self._epoch
                shuffle_in_place(self._order, Mt19937Words((seed + step) & 0xFFFFFFFF))
            return np.asarray(self._order, np.int64)


class ConcatDraws(OwnLockWhenCopied):
    """The child each row of a concatenation comes from under a RandomSampler, as MindSpore's
    ConcatOp draws it: one ``std::mt19937`` seeded with the pipeline seed when the iterator is
    made, and per row one ``std::discrete_distribution`` draw weighted by the rows each child has
    left; after the last row one more draw meets the end of the pass; the next pass (epoch or
    repeat) goes on with the same generator. Passes are computed in order; the last is kept."""

    def __init__(self):
        self._lock = threading.Lock()
        self._key = None
        self._pass = -1
        self._state = None
        self._children = None

    def children(self, sizes, seed: int, pass_index: int) -> np.ndarray:
        """The child (an index into `sizes`) of each row of pass `pass_index` (0-based)."""
        sizes = tuple(int(size) for size in sizes)
        with self._lock:
            if self._key != (seed, sizes) or pass_index < self._pass:
                self._key, self._pass = (seed, sizes), -1
                self._state = np.random.RandomState(seed & 0xFFFFFFFF)
            while self._pass < pass_index:
                self._pass += 1
                words = self._state.randint(0, 2 ** 32, size=2 * (sum(sizes) + 1), dtype=np.uint32)
                self._children = _discrete_draws(sizes, words)
            return self._children


def _discrete_draws(sizes, words) -> np.ndarray:
    """libstdc++'s ``discrete_distribution`` over the rows left in each child, a row at a time
    (``generate_canonical<double, 53>`` of two words, the first cumulative weight not below it)."""
    draws = (words[0::2].astype(np.float64) + words[1::2].astype(np.float64) * 4294967296.0)
    draws = np.minimum(draws / 18446744073709551616.0, np.nextafter(1.0, 0.0)).tolist()
    left = list(sizes)
    last = len(left) - 1
    remaining = sum(left)  # rows left in all children: one fewer after each row
    chosen = np.empty(remaining, np.int64)
    for row in range(len(chosen)):
        total, draw = float(remaining), draws[row]
        remaining -= 1
        child, cumulative = last, 0.0
        for index in range(last):
            cumulative += left[index] / total
            if cumulative >= draw:
                child = index
                break
        chosen[row] = child
        left[child] -= 1
    return chosen


def uniform_draws(seed: int, count: int, high: int) -> np.ndarray:
    """`count` draws of ``uniform_int_distribution(0, high)`` from ``std::mt19937(seed)``."""
    words = Mt19937Words(seed)
    return np.asarray([uniform_int(words, 0, high) for _ in range(count)], np.int64)
