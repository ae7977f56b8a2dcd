"""Array creation of `mindspore.numpy`: from data, filled, ranges, grids, matrices, windows.

MindSpore 2.10 defaults kept here: `array([1, 2])` is Int32 and `array([1., 2.])` Float32;
`zeros`/`ones`/`empty`/`eye`/`identity`/`tri` default to Float32; `full` and `arange` take Int32
from Python ints and Float32 from floats; `linspace`/`logspace`/`geomspace` default to Float32.
`indices` returns a list of grids (NumPy stacks them), `mgrid`/`ogrid` are objects indexed with
slices, and `triu_indices`/`tril_indices` give Int32 index tensors.
"""
from __future__ import annotations

import builtins
import math

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import x64
from msjax._src.numpy import conversion as C
from msjax._src.numpy.conversion import cast, dtype_arg, shape_arg
from msjax._src.ops import array_ops as A
from msjax._src.ops.registry import functional, wrap

_ARRAY_TYPES = (int, float, bool, list, tuple, jax.Array, np.ndarray, np.generic)


# -- from data ---------------------------------------------------------------------------------
def asarray(a, dtype=None):
    """`mindspore.numpy.asarray(a, dtype=None)`: `a` as a Tensor (Tensors are returned as they are).

    Python ints give Int32, floats Float32, lists narrow 64-bit results to 32 bits. msjax also
    accepts NumPy arrays, keeping their dtype.
    """
    dtype = dtype_arg(dtype)
    if isinstance(a, jax.Array):
        return cast(a, dtype)
    if not isinstance(a, _ARRAY_TYPES):
        raise TypeError("input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, "
                        f"but got {type(a)}")
    if dtype is not None and isinstance(a, (list, tuple)):
        return C.asarray(a, narrow_sequences=False).astype(dtype)
    return cast(C.asarray(a), dtype)


def _itself_when_unchanged(tensor_function):
    """`tensor_function` returning a Tensor argument itself where its result is that Tensor's own
    array: MindSpore's `asarray(t)` (and `array(t, copy=False)`) returns `t` when no dtype change
    is asked for."""
    def call(a, *args, **kwargs):
        result = tensor_function(a, *args, **kwargs)
        if getattr(a, "_data", None) is not None and result._data is a._data:
            return a
        return result
    call.__name__, call.__qualname__, call.__doc__ = (
        tensor_function.__name__, tensor_function.__qualname__, tensor_function.__doc__)
    call.impl = tensor_function.impl
    return call


asarray = _itself_when_unchanged(functional(asarray))


def array(obj, dtype=None, copy=True, ndmin=0):
    """`mindspore.numpy.array(obj, dtype=None, copy=True, ndmin=0)`: a new Tensor from `obj`.

    Conversion as `asarray`; `ndmin` adds leading unit axes.
    """
    result = asarray.impl(obj, dtype)
    if ndmin > result.ndim:
        if result.size == 0:
            raise ValueError("Empty tensor cannot be expanded beyond the current dimension.")
        result = C.expand_to(result, ndmin)
    return jnp.array(result, copy=True) if copy else result


array = _itself_when_unchanged(functional(array))


def asfarray(a, dtype=C.FLOAT32):
    """`mindspore.numpy.asfarray(a, dtype=float32)`: `a` as a float Tensor; a non-float `dtype`
    gives Float32."""
    if dtype is None:
        return asarray.impl(a)
    dtype = dtype_arg(dtype)
    if dtype not in (C.FLOAT16, C.FLOAT32, C.FLOAT64):
        dtype = C.FLOAT32
    if isinstance(a, jax.Array):
        return a.astype(dtype)
    if not isinstance(a, _ARRAY_TYPES):
        raise TypeError("input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, "
                        f"but got {type(a)}")
    return C.asarray(a, narrow_sequences=False).astype(dtype)


asfarray = functional(asfarray)


def copy(a):
    """`mindspore.numpy.copy(a)`: a copy of `a` as a Tensor."""
    return jnp.array(asarray.impl(a), copy=True)


copy = functional(copy)


# -- filled ------------------------------------------------------------------------------------
def ones(shape, dtype=C.FLOAT32):
    """`mindspore.numpy.ones(shape, dtype=float32)`."""
    return A.ones.impl(shape_arg(shape), dtype_arg(dtype))


ones = functional(ones)


def zeros(shape, dtype=C.FLOAT32):
    """`mindspore.numpy.zeros(shape, dtype=float32)`."""
    return A.zeros.impl(shape_arg(shape), dtype_arg(dtype))


