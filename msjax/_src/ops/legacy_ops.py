"""MindSpore 1.x Primitives that real models still call (`P.ResizeNearestNeighbor`,
`P.LayerNorm`, the detection box ops of mindspore-ai/models, ...), each with MindSpore 2.10's
constructor, repr and results (tests/goldens/api/used_names_probe.out).

They are built by `primitive` over a jax-level function, as every Primitive of the op table.
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.ops.nn_ops import adaptive_avg_pool2d, max_pool_nd, layer_norm_with_stats
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.random_ops import _seed_key
from msjax._src.ops.registry import (PRIMITIVES, Primitive, functional, primitive, tensor_op,
                                     unwrap, wrap)
from msjax._src.core.tensor import Tensor
from msjax._src.core import checkparam as check
from msjax._src.core import index_checks
from msjax._src.core import dtype as mstype
from msjax._src.core import x64
from msjax._src.core import op_precision

_REQUIRED = inspect.Parameter.empty


# -- resizing (NCHW, TensorFlow's coordinate rules) ---------------------------------------------
def _nearest_indices(out_size, in_size, align_corners, half_pixel_centers):
    out = np.arange(out_size, dtype=np.float64)
    if align_corners and out_size > 1:
        source = np.floor(out * ((in_size - 1) / (out_size - 1)) + 0.5)
    elif half_pixel_centers:
        source = np.round((out + 0.5) * (in_size / out_size) - 0.5)
    else:
        source = np.floor(out * (in_size / out_size))
    return np.clip(source, 0, in_size - 1).astype(np.int32)


def _resize_nearest_neighbor(x, size, align_corners=False, half_pixel_centers=False):
    rows = _nearest_indices(size[0], x.shape[-2], align_corners, half_pixel_centers)
    cols = _nearest_indices(size[1], x.shape[-1], align_corners, half_pixel_centers)
    return x[..., rows, :][..., cols]


_NEAREST_V2_DTYPES = (jnp.uint8, jnp.float16, jnp.float32, jnp.float64)


def _nearest_v2_indices(out_size, in_size, align_corners, half_pixel_centers):
    """MindSpore 2.10's (TensorFlow's) source rows of ResizeNearestNeighborV2: the corners
    aligned and rounded half up, or the half-pixel centres floored, or the plain scale floored."""
    out = np.arange(out_size, dtype=np.float64)
    if align_corners:
        scale = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
        source = np.floor(out * scale + 0.5)
    else:
        scale = in_size / out_size
        source = np.floor((out + 0.5) * scale if half_pixel_centers else out * scale)
    return np.clip(source, 0, in_size - 1).astype(np.int32)


def _resize_nearest_neighbor_v2(x, size, align_corners=False, half_pixel_centers=False):
    name = "ResizeNearestNeighborV2"
    if align_corners and half_pixel_centers:
        raise ValueError(f"For {name}, the half_pixel_centers must be false when align_corners "
                         "is true, but half_pixel_centers got True.")
    if x.ndim != 4:
        raise ValueError(f"For primitive[{name}], the image rank must be equal to 4, but got "
                         f"{x.ndim}.")
    if isinstance(size, (tuple, list)) and not all(
            isinstance(s, (int, np.integer)) and not isinstance(s, bool) for s in size):
        raise TypeError(f'Failed calling {name} with "{name}(align_corners=bool, '
                        f'half_pixel_centers=bool)(image=Tensor, size=Tuple<'
                        f'{", ".join(type(s).__name__ for s in size)}>)".')
    size = [int(s) for s in np.asarray(size).reshape(-1)]
    if len(size) != 2:
        raise ValueError(f"For primitive[{name}], the number of size must be equal to 2, but got "
                         f"{len(size)}.")
    if min(size) <= 0:
        raise ValueError(f"For primitive[{name}], the size value must be greater than 0, but got "
                         f"{min(size)}.")
    if x.dtype not in _NEAREST_V2_DTYPES:
        raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type! The supported "
                        "data types of its image are UInt8, Float16, Float32 and Float64, but got "
                        f"{mstype.from_numpy(x.dtype)}.")
    rows = _nearest_v2_indices(size[0], x.shape[-2], align_corners, half_pixel_centers)
    cols = _nearest_v2_indices(size[1], x.shape[-1], align_corners, half_pixel_centers)
    return x[..., rows, :][..., cols]


def _linear_weights(out_size, in_size, align_corners, half_pixel_centers):
    out = np.arange(out_size, dtype=np.float64)
    if align_corners and out_size > 1:
        source = out * ((in_size - 1) / (out_size - 1))
    elif half_pixel_centers:
        source = np.maximum((out + 0.5) * (in_size / out_size) - 0.5, 0.0)
    else:
        source = out * (in_size / out_size)
    low = np.clip(np.floor(source), 0, in_size - 1).astype(np.int32)
    high = np.minimum(low + 1, in_size - 1)
    return low, high, (source - low).astype(np.float32)


def _resize_bilinear_v2(x, size, align_corners=False, half_pixel_centers=False):
    size = tuple(int(s) for s in np.asarray(size).reshape(-1))
    r0, r1, rf = _linear_weights(size[0], x.shape[-2], align_corners, half_pixel_centers)
    c0, c1, cf = _linear_weights(size[1], x.shape[-1], align_corners, half_pixel_centers)
    rf = jnp.asarray(rf, x.dtype)[:, None]
    cf = jnp.asarray(cf, x.dtype)
    rows = x[..., r0, :] * (1 - rf) + x[..., r1, :] * rf
    return rows[..., c0] * (1 - cf) + rows[..., c1] * cf


ResizeNearestNeighbor = primitive(
    "ResizeNearestNeighbor", functional(_resize_nearest_neighbor), size=_REQUIRED,
    align_corners=False, half_pixel_centers=False,
    display=lambda a: {**a, "size": tuple(a["size"])})
ResizeNearestNeighborV2 = primitive(
    "ResizeNearestNeighborV2", functional(_resize_nearest_neighbor_v2), align_corners=False,
    half_pixel_centers=False)
ResizeBilinearV2 = primitive(
    "ResizeBilinearV2", functional(_resize_bilinear_v2), align_corners=False,
    half_pixel_centers=False)


# -- LayerNorm ---------------------------------------------------------------------------------
def _check_layer_norm(x, gamma, beta, begin_norm_axis, begin_params_axis):
    """MindSpore's LayerNorm checks: both axes in [-1, rank) (no other negative axis), then
    gamma and beta each x's shape from `begin_params_axis` on."""
    rank = x.ndim
    for name, axis in (("begin_norm_axis", begin_norm_axis),
                       ("begin_params_axis", begin_params_axis)):
        if not -1 <= axis < rank:
            raise RuntimeError(f"For primitive[LayerNorm], input_x's rank is {rank}, while the "
                               f"'{name}' value should be in the range [-1, {rank}), but got "
                               f"{axis}")
    params_axis = begin_params_axis % rank
    if gamma.ndim + params_axis < rank or beta.ndim + params_axis < rank:
        raise ValueError(
            "For 'LayerNorm', begin_params_axis must be less than or equal to input_x shape size, "
            "gamma shape size add begin_params_axis must be equal to or greater than input_x "
            "shape size, and beta shape size add begin_params_axis must be equal to or greater "
            f"than input_x shape size, But got begin_params_axis: {begin_params_axis}, input_x "
            f"shape size: {rank}, gamma shape size: {gamma.ndim}, beta shape size: {beta.ndim}.")
    if gamma.shape != x.shape[params_axis:] or beta.shape != x.shape[params_axis:]:
        shown = [", ".join(str(d) for d in a.shape) for a in (x, gamma, beta)]
        raise ValueError("For 'LayerNorm', gamma or beta shape must match input shape, but got "
                         f"input shape: [const vector]{{{shown[0]}}}, gamma shape: [const "
                         f"vector]{{{shown[1]}}}, beta shape: [const vector]{{{shown[2]}}}.")


