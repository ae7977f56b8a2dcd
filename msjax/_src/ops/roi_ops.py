"""`mindspore.ops.ROIAlign`: average-pooled bilinear samples of regions of an NCHW feature map;
`mindspore.ops.CropAndResize`: crops of NHWC images, resized (at the end of this module).

The computation follows MindSpore 2.10's CPU kernel (roi_align_cpu_kernel.cc), in jax.numpy, so it
is differentiable (in the features and the boxes) and runs under jit and vmap:

- a box `[batch_index, x1, y1, x2, y2]` is scaled by `spatial_scale`; `roi_end_mode=1` adds one
  to `x2`, `y2` before scaling; `roi_end_mode=0` widens a box narrower than 1 to 1;
- each of the `pooled_height x pooled_width` bins averages a `grid_h x grid_w` grid of points at
  the centres of its sub-cells; the grid is `sample_num` per side, or when `sample_num <= 0`
  `floor(box side / pooled side)` per box (0 points give 0/0 = NaN, as in MindSpore);
- a point above -1 and below the size is interpolated bilinearly from its clamped neighbours,
  a point further out counts as 0 but still counts in the average;
- a box whose `x1` and `x2` are both within 0.001 of 0 gives zeros (the kernel skips it).

An adaptive grid's size is data-dependent, so under jit and vmap each cell samples a window of
`size + 4` of its grid's points per side, starting just before the first point at or after -1:
the points spaced at least a pixel apart that fall in [-1, size] are all inside it, and those
outside count as 0, so the result is the whole grid's.

Differences from MindSpore: features must be 4-D (MindSpore's kernel reads past a 3-D input);
the batch-index range check (RuntimeError) runs only when the boxes are concrete.
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import index_checks
from msjax._src.ops.registry import functional, primitive

_REQUIRED = inspect.Parameter.empty
_BATCH_INDEX_EPS = 0.00007  # the kernel rounds `batch_index + eps`
_SKIP_BOX = 0.001  # a box with |x1|, |x2| below this is skipped


def _check_int(name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For 'ROIAlign', the type of '{name}' should be 'int', but got type "
                        f"'{type(value).__name__}'.")


def _check_attributes(attributes):
    """MindSpore's constructor checks (TypeError for a wrong type, ValueError for the mode)."""
    for name in ("pooled_height", "pooled_width", "sample_num", "roi_end_mode"):
        _check_int(name, attributes[name])
    scale = attributes["spatial_scale"]
    if not isinstance(scale, float):
        raise TypeError(f"For 'ROIAlign', the type of 'spatial_scale' should be 'float', but got "
                        f"type '{type(scale).__name__}'.")
    if attributes["roi_end_mode"] not in (0, 1):
        raise ValueError(f"For 'ROIAlign', the 'roi_end_mode' must be in range of [0, 1], but got "
                         f"{attributes['roi_end_mode']} with type 'int'.")
    return attributes


def _check_inputs(features, rois, pooled_height, pooled_width):
    for name, value in (("feature", features), ("rois", rois)):
        if value.dtype not in (jnp.float16, jnp.float32):
            raise TypeError(f"For primitive[ROIAlign], the input argument[{name}] must be a type "
                            f"of {{Tensor[Float16], Tensor[Float32]}}, but got "
                            f"Tensor[{mstype.from_numpy(value.dtype)}].")
    if features.ndim > 4:
        raise ValueError(f"For primitive[ROIAlign], the rank of feature shape must be in [1,4], "
                         f"but got {features.ndim}.")
    if features.ndim != 4:
        raise ValueError(f"msjax: ROIAlign's 'features' must be 4-D (N, C, H, W), but got shape "
                         f"{tuple(features.shape)}; add the missing batch or channel axes.")
    if rois.ndim != 2:
        raise ValueError(f"For primitive[ROIAlign], the rank of rois shape must be equal to 2, but "
                         f"got {rois.ndim}.")
    if rois.shape[1] != 5:
        raise ValueError(f"The argument[second dim of rois shape] must be equal to 5, but got "
                         f"{rois.shape[1]}.")
    for name, value in (("pooled_height", pooled_height), ("pooled_width", pooled_width)):
        if value == 0:
            raise RuntimeError(f"The {name} is zero.")
        if value < 0:
            raise ValueError(f"msjax: ROIAlign's '{name}' must be positive, but got {value}.")


