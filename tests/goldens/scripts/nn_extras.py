"""Golden facts of MindSpore 2.10.0 layers and losses beyond layers.py / losses.py (recorded, never
hand-written): constructor and call errors, the extra activations, MaxPool2d indices, Dropout's
training behaviour, LossBase.get_loss, naming of BatchNorm statistics inside a parent.

Regenerate (from the repository root)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/nn_extras.py

Writes ``tests/goldens/nn/nn_extras.json``: ``section -> probe -> value``, where a value is the probe's
JSON-able result or ``{"error": [exception type, message]}`` (message without MindSpore's C++ stack).
Inputs are built from ``np.random.default_rng(0)`` or ``np.arange``; the probe sources are below.
"""
import json
import os
from collections import OrderedDict
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_seed(0)
OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "nn")
OUT.mkdir(parents=True, exist_ok=True)
G = OrderedDict(mindspore_version=ms.__version__)


def rec(section, key, thunk):
    try:
        value = thunk()
    except Exception as e:  # noqa: BLE001
        value = {"error": [type(e).__name__, str(e).split("\n\n----")[0]]}
    G.setdefault(section, OrderedDict())[key] = value


def f32(*shape, seed=0):
    return Tensor(np.random.default_rng(seed).standard_normal(shape).astype(np.float32))


def arr(t):
    return t.asnumpy().tolist()


# ---- constructor errors: the expression is evaluated with `nn`, `ms`, `Tensor`, `np` in scope
S = "constructor_errors"
for ctor in [
        "nn.Dense(0, 3)", "nn.Dense(2.0, 3)", "nn.Dense(2, 3, has_bias=1)", "nn.Dense(2, 3, activation='foo')",
        "nn.Dense(2, 3, activation=3)", "nn.Dense(2, 3, weight_init=Tensor(np.ones((2, 3), np.float32)))",
        "nn.Dense(2, 3, bias_init=Tensor(np.ones((2,), np.float32)))",
        "nn.Conv2d(3, 4, 3, group=2)", "nn.Conv2d(3, 4, 3, pad_mode='foo')", "nn.Conv2d(3, 4, 3, padding=1)",
        "nn.Conv2d(3, 4, 3, pad_mode='valid', padding=(1, 1, 1, 1))", "nn.Conv2d(3, 4, 3, has_bias=1)",
        "nn.Conv2d(3, 4, 3, data_format='NHWC')", "nn.Conv2d(3, 4, 0)", "nn.Conv2d(3, 4, 3, stride=0)",
        "nn.Conv2d(3, 4, 3, pad_mode='pad', padding=-1)", "nn.Conv2d(3, 4, 3, pad_mode='pad', padding=[1, 1])",
        "nn.Conv2d(0, 4, 3)", "nn.Conv1d(3, 4, (3,))", "nn.Conv1d(3, 4, 3, pad_mode='foo')",
        "nn.Conv1d(3, 4, 3, padding=-1)", "nn.Conv1d(3, 4, 0)", "nn.Conv2dTranspose(4, 3, 3, padding=(1, 1))",
        "nn.Conv2dTranspose(4, 3, 3, output_padding=(1, 1, 1))", "nn.Conv2dTranspose(4, 3, 3, pad_mode='foo')",
        "nn.MaxPool2d(2, pad_mode='foo')", "nn.MaxPool2d(0)", "nn.MaxPool2d(2, stride=(1, 0))",
        "nn.MaxPool2d(2, padding=1)", "nn.MaxPool2d(2, ceil_mode=True)", "nn.MaxPool2d(2, pad_mode=1)",
        "nn.MaxPool2d((2, 2, 2), pad_mode='pad')", "nn.AvgPool2d(2, padding=1)",
        "nn.AvgPool2d(2, pad_mode='pad', divisor_override=-1)", "nn.AvgPool2d(2, data_format='NHWC')",
        "nn.Dropout(keep_prob=0.0)", "nn.Dropout(keep_prob=1)", "nn.Dropout(p=1.0)", "nn.Dropout(p=-0.1)",
        "nn.Dropout(p='a')", "nn.BatchNorm2d(0)", "nn.BatchNorm2d(3.0)", "nn.BatchNorm2d(3, momentum=1.5)",
        "nn.BatchNorm2d(3, use_batch_statistics=1)", "nn.BatchNorm1d(3, data_format='NCDHW')",
        "nn.LayerNorm(5)", "nn.LayerNorm(())", "nn.Embedding(10, 4, padding_idx=10)", "nn.Embedding(10.0, 4)",
        "nn.Embedding(10, 4, use_one_hot=1)", "nn.GELU(approximate='tanh')",
        "nn.CrossEntropyLoss(label_smoothing=1)", "nn.CrossEntropyLoss(label_smoothing=1.5)",
        "nn.CrossEntropyLoss(ignore_index=1.0)", "nn.CrossEntropyLoss(weight=[1.0])",
        "nn.CrossEntropyLoss(weight=Tensor(np.ones(3, np.int32)))", "nn.NLLLoss(reduction='x')",
        "nn.NLLLoss(ignore_index=None)", "nn.L1Loss(reduction='x')", "nn.SmoothL1Loss(reduction='x')",
        "nn.SoftmaxCrossEntropyWithLogits(sparse=1)", "nn.LossBase(reduction='avg')",
        "nn.BCEWithLogitsLoss(weight=ms.Parameter(Tensor(np.ones(2, np.float32)), name='w'))",
        "nn.HuberLoss(reduction='x')", "nn.KLDivLoss(reduction='x')"]:
    rec(S, ctor, lambda ctor=ctor: repr(eval(ctor)))

