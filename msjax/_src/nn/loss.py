"""Loss Cells of `mindspore.nn`: each checks its arguments as MindSpore does and calls a
functional loss op of the op table (`msjax._src.ops.loss_ops`)."""
from __future__ import annotations

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import check_bool, check_is_tensor, check_value_type
from msjax._src.ops import array_ops, loss_ops, math_ops
from msjax._src.ops.registry import functional
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.core import log

_FLOAT_TYPES = (mstype.float16, mstype.float32)
_reduce_loss = functional(loss_ops.reduce_loss)


def _check_type_name(arg_name, dtype, valid, cls_name):
    if dtype not in valid:
        names = "[" + ", ".join(repr(t) for t in valid) + "]"
        expected = f"one of {names}" if len(valid) > 1 else str(valid[0])
        raise TypeError(f"For '{cls_name}', the '{arg_name}' should be {expected}, but got "
                        f"'{dtype!r}'.")


def _check_weight(weight, cls_name):
    if weight is not None:
        check_value_type("weight", weight, [Tensor], cls_name)
        _check_type_name("weight", weight.dtype, _FLOAT_TYPES, cls_name)


class LossBase(Cell):
    """`nn.LossBase(reduction='mean')`: the base of losses; `get_loss(x, weights=1.0)` weights
    `x` and reduces it by `reduction` ('mean', 'sum' or 'none'), in float32."""

    def __init__(self, reduction="mean"):
        super().__init__()
        if reduction not in ("mean", "sum", "none"):
            raise ValueError(f"For '{self.cls_name}', the 'reduction' must be in ['mean', 'sum', "
                             f"'none'], but got {reduction}.")
        self.average = reduction != "sum"
        self.reduce = reduction != "none"

    @property
    def _reduction(self):
        if not self.reduce:
            return "none"
        return "mean" if self.average else "sum"

    def get_axis(self, x):
        """All axes of `x`, as a tuple."""
        return tuple(range(len(x.shape)))

    def get_loss(self, x, weights=1.0):
        """`weights * x`, reduced by this loss's reduction (computed in float32, returned in
        `x`'s dtype)."""
        return _reduce_loss(x, self._reduction, weights)

    def construct(self, logits, labels):
        raise NotImplementedError


class _Loss(LossBase):
    """`mindspore.nn.loss.loss._Loss(reduction='mean')`: MindSpore's former loss base class,
    deprecated since 1.3 in favour of `LossBase` (which it is, after logging MindSpore's warning).
    Real model code still subclasses it."""

    def __init__(self, reduction="mean"):
        log.warning("'_Loss' is deprecated from version 1.3 and will be removed after version "
                    "2.9.0, use 'LossBase' instead.")
        super().__init__(reduction)


class L1Loss(LossBase):
    """`nn.L1Loss(reduction='mean')`: |logits - labels|."""

    def __init__(self, reduction="mean"):
        super().__init__(reduction)
        self.reduction = reduction

    def construct(self, logits, labels):
        return loss_ops.l1_loss(logits, labels, self.reduction)


class MSELoss(LossBase):
    """`nn.MSELoss(reduction='mean')`: (logits - labels)², broadcasting the two."""

    def construct(self, logits, labels):
        check_is_tensor("logits", logits, self.cls_name)
        check_is_tensor("labels", labels, self.cls_name)
        # as MindSpore's: LossBase's reduction of the squares, in the inputs' dtype (ops.mse_loss
        # gives Float32 for integers)
        return self.get_loss(math_ops.square(logits - labels))


class SmoothL1Loss(LossBase):
    """`nn.SmoothL1Loss(beta=1.0, reduction='none')`: 0.5·d²/beta where |d| < beta, else
    |d| - 0.5·beta. A `beta` <= 0 raises MindSpore's RuntimeError when called."""

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__(reduction)
        self.beta = beta
        self.reduction = reduction
        self.smooth_l1_loss = loss_ops.SmoothL1Loss(self.beta, self.reduction)

    def construct(self, logits, labels):
        return self.smooth_l1_loss(logits, labels)


class SoftmaxCrossEntropyWithLogits(LossBase):
    """`nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none')`.

    Labels are class probabilities (one-hot), or Int32/Int64 class indices with `sparse=True`.
    With `sparse=True` and 'mean' it is the batch mean of the sparse cross entropy; otherwise the
    per-sample losses, reduced by `reduction`.
    """

    def __init__(self, sparse=False, reduction="none"):
        super().__init__(reduction)
        self.sparse = check_bool(sparse, "sparse", self.cls_name)
        self.reduction = reduction
        self.softmax_cross_entropy = loss_ops.SoftmaxCrossEntropyWithLogits()
        self.sparse_softmax_cross_entropy = loss_ops.SparseSoftmaxCrossEntropyWithLogits()

    def construct(self, logits, labels):
        check_is_tensor("logits", logits, self.cls_name)
        check_is_tensor("labels", labels, self.cls_name)
        if self.sparse:
            if self.reduction == "mean":
                return self.sparse_softmax_cross_entropy(logits, labels)
            labels = array_ops.one_hot(labels, logits.shape[-1], Tensor(np.float32(1.0)),
                                       Tensor(np.float32(0.0)))
        x = self.softmax_cross_entropy(logits, labels)[0]
        return self.get_loss(x)


