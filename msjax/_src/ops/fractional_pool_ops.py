"""Fractional max pooling (Graham, https://arxiv.org/abs/1412.6071) of `mindspore.ops`:
`fractional_max_pool2d`, `fractional_max_pool3d` and the primitives
`FractionalMaxPoolWithFixedKsize(ksize, output_shape, data_format='NCHW')(x, random_samples)`
and `FractionalMaxPool3DWithFixedKsize(ksize, output_shape, data_format='NCDHW')`; and TensorFlow's
NHWC forms `FractionalMaxPool` and `FractionalAvgPool` with their pooling sequences (below).

Each output cell takes the maximum of a `ksize` window whose start along an axis of input size
`n`, output size `m` and random sample `u` (one per sample, channel and axis) is
`int((i + u) * alpha) - int(u * alpha)` with `alpha = (n - k) / (m - 1)`, the last window ending
at the input's end. In 2-d the samples' last axis holds (width, height), in 3-d (depth, height,
width). The indices (int64) count over each plane's flattened spatial axes, the first maximum of
a window winning; the gradient flows to them (summed where windows share one). Values, indices
and errors are MindSpore 2.10's (tests/goldens/nn/new_layers_probe.out); without
`_random_samples` the functional forms draw them from msjax's global key (same distribution,
other numbers than MindSpore's generator).
"""
from __future__ import annotations

import inspect

import jax

import jax.numpy as jnp
import numpy as np

from msjax._src.core import checkparam as validator
from msjax._src.core import dtype as mstype
from msjax._src.core.random import next_key
from msjax._src.ops.registry import functional, op, primitive

_REQUIRED = inspect.Parameter.empty
_INT64 = np.dtype(np.int64)
_FLOAT32 = np.dtype(np.float32)
_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))
_VALUES = _FLOATS + (np.dtype(np.int32), _INT64)
_FLOAT_NAMES = "{Tensor[Float16], Tensor[Float32], Tensor[Float64]}"
_VALUE_NAMES = ("{Tensor[Float16], Tensor[Float32], Tensor[Float64], Tensor[Int32], "
                "Tensor[Int64]}")
_POOL_2D, _POOL_3D = "FractionalMaxPoolWithFixedKsize", "FractionalMaxPool3DWithFixedKsize"


# -- the pooling itself ----------------------------------------------------------------------------
def _window_starts(sample, size, out, kernel):
    """(..., out) int starts of the windows along an axis, one row per sample value."""
    last = jnp.full(sample.shape + (1,), size - kernel, jnp.int32)
    if out == 1:
        return last
    alpha = (jnp.asarray(size - kernel, sample.dtype) / jnp.asarray(out - 1, sample.dtype))
    steps = jnp.arange(out - 1, dtype=sample.dtype)
    u = sample[..., None]
    starts = ((steps + u) * alpha).astype(jnp.int32) - (u * alpha).astype(jnp.int32)
    return jnp.concatenate([starts, last], axis=-1)


def fractional_pool(x, samples, kernel, out):
    """`(values, int64 indices)` of fractional max pooling over the trailing `len(kernel)` axes
    of `x` (N, C, *spatial); `samples` (N, C, len(kernel)) holds each axis' sample in axis
    order."""
    n, c = x.shape[:2]
    spatial = x.shape[2:]
    dims = len(kernel)
    strides = [int(np.prod(spatial[a + 1:])) for a in range(dims)]
    flat = jnp.zeros((), jnp.int32)
    for a in range(dims):
        starts = _window_starts(samples[:, :, a], spatial[a], out[a], kernel[a])  # (N, C, o)
        pos = starts[..., None] + jnp.arange(kernel[a], dtype=jnp.int32)  # (N, C, o, k)
        shape = ([n, c] + [out[a] if j == a else 1 for j in range(dims)]
                 + [kernel[a] if j == a else 1 for j in range(dims)])
        flat = flat + pos.reshape(shape) * strides[a]
    flat = jnp.broadcast_to(flat, (n, c) + tuple(out) + tuple(kernel))
    cells, window = int(np.prod(out)), int(np.prod(kernel))
    flat = flat.reshape(n, c, cells, window)
    gathered = jnp.take_along_axis(x.reshape(n, c, -1), flat.reshape(n, c, -1), axis=2,
                                   mode="clip").reshape(n, c, cells, window)
    best = jnp.argmax(gathered, axis=-1)[..., None]
    values = jnp.take_along_axis(gathered, best, axis=-1)[..., 0]
    index = jnp.take_along_axis(flat, best, axis=-1)[..., 0]
    shape = (n, c) + tuple(out)
    return values.reshape(shape), index.reshape(shape).astype(_INT64)