def _check_batch_index(rois, batch):
    indices = rois[:, 0]  # (a tracer under jit, even when `rois` is a constant)
    if isinstance(indices, jax.core.Tracer):
        return
    for index in np.asarray(indices, np.float32):
        if index < 0 or index > batch - 1:
            raise RuntimeError(f"image_index {index:g} must be a number in [0,{batch - 1}]")


def _axis_samples(start, bin_size, grid, pooled, points, size, first=None):
    """Per box, pooled cell and grid point (R, pooled, points): the low and high neighbour, their
    weights (zero where the point is outside [-1, size] or beyond the box's grid). Point k of a
    cell is the grid's point `first + k` (`first` (R, pooled), zero when not given)."""
    dtype = start.dtype
    cell = jnp.arange(pooled, dtype=dtype)[None, :, None]
    index = jnp.arange(points, dtype=jnp.int32)[None, None, :]
    if first is not None:
        index = index + first[:, :, None]
    point = index.astype(dtype)
    grid_f = grid.astype(dtype)[:, None, None]
    at = (start[:, None, None] + cell * bin_size[:, None, None]
          + (point + 0.5) * bin_size[:, None, None] / grid_f)
    inside = (at >= -1) & (at <= size) & (index < grid[:, None, None])
    at = jnp.maximum(at, 0)
    low = jnp.floor(jax.lax.stop_gradient(at)).astype(jnp.int32)
    at_edge = low >= size - 1
    low = jnp.where(at_edge, size - 1, low)
    high = jnp.where(at_edge, size - 1, low + 1)
    fraction = jnp.where(at_edge, 0, at - low.astype(dtype))
    keep = inside.astype(dtype)
    return low, high, (1 - fraction) * keep, fraction * keep


def _adaptive_window(start, bin_size, grid, pooled, size):
    """For an adaptive grid (`floor(bin)` points a side, so at least one pixel apart): per box
    and cell (R, pooled), the index of the first grid point to sample, one before the first at
    or after -1; from there `size + 4` points reach past `size` (those in [-1, size] are at most
    `size + 2`; the two spare absorb rounding of the index)."""
    start, bin_size = (jax.lax.stop_gradient(v).astype(jnp.float32) for v in (start, bin_size))
    cell = jnp.arange(pooled, dtype=jnp.float32)[None, :]
    spacing = jnp.where(grid > 0, bin_size / jnp.maximum(grid, 1), 1.0)[:, None]
    to_edge = -1.0 - start[:, None] - cell * bin_size[:, None]
    first = jnp.ceil(to_edge / spacing - 0.5) - 1
    return jnp.clip(first, 0, jnp.maximum(grid, 0)[:, None]).astype(jnp.int32)