def _layer_norm(x, gamma, beta, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7):
    """(normalised x · gamma + beta, mean, variance), the statistics kept over the normalised
    axes (MindSpore's `ops.LayerNorm`)."""
    _check_layer_norm(x, gamma, beta, begin_norm_axis, begin_params_axis)
    axes = tuple(range(begin_norm_axis % x.ndim, x.ndim))
    y, mean, variance = layer_norm_with_stats(x, axes, epsilon, gamma, beta)
    # MindSpore's backward (LayerNormGrad) reads only the output's cotangent: the mean and
    # variance outputs pass no gradient (tests/goldens/scripts/layer_norm_grad_probe.py).
    return y.astype(x.dtype), jax.lax.stop_gradient(mean), jax.lax.stop_gradient(variance)


LayerNorm = primitive("LayerNorm", functional(_layer_norm), begin_norm_axis=1,
                      begin_params_axis=1, epsilon=1e-7)


# -- detection boxes ---------------------------------------------------------------------------
def _iou(anchor_boxes, gt_boxes, mode="iou"):
    """(M, N) overlaps of gt_boxes (M, 4) with anchor_boxes (N, 4), MindSpore's `+1` pixel
    areas; "iof" divides by the ground truth's area."""
    a = anchor_boxes[None, :, :]
    g = gt_boxes[:, None, :]
    width = jnp.maximum(jnp.minimum(a[..., 2], g[..., 2]) - jnp.maximum(a[..., 0], g[..., 0])
                        + 1, 0)
    height = jnp.maximum(jnp.minimum(a[..., 3], g[..., 3]) - jnp.maximum(a[..., 1], g[..., 1])
                         + 1, 0)
    overlap = width * height
    area_a = (a[..., 2] - a[..., 0] + 1) * (a[..., 3] - a[..., 1] + 1)
    area_g = (g[..., 2] - g[..., 0] + 1) * (g[..., 3] - g[..., 1] + 1)
    if mode == "iof":
        return overlap / area_g
    return overlap / (area_a + area_g - overlap)


def _check_iou_mode(attributes):
    if attributes["mode"] not in ("iou", "iof"):
        raise KeyError(f"For 'IOU', only 'iou' or 'iof' are supported, but got 'mode': "
                       f"{attributes['mode']}.")
    return attributes


IOU = primitive("IOU", functional(_iou), mode="iou", display=_check_iou_mode)


def _centres(boxes):
    width = boxes[:, 2] - boxes[:, 0] + 1.0
    height = boxes[:, 3] - boxes[:, 1] + 1.0
    return (boxes[:, 0] + boxes[:, 2]) * 0.5, (boxes[:, 1] + boxes[:, 3]) * 0.5, width, height


def _bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0),
                         stds=(1.0, 1.0, 1.0, 1.0)):
    px, py, pw, ph = _centres(anchor_box)
    gx, gy, gw, gh = _centres(groundtruth_box)
    deltas = jnp.stack([(gx - px) / pw, (gy - py) / ph, jnp.log(gw / pw), jnp.log(gh / ph)],
                       axis=-1)
    return (deltas - jnp.asarray(means, deltas.dtype)) / jnp.asarray(stds, deltas.dtype)


