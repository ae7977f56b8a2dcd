"""Loss functions of `mindspore.ops`: cross entropy, NLL, MSE, L1, smooth L1, binary cross entropy.

Each takes MindSpore's `reduction` ('none', 'mean', 'sum') and is used by the loss Cells of
`mindspore.nn` (msjax/_src/nn/loss.py), which only check arguments and call these.
"""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import index_checks, integer_inputs
from msjax._src.core.checkparam import IN, check_int, check_string, check_value_type
from msjax._src.core.type_text import type_of
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.adapters import promote_scalar
from msjax._src.ops.registry import broadcast_error, functional, op, primitive

_REDUCTIONS = ("mean", "sum", "none")
_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def _check_reduction(reduction, name):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"For '{name}', the 'reduction' must be in ['mean', 'sum', 'none'], "
                         f"but got {reduction}.")


def _check_cross_entropy_arguments(input, target, weight, ignore_index, reduction,
                                   label_smoothing):
    """MindSpore's checks of cross_entropy's arguments, in its order (its messages name the
    op 'cross_entropy_loss'). The arrays are the op's Tensors unwrapped: anything else (a NumPy
    array, a list) was no Tensor."""
    name = "cross_entropy_loss"
    for label, value in (("input", input), ("target", target), ("weight", weight)):
        if value is not None and not isinstance(value, jax.Array):
            raise TypeError(f"For '{name}', the '{label}' must be a Tensor, but got "
                            f"'{type_of(value)}'")
    if isinstance(ignore_index, bool) or not isinstance(ignore_index, int):
        raise TypeError(f"For '{name}', the type of 'ignore_index' must be 'int', but got "
                        f"'{type(ignore_index).__name__}'.")
    if isinstance(label_smoothing, bool) or not isinstance(label_smoothing, float):
        raise TypeError(f"For '{name}', the 'label_smoothing' must be float, but got "
                        f"'{type(label_smoothing).__name__}'")
    if label_smoothing < 0:
        raise ValueError(f"For '{name}', the 'label_smoothing' must be float and must >= 0, but "
                         f"got '{label_smoothing}' with type 'float'.")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"For '{name}', the 'reduction' must be str and must be in "
                         f"'['none', 'mean', 'sum']', but got '{reduction}'.")


def reduce_loss(x, reduction, weights=None):
    """MindSpore's `_get_loss`: weight, then mean or sum over every axis, computed in float32 and
    cast back to the input's dtype."""
    dtype = x.dtype
    x = x.astype(np.float32)
    if weights is not None:
        x = x * jnp.asarray(weights).astype(np.float32)
    if reduction == "mean":
        x = jnp.mean(x)
    elif reduction == "sum":
        x = jnp.sum(x)
    return x.astype(dtype)


def _broadcasting(primitive, a, b, inputs=("input1", "input2")):
    """`a` and `b`, after MindSpore's ValueError of its elementwise `primitive` where their
    shapes do not broadcast."""
    try:
        jnp.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise broadcast_error(primitive, a.shape, b.shape, inputs) from None
    return a, b


def _same_dtype(name1, array1, name2, array2, function):
    if array1.dtype != array2.dtype:
        raise TypeError(f"For {function}, the {name1} dtype should be equal to {name2} dtype, "
                        f"but got {name1} dtype:{mstype.from_numpy(array1.dtype)}, {name2} "
                        f"dtype:{mstype.from_numpy(array2.dtype)}.")


def _log_softmax(x, axis):
    return x - jax.scipy.special.logsumexp(x, axis, keepdims=True)


# -- regression losses -------------------------------------------------------------------------
@op()
def mse_loss(input, target, reduction="mean"):
    if reduction not in _REDUCTIONS:
        raise ValueError("For ops.mse_loss, `reduction` value should be either 'mean', 'none' or "
                         "'sum'.")
    x = jnp.square(input - target)
    if x.dtype not in _FLOATS:
        x = x.astype(np.float32)
    return reduce_loss(x, reduction)


@op()
def l1_loss(input, target, reduction="mean"):
    if reduction not in _REDUCTIONS:
        raise ValueError("For l1_loss, the 'reduction' must be in ['mean', 'sum', 'none'], "
                         f"but got {reduction}.")
    return reduce_loss(jnp.abs(input - target), reduction)