def roi_align(features, rois, pooled_height, pooled_width, spatial_scale, sample_num=2,
              roi_end_mode=1):
    """MindSpore's ROIAlign on jax arrays: features (N, C, H, W), rois (R, 5) -> (R, C, ph, pw)."""
    _check_inputs(features, rois, pooled_height, pooled_width)
    _check_batch_index(rois, features.shape[0])
    dtype = features.dtype
    rois = rois.astype(dtype)
    _, _, height, width = features.shape
    batch = jnp.rint(jax.lax.stop_gradient(rois[:, 0]) + _BATCH_INDEX_EPS).astype(jnp.int32)
    start_w, start_h = rois[:, 1] * spatial_scale, rois[:, 2] * spatial_scale
    box_w = (rois[:, 3] + roi_end_mode) * spatial_scale - start_w
    box_h = (rois[:, 4] + roi_end_mode) * spatial_scale - start_h
    if roi_end_mode == 0:
        box_w, box_h = jnp.where(box_w > 1, box_w, 1), jnp.where(box_h > 1, box_h, 1)
    bin_h, bin_w = box_h / pooled_height, box_w / pooled_width
    first_h = first_w = None
    if sample_num > 0:
        grid_h = grid_w = jnp.full(rois.shape[:1], sample_num, jnp.int32)
        points_h = points_w = sample_num
    else:
        grid_h = jnp.floor(jax.lax.stop_gradient(bin_h)).astype(jnp.int32)
        grid_w = jnp.floor(jax.lax.stop_gradient(bin_w)).astype(jnp.int32)
        points_h, points_w = height + 4, width + 4
        if not isinstance(grid_h, jax.core.Tracer):  # no more points than the largest grid
            points_h = max(min(int(jnp.max(grid_h, initial=0)), points_h), 1)
            points_w = max(min(int(jnp.max(grid_w, initial=0)), points_w), 1)
        first_h = _adaptive_window(start_h, bin_h, grid_h, pooled_height, height)
        first_w = _adaptive_window(start_w, bin_w, grid_w, pooled_width, width)
    y_low, y_high, y_wlow, y_whigh = _axis_samples(start_h, bin_h, grid_h, pooled_height,
                                                   points_h, height, first_h)
    x_low, x_high, x_wlow, x_whigh = _axis_samples(start_w, bin_w, grid_w, pooled_width,
                                                   points_w, width, first_w)
    channels_last = jnp.moveaxis(features, 1, -1)  # (N, H, W, C)
    rows = jnp.stack([y_low, y_high], -1)[:, :, :, :, None, None, None]  # (R, ph, gh, 2, 1..)
    cols = jnp.stack([x_low, x_high], -1)[:, None, None, None, :, :, :]  # (R, 1.., pw, gw, 2)
    values = channels_last[batch[:, None, None, None, None, None, None], rows, cols]
    weights = (jnp.stack([y_wlow, y_whigh], -1)[:, :, :, :, None, None, None]
               * jnp.stack([x_wlow, x_whigh], -1)[:, None, None, None, :, :, :])
    total = jnp.einsum("rabcdef,rabcdefk->rkad", weights, values)
    count = (grid_h * grid_w).astype(dtype)[:, None, None, None]
    pooled = total / count
    skipped = ((jnp.abs(rois[:, 1]) < _SKIP_BOX) & (jnp.abs(rois[:, 3]) < _SKIP_BOX))
    return jnp.where(skipped[:, None, None, None], jnp.zeros((), dtype), pooled)


ROIAlign = primitive("ROIAlign", functional(roi_align), pooled_height=_REQUIRED,
                     pooled_width=_REQUIRED, spatial_scale=_REQUIRED, sample_num=2, roi_end_mode=1,
                     display=_check_attributes)
ROIAlign.__doc__ = """`mindspore.ops.ROIAlign(pooled_height, pooled_width, spatial_scale,
sample_num=2, roi_end_mode=1)(features, rois)`: features (N, C, H, W) float16/float32, rois
(R, 5) rows `[batch_index, x1, y1, x2, y2]` -> (R, C, pooled_height, pooled_width). The sampling
rules and msjax's differences are in this module's docstring (msjax._src.ops.roi_ops)."""


# -- CropAndResize ---------------------------------------------------------------------------
_CROP_METHODS = ("bilinear", "nearest", "bilinear_v2")


def _crop_grid(start, end, size, crop):
    """(boxes, crop) sample positions along one axis: a box's normalised [start, end] spans
    [0, size - 1]; a crop of one samples the box's middle."""
    if crop > 1:
        steps = jnp.arange(crop, dtype=jnp.float32)
        return (start[:, None] * (size - 1)
                + steps[None] * ((end - start) * (size - 1) / (crop - 1))[:, None])
    return (0.5 * (start + end) * (size - 1))[:, None]


