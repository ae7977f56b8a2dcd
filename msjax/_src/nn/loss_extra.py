"""The losses of MindSpore's `nn` beyond the core ones of `loss.py`, as real code uses them:
`MAELoss`, `RMSELoss`, `SoftMarginLoss`, `DiceLoss`, `MultiClassDiceLoss`, `MarginRankingLoss`,
`GaussianNLLLoss`, `CosineEmbeddingLoss`, `HingeEmbeddingLoss`, `PoissonNLLLoss`,
`TripletMarginLoss`, `TripletMarginWithDistanceLoss`, `MultiMarginLoss`,
`MultilabelMarginLoss`, `MultiLabelSoftMarginLoss`, `FocalLoss`, `CTCLoss`.

Each keeps MindSpore 2.10's constructor, attributes and formula, over the op table where a
functional form exists. `CTCLoss` is msjax's CTC recursion over the log-probabilities as given
(ops/ctc_ops.py; MindSpore's reduction: 'mean' divides each sample's loss by its target length,
then averages).
"""
from __future__ import annotations

import math

import jax.numpy as jnp

from msjax._src.core import checkparam
from msjax._src.core import dtype as mstype
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.activation import LogSoftmax, get_activation
from msjax._src.nn.layers.checks import check_is_tensor
from msjax._src.nn.loss import LossBase, MSELoss
from msjax._src.ops import loss_ops
from msjax._src.ops.ctc_ops import ctc_loss_values
from msjax._src.backend.interface import one_program
from msjax._src.ops.registry import functional
from msjax._src.core.tensor import Tensor, _wrap


class MAELoss(LossBase):
    """`nn.MAELoss(reduction='mean')`: |logits - label|."""

    def construct(self, logits, label):
        return self.get_loss(abs(logits - label))


class RMSELoss(LossBase):
    """`nn.RMSELoss()`: sqrt(mean((logits - label)²))."""

    def __init__(self):
        super().__init__()
        self.MSELoss = MSELoss()

    def construct(self, logits, label):
        return self.MSELoss(logits, label) ** 0.5