def _bounding_box_decode(anchor_box, deltas, max_shape=None, means=(0.0, 0.0, 0.0, 0.0),
                         stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
    d = deltas * jnp.asarray(stds, deltas.dtype) + jnp.asarray(means, deltas.dtype)
    max_ratio = abs(float(np.log(wh_ratio_clip)))
    dw = jnp.clip(d[:, 2], -max_ratio, max_ratio)
    dh = jnp.clip(d[:, 3], -max_ratio, max_ratio)
    px, py, pw, ph = _centres(anchor_box)
    gx, gy = px + pw * d[:, 0], py + ph * d[:, 1]
    gw, gh = pw * jnp.exp(dw), ph * jnp.exp(dh)
    x1, y1 = gx - gw * 0.5 + 0.5, gy - gh * 0.5 + 0.5
    x2, y2 = gx + gw * 0.5 - 0.5, gy + gh * 0.5 - 0.5
    if max_shape is not None:
        height, width = max_shape[0], max_shape[1]
        x1, x2 = jnp.clip(x1, 0, width), jnp.clip(x2, 0, width)
        y1, y2 = jnp.clip(y1, 0, height), jnp.clip(y2, 0, height)
    return jnp.stack([x1, y1, x2, y2], axis=-1).astype(deltas.dtype)


BoundingBoxEncode = primitive("BoundingBoxEncode", functional(_bounding_box_encode),
                              means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0))
BoundingBoxDecode = primitive("BoundingBoxDecode", functional(_bounding_box_decode),
                              max_shape=_REQUIRED, means=(0.0, 0.0, 0.0, 0.0),
                              stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016)


def _check_valid(bboxes, img_metas):
    """Boxes (N, 4) that lie inside the image of `img_metas` (height, width, ratio)."""
    height = img_metas[0] * img_metas[2]
    width = img_metas[1] * img_metas[2]
    return ((bboxes[:, 0] >= 0) & (bboxes[:, 1] >= 0)
            & (bboxes[:, 2] <= width - 1) & (bboxes[:, 3] <= height - 1))


CheckValid = primitive("CheckValid", functional(_check_valid))


# -- small aliases -----------------------------------------------------------------------------
def _float_status(x):
    """1.0 (shape (1,)) when `x` holds an inf or nan, else 0.0 (MindSpore's CPU build has no
    kernel; msjax computes it on every backend)."""
    return jnp.any(~jnp.isfinite(x)).astype(jnp.float32).reshape(1)


FloatStatus = primitive("FloatStatus", functional(_float_status))
AdaptiveAvgPool2D = primitive("AdaptiveAvgPool2D", lambda x, output_size:
                              adaptive_avg_pool2d(x, output_size), output_size=_REQUIRED)


# -- MaxPool3D ---------------------------------------------------------------------------------
def _max_pool3d(x, kernel_size=1, strides=1, pad_mode="VALID", pad_list=0, ceil_mode=None,
                data_format="NCDHW"):
    kernel = _spatial(kernel_size)
    stride = _spatial(strides)
    padding = (pad_list,) * 3 if isinstance(pad_list, int) else tuple(pad_list)[::2]
    return max_pool_nd(x, 3, kernel, stride, pad_mode.lower(), padding, 1, bool(ceil_mode))


def _spatial(value):
    value = (value,) * 3 if isinstance(value, int) else tuple(value)
    return value[-3:]


def _max_pool3d_shown(attributes):
    pad = attributes["pad_list"]
    return {"kernel_size": (1, 1) + _spatial(attributes["kernel_size"]),
            "strides": (1, 1) + _spatial(attributes["strides"]),
            "pad_mode": attributes["pad_mode"].upper(),
            "pad_list": (pad,) * 6 if isinstance(pad, int) else tuple(pad),
            "ceil_mode": int(bool(attributes["ceil_mode"])),
            "data_format": attributes["data_format"]}


MaxPool3D = primitive("MaxPool3D", functional(_max_pool3d), kernel_size=1, strides=1,
                      pad_mode="VALID", pad_list=0, ceil_mode=None, data_format="NCDHW",
                      display=_max_pool3d_shown)


# -- scatter into a Parameter ------------------------------------------------------------------
def _scatter_into(op_name, combine, nd=False):
    def scatter(input_x, indices, updates, use_locking=False):
        """Writes into `input_x` (a Parameter, or a Tensor as MindSpore allows) and returns it."""
        if not isinstance(input_x, Tensor):
            raise TypeError(f"For '{op_name}', the 'input_x' must be a Parameter or Tensor, but "
                            f"got {type(input_x).__name__}.")
        index = unwrap(indices)
        if getattr(index, "ndim", 0) and jnp.issubdtype(index.dtype, jnp.integer):
            # (other arguments' errors come from the update below, as before)
            if op_name == "ScatterNdUpdate":
                index_checks.check_tensor_scatter(op_name, index, input_x.shape)
            elif nd:
                index_checks.check_nd_coordinates(op_name, index, input_x.shape)
            elif input_x.ndim:
                index_checks.check_scatter_rows(op_name, index, input_x.shape[0])
        value = jnp.asarray(unwrap(updates), input_x._data.dtype)
        if op_name == "ScatterDiv":
            index_checks.check_nonzero(op_name, value)
        input_x._data = combine(input_x._data, index, value)
        return wrap(input_x._data)
    return x64.scoped(scatter)  # an Int64 Parameter stays Int64