# -- the primitives' checks ----------------------------------------------------------------------
def _check_type(name, arg_name, value, types):
    if isinstance(value, bool) or not isinstance(value, types):
        names = [t.__name__ for t in types]
        raise TypeError(f"For '{name}', the type of '{arg_name}' should be one of '{names}', "
                        f"but got type '{type(value).__name__}'.")


def _pair(name, arg_name, value):
    """A positive int or a tuple of two (MindSpore's `_check_positive_int_or_tuple`)."""
    pair = (value, value) if isinstance(value, int) else tuple(value)
    if len(pair) != 2 or any(isinstance(v, bool) or not isinstance(v, int) or v <= 0
                             for v in pair):
        raise ValueError(f"For '{name}' attr '{arg_name}' must be an positive int number or a "
                         f"tuple of two positive int numbers, but got {value}")
    return pair


def _check_pool_2d(attrs):
    name = _POOL_2D
    _check_type(name, "ksize", attrs["ksize"], (int, tuple))
    attrs["ksize"] = _pair(name, "ksize", attrs["ksize"])
    _check_type(name, "output_shape", attrs["output_shape"], (int, tuple))
    attrs["output_shape"] = _pair(name, "output_shape", attrs["output_shape"])
    _check_format(name, attrs["data_format"], ("NCHW",))
    return attrs


def _check_format(name, data_format, formats):
    if not (isinstance(data_format, str) and data_format in formats):
        raise ValueError(f"For '{name}', the 'data_format' must be str and must be in "
                         f"'{list(formats)}', but got '{data_format}'.")


def _check_pool_3d(attrs):
    name = _POOL_3D
    ksize = attrs["ksize"]
    _check_type(name, "ksize", ksize, (int, tuple))
    ksize = (ksize,) * 3 if isinstance(ksize, int) else tuple(ksize)
    if len(ksize) != 3:
        raise ValueError(f"For '{name}', attr 'ksize' must be an positive int number or a tuple "
                         f"of three positive int numbers, but got {len(ksize)} numbers.")
    for item in ksize:
        if isinstance(item, bool) or not isinstance(item, int):
            raise TypeError(f"For '{name}', the 'ksize item' must be int, but got "
                            f"'{type(item).__name__}'")
        if item <= 0:
            raise ValueError(f"For '{name}', the 'ksize item' must be int and must > 0, but got "
                             f"'{item}' with type 'int'.")
    attrs["ksize"] = ksize
    output_shape = attrs["output_shape"]
    _check_type(name, "output_shape", output_shape, (int, tuple))
    _check_format(name, attrs["data_format"], ("NCDHW", "NDHWC"))
    triple = (output_shape,) * 3 if isinstance(output_shape, int) else tuple(output_shape)
    if len(triple) != 3 or any(isinstance(v, bool) or not isinstance(v, int) or v <= 0
                               for v in triple):
        raise ValueError(f"For '{name}', the parameter 'output_shape' must be an positive "
                         f"integer or a tuple of three positive integer, but got {output_shape}")
    attrs["output_shape"] = triple
    return attrs


def _dtype_error(name, argument, valid, dtype):
    return TypeError(f"For primitive[{name}], the input argument[{argument}] must be a type of "
                     f"{valid}, but got Tensor[{mstype.from_numpy(dtype)}].")


