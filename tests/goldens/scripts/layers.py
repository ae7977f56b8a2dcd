"""Golden outputs of MindSpore 2.10.0 layers (recorded, never hand-written).

Regenerate (from the repository root; needs the MindSpore oracle venv, built by
``/work/shared/tools/mindspore-oracle`` on first use)::

    ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/layers.py

or through the oracle itself (it copies the script to a scratch folder, so give the output folder)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/layers.py

Writes ``tests/goldens/nn/layers.npz`` and ``tests/goldens/nn/layers.json``. Every parameter is set from
``np.random.default_rng`` with ``param.set_data`` before the call, and saved.

``layers.npz`` keys, per case ``<c>``:

* ``<c>/x``                 input (float32, or int32 indices for Embedding)
* ``<c>/param/<path>``      every parameter of the cell as set before the first call, keyed by its attribute
                            path from ``parameters_and_names()`` (NB: a lone BatchNorm's moving_mean /
                            moving_variance Parameters are *named* ``mean`` / ``variance``; the json
                            ``params`` list gives both path and name)
* ``<c>/out``               ``cell(x)`` in the mode given by ``json cases[c].train`` (False = ``set_train(False)``)
* ``<c>/cot``               a fixed cotangent with the shape of ``out``
* ``<c>/grad_x``            gradient of ``(cell(x) * cot).sum()`` w.r.t. x (a fresh cell with the same weights
                            and mode); absent for integer inputs
* ``<c>/grad/<path>``       same, w.r.t. each trainable parameter
* BatchNorm cases also: ``<c>/after/<path>`` all parameters after the one training call (moving_mean,
  moving_variance updated), ``<c>/out_eval_after`` the eval-mode output after that call,
  ``<c>/out_eval_fresh`` the eval-mode output of a fresh cell with the initial weights.

``layers.json``: ``cases`` {c: {ctor, train, repr, params [[path, name, dtype, shape, requires_grad]],
out_dtype, out_shape, attrs, error}}; ``defaults`` {ctor: {repr, params, attrs}} for layers built with
minimal arguments; ``attrs`` are the cell's public scalar attributes (``vars(cell)``, Cell bookkeeping
dropped). ``error`` = [type, message head, full message] when MindSpore raised.
Memory addresses inside reprs (``<... object at 0x...>``) are written as ``0xADDR``.
"""
import json
import re
import os
import zlib
from collections import OrderedDict
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn

ms.set_context(mode=ms.PYNATIVE_MODE)

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "nn")
OUT.mkdir(parents=True, exist_ok=True)


