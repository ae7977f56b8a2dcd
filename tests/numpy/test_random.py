"""mindspore.numpy's random functions: shapes, dtypes, ranges, distributions, and the global seed
(set_seed repeats draws; successive calls, eager or compiled, draw fresh numbers). Refused
arguments are checked against MindSpore in test_goldens.py."""
from __future__ import annotations

import numpy as np
import pytest

import msjax
import msjax.numpy as mnp

# (call, expected shape, expected NumPy dtype, low, high): values must lie in [low, high).
DRAWS = [
    (lambda: mnp.randn(2, 3), (2, 3), np.float32, -np.inf, np.inf),
    (lambda: mnp.randn((4,)), (4,), np.float32, -np.inf, np.inf),
    (lambda: mnp.randn([2, 2]), (2, 2), np.float32, -np.inf, np.inf),
    (lambda: mnp.randn(), (1,), np.float32, -np.inf, np.inf),
    (lambda: mnp.randn(3, dtype=msjax.float64), (3,), np.float64, -np.inf, np.inf),
    (lambda: mnp.randn(3, dtype="float16"), (3,), np.float16, -np.inf, np.inf),
    (lambda: mnp.rand(2, 3), (2, 3), np.float32, 0.0, 1.0),
    (lambda: mnp.rand((5,), dtype=msjax.float64), (5,), np.float64, 0.0, 1.0),
    (lambda: mnp.rand(), (1,), np.float32, 0.0, 1.0),
    (lambda: mnp.randint(5), (1,), np.int32, 0, 5),
    (lambda: mnp.randint(2, 7, (3, 4)), (3, 4), np.int32, 2, 7),
    (lambda: mnp.randint(-3, 3, shape=[50], dtype="int64"), (50,), np.int64, -3, 3),
    (lambda: mnp.randint(0, 100, shape=6, dtype=msjax.int8), (6,), np.int8, 0, 100),
    (lambda: mnp.randint(1, 2, (3,), msjax.int16), (3,), np.int16, 1, 2),
]


@pytest.mark.parametrize("index", range(len(DRAWS)))
def test_shape_dtype_and_range(index):
    call, shape, dtype, low, high = DRAWS[index]
    result = call()
    assert isinstance(result, msjax.Tensor)
    values = result.asnumpy()
    assert values.shape == shape
    assert values.dtype == dtype
    assert np.all(values >= low) and np.all(values < high)


def test_distributions():
    normal = mnp.randn(20000).asnumpy()
    assert abs(normal.mean()) < 0.05 and abs(normal.std() - 1) < 0.05
    uniform = mnp.rand(20000).asnumpy()
    assert abs(uniform.mean() - 0.5) < 0.02 and uniform.min() >= 0 and uniform.max() < 1
    integers = mnp.randint(-2, 3, shape=(5000,)).asnumpy()
    assert sorted(set(integers.tolist())) == [-2, -1, 0, 1, 2]


@pytest.mark.parametrize("draw", [lambda: mnp.randn(4), lambda: mnp.rand(4),
                                  lambda: mnp.randint(0, 1000, shape=(4,))],
                         ids=["randn", "rand", "randint"])
def test_set_seed_repeats_and_calls_differ(draw):
    msjax.set_seed(7)
    first, second = draw().asnumpy(), draw().asnumpy()
    assert not np.array_equal(first, second)
    msjax.set_seed(7)
    np.testing.assert_array_equal(draw().asnumpy(), first)
    np.testing.assert_array_equal(draw().asnumpy(), second)
    msjax.set_seed(8)
    assert not np.array_equal(draw().asnumpy(), first)


def test_compiled_draws_are_fresh_and_seeded():
    noisy = msjax.jit(lambda x: x + mnp.randn(3))
    zeros = mnp.zeros(3)
    msjax.set_seed(1)
    first, second = noisy(zeros).asnumpy(), noisy(zeros).asnumpy()
    assert not np.array_equal(first, second)
    msjax.set_seed(1)
    np.testing.assert_array_equal(noisy(zeros).asnumpy(), first)
