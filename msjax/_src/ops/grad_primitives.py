"""More of MindSpore's gradient Primitives (`ops.operations._grad_ops`), re-exported by
`grad_ops` (whose names `mindspore.ops.operations._grad_ops` answers): MaxPoolGradWithArgmaxV2,
SigmoidCrossEntropyWithLogitsGrad, L2NormalizeGrad, FractionalMaxPoolGrad,
MaxPoolGradGradWithArgmax, MaxPoolGradGrad, PadV3Grad, GridSampler2DGrad, GridSampler3DGrad,
NLLLossGrad, and ops.auto_generate's MinimumGrad, MaximumGradGrad, LayerNormGradGrad and
ResizeNearestNeighborV2Grad, each the backward of msjax's forward operator, with MindSpore 2.10's attributes,
reprs and errors (tests/goldens/scripts/ops16a_grad_primitives_probe.py,
ops16a_fractional_max_pool_grad_probe.py, ops18_grad_primitives_probe.py,
sampler_nll_grad_primitives_probe.py, opsb18_ops_probe.py, dyn20_grad_primitives_probe.py)."""
from __future__ import annotations

import inspect
import math

import jax
import jax.numpy as jnp
from jax import lax

from msjax._src.backend.interface import one_program
from msjax._src.core import checkparam
from msjax._src.core import dtype as mstype
from msjax._src.core import integer_inputs
from msjax._src.ops.fractional_pool_ops import _cell_members
from msjax._src.ops.grid_sample_ops import MODES, PADDINGS, enum_index, sample
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.adapters import concrete_array
from msjax._src.ops.input_rules import ms_name
from msjax._src.ops.legacy_ops import _resize_nearest_neighbor_v2
from msjax._src.ops.loss_ops import nll_label_weights
from msjax._src.ops.nn_ops import max_pool_argmax_2d
from msjax._src.ops.pad_v3_ops import pad_v3
from msjax._src.ops.pooling_ops import _max_pool_argmax_v2_attributes, _max_pool_argmax_v2_shown
from msjax._src.ops.primitives import _l2_normalize_backward
from msjax._src.ops.registry import functional, primitive


def _max_pool_grad_with_argmax_v2(x, grad, argmax, kernel_size, strides=None, pads=0,
                                  dilation=(1, 1), ceil_mode=False, argmax_type=mstype.int64):
    """`x`'s gradient: each value of the NCHW `grad` added at the flat H·W position `argmax`
    names (MaxPoolWithArgmaxV2's), in `grad`'s dtype; positions no window chose get 0."""
    if x.ndim != 4:
        raise ValueError("For primitive[MaxPoolGradWithArgmaxV2], the x_shape must be equal to 4, "
                         f"but got {x.ndim}.")
    planes = x.shape[0] * x.shape[1]
    flat_grad = grad.reshape((planes, -1))
    flat_index = argmax.reshape(flat_grad.shape).astype(jnp.int32)
    rows = jnp.arange(planes)[:, None]
    out = jnp.zeros((planes, x.shape[2] * x.shape[3]), grad.dtype)
    return out.at[rows, flat_index].add(flat_grad).reshape(x.shape)


MaxPoolGradWithArgmaxV2 = primitive(
    "MaxPoolGradWithArgmaxV2", functional(_max_pool_grad_with_argmax_v2),
    check=_max_pool_argmax_v2_attributes, kernel_size=inspect.Parameter.empty, strides=None,
    pads=0, dilation=(1, 1), ceil_mode=False, argmax_type=mstype.int64,
    display=lambda attrs: {**_max_pool_argmax_v2_shown(attrs),
                           "argmax_type": str(attrs["argmax_type"])})


def _sigmoid_cross_entropy_with_logits_grad(logits, label, dout):
    """dout · (sigmoid(logits) − label): SigmoidCrossEntropyWithLogits' gradient in `logits`."""
    return dout * (jax.nn.sigmoid(logits) - label)


SigmoidCrossEntropyWithLogitsGrad = primitive(
    "SigmoidCrossEntropyWithLogitsGrad", functional(_sigmoid_cross_entropy_with_logits_grad))