@op()
def smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    """`ops.smooth_l1_loss`: 0.5·d²/beta where |d| < beta, else |d| - 0.5·beta (beta 0: L1)."""
    _check_reduction(reduction, "smooth_l1_loss")
    diff = jnp.abs(input - target)
    if beta == 0.0:
        return reduce_loss(diff, reduction)
    loss = jnp.where(diff < beta, 0.5 * jnp.square(diff) / beta, diff - 0.5 * beta)
    return reduce_loss(loss.astype(diff.dtype), reduction)


@op()
def huber_loss(input, target, reduction="mean", delta=1.0):
    """`ops.huber_loss`: 0.5·d² where |d| < delta, else delta·(|d| - 0.5·delta)."""
    if isinstance(delta, bool) or not isinstance(delta, (int, float)):
        raise TypeError(f"For 'huber_loss', the type of 'delta' should be one of '['int', "
                        f"'float']', but got type '{type(delta).__name__}'.")
    if delta <= 0:
        raise ValueError(f"For 'huber_loss', 'delta' must be greater than 0.0, but got {delta}.")
    diff = jnp.abs(jnp.subtract(*_broadcasting("Sub", input, target)))
    if not jnp.issubdtype(diff.dtype, jnp.floating):  # (MindSpore's 0.5·d²: Float32)
        diff = diff.astype(np.float32)
    loss = jnp.where(diff < delta, 0.5 * jnp.square(diff), delta * (diff - 0.5 * delta))
    return reduce_loss(loss.astype(diff.dtype), reduction)


# -- classification losses ---------------------------------------------------------------------
@op()
def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean",
             label_smoothing=0.0):
    """`ops.nll_loss` on log-probabilities with classes on axis 1 (axis 0 for 1-d input).

    'mean' divides by the summed weights of the targets that are not `ignore_index`; label
    smoothing mixes in the (weighted) mean over classes with weight `label_smoothing`.
    """
    _check_reduction(reduction, "nll_loss")
    target = integer_inputs.as_index(target)  # (a differentiated target: its integers)
    class_axis = 0 if inputs.ndim == 1 else 1
    n_classes = inputs.shape[class_axis]
    index_checks.check_gather_d(jnp.where(target == ignore_index, 0, target), n_classes)
    target = jnp.expand_dims(target, class_axis)
    ignored = target == ignore_index
    target = jnp.where(ignored, 0, target)
    if weight is not None:
        shape = [1] * inputs.ndim
        shape[class_axis] = n_classes
        weighted = inputs * weight.reshape(shape)
        loss_weights = jnp.take(weight, target)
    else:
        weighted = inputs
        loss_weights = jnp.ones(target.shape, inputs.dtype)
    loss = -jnp.take_along_axis(weighted, target, class_axis)
    smooth = -jnp.sum(weighted, class_axis, keepdims=True)
    loss = jnp.squeeze(jnp.where(ignored, 0, loss), class_axis)
    smooth = jnp.squeeze(jnp.where(ignored, 0, smooth), class_axis)
    loss_weights = jnp.where(ignored, 0, loss_weights)
    if reduction == "sum":
        loss, smooth = jnp.sum(loss), jnp.sum(smooth)
    elif reduction == "mean":
        total = jnp.sum(loss_weights)
        loss, smooth = jnp.sum(loss) / total, jnp.sum(smooth) / total
    if label_smoothing:
        return (1.0 - label_smoothing) * loss + (label_smoothing / n_classes) * smooth
    return loss


@op()
def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean",
                  label_smoothing=0.0):
    """`ops.cross_entropy`: class indices (integer target, through `nll_loss`) or class
    probabilities (float target) with classes on axis 1 (axis 0 for 1-d input)."""
    target = integer_inputs.as_index(target)  # (a differentiated integer target: its classes)
    _check_cross_entropy_arguments(input, target, weight, ignore_index, reduction,
                                   label_smoothing)
    if input.dtype not in _FLOATS:
        raise TypeError("For cross_entropy, the input dtype should be mstype.float64, "
                        f"mstype.float32 ormstype.float16, but got dtype:{input.dtype}.")
    class_axis = 0 if input.ndim == 1 else 1
    log_probs = _log_softmax(input, class_axis)
    if target.dtype.kind != "f":
        return nll_loss.impl(log_probs, target, weight, ignore_index, reduction, label_smoothing)
    n_classes = input.shape[class_axis]
    if label_smoothing > 0.0:
        target = target * (1 - label_smoothing) + label_smoothing / n_classes
    if weight is not None and input.ndim != 1:
        shape = [1] * input.ndim
        shape[1] = weight.shape[0]
        weight = weight.reshape(shape)
    products = log_probs * target if weight is None else log_probs * target * weight
    if reduction == "mean":
        return -jnp.sum(products) / (input.size / n_classes)
    if reduction == "sum":
        return -jnp.sum(products)
    return -jnp.sum(products, class_axis)