def _pool_2d(x, random_samples, ksize, output_shape, data_format="NCHW"):
    """`FractionalMaxPoolWithFixedKsize(ksize, output_shape)(x, random_samples)`."""
    name = _POOL_2D
    attrs = _check_pool_2d({"ksize": ksize, "output_shape": output_shape,
                            "data_format": data_format})
    kernel, out = attrs["ksize"], attrs["output_shape"]
    x, random_samples = jnp.asarray(x), jnp.asarray(random_samples)
    if x.dtype not in _VALUES:
        raise _dtype_error(name, "input_x dtype", _VALUE_NAMES, x.dtype)
    if random_samples.dtype not in _FLOATS:
        raise _dtype_error(name, "random_samples dtype", _FLOAT_NAMES, random_samples.dtype)
    if x.ndim != 4:
        raise ValueError(f"For {name}, the dimension of input_x must be 4, but got {x.ndim}")
    if random_samples.ndim != 3:
        raise ValueError(f"For {name}, the dimension of random_samples must be 3, but got "
                         f"{random_samples.ndim}")
    if random_samples.shape[2] != 2:
        raise ValueError(f"For {name}, the last dimension size of random_samples must be 2, but "
                         f"got {random_samples.shape[2]}")
    if random_samples.shape[0] != x.shape[0]:
        raise ValueError("The first dimension size of input_x and random_samples must be equal.")
    if random_samples.shape[1] != x.shape[1]:
        raise ValueError("The second dimension size of input_x and random_samples must be equal.")
    for axis, label in ((0, "h"), (1, "w")):
        word = "height" if label == "h" else "width"
        if kernel[axis] + out[axis] - 1 > x.shape[2 + axis]:
            raise ValueError(
                f"For {name}, ksize {word} [{kernel[axis]}] + output_shape_{label} "
                f"[{out[axis]}] too large relative to input {word} [{x.shape[2 + axis]}], "
                f"conflict with the rule: ksize_{label} + output_shape_{label} - 1 <= input_{label}")
    # the samples' last axis is (width, height)
    return fractional_pool(x, random_samples[:, :, ::-1], kernel, out)


def _pool_3d(x, random_samples, ksize, output_shape, data_format="NCDHW"):
    """`FractionalMaxPool3DWithFixedKsize(ksize, output_shape, data_format)(x, random_samples)`;
    a 4-d `x` is one sample, (C, D, H, W), with `random_samples` (C, 1, 3)."""
    name = _POOL_3D
    attrs = _check_pool_3d({"ksize": ksize, "output_shape": output_shape,
                            "data_format": data_format})
    kernel, out = attrs["ksize"], attrs["output_shape"]
    x, random_samples = jnp.asarray(x), jnp.asarray(random_samples)
    if x.ndim not in (4, 5):
        raise TypeError(f"For '{name}', the dimension of 'x' must be equal to 4 or 5, but got "
                        f"{x.ndim}.")
    if random_samples.ndim != 3:
        raise TypeError(f"For '{name}', the dimension of 'random_samples' must be equal to 3, "
                        f"but got {random_samples.ndim}.")
    if x.ndim == 4:
        if x.shape[0] != random_samples.shape[0]:
            raise ValueError(f"For '{name}', if 'x' is 4 dimensional, the first dimension size "
                             f"of 'x' and 'random_samples' must be equal.")
        if random_samples.shape[2] != 3:
            raise ValueError(f"For '{name}', if 'x' is 4 dimensional, the second dimension size "
                             f"of 'random_samples' must be equal to 3.")
    else:
        if x.shape[1] != random_samples.shape[1]:
            raise ValueError(f"For '{name}', if 'x' is 5 dimensional, the second dimension size "
                             f"of 'x' and 'random_samples' must be equal.")
        if random_samples.shape[2] != 3:
            raise ValueError(f"For '{name}', if 'x' is 5 dimensional, the second dimension size "
                             f"of 'random_samples' must be equal to 3.")
        if random_samples.shape[0] < x.shape[0]:
            raise ValueError(f"For '{name}', if 'x' is 5 dimensional, the first dimension size "
                             f"of 'random_samples' must be at least that of 'x', but got "
                             f"{random_samples.shape[0]} and {x.shape[0]}.")
    if x.dtype not in _VALUES:
        raise _dtype_error(name, "x", _VALUE_NAMES, x.dtype)
    if random_samples.dtype not in _FLOATS:
        raise _dtype_error(name, "random_samples", _FLOAT_NAMES, random_samples.dtype)
    one_sample = x.ndim == 4
    if one_sample:
        x, random_samples = x[None], jnp.swapaxes(random_samples, 0, 1)
    channels_last = attrs["data_format"] == "NDHWC"
    if channels_last:
        x = jnp.moveaxis(x, -1, 1)
    for axis, word in enumerate(("depth", "height", "width")):
        if kernel[axis] + out[axis] - 1 > x.shape[2 + axis]:
            raise ValueError(f"For '{name}', out(): pool {word} ,{kernel[axis]}too large "
                             f"relative to input {word}{x.shape[2 + axis]}.")
    values, index = fractional_pool(x, random_samples[:x.shape[0]], kernel, out)
    if channels_last:
        values, index = jnp.moveaxis(values, 1, -1), jnp.moveaxis(index, 1, -1)
    if one_sample:
        values, index = values[0], index[0]
    return values, index