def _nd_rows(index):
    return tuple(jnp.moveaxis(index, -1, 0))


def _nd_update(data, index, value):
    return data.at[_nd_rows(index)].set(value)


def _divide(x, y):
    """MindSpore's scatter division of one element: true division for floats; for integers
    C++'s, truncated toward zero, and x / 0 the type's largest value (smallest for x < 0, 0 for
    x = 0)."""
    if not jnp.issubdtype(x.dtype, jnp.integer):
        return x / y
    info = jnp.iinfo(x.dtype)
    by_zero = jnp.where(x < 0, info.min, jnp.where(x > 0, info.max, 0)).astype(x.dtype)
    return jnp.where(y == 0, by_zero, jax.lax.div(x, jnp.where(y == 0, jnp.ones_like(y), y)))


def _divide_in_order(data, rows, value):
    """Divide `data`'s `rows` by `value`'s rows one after another, as MindSpore's kernel does
    (a row named twice is divided twice, in order: the result rounds as MindSpore's)."""
    rows = tuple(r.reshape(-1) for r in rows)
    value = value.reshape((rows[0].shape[0],) + data.shape[len(rows):])

    def step(current, row_value):
        row, divisor = row_value
        return current.at[row].set(_divide(current[row], divisor)), None

    return jax.lax.scan(step, data, (rows, value))[0]


_ROW_COMBINE = {
    "ScatterAdd": lambda data, index, value: data.at[index].add(value),
    "ScatterSub": lambda data, index, value: data.at[index].add(-value),
    "ScatterMul": lambda data, index, value: data.at[index].multiply(value),
    "ScatterDiv": lambda data, index, value: _divide_in_order(data, (index,), value),
    "ScatterMax": lambda data, index, value: data.at[index].max(value),
    "ScatterMin": lambda data, index, value: data.at[index].min(value),
    "ScatterUpdate": lambda data, index, value: data.at[index].set(value),
}
_ND_COMBINE = {
    "ScatterNdAdd": lambda data, index, value: data.at[_nd_rows(index)].add(value),
    "ScatterNdSub": lambda data, index, value: data.at[_nd_rows(index)].add(-value),
    "ScatterNdMul": lambda data, index, value: data.at[_nd_rows(index)].multiply(value),
    "ScatterNdDiv": lambda data, index, value: _divide_in_order(data, _nd_rows(index), value),
    "ScatterNdMax": lambda data, index, value: data.at[_nd_rows(index)].max(value),
    "ScatterNdMin": lambda data, index, value: data.at[_nd_rows(index)].min(value),
}
# MindSpore's repr shows that these write into their input
_SIDE_EFFECT = shown.with_attrs(side_effect_mem=True)
ScatterNdUpdate = primitive("ScatterNdUpdate", _scatter_into("ScatterNdUpdate", _nd_update),
                            use_locking=True, display=_SIDE_EFFECT)
ScatterAdd = primitive("ScatterAdd", _scatter_into("ScatterAdd", _ROW_COMBINE["ScatterAdd"]),
                       use_locking=False, display=_SIDE_EFFECT)
ScatterUpdate = primitive("ScatterUpdate", _scatter_into(
    "ScatterUpdate", _ROW_COMBINE["ScatterUpdate"]), use_locking=True, display=_SIDE_EFFECT)
ScatterSub = primitive("ScatterSub", _scatter_into("ScatterSub", _ROW_COMBINE["ScatterSub"]),
                       use_locking=False, display=_SIDE_EFFECT)
ScatterMul = primitive("ScatterMul", _scatter_into("ScatterMul", _ROW_COMBINE["ScatterMul"]),
                       use_locking=False, display=_SIDE_EFFECT)
ScatterDiv = primitive("ScatterDiv", _scatter_into("ScatterDiv", _ROW_COMBINE["ScatterDiv"]),
                       use_locking=False, display=_SIDE_EFFECT)
ScatterMax = primitive("ScatterMax", _scatter_into("ScatterMax", _ROW_COMBINE["ScatterMax"]),
                       use_locking=False, display=_SIDE_EFFECT)
ScatterMin = primitive("ScatterMin", _scatter_into("ScatterMin", _ROW_COMBINE["ScatterMin"]),
                       use_locking=False, display=_SIDE_EFFECT)
ScatterNdAdd, ScatterNdSub, ScatterNdMul, ScatterNdDiv, ScatterNdMax, ScatterNdMin = (
    primitive(name, _scatter_into(name, combine, nd=True), use_locking=False, display=_SIDE_EFFECT)
    for name, combine in _ND_COMBINE.items())


@tensor_op()
def scatter_add(input_x, indices, updates):
    """mindspore.ops.scatter_add: ScatterAdd into the Parameter `input_x`; returns it."""
    return ScatterAdd()(input_x, indices, updates)


@tensor_op()
def scatter_mul(input_x, indices, updates):
    """mindspore.ops.scatter_mul: ScatterMul into the Parameter `input_x`; returns it."""
    return ScatterMul()(input_x, indices, updates)


@tensor_op()
def scatter_div(input_x, indices, updates):
    """mindspore.ops.scatter_div: ScatterDiv into the Parameter `input_x`; returns it."""
    return ScatterDiv()(input_x, indices, updates)


@tensor_op()
def scatter_max(input_x, indices, updates):
    """mindspore.ops.scatter_max: ScatterMax into the Parameter `input_x`; returns it."""
    return ScatterMax()(input_x, indices, updates)