@op()
def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None,
                                     reduction="mean"):
    """`ops.binary_cross_entropy_with_logits`:
    -weight·(pos_weight·y·log σ(x) + (1 - y)·log(1 - σ(x)))."""
    _check_reduction(reduction, "BCEWithLogitsLoss")
    log_p = -jax.nn.softplus(-input)
    log_not_p = -jax.nn.softplus(input)
    positive = target * log_p if pos_weight is None else pos_weight * target * log_p
    loss = -(positive + (1 - target) * log_not_p)
    if weight is not None:
        loss = loss * weight
    return reduce_loss(loss.astype(input.dtype), reduction)


@op()
def binary_cross_entropy(logits, labels, weight=None, reduction="mean"):
    """`ops.binary_cross_entropy` on probabilities: -weight·(y·log p + (1 - y)·log(1 - p)),
    each log clamped at -100."""
    _check_reduction(reduction, "BinaryCrossEntropy")
    log_p = jnp.maximum(jnp.log(logits), -100.0)
    log_not_p = jnp.maximum(jnp.log1p(-logits), -100.0)
    loss = -(labels * log_p + (1 - labels) * log_not_p)
    if weight is not None:
        loss = loss * weight
    return reduce_loss(loss.astype(logits.dtype), reduction)


@op()
def kl_div(logits, labels, reduction="mean"):
    """`ops.kl_div`: labels·(log labels - logits) (0 where labels is 0); 'mean' divides the sum by
    the number of elements, 'batchmean' by the batch size."""
    if reduction not in ("none", "mean", "batchmean", "sum"):
        raise ValueError("For 'kl_div', the 'reduction' must be str and must be in "
                         f"'['none', 'mean', 'batchmean', 'sum']', but got '{reduction}'.")
    safe = jnp.where(labels > 0, labels, 1)
    loss = jnp.where(labels > 0, labels * (jnp.log(safe) - logits), 0).astype(logits.dtype)
    if reduction == "none":
        return loss
    total = jnp.sum(loss)
    if reduction == "batchmean":
        return total / logits.shape[0]
    if reduction == "mean":
        return total / logits.size
    return total


@jax.custom_vjp
def _softmax_cross_entropy(logits, labels):
    log_probs = _log_softmax(logits, -1)
    return -jnp.sum(labels * log_probs, -1), jnp.exp(log_probs) - labels


def _softmax_cross_entropy_fwd(logits, labels):
    loss, backprop = _softmax_cross_entropy(logits, labels)
    return (loss, backprop), (backprop, labels)


def _softmax_cross_entropy_bwd(residuals, cotangents):
    """MindSpore's bprop: the logits get `backprop` (softmax - labels) times the loss's
    cotangent, whatever the labels sum to; the labels get zeros; the second output's cotangent
    is dropped."""
    backprop, labels = residuals
    return (backprop * cotangents[0][..., None].astype(backprop.dtype), jnp.zeros_like(labels))


_softmax_cross_entropy.defvjp(_softmax_cross_entropy_fwd, _softmax_cross_entropy_bwd)


def softmax_cross_entropy(logits, labels):
    """(loss, gradient): `-sum(labels · log_softmax(logits), -1)` and `softmax(logits) - labels`;
    differentiated as MindSpore's SoftmaxCrossEntropyWithLogits is (`_softmax_cross_entropy_bwd`:
    the exact derivative only for labels that sum to 1, none for the labels)."""
    return _softmax_cross_entropy(logits, labels)