zeros = functional(zeros)


def empty(shape, dtype=C.FLOAT32):
    """`mindspore.numpy.empty(shape, dtype=float32)`: like MindSpore, filled with zeros."""
    return A.zeros.impl(shape_arg(shape), dtype_arg(dtype))


empty = functional(empty)


def full(shape, fill_value, dtype=None):
    """`mindspore.numpy.full(shape, fill_value, dtype=None)`.

    A Python `fill_value` gives its mindspore.numpy dtype (int → Int32, float → Float32); a
    Tensor or list is broadcast to `shape`.
    """
    shape = shape_arg(shape)
    if not isinstance(fill_value, _ARRAY_TYPES):
        raise TypeError(f"fill value should be int, float, bool, list, tuple, Tensor, but got"
                        f"{type(fill_value)}")
    dtype = dtype_arg(dtype)
    if isinstance(fill_value, (int, float, bool)):
        return jnp.full(shape, fill_value, dtype or C.scalar_dtype(fill_value))
    return cast(jnp.broadcast_to(C.asarray(fill_value), shape), dtype)


full = functional(full)


def _like(prototype, dtype, shape):
    if not isinstance(prototype, _ARRAY_TYPES):
        raise TypeError(f"prototype should be int, float, bool, list, tuple, Tensor, but got"
                        f"{type(prototype)}")
    proto = C.asarray(prototype)
    dtype = dtype_arg(dtype) or proto.dtype
    if shape is None or (isinstance(shape, (list, tuple)) and not shape):
        shape = proto.shape
    return shape_arg(shape), dtype


def empty_like(prototype, dtype=None, shape=None):
    """`mindspore.numpy.empty_like(prototype, dtype=None, shape=None)`: zeros, as `empty`."""
    shape, dtype = _like(prototype, dtype, shape)
    return jnp.zeros(shape, dtype)


empty_like = functional(empty_like)


def ones_like(a, dtype=None, shape=None):
    """`mindspore.numpy.ones_like(a, dtype=None, shape=None)`."""
    shape, dtype = _like(a, dtype, shape)
    return jnp.ones(shape, dtype)


ones_like = functional(ones_like)


def zeros_like(a, dtype=None, shape=None):
    """`mindspore.numpy.zeros_like(a, dtype=None, shape=None)`."""
    shape, dtype = _like(a, dtype, shape)
    return jnp.zeros(shape, dtype)


zeros_like = functional(zeros_like)


def full_like(a, fill_value, dtype=None, shape=None):
    """`mindspore.numpy.full_like(a, fill_value, dtype=None, shape=None)`."""
    shape, dtype = _like(a, dtype, shape)
    return full.impl(shape, fill_value, dtype)


full_like = functional(full_like)


# -- ranges ------------------------------------------------------------------------------------
def arange(start, stop=None, step=None, dtype=None):
    """`mindspore.numpy.arange(start, stop=None, step=None, dtype=None)`.

    Python ints give Int32, any float Float32. Like MindSpore, float ranges are computed in
    Float32 as `start + i * step`.
    """
    dtype = dtype_arg(dtype) or C.scalar_dtype(start, stop, step)
    begin, end = (0, start) if stop is None else (start, stop)
    step = 1 if step is None else step
    num = builtins.max(0, math.ceil((end - begin) / step))
    if all(isinstance(v, (int, np.integer)) for v in (begin, end, step)):
        return jnp.arange(begin, begin + num * step, step, dtype=np.int64).astype(dtype)
    return (jnp.arange(num, dtype=C.FLOAT32) * np.float32(step) + np.float32(begin)).astype(dtype)


arange = functional(arange)


def _space_bounds(start, stop, num, endpoint, dtype):
    for value, name in ((start, "start"), (stop, "end")):
        if not isinstance(value, _ARRAY_TYPES):
            raise TypeError(f"{name} should be int, float, bool, list, tuple, Tensor, but got"
                            f"{type(value)}")
    start = start if isinstance(start, jax.Array) else C.asarray(start).astype(C.FLOAT32)
    stop = stop if isinstance(stop, jax.Array) else C.asarray(stop).astype(C.FLOAT32)
    if not isinstance(num, int) or isinstance(num, bool):
        raise TypeError(f"num should be an integer, but got {type(num)}")
    if not isinstance(endpoint, bool):
        raise TypeError(f"endpoint should be an boolean, but got {type(endpoint)}")
    dtype = dtype_arg(dtype) or C.FLOAT32
    start, stop = jnp.broadcast_arrays(start, stop)
    return start, stop, dtype


