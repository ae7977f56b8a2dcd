"""Spatial rearrangement and resampling of `mindspore.ops`: pixel/channel shuffles, space-batch
moves, interpolation, grid sampling and sliding-window patches (`unfold`, `fold`, ExtractVolumePatches;
all in NC... layout)."""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import integer_inputs
from msjax._src.ops import primitive_reprs as shown
from msjax._src.backend.interface import one_program
from msjax._src.ops.adapters import scalar_like
from msjax._src.ops.input_rules import ms_name
from msjax._src.ops.pooling_ops import _adaptive
from msjax._src.ops.registry import functional, op, primitive

_FLOAT32 = np.dtype(np.float32)


def _tuple(value, n):
    return (value,) * n if isinstance(value, int) else tuple(value)


# -- rearrangement -----------------------------------------------------------------------------
@op()
def pixel_shuffle(input, upscale_factor):
    """(*, C·r², H, W) -> (*, C, H·r, W·r)."""
    r = upscale_factor
    *lead, c, h, w = input.shape
    n = len(lead)
    x = input.reshape(*lead, c // (r * r), r, r, h, w)
    x = jnp.transpose(x, tuple(range(n)) + (n, n + 3, n + 1, n + 4, n + 2))
    return x.reshape(*lead, c // (r * r), h * r, w * r)


@op()
def pixel_unshuffle(input, downscale_factor):
    """(*, C, H·r, W·r) -> (*, C·r², H, W)."""
    r = downscale_factor
    *lead, c, h, w = input.shape
    n = len(lead)
    x = input.reshape(*lead, c, h // r, r, w // r, r)
    x = jnp.transpose(x, tuple(range(n)) + (n, n + 2, n + 4, n + 1, n + 3))
    return x.reshape(*lead, c * r * r, h // r, w // r)


@op()
def channel_shuffle(x, groups):
    n, c = x.shape[:2]
    rest = x.shape[2:]
    return jnp.swapaxes(x.reshape(n, groups, c // groups, *rest), 1, 2).reshape(x.shape)


def _space_to_batch(x, block, paddings):
    nd = len(block)
    x = jnp.pad(x, [(0, 0), (0, 0)] + [tuple(p) for p in paddings])
    n, c = x.shape[:2]
    spatial = x.shape[2:]
    shape = [n, c]
    for s, b in zip(spatial, block):
        shape += [s // b, b]
    x = x.reshape(shape)
    # -> (b_1..b_nd, n, c, s_1/b_1 .. s_nd/b_nd)
    order = [3 + 2 * i for i in range(nd)] + [0, 1] + [2 + 2 * i for i in range(nd)]
    x = jnp.transpose(x, order)
    return x.reshape((-1, c) + tuple(s // b for s, b in zip(spatial, block)))


def _batch_to_space(x, block, crops):
    nd = len(block)
    n, c = x.shape[0] // int(np.prod(block)), x.shape[1]
    spatial = x.shape[2:]
    x = x.reshape(tuple(block) + (n, c) + spatial)
    order = [nd, nd + 1]
    for i in range(nd):
        order += [nd + 2 + i, i]
    x = jnp.transpose(x, order).reshape((n, c) + tuple(s * b for s, b in zip(spatial, block)))
    index = [slice(None), slice(None)] + [slice(lo, x.shape[2 + i] - hi)
                                          for i, (lo, hi) in enumerate(crops)]
    return x[tuple(index)]


@op()
def space_to_batch_nd(input_x, block_size, paddings):
    nd = len(paddings)
    return _space_to_batch(input_x, _tuple(block_size, nd), paddings)


@op()
def batch_to_space_nd(input_x, block_shape, crops):
    nd = len(crops)
    return _batch_to_space(input_x, _tuple(block_shape, nd), crops)


@functional
def _depth_to_space(x, block_size):
    """DepthToSpace (NCHW, TensorFlow's order): channel (i·bs + j)·C + c goes to pixel
    (h·bs + i, w·bs + j) of channel c."""
    r = block_size
    n, c, h, w = x.shape
    x = x.reshape(n, r, r, c // (r * r), h, w)
    return jnp.transpose(x, (0, 3, 4, 1, 5, 2)).reshape(n, c // (r * r), h * r, w * r)


@functional
def _space_to_depth(x, block_size):
    """SpaceToDepth (NCHW, TensorFlow's order): the inverse of DepthToSpace."""
    r = block_size
    n, c, h, w = x.shape
    x = x.reshape(n, c, h // r, r, w // r, r)
    return jnp.transpose(x, (0, 3, 5, 1, 2, 4)).reshape(n, c * r * r, h // r, w // r)


_REQUIRED = inspect.Parameter.empty
DepthToSpace = primitive("DepthToSpace", _depth_to_space, block_size=_REQUIRED,
                         display=shown.with_attrs(data_format="NCHW"))
SpaceToDepth = primitive("SpaceToDepth", _space_to_depth, block_size=_REQUIRED,
                         display=shown.with_attrs(data_format="NCHW"))
SpaceToBatchND = primitive("SpaceToBatchND", lambda x, block_shape, paddings:
                           space_to_batch_nd(x, block_shape, paddings),
                           block_shape=_REQUIRED, paddings=_REQUIRED,
                           display=lambda a: {**a, "block_shape": _tuple(
                               a["block_shape"], len(a["paddings"]))})
BatchToSpaceND = primitive("BatchToSpaceND", lambda x, block_shape, crops:
                           batch_to_space_nd(x, block_shape, crops),
                           block_shape=_REQUIRED, crops=_REQUIRED,
                           display=lambda a: {"block_shape": _tuple(a["block_shape"],
                                                                    len(a["crops"]))})


# -- interpolation -----------------------------------------------------------------------------
def _source_coordinates(out_size, in_size, align_corners, scale=None):
    out = jnp.arange(out_size, dtype=_FLOAT32)
    if align_corners:
        if out_size == 1:
            return jnp.zeros((1,), _FLOAT32)
        return out * ((in_size - 1) / (out_size - 1))
    ratio = (1.0 / scale) if scale else in_size / out_size
    return jnp.maximum((out + 0.5) * ratio - 0.5, 0.0)


def _linear_along(x, axis, out_size, align_corners, scale=None):
    in_size = x.shape[axis]
    src = _source_coordinates(out_size, in_size, align_corners, scale)
    lo = jnp.clip(jnp.floor(src).astype(jnp.int32), 0, in_size - 1)
    hi = jnp.minimum(lo + 1, in_size - 1)
    kind = _FLOAT32 if x.dtype == jnp.float16 else x.dtype  # float16 computed in float32
    frac = (src - lo).astype(kind)
    shape = [1] * x.ndim
    shape[axis] = out_size
    frac = frac.reshape(shape)
    wide = x.astype(kind)  # (left in float32: `interpolate` casts back once, after every axis)
    return jnp.take(wide, lo, axis=axis) * (1 - frac) + jnp.take(wide, hi, axis=axis) * frac


def _nearest_along(x, axis, out_size, exact, scale=None):
    in_size = x.shape[axis]
    ratio = (1.0 / scale) if scale else in_size / out_size
    pos = jnp.arange(out_size, dtype=_FLOAT32)
    index = jnp.floor((pos + 0.5) * ratio if exact else pos * ratio).astype(jnp.int32)
    return jnp.take(x, jnp.minimum(index, in_size - 1), axis=axis)


def _cubic_weights(t, a):
    def near(d):
        return ((a + 2) * d - (a + 3)) * d * d + 1

    def far(d):
        return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a
    return [far(t + 1), near(t), near(1 - t), far(2 - t)]


def _cubic_along(x, axis, out_size, align_corners, scale=None):
    """Bicubic resampling along `axis` as MindSpore's ResizeBicubic: Keys' cubic (a = -0.5)
    at half-pixel centres, taps outside the input dropped and the weights renormalised; with
    `align_corners`, a = -0.75 and border taps clamped."""
    in_size = x.shape[axis]
    out = jnp.arange(out_size, dtype=_FLOAT32)
    if align_corners:
        src = out * ((in_size - 1) / (out_size - 1)) if out_size > 1 else out * 0
    else:
        ratio = (1.0 / scale) if scale else in_size / out_size
        src = (out + 0.5) * ratio - 0.5
    base = jnp.floor(src)
    t = jnp.round((src - base) * 1024) / 1024  # MindSpore reads the weights from a 1024-row table
    shape = [1] * x.ndim
    shape[axis] = out_size
    taps = [base.astype(jnp.int32) - 1 + k for k in range(4)]
    weights = _cubic_weights(t, -0.75 if align_corners else -0.5)
    if not align_corners:
        weights = [jnp.where((i >= 0) & (i < in_size), w, scalar_like(0.0, w))
                   for i, w in zip(taps, weights)]
        total = sum(weights)
        weights = [w / total for w in weights]
    result = 0
    for index, w in zip(taps, weights):
        result = result + jnp.take(x, jnp.clip(index, 0, in_size - 1), axis=axis) * \
            w.astype(x.dtype).reshape(shape)
    return result


# MindSpore's table of interpolate modes: {mode: {input rank: options it accepts}}.
_INTERPOLATE_MODES = {
    "nearest": {3: (), 4: (), 5: ("scale_factor",)},
    "linear": {3: ("align_corners",)},
    "bilinear": {4: ("align_corners",)},
    "bicubic": {4: ("align_corners",)},
    "area": {3: ("scale_factor",), 4: ("scale_factor",), 5: ("scale_factor",)},
    "nearest-exact": {3: (), 4: ()},
    "trilinear": {5: ("align_corners", "scale_factor")},
}


def _check_interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor):
    """MindSpore's argument checks of `ops.interpolate`, with its messages."""
    rank = input.ndim
    if size is not None and scale_factor is not None:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be set "
                         "simultaneously")
    if size is None and scale_factor is None:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be both empty")
    if isinstance(size, (tuple, list)) and len(size) != rank - 2:
        raise ValueError(f"For 'interpolate', 'input' and 'size' must have the same spatial "
                         f"dimensions, but got 'input' is {rank - 2}D, 'size' is {len(size)}D")
    if mode not in _INTERPOLATE_MODES:
        raise ValueError(f"For 'interpolate', 'mode' must be in '{list(_INTERPOLATE_MODES)}', but "
                         f"got {mode}")
    options = _INTERPOLATE_MODES[mode]
    if rank not in options:
        raise ValueError(f"For 'interpolate', {mode} only support '{list(options)}'D, but got "
                         f"{rank}D")
    if scale_factor is not None and not (recompute_scale_factor or mode == "area") and \
            "scale_factor" not in options[rank]:
        raise ValueError(f"For 'interpolate', 'scale_factor' option cannot currently be set with "
                         f"the mode = {mode} and dim = {rank}D.")
    if align_corners is not None and "align_corners" not in options[rank]:
        raise ValueError(f"For 'interpolate', 'align_corners' option cannot currently be set with "
                         f"the mode = {mode}, and dim = {rank}D")


@op()
@one_program
def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """`ops.interpolate`: resize the spatial axes (all but N and C) by `size` or `scale_factor`,
    with MindSpore's sampling rules for 'nearest', 'nearest-exact', 'linear', 'bilinear',
    'trilinear', 'bicubic' and 'area' (and its checks of which options each mode accepts)."""
    _check_interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)
    nd = input.ndim - 2
    spatial = input.shape[2:]
    scales = None
    if size is None:
        scales = _tuple(scale_factor, nd) if not isinstance(scale_factor, float) else \
            (scale_factor,) * nd
        size = tuple(int(np.floor(s * f)) for s, f in zip(spatial, scales))
        if recompute_scale_factor or mode == "area":
            scales = None
    size = _tuple(size, nd)
    x = input
    if mode == "area":
        return _adaptive(x, size, jnp.mean)
    for i in range(nd):
        axis = 2 + i
        scale = scales[i] if scales else None
        if mode in ("nearest", "nearest-exact"):
            x = _nearest_along(x, axis, size[i], mode == "nearest-exact", scale)
        elif mode in ("linear", "bilinear", "trilinear"):
            x = _linear_along(x, axis, size[i], bool(align_corners), scale)
        else:
            x = _cubic_along(x, axis, size[i], bool(align_corners), scale)
    return x.astype(input.dtype)


@op()
@one_program
def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
             recompute_scale_factor=None):
    return interpolate.impl(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


# -- grids -------------------------------------------------------------------------------------
def _base_coordinates(n, align_corners):
    steps = jnp.linspace(np.float32(-1.0), np.float32(1.0), n, dtype=_FLOAT32)
    return steps if align_corners else steps * (n - 1) / n


@op()
@one_program
def affine_grid(theta, size, align_corners=False):
    """`ops.affine_grid`: the (N, H, W, 2) (or (N, D, H, W, 3)) sampling grid of `theta`."""
    if len(size) == 4:
        _, _, h, w = size
        ys, xs = _base_coordinates(h, align_corners), _base_coordinates(w, align_corners)
        base = jnp.stack([*jnp.meshgrid(xs, ys, indexing="xy"), jnp.ones((h, w), _FLOAT32)], -1)
        return jnp.einsum("hwk,nck->nhwc", base, theta.astype(_FLOAT32)).astype(theta.dtype)
    _, _, d, h, w = size
    zs, ys, xs = (_base_coordinates(s, align_corners) for s in (d, h, w))
    zz, yy, xx = jnp.meshgrid(zs, ys, xs, indexing="ij")
    base = jnp.stack([xx, yy, zz, jnp.ones_like(xx)], -1)
    return jnp.einsum("dhwk,nck->ndhwc", base, theta.astype(_FLOAT32)).astype(theta.dtype)


# -- sliding windows ---------------------------------------------------------------------------
@op()
@one_program
def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """`ops.unfold` (im2col): (N, C, H, W) -> (N, C·kh·kw, L) of sliding blocks."""
    kernel, dilation = _tuple(kernel_size, 2), _tuple(dilation, 2)
    padding, stride = _tuple(padding, 2), _tuple(stride, 2)
    patches = jax.lax.conv_general_dilated_patches(
        input, kernel, stride, [(p, p) for p in padding], rhs_dilation=dilation,
        dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return patches.reshape(patches.shape[0], patches.shape[1], -1)


_VOLUME_PATCH_TYPES = ("Float16", "Float32", "Float64", "Int16", "Int32", "Int64", "Int8",
                       "UInt16", "UInt32", "UInt64", "UInt8")


def _volume_patches(x, kernel_size, strides, padding):
    """`ops.ExtractVolumePatches(kernel_size, strides, padding)(x)`: (N, C, D, H, W) -> (N,
    kd·kh·kw·C, Do, Ho, Wo), the window's elements ordered by kernel position, then channel (C
    fastest); "SAME" pads as TensorFlow does (the odd one after)."""
    if x.ndim != 5:
        raise ValueError("For primitive[ExtractVolumePatches], the input shape must be equal to "
                         f"5, but got {x.ndim}.")
    if x.dtype == jnp.bool_ or not (jnp.issubdtype(x.dtype, jnp.integer)
                                    or jnp.issubdtype(x.dtype, jnp.floating)):
        raise TypeError("For primitive[ExtractVolumePatches], the input argument[x] must be a "
                        "type of {" + ", ".join(f"Tensor[{t}]" for t in _VOLUME_PATCH_TYPES)
                        + f"}}, but got Tensor[{ms_name(x.dtype)}].")
    kernel, stride, sizes = kernel_size[2:], strides[2:], x.shape[2:]
    pads = [(0, 0), (0, 0)]
    outs = []
    for axis, (k, st, size) in enumerate(zip(kernel, stride, sizes), start=2):
        if padding == "VALID":
            if size - k < 0:
                raise ValueError("For primitive[ExtractVolumePatches], the padding = VALID, "
                                 f"input[{axis}] - kernel_size[{axis}] must be greater than or "
                                 f"equal to 0, but got {size - k}.")
            outs.append((size - k) // st + 1)
            pads.append((0, 0))
        else:
            out = -(-size // st)
            total = max((out - 1) * st + k - size, 0)
            outs.append(out)
            pads.append((total // 2, total - total // 2))
    padded = jnp.pad(x, pads)
    windows = [padded[:, :, i:i + (outs[0] - 1) * stride[0] + 1:stride[0],
                      j:j + (outs[1] - 1) * stride[1] + 1:stride[1],
                      k:k + (outs[2] - 1) * stride[2] + 1:stride[2]]
               for i in range(kernel[0]) for j in range(kernel[1]) for k in range(kernel[2])]
    stacked = jnp.stack(windows, axis=1)  # (N, K, C, Do, Ho, Wo)
    return stacked.reshape(x.shape[0], -1, *outs)


def _volume_attribute(name, value):
    values = (1, 1, value, value, value) if isinstance(value, int) else tuple(value)
    if len(values) == 3:
        values = (1, 1) + values
    if len(values) != 5 or not all(isinstance(v, int) and v > 0 for v in values):
        raise ValueError(f"For 'ExtractVolumePatches', the parameter '{name}' must be an positive "
                         "integer or a tuple of three or five positive integer, but got "
                         f"{tuple(value) if isinstance(value, (list, tuple)) else value}")
    for i in (0, 1):
        if values[i] != 1:
            raise ValueError(f"For 'ExtractVolumePatches', the '{name}[{i}]' must be int and "
                             f"must = 1, but got '{values[i]}' with type 'int'.")
    return values


def _volume_patches_attributes(attributes):
    if not isinstance(attributes["padding"], str) or attributes["padding"].upper() not in (
            "VALID", "SAME"):
        raise ValueError("For 'ExtractVolumePatches', the 'padding' must be str and must be in "
                         f"'['VALID', 'SAME']', but got '{attributes['padding']}'.")
    for name in ("kernel_size", "strides"):
        _volume_attribute(name, attributes[name])


ExtractVolumePatches = primitive(
    "ExtractVolumePatches",
    functional(lambda x, kernel_size, strides, padding: _volume_patches(
        x, _volume_attribute("kernel_size", kernel_size), _volume_attribute("strides", strides),
        padding.upper())),
    check=_volume_patches_attributes, kernel_size=inspect.Parameter.empty,
    strides=inspect.Parameter.empty, padding=inspect.Parameter.empty,
    display=lambda attrs: {"kernel_size": _volume_attribute("kernel_size", attrs["kernel_size"]),
                           "strides": _volume_attribute("strides", attrs["strides"]),
                           "padding": attrs["padding"].upper()})


@op()
def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """`ops.fold` (col2im): sum sliding blocks (N, C·kh·kw, L) back into (N, C, H, W)."""
    kernel, dilation = _tuple(kernel_size, 2), _tuple(dilation, 2)
    padding, stride = _tuple(padding, 2), _tuple(stride, 2)
    size = _tuple(np.asarray(output_size).tolist() if hasattr(output_size, "shape")
                  else output_size, 2)
    n, ckk, _ = input.shape
    c = ckk // (kernel[0] * kernel[1])
    padded = (size[0] + 2 * padding[0], size[1] + 2 * padding[1])

    def blocks(x):
        return unfold.impl(x, kernel, dilation, 0, stride)
    _, pullback = jax.vjp(blocks, jnp.zeros((n, c) + padded, input.dtype))
    out = pullback(input)[0]
    return out[:, :, padding[0]:padding[0] + size[0], padding[1]:padding[1] + size[1]]


def _resize_linear_1d(x, size, *, coordinate_transformation_mode="align_corners"):
    """`ResizeLinear1D(mode)(x, size)`: `x` (N, C, W) linearly resampled along W to `size[0]`
    points; 'align_corners' maps the end points onto each other, 'half_pixel' the pixel
    centres (a source position below 0 taken as 0); a single output point is the first input
    point, as MindSpore's kernel; differentiable in `x`."""
    count = int(np.asarray(jax.lax.stop_gradient(integer_inputs.as_index(size))).reshape(-1)[0])
    width = x.shape[-1]
    target = jnp.arange(count, dtype=jnp.float32)
    if count == 1:  # (one output point reads the first input point, in either mode)
        source = target
    elif coordinate_transformation_mode == "align_corners":
        source = target * ((width - 1) / (count - 1))
    else:
        source = jnp.maximum((target + 0.5) * (width / count) - 0.5, 0.0)
    low = jnp.clip(jnp.floor(source).astype(jnp.int32), 0, width - 1)
    high = jnp.minimum(low + 1, width - 1)
    kind = _FLOAT32 if x.dtype == jnp.float16 else x.dtype  # float16 computed in float32
    weight = (source - low).astype(kind)
    wide = x.astype(kind)
    return (jnp.take(wide, low, axis=-1) * (1 - weight)
            + jnp.take(wide, high, axis=-1) * weight).astype(x.dtype)


def _coordinate_mode_shown(attrs):
    """MindSpore's repr shows the mode's enum value (align_corners 1, half_pixel 2)."""
    mode = attrs["coordinate_transformation_mode"]
    return {**attrs, "coordinate_transformation_mode": {"align_corners": 1,
                                                        "half_pixel": 2}.get(mode, mode)}


ResizeLinear1D = primitive("ResizeLinear1D", functional(_resize_linear_1d),
                           display=_coordinate_mode_shown,
                           coordinate_transformation_mode="align_corners")