def sparse_softmax_cross_entropy(logits, labels, is_grad=False):
    """The batch mean of `-log_softmax(logits)[label]` (labels Int32 or Int64)."""
    labels = integer_inputs.as_index(labels)
    if labels.dtype not in (np.dtype(np.int32), np.dtype(np.int64)):
        raise TypeError("For primitive[SparseSoftmaxCrossEntropyWithLogits], the input "
                        "argument[labels_type] must be a type of {Tensor[Int32], Tensor[Int64]}, "
                        f"but got Tensor[{mstype.from_numpy(labels.dtype)}].")
    if is_grad:
        log_probs = _log_softmax(logits, -1)
        return (jnp.exp(log_probs) - jax.nn.one_hot(labels, logits.shape[-1], dtype=logits.dtype)) \
            / labels.size
    # logsumexp - logit[label], the same values as -log_softmax[label] (x - lse negated exactly),
    # but its gradient needs no (N, C) one-hot of the labels summed over C: 2.0 -> 1.4 ms for
    # value_and_grad at (2048, 1000) on a CPU.
    label_logits = jnp.take_along_axis(logits, labels[..., None], -1)[..., 0]
    return jnp.mean(jax.scipy.special.logsumexp(logits, -1) - label_logits)


def sparse_softmax_cross_entropy_v2(logits, labels):
    """`nn_ops.SparseSoftmaxCrossEntropyWithLogitsV2()(logits, labels)` -> (loss, backprop): per
    row `-log_softmax(logits)[label]` and `softmax(logits) - one_hot(label)`, in the logits'
    dtype (Float16 or Float32; labels Int32 or Int64), computed in Float32."""
    name = "SparseSoftmaxCrossEntropyWithLogitsV2"
    if logits.dtype not in (np.dtype(np.float16), np.dtype(np.float32)):
        raise TypeError(f"For primitive[{name}], the input argument[logits_type(features_type)] "
                        "must be a type of {Tensor[Float16], Tensor[Float32]}, but got "
                        f"Tensor[{mstype.from_numpy(logits.dtype)}].")
    labels = integer_inputs.as_index(labels)
    if labels.dtype not in (np.dtype(np.int32), np.dtype(np.int64)):
        raise TypeError(f"For primitive[{name}], the input argument[labels_type] must be a type "
                        "of {Tensor[Int32], Tensor[Int64]}, but got "
                        f"Tensor[{mstype.from_numpy(labels.dtype)}].")
    log_probs = _log_softmax(logits.astype(np.float32), -1)
    loss = -jnp.take_along_axis(log_probs, labels[..., None], -1)[..., 0]
    backprop = jnp.exp(log_probs) - jax.nn.one_hot(labels, logits.shape[-1], dtype=np.float32)
    return loss.astype(logits.dtype), backprop.astype(logits.dtype)


def _smooth_l1_primitive(input, target, beta, reduction):
    if beta < 0:
        raise RuntimeError("For 'SmoothL1Loss', the values for beta not support negative values, "
                           f"but got {beta:g}.")
    if beta == 0:
        raise RuntimeError(f"For 'SmoothL1Loss', the values for beta should greater than 0, but "
                           f"got {beta:g}.")
    return smooth_l1_loss(input, target, beta, reduction)


SoftmaxCrossEntropyWithLogits = primitive("SoftmaxCrossEntropyWithLogits",
                                          functional(softmax_cross_entropy))
SparseSoftmaxCrossEntropyWithLogits = primitive("SparseSoftmaxCrossEntropyWithLogits",
                                                functional(sparse_softmax_cross_entropy),
                                                is_grad=False, display=shown.with_attrs(sens=1.0))
SparseSoftmaxCrossEntropyWithLogitsV2 = primitive("SparseSoftmaxCrossEntropyWithLogitsV2",
                                                  functional(sparse_softmax_cross_entropy_v2))
SmoothL1Loss = primitive("SmoothL1Loss", _smooth_l1_primitive, beta=1.0, reduction="none",
                         display=shown.REDUCTION_ENUM)
BCEWithLogitsLoss = primitive(
    "BCEWithLogitsLoss", lambda x, y, weight, pos_weight, reduction:
        binary_cross_entropy_with_logits(x, y, weight, pos_weight, reduction),
    reduction="mean", display=shown.REDUCTION_ENUM)
BinaryCrossEntropy = primitive(
    "BinaryCrossEntropy", lambda x, y, weight=None, reduction="mean":
        binary_cross_entropy(x, y, weight, reduction),
    reduction="mean", display=shown.REDUCTION_ENUM)
KLDivLoss = primitive("KLDivLoss", lambda x, y, reduction: kl_div(x, y, reduction),
                      reduction="mean")


# -- margin, embedding and likelihood losses ---------------------------------------------------
@op()
def soft_margin_loss(input, target, reduction="mean"):
    _check_reduction(reduction, "soft_margin_loss")
    return reduce_loss(jnp.log1p(jnp.exp(-target * input)), reduction)