# ---- call errors: [constructor, input builder]
S = "call_errors"
X234 = "Tensor(np.ones((2, 3, 4), np.float32))"
for key, ctor, args in [
        ("flatten_start_out_of_range", "nn.Flatten(start_dim=3)", [X234]),
        ("flatten_end_out_of_range", "nn.Flatten(end_dim=-4)", [X234]),
        ("bn2d_3d_input", "nn.BatchNorm2d(3)", [X234]),
        ("bn1d_4d_input", "nn.BatchNorm1d(3)", ["Tensor(np.ones((2, 3, 4, 4), np.float32))"]),
        ("convT_output_padding_valid", "nn.Conv2dTranspose(4, 3, 3, stride=2, output_padding=1)",
         ["Tensor(np.ones((1, 4, 5, 5), np.float32))"]),
        ("convT_output_padding_too_big", "nn.Conv2dTranspose(4, 3, 3, stride=2, pad_mode='pad', output_padding=2)",
         ["Tensor(np.ones((1, 4, 5, 5), np.float32))"]),
        ("ce_labels_shape", "nn.CrossEntropyLoss()",
         ["Tensor(np.ones((2, 3), np.float32))", "Tensor(np.ones((3,), np.int32))"]),
        ("ce_labels_rank", "nn.CrossEntropyLoss()",
         ["Tensor(np.ones((2, 3), np.float32))", "Tensor(np.ones((3, 2, 2), np.int32))"]),
        ("ce_probs_shape", "nn.CrossEntropyLoss()",
         ["Tensor(np.ones((2, 3), np.float32))", "Tensor(np.ones((3, 2), np.float32))"]),
        ("ce_logits_int", "nn.CrossEntropyLoss()",
         ["Tensor(np.ones((2, 3), np.int32))", "Tensor(np.ones((2,), np.int32))"]),
        ("ce_labels_float_rank_lower", "nn.CrossEntropyLoss()",
         ["Tensor(np.ones((2, 3), np.float32))", "Tensor(np.ones((2,), np.float32))"]),
        ("mse_python_float", "nn.MSELoss()", ["1.0", "Tensor(np.ones((2, 3), np.float32))"]),
        ("sce_labels_python_int", "nn.SoftmaxCrossEntropyWithLogits()", ["Tensor(np.ones((2, 3), np.float32))", "1"]),
        ("bcewl_target_list", "nn.BCEWithLogitsLoss()", ["Tensor(np.ones((2, 3), np.float32))", "[1.0]"]),
        ("smoothl1_beta_negative", "nn.SmoothL1Loss(beta=-1.0)",
         ["Tensor(np.ones((2, 3), np.float32))", "Tensor(np.zeros((2, 3), np.float32))"])]:
    rec(S, key, lambda ctor=ctor, args=args: arr(eval(ctor)(*[eval(a) for a in args])))