@tensor_op()
def scatter_min(input_x, indices, updates):
    """mindspore.ops.scatter_min: ScatterMin into the Parameter `input_x`; returns it."""
    return ScatterMin()(input_x, indices, updates)


@tensor_op()
def scatter_update(input_x, indices, updates):
    """mindspore.ops.scatter_update: ScatterUpdate into the Parameter `input_x`; returns it."""
    return ScatterUpdate()(input_x, indices, updates)


@tensor_op()
def scatter_nd_add(input_x, indices, updates, use_locking=False):
    """mindspore.ops.scatter_nd_add: ScatterNdAdd into the Parameter `input_x`; returns it."""
    return ScatterNdAdd(use_locking)(input_x, indices, updates)


@tensor_op()
def scatter_nd_sub(input_x, indices, updates, use_locking=False):
    """mindspore.ops.scatter_nd_sub: ScatterNdSub into the Parameter `input_x`; returns it."""
    return ScatterNdSub(use_locking)(input_x, indices, updates)


@tensor_op()
def scatter_nd_mul(input_x, indices, updates, use_locking=False):
    """mindspore.ops.scatter_nd_mul: ScatterNdMul into the Parameter `input_x`; returns it."""
    return ScatterNdMul(use_locking)(input_x, indices, updates)


@tensor_op()
def scatter_nd_div(input_x, indices, updates, use_locking=False):
    """mindspore.ops.scatter_nd_div: ScatterNdDiv into the Parameter `input_x`; returns it."""
    return ScatterNdDiv(use_locking)(input_x, indices, updates)


@tensor_op()
def scatter_nd_max(input_x, indices, updates, use_locking=False):
    """mindspore.ops.scatter_nd_max: ScatterNdMax into the Parameter `input_x`; returns it."""
    return ScatterNdMax(use_locking)(input_x, indices, updates)


@tensor_op()
def scatter_nd_min(input_x, indices, updates, use_locking=False):
    """mindspore.ops.scatter_nd_min: ScatterNdMin into the Parameter `input_x`; returns it."""
    return ScatterNdMin(use_locking)(input_x, indices, updates)


# -- Adam and AdamWeightDecay steps on Parameters ----------------------------------------------
def _write_all(boxes, values):
    """Write `values` into the Tensors `boxes` (computed first: a failed step writes none) and
    return them as Tensors."""
    for box, value in zip(boxes, values):
        if not isinstance(box, Tensor):
            raise TypeError(f"For an optimizer Primitive, var, m and v must be Parameters or "
                            f"Tensors, but got {type(box).__name__}.")
    for box, value in zip(boxes, values):
        box._data = value
    return tuple(wrap(box._data) for box in boxes)


def _gradient_of(op_name, position, gradient):
    """The gradient argument as an array; MindSpore's TypeError for one it cannot convert."""
    value = unwrap(gradient)
    if not isinstance(value, (jax.Array, np.ndarray, int, float)):
        kind = _MS_TYPE_NAMES.get(type(value), type(value).__name__)
        raise TypeError(f"For '{op_name}', the {position}th input gradient can not be implicitly "
                        f"converted. Its type is {kind}. Only support Tensor or Scalar.")
    return value


_MS_TYPE_NAMES = {str: "String", list: "List", tuple: "Tuple", dict: "Dict", type(None): "None"}


def _adam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient,
          use_locking=False, use_nesterov=False):
    """`ops.Adam` (ApplyAdam): m, v the moving averages of the gradient and its square, var
    stepped by lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m / (sqrt(v) + epsilon) (with
    Nesterov's momentum, m * beta1 + (1 - beta1) * gradient for m). Writes var, m and v and
    returns them (MindSpore's CPU kernel returns zeros; its GPU and Ascend ones these)."""
    w, m0, v0 = unwrap(var), unwrap(m), unwrap(v)
    g = jnp.asarray(_gradient_of("Adam", 10, gradient), w.dtype)
    scalar = lambda value, like: jnp.asarray(unwrap(value), like.dtype)  # noqa: E731
    b1, b2 = scalar(beta1, w), scalar(beta2, w)  # (computed in var's dtype, kept in m's, v's)
    m1 = (m0.astype(w.dtype) + (1 - b1) * (g - m0.astype(w.dtype))).astype(m0.dtype)
    v1 = (v0.astype(w.dtype) + (1 - b2) * (jnp.square(g) - v0.astype(w.dtype))).astype(v0.dtype)
    lr_t = (scalar(lr, w) * jnp.sqrt(1 - scalar(beta2_power, w)) / (1 - scalar(beta1_power, w)))
    direction = (m1.astype(w.dtype) * scalar(beta1, w) + (1 - scalar(beta1, w)) * g
                 if use_nesterov else m1.astype(w.dtype))
    w1 = w - lr_t * direction / (jnp.sqrt(v1.astype(w.dtype)) + scalar(epsilon, w))
    return _write_all((var, m, v), (w1, m1, v1))