FractionalMaxPoolWithFixedKsize = primitive(
    _POOL_2D, functional(_pool_2d), ksize=_REQUIRED, output_shape=_REQUIRED, data_format="NCHW",
    display=_check_pool_2d)
FractionalMaxPool3DWithFixedKsize = primitive(
    _POOL_3D, functional(_pool_3d), ksize=_REQUIRED, output_shape=_REQUIRED,
    data_format="NCDHW", display=_check_pool_3d)


# -- the functional forms ------------------------------------------------------------------------
def _check_size_or_ratio(output_size, output_ratio, name):
    if output_ratio is None and output_size is None:
        raise ValueError(f"For {name}, 'output_size' and 'output_ratio' can not be Noneat the same "
                         f"time, but got {output_ratio} and {output_size} .")


def _check_return_indices(return_indices, name):
    if not isinstance(return_indices, bool):
        raise TypeError(f"For '{name}', the type of 'return_indices' should be 'bool', but got "
                        f"type '{type(return_indices).__name__}'.")


def _size_from_ratio(output_ratio, spatial, name):
    """The output size `output_ratio` gives an input of spatial size `spatial`."""
    if isinstance(output_ratio, (float, int)):
        if isinstance(output_ratio, bool) or not isinstance(output_ratio, float):
            raise TypeError(f"For '{name}', the type of 'output_ratio' should be 'float', but got "
                            f"type '{type(output_ratio).__name__}'.")
        output_ratio = (output_ratio,) * len(spatial)
    for i in range(len(spatial)):
        ratio = output_ratio[i]
        if isinstance(ratio, bool) or not isinstance(ratio, (int, float)):
            raise TypeError(f"For '{name}', the 'output_ratio[{i}]' must be float, but got "
                            f"'{type(ratio).__name__}'")
        if not 0.0 < ratio < 1.0:
            raise ValueError(f"For '{name}', the 'output_ratio[{i}]' must be in range of (0.0, "
                             f"1.0), but got {ratio} with type '{type(ratio).__name__}'.")
    return tuple(int(size * ratio) for size, ratio in zip(spatial, output_ratio))


def _draw_samples(count, channels, axes, dtype):
    sample_dtype = dtype if dtype in _FLOATS else _FLOAT32
    return jax.random.uniform(next_key(), (count, channels, axes), sample_dtype)


@op()
def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    """`ops.fractional_max_pool2d`: `FractionalMaxPoolWithFixedKsize` of an (N, C, H, W) or
    (C, H, W) input, its output size given or `output_ratio` of the input's."""
    name = "fractional_max_pool2d"
    _check_size_or_ratio(output_size, output_ratio, name)
    _check_return_indices(return_indices, name)
    x = jnp.asarray(input)
    unbatched = x.ndim == 3
    if unbatched:
        x = x[None]
    samples = (_random_samples if _random_samples is not None
               else _draw_samples(x.shape[0], x.shape[1], 2, x.dtype))
    if output_size is None:
        output_size = _size_from_ratio(output_ratio, x.shape[-2:], name)
    values, index = _pool_2d(x, samples, kernel_size, output_size)
    if unbatched:
        values, index = values[0], index[0]
    return (values, index) if return_indices else values