# ---- extra activations: repr, extend_repr and output on a fixed input
S = "activations"
XA = Tensor(np.linspace(-4, 4, 17, dtype=np.float32).reshape(1, 17))
for ctor in ["nn.ELU()", "nn.ELU(alpha=0.5)", "nn.HSwish()", "nn.HSigmoid()", "nn.Softsign()", "nn.Mish()",
             "nn.LogSigmoid()", "nn.Softmin()", "nn.Tanhshrink()", "nn.Hardtanh()", "nn.Hardtanh(-0.5, 2.0)",
             "nn.SoftShrink()", "nn.SoftShrink(1.0)", "nn.HShrink()", "nn.CELU(alpha=2.0)", "nn.SeLU()",
             "nn.LeakyReLU(0.1)", "nn.ReLU6()", "nn.SiLU()", "nn.Identity()", "nn.Identity(3, a=4)"]:
    rec(S, ctor, lambda ctor=ctor: (lambda c: OrderedDict(repr=repr(c), extend_repr=c.extend_repr(),
                                                          out=arr(c(XA))))(eval(ctor)))
rec(S, "get_activation_unknown", lambda: nn.get_activation("foo"))
rec(S, "get_activation_unknown_prim_name", lambda: nn.get_activation("foo", "Dense"))
rec(S, "get_activation_none", lambda: nn.get_activation(None))
rec(S, "get_activation_relu", lambda: repr(nn.get_activation("relu")))
rec(S, "Dense_activation_gelu", lambda: repr(nn.Dense(3, 4, activation="gelu")))
rec(S, "Dense_activation_primitive", lambda: (lambda d: [repr(d), arr(d.activation(Tensor(np.array([-1.0, 2.0], np.float32))))])(
    nn.Dense(3, 4, activation=ops.ReLU())))
rec(S, "Dense_activation_cell_extend_repr", lambda: nn.Dense(3, 4, activation=nn.ReLU()).extend_repr())

# ---- pooling details
S = "pooling"
XP = Tensor(np.random.default_rng(0).standard_normal((1, 1, 5, 5)).astype(np.float32))
X7 = Tensor(np.arange(49, dtype=np.float32).reshape(1, 1, 7, 7))
rec(S, "max_return_indices", lambda: [arr(t) for t in nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, return_indices=True)(XP)])
rec(S, "max_return_indices_dtype", lambda: str(nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, return_indices=True)(XP)[1].dtype))
rec(S, "max_return_indices_3d", lambda: [arr(t) for t in nn.MaxPool2d(2, 1, pad_mode="pad", return_indices=True)(XP[0])])
rec(S, "max_pad_dilation2", lambda: arr(nn.MaxPool2d(2, 1, pad_mode="pad", padding=1, dilation=2)(XP)))
rec(S, "max_pad_tuple_kernel", lambda: arr(nn.MaxPool2d((2, 3), (1, 2), pad_mode="pad", padding=(1, 0))(XP)))
rec(S, "avg_same_count_include_pad_false", lambda: arr(nn.AvgPool2d(3, 2, pad_mode="same", count_include_pad=False)(X7)))
rec(S, "avg_same", lambda: arr(nn.AvgPool2d(3, 2, pad_mode="same")(X7)))
rec(S, "avg_pad_divisor_override", lambda: arr(nn.AvgPool2d(3, 2, pad_mode="pad", padding=1, divisor_override=2)(X7)))
rec(S, "avg_pad_ceil_count", lambda: arr(nn.AvgPool2d(3, 3, pad_mode="pad", padding=1, ceil_mode=True)(X7)))
rec(S, "avg_pad_ceil_nocount", lambda: arr(nn.AvgPool2d(3, 3, pad_mode="pad", padding=1, ceil_mode=True,
                                                        count_include_pad=False)(X7)))
rec(S, "avg_3d_input", lambda: arr(nn.AvgPool2d(2, 2)(X7[0])))
rec(S, "max_tuple_repr", lambda: repr(nn.MaxPool2d(kernel_size=(2, 3), stride=(1, 2))))
rec(S, "max_tuple_len1_repr", lambda: repr(nn.MaxPool2d(kernel_size=(2,), stride=(1,))))

# ---- dropout
S = "dropout"


def _dropout_stats(ctor):
    d = eval(ctor)
    d.set_train()
    out = d(Tensor(np.ones((200, 100), np.float32))).asnumpy()
    return OrderedDict(values=sorted(set(np.round(out, 5).tolist() for out in out.ravel().tolist()))[:4],
                       zero_fraction_2dp=round(float((out == 0).mean()), 1), attrs=[d.p, d.keep_prob],
                       repr=repr(d))