def _adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient, use_locking=False):
    """`ops.AdamWeightDecay`: m, v as Adam's, then var -= lr * (m / (sqrt(v) + epsilon) +
    decay * var). Writes var, m and v and returns them (MindSpore's CPU kernel returns
    zeros)."""
    w, m0, v0 = unwrap(var), unwrap(m), unwrap(v)
    if v0.size != w.size:
        raise RuntimeError(f"For 'AdamWeightDecay', the dtype and shape of 'v' and 'var' must be "
                           f"the same, but got the memory size of 'v': {v0.nbytes} and 'var': "
                           f"{w.nbytes}")
    v_shape, v0 = v0.shape, v0.reshape(w.shape)  # (its kernel reads v as var's memory)
    g = jnp.asarray(_gradient_of("AdamWeightDecay", 9, gradient), w.dtype)
    scalar = lambda value, like: jnp.asarray(unwrap(value), like.dtype)  # noqa: E731
    m1 = scalar(beta1, m0) * m0 + (1 - scalar(beta1, m0)) * g.astype(m0.dtype)
    v1 = scalar(beta2, v0) * v0 + (1 - scalar(beta2, v0)) * jnp.square(g).astype(v0.dtype)
    update = (m1.astype(w.dtype) / (jnp.sqrt(v1.astype(w.dtype)) + scalar(epsilon, w))
              + scalar(decay, w) * w)
    return _write_all((var, m, v), (w - scalar(lr, w) * update, m1, v1.reshape(v_shape)))


Adam = primitive("Adam", x64.scoped(_adam), use_locking=False, use_nesterov=False,
                 display=lambda attrs: {**attrs, "side_effect_mem": True})
AdamWeightDecay = primitive("AdamWeightDecay", x64.scoped(_adam_weight_decay),
                            use_locking=False,
                            display=lambda attrs: {**attrs, "side_effect_mem": True})


def _adam_no_update_param(m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient,
                          use_locking=False, use_nesterov=False):
    """`ops.AdamNoUpdateParam`: Adam's moving averages written into m and v (as `ops.Adam`'s),
    and the step Adam would add to the parameter returned, `-lr * sqrt(1 - beta2_power) /
    (1 - beta1_power) * m / (sqrt(v) + epsilon)` (Nesterov's momentum as Adam's)."""
    m0, v0, g = unwrap(m), unwrap(v), unwrap(gradient)
    if g.dtype != m0.dtype:
        raise TypeError("For primitive[AdamNoUpdateParam], the input type must be same.")
    if g.shape != m0.shape:
        shown_shape = lambda shape: "[" + "".join(f"{d}," for d in shape) + "]"  # noqa: E731
        raise ValueError(f"For primitive[AdamNoUpdateParam], the grad_shape: "
                         f"{shown_shape(g.shape)} must be equal to {shown_shape(m0.shape)}")
    scalar = lambda value: jnp.asarray(unwrap(value), m0.dtype)  # noqa: E731
    b1, b2 = scalar(beta1), scalar(beta2)
    m1 = m0 + (1 - b1) * (g - m0)
    v1 = v0 + (1 - b2) * (jnp.square(g) - v0)
    lr_t = scalar(lr) * jnp.sqrt(1 - scalar(beta2_power)) / (1 - scalar(beta1_power))
    direction = m1 * b1 + (1 - b1) * g if use_nesterov else m1
    _write_all((m, v), (m1, v1))
    return wrap(-lr_t * direction / (jnp.sqrt(v1) + scalar(epsilon)))


def _check_adam_flags(name):
    def check_flags(attrs):
        for flag in ("use_locking", "use_nesterov"):
            check.check_value_type(flag, attrs[flag], [bool], name)
    return check_flags


AdamNoUpdateParam = primitive("AdamNoUpdateParam", x64.scoped(_adam_no_update_param),
                              use_locking=False, use_nesterov=False,
                              check=_check_adam_flags("AdamNoUpdateParam"),
                              display=lambda attrs: {**attrs, "side_effect_mem": True})


def _adam_with_amsgrad_step(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon,
                            gradient, op_name):
    """AMSGrad's Adam step: m, v as Adam's, vhat = max(vhat, v), var -= lr * sqrt(1 -
    beta2_power) / (1 - beta1_power) * m / (sqrt(vhat) + epsilon), computed in var's dtype.
    Writes var, m, v and vhat and returns them."""
    w = unwrap(var)
    g = jnp.asarray(_gradient_of(op_name, 11, gradient), w.dtype)
    scalar = lambda value: jnp.asarray(unwrap(value), w.dtype)  # noqa: E731
    b1, b2 = scalar(beta1), scalar(beta2)
    m1 = b1 * unwrap(m).astype(w.dtype) + (1 - b1) * g
    v1 = b2 * unwrap(v).astype(w.dtype) + (1 - b2) * jnp.square(g)
    vhat1 = jnp.maximum(unwrap(vhat).astype(w.dtype), v1)
    lr_t = scalar(lr) * jnp.sqrt(1 - scalar(beta2_power)) / (1 - scalar(beta1_power))
    w1 = w - lr_t * m1 / (jnp.sqrt(vhat1) + scalar(epsilon))
    return _write_all((var, m, v, vhat), (w1, m1.astype(unwrap(m).dtype),
                                          v1.astype(unwrap(v).dtype),
                                          vhat1.astype(unwrap(vhat).dtype)))


def _adam_with_amsgrad_v2(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon,
                          grad, use_locking=False):
    """`ops.ApplyAdamWithAmsgradV2(use_locking)(var, m, v, vhat, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, grad)`: AMSGrad's Adam step (numbers or Tensors for the scalars)."""
    return _adam_with_amsgrad_step(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2,
                                   epsilon, grad, "ApplyAdamWithAmsgradV2")