class SoftMarginLoss(LossBase):
    """`nn.SoftMarginLoss(reduction='mean')`: log(1 + exp(-labels · logits))."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = reduction

    def construct(self, logits, labels):
        return loss_ops.soft_margin_loss(logits, labels, self.reduction)


def _check_not_uint8(cls_name, logits, label):
    if logits.dtype == mstype.uint8:
        raise TypeError(f"For '{cls_name}', the dtype of 'logits' can not be uint8.")
    if label.dtype == mstype.uint8:
        raise TypeError(f"For '{cls_name}', the dtype of 'labels' can not be uint8.")


class DiceLoss(LossBase):
    """`nn.DiceLoss(smooth=1e-5)` (deprecated in MindSpore 2.8): 1 - 2·Σxy / (Σx² + Σy² +
    smooth)."""

    def __init__(self, smooth=1e-5):
        super().__init__()
        if not isinstance(smooth, float):
            raise TypeError(f"The 'smooth' must be float, but got '{type(smooth).__name__}'")
        if smooth <= 0:
            raise ValueError(f"The 'smooth' must be float and must > 0, but got '{smooth}' with "
                             "type 'float'.")
        self.smooth = smooth

    def construct(self, logits, label):
        checkparam.check("logits_shape", logits.shape, "label_shape", label.shape,
                         prim_name=self.cls_name)
        _check_not_uint8(self.cls_name, logits, label)
        x, y = logits.view(-1), label.view(-1)
        intersection = (x * y).sum()
        union = (x * x).sum() + (y * y).sum()
        return 1 - (2 * intersection) / (union + self.smooth)


class MultiClassDiceLoss(LossBase):
    """`nn.MultiClassDiceLoss(weights=None, ignore_indiex=None, activation='softmax')`: the
    mean over classes (axis 1) of DiceLoss, skipping `ignore_indiex` (MindSpore's spelling)."""

    _ACTIVATIONS = ["softmax", "logsoftmax", "relu", "relu6", "tanh", "sigmoid"]

    def __init__(self, weights=None, ignore_indiex=None, activation="softmax"):
        super().__init__()
        self.binarydiceloss = DiceLoss(smooth=1e-5)
        if weights is not None and not isinstance(weights, Tensor):
            raise TypeError(f"The type of 'weights' should be 'Tensor', but got type "
                            f"'{type(weights).__name__}'.")
        self.weights = weights
        if isinstance(weights, Tensor) and weights.ndim != 2:
            raise ValueError(f"For '{self.cls_name}', the dimension of 'weights' must be 2, but "
                             f"got {weights.ndim}.")
        if ignore_indiex is not None and (isinstance(ignore_indiex, bool)
                                          or not isinstance(ignore_indiex, int)):
            raise TypeError(f"The type of 'ignore_indiex' should be 'int', but got type "
                            f"'{type(ignore_indiex).__name__}'.")
        self.ignore_indiex = ignore_indiex
        if isinstance(activation, str) and activation not in self._ACTIVATIONS:
            raise ValueError(f"For '{self.cls_name}', the 'activation' must be in "
                             f"{self._ACTIVATIONS}, but got {activation}.")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if self.activation is not None and not isinstance(self.activation, Cell):
            raise TypeError(f"For '{self.cls_name}', the 'activation' must be str or Cell, but "
                            f"got {type(self.activation)}.")

    def construct(self, logits, label):
        name = self.cls_name
        check_is_tensor("logits", logits, name)
        check_is_tensor("labels", label, name)
        checkparam.check("logits_shape", logits.shape, "label_shape", label.shape, prim_name=name)
        for arg, ndim in (("logits", logits.ndim), ("labels", label.ndim)):
            if ndim < 2:
                raise ValueError(f"For '{name}', the '{arg}' dimension must be greater than 1, "
                                 f"but got {ndim}.")
        if self.weights is not None and self.weights.shape[0] != label.shape[1]:
            raise ValueError(f"For '{name}', the weight_shape[0] must be equal to "
                             f"label_shape[1], but got weight_shape[0]: {self.weights.shape[0]} "
                             f"and label_shape[1]: {label.shape[1]}.")
        if self.activation is not None:
            logits = self.activation(logits)
        total = 0
        for i in range(label.shape[1]):
            if i != self.ignore_indiex:
                loss = self.binarydiceloss(logits[:, i], label[:, i])
                if self.weights is not None:
                    loss = loss * self.weights[i]
                total = total + loss
        return total / label.shape[1]


class MarginRankingLoss(LossBase):
    """`nn.MarginRankingLoss(margin=0.0, reduction='mean')`: max(0, -target·(x1 - x2) + margin)."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.reduction = reduction
        self.margin = margin

    def construct(self, input1, input2, target):
        return loss_ops.margin_ranking_loss(input1, input2, target, self.margin, self.reduction)


class GaussianNLLLoss(LossBase):
    """`nn.GaussianNLLLoss(*, full=False, eps=1e-6, reduction='mean')`: 0.5·(log(var) +
    (logits - labels)² / var) (+ 0.5·log 2π with `full`), var clamped to `eps`."""

    def __init__(self, *, full=False, eps=1e-6, reduction="mean"):
        super().__init__()
        checkparam.check_float_range(eps, 0, float("inf"), checkparam.INC_NEITHER, "eps",
                                     self.cls_name)
        checkparam.check_value_type("full", full, [bool], self.cls_name)
        checkparam.check_string(reduction, ["none", "mean", "sum"], "reduction",
                                "gaussian_nll_loss")
        self.full = full
        self.eps = eps
        self.reduction = reduction

    def construct(self, logits, labels, var):
        return loss_ops.gaussian_nll_loss(logits, labels, var, self.full, self.eps,
                                          self.reduction)


class CosineEmbeddingLoss(LossBase):
    """`nn.CosineEmbeddingLoss(margin=0.0, reduction='mean')`: 1 - cos(x1, x2) where labels is
    1, max(0, cos - margin) where it is -1 (cosine over axis 1)."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        if not isinstance(margin, float):
            raise TypeError(f"For '{self.cls_name}', the type of 'margin' should be 'float', but "
                            f"got type '{type(margin).__name__}'.")
        if not -1.0 <= margin <= 1.0:
            raise ValueError(f"For '{self.cls_name}', the 'margin' must be in range of [-1.0, "
                             f"1.0], but got {margin} with type 'float'.")
        self.margin = margin

    def construct(self, logits_x1, logits_x2, labels):
        if logits_x1.shape != logits_x2.shape or logits_x1.dtype != logits_x2.dtype:
            raise TypeError(f"For '{self.cls_name}', 'logits_x1' and 'logits_x2' must have the "
                            f"same shape and dtype, but got {logits_x1.shape} {logits_x1.dtype} "
                            f"and {logits_x2.shape} {logits_x2.dtype}.")
        return self.get_loss(_cosine_embedding(logits_x1, logits_x2, labels, self.margin))


@functional
@one_program
def _cosine_embedding(x1, x2, labels, margin):
    cosine = jnp.sum(x1 * x2, 1) / (jnp.sqrt(jnp.sum(x1 * x1, 1)) * jnp.sqrt(jnp.sum(x2 * x2, 1)))
    zeros = jnp.zeros_like(cosine)
    return (jnp.where(labels == 1, 1.0 - cosine, zeros)
            + jnp.where(labels == -1, jnp.maximum(cosine - margin, 0.0), zeros))


class HingeEmbeddingLoss(LossBase):
    """`nn.HingeEmbeddingLoss(margin=1.0, reduction='mean')`: x where labels is 1,
    max(0, margin - x) where it is -1."""

    def __init__(self, margin=1.0, reduction="mean"):
        super().__init__()
        checkparam.check_value_type("margin", margin, [float, int], self.cls_name)
        checkparam.check_string(reduction, ["none", "sum", "mean"], "reduction", self.cls_name)
        self.margin = margin
        self.reduction = reduction

    def construct(self, logits, labels):
        return loss_ops.hinge_embedding_loss(logits, labels, self.margin, self.reduction)


@functional
@one_program
def _poisson_nll(input, target, log_input, full, eps):
    target = target.astype(input.dtype)
    loss = (jnp.exp(input) - target * input if log_input
            else input - target * jnp.log(input + eps))
    if full:
        clamped = jnp.maximum(target, eps)
        stirling = (clamped * jnp.log(clamped) - clamped
                    + 0.5 * jnp.log(2 * math.pi * clamped))
        loss = loss + jnp.where(clamped <= 1, 0.0, stirling)
    return loss


class PoissonNLLLoss(LossBase):
    """`nn.PoissonNLLLoss(log_input=True, full=False, eps=1e-08, reduction='mean')`:
    exp(input) - target·input (log_input), else input - target·log(input + eps); `full` adds
    Stirling's term where target > 1."""

    def __init__(self, log_input=True, full=False, eps=1e-08, reduction="mean"):
        super().__init__(reduction=reduction)
        self.log_input = log_input
        self.full = full
        self.eps = eps

    def construct(self, input, target):
        return self.get_loss(_poisson_nll(input, target, self.log_input, self.full, self.eps))


class TripletMarginLoss(LossBase):
    """`nn.TripletMarginLoss(p=2, swap=False, eps=1e-06, reduction='mean', margin=1.0)`:
    max(d(x, positive) - d(x, negative) + margin, 0) with the p-norm distance."""

    def __init__(self, p=2, swap=False, eps=1e-06, reduction="mean", margin=1.0):
        super().__init__()
        self.p = p
        self.swap = swap
        self.eps = eps
        self.reduction = reduction
        self.margin = margin

    def construct(self, x, positive, negative, margin=1.0):
        if self.margin != 1.0:
            margin = self.margin
        return loss_ops.triplet_margin_loss(x, positive, negative, margin=margin, p=self.p,
                                            eps=self.eps, swap=self.swap, reduction=self.reduction)


def _pairwise_distance(x, y):
    """TripletMarginWithDistanceLoss's default distance: the Euclidean norm of `x - y` along
    axis 1."""
    difference = abs(x - y)
    if difference.ndim == 0:
        raise ValueError("For 'pairwise_distance' in 'TripletMarginWithDistanceLoss', 'ndim' of "
                         f"the input must be positive, but got {difference.ndim}")
    return _wrap(jnp.sqrt(jnp.sum(jnp.square(difference._data), axis=1)))


class TripletMarginWithDistanceLoss(LossBase):
    """`nn.TripletMarginWithDistanceLoss(distance_function=None, swap=False, reduction='mean',
    margin=1.0)`: max(d(x, positive) - d(x, negative) + margin, 0) with any distance function
    (by default the Euclidean distance along axis 1); `swap` takes d(positive, negative) when it
    is the smaller negative distance."""

    def __init__(self, distance_function=None, swap=False, reduction="mean", margin=1.0):
        super().__init__(reduction=reduction)
        checkparam.check_is_float(margin, "margin", self.cls_name)
        checkparam.check_bool(swap, "swap", self.cls_name)
        self.distance_function = _pairwise_distance if distance_function is None else distance_function
        self.swap = swap
        self.reduction = reduction
        self.margin = margin

    def construct(self, x, positive, negative):
        for name, value in (("x", x), ("positive", positive), ("negative", negative)):
            check_is_tensor(name, value, self.cls_name)
        positive_distance = self.distance_function(x, positive)
        negative_distance = self.distance_function(x, negative)
        if self.swap:
            negative_distance = _wrap(jnp.minimum(
                negative_distance._data, self.distance_function(positive, negative)._data))
        loss = jnp.maximum(positive_distance._data - negative_distance._data + self.margin, 0)
        return self.get_loss(_wrap(loss))


class MultilabelMarginLoss(Cell):
    """`nn.MultilabelMarginLoss(reduction='mean')`: `ops.MultilabelMarginLoss`'s loss (targets are
    class indices, each row's list ended by the first -1)."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.multilabel_margin_loss = loss_ops.MultilabelMarginLoss(reduction=reduction)

    def construct(self, x, target):
        loss, _ = self.multilabel_margin_loss(x, target)
        return loss


class MultiMarginLoss(LossBase):
    """`nn.MultiMarginLoss(p=1, margin=1.0, reduction='mean', weight=None)`: the multi-class
    hinge loss Σ_{i≠y} max(0, margin - x[y] + x[i])^p / C (weighted by weight[y])."""

    def __init__(self, p=1, margin=1.0, reduction="mean", weight=None):
        super().__init__()
        self.multi_margin_loss = loss_ops.MultiMarginLoss(p=p, margin=margin, reduction=reduction)
        self.weight = weight

    def construct(self, x, target, weight=None):
        if self.weight is not None:
            weight = self.weight
        return self.multi_margin_loss(x, target, weight)


class MultiLabelSoftMarginLoss(LossBase):
    """`nn.MultiLabelSoftMarginLoss(weight=None, reduction='mean')`."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight
        self.reduction = reduction

    def construct(self, x, target):
        return loss_ops.multilabel_soft_margin_loss(x, target, self.weight, self.reduction)


class FocalLoss(LossBase):
    """`nn.FocalLoss(weight=None, gamma=2.0, reduction='mean')` (deprecated in MindSpore 2.8):
    -(1 - p)^gamma · log p of the softmax over axis 1; `labels` are one-hot (C channels) or
    class indices (1 channel)."""

    def __init__(self, weight=None, gamma=2.0, reduction="mean"):
        super().__init__(reduction=reduction)
        if not isinstance(gamma, float):
            raise TypeError(f"The type of 'gamma' should be 'float', but got type "
                            f"'{type(gamma).__name__}'.")
        if weight is not None and not isinstance(weight, Tensor):
            raise TypeError(f"For '{self.cls_name}', the type of 'weight' must be a Tensor, but "
                            f"got {type(weight).__name__}.")
        if isinstance(weight, Tensor) and weight.ndim != 1:
            raise ValueError(f"For '{self.cls_name}', the dimension of 'weight' must be 1, but "
                             f"got {weight.ndim}.")
        self.gamma = gamma
        self.weight = weight
        self.logsoftmax = LogSoftmax(1)

    def construct(self, logits, labels):
        check_is_tensor("logits", logits, self.cls_name)
        check_is_tensor("labels", labels, self.cls_name)
        _check_focal_inputs(logits, labels, self.cls_name)
        return self.get_loss(_focal(self.logsoftmax(_as_3d(logits)), _as_3d(labels), self.weight,
                                    self.gamma, labels.shape[1] == 1))


def _check_focal_inputs(logits, labels, cls_name):
    """MindSpore's FocalLoss checks: logits and labels of one rank in [2, 4], logits with more
    than one channel, labels with one channel or logits' channels, then the labels' dtype."""
    prefix = f"For '{cls_name}', the"
    for name, rank in (("logits", logits.ndim), ("labels", labels.ndim)):
        if not 2 <= rank <= 4:
            raise ValueError(f"{prefix} dimensions of '{name}' must be in [2, 4], but got "
                             f"dimension of '{name}' {rank}.")
    if logits.ndim != labels.ndim:
        raise ValueError(f"{prefix} dimensions of 'logits' and 'labels' must be equal, but got "
                         f"dimension of 'logits' {logits.ndim} and dimension of 'labels' "
                         f"{labels.ndim}.")
    channels = logits.shape[1]
    if channels == 1:
        raise ValueError(f"{prefix} 'logits'.shape[1] cannot be one, but got {channels}.")
    if labels.shape[1] not in (1, channels):
        raise ValueError(f"{prefix} 'labels'.shape[1] must be one or equal to 'logits'.shape[1]: "
                         f"{channels}, but got {labels.shape[1]}.")
    checkparam.check_type_name("labels", labels.dtype, [mstype.int32, mstype.int64,
                                                       mstype.float16, mstype.float32], cls_name)


@functional
def _as_3d(x):
    return x.reshape(x.shape[0], x.shape[1], -1) if x.ndim > 2 else x[:, :, None]


@functional
def _focal(log_probability, labels, weight, gamma, indices):
    if indices:
        index = labels.astype(jnp.int32)
        log_probability = jnp.take_along_axis(log_probability, index, 1)[:, 0]
    probability = jnp.exp(log_probability)
    if weight is not None:
        w = jnp.broadcast_to(weight[None, :, None], (labels.shape[0], weight.shape[0],
                                                      labels.shape[2]))
        if indices:
            w = jnp.take_along_axis(w, labels.astype(jnp.int32), 1)[:, 0]
        log_probability = log_probability * w
    factor = jnp.power(1.0 - probability, gamma)
    if indices:
        return jnp.mean(-factor * log_probability, axis=1)
    return jnp.mean(-factor * labels * log_probability, axis=-1)


class CTCLoss(LossBase):
    """`nn.CTCLoss(blank=0, reduction='mean', zero_infinity=False)`: `construct(log_probs,
    targets, input_lengths, target_lengths)`, log_probs (T, N, C) or (T, C)."""

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__()
        self.blank = blank
        self.reduction = reduction
        self.zero_infinity = zero_infinity

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        unbatched = log_probs.ndim == 2
        if unbatched:
            targets = targets.view(1, -1) if targets.ndim == 1 else targets
            log_probs = log_probs.expand_dims(-2)
            input_lengths = input_lengths.view(1)
            target_lengths = target_lengths.view(1)
        out = ctc_loss_values(log_probs, targets, input_lengths, target_lengths, self.blank,
                              self.reduction, self.zero_infinity)
        return out.squeeze(0) if unbatched and self.reduction == "none" else out