@op()
def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """`ops.margin_ranking_loss`: max(0, -target·(input1 - input2) + margin) after MindSpore's
    checks (margin a float; input2 and target of input1's dtype); integer inputs give Float32,
    as MindSpore adds the Python float margin."""
    _check_reduction(reduction, "margin_ranking_loss")
    check_value_type("margin", margin, [float], "margin_ranking_loss")
    _same_dtype("input1", input1, "input2", input2, "margin_ranking_loss")
    _same_dtype("target", target, "input1", input1, "margin_ranking_loss")
    difference = jnp.subtract(*_broadcasting("SubExt", input1, input2, ("input", "other")))
    scaled, margin = promote_scalar(-target * difference, margin)
    return reduce_loss(jnp.maximum(scaled + margin, 0), reduction)


def _check_hinge_embedding(inputs, targets, margin, reduction):
    """MindSpore's checks of hinge_embedding_loss, in its order: margin a number, the reduction,
    then floating inputs."""
    if not isinstance(margin, (float, int)):
        raise TypeError("For 'HingeEmbeddingLoss', 'margin' must be a float or int, but got "
                        f"{type(margin)}.")
    if reduction not in _REDUCTIONS:
        raise ValueError("For 'HingeEmbeddingLoss', 'reduction' must be one of 'none', 'mean', "
                         f"'sum',but got {reduction}.")
    for position, array in (("first", inputs), ("second", targets)):
        if not jnp.issubdtype(array.dtype, jnp.floating):
            raise TypeError(f"For 'HingeEmbeddingLoss', the dtype of the {position} input must be "
                            f"float, but got {mstype.from_numpy(array.dtype)}.")


@op()
def hinge_embedding_loss(inputs, targets, margin=1.0, reduction="mean"):
    """`ops.hinge_embedding_loss`: x where the target is positive, max(0, margin - x) where it is
    negative, 0 where it is 0. Shapes that do not broadcast fail as MindSpore's first product
    of the targets' mask with the inputs does (`Mul`, the targets' shape first)."""
    _check_hinge_embedding(inputs, targets, margin, reduction)
    _broadcasting("Mul", targets, inputs)
    positive = jnp.where(targets > 0, inputs, 0)
    negative = jnp.where(targets < 0, jnp.maximum(margin - inputs, 0), 0)
    loss = (positive + negative).astype(inputs.dtype)
    if reduction == "mean":
        return jnp.mean(loss)
    return jnp.sum(loss) if reduction == "sum" else loss


@op()
def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    _check_reduction(reduction, "cosine_embedding_loss")
    cosine = jnp.sum(input1 * input2, 1) / (jnp.sqrt(jnp.sum(jnp.square(input1), 1))
                                            * jnp.sqrt(jnp.sum(jnp.square(input2), 1)))
    loss = jnp.where(target == 1, 1.0 - cosine, 0) + jnp.where(
        target == -1, jnp.maximum(cosine - margin, 0.0), 0)
    return reduce_loss(loss.astype(cosine.dtype), reduction)


@op()
def gaussian_nll_loss(x, target, var, full=False, eps=1e-06, reduction="mean"):
    """`ops.gaussian_nll_loss`: MindSpore's checks of `full`, `eps` and `reduction` (golden
    gaussian_nll_loss_probe), the loss in the inputs' dtype."""
    for name, value in (("x", x), ("target", target), ("var", var)):
        if not isinstance(value, jax.Array):
            raise TypeError(f"For 'gaussian_nll_loss', '{name}' must be a tensor, but got "
                            f"{type(value)}.")
    if not isinstance(full, bool):
        raise TypeError(f"For 'gaussian_nll_loss', 'full' must be a bool, but got {type(full)}.")
    if not isinstance(eps, float) or eps <= 0:
        raise ValueError(f"For 'gaussian_nll_loss', 'eps' must be a positive float, but got "
                         f"{eps}.")
    if reduction not in _REDUCTIONS:
        raise ValueError("For 'gaussian_nll_loss', 'reduction' must be one of 'none', 'mean', or "
                         f"'sum',        but got {reduction}.")  # (sic: MindSpore's spaces)
    if x.shape != var.shape and x.shape[:-1] == var.shape:
        var = var[..., None]
    var = jnp.maximum(*promote_scalar(var, eps))  # (an integer var: Float32, as MindSpore's)
    squared = jnp.square(jnp.subtract(*_broadcasting("SubExt", x, target, ("input", "other"))))
    loss = 0.5 * (jnp.log(var) + jnp.divide(*_broadcasting("Div", squared, var)))
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)  # a Python float: keeps the loss's dtype
    if reduction == "mean":
        return jnp.mean(loss)
    return jnp.sum(loss) if reduction == "sum" else loss


