"""What msjax.numpy does where MindSpore 2.10 refuses or fails: lists, tuples and NumPy arrays
wherever an array is expected, and calls its CPU kernels do not support (checked against NumPy
with MindSpore's dtype rules). Also the `mgrid`/`ogrid` objects and the module's constants."""
from __future__ import annotations

import math

import numpy as np
import pytest

import msjax
import msjax.numpy as mnp
from tests.support import assert_close, check_eager_jit_vmap

F23 = np.array([[1.5, -2.0, 3.25], [0.5, 4.0, -1.0]], np.float32)
P23 = np.abs(F23) + 0.5
J23 = np.array([[1, 2, 3], [4, 5, 6]], np.int32)

# (name, call, expected): MindSpore's CPU kernels refuse these; msjax computes them.
BEYOND = [
    ("log2-float32", lambda: mnp.log2(msjax.Tensor(P23)), np.log2(P23)),
    ("log-int", lambda: mnp.log(msjax.Tensor(J23)), np.log(J23).astype(np.float32)),
    ("log10-int", lambda: mnp.log10(msjax.Tensor(J23)), np.log10(J23).astype(np.float32)),
    ("log1p-float64", lambda: mnp.log1p(msjax.Tensor(P23.astype(np.float64))),
     np.log1p(P23.astype(np.float64))),
    ("expm1-int", lambda: mnp.expm1(msjax.Tensor(J23)), np.expm1(J23).astype(np.float32)),
    ("logaddexp-int", lambda: mnp.logaddexp(msjax.Tensor(J23), msjax.Tensor(J23)),
     np.logaddexp(J23, J23).astype(np.float32)),
    ("mean-bool", lambda: mnp.mean(msjax.Tensor(np.array([True, False, True]))),
     np.array(True)),
    ("amax-float64", lambda: mnp.amax(msjax.Tensor(F23.astype(np.float64))),
     np.float64(4.0)),
    ("outer-mixed", lambda: mnp.outer(msjax.Tensor(np.array([1.0, 2.0], np.float32)),
                                      msjax.Tensor(np.array([1, 2], np.int32))),
     np.outer([1.0, 2.0], [1, 2]).astype(np.float32)),
    ("cross-2d", lambda: mnp.cross(msjax.Tensor(np.array([1.0, 2.0], np.float32)),
                                   msjax.Tensor(np.array([3.0, 4.0], np.float32))),
     np.float32(-2.0)),
    ("unravel_index", lambda: mnp.unravel_index(msjax.Tensor(np.array([1, 5, 7], np.int32)),
                                                (2, 4)),
     tuple(np.asarray(i, np.int32) for i in np.unravel_index([1, 5, 7], (2, 4)))),
    ("unravel_index-F", lambda: mnp.unravel_index(msjax.Tensor(np.array([1, 5], np.int32)),
                                                  (2, 4), "F"),
     tuple(np.asarray(i, np.int32) for i in np.unravel_index([1, 5], (2, 4), order="F"))),
    ("piecewise-constants", lambda: mnp.piecewise(
        msjax.Tensor(np.array([0.5, -1.0, 2.0], np.float32)),
        [msjax.Tensor(np.array([True, False, True]))], [1.0, -1.0]),
     np.array([1.0, -1.0, 1.0], np.float32)),
]


@pytest.mark.parametrize("name, call, expected", BEYOND, ids=[b[0] for b in BEYOND])
def test_beyond_mindspore_kernels(name, call, expected):
    assert_close(call(), expected)


# (function, array-like arguments as Python/NumPy values, extra arguments): the result with
# lists, tuples or NumPy arrays equals the result with the same values as Tensors (made by
# mnp.asarray, i.e. with mindspore.numpy's dtypes).
ARRAY_LIKE = [
    ("sin", ([0.5, 1.0],), ()),
    ("transpose", ([[1, 2], [3, 4]],), ()),
    ("sum", ((1, 2, 3),), ()),
    ("add", ([1, 2], [[3], [4]]), ()),
    ("dot", ([1.0, 2.0], [3.0, 4.0]), ()),
    ("concatenate", ([[1, 2], [3]],), ()),
    ("stack", ([[1, 2], [3, 4]],), ()),
    ("flip", ([1, 2, 3],), ()),
    ("cumsum", ([1, 2, 3],), ()),
    ("where", ([True, False], [1, 2], [3, 4]), ()),
    ("tril", ([[1, 2], [3, 4]],), ()),
    ("isnan", ([1.0, float("nan")],), ()),
    ("diff", ([1, 4, 9],), ()),
    ("meshgrid", ([1, 2], [3, 4, 5]), ()),
]