def _check_cross_entropy_inputs(logits, labels, cls_name):
    _check_type_name("logits", logits.dtype, _FLOAT_TYPES, cls_name)
    if logits.ndim == labels.ndim:
        _check_type_name("labels", labels.dtype, _FLOAT_TYPES, cls_name)
        if logits.shape != labels.shape:
            raise ValueError(f"For '{cls_name}', the shape of 'logits' should be (N, C, d_0, d_1, "
                             "...), and the shape of 'labels' should be (N, C, d_0, d_1, ...), but "
                             f"get 'logits' shape: {logits.shape} and 'labels' shape: "
                             f"{labels.shape}.")
    elif labels.ndim == logits.ndim - 1:
        _check_type_name("labels", labels.dtype, (mstype.int32,), cls_name)
        if logits.ndim != 1 and (logits.shape[0],) + logits.shape[2:] != labels.shape:
            raise ValueError(f"For '{cls_name}', the shape of 'logits' should be (N, C, d_0, d_1, "
                             "...), and the shape of 'labels' should be (N, d_0, d_1, ...), but "
                             f"get 'logits' shape: {logits.shape} and 'labels' shape: "
                             f"{labels.shape}.")
    else:
        raise ValueError(f"For '{cls_name}', the rank of 'logits' and 'labels' should be:\n"
                         "1. 'logits.ndim == labels.ndim' for probabilities, \n"
                         "2. 'logits.ndim - 1 == labels.ndim' for class indices, \n"
                         f"but get 'logits' rank: {logits.ndim} and 'labels' rank: {labels.ndim}.")


class CrossEntropyLoss(LossBase):
    """`nn.CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean',
    label_smoothing=0.0)`: softmax cross entropy with classes on axis 1, for Int32 class indices
    (labels one rank lower than logits) or class probabilities (same shape)."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        name = self.cls_name
        check_value_type("ignore_index", ignore_index, [int], name)
        check_value_type("label_smoothing", label_smoothing, [float], name)
        if not 0.0 <= label_smoothing <= 1.0:
            raise ValueError(f"For '{name}', the 'label_smoothing' must be in range of [0.0, 1.0], "
                             f"but got {label_smoothing} with type 'float'.")
        _check_weight(weight, name)
        self.weight = weight
        self.ignore_index = ignore_index
        self.reduction = reduction
        self.label_smoothing = label_smoothing

    def construct(self, logits, labels):
        check_is_tensor("logits", logits, self.cls_name)
        check_is_tensor("labels", labels, self.cls_name)
        _check_cross_entropy_inputs(logits, labels, self.cls_name)
        return loss_ops.cross_entropy(logits, labels, self.weight, self.ignore_index,
                                      self.reduction, self.label_smoothing)


class NLLLoss(LossBase):
    """`nn.NLLLoss(weight=None, ignore_index=-100, reduction='mean')` on log-probabilities with
    classes on axis 1; 'mean' divides by the summed weights of the non-ignored targets."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        check_value_type("ignore_index", ignore_index, [int], self.cls_name)
        _check_weight(weight, self.cls_name)
        self.weight = weight
        self.ignore_index = ignore_index
        self.reduction = reduction

    def construct(self, logits, labels):
        return loss_ops.nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction)


class BCEWithLogitsLoss(LossBase):
    """`nn.BCEWithLogitsLoss(reduction='mean', weight=None, pos_weight=None)`: binary cross
    entropy of sigmoid(logits) against `target`, computed stably from the logits."""

    def __init__(self, reduction="mean", weight=None, pos_weight=None):
        super().__init__()
        self.reduction = reduction
        if isinstance(weight, Parameter):
            raise TypeError(f"For '{self.cls_name}', the 'weight' can not be a Parameter.")
        if isinstance(pos_weight, Parameter):
            raise TypeError(f"For '{self.cls_name}', the 'pos_weight' can not be a Parameter.")
        self.weight = weight
        self.pos_weight = pos_weight

    def construct(self, input, target):
        check_is_tensor("input", input, self.cls_name)
        check_is_tensor("target", target, self.cls_name)
        return loss_ops.binary_cross_entropy_with_logits(input, target, self.weight,
                                                         self.pos_weight, self.reduction)


class BCELoss(LossBase):
    """`nn.BCELoss(weight=None, reduction='mean')`: binary cross entropy of probabilities."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.reduction = reduction
        self.weight = weight

    def construct(self, logits, labels):
        return loss_ops.binary_cross_entropy(logits, labels, self.weight, self.reduction)


class HuberLoss(LossBase):
    """`nn.HuberLoss(reduction='mean', delta=1.0)`."""

    def __init__(self, reduction="mean", delta=1.0):
        super().__init__(reduction)
        self.reduction = reduction
        self.delta = delta

    def construct(self, logits, labels):
        return loss_ops.huber_loss(logits, labels, self.reduction, self.delta)


class KLDivLoss(LossBase):
    """`nn.KLDivLoss(reduction='mean')`: labels·(log labels - logits), logits being
    log-probabilities; 'batchmean' divides the sum by the batch size."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = reduction

    def construct(self, logits, labels):
        check_is_tensor("logits", logits, self.cls_name)
        check_is_tensor("labels", labels, self.cls_name)
        return loss_ops.kl_div(logits, labels, self.reduction)