rec(S, "train_p0.5", lambda: _dropout_stats("nn.Dropout(p=0.5)"))
rec(S, "train_p0.2", lambda: _dropout_stats("nn.Dropout(p=0.2)"))
rec(S, "train_keep_prob0.8", lambda: _dropout_stats("nn.Dropout(keep_prob=0.8)"))
rec(S, "train_p0", lambda: _dropout_stats("nn.Dropout(p=0)"))
rec(S, "eval_identity", lambda: arr(nn.Dropout(p=0.9)(Tensor(np.ones((2, 3), np.float32)))))
rec(S, "default_attrs", lambda: [nn.Dropout().p, nn.Dropout().keep_prob, nn.Dropout().training])

# ---- embedding and batchnorm naming
S = "misc"
rec(S, "embedding_padding_idx_row", lambda: arr(nn.Embedding(10, 4, padding_idx=2).embedding_table)[2])
rec(S, "embedding_table_dtype_float16", lambda: str(nn.Embedding(10, 4, dtype=ms.float16).embedding_table.dtype))
rec(S, "embedding_default_table_std_below_0.02",
    lambda: bool(nn.Embedding(100, 50).embedding_table.asnumpy().std() < 0.02))
rec(S, "embedding_table_init_ones", lambda: arr(nn.Embedding(3, 2, embedding_table="ones").embedding_table))


class BNNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm2d(3)
        self.seq = nn.SequentialCell([nn.Dense(2, 2), nn.BatchNorm1d(2)])

    def construct(self, x):
        return x


rec(S, "batchnorm_names_lone", lambda: [[n, p.name] for n, p in nn.BatchNorm2d(3).parameters_and_names()])
rec(S, "batchnorm_names_in_parent", lambda: [[n, p.name] for n, p in BNNet().parameters_and_names()])
rec(S, "batchnorm_trainable", lambda: [p.name for p in nn.BatchNorm2d(3).trainable_params()])
rec(S, "batchnorm_affine_false_trainable", lambda: [p.name for p in nn.BatchNorm2d(3, affine=False).trainable_params()])
rec(S, "conv2d_bias_bound_attr", lambda: nn.Conv2d(4, 6, 3, has_bias=True).bias_init.scale)
rec(S, "conv2dT_bias_bound_attr", lambda: nn.Conv2dTranspose(4, 6, 3, group=2, has_bias=True).bias_init.scale)
rec(S, "dense_weight_init_zeros_bias_ones", lambda: [arr(p) for p in nn.Dense(2, 2, weight_init="zeros", bias_init="ones").get_parameters()])
rec(S, "dense_weight_float16", lambda: [str(p.dtype) for p in nn.Dense(2, 2, dtype=ms.float16).get_parameters()])
rec(S, "dense_4d_input_shape", lambda: list(nn.Dense(4, 3)(Tensor(np.ones((2, 5, 6, 4), np.float32))).shape))
rec(S, "conv1d_weight_tensor_init", lambda: list(nn.Conv1d(2, 3, 2, weight_init=Tensor(np.ones((3, 2, 2), np.float32))).weight.shape))
rec(S, "layernorm_float16_input", lambda: str(nn.LayerNorm((3,))(Tensor(np.ones((2, 3), np.float16))).dtype))

# ---- LossBase.get_loss
S = "loss_base"
XL = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
for red in ("mean", "sum", "none"):
    rec(S, f"get_loss_{red}", lambda red=red: arr(nn.LossBase(red).get_loss(XL)))
    rec(S, f"get_loss_weights_{red}", lambda red=red: arr(nn.LossBase(red).get_loss(XL, Tensor(np.array([1.0, 0.0, 2.0], np.float32)))))
rec(S, "get_loss_float16", lambda: str(nn.LossBase().get_loss(Tensor(np.ones((2, 2), np.float16))).dtype))
rec(S, "get_axis", lambda: list(nn.LossBase().get_axis(XL)))
rec(S, "attrs", lambda: [nn.LossBase("sum").average, nn.LossBase("sum").reduce, nn.LossBase("none").reduce])

with open(OUT / "nn_extras.json", "w") as f:
    json.dump(G, f, indent=1)
print("wrote", OUT / "nn_extras.json")