def _adam_with_amsgrad(var, m, v, vhat, beta1_power, beta2_power, lr, grad, beta1=0.9,
                       beta2=0.999, epsilon=1e-8, use_locking=False):
    """`ops.ApplyAdamWithAmsgrad(beta1, beta2, epsilon, use_locking)(var, m, v, vhat,
    beta1_power, beta2_power, lr, grad)`: AMSGrad's Adam step; beta1_power must be a Tensor."""
    if not isinstance(beta1_power, Tensor):
        kind = "Float32" if isinstance(beta1_power, float) else type(beta1_power).__name__
        raise TypeError("For Primitive[ApplyAdamWithAmsgrad], the type of input "
                        f"argument[beta1_power_type] must be Tensor but got {kind}.")
    return _adam_with_amsgrad_step(var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2,
                                   epsilon, grad, "ApplyAdamWithAmsgrad")


ApplyAdamWithAmsgradV2 = primitive(
    "ApplyAdamWithAmsgradV2", x64.scoped(_adam_with_amsgrad_v2), use_locking=False,
    display=lambda attrs: {**attrs, "side_effect_mem": True})
ApplyAdamWithAmsgrad = primitive(
    "ApplyAdamWithAmsgrad", x64.scoped(_adam_with_amsgrad), beta1=0.9, beta2=0.999,
    epsilon=1e-8, use_locking=False, display=lambda attrs: {**attrs, "side_effect_mem": True})


# -- NMSWithMask, RandomChoiceWithMask ---------------------------------------------------------
def _nms_with_mask(bboxes, iou_threshold=0.5):
    """(boxes sorted by score, descending; their positions 0..N-1; True where kept) -- greedy
    non-maximum suppression: a box is dropped when its IoU with a kept, higher-scored box is
    above `iou_threshold` (MindSpore's CPU `NMSWithMask`)."""
    order = jnp.argsort(-bboxes[:, 4], stable=True)
    boxes = bboxes[order]
    x0, y0, x1, y1 = boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]
    area = (x1 - x0) * (y1 - y0)
    width = jnp.maximum(jnp.minimum(x1[:, None], x1[None]) - jnp.maximum(x0[:, None], x0[None]), 0)
    height = jnp.maximum(jnp.minimum(y1[:, None], y1[None]) - jnp.maximum(y0[:, None], y0[None]),
                         0)
    overlap = width * height
    iou = overlap / (area[:, None] + area[None] - overlap)
    count = boxes.shape[0]

    def visit(i, keep):
        suppressed = jnp.any(keep & (jnp.arange(count) < i) & (iou[i] > iou_threshold))
        return keep.at[i].set(~suppressed)

    keep = jax.lax.fori_loop(0, count, visit, jnp.zeros((count,), bool))
    return boxes, jnp.arange(count, dtype=jnp.int32), keep


NMSWithMask = primitive("NMSWithMask", functional(_nms_with_mask), iou_threshold=0.5)


def _random_choice_with_mask(input_x, count=256, seed=0, seed2=0):
    """`count` random coordinates of the True elements of `input_x` (int32, (count, ndim)) and a
    mask of which rows are real: rows beyond the number of True elements are zeros, masked off."""
    flat = input_x.reshape(-1)
    total = flat.shape[0]
    scores = jax.random.uniform(_seed_key(seed, seed2), (total,))
    order = jnp.argsort(jnp.where(flat, scores, 2.0))  # True elements first, in random order
    if count > total:
        order = jnp.concatenate([order, jnp.zeros((count - total,), order.dtype)])
    chosen = order[:count]
    valid = (jnp.arange(count) < jnp.sum(flat)) & (jnp.arange(count) < total)
    coordinates = jnp.stack(jnp.unravel_index(chosen, input_x.shape), axis=-1).astype(jnp.int32)
    return jnp.where(valid[:, None], coordinates, 0), valid


RandomChoiceWithMask = primitive("RandomChoiceWithMask", functional(_random_choice_with_mask),
                                 count=256, seed=0, seed2=0,
                                 display=lambda a: {**a, "side_effect_hidden": True})


# -- DepthwiseConv2dNative (deprecated in MindSpore for nn.Conv2d; no CPU kernel in 2.10) --------
def _positive_pair(name, value, prim_name):
    check.check_value_type(name, value, (int, tuple), prim_name)
    pair = (value, value) if isinstance(value, int) else tuple(value)
    if len(pair) != 2 or any(isinstance(v, bool) or not isinstance(v, int) or v <= 0
                             for v in pair):
        raise ValueError(f"For '{prim_name}' attr '{name}' must be an positive int number or a "
                         f"tuple of two positive int numbers, but got {value}")
    return pair


def _depthwise_conv(x, w, channel_multiplier, kernel_size, pad_mode, pad, stride, dilation):
    """Each input channel convolved with its own kernels: `w` is (K, C, kh, kw), output channel
    `c·K + k` (K, the channel multiplier, must be 1 in MindSpore's shape inference)."""
    name = "DepthwiseConv2dNative"
    if x.ndim != 4 or w.ndim != 4:
        raise ValueError(f"For '{name}', the 'x rank' and 'weight rank' must be = 4, but got "
                         f"{x.ndim} and {w.ndim}.")
    if x.shape[1] != w.shape[1]:
        raise ValueError(f"For '{name}', the 'x_shape[1]' should be = w_shape[1]: {w.shape[1]}, "
                         f"but got {x.shape[1]}.")
    if tuple(kernel_size) != tuple(w.shape[2:4]):
        raise ValueError(f"For '{name}', the 'kernel_size' should be = w_shape[2:4]: "
                         f"{tuple(w.shape[2:4])}, but got {tuple(kernel_size)}.")
    if w.shape[0] != 1:
        raise ValueError(f"For '{name}', the batch of 'weight' must be 1, but got {w.shape[0]}")
    channels = x.shape[1]
    kernels = jnp.transpose(w, (1, 0, 2, 3)).reshape((channels * w.shape[0], 1) + w.shape[2:])
    if pad_mode == "pad":
        padding = [(pad[0], pad[1]), (pad[2], pad[3])]
    else:
        padding = pad_mode.upper()
    out = jax.lax.conv_general_dilated(x, kernels.astype(x.dtype), stride, padding,
                                       rhs_dilation=dilation, feature_group_count=channels,
                                       dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                       precision=op_precision.conv_precision())
    return out if channel_multiplier == 1 else jnp.repeat(out, channel_multiplier, axis=1)