@op()
def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    """`ops.fractional_max_pool3d`: `FractionalMaxPool3DWithFixedKsize` of an (N, C, D, H, W)
    or (C, D, H, W) input, its output size given or `output_ratio` of the input's."""
    name = "fractional_max_pool3d"
    _check_size_or_ratio(output_size, output_ratio, name)
    _check_return_indices(return_indices, name)
    x = jnp.asarray(input)
    samples = _random_samples
    if samples is None:
        count = 1 if x.ndim == 4 else x.shape[0]
        samples = _draw_samples(count, x.shape[-4], 3, x.dtype)
    samples = jnp.asarray(samples)
    if x.ndim == 4:
        samples = jnp.swapaxes(samples, 0, 1)
    if output_size is None:
        output_size = _size_from_ratio(output_ratio, x.shape[-3:], name)
    if x.dtype != samples.dtype:
        raise TypeError(f"For '{name}', 'input' and '_random_samples' must be same dtype, but got "
                        f"Tensor[{mstype.from_numpy(x.dtype)}] and "
                        f"Tensor[{mstype.from_numpy(samples.dtype)}].")
    values, index = _pool_3d(x, samples, kernel_size, output_size)
    return (values, index) if return_indices else values


# -- FractionalMaxPool / FractionalAvgPool: NHWC, pooling sequences --------------------------------
# `Primitive(pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0,
# seed2=0)(x)` -> (y, row_pooling_sequence, col_pooling_sequence). Each spatial length n is cut
# into m = int(n / ratio) cells by a sequence 0 = s_0 < ... < s_m = n: randomly, the steps are
# n // m or n // m + 1 (n % m of the latter, at random places); pseudo-randomly, s_i =
# ceil(a·(i + u)) - ceil(a·u) with a = n / m and u drawn once (Graham's paper). Cell i covers
# [s_i, s_{i+1}), or [s_i, s_{i+1}] when overlapping. Sequences are drawn from msjax's key (from
# `seed` and `seed2` when `deterministic` and one is non-zero): other numbers than MindSpore's
# generator, but where every length is a multiple of its cell count they are fixed, and values
# and sequences are MindSpore's (tests/goldens/ops/fractional_pool_tf_probe.out).
_SEQUENCE_TYPES = (np.dtype(np.float32), np.dtype(np.float64), np.dtype(np.int32), _INT64)
_SEQUENCE_TYPE_NAMES = "{Tensor[Float32], Tensor[Float64], Tensor[Int32], Tensor[Int64]}"


def _check_sequence_pool(name):
    def check(attrs):
        validator.check_value_type("pooling_ratio", attrs["pooling_ratio"], [list], name)
        for item in attrs["pooling_ratio"]:
            validator.check_value_type("pooling_ratio_item", item, float, name)
        for key in ("pseudo_random", "overlapping", "deterministic"):
            validator.check_value_type(key, attrs[key], [bool], name)
        for key in ("seed", "seed2"):
            validator.check_value_type(key, attrs[key], [int], name)
        return attrs
    return check


def _pooling_sequence(key, length, cells, pseudo_random):
    """The int64 boundaries (cells + 1) cutting `length` into `cells` pooling cells."""
    if pseudo_random:
        alpha = length / cells
        step = length // cells
        u_max = min((step + 2) / alpha - 1, (length + 1 - step) / alpha - (cells - 1))
        u = jax.random.uniform(key, (), jnp.float64) * u_max
        inner = (jnp.ceil(alpha * (jnp.arange(1, cells) + u)) - jnp.ceil(alpha * u))
        inner = inner.astype(_INT64)
    else:
        step, spots = divmod(length, cells)
        longer = jax.random.permutation(key, cells) < spots
        inner = jnp.cumsum(jnp.where(longer, step + 1, step).astype(_INT64))[:-1]
    return jnp.concatenate([jnp.zeros(1, _INT64), inner, jnp.full(1, length, _INT64)])


def _cell_members(sequence, length, cells, overlapping):
    """(cells, span) indices along an axis and whether each belongs to its cell."""
    span = length // cells + 2 + int(overlapping)
    index = sequence[:-1, None] + jnp.arange(span, dtype=_INT64)
    member = (index < sequence[1:, None] + int(overlapping)) & (index < length)
    return jnp.minimum(index, length - 1), member