@op()
def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False,
                        reduction="mean"):
    _check_reduction(reduction, "triplet_margin_loss")

    def distance(a, b):
        return jnp.sum(jnp.abs(a - b + eps) ** p, axis=-1) ** (1.0 / p)
    d_pos = distance(anchor, positive)
    d_neg = distance(anchor, negative)
    if swap:
        d_neg = jnp.minimum(d_neg, distance(positive, negative))
    return reduce_loss(jnp.maximum(d_pos - d_neg + margin, 0), reduction)


def _check_multi_margin_attributes(arguments):
    """MultiMarginLoss's constructor checks, in MindSpore's order."""
    check_value_type("p", arguments["p"], [int], "MultiMarginLoss")
    check_int(arguments["p"], {1, 2}, IN, "p", "MultiMarginLoss")
    check_value_type("margin", arguments["margin"], [float], "MultiMarginLoss")
    check_string(arguments["reduction"], ["none", "sum", "mean"], "reduction", "MultiMarginLoss")


def _multi_margin(x, target, weight, p, margin, reduction):
    """MultiMarginLoss of arrays, with MindSpore's shape checks and its CPU kernel's arithmetic:
    each term `max((margin + x[i]) - x[y], 0)^p`, times `weight[y]`, summed over `i != y`, then
    divided by the number of classes."""
    if target.dtype != np.int64:
        raise TypeError(f"For primitive[MultiMarginLoss], the input argument[target] must be a "
                        f"type of {{Tensor[Int64]}}, but got "
                        f"Tensor[{mstype.from_numpy(target.dtype)}].")
    if x.ndim != 2 or target.ndim != 1:
        raise ValueError(f"For MultiMarginLoss, the rank of input x and target should be 2 and 1, "
                         f"while rank of x is {x.ndim}, rank of target is  {target.ndim}")
    if x.shape[0] != target.shape[0]:
        raise ValueError(f"For MultiMarginLoss x_shape[0] and target_shape[0] should be the same, "
                         f"while x_shape[0] is {x.shape[0]}, target_shape[0] is "
                         f"{target.shape[0]}")
    if weight is not None:
        if weight.dtype != x.dtype:
            raise TypeError("For primitive[MultiMarginLoss], the input type must be same.")
        if weight.ndim != 1 or weight.shape[0] != x.shape[1]:
            raise ValueError(f"For MultiMarginLoss x_shape[1] and weight_shape[0] should be the "
                             f"same, while x_shape[1] is {x.shape[1]}, weight_shape[0] is "
                             f"{weight.shape[0] if weight.ndim else weight.shape}")
    picked = jnp.take_along_axis(x, target[:, None].astype(np.int32), axis=1)
    terms = jnp.maximum((jnp.asarray(margin, x.dtype) + x) - picked, 0)
    terms = terms if p == 1 else terms * terms
    if weight is not None:
        terms = terms * weight[target][:, None]
    hot = jax.nn.one_hot(target, x.shape[1], dtype=bool)
    loss = jnp.sum(jnp.where(hot, 0, terms), axis=1) / x.shape[1]
    return reduce_loss(loss.astype(x.dtype), reduction)


@op()
def multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction="mean"):
    """`ops.multi_margin_loss`: MindSpore's functional takes an int `margin` and builds the
    MultiMarginLoss Primitive, whose checks follow."""
    if not isinstance(margin, int):
        raise TypeError(f"For 'multi_margin_loss', the type of 'margin' must be int, but got "
                        f"{type(margin)}.")
    _check_multi_margin_attributes(dict(p=p, margin=float(margin), reduction=reduction))
    return _multi_margin(input, target, weight, p, float(margin), reduction)