def crop_and_resize(x, boxes, box_index, crop_size, method="bilinear", extrapolation_value=0.0):
    """Crops of the NHWC images `x` at `boxes` (normalised `[y1, x1, y2, x2]` rows; y1 > y2 flips)
    of images `box_index`, resized to `crop_size` by bilinear or nearest sampling; samples
    outside an image are `extrapolation_value`. Float32, (boxes, crop_h, crop_w, depth)."""
    if method == "bilinear_v2":
        raise NotImplementedError(
            "msjax: CropAndResize(method='bilinear_v2') is not implemented: MindSpore documents "
            "it only as an optimised variant of 'bilinear', and its sampling grid (which differs "
            "from 'bilinear') is not specified. Use method='bilinear' (docs/migration.md).")
    if not isinstance(crop_size, tuple):
        raise TypeError(f"For primitive[CropAndResize], the [crop_size] is must be a Tuple with "
                        f"two Int elements, but got {type(crop_size).__name__.capitalize()}"
                        f"[Int64*{len(crop_size)}]")
    if len(crop_size) != 2:
        raise ValueError(f"For primitive[CropAndResize], the [crop_size] length must be equal "
                         f"to 2, but got {len(crop_size)}.")
    for side, size in zip(("height", "width"), crop_size):
        if size <= 0:
            raise ValueError(f"For primitive[CropAndResize], the [crop] {side} must be greater "
                             f"than 0, but got {size}.")
    index_checks.check_box_index(box_index, x.shape[0])
    height, width = x.shape[1], x.shape[2]
    boxes = boxes.astype(jnp.float32)
    ys = _crop_grid(boxes[:, 0], boxes[:, 2], height, crop_size[0])
    xs = _crop_grid(boxes[:, 1], boxes[:, 3], width, crop_size[1])
    inside = (((ys >= 0) & (ys <= height - 1))[:, :, None]
              & ((xs >= 0) & (xs <= width - 1))[:, None, :])[..., None]
    images = x.astype(jnp.float32)
    batch = box_index[:, None, None]

    def pick(rows, cols):
        rows = jnp.clip(rows, 0, height - 1).astype(jnp.int32)
        cols = jnp.clip(cols, 0, width - 1).astype(jnp.int32)
        return images[batch, rows[:, :, None], cols[:, None, :]]

    if method == "nearest":  # (rounding halves away from zero, as the kernel's roundf)
        out = pick(jnp.floor(ys + 0.5), jnp.floor(xs + 0.5))
    else:
        top, left = jnp.floor(ys), jnp.floor(xs)
        dy, dx = (ys - top)[:, :, None, None], (xs - left)[:, None, :, None]
        upper = pick(top, left) + (pick(top, jnp.ceil(xs)) - pick(top, left)) * dx
        lower = pick(jnp.ceil(ys), left) + (pick(jnp.ceil(ys), jnp.ceil(xs))
                                            - pick(jnp.ceil(ys), left)) * dx
        out = upper + (lower - upper) * dy
    return jnp.where(inside, out, jnp.asarray(extrapolation_value, jnp.float32))


def _check_crop_attributes(attrs):
    method = attrs["method"]
    if not isinstance(method, str) or method not in _CROP_METHODS:
        raise ValueError(f"For 'CropAndResize', the 'method' must be str and must be in "
                         f"'{list(_CROP_METHODS)}', but got '{method}'.")
    return attrs


CropAndResize = primitive("CropAndResize", functional(crop_and_resize), method="bilinear",
                          extrapolation_value=0.0, display=_check_crop_attributes)
CropAndResize.__doc__ = """`mindspore.ops.CropAndResize(method='bilinear', extrapolation_value=0.0)
(x, boxes, box_index, crop_size)`: x (N, H, W, C), boxes (B, 4) float32 normalised
`[y1, x1, y2, x2]`, box_index (B,) int32, crop_size `(crop_h, crop_w)` -> (B, crop_h, crop_w, C)
float32. `method='bilinear_v2'` raises NotImplementedError (its sampling is not documented)."""