def _sequence_pool(name, reduce, x, pooling_ratio, pseudo_random, overlapping, deterministic,
                   seed, seed2, input_label):
    x = jnp.asarray(x)
    if x.dtype not in _SEQUENCE_TYPES:
        raise _dtype_error(name, input_label, _SEQUENCE_TYPE_NAMES, x.dtype)
    if x.ndim != 4:
        rank = "input_rank" if input_label == "input" else "x_rank"
        raise ValueError(f"For primitive[{name}], the {rank} must be equal to 4, but got "
                         f"{x.ndim}.")
    ratio = list(pooling_ratio)
    if len(ratio) != 4:
        raise ValueError(f"For '{name}', the size of parameter 'pooling_ratio' must be 4, but got "
                         f"{len(ratio)}.")
    for position, word in ((0, "first"), (3, "last")):
        if ratio[position] != 1.0:
            raise ValueError(f"For '{name}', the {word} element of parameter 'pooling_ratio' must "
                             f"be 1.0, but got {ratio[position]:f}.")
    for position, word in ((1, "second"), (2, "third")):
        if ratio[position] < 1.0:
            raise ValueError(f"For '{name}', the {word} element of pooling ratio must be greater "
                             f"than or equal to 1.0, but got {ratio[position]:f}.")
    cells = [int(x.shape[axis] / ratio[axis]) for axis in (1, 2)]
    for axis, count in zip((1, 2), cells):
        if count == 0:
            raise ValueError(f"For '{name}', outputsize[{axis}] cannot be 0.")
    if deterministic and (seed or seed2):
        key = jax.random.fold_in(jax.random.PRNGKey(seed), seed2)
    else:
        key = next_key()
    row_key, col_key = jax.random.split(key)
    rows_seq = _pooling_sequence(row_key, x.shape[1], cells[0], pseudo_random)
    cols_seq = _pooling_sequence(col_key, x.shape[2], cells[1], pseudo_random)
    rows, row_member = _cell_members(rows_seq, x.shape[1], cells[0], overlapping)
    cols, col_member = _cell_members(cols_seq, x.shape[2], cells[1], overlapping)
    # (N, cells_r, span_r, cells_c, span_c, C)
    window = jnp.take(jnp.take(x, rows, axis=1), cols, axis=3)
    member = (row_member[:, :, None, None] & col_member[None, None])[None, ..., None]
    return reduce(window, member), rows_seq, cols_seq


def _window_max(window, member):
    lowest = (jnp.finfo(window.dtype).min if jnp.issubdtype(window.dtype, jnp.floating)
              else jnp.iinfo(window.dtype).min)
    return jnp.max(jnp.where(member, window, lowest), axis=(2, 4))


def _window_mean(window, member):
    total = jnp.sum(jnp.where(member, window, jnp.zeros((), window.dtype)), axis=(2, 4),
                    dtype=window.dtype)
    count = jnp.sum(member, axis=(2, 4)).astype(window.dtype)
    if jnp.issubdtype(window.dtype, jnp.integer):
        return jax.lax.div(total, count)  # (MindSpore's integer mean truncates)
    return total / count


def _fractional_max_pool(x, pooling_ratio, pseudo_random=False, overlapping=False,
                         deterministic=False, seed=0, seed2=0):
    return _sequence_pool("FractionalMaxPool", _window_max, x, pooling_ratio, pseudo_random,
                          overlapping, deterministic, seed, seed2, "input")


def _fractional_avg_pool(x, pooling_ratio, pseudo_random=False, overlapping=False,
                         deterministic=False, seed=0, seed2=0):
    return _sequence_pool("FractionalAvgPool", _window_mean, x, pooling_ratio, pseudo_random,
                          overlapping, deterministic, seed, seed2, "x")


_SEQUENCE_POOL_ATTRS = {"pooling_ratio": _REQUIRED, "pseudo_random": False, "overlapping": False,
                        "deterministic": False, "seed": 0, "seed2": 0}
FractionalMaxPool = primitive("FractionalMaxPool", functional(_fractional_max_pool),
                              display=_check_sequence_pool("FractionalMaxPool"),
                              **_SEQUENCE_POOL_ATTRS)
FractionalAvgPool = primitive("FractionalAvgPool", functional(_fractional_avg_pool),
                              display=_check_sequence_pool("FractionalAvgPool"),
                              **_SEQUENCE_POOL_ATTRS)

