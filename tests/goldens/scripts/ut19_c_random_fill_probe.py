"""MindSpore 2.10's in-place random fills of `mindspore._c_expression` (`_random_normal`,
`_random_uniform`, `_truncated_normal`), which its initializers call: the values (as float32
bytes' md5 and the first values), memory order for a transposed array, a negative sigma, integer
and NumPy-scalar arguments, and the errors for other dtypes, bad seeds, a list and a missing
argument (messages without the C++ call stack). Golden: tests/goldens/core/ut19_c_random_fill_probe.out
(tests/test_c_random_fill.py)."""
import hashlib

import numpy as np
from mindspore._c_expression import _random_normal, _random_uniform, _truncated_normal


def message(e):
    """The exception's message without the C++ call stack MindSpore appends to its
    RuntimeErrors (after a blank line; pybind11's TypeErrors have none)."""
    text = str(e)
    return text.split("\n\n-----")[0]


def show(label, fn):
    try:
        fn()
        print(label, "->", "OK")
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, repr(message(e)))


def values(label, fill, shape, *args, dtype=np.float32, transform=None):
    arr = np.zeros(shape, dtype)
    view = arr if transform is None else transform(arr)
    try:
        fill(args[0], view, *args[1:])
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, repr(message(e)))
        return
    print(label, "->", hashlib.md5(arr.tobytes()).hexdigest(), arr.reshape(-1)[:4].tolist())


values("normal 2x3", _random_normal, (2, 3), 5, 0.0, 1.0)
values("normal 3000 seed 2**63+1", _random_normal, (3000,), 2 ** 63 + 1, 1.5, 0.25)
values("normal odd size", _random_normal, (7,), 11, -1.0, 3.0)
values("normal negative sigma", _random_normal, (5,), 5, 0.0, -1.0)
values("normal int arguments", _random_normal, (3,), 7, 1, 2)
values("normal seed 2**64-1", _random_normal, (3,), 2 ** 64 - 1, 0, 1)
values("normal seed True", _random_normal, (3,), True, 0.0, 1.0)
values("uniform 5", _random_uniform, (5,), 5, -1.0, 1.0)
values("uniform numpy scalars", _random_uniform, (3,), np.int64(3), np.float32(0.5), 2)
values("uniform 0-d", _random_uniform, (), 5, 0.0, 1.0)
values("uniform transposed", _random_uniform, (2, 2), 3, 0.0, 1.0, transform=lambda a: a.T)
values("uniform 2000", _random_uniform, (40, 50), 123456789, -3.0, 4.0)
values("truncated 5", _truncated_normal, (5,), 5, -2.0, 2.0, 0.0, 1.0)
values("truncated shifted", _truncated_normal, (1000,), 99, 0.5, 3.0, 1.0, 2.0)
values("normal float64", _random_normal, (5,), 5, 0.0, 1.0, dtype=np.float64)
values("normal float16", _random_normal, (5,), 5, 0.0, 1.0, dtype=np.float16)
values("normal int32", _random_normal, (3,), 5, 0.0, 1.0, dtype=np.int32)
values("uniform int64", _random_uniform, (3,), 5, 0.0, 1.0, dtype=np.int64)
values("truncated sigma 0", _truncated_normal, (3,), 5, -2.0, 2.0, 0.0, 0.0)
show("normal seed -1", lambda: _random_normal(-1, np.zeros(3, np.float32), 0.0, 1.0))
show("normal seed 2**64", lambda: _random_normal(2 ** 64, np.zeros(3, np.float32), 0.0, 1.0))
show("uniform seed 1.5", lambda: _random_uniform(1.5, np.zeros(3, np.float32), 0.0, 1.0))
show("truncated list", lambda: _truncated_normal(1, [1.0], 0.0, 1.0, 0, 1))
show("normal missing sigma", lambda: _random_normal(1, np.zeros(3, np.float32), 0.0))
show("uniform string bound", lambda: _random_uniform(1, np.zeros(2, np.float32), "0", 1.0))
show("normal returns None", lambda: print(_random_normal(1, np.zeros(2, np.float32), 0.0, 1.0)))