@pytest.mark.parametrize("name, values, extra", ARRAY_LIKE, ids=[a[0] for a in ARRAY_LIKE])
def test_array_likes_convert_like_asarray(name, values, extra):
    fn = getattr(mnp, name)
    if name in ("concatenate", "stack"):
        tensors = ([mnp.asarray(v) for v in values[0]],)
    else:
        tensors = tuple(mnp.asarray(v) for v in values)
    expected = fn(*tensors, *extra)
    assert_close(fn(*values, *extra), jax_tree_numpy(expected))


def jax_tree_numpy(x):
    if isinstance(x, (tuple, list)):
        return type(x)(jax_tree_numpy(e) for e in x)
    return x.asnumpy()


@pytest.mark.parametrize("array", [np.array([1.5, -2.0]), np.array([1, 2], np.int64),
                                   np.array([1, 2], np.uint8), np.float64(2.5)],
                         ids=["float64", "int64", "uint8", "scalar"])
def test_numpy_arrays_keep_their_dtype(array):
    assert mnp.asarray(array).asnumpy().dtype == np.asarray(array).dtype
    assert_close(mnp.negative(array), -np.asarray(array))
    total = mnp.sum(array).asnumpy()  # integers sum to Int64, as MindSpore's Tensor.sum
    assert total.dtype == (np.int64 if np.asarray(array).dtype.kind in "iu" else array.dtype)


def test_python_numbers_are_32_bit():
    assert mnp.add(1, 2).dtype == msjax.int32
    assert mnp.multiply(2.5, 2).dtype == msjax.float32
    assert mnp.array([1, 2]).dtype == msjax.int32
    assert mnp.array([1.0, 2.0]).dtype == msjax.float32
    assert mnp.arange(3).dtype == msjax.int32
    assert mnp.zeros((2,)).dtype == msjax.float32


def test_results_are_tensors():
    for result in (mnp.ones(2), mnp.sin([1.0]), mnp.split(mnp.arange(4), 2)[0],
                   mnp.meshgrid([1, 2], [3])[1], mnp.unique(mnp.array([2, 1, 2]))):
        assert type(result) is msjax.Tensor


def test_mgrid_and_ogrid():
    dense = mnp.mgrid[0:3, 0:2]
    assert_close(dense, np.mgrid[0:3, 0:2].astype(np.int32))
    assert_close(mnp.mgrid[1:7:2], np.arange(1, 7, 2, dtype=np.int32))
    assert_close(mnp.mgrid[0:1:5j], np.linspace(0, 1, 5, dtype=np.float32))
    open_grids = mnp.ogrid[0:3, 0:2]
    assert isinstance(open_grids, list)
    assert_close(open_grids, [g.astype(np.int32) for g in np.ogrid[0:3, 0:2]])
    with pytest.raises(TypeError, match="slice indices must be integers"):
        mnp.mgrid[0.5:2]


def test_constants_and_dtypes():
    assert mnp.pi == math.pi and mnp.inf == math.inf and mnp.PINF == math.inf
    assert mnp.NINF == -math.inf and math.isnan(mnp.nan)
    assert mnp.int_ is msjax.int32 and mnp.uint is msjax.uint32 and mnp.float_ is msjax.float32
    assert mnp.float64 is msjax.float64 and mnp.bool_ is msjax.bool_
    assert mnp.numeric_types == ["int_", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                 "uint32", "uint64", "float_", "float16", "float32", "float64",
                                 "bool_"]
    assert mnp.zeros(2, mnp.int_).dtype == msjax.int32


def test_elementwise_under_jit_and_vmap_with_dtype_argument():
    x = msjax.Tensor(F23)
    check_eager_jit_vmap(lambda t: mnp.add(t, 1, dtype=msjax.float64), [x],
                         (F23 + 1).astype(np.float64))