def _linspace(start, stop, num, endpoint, axis):
    """`num` points from `start` to `stop` (broadcast arrays) along `axis`, and the step."""
    axis = C.canonical_axes(axis, start.ndim + 1)
    if num > 1:
        delta = (stop - start) / (num - 1 if endpoint else num)
        steps = jnp.arange(num, dtype=C.FLOAT32).reshape((-1,) + (1,) * start.ndim)
        out = start[None] + steps * delta[None]
        if endpoint:
            out = out.at[-1].set(stop)
    elif num == 1:
        delta = jnp.full(start.shape, jnp.nan, start.dtype) if endpoint else stop - start
        out = start[None]
    else:
        raise ValueError("cannot support Tensor with num=0.")
    return jnp.moveaxis(out, 0, axis), delta


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """`mindspore.numpy.linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None,
    axis=0)`: evenly spaced numbers, Float32 by default; `start`/`stop` may be arrays."""
    start, stop, dtype = _space_bounds(start, stop, num, endpoint, dtype)
    if not isinstance(retstep, bool):
        raise TypeError(f"retstep should be an boolean, but got {type(retstep)}")
    out, delta = _linspace(start, stop, num, endpoint, axis)
    if retstep:
        return out.astype(dtype), delta
    return out.astype(dtype)


linspace = functional(linspace)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """`mindspore.numpy.logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
    axis=0)`: `base ** linspace(start, stop)`, Float32 by default."""
    start, stop, dtype = _space_bounds(start, stop, num, endpoint, dtype)
    if not isinstance(base, (int, float, bool)):
        raise TypeError(f"base should be a number, but got {type(base)}")
    out, _ = _linspace(start, stop, num, endpoint, axis)
    return jnp.power(jnp.asarray(base, out.dtype), out).astype(dtype)


logspace = functional(logspace)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """`mindspore.numpy.geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0)`:
    numbers spaced evenly on a log scale (a geometric progression), Float32 by default."""
    start, stop, dtype = _space_bounds(start, stop, num, endpoint, dtype)
    root = num - 1 if endpoint else num
    bases = jnp.power(stop / start, 1.0 / root)
    exponents, _ = _linspace(jnp.zeros(bases.shape, bases.dtype),
                             jnp.full(bases.shape, root, bases.dtype), num, endpoint, axis)
    axis = C.canonical_axes(axis, bases.ndim + 1)
    bases = jnp.expand_dims(bases, axis)
    return (jnp.power(bases, exponents) * jnp.expand_dims(start, axis)).astype(dtype)


geomspace = functional(geomspace)


# -- matrices ----------------------------------------------------------------------------------
def eye(N, M=None, k=0, dtype=C.FLOAT32):
    """`mindspore.numpy.eye(N, M=None, k=0, dtype=float32)`: ones on the k-th diagonal."""
    dtype = dtype_arg(dtype)
    M = N if M is None else M
    if not all(isinstance(v, int) for v in (N, M, k)):
        raise TypeError("Input tensor dimensions should be integers.")
    return jnp.eye(N, M, k, dtype=dtype)


eye = functional(eye)


def identity(n, dtype=C.FLOAT32):
    """`mindspore.numpy.identity(n, dtype=float32)`."""
    if not isinstance(n, int):
        raise TypeError("Input tensor dimensions should be integers.")
    return jnp.eye(n, dtype=dtype_arg(dtype))


identity = functional(identity)


def tri(N, M=None, k=0, dtype=C.FLOAT32):
    """`mindspore.numpy.tri(N, M=None, k=0, dtype=float32)`: ones at and below the k-th diagonal."""
    return jnp.tri(N, N if M is None else M, k, dtype=dtype_arg(dtype))


tri = functional(tri)


def _triangle(m, k, lower: bool):
    m = C.asarray(m)
    if m.ndim < 1:
        raise ValueError("input m's rank should be larger than 0")
    if m.ndim == 1:
        m = jnp.broadcast_to(m, (m.shape[0], m.shape[0]))
    return A.tril.impl(m, k) if lower else A.triu.impl(m, k)


def tril(m, k=0):
    """`mindspore.numpy.tril(m, k=0)`: zeros above the k-th diagonal (a 1-D `m` is a row
    repeated to a square)."""
    return _triangle(m, k, lower=True)