@op()
def multilabel_margin_loss(input, target, reduction="mean"):
    """`ops.multilabel_margin_loss`: targets are class indices padded by -1 (the first -1 ends
    each row's list)."""
    _check_reduction(reduction, "multilabel_margin_loss")
    squeeze = input.ndim == 1
    x = input.reshape(1, -1) if squeeze else input
    y = target.reshape(1, -1) if squeeze else target
    listed = jnp.cumprod(y >= 0, axis=1).astype(bool)  # before the first -1
    classes = jnp.arange(x.shape[1])
    is_target = jnp.any(listed[:, :, None] & (y[:, :, None] == classes[None, None, :]), axis=1)
    picked = jnp.take_along_axis(x, jnp.maximum(y, 0).astype(np.int32), axis=1)  # (N, T)
    hinge = jnp.maximum(1 - (picked[:, :, None] - x[:, None, :]), 0)  # (N, T, C)
    mask = listed[:, :, None] & ~is_target[:, None, :]
    loss = jnp.sum(jnp.where(mask, hinge, 0), axis=(1, 2)) / x.shape[1]
    loss = loss.astype(input.dtype)
    if squeeze and reduction == "none":
        loss = loss.reshape(())
    return reduce_loss(loss, reduction)


@op()
def multilabel_soft_margin_loss(input, target, weight=None, reduction="mean"):
    _check_reduction(reduction, "multilabel_soft_margin_loss")
    terms = target * jax.nn.log_sigmoid(input) + (1 - target) * jax.nn.log_sigmoid(-input)
    if weight is not None:
        terms = terms * weight
    loss = -jnp.mean(terms, axis=-1)
    return reduce_loss(loss.astype(input.dtype), reduction)


def nll_label_weights(labels, weight, ignore_index):
    """`(labels as int32, each row's weight)` of NLLLoss and its gradient: `weight[label]`, 0
    for a label equal to `ignore_index` (which may lie outside the classes, as the default -100
    does: read clipped, never out of bounds, whose NaN fill would poison the sums)."""
    index = labels.astype(np.int32)
    return index, jnp.where(labels != ignore_index, jnp.take(weight, index, mode="clip"), 0)


def _nll_loss_primitive(logits, labels, weight, reduction, ignore_index):
    """`ops.NLLLoss(reduction, ignore_index)(logits, labels, weight)` -> (loss, total_weight).
    Float labels are refused with MindSpore's kernel error (Bool ones count as 0 and 1)."""
    labels = integer_inputs.as_index(labels)
    if jnp.issubdtype(labels.dtype, jnp.inexact):
        raise TypeError("Select CPU operator[NLLLoss] fail! Unsupported data type!")
    weight = jax.lax.stop_gradient(weight)  # (MindSpore's bprop: no gradient for the weights)
    index, w = nll_label_weights(labels, weight, ignore_index)
    picked = -jnp.take_along_axis(logits, index[:, None], axis=1, mode="clip")[:, 0]
    picked = jnp.where(labels != ignore_index, picked, 0)
    total = jnp.sum(w)
    loss = picked * w
    if reduction == "mean":
        loss = jnp.sum(loss) / total
    elif reduction == "sum":
        loss = jnp.sum(loss)
    return loss.astype(logits.dtype), total.astype(weight.dtype)


NLLLoss = primitive("NLLLoss", functional(_nll_loss_primitive), reduction="mean",
                    ignore_index=-100, display=shown.REDUCTION_ENUM)

SoftMarginLoss = primitive("SoftMarginLoss", soft_margin_loss, reduction="mean",
                           display=shown.REDUCTION_ENUM)
MultiMarginLoss = primitive(
    "MultiMarginLoss", functional(lambda x, target, weight=None, p=1, margin=1.0, reduction="mean":
                                  _multi_margin(x, target, weight, p, margin, reduction)),
    p=1, margin=1.0, reduction="mean", check=_check_multi_margin_attributes)
MultilabelMarginLoss = primitive(
    "MultilabelMarginLoss", lambda x, target, reduction: (
        multilabel_margin_loss(x, target, reduction), (target >= 0).astype(target.dtype)),
    reduction="mean", check=lambda arguments: check_string(
        arguments["reduction"], ["none", "sum", "mean"], "reduction", "MultilabelMarginLoss"))
TripletMarginLoss = primitive(
    "TripletMarginLoss", lambda a, pos, neg, margin, p, swap, eps, reduction:
        triplet_margin_loss(a, pos, neg, margin, p, eps, swap, reduction),
    p=2, swap=False, eps=1e-06, reduction="mean")
SigmoidCrossEntropyWithLogits = primitive(
    "SigmoidCrossEntropyWithLogits", functional(
        lambda x, y: jnp.maximum(x, 0) - x * y + jnp.log1p(jnp.exp(-jnp.abs(x)))))