class DepthwiseConv2dNative(Primitive):
    """`ops.DepthwiseConv2dNative(channel_multiplier, kernel_size, mode=3, pad_mode='valid',
    pad=0, stride=1, dilation=1, group=1)`: a depthwise 2-D convolution (NCHW), with MindSpore's
    constructor checks. MindSpore 2.10's CPU build has no kernel for it; msjax computes it
    everywhere (docs/migration.md)."""

    def __init__(self, channel_multiplier, kernel_size, mode=3, pad_mode="valid", pad=0,
                 stride=1, dilation=1, group=1):
        super().__init__("DepthwiseConv2dNative")
        name = self.name
        self.kernel_size = _positive_pair("kernel_size", kernel_size, name)
        stride = _positive_pair("stride", stride, name)
        dilation = _positive_pair("dilation", dilation, name)
        for attr, value in (("stride", stride), ("dilation", dilation)):
            if value[0] != value[1]:
                raise ValueError(f"The height and width of '{attr}' must be equal,but got "
                                 f"height:{value[0]},  width:{value[1]}")
        check.check_value_type("pad", pad, (int, tuple), name)
        check.check_value_type("pad_mode", pad_mode, [str], name)
        given_pad = pad
        pad = (pad,) * 4 if isinstance(pad, int) else tuple(pad)
        if len(pad) != 4:
            check.check_equal_int(len(pad), 4, "pad size", name)
        self.pad_mode = check.check_string(pad_mode.lower(), ["valid", "same", "pad"], "pad_mode",
                                           name)
        if pad_mode != "pad" and pad != (0, 0, 0, 0):
            raise ValueError(f"For '{name}', the 'pad' must be zero or (0, 0, 0, 0) when "
                             f"'pad_mode' is not \"pad\", but got 'pad' is {given_pad} and "
                             f"'pad_mode' is {pad_mode}.")
        if self.pad_mode == "pad":
            for item in pad:
                check.check_non_negative_int(item, "pad item", name)
        self.mode = check.check_equal_int(mode, 3, "mode", name)
        self.channel_multiplier = check.check_positive_int(channel_multiplier,
                                                           "channel_multiplier", name)
        self.group = check.check_positive_int(group, "group", name)
        self.stride, self.dilation, self.padding = stride, dilation, pad
        # (MindSpore keeps kernel_size and pad_mode as given: `3`, 'SAME')
        self.attrs.update(channel_multiplier=channel_multiplier, kernel_size=kernel_size,
                          mode=mode, pad_mode=pad_mode, pad=pad,
                          stride=(1, 1) + stride, dilation=(1, 1) + dilation, group=group,
                          data_format="NCHW", offset_a=0)

    def __call__(self, x, w):
        for arg in (x, w):
            if not isinstance(arg, Tensor):
                raise TypeError(f"For '{self.name}', the input 'x' and 'w' must be Tensor, but "
                                f"got {type(arg).__name__}.")
        if x.dtype != w.dtype or not (jnp.issubdtype(x._data.dtype, jnp.number)):
            raise TypeError(f"For '{self.name}', the 'x' and 'w' must be Tensors of the same "
                            f"number type, but got {x.dtype} and {w.dtype}.")
        return wrap(_depthwise_conv(x._data, w._data, self.channel_multiplier, self.kernel_size,
                                    self.pad_mode, self.padding, self.stride, self.dilation))


PRIMITIVES["DepthwiseConv2dNative"] = DepthwiseConv2dNative  # a class of its own: listed by hand


# -- DataFormatDimMap ----------------------------------------------------------------------------
_DIM_MAP_FORMATS = ("NHWC", "NCHW")


def _data_format_dim_map(x, src_format="NHWC", dst_format="NCHW"):
    """Each axis index `x` (in [-4, 4)) of `dst_format` mapped to the index of the same axis in
    `src_format` (MindSpore's table: `src_format.index(dst_format[x])`)."""
    name = "DataFormatDimMap"
    for arg, value in (("src_format", src_format), ("dst_format", dst_format)):
        if value not in _DIM_MAP_FORMATS:
            raise ValueError(f"For '{name}', the '{arg}' must be str and must be in "
                             f"'{list(_DIM_MAP_FORMATS)}', but got '{value}'.")
    if x.dtype not in (np.int32, np.int64):
        raise TypeError(f"For primitive[{name}], the input argument[input type] must be a type "
                        f"of {{Tensor[Int32], Tensor[Int64]}}, but got "
                        f"Tensor[{mstype.from_numpy(x.dtype)}].")
    table = jnp.asarray([src_format.index(axis) for axis in dst_format], x.dtype)
    return table[jnp.mod(x, 4)]


DataFormatDimMap = primitive("DataFormatDimMap", functional(_data_format_dim_map),
                             src_format="NHWC", dst_format="NCHW")