tril = functional(tril)


def triu(m, k=0):
    """`mindspore.numpy.triu(m, k=0)`: zeros below the k-th diagonal."""
    return _triangle(m, k, lower=False)


triu = functional(triu)


def diag(v, k=0):
    """`mindspore.numpy.diag(v, k=0)`: the k-th diagonal of a matrix, or a matrix with `v` on it."""
    v = C.asarray(v)
    if v.ndim not in (1, 2):
        raise ValueError("Input must be 1- or 2-d.")
    return jnp.diag(v, k)


diag = functional(diag)


def diagflat(v, k=0):
    """`mindspore.numpy.diagflat(v, k=0)`: a matrix with the flattened `v` on the k-th diagonal."""
    return jnp.diagflat(C.asarray(v), k)


diagflat = functional(diagflat)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """`mindspore.numpy.diagonal(a, offset=0, axis1=0, axis2=1)`."""
    return A.diagonal.impl(C.asarray(a), offset, axis1, axis2)


diagonal = functional(diagonal)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """`mindspore.numpy.trace(a, offset=0, axis1=0, axis2=1, dtype=None)`: the sum along a
    diagonal."""
    return jnp.trace(C.asarray(a), offset, axis1, axis2, dtype=dtype_arg(dtype))


trace = functional(trace)


def diag_indices(n, ndim=2):
    """`mindspore.numpy.diag_indices(n, ndim=2)`: `ndim` copies of `arange(n)` (Int32)."""
    if not isinstance(n, int) or not isinstance(ndim, int):
        raise TypeError("input must be integers")
    return (jnp.arange(n, dtype=C.INT32),) * ndim


diag_indices = functional(diag_indices)


def vander(x, N=None, increasing=False):
    """`mindspore.numpy.vander(x, N=None, increasing=False)`: the Vandermonde matrix, in x's dtype."""
    if not isinstance(x, (list, tuple, jax.Array, np.ndarray)):
        raise TypeError(f"Input x must be list, tuple or Tensor, but got {type(x)}")
    x = C.asarray(x)
    if x.ndim != 1:
        raise ValueError(f"Input x must be 1-D, but got dimension={x.ndim}")
    N = N or x.size
    if not isinstance(N, int):
        raise TypeError("Input N must be an integer.")
    if N <= 0:
        raise ValueError("Input N must > 0.")
    if not isinstance(increasing, bool):
        raise TypeError("increasing must be a bool.")
    exponents = jnp.arange(N) if increasing else jnp.arange(N - 1, -1, -1)
    return jnp.power(x[:, None], exponents.astype(x.dtype)[None, :])


vander = functional(vander)


# -- grids -------------------------------------------------------------------------------------
def meshgrid(*xi, sparse=False, indexing="xy"):
    """`mindspore.numpy.meshgrid(*xi, sparse=False, indexing='xy')`: a list of coordinate grids."""
    if not isinstance(sparse, bool):
        raise TypeError("argument sparse should be boolean")
    if indexing not in ("xy", "ij"):
        raise TypeError("Valid values for `indexing` are 'xy' and 'ij'.")
    grids = [jnp.ravel(C.asarray(x)) for x in xi]
    return list(jnp.meshgrid(*grids, sparse=sparse, indexing=indexing))


meshgrid = functional(meshgrid)


class NdGrid:
    """`mindspore.numpy.mgrid`/`ogrid`: `mgrid[0:3, 0:2]` is a dense stack of Int32 grids,
    `ogrid[...]` a list of open ones; a complex step `5j` means 5 points (`linspace`)."""

    def __init__(self, sparse=False):
        self.sparse = sparse

    @x64.scoped
    def __getitem__(self, keys):
        if isinstance(keys, builtins.slice):
            keys = (keys,)
        axes = []
        for key in keys:
            if not isinstance(key.start, int) or not isinstance(key.stop, int):
                raise TypeError("slice indices must be integers")
            step = key.step or 1
            if isinstance(step, complex):
                axes.append(linspace.impl(key.start, key.stop, int(builtins.abs(step))))
            else:
                axes.append(arange.impl(key.start, key.stop, step))
        grids = meshgrid.impl(*axes, sparse=self.sparse, indexing="ij")
        if len(grids) == 1:
            return wrap(grids[0])
        if self.sparse:
            return wrap(grids)
        return wrap(jnp.stack(grids))


mgrid = NdGrid(sparse=False)
ogrid = NdGrid(sparse=True)


