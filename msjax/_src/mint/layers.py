"""`mindspore.mint.nn`'s layers with PyTorch-style constructors: `Linear`, `Conv1d/2d/3d`,
`ConvTranspose2d`, `BatchNorm1d/2d/3d`, `SyncBatchNorm`, `GroupNorm`, `LayerNorm`, `Embedding`,
`PReLU`, `Dropout`, `Dropout2d`, the pooling, padding, activation and loss layers.

Parameters carry PyTorch's names as MindSpore's mint layers do (`weight`, `bias`,
`running_mean`, `running_var`), initialised as PyTorch initialises them; each layer's forward is
the mint functional of the same name, so a layer and its functional cannot disagree.
"""
from __future__ import annotations

import math

from msjax._src.core import dtype as mstype
from msjax._src.core.initializer import HeUniform, Normal, Uniform, initializer
from msjax._src.mint import functional as F
from msjax._src.mint import functions
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers import padding as nn_padding
from msjax._src.nn.layers.basic import Identity as Identity
from msjax._src.ops import image_ops, layer_ops, loss_ops, nn_ops, pooling_ops
from msjax._src.core.parameter import Parameter
from msjax._src.ops.state_ops import assign
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.parallel import communication


def _dtype(dtype):
    return mstype.float32 if dtype is None else dtype


def _tuple(value, n):
    return (value,) * n if isinstance(value, int) else tuple(value)


