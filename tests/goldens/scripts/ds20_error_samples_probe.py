"""config.set_error_samples_mode and ErrorSamplesMode: the settings' checks, and which rows a map
gives when its operations fail on some rows, in REPLACE and SKIP modes (orders, epochs, workers,
batches after the map, all rows failing)."""
import numpy as np

import mindspore.dataset as ds
from mindspore.dataset.core.config import ErrorSamplesMode


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0])[:200])


show("members", lambda: [(m.name, int(m)) for m in ErrorSamplesMode])
show("same enum", lambda: ErrorSamplesMode is ds.config.ErrorSamplesMode)
show("default", lambda: repr(ds.config.get_error_samples_mode()))
for bad in ["replace", 1, None]:
    show(f"set {bad!r}", lambda: ds.config.set_error_samples_mode(bad))

FAILS = {
    "first": lambda x, n: x == 0,
    "first 10": lambda x, n: x < 10,
    "first half": lambda x, n: x < n // 2 - 2,
    "last": lambda x, n: x > n // 2 + 2,
    "odds": lambda x, n: x % 2 != 0,
    "all but last": lambda x, n: x < n - 1,
    "not 3 multiples": lambda x, n: x % 3 != 0,
}


def failing(rule, size):
    def operation(x):
        if rule(int(x), size):
            raise ZeroDivisionError
        return x
    return operation


def rows(size, rule, workers=1, epochs=1, batch=None, source="generator"):
    if source == "generator":
        data = ds.GeneratorDataset(lambda: iter(range(size)), ["data"])
    else:
        data = ds.NumpySlicesDataset(np.arange(size), ["data"], shuffle=False)
    data = data.map(failing(rule, size), num_parallel_workers=workers)
    if batch:
        data = data.batch(batch)
    iterator = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    return [[r[0].tolist() for r in iterator] for _ in range(epochs)]


for mode in (ErrorSamplesMode.REPLACE, ErrorSamplesMode.SKIP):
    ds.config.set_error_samples_mode(mode)
    show(f"{mode.name} get", lambda: repr(ds.config.get_error_samples_mode()))
    for name, rule in FAILS.items():
        for size in (3, 12, 20, 40):
            show(f"{mode.name} {name} {size}", lambda: rows(size, rule))
    show(f"{mode.name} odds 40 two workers", lambda: rows(40, FAILS["odds"], workers=2))
    show(f"{mode.name} odds 40 slices", lambda: rows(40, FAILS["odds"], source="slices"))
    show(f"{mode.name} odds 20 epochs", lambda: rows(20, FAILS["odds"], epochs=2))
    show(f"{mode.name} first 10 30 batch 4", lambda: rows(30, FAILS["first 10"], batch=4))
    show(f"{mode.name} all fail", lambda: rows(10, lambda x, n: True))
ds.config.set_error_samples_mode(ErrorSamplesMode.RETURN)
show("RETURN odds", lambda: rows(4, FAILS["odds"]))
ds.config.set_error_samples_mode(ErrorSamplesMode.REPLACE)
for size in (9, 15, 18, 30, 50):
    show(f"REPLACE every third {size}", lambda: rows(size, FAILS["not 3 multiples"]))
show("REPLACE first 3 good of 20", lambda: rows(20, lambda x, n: x >= 3))
show("REPLACE 20 good of 60", lambda: rows(60, lambda x, n: x % 3 != 0))
show("REPLACE some good of 20", lambda: rows(20, lambda x, n: x not in (0, 1, 5, 6, 7)))
ds.config.set_error_samples_mode(ErrorSamplesMode.RETURN)