def indices(dimensions, dtype=C.INT32, sparse=False):
    """`mindspore.numpy.indices(dimensions, dtype=int32, sparse=False)`: the index grids of a
    shape, as a list (MindSpore does not stack them as NumPy does)."""
    if not isinstance(dimensions, (tuple, list)):
        raise TypeError("Shape of the grid must be tuple or list")
    dtype = dtype_arg(dtype)
    grids = [jnp.arange(d, dtype=dtype) for d in dimensions]
    return meshgrid.impl(*grids, sparse=sparse, indexing="ij")


indices = functional(indices)


def ix_(*args):
    """`mindspore.numpy.ix_(*args)`: open meshes from 1-D sequences, for cross indexing."""
    arrays = [C.asarray(a) for a in args]
    result = []
    for i, a in enumerate(arrays):
        if a.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        shape = [1] * len(arrays)
        shape[i] = a.size
        result.append(a.reshape(shape))
    return tuple(result)


ix_ = functional(ix_)


def _tri_indices(n, k, m, upper: bool):
    for value, name in ((n, "n"), (k, "k")):
        if not isinstance(value, (int, float, bool)):
            raise TypeError(f"Input {name} must be a number.")
    if m is None:
        m = n
    elif not isinstance(m, (int, float, bool)):
        raise TypeError("Input m must be a number.")
    rows = np.arange(math.ceil(n))[:, None]
    cols = np.arange(math.ceil(m))[None, :]
    mask = cols >= rows + k if upper else cols <= rows + k
    row_index, col_index = np.nonzero(mask)
    dtype = C.INT32 if row_index.size else C.FLOAT32  # MindSpore: an empty list is Float32.
    return jnp.asarray(row_index, dtype), jnp.asarray(col_index, dtype)


def triu_indices(n, k=0, m=None):
    """`mindspore.numpy.triu_indices(n, k=0, m=None)`: (rows, cols) of the upper triangle."""
    return _tri_indices(n, k, m, upper=True)


triu_indices = functional(triu_indices)


def tril_indices(n, k=0, m=None):
    """`mindspore.numpy.tril_indices(n, k=0, m=None)`: (rows, cols) of the lower triangle."""
    return _tri_indices(n, k, m, upper=False)


tril_indices = functional(tril_indices)


def _matrix_shape(arr):
    arr = C.asarray(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return arr.shape


def triu_indices_from(arr, k=0):
    """`mindspore.numpy.triu_indices_from(arr, k=0)`."""
    rows, cols = _matrix_shape(arr)
    return _tri_indices(rows, k, cols, upper=True)


triu_indices_from = functional(triu_indices_from)


def tril_indices_from(arr, k=0):
    """`mindspore.numpy.tril_indices_from(arr, k=0)`."""
    rows, cols = _matrix_shape(arr)
    return _tri_indices(rows, k, cols, upper=False)


tril_indices_from = functional(tril_indices_from)


# -- windows -----------------------------------------------------------------------------------
def _window(name: str, formula):
    def impl(M):
        if not isinstance(M, int):
            raise TypeError("the number fo points should be an int")
        if M <= 1:
            return jnp.ones((builtins.max(0, M),), C.FLOAT32)
        return formula(M).astype(C.FLOAT32)
    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"`mindspore.numpy.{name}(M)`: the {name.capitalize()} window, Float32."
    return functional(impl)


_F32 = np.float32
bartlett = _window("bartlett", lambda M: 1 - jnp.abs(2 * jnp.arange(M, dtype=C.FLOAT32)
                                                    - _F32(M - 1)) / _F32(M - 1))
blackman = _window("blackman", lambda M: (
    _F32(0.42) + _F32(0.5) * jnp.cos(_F32(math.pi / (M - 1)) * jnp.arange(1 - M, M, 2,
                                                                           dtype=C.FLOAT32))
    + _F32(0.08) * jnp.cos(_F32(2 * math.pi / (M - 1)) * jnp.arange(1 - M, M, 2,
                                                                     dtype=C.FLOAT32))))
hamming = _window("hamming", lambda M: _F32(0.54) - _F32(0.46) * jnp.cos(
    _F32(2 * math.pi / (M - 1)) * jnp.arange(M, dtype=C.FLOAT32)))
hanning = _window("hanning", lambda M: _F32(0.5) - _F32(0.5) * jnp.cos(
    _F32(2 * math.pi / (M - 1)) * jnp.arange(M, dtype=C.FLOAT32)))