class Linear(Cell):
    """`mint.nn.Linear(in_features, out_features, bias=True, weight_init=None, bias_init=None,
    dtype=None)`: x @ weight.T + bias, `weight` [out, in] from HeUniform(√5), `bias` from
    Uniform(1/√in)."""

    def __init__(self, in_features, out_features, bias=True, weight_init=None, bias_init=None,
                 dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        dtype = _dtype(dtype)
        self.weight = Parameter(initializer(weight_init or HeUniform(math.sqrt(5)),
                                            [out_features, in_features], dtype), name="weight")
        self.bias = None
        if bias:
            init = bias_init or Uniform(1 / math.sqrt(in_features))
            self.bias = Parameter(initializer(init, [out_features], dtype), name="bias")

    def construct(self, input):
        return F.linear(input, self.weight, self.bias)

    def extend_repr(self):
        return (f"input_features={self.in_features}, output_features={self.out_features}, "
                f"has_bias={self.bias is not None}")


class _ConvNd(Cell):
    """PyTorch-style convolution: `weight` [out, in / groups, *kernel] from HeUniform(√5),
    `bias` from Uniform(1/√fan_in); `padding` an int, a tuple or 'same' / 'valid'."""

    _nd = 2
    _transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", dtype=None, output_padding=0):
        super().__init__()
        if padding_mode != "zeros":
            raise NotImplementedError(f"msjax: mint.nn.{self.cls_name}(padding_mode="
                                      f"{padding_mode!r}) is not supported yet; use 'zeros' with "
                                      "an explicit mint.nn.functional.pad.")
        nd = self._nd
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size = _tuple(kernel_size, nd)
        self.stride = _tuple(stride, nd)
        self.padding = padding if isinstance(padding, str) else _tuple(padding, nd)
        self.dilation = _tuple(dilation, nd)
        self.groups = groups
        self.padding_mode = padding_mode
        self.output_padding = _tuple(output_padding, nd)
        dtype = _dtype(dtype)
        shape = ([in_channels, out_channels // groups] if self._transposed
                 else [out_channels, in_channels // groups]) + list(self.kernel_size)
        self.weight = Parameter(initializer(HeUniform(math.sqrt(5)), shape, dtype), name="weight")
        self.bias = None
        if bias:
            fan_in = shape[1] * math.prod(self.kernel_size)
            self.bias = Parameter(initializer(Uniform(1 / math.sqrt(fan_in)), [out_channels],
                                              dtype), name="bias")

    def construct(self, input):
        conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[self._nd]
        return conv(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                    self.groups)


class Conv1d(_ConvNd):
    """`mint.nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
    groups=1, bias=True, padding_mode='zeros', dtype=None)`."""

    _nd = 1

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups,
                         bias, padding_mode, dtype)


class Conv2d(_ConvNd):
    """`mint.nn.Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
    groups=1, bias=True, padding_mode='zeros', dtype=None)`."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups,
                         bias, padding_mode, dtype)


class Conv3d(_ConvNd):
    """`mint.nn.Conv3d(...)`: as Conv2d over (N, C, D, H, W)."""

    _nd = 3

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups,
                         bias, padding_mode, dtype)


class ConvTranspose2d(_ConvNd):
    """`mint.nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', dtype=None)`:
    `weight` [in, out / groups, kh, kw]."""

    _transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
                 dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups,
                         bias, padding_mode, dtype, output_padding)

    def construct(self, input):
        return nn_ops.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding,
                                       self.output_padding, self.groups, self.dilation)


class _BatchNorm(Cell):
    """PyTorch-style batch normalisation: `momentum` is the weight of the batch statistic;
    `weight`/`bias` (affine) and `running_mean`/`running_var` (track_running_stats)."""

    _ndims = (2, 3)

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True,
                 track_running_stats=True, dtype=None):
        super().__init__()
        dtype = _dtype(dtype)
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        self.weight = Parameter(initializer("ones", [num_features], dtype), name="weight",
                                requires_grad=affine)
        self.bias = Parameter(initializer("zeros", [num_features], dtype), name="bias",
                              requires_grad=affine)
        self.running_mean = Parameter(initializer("zeros", [num_features], dtype),
                                      name="running_mean", requires_grad=False)
        self.running_var = Parameter(initializer("ones", [num_features], dtype),
                                     name="running_var", requires_grad=False)
        self.num_batches_tracked = Parameter(Tensor(0, mstype.int64), name="num_batches_tracked",
                                             requires_grad=False)

    def construct(self, input):
        if self.training and self.track_running_stats:
            assign(self.num_batches_tracked, _wrap(self.num_batches_tracked._data + 1))
        if input.ndim not in self._ndims:
            raise ValueError(f"For '{self.cls_name}', expected {' or '.join(map(str, self._ndims))}"
                             f"D input, but got {input.ndim}D input.")
        use_batch = self.training or not self.track_running_stats
        return F.batch_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                            use_batch, self.momentum, self.eps)

    def extend_repr(self):
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    """`mint.nn.BatchNorm1d(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True, dtype=None)`: input (N, C) or (N, C, L)."""


class BatchNorm2d(_BatchNorm):
    """`mint.nn.BatchNorm2d(...)`: input (N, C, H, W)."""

    _ndims = (4,)


class BatchNorm3d(_BatchNorm):
    """`mint.nn.BatchNorm3d(...)`: input (N, C, D, H, W)."""

    _ndims = (5,)


class SyncBatchNorm(_BatchNorm):
    """`mint.nn.SyncBatchNorm(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True, process_group=None, dtype=None)`: with one rank (msjax's
    single-process default) it is BatchNorm; across ranks use `nn.SyncBatchNorm`."""

    _ndims = (2, 3, 4, 5)

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True,
                 track_running_stats=True, process_group=None, dtype=None):

        if communication.get_group_size() > 1:
            raise NotImplementedError("msjax: mint.nn.SyncBatchNorm across several ranks is not "
                                      "supported yet; use mindspore.nn.SyncBatchNorm.")
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = process_group


class GroupNorm(Cell):
    """`mint.nn.GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, dtype=None)`."""

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, dtype=None):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError("num_channels must be divisible by num_groups")
        dtype = _dtype(dtype)
        self.num_groups, self.num_channels, self.eps, self.affine = (num_groups, num_channels,
                                                                     eps, affine)
        self.weight = Parameter(initializer("ones", [num_channels], dtype), name="weight",
                                requires_grad=affine)
        self.bias = Parameter(initializer("zeros", [num_channels], dtype), name="bias",
                              requires_grad=affine)

    def construct(self, input):
        return layer_ops.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)


class LayerNorm(Cell):
    """`mint.nn.LayerNorm(normalized_shape, eps=1e-05, elementwise_affine=True, bias=True,
    dtype=None)`: normalise over the trailing `normalized_shape` axes."""

    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, bias=True,
                 dtype=None):
        super().__init__()
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(
            normalized_shape)
        dtype = _dtype(dtype)
        self.normalized_shape, self.eps = shape, eps
        self.elementwise_affine = elementwise_affine
        self.weight = self.bias = None
        if elementwise_affine:
            self.weight = Parameter(initializer("ones", list(shape), dtype), name="weight")
            if bias:
                self.bias = Parameter(initializer("zeros", list(shape), dtype), name="bias")

    def construct(self, input):
        return nn_ops.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)


class Embedding(Cell):
    """`mint.nn.Embedding(num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
    norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False,
    dtype=None)`: `weight` drawn from N(0, 1), the `padding_idx` row zero."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None,
                 _freeze=False, dtype=None):
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        if padding_idx is not None and padding_idx < 0:
            padding_idx += num_embeddings
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        if _weight is None:
            value = initializer(Normal(1.0), [num_embeddings, embedding_dim],
                                _dtype(dtype)).init_data()
            if padding_idx is not None:
                value = _wrap(value._data.at[padding_idx].set(0))
        else:
            value = _weight
        self.weight = Parameter(value, name="weight", requires_grad=not _freeze)

    def construct(self, input):
        return layer_ops.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                           self.scale_grad_by_freq)


class PReLU(Cell):
    """`mint.nn.PReLU(num_parameters=1, init=0.25, dtype=None)`: `weight` of num_parameters."""

    def __init__(self, num_parameters=1, init=0.25, dtype=None):
        super().__init__()
        self.num_parameters = num_parameters
        self.weight = Parameter(initializer(init, [num_parameters], _dtype(dtype)), name="weight")

    def construct(self, input):
        return nn_ops.prelu(input, self.weight)


def _simple(name, forward, doc, params=(), inputs=1):
    """A parameterless layer storing its constructor arguments `params` ((name, default) in
    MindSpore's order) as attributes; construct is `forward(*inputs, **those arguments)`
    (`inplace` is accepted and not passed on)."""

    def __init__(self, *args, **kwargs):
        Cell.__init__(self)
        if len(args) > len(params):
            raise TypeError(f"{name}() takes {len(params)} arguments but {len(args)} were given")
        values = dict(zip([p for p, _ in params], args))
        unknown = set(kwargs) - {p for p, _ in params}
        if unknown:
            raise TypeError(f"{name}() got an unexpected keyword argument '{sorted(unknown)[0]}'")
        values.update(kwargs)
        for key, default in params:
            if key not in values and default is _REQUIRED:
                raise TypeError(f"{name}() missing required argument: '{key}'")
            setattr(self, key, values.get(key, default))

    def construct(self, *args):
        return forward(*args, **{key: getattr(self, key) for key, _ in params
                                 if key != "inplace"})

    return type(name, (Cell,), {"__init__": __init__, "construct": construct, "__doc__": doc,
                                "__module__": __name__})


_REQUIRED = object()
_POOL = [("kernel_size", _REQUIRED), ("stride", None), ("padding", 0), ("ceil_mode", False),
         ("count_include_pad", True)]

ReLU = _simple("ReLU", nn_ops.relu, "`mint.nn.ReLU()`.")
ReLU6 = _simple("ReLU6", F.relu6, "`mint.nn.ReLU6(inplace=False)`.", [("inplace", False)])
SiLU = _simple("SiLU", F.silu, "`mint.nn.SiLU(inplace=False)`.", [("inplace", False)])
Sigmoid = _simple("Sigmoid", F.sigmoid_, "`mint.nn.Sigmoid()`.")
Tanh = _simple("Tanh", F.tanh_, "`mint.nn.Tanh()`.")
SELU = _simple("SELU", F.selu, "`mint.nn.SELU()`.")
Mish = _simple("Mish", F.mish, "`mint.nn.Mish()`.")
LogSigmoid = _simple("LogSigmoid", F.logsigmoid, "`mint.nn.LogSigmoid()`.")
Hardsigmoid = _simple("Hardsigmoid", nn_ops.hardsigmoid, "`mint.nn.Hardsigmoid()`.")
Hardswish = _simple("Hardswish", nn_ops.hardswish, "`mint.nn.Hardswish()`.")
Hardshrink = _simple("Hardshrink", nn_ops.hardshrink, "`mint.nn.Hardshrink(lambd=0.5)`.",
                     [("lambd", 0.5)])
Softshrink = _simple("Softshrink", nn_ops.softshrink, "`mint.nn.Softshrink(lambd=0.5)`.",
                     [("lambd", 0.5)])
ELU = _simple("ELU", F.elu, "`mint.nn.ELU(alpha=1.0, inplace=False)`.",
              [("alpha", 1.0), ("inplace", False)])
GELU = _simple("GELU", F.gelu, "`mint.nn.GELU(approximate='none')`.", [("approximate", "none")])
Hardtanh = _simple("Hardtanh", F.hardtanh, "`mint.nn.Hardtanh(min_val=-1.0, max_val=1.0, "
                   "inplace=False)`.", [("min_val", -1.0), ("max_val", 1.0), ("inplace", False)])
Threshold = _simple("Threshold", F.threshold, "`mint.nn.Threshold(threshold, value, "
                    "inplace=False)`.", [("threshold", _REQUIRED), ("value", _REQUIRED),
                                         ("inplace", False)])
GLU = _simple("GLU", F.glu, "`mint.nn.GLU(dim=-1)`.", [("dim", -1)])
Softmax = _simple("Softmax", F.softmax, "`mint.nn.Softmax(dim=None)`.", [("dim", None)])
LogSoftmax = _simple("LogSoftmax", F.log_softmax, "`mint.nn.LogSoftmax(dim=None)`.",
                     [("dim", None)])
Flatten = _simple("Flatten", functions.flatten, "`mint.nn.Flatten(start_dim=1, end_dim=-1)`.",
                  [("start_dim", 1), ("end_dim", -1)])
PixelShuffle = _simple("PixelShuffle", image_ops.pixel_shuffle,
                       "`mint.nn.PixelShuffle(upscale_factor)`.", [("upscale_factor", _REQUIRED)])
Unfold = _simple("Unfold", image_ops.unfold, "`mint.nn.Unfold(kernel_size, dilation=1, "
                 "padding=0, stride=1)`.", [("kernel_size", _REQUIRED), ("dilation", 1),
                                            ("padding", 0), ("stride", 1)])
Fold = _simple("Fold", image_ops.fold, "`mint.nn.Fold(output_size, kernel_size, dilation=1, "
               "padding=0, stride=1)`.", [("output_size", _REQUIRED), ("kernel_size", _REQUIRED),
                                          ("dilation", 1), ("padding", 0), ("stride", 1)])
Upsample = _simple("Upsample", image_ops.interpolate, "`mint.nn.Upsample(size=None, "
                   "scale_factor=None, mode='nearest', align_corners=None, "
                   "recompute_scale_factor=None)`.",
                   [("size", None), ("scale_factor", None), ("mode", "nearest"),
                    ("align_corners", None), ("recompute_scale_factor", None)])
UpsamplingNearest2d = _simple("UpsamplingNearest2d", F.upsample_nearest,
                              "`mint.nn.UpsamplingNearest2d(size=None, scale_factor=None)`.",
                              [("size", None), ("scale_factor", None)])
UpsamplingBilinear2d = _simple("UpsamplingBilinear2d", F.upsample_bilinear,
                               "`mint.nn.UpsamplingBilinear2d(size=None, scale_factor=None)`: "
                               "align_corners=True.", [("size", None), ("scale_factor", None)])
AdaptiveAvgPool1d = _simple("AdaptiveAvgPool1d", pooling_ops.adaptive_avg_pool1d,
                            "`mint.nn.AdaptiveAvgPool1d(output_size)`.",
                            [("output_size", _REQUIRED)])
AdaptiveAvgPool2d = _simple("AdaptiveAvgPool2d", nn_ops.adaptive_avg_pool2d,
                            "`mint.nn.AdaptiveAvgPool2d(output_size)`.",
                            [("output_size", _REQUIRED)])
AdaptiveAvgPool3d = _simple("AdaptiveAvgPool3d", pooling_ops.adaptive_avg_pool3d,
                            "`mint.nn.AdaptiveAvgPool3d(output_size)`.",
                            [("output_size", _REQUIRED)])
AdaptiveMaxPool1d = _simple("AdaptiveMaxPool1d", F.adaptive_max_pool1d,
                            "`mint.nn.AdaptiveMaxPool1d(output_size, return_indices=False)`.",
                            [("output_size", _REQUIRED), ("return_indices", False)])
AdaptiveMaxPool2d = _simple("AdaptiveMaxPool2d", pooling_ops.adaptive_max_pool2d,
                            "`mint.nn.AdaptiveMaxPool2d(output_size, return_indices=False)`.",
                            [("output_size", _REQUIRED), ("return_indices", False)])
AvgPool1d = _simple("AvgPool1d", F.avg_pool1d, "`mint.nn.AvgPool1d(kernel_size, stride=None, "
                    "padding=0, ceil_mode=False, count_include_pad=True)`.", _POOL)
AvgPool2d = _simple("AvgPool2d", F.avg_pool2d, "`mint.nn.AvgPool2d(kernel_size, stride=None, "
                    "padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None)`.",
                    _POOL + [("divisor_override", None)])
AvgPool3d = _simple("AvgPool3d", F.avg_pool3d, "`mint.nn.AvgPool3d(...)`: as AvgPool2d, 3-d.",
                    _POOL + [("divisor_override", None)])
MaxPool2d = _simple("MaxPool2d", F.max_pool2d, "`mint.nn.MaxPool2d(kernel_size=1, stride=None, "
                    "padding=0, dilation=1, return_indices=False, ceil_mode=False)`.",
                    [("kernel_size", 1), ("stride", None), ("padding", 0), ("dilation", 1),
                     ("return_indices", False), ("ceil_mode", False)])
MaxUnpool2d = _simple("MaxUnpool2d", F.max_unpool2d, "`mint.nn.MaxUnpool2d(kernel_size, "
                      "stride=None, padding=0)`: construct(input, indices, output_size=None).",
                      [("kernel_size", _REQUIRED), ("stride", None), ("padding", 0)])

# -- losses: construct(input, target) ---------------------------------------------------------------
L1Loss = _simple("L1Loss", loss_ops.l1_loss, "`mint.nn.L1Loss(reduction='mean')`.",
                 [("reduction", "mean")])
MSELoss = _simple("MSELoss", loss_ops.mse_loss, "`mint.nn.MSELoss(reduction='mean')`.",
                  [("reduction", "mean")])
SmoothL1Loss = _simple("SmoothL1Loss", F.smooth_l1_loss, "`mint.nn.SmoothL1Loss(reduction="
                       "'mean', beta=1.0)`.", [("reduction", "mean"), ("beta", 1.0)])
SoftMarginLoss = _simple("SoftMarginLoss", loss_ops.soft_margin_loss,
                         "`mint.nn.SoftMarginLoss(reduction='mean')`.", [("reduction", "mean")])
BCELoss = _simple("BCELoss", F.binary_cross_entropy, "`mint.nn.BCELoss(weight=None, "
                  "reduction='mean')`.", [("weight", None), ("reduction", "mean")])
BCEWithLogitsLoss = _simple("BCEWithLogitsLoss", F.binary_cross_entropy_with_logits,
                            "`mint.nn.BCEWithLogitsLoss(weight=None, reduction='mean', "
                            "pos_weight=None)`.",
                            [("weight", None), ("reduction", "mean"), ("pos_weight", None)])
CrossEntropyLoss = _simple("CrossEntropyLoss", loss_ops.cross_entropy,
                           "`mint.nn.CrossEntropyLoss(weight=None, ignore_index=-100, "
                           "reduction='mean', label_smoothing=0.0)`: targets are class indices "
                           "or probabilities.",
                           [("weight", None), ("ignore_index", -100), ("reduction", "mean"),
                            ("label_smoothing", 0.0)])
NLLLoss = _simple("NLLLoss", F.nll_loss, "`mint.nn.NLLLoss(weight=None, ignore_index=-100, "
                  "reduction='mean')`.",
                  [("weight", None), ("ignore_index", -100), ("reduction", "mean")])
KLDivLoss = _simple("KLDivLoss", F.kl_div, "`mint.nn.KLDivLoss(reduction='mean', "
                    "log_target=False)`.", [("reduction", "mean"), ("log_target", False)])
CosineEmbeddingLoss = _simple("CosineEmbeddingLoss", loss_ops.cosine_embedding_loss,
                              "`mint.nn.CosineEmbeddingLoss(margin=0.0, reduction='mean')`: "
                              "construct(input1, input2, target).",
                              [("margin", 0.0), ("reduction", "mean")])


class Dropout(Cell):
    """`mint.nn.Dropout(p=0.5, inplace=False)`: zero elements with probability p while
    training, scaling the rest by 1 / (1 - p)."""

    _function = staticmethod(F.dropout)

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if not 0 <= p <= 1:
            raise ValueError(f"For '{self.cls_name}', the 'p' must be a number in range [0, 1], "
                             f"but got {p}.")
        self.p = p
        self.inplace = inplace

    def construct(self, input):
        if not self.training or self.p == 0:
            return input
        return type(self)._function(input, self.p, True)


class Dropout2d(Dropout):
    """`mint.nn.Dropout2d(p=0.5, inplace=False)`: zero whole channels while training."""

    _function = staticmethod(F.dropout2d)


ConstantPad1d = nn_padding.ConstantPad1d
ConstantPad2d = nn_padding.ConstantPad2d
ConstantPad3d = nn_padding.ConstantPad3d
ZeroPad2d = nn_padding.ZeroPad2d
ReflectionPad1d = nn_padding.ReflectionPad1d
ReflectionPad2d = nn_padding.ReflectionPad2d
ReflectionPad3d = nn_padding.ReflectionPad3d
ReplicationPad1d = nn_padding.ReplicationPad1d
ReplicationPad2d = nn_padding.ReplicationPad2d
ReplicationPad3d = nn_padding.ReplicationPad3d


class ZeroPad1d(nn_padding._ConstantPadNd):
    """`mint.nn.ZeroPad1d(padding)`: pad the last axis with zeros."""

    def __init__(self, padding):
        super().__init__(padding, 0, name="ConstantPad1d")


class ZeroPad3d(nn_padding._ConstantPadNd):
    """`mint.nn.ZeroPad3d(padding)`: pad the last three axes with zeros."""

    def __init__(self, padding):
        super().__init__(padding, 0, name="ConstantPad3d")