def _l2_normalize_grad(input_x, out, dout, axis=0, epsilon=1e-4):
    """L2Normalize's gradient: (dout − out · Σ(out · dout)) / max(‖input_x‖, epsilon) along
    `axis` (`out` is L2Normalize's output, as MindSpore's kernel reads it)."""
    axis = axis if isinstance(axis, int) else tuple(axis)
    squares = jnp.sum(jnp.square(input_x), axis=axis, keepdims=True)
    return _l2_normalize_backward(axis, epsilon, (out, squares), dout)[0]


L2NormalizeGrad = primitive(
    "L2NormalizeGrad", functional(_l2_normalize_grad), axis=0, epsilon=1e-4,
    display=lambda a: {**a, "axis": [a["axis"]] if isinstance(a["axis"], int) else a["axis"]})


_FRACTIONAL_TYPES = ("Float32", "Float64", "Int32", "Int64")


def _fractional_max_pool_grad(orig_input, orig_output, out_backprop, row_pooling_sequence,
                              col_pooling_sequence, overlapping=False):
    """FractionalMaxPool's backward, NHWC: each output cell's gradient added at the first
    (row-major) largest input of its cell ([s_i, s_{i+1}), or [s_i, s_{i+1}] when
    `overlapping`, clipped to the input), found again from `orig_input`."""
    name = "FractionalMaxPoolGrad"
    if ms_name(orig_input.dtype) not in _FRACTIONAL_TYPES:
        raise TypeError(f"For primitive[{name}], the input argument[orig_input] must be a type "
                        "of {" + ", ".join(f"Tensor[{t}]" for t in _FRACTIONAL_TYPES)
                        + f"}}, but got Tensor[{ms_name(orig_input.dtype)}].")
    if orig_input.ndim != 4:
        raise ValueError(f"For primitive[{name}], the orig_input_rank must be equal to 4, but got "
                         f"{orig_input.ndim}.")
    if row_pooling_sequence.dtype != col_pooling_sequence.dtype:
        col, row = ms_name(col_pooling_sequence.dtype), ms_name(row_pooling_sequence.dtype)
        raise TypeError(f"For primitive[{name}], the input type must be same.\n"
                        f"name:[col_pooling_sequence]:Tensor[{col}].\n"
                        f"name:[row_pooling_sequence]:Tensor[{row}].")
    _, height, width, _ = orig_input.shape
    cells_r, cells_c = out_backprop.shape[1], out_backprop.shape[2]
    rows, row_member = _cell_members(row_pooling_sequence.astype(jnp.int64), height, cells_r,
                                     overlapping)
    cols, col_member = _cell_members(col_pooling_sequence.astype(jnp.int64), width, cells_c,
                                     overlapping)
    # (N, cells_r, span_r, cells_c, span_c, C) -> (N, cells_r, cells_c, C, span_r·span_c)
    window = jnp.take(jnp.take(orig_input, rows, axis=1), cols, axis=3)
    member = (row_member[:, :, None, None] & col_member[None, None])[None, ..., None]
    lowest = (jnp.finfo(window.dtype).min if jnp.issubdtype(window.dtype, jnp.floating)
              else jnp.iinfo(window.dtype).min)
    window = jnp.where(member, window, lowest).transpose(0, 1, 3, 5, 2, 4)
    span_c = cols.shape[1]
    first = jnp.argmax(window.reshape(window.shape[:4] + (-1,)), axis=-1)
    at_row = rows[jnp.arange(cells_r)[:, None, None], first // span_c]  # (N, r, c, C)
    at_col = cols[jnp.arange(cells_c)[None, :, None], first % span_c]
    batch = jnp.arange(orig_input.shape[0])[:, None, None, None]
    channel = jnp.arange(orig_input.shape[3])[None, None, None, :]
    grad = jnp.zeros(orig_input.shape, out_backprop.dtype)
    return grad.at[batch, at_row, at_col, channel].add(out_backprop)


FractionalMaxPoolGrad = primitive("FractionalMaxPoolGrad", functional(_fractional_max_pool_grad),
                                  overlapping=False)


def _pool_grad_window(primitive_name, arg_name, value):
    """A `_PoolGrad` window attribute (`kernel_size`, `strides`) as MindSpore keeps it, NCHW:
    `k` -> (1, 1, k, k), `(kh, kw)` -> (1, 1, kh, kw), a 4-tuple as it is; all positive ints."""
    if isinstance(value, int):
        window = (1, 1, value, value)
    elif len(value) == 2:
        window = (1, 1) + value
    else:
        window = value
    if len(window) != 4 or not all(isinstance(v, int) and v > 0 for v in window):
        raise ValueError(f"For '{primitive_name}' the '{arg_name}' must be an positive int number "
                         f"or a tuple of two or four positive int numbers, but got {value}")
    return window


def _pool_grad_attributes(primitive_name):
    """The constructor check of MindSpore's `_PoolGrad` Primitives: `pad_mode` a str, 'VALID' or
    'SAME' in any case; `kernel_size` and `strides` windows as `_pool_grad_window` takes them."""
    def check(attrs):
        for name, types in (("kernel_size", (int, tuple)), ("strides", (int, tuple)),
                            ("pad_mode", (str,))):
            checkparam.check_value_type(name, attrs[name], types, primitive_name)
        if attrs["pad_mode"].upper() not in ("VALID", "SAME"):
            raise ValueError(f"For '{primitive_name}', the 'pad_mode' must be str and must be in "
                             f"'['VALID', 'SAME']', but got '{attrs['pad_mode'].upper()}'.")
        for name in ("kernel_size", "strides"):
            _pool_grad_window(primitive_name, name, attrs[name])
    return check


def _pool_grad_shown(attrs):
    """A `_PoolGrad` Primitive's attributes as MindSpore's repr shows them: NCHW windows, the
    pad mode upper-cased, the data format."""
    return {"kernel_size": _pool_grad_window("", "", attrs["kernel_size"]),
            "strides": _pool_grad_window("", "", attrs["strides"]),
            "pad_mode": attrs["pad_mode"].upper(), "data_format": "NCHW"}


_pool_grad_shown.attribute_names = ("kernel_size", "strides", "pad_mode")  # (as shown)


def _max_pool_grad_grad_with_argmax(x, grad, argmax, kernel_size=1, strides=1, pad_mode="VALID"):
    """MaxPoolGradWithArgmax's gradient: for each position of `argmax` (N, C, h, w), the value
    of `grad` (shaped as `x`) at the flat index it holds into its sample's C·H·W values, as
    MindSpore's kernel reads it (sample n's index i is element n·C·H·W + i of all of `grad`).
    The result has `argmax`'s shape and `grad`'s dtype. The window attributes are not read."""
    sample = math.prod(grad.shape[1:])
    base = (jnp.arange(argmax.shape[0], dtype=argmax.dtype) * sample).reshape((-1, 1, 1, 1))
    return jnp.take(grad.reshape(-1), base + argmax, mode="fill", fill_value=0)


MaxPoolGradGradWithArgmax = primitive(
    "MaxPoolGradGradWithArgmax", functional(_max_pool_grad_grad_with_argmax),
    check=_pool_grad_attributes("MaxPoolGradGradWithArgmax"), kernel_size=1, strides=1,
    pad_mode="VALID", display=_pool_grad_shown)


def _max_pool_grad_grad(x, origin_output, grad, kernel_size=1, strides=1, pad_mode="VALID"):
    """`_grad_ops.MaxPoolGradGrad(kernel_size, strides, pad_mode)(x, origin_output, grad)`:
    MaxPool's gradient's gradient. For each window MaxPool (NCHW, the attributes' H and W) reads
    from `x`, the value of `grad` (shaped as `x`) where `x` has the window's maximum; the result
    has `origin_output`'s shape and `grad`'s dtype."""
    kernel = _pool_grad_window("MaxPoolGradGrad", "kernel_size", kernel_size)[2:]
    stride = _pool_grad_window("MaxPoolGradGrad", "strides", strides)[2:]
    _, index = max_pool_argmax_2d(x, kernel, stride, pad_mode.lower())
    planes = grad.reshape(grad.shape[:-2] + (-1,))
    picked = jnp.take_along_axis(planes, index.reshape(index.shape[:-2] + (-1,)), axis=-1)
    return picked.reshape(origin_output.shape)


MaxPoolGradGrad = primitive(
    "MaxPoolGradGrad", functional(_max_pool_grad_grad),
    check=_pool_grad_attributes("MaxPoolGradGrad"), kernel_size=1, strides=1, pad_mode="VALID",
    display=_pool_grad_shown)


def _pad_v3_grad(x, paddings, mode="reflect", paddings_contiguous=True):
    """PadV3's gradient: `x` is the gradient of PadV3(mode)'s output, the result that of its
    input (each axis `len(paddings) // 2` from the end shorter by its two paddings): every value
    of `x` added at the input position PadV3 copied it from."""
    flat = [int(v) for v in concrete_array(paddings).reshape(-1)]
    if len(flat) not in (2, 4, 6):
        raise ValueError(f"For 'PadV3Grad', the length of paddings must be 2, 4 or 6, but got "
                         f"{len(flat)}")
    if len(flat) // 2 + 2 != x.ndim:
        raise ValueError(f"For primitive[PadV3Grad], the input dims when padding's size equal "
                         f"{len(flat)} must be equal to {x.ndim}, but got {len(flat) // 2 + 2}.")
    half = len(flat) // 2
    pairs = ([(flat[2 * i], flat[2 * i + 1]) for i in range(half)] if paddings_contiguous
             else [(flat[i], flat[half + i]) for i in range(half)])
    shape = list(x.shape)
    for axis, (low, high) in zip(range(x.ndim - 1, -1, -1), pairs):
        shape[axis] -= low + high
    size = math.prod(shape)
    if size == 0:
        return jnp.zeros(shape, x.dtype)
    # where PadV3 takes each output value from: its input's flat positions, padded the same way
    source = pad_v3(jnp.arange(size, dtype=jnp.int32).reshape(shape), tuple(flat),
                    mode=mode, paddings_contiguous=paddings_contiguous)
    summed = jax.ops.segment_sum(x.reshape(-1), source.reshape(-1), num_segments=size)
    return summed.reshape(shape).astype(x.dtype)


def _pad_v3_grad_attributes(attrs):
    """PadV3Grad's constructor check: `mode` one of 'reflect', 'edge', 'circular';
    `paddings_contiguous` a bool."""
    checkparam.check_string(attrs["mode"], ["reflect", "edge", "circular"], "mode", "PadV3Grad")
    checkparam.check_bool(attrs["paddings_contiguous"], "paddings_contiguous", "PadV3Grad")


PadV3Grad = primitive("PadV3Grad", functional(_pad_v3_grad), check=_pad_v3_grad_attributes,
                      mode="reflect", paddings_contiguous=True,
                      display=lambda attrs: {**attrs, "cust_aicpu": "PadV3Grad"})


def _sampler_grad(name, rank):
    """`ops.auto_generate.<name>(interpolation_mode, padding_mode, align_corners,
    output_mask=(1, 1))(grad, input_x, grid)` -> `(dx, dgrid)`: the gradients of the sampling for
    the output gradient `grad` (JAX's, as `grid_sample`'s; golden
    sampler_nll_grad_primitives_probe). MindSpore's CPU kernel computes both whatever
    `output_mask` says, and so does msjax."""
    def sample_grad(grad, input_x, grid, interpolation_mode="bilinear", padding_mode="zeros",
                    align_corners=False, output_mask=(1, 1)):
        if grid.shape[-1] != rank:
            raise ValueError(_GRID_LAST_AXIS[rank].format(got=grid.shape[-1]))
        # float16 in float32, rounded once (MindSpore's kernel: its results are those rounded)
        wide = jnp.promote_types(input_x.dtype, jnp.float32)
        _, pull = jax.vjp(lambda x, g: sample(x, g, interpolation_mode, padding_mode,
                                               bool(align_corners)),
                          input_x.astype(wide), grid.astype(wide))
        dx, dgrid = pull(grad.astype(wide))
        return dx.astype(input_x.dtype), dgrid.astype(grid.dtype)

    sample_grad.__name__ = sample_grad.__qualname__ = name.lower()

    def check(attrs):
        enum_index(attrs["interpolation_mode"], MODES, "interpolation_mode", name)
        enum_index(attrs["padding_mode"], PADDINGS, "padding_mode", name)

    def display(attrs):
        return {**attrs, "interpolation_mode": MODES.index(attrs["interpolation_mode"]),
                "padding_mode": PADDINGS.index(attrs["padding_mode"]),
                "output_mask": tuple(attrs["output_mask"])}

    return primitive(name, functional(one_program(sample_grad)), check=check, display=display,
                     interpolation_mode="bilinear", padding_mode="zeros", align_corners=False,
                     output_mask=(1, 1))


_GRID_LAST_AXIS = {  # MindSpore's shape inference messages (they differ)
    2: "The last dimension of grid must be 2, but got {got}",
    3: "For 'GridSampler3DGrad', the last dimension of 'grid' must be 3, but got {got}."}

GridSampler2DGrad = _sampler_grad("GridSampler2DGrad", 2)
GridSampler3DGrad = _sampler_grad("GridSampler3DGrad", 3)


def _nll_loss_grad(logits, loss_grad, labels, weight, total_weight, reduction="mean",
                   ignore_index=-100):
    """`ops.auto_generate.NLLLossGrad(reduction, ignore_index)(logits, loss_grad, labels, weight,
    total_weight)`: NLLLoss's gradient with respect to `logits`, `-loss_grad * weight[label]`
    at each row's label (divided by `total_weight` for 'mean'; 0 for an ignored label), 0
    elsewhere (golden sampler_nll_grad_primitives_probe)."""
    labels, picked = nll_label_weights(integer_inputs.as_index(labels), weight, ignore_index)
    scale = loss_grad / total_weight if reduction == "mean" else loss_grad
    rows = -(picked * scale).astype(logits.dtype)
    return jnp.zeros_like(logits).at[jnp.arange(logits.shape[0]), labels].set(rows)


NLLLossGrad = primitive(
    "NLLLossGrad", functional(_nll_loss_grad), reduction="mean", ignore_index=-100,
    display=shown.REDUCTION_ENUM,
    check=lambda attrs: enum_index(attrs["reduction"], ("sum", "mean", "none"), "reduction",
                                   "NLLLossGrad"))


_LAYER_NORM_EPSILON = 1e-12  # MindSpore's LayerNormGrad kernel's


def _layer_norm_grad(x, dy, variance, mean, gamma, begin_norm_axis, begin_params_axis):
    """`LayerNormGrad(begin_norm_axis=1, begin_params_axis=1)(x, dy, variance, mean, gamma)` ->
    (dx, dgamma, dbeta): LayerNorm's gradients given the forward's statistics over the axes from
    `begin_norm_axis` on (`variance` and `mean` of the reduced shape, kept axes or not) and
    `gamma` of `x.shape[begin_params_axis:]`; dgamma and dbeta sum over the axes before
    `begin_params_axis`. Computed in float32 for float16 inputs, returned in `x`'s dtype."""
    rank = x.ndim
    norm_start, params_start = begin_norm_axis % rank, begin_params_axis % rank
    norm_axes, param_axes = tuple(range(norm_start, rank)), tuple(range(params_start))
    kept = x.shape[:norm_start] + (1,) * (rank - norm_start)
    compute = jnp.promote_types(x.dtype, jnp.float32)
    x32, dy32 = x.astype(compute), dy.astype(compute)
    mean32 = mean.astype(compute).reshape(kept)
    inv_std = lax.rsqrt(variance.astype(compute).reshape(kept) + _LAYER_NORM_EPSILON)
    scale = gamma.astype(compute)
    centered = x32 - mean32
    count = math.prod(x.shape[norm_start:])
    scaled_dy = dy32 * scale
    sum_var = jnp.sum(-0.5 * scaled_dy * centered * inv_std ** 3, norm_axes, keepdims=True)
    sum_dy = jnp.sum(scaled_dy, norm_axes, keepdims=True)
    sum_centered = jnp.sum(-2.0 * centered, norm_axes, keepdims=True)
    dx = (scaled_dy * inv_std + sum_var * (2.0 / count) * centered
          + (-inv_std * sum_dy + sum_var * sum_centered / count) / count)
    dgamma = jnp.sum(dy32 * inv_std * centered, param_axes)
    dbeta = jnp.sum(dy32, param_axes)
    return dx.astype(x.dtype), dgamma.astype(gamma.dtype), dbeta.astype(gamma.dtype)


# -- ops.auto_generate's Minimum/Maximum and LayerNorm second-order gradients ------------------
# (tests/goldens/scripts/dyn20_grad_primitives_probe.py)
_MIN_MAX_GRAD_TYPES = ("BFloat16", "Float16", "Float32", "Float64", "Int16", "Int32", "Int64",
                       "Int8", "UInt16", "UInt32", "UInt64", "UInt8")


def _check_min_max_inputs(name, first, second, names):
    """MindSpore's checks of MinimumGrad's and MaximumGradGrad's first two inputs: a real number
    dtype, the same for both."""
    for argument, value in zip(names, (first, second)):
        kind = str(mstype.from_numpy(value.dtype))
        if kind not in _MIN_MAX_GRAD_TYPES:
            kinds = ", ".join(f"Tensor[{k}]" for k in _MIN_MAX_GRAD_TYPES)
            raise TypeError(f"For primitive[{name}], the input argument[{argument}] must be a "
                            f"type of {{{kinds}}}, but got Tensor[{kind}].")
    if first.dtype != second.dtype:
        raise TypeError(f"For '{name}', the dtype of two args should be same, but the dtype of "
                        f"first arg Tensor[{mstype.from_numpy(first.dtype)}] is not consistent "
                        f"with the dtype of second arg Tensor[{mstype.from_numpy(second.dtype)}]")


def _sum_to_shape(value, shape):
    """`value` summed over the axes broadcasting added to or stretched from `shape`."""
    extra = value.ndim - len(shape)
    axes = tuple(range(extra)) + tuple(extra + i for i, d in enumerate(shape)
                                       if d == 1 and value.shape[extra + i] != 1)
    return jnp.sum(value, axis=axes).reshape(shape) if axes else value.reshape(shape)


def _minimum_grad(x1, x2, grads, grad_x=True, grad_y=True):
    """`MinimumGrad(grad_x, grad_y)(x1, x2, grads)` -> (dx1, dx2): `grads` where its input is
    the smaller, split in halves where they are equal (integers divided as C++ does), each
    summed back to its input's shape. MindSpore's CPU kernel gives both whatever the flags say."""
    _check_min_max_inputs("MinimumGrad", x1, x2, ("x1", "x2"))
    a, b = jnp.broadcast_arrays(x1, x2)
    grads = jnp.broadcast_to(grads, a.shape)
    zero = jnp.zeros_like(grads)
    half = (grads / 2 if jnp.issubdtype(grads.dtype, jnp.inexact)
            else lax.div(grads, jnp.asarray(2, grads.dtype)))
    dx1 = jnp.where(a < b, grads, jnp.where(a == b, half, zero))
    dx2 = jnp.where(a > b, grads, jnp.where(a == b, half, zero))
    return _sum_to_shape(dx1, x1.shape), _sum_to_shape(dx2, x2.shape)


MinimumGrad = primitive("MinimumGrad", functional(_minimum_grad), grad_x=True, grad_y=True)


def _maximum_grad_grad(x, y, dx, dy, grad_x=True, grad_y=True):
    """`MaximumGradGrad(grad_x, grad_y)(x, y, dx, dy)` -> (sopd_x, sopd_y, sopd_grads):
    MaximumGrad's gradient. Its outputs do not change with `x` and `y` (zeros of their shapes);
    the cotangent of its `grads` is `dx` where x >= y, else `dy`, of the broadcast shape."""
    _check_min_max_inputs("MaximumGradGrad", x, y, ("x", "y"))
    a, b = jnp.broadcast_arrays(x, y)
    sopd_grads = jnp.where(a >= b, jnp.broadcast_to(dx, a.shape), jnp.broadcast_to(dy, a.shape))
    return jnp.zeros_like(x), jnp.zeros_like(y), sopd_grads.astype(dx.dtype)


MaximumGradGrad = primitive("MaximumGradGrad", functional(_maximum_grad_grad), grad_x=True,
                            grad_y=True)


def _layer_norm_grad_grad(x, dy, variance, mean, gamma, d_dx, d_dg, d_db, begin_norm_axis=1,
                          begin_params_axis=1):
    """`LayerNormGradGrad(begin_norm_axis, begin_params_axis)(x, dy, variance, mean, gamma,
    d_dx, d_dg, d_db)` -> (sopd_x, sopd_dy, sopd_gamma): LayerNorm's backward pulled back to
    `x`, `dy` and `gamma` for the cotangents (d_dx, d_dg, d_db) of its (dx, dgamma, dbeta).
    As MindSpore's kernel: the backward is written with x̂ = (x - mean) / sqrt(variance + 1e-12),
    dx = (g - mean(g) - x̂ · mean(g · x̂)) / sqrt(variance + 1e-12) for g = dy · gamma (means over
    the normalised axes), dgamma = Σ dy · x̂, dbeta = Σ dy; and the mean and variance, at the
    values given, change with `x` as mean(x) and mean((x - mean)²) do (the given mean held).
    Computed in float32 for float16 inputs. (MindSpore's CPU kernel is defined for
    begin_params_axis == begin_norm_axis only: docs/migration.md.)"""
    rank = x.ndim
    norm_axes = tuple(range(begin_norm_axis % rank, rank))
    param_axes = tuple(range(begin_params_axis % rank))
    compute = jnp.promote_types(x.dtype, jnp.float32)
    kept = x.shape[:norm_axes[0]] + (1,) * len(norm_axes)
    given_mean = mean.astype(compute).reshape(kept)
    given_variance = variance.astype(compute).reshape(kept)

    def backward(x, dy, gamma):
        x_mean = jnp.mean(x, norm_axes, keepdims=True)
        x_variance = jnp.mean(jnp.square(x - given_mean), norm_axes, keepdims=True)
        at_mean = given_mean + (x_mean - lax.stop_gradient(x_mean))
        at_variance = given_variance + (x_variance - lax.stop_gradient(x_variance))
        inv_std = lax.rsqrt(at_variance + _LAYER_NORM_EPSILON)
        normalized = (x - at_mean) * inv_std
        scaled_dy = dy * gamma
        dx = inv_std * (scaled_dy - jnp.mean(scaled_dy, norm_axes, keepdims=True)
                        - normalized * jnp.mean(scaled_dy * normalized, norm_axes, keepdims=True))
        return dx, jnp.sum(dy * normalized, param_axes), jnp.sum(dy, param_axes)

    _, pullback = jax.vjp(backward, x.astype(compute), dy.astype(compute), gamma.astype(compute))
    sopd_x, sopd_dy, sopd_gamma = pullback(
        (d_dx.astype(compute), d_dg.astype(compute), d_db.astype(compute)))
    return sopd_x.astype(x.dtype), sopd_dy.astype(dy.dtype), sopd_gamma.astype(gamma.dtype)


LayerNormGradGrad = primitive("LayerNormGradGrad", functional(_layer_norm_grad_grad),
                              begin_norm_axis=1, begin_params_axis=1)


def _resize_nearest_neighbor_v2_grad(grads, size, align_corners=False, half_pixel_centers=False):
    """`ResizeNearestNeighborV2Grad(align_corners, half_pixel_centers)(grads, size)`:
    ResizeNearestNeighborV2's gradient, `grads` (NCHW) summed onto the source pixels of an input
    of spatial size `size` (a tuple or a Tensor); source pixels no output chose get 0."""
    height, width = (int(s) for s in concrete_array(size).reshape(-1))
    source = jnp.zeros(grads.shape[:-2] + (height, width), grads.dtype)
    _, pullback = jax.vjp(lambda v: _resize_nearest_neighbor_v2(
        v, grads.shape[-2:], align_corners, half_pixel_centers), source)
    return pullback(grads)[0]


ResizeNearestNeighborV2Grad = primitive(
    "ResizeNearestNeighborV2Grad", functional(_resize_nearest_neighbor_v2_grad),
    align_corners=False, half_pixel_centers=False)