def scrub(obj):
    """Replace memory addresses in reprs ('<... object at 0x7f3a...>') by '0xADDR' so reruns give identical files."""
    if isinstance(obj, str):
        return re.sub(r" at 0x[0-9a-fA-F]+>", " at 0xADDR>", obj)
    if isinstance(obj, dict):
        return type(obj)((k, scrub(v)) for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        return [scrub(v) for v in obj]
    return obj

arrays = OrderedDict()
meta = OrderedDict()
meta["mindspore_version"] = ms.__version__
meta["cases"] = OrderedDict()

CELL_BOOKKEEPING = {"training", "requires_grad", "is_top_cell", "arguments_key", "mixed_precision_type",
                    "cell_type", "grad_ops_label", "has_bprop", "create_time", "cell_init_args", "phase",
                    "parameter_layout_dict", "parallel_parameter_name_list", "bprop_debug", "auto_prefix",
                    "_auto_prefix"}


def err(e):
    msg = str(e)
    return [type(e).__name__, msg.split("\n\n----")[0].rstrip(), msg]


def jsonable(v):
    if isinstance(v, (bool, int, str, type(None))):
        return v
    if isinstance(v, float):
        return v
    if isinstance(v, (tuple, list)) and all(isinstance(i, (bool, int, float, str)) for i in v):
        return list(v)
    return None


def attrs_of(cell):
    out = OrderedDict()
    for k, v in vars(cell).items():
        if k.startswith("_") or k in CELL_BOOKKEEPING:
            continue
        j = jsonable(v)
        if j is not None or v is None:
            out[k] = j
    return out


def make_param(name, shape, rng):
    shape = tuple(shape)
    if name.endswith("moving_variance"):
        return rng.uniform(0.5, 1.5, shape).astype(np.float32)
    if name.endswith("moving_mean"):
        return (rng.standard_normal(shape) * 0.3).astype(np.float32)
    if name.endswith("gamma"):
        return (1.0 + 0.2 * rng.standard_normal(shape)).astype(np.float32)
    if name.endswith("beta"):
        return (0.2 * rng.standard_normal(shape)).astype(np.float32)
    if name.endswith("embedding_table"):
        return rng.standard_normal(shape).astype(np.float32)
    if len(shape) >= 2:
        fan_in = int(np.prod(shape[1:]))
        return (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(np.float32)
    return rng.uniform(-0.5, 0.5, shape).astype(np.float32)


def build(ctor, weights=None):
    cell = eval(ctor)  # noqa: S307
    if weights is not None:
        for path, p in cell.parameters_and_names():
            p.set_data(Tensor(weights[path]))
    return cell


CASES = []


def case(name, ctor, x, train=False, grads=True):
    CASES.append((name, ctor, x, train, grads))


def rnd(name, shape, scale=1.0):
    r = np.random.default_rng(zlib.crc32(name.encode()))
    return (r.standard_normal(shape) * scale).astype(np.float32)


# ---- Dense
case("dense", "nn.Dense(4, 3)", rnd("dense", (5, 4)))
case("dense_nobias", "nn.Dense(4, 3, has_bias=False)", rnd("dense_nobias", (5, 4)))
case("dense_relu", "nn.Dense(4, 3, activation='relu')", rnd("dense_relu", (5, 4)))
case("dense_3d", "nn.Dense(4, 3)", rnd("dense_3d", (2, 5, 4)))

# ---- Conv2d
X9 = rnd("x9", (2, 4, 9, 9))
X8 = rnd("x8", (2, 4, 8, 8))
case("conv2d_same", "nn.Conv2d(4, 6, 3)", X9)
case("conv2d_same_bias", "nn.Conv2d(4, 6, 3, has_bias=True)", X9)
case("conv2d_same_s2_odd", "nn.Conv2d(4, 6, 3, stride=2, pad_mode='same', has_bias=True)", X9)
case("conv2d_same_s2_even", "nn.Conv2d(4, 6, 3, stride=2, pad_mode='same')", X8)
case("conv2d_same_k4", "nn.Conv2d(4, 6, 4, pad_mode='same')", X8)
case("conv2d_same_k4_s3", "nn.Conv2d(4, 6, 4, stride=3, pad_mode='same')", X8)
case("conv2d_same_dil2", "nn.Conv2d(4, 6, 3, dilation=2, pad_mode='same')", X9)
case("conv2d_valid", "nn.Conv2d(4, 6, 3, pad_mode='valid', has_bias=True)", X9)
case("conv2d_valid_s2", "nn.Conv2d(4, 6, 3, stride=2, pad_mode='valid')", X8)
case("conv2d_valid_dil2", "nn.Conv2d(4, 6, 3, dilation=2, pad_mode='valid', has_bias=True)", X9)
case("conv2d_pad1", "nn.Conv2d(4, 6, 3, pad_mode='pad', padding=1)", X9)
case("conv2d_pad4tuple", "nn.Conv2d(4, 6, 3, pad_mode='pad', padding=(1, 2, 0, 1), has_bias=True)", X8)
case("conv2d_pad_s2_dil2", "nn.Conv2d(4, 6, 3, stride=2, pad_mode='pad', padding=2, dilation=2)", X9)
case("conv2d_group2", "nn.Conv2d(4, 6, 3, group=2, has_bias=True)", X9)
case("conv2d_group4_valid", "nn.Conv2d(4, 8, 3, group=4, pad_mode='valid')", X8)
case("conv2d_rect", "nn.Conv2d(4, 6, (2, 3), stride=(1, 2), pad_mode='valid', has_bias=True)", X9)
case("conv2d_rect_same", "nn.Conv2d(4, 6, (2, 3), stride=(2, 1), pad_mode='same')", X9)
case("conv2d_all", "nn.Conv2d(4, 6, 3, stride=2, pad_mode='pad', padding=1, dilation=2, group=2, has_bias=True)", X9)

# ---- Conv1d
X1 = rnd("x1", (2, 4, 11))
case("conv1d_same", "nn.Conv1d(4, 5, 3)", X1)
case("conv1d_same_s2_bias", "nn.Conv1d(4, 5, 3, stride=2, has_bias=True)", X1)
case("conv1d_valid", "nn.Conv1d(4, 5, 3, pad_mode='valid', has_bias=True)", X1)
case("conv1d_pad", "nn.Conv1d(4, 5, 3, pad_mode='pad', padding=2, dilation=2)", X1)
case("conv1d_group2", "nn.Conv1d(4, 6, 3, group=2, pad_mode='valid')", X1)

# ---- Conv2dTranspose
XT = rnd("xt", (2, 4, 5, 5))
case("convT_same", "nn.Conv2dTranspose(4, 3, 3)", XT)
case("convT_same_s2", "nn.Conv2dTranspose(4, 3, 3, stride=2, pad_mode='same', has_bias=True)", XT)
case("convT_same_k4_s2", "nn.Conv2dTranspose(4, 3, 4, stride=2, pad_mode='same')", XT)
case("convT_valid", "nn.Conv2dTranspose(4, 3, 3, pad_mode='valid')", XT)
case("convT_valid_s2", "nn.Conv2dTranspose(4, 3, 3, stride=2, pad_mode='valid', has_bias=True)", XT)
case("convT_pad1_s2", "nn.Conv2dTranspose(4, 3, 3, stride=2, pad_mode='pad', padding=1)", XT)
case("convT_pad1_s2_outpad1", "nn.Conv2dTranspose(4, 3, 3, stride=2, pad_mode='pad', padding=1, output_padding=1)", XT)
case("convT_valid_dil2", "nn.Conv2dTranspose(4, 3, 3, pad_mode='valid', dilation=2)", XT)
case("convT_group2", "nn.Conv2dTranspose(4, 6, 3, group=2, pad_mode='valid')", XT)

# ---- pooling
XP = rnd("xp", (2, 3, 7, 7))
XP8 = rnd("xp8", (2, 3, 8, 8))
for kind in ("MaxPool2d", "AvgPool2d"):
    k = kind[:3].lower()
    case(f"{k}_k2_s2_valid", f"nn.{kind}(kernel_size=2, stride=2)", XP)
    case(f"{k}_k2_s2_valid_even", f"nn.{kind}(kernel_size=2, stride=2)", XP8)
    case(f"{k}_k2_s1_valid", f"nn.{kind}(kernel_size=2, stride=1)", XP)
    case(f"{k}_k3_s1_same", f"nn.{kind}(kernel_size=3, stride=1, pad_mode='same')", XP)
    case(f"{k}_k3_s2_same", f"nn.{kind}(kernel_size=3, stride=2, pad_mode='same')", XP)
    case(f"{k}_k3_s2_same_even", f"nn.{kind}(kernel_size=3, stride=2, pad_mode='same')", XP8)
    case(f"{k}_k2_s2_same_odd", f"nn.{kind}(kernel_size=2, stride=2, pad_mode='same')", XP)
    case(f"{k}_k3_s2_valid", f"nn.{kind}(kernel_size=3, stride=2, pad_mode='valid')", XP)
    case(f"{k}_k3_s1_pad1", f"nn.{kind}(kernel_size=3, stride=1, pad_mode='pad', padding=1)", XP)
    case(f"{k}_default", f"nn.{kind}()", XP)
    case(f"{k}_k3_s2_ceil", f"nn.{kind}(kernel_size=3, stride=2, ceil_mode=True)", XP8)
    case(f"{k}_k3_s2_pad0_ceil", f"nn.{kind}(kernel_size=3, stride=2, pad_mode='pad', padding=0, ceil_mode=True)", XP8)
case("avg_k3_s2_pad1_nocount", "nn.AvgPool2d(kernel_size=3, stride=2, pad_mode='pad', padding=1, count_include_pad=False)", XP)
case("max_k3_s1_same_3d", "nn.MaxPool2d(kernel_size=3, stride=1, pad_mode='same')", XP[0])
# ties for the MaxPool gradient
case("max_ties_k2_s1", "nn.MaxPool2d(kernel_size=2, stride=1)", np.round(XP * 0.5).astype(np.float32))

# ---- activations
XA = rnd("xa", (3, 4, 5), 2.0)
case("flatten", "nn.Flatten()", XA)
case("flatten_0", "nn.Flatten(start_dim=0)", XA)
case("relu", "nn.ReLU()", XA)
case("gelu_approx", "nn.GELU()", XA)
case("gelu_approx_true", "nn.GELU(approximate=True)", XA)
case("gelu_exact", "nn.GELU(approximate=False)", XA)
case("sigmoid", "nn.Sigmoid()", XA)
case("tanh", "nn.Tanh()", XA)
case("softmax", "nn.Softmax()", XA)
case("softmax_axis1", "nn.Softmax(axis=1)", XA)
case("softmax_axis0", "nn.Softmax(axis=0)", XA)
case("softmax_axis_tuple", "nn.Softmax(axis=(1, 2))", XA)
case("logsoftmax", "nn.LogSoftmax()", XA)
case("logsoftmax_axis0", "nn.LogSoftmax(axis=0)", XA)
case("dropout_eval", "nn.Dropout(p=0.5)", XA)
case("dropout_keep1_train", "nn.Dropout(keep_prob=1.0)", XA, train=True)
case("leakyrelu", "nn.LeakyReLU(0.2)", XA)
case("relu6", "nn.ReLU6()", XA)
case("silu", "nn.SiLU()", XA)

# ---- normalisation
XB1 = rnd("xb1", (6, 3), 2.0) + 1.0
XB1_3d = rnd("xb1_3d", (4, 3, 5), 2.0)
XB2 = rnd("xb2", (2, 4, 3, 3), 2.0) + 0.5
case("bn1d_train", "nn.BatchNorm1d(3)", XB1, train=True)
case("bn1d_eval", "nn.BatchNorm1d(3)", XB1, train=False)
case("bn1d_train_mom05_eps", "nn.BatchNorm1d(3, momentum=0.5, eps=1e-3)", XB1, train=True)
case("bn1d_train_3d", "nn.BatchNorm1d(3)", XB1_3d, train=True)
case("bn1d_noaffine_train", "nn.BatchNorm1d(3, affine=False)", XB1, train=True)
case("bn1d_use_batch_stats_false_train", "nn.BatchNorm1d(3, use_batch_statistics=False)", XB1, train=True)
case("bn1d_use_batch_stats_true_eval", "nn.BatchNorm1d(3, use_batch_statistics=True)", XB1, train=False)
case("bn2d_train", "nn.BatchNorm2d(4)", XB2, train=True)
case("bn2d_eval", "nn.BatchNorm2d(4)", XB2, train=False)
case("bn2d_train_mom05", "nn.BatchNorm2d(4, momentum=0.5, eps=1e-3)", XB2, train=True)
XL = rnd("xl", (2, 3, 5), 2.0) + 0.5
case("layernorm_last", "nn.LayerNorm((5,))", XL)
case("layernorm_last_explicit", "nn.LayerNorm((5,), begin_norm_axis=-1, begin_params_axis=-1)", XL)
case("layernorm_2d", "nn.LayerNorm((3, 5), begin_norm_axis=1, begin_params_axis=1)", XL)
case("layernorm_2d_params_last", "nn.LayerNorm((5,), begin_norm_axis=1, begin_params_axis=-1)", XL)
case("layernorm_eps", "nn.LayerNorm((5,), epsilon=1e-3)", XL)

# ---- embedding
IDX = np.array([[1, 0, 9], [3, 3, 7]], np.int32)
case("embedding", "nn.Embedding(10, 4)", IDX)
case("embedding_onehot", "nn.Embedding(10, 4, use_one_hot=True)", IDX)
case("embedding_padding_idx", "nn.Embedding(10, 4, padding_idx=0)", IDX)
case("embedding_1d", "nn.Embedding(10, 4)", IDX[0])

# ---- issue 13: the layers real models use
X3D = rnd("x3d", (2, 4, 5, 6, 5))
XPAD = rnd("xpad", (2, 3, 4, 5))
case("pad_constant", "nn.Pad(((0, 0), (1, 2), (0, 1), (2, 0)))", XPAD)
case("pad_reflect", "nn.Pad(((0, 0), (0, 0), (1, 2), (2, 1)), mode='REFLECT')", XPAD)
case("pad_symmetric", "nn.Pad(((0, 0), (0, 0), (1, 2), (2, 1)), mode='SYMMETRIC')", XPAD)
case("constantpad1d", "nn.ConstantPad1d((1, 2), 0.5)", XPAD)
case("constantpad2d_negative", "nn.ConstantPad2d((1, -1, 2, 0), 1.5)", XPAD)
case("constantpad3d_int", "nn.ConstantPad3d(1, -2.0)", XPAD)
case("zeropad2d", "nn.ZeroPad2d((1, 0, 2, 1))", XPAD)
case("reflectionpad1d", "nn.ReflectionPad1d((2, 1))", XPAD)
case("reflectionpad2d_int", "nn.ReflectionPad2d(1)", XPAD)
case("reflectionpad3d", "nn.ReflectionPad3d((1, 0, 1, 2, 0, 1))", XPAD)
case("replicationpad1d", "nn.ReplicationPad1d((2, 1))", XPAD[0])
case("replicationpad2d", "nn.ReplicationPad2d((1, 2, 0, 1))", XPAD)
case("replicationpad3d_int", "nn.ReplicationPad3d(1)", XPAD)
case("groupnorm", "nn.GroupNorm(2, 4)", XB2)
case("groupnorm_1group_noaffine", "nn.GroupNorm(1, 4, eps=1e-3, affine=False)", XB2)
case("groupnorm_3d", "nn.GroupNorm(4, 4)", X3D)
case("instancenorm1d", "nn.InstanceNorm1d(3)", XB1_3d)
case("instancenorm2d", "nn.InstanceNorm2d(4, eps=1e-3)", XB2)
case("instancenorm3d", "nn.InstanceNorm3d(4, affine=False)", X3D)
case("bn3d_train", "nn.BatchNorm3d(4)", X3D, train=True)
case("bn3d_eval", "nn.BatchNorm3d(4, momentum=0.5)", X3D, train=False)
case("bn_sync_train", "nn.SyncBatchNorm(4)", XB2, train=True)
case("bn_sync_eval", "nn.SyncBatchNorm(4)", XB2, train=False)
case("conv3d_same", "nn.Conv3d(4, 6, 3)", X3D)
case("conv3d_valid_bias_s2", "nn.Conv3d(4, 6, (2, 3, 3), stride=(1, 2, 2), pad_mode='valid', has_bias=True)", X3D)
case("conv3d_pad_dil_group", "nn.Conv3d(4, 6, 3, pad_mode='pad', padding=(1, 0, 2, 1, 0, 1), dilation=(1, 2, 1), group=2, has_bias=True)", X3D)
case("conv3dT_same", "nn.Conv3dTranspose(4, 3, 3)", X3D)
case("conv3dT_valid_s2_bias", "nn.Conv3dTranspose(4, 6, 3, stride=2, pad_mode='valid', has_bias=True, group=2)", X3D)
case("conv3dT_pad_outpad", "nn.Conv3dTranspose(4, 3, 3, stride=2, pad_mode='pad', padding=1, output_padding=1)", X3D)
case("conv1dT_same", "nn.Conv1dTranspose(4, 5, 3)", X1)
case("conv1dT_valid_s2_bias", "nn.Conv1dTranspose(4, 5, 3, stride=2, pad_mode='valid', has_bias=True)", X1)
case("conv1dT_pad", "nn.Conv1dTranspose(4, 6, 3, stride=2, pad_mode='pad', padding=1, group=2)", X1)
case("maxpool1d", "nn.MaxPool1d(3, 2)", X1)
case("maxpool1d_same", "nn.MaxPool1d(3, 2, pad_mode='same')", X1)
case("maxpool1d_pad_ceil", "nn.MaxPool1d(3, 2, pad_mode='pad', padding=1, ceil_mode=True)", X1)
case("maxpool1d_2d_input", "nn.MaxPool1d(2, 2)", X1[0])
case("avgpool1d", "nn.AvgPool1d(3, 2)", X1)
case("avgpool1d_same", "nn.AvgPool1d(3, 2, pad_mode='same')", X1)
case("avgpool1d_pad_nocount", "nn.AvgPool1d(3, 2, pad_mode='pad', padding=1, count_include_pad=False)", X1)
case("maxpool3d", "nn.MaxPool3d(2, 2)", X3D)
case("maxpool3d_same", "nn.MaxPool3d(3, 2, pad_mode='same')", X3D)
case("maxpool3d_pad", "nn.MaxPool3d(3, 2, pad_mode='pad', padding=1)", X3D)
case("avgpool3d", "nn.AvgPool3d(2, 2)", X3D)
case("avgpool3d_pad_divisor", "nn.AvgPool3d(3, 2, pad_mode='pad', padding=1, divisor_override=5)", X3D)
case("avgpool3d_4d_input", "nn.AvgPool3d((2, 3, 2), (1, 2, 2))", X3D[0])
case("adaptive_avg1d", "nn.AdaptiveAvgPool1d(3)", rnd("xa1", (2, 3, 9)))
case("adaptive_avg2d", "nn.AdaptiveAvgPool2d((3, 2))", XP)
case("adaptive_avg2d_none", "nn.AdaptiveAvgPool2d((None, 3))", XP)
case("adaptive_avg3d", "nn.AdaptiveAvgPool3d(2)", X3D)
case("adaptive_max1d", "nn.AdaptiveMaxPool1d(3)", rnd("xa1", (2, 3, 9)))
case("adaptive_max2d", "nn.AdaptiveMaxPool2d(3)", XP)
case("adaptive_max3d", "nn.AdaptiveMaxPool3d((2, 3, 2))", X3D)
case("prelu", "nn.PReLU()", XB2 - 0.5)
case("prelu_channel", "nn.PReLU(4, 0.1)", XB2 - 0.5)
case("softmax2d", "nn.Softmax2d()", XB2)
case("threshold", "nn.Threshold(0.3, -1.0)", XA)
case("glu", "nn.GLU()", rnd("xglu", (3, 6)))
case("glu_axis0", "nn.GLU(axis=0)", rnd("xglu", (4, 3)))
case("pixelshuffle", "nn.PixelShuffle(2)", rnd("xps", (2, 8, 3, 3)))
case("pixelunshuffle", "nn.PixelUnshuffle(2)", rnd("xpu", (2, 2, 4, 6)))
case("unflatten", "nn.Unflatten(1, (2, 2))", XB2)
case("unfold_valid", "nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])", XP)
case("unfold_same_stride_rate", "nn.Unfold([1, 3, 2, 1], [1, 2, 1, 1], [1, 1, 2, 1], 'same')", XP)
case("upsample_nearest", "nn.Upsample(scale_factor=2.0)", XP)
case("upsample_bilinear", "nn.Upsample(size=(5, 9), mode='bilinear', align_corners=True)", XP)
case("onehot", "nn.OneHot(depth=5)", np.array([[0, 3], [4, 1]], np.int32))
case("onehot_axis0_values", "nn.OneHot(axis=0, depth=4, on_value=2.0, off_value=-1.0)", np.array([1, 3, 0], np.int32))
case("conv2dbnact", "nn.Conv2dBnAct(4, 6, 3, has_bn=True, activation='relu')", X9)
case("conv2dbnact_leaky_train", "nn.Conv2dBnAct(4, 6, 3, has_bias=True, has_bn=True, activation='leakyrelu', alpha=0.1)", X9, train=True)
case("densebnact", "nn.DenseBnAct(4, 3, has_bn=True, activation='sigmoid')", rnd("dba", (5, 4)))
case("linear", "nn.Linear(4, 3)", rnd("dense", (5, 4)))
case("tril", "nn.Tril()", XA)
case("triu", "nn.Triu()", XA)
case("roll", "nn.Roll(2, 1)", XA)
case("roll_two_axes", "nn.Roll([1, -2], [0, 2])", XA)
case("norm_all", "nn.Norm()", XA)
case("norm_axis_keep", "nn.Norm(axis=1, keep_dims=True)", XA)
case("reducelogsumexp", "nn.ReduceLogSumExp(1)", XA)
case("reducelogsumexp_keep", "nn.ReduceLogSumExp((0, 2), keep_dims=True)", XA)
case("fastgelu", "nn.FastGelu()", XA)
case("lrn", "nn.LRN(depth_radius=2, bias=2.0, alpha=0.1, beta=0.75)", XB2)
case("channelshuffle", "nn.ChannelShuffle(2)", XB2)
case("linear_nobias_3d", "nn.Linear(4, 3, bias=False)", rnd("dense_3d", (2, 5, 4)))


def record_params(c, cell):
    return [[n, p.name, str(p.dtype), list(p.shape), bool(p.requires_grad)] for n, p in cell.parameters_and_names()]


for name, ctor, x, train, want_grads in CASES:
    info = OrderedDict(ctor=ctor, train=train)
    arrays[name + "/x"] = x
    try:
        cell = build(ctor)
        rng = np.random.default_rng(zlib.crc32(("w/" + name).encode()))
        weights = OrderedDict()
        for path, p in cell.parameters_and_names():
            weights[path] = make_param(path, p.shape, rng)
            if name == "embedding_padding_idx":
                info["fresh_init_row_padding_idx_is_zero"] = bool((p.asnumpy()[0] == 0).all())
        for path, p in cell.parameters_and_names():
            p.set_data(Tensor(weights[path]))
            arrays[f"{name}/param/{path}"] = weights[path]
        info["repr"] = repr(cell)
        info["params"] = record_params(name, cell)
        info["attrs"] = attrs_of(cell)
        cell.set_train(train)
        out = cell(Tensor(x))
        o = out.asnumpy()
        arrays[name + "/out"] = o
        info["out_dtype"] = str(out.dtype)
        info["out_shape"] = list(out.shape)
        if name.startswith("bn"):
            for path, p in cell.parameters_and_names():
                arrays[f"{name}/after/{path}"] = p.asnumpy()
            cell.set_train(False)
            arrays[name + "/out_eval_after"] = cell(Tensor(x)).asnumpy()
            fresh = build(ctor, weights)
            fresh.set_train(False)
            arrays[name + "/out_eval_fresh"] = fresh(Tensor(x)).asnumpy()
        if want_grads and np.issubdtype(o.dtype, np.floating):
            cot = np.random.default_rng(zlib.crc32(("cot/" + name).encode())).standard_normal(o.shape).astype(np.float32)
            arrays[name + "/cot"] = cot
            gcell = build(ctor, weights)
            gcell.set_train(train)
            tparams = gcell.trainable_params()
            cot_t = Tensor(cot)

            def fn(inp):
                return (gcell(inp) * cot_t).sum()

            try:
                is_float_in = np.issubdtype(x.dtype, np.floating)
                if tparams:
                    gf = ms.grad(fn, grad_position=0 if is_float_in else None, weights=tparams)
                    g = gf(Tensor(x))
                    if is_float_in:
                        gx, gw = g
                        arrays[name + "/grad_x"] = gx.asnumpy()
                    else:
                        gw = g
                    path_of = {id(p): path for path, p in gcell.parameters_and_names()}
                    for p, gp in zip(tparams, gw):
                        arrays[f"{name}/grad/{path_of[id(p)]}"] = gp.asnumpy()
                elif is_float_in:
                    arrays[name + "/grad_x"] = ms.grad(fn, grad_position=0)(Tensor(x)).asnumpy()
            except Exception as e:  # noqa: BLE001
                info["grad_error"] = err(e)
    except Exception as e:  # noqa: BLE001
        info["error"] = err(e)
    meta["cases"][name] = info
    print(name, info.get("out_shape"), info.get("error", [""])[:2], info.get("grad_error", [""])[:2])

# ---- defaults: repr, parameter names/shapes, attributes of layers built with minimal args
DEFAULTS = ["nn.Dense(4, 3)", "nn.Dense(4, 3, has_bias=False, activation='relu')", "nn.Conv2d(4, 6, 3)",
            "nn.Conv2d(4, 6, 3, has_bias=True)", "nn.Conv1d(4, 5, 3)", "nn.Conv2dTranspose(4, 3, 3)",
            "nn.Conv2dTranspose(4, 6, 3, group=2)",
            "nn.MaxPool2d()", "nn.MaxPool2d(2, 2)", "nn.AvgPool2d()", "nn.AvgPool2d(3, 2, pad_mode='same')",
            "nn.Flatten()", "nn.ReLU()", "nn.GELU()", "nn.Sigmoid()", "nn.Tanh()", "nn.Softmax()", "nn.LogSoftmax()",
            "nn.Dropout()", "nn.BatchNorm1d(3)", "nn.BatchNorm2d(4)", "nn.BatchNorm2d(4, affine=False)",
            "nn.LayerNorm((5,))", "nn.Embedding(10, 4)",
            "nn.GroupNorm(2, 4)", "nn.InstanceNorm2d(3)", "nn.BatchNorm3d(3)", "nn.SyncBatchNorm(3)",
            "nn.Conv3d(2, 4, 3)", "nn.Conv3dTranspose(2, 4, 3)", "nn.Conv1dTranspose(2, 4, 3)",
            "nn.PReLU()", "nn.Pad(((1, 1),))", "nn.ZeroPad2d(1)", "nn.ReflectionPad2d(1)",
            "nn.ReplicationPad2d(1)", "nn.MaxPool1d()", "nn.AvgPool1d()", "nn.MaxPool3d()",
            "nn.AvgPool3d()", "nn.AdaptiveAvgPool2d(2)", "nn.AdaptiveMaxPool2d(2)",
            "nn.Dropout2d()", "nn.Upsample(scale_factor=2.0)", "nn.OneHot()", "nn.ClipByNorm()",
            "nn.MatMul()", "nn.Unflatten(1, (2, 2))", "nn.GLU()", "nn.Conv2dBnAct(2, 4, 3)",
            "nn.DenseBnAct(2, 4)", "nn.Linear(4, 3)", "nn.Linear(4, 3, bias=False)"]
meta["defaults"] = OrderedDict()
for ctor in DEFAULTS:
    cell = build(ctor)
    meta["defaults"][ctor] = OrderedDict(
        repr=repr(cell),
        params=[[n, p.name, str(p.dtype), list(p.shape), bool(p.requires_grad)] for n, p in cell.parameters_and_names()],
        attrs=attrs_of(cell))

np.savez_compressed(OUT / "layers.npz", **arrays)
with open(OUT / "layers.json", "w") as f:
    json.dump(scrub(meta), f, indent=1)
print("wrote", OUT / "layers.npz", os.path.getsize(OUT / "layers.npz"), "bytes")
