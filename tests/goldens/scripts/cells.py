"""Structure and text goldens of MindSpore 2.10.0 Cells and Parameters (recorded, never hand-written).

Regenerate (from the repository root; needs the MindSpore oracle venv, built by
``/work/shared/tools/mindspore-oracle`` on first use)::

    ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/cells.py

or through the oracle itself (it copies the script to a scratch folder, so give the output folder)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/cells.py

Writes ``tests/goldens/nn/cells.json``: a flat-ish mapping ``section -> probe -> value``. Each probe is
recorded by ``rec(section, key, thunk)``: the value is the thunk's (JSON-able) result, or
``{"error": [exception type, message head, full message]}`` when MindSpore raised (the head drops
MindSpore's appended "C++ Call Stack" block; ``str()`` of a KeyError is the quoted repr of its message, so
KeyErrors get a fourth element, the bare ``e.args[0]``). Every probe's source is in this file; the cell classes
used are defined below and described in ``cells.json["classes"]``.

Naming-related probes give, for a cell, ``structure(cell)``:
  ``parameters_and_names``  [[path, param.name], ...]
  ``get_parameters``        [param.name, ...]
  ``trainable_params``      [param.name, ...]
  ``parameters_dict``       keys of cell.parameters_dict()
  ``cells_and_names``       [[path, class name], ...]
  ``name_cells``            keys of cell.name_cells()
Note: MindSpore renames Parameters in place as cells are nested, so the order in which objects are built
and assigned matters; the thunks build everything from scratch in the order written.
Parameter default names ``Parameter#N`` depend on a process-global counter; tests should check the
pattern, the values here are only those of this run.
Memory addresses inside reprs (``<... object at 0x...>``) are written as ``0xADDR``.
"""
import json
import re
import os
import traceback
from collections import OrderedDict
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, nn
from mindspore.common.initializer import initializer, Normal, One, Constant

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_seed(0)

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

G = OrderedDict()
G["mindspore_version"] = ms.__version__


def err(e):
    msg = str(e)
    out = [type(e).__name__, msg.split("\n\n----")[0].rstrip(), msg]
    if isinstance(e, KeyError) and e.args:
        out.append(str(e.args[0]))  # str(KeyError) wraps the message in quotes; args[0] is the bare message
    return out


def rec(section, key, thunk):
    try:
        v = thunk()
    except Exception as e:  # noqa: BLE001
        v = {"error": err(e)}
    G.setdefault(section, OrderedDict())[key] = v
    return v


def structure(cell):
    return OrderedDict(
        parameters_and_names=[[n, p.name] for n, p in cell.parameters_and_names()],
        get_parameters=[p.name for p in cell.get_parameters()],
        trainable_params=[p.name for p in cell.trainable_params()],
        parameters_dict=list(cell.parameters_dict().keys()),
        cells_and_names=[[n, type(c).__name__] for n, c in cell.cells_and_names()],
        name_cells=list(cell.name_cells().keys()),
    )


def f32(*shape, seed=0):
    return Tensor(np.random.default_rng(seed).standard_normal(shape).astype(np.float32))


# ----------------------------------------------------------------------------------------------
# classes
# ----------------------------------------------------------------------------------------------
class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(f32(2, 2), name="w")
        self.dense = nn.Dense(2, 2)

    def construct(self, x):
        return self.dense(x @ self.w)


class Middle(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
        self.scale = Parameter(Tensor(np.float32(1.0)))
        self.act = nn.ReLU()

    def construct(self, x):
        return self.act(self.inner(x)) * self.scale


class Outer(nn.Cell):
    def __init__(self, auto_prefix=True):
        super().__init__(auto_prefix=auto_prefix)
        self.middle = Middle()
        self.head = nn.Dense(2, 1, has_bias=False)
        self.frozen = Parameter(f32(3), requires_grad=False)

    def construct(self, x):
        return self.head(self.middle(x))


class Named(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(f32(2), name="myname")
        self.u = Parameter(f32(2))

    def construct(self, x):
        return x * self.w + self.u


class HoldsNamed(nn.Cell):
    def __init__(self):
        super().__init__()
        self.named = Named()

    def construct(self, x):
        return self.named(x)


class HoldsNamedNoPrefix(nn.Cell):
    def __init__(self):
        super().__init__(auto_prefix=False)
        self.named = Named()

    def construct(self, x):
        return self.named(x)


class PHolder(nn.Cell):
    def __init__(self, p):
        super().__init__()
        self.p = p

    def construct(self, x):
        return x * self.p


class TwoHolders(nn.Cell):
    def __init__(self, p):
        super().__init__()
        self.a = PHolder(p)
        self.b = PHolder(p)

    def construct(self, x):
        return self.a(x) + self.b(x)


class SameCellTwice(nn.Cell):
    def __init__(self):
        super().__init__()
        d = nn.Dense(2, 2)
        self.first = d
        self.second = d

    def construct(self, x):
        return self.second(self.first(x))


class WithTuple(nn.Cell):
    def __init__(self):
        super().__init__()
        self.pt = ParameterTuple([Parameter(f32(2)), Parameter(f32(3), name="named_in_tuple")])
        self.pl = [Parameter(f32(2))]

    def construct(self, x):
        return x


class WithSeq(nn.Cell):
    def __init__(self):
        super().__init__()
        self.seq = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 1)])
        self.lst = nn.CellList([nn.Dense(1, 1), nn.Dense(1, 2)])

    def construct(self, x):
        return self.seq(x)


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode='valid')
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode='valid')
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


class WithExtend(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 2)

    def extend_repr(self):
        return "custom=1, other=two"

    def construct(self, x):
        return self.dense(x)


class Empty(nn.Cell):
    def construct(self, x):
        return x


G["classes"] = OrderedDict(
    Inner="w=Parameter(f32(2,2), name='w'); dense=Dense(2,2)",
    Middle="inner=Inner(); scale=Parameter(Tensor(np.float32(1.0))) (auto name); act=ReLU()",
    Outer="Cell(auto_prefix=auto_prefix); middle=Middle(); head=Dense(2,1,has_bias=False); "
          "frozen=Parameter(f32(3), requires_grad=False)",
    Named="w=Parameter(f32(2), name='myname'); u=Parameter(f32(2)) (auto name)",
    HoldsNamed="named=Named()", HoldsNamedNoPrefix="Cell(auto_prefix=False); named=Named()",
    PHolder="p=<given Parameter>", TwoHolders="a=PHolder(p); b=PHolder(p)",
    SameCellTwice="d=Dense(2,2); first=d; second=d",
    WithTuple="pt=ParameterTuple([Parameter(f32(2)), Parameter(f32(3), name='named_in_tuple')]); pl=[Parameter(f32(2))]",
    WithSeq="seq=SequentialCell([Dense(2,3), ReLU(), Dense(3,1)]); lst=CellList([Dense(1,1), Dense(1,2)])",
    LeNet5="model-zoo LeNet-5 (see lenet.py)",
    WithExtend="dense=Dense(2,2); extend_repr() returns 'custom=1, other=two'",
    Empty="no attributes",
)

# ----------------------------------------------------------------------------------------------
# naming
# ----------------------------------------------------------------------------------------------
S = "naming"
rec(S, "Inner", lambda: structure(Inner()))
rec(S, "Middle", lambda: structure(Middle()))
rec(S, "Outer", lambda: structure(Outer()))
rec(S, "Outer_auto_prefix_False", lambda: structure(Outer(auto_prefix=False)))
rec(S, "Outer._auto_prefix", lambda: [Outer()._auto_prefix, Outer(auto_prefix=False)._auto_prefix])
rec(S, "Outer.auto_prefix_public_attr", lambda: Outer().auto_prefix)
rec(S, "Named", lambda: structure(Named()))
rec(S, "HoldsNamed", lambda: structure(HoldsNamed()))
rec(S, "HoldsNamedNoPrefix", lambda: structure(HoldsNamedNoPrefix()))
rec(S, "parameters_and_names_prefix", lambda: [[n, p.name] for n, p in Outer().parameters_and_names(name_prefix="net")])
rec(S, "parameters_and_names_expand_False", lambda: [[n, p.name] for n, p in Outer().parameters_and_names(expand=False)])
rec(S, "get_parameters_expand_False", lambda: [p.name for p in Outer().get_parameters(expand=False)])
rec(S, "trainable_params_recurse_False", lambda: [p.name for p in Outer().trainable_params(recurse=False)])
rec(S, "untrainable_params", lambda: [p.name for p in Outer().untrainable_params()])
rec(S, "cells_and_names_prefix", lambda: [[n, type(c).__name__] for n, c in Outer().cells_and_names(name_prefix="top")])
rec(S, "cells", lambda: [type(c).__name__ for c in Outer().cells()])
rec(S, "name_cells_type", lambda: type(Outer().name_cells()).__name__)
rec(S, "parameters_dict_type", lambda: type(Outer().parameters_dict()).__name__)
rec(S, "parameters_dict_value_type", lambda: type(next(iter(Outer().parameters_dict().values()))).__name__)


def _shared_param():
    p = Parameter(f32(2), name="shared")
    names = OrderedDict()
    a = PHolder(p)
    names["after_PHolder_a"] = p.name
    b = PHolder(p)
    names["after_PHolder_b"] = p.name
    names["a_structure"] = structure(a)
    t = TwoHolders(p)
    names["after_TwoHolders"] = p.name
    names["TwoHolders"] = structure(t)
    names["same_object_in_both"] = t.a.p is t.b.p
    return names


rec(S, "shared_parameter", _shared_param)


def _shared_auto_param():
    p = Parameter(f32(2))
    n0 = p.name
    t = TwoHolders(p)
    return OrderedDict(before=n0, after=p.name, structure=structure(t))


rec(S, "shared_auto_named_parameter", _shared_auto_param)
rec(S, "SameCellTwice", lambda: structure(SameCellTwice()))


def _shared_dense_two_parents():
    d = nn.Dense(2, 2)
    out = OrderedDict(fresh=[p.name for p in d.get_parameters()])
    s1 = nn.SequentialCell(OrderedDict([("enc", d)]))
    out["after_seq1"] = [p.name for p in d.get_parameters()]
    s2 = nn.CellList([nn.ReLU(), d])
    out["after_celllist"] = [p.name for p in d.get_parameters()]
    out["seq1"] = structure(s1)
    out["celllist"] = structure(s2)
    return out


rec(S, "shared_dense_two_parents", _shared_dense_two_parents)
rec(S, "WithTuple", lambda: structure(WithTuple()))


def _param_attr_rename():
    c = Empty()
    out = OrderedDict()
    p = Parameter(f32(2))
    out["auto_before"] = p.name.startswith("Parameter#")
    c.x = p
    out["auto_after_setattr"] = p.name
    q = Parameter(f32(2), name="explicit")
    c.y = q
    out["explicit_after_setattr"] = q.name
    c.insert_param_to_cell("z", Parameter(f32(2)))
    out["insert_param_to_cell_auto"] = [[n, p.name] for n, p in c.parameters_and_names()]
    c.insert_param_to_cell("zz", Parameter(f32(2), name="explicit2"))
    out["insert_param_to_cell_explicit"] = [[n, p.name] for n, p in c.parameters_and_names()]
    out["insert_param_to_cell_check_name_contain_dot_False"] = None
    return out


rec(S, "parameter_attribute_rename", _param_attr_rename)


def _update_parameters_name():
    c = Inner()
    c.update_parameters_name("pre.")
    return [[n, p.name] for n, p in c.parameters_and_names()]


rec(S, "update_parameters_name", _update_parameters_name)

# ----------------------------------------------------------------------------------------------
# containers
# ----------------------------------------------------------------------------------------------
S = "containers"
rec(S, "SequentialCell_list", lambda: structure(nn.SequentialCell([nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 1)])))
rec(S, "SequentialCell_varargs", lambda: structure(nn.SequentialCell(nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 1))))
rec(S, "SequentialCell_OrderedDict", lambda: structure(nn.SequentialCell(OrderedDict(
    [("fc", nn.Dense(2, 3)), ("act", nn.ReLU()), ("out", nn.Dense(3, 1))]))))
rec(S, "CellList", lambda: structure(nn.CellList([nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 1)])))
rec(S, "CellDict", lambda: structure(nn.CellDict({"fc": nn.Dense(2, 3), "act": nn.ReLU(), "out": nn.Dense(3, 1)})))
rec(S, "CellDict_OrderedDict", lambda: structure(nn.CellDict(OrderedDict(
    [("b", nn.Dense(2, 3)), ("a", nn.Dense(3, 1))]))))
rec(S, "CellDict_keys", lambda: list(nn.CellDict({"z": nn.ReLU(), "a": nn.Tanh()}).keys()))
rec(S, "WithSeq", lambda: structure(WithSeq()))


def _celllist_ops():
    out = OrderedDict()
    cl = nn.CellList([nn.Dense(1, 1)])
    cl.append(nn.Dense(1, 2))
    out["after_append"] = structure(cl)
    cl.extend([nn.ReLU(), nn.Dense(2, 2)])
    out["after_extend"] = structure(cl)
    cl.insert(0, nn.Dense(3, 1))
    out["after_insert0"] = structure(cl)
    out["len"] = len(cl)
    out["getitem_1_type"] = type(cl[1]).__name__
    out["slice_type"] = type(cl[1:3]).__name__
    return out


rec(S, "CellList_ops", _celllist_ops)


def _seq_ops():
    out = OrderedDict()
    s = nn.SequentialCell([nn.Dense(2, 3)])
    s.append(nn.ReLU())
    s.append(nn.Dense(3, 1))
    out["after_append"] = structure(s)
    out["len"] = len(s)
    out["slice_type"] = type(s[0:2]).__name__
    out["forward_shape"] = list(s(f32(4, 2)).shape)
    s2 = nn.SequentialCell(OrderedDict([("fc", nn.Dense(2, 3)), ("act", nn.ReLU())]))
    s2.append(nn.Dense(3, 1))
    out["odict_after_append"] = structure(s2)
    return out


rec(S, "SequentialCell_ops", _seq_ops)


def _celldict_ops():
    out = OrderedDict()
    d = nn.CellDict({"a": nn.Dense(1, 1)})
    d["b"] = nn.Dense(1, 2)
    out["after_setitem"] = structure(d)
    d.update({"c": nn.ReLU()})
    out["after_update"] = structure(d)
    out["keys"] = list(d.keys())
    out["len"] = len(d)
    out["pop_type"] = type(d.pop("a")).__name__
    out["after_pop"] = structure(d)
    out["contains_b"] = "b" in d
    return out


rec(S, "CellDict_ops", _celldict_ops)
rec(S, "CellDict_call", lambda: nn.CellDict({"a": nn.ReLU()})(f32(2)))
rec(S, "CellList_call", lambda: nn.CellList([nn.ReLU()])(f32(2)))
rec(S, "SequentialCell_bad_element", lambda: nn.SequentialCell([nn.ReLU(), 3]))
rec(S, "CellList_bad_element", lambda: nn.CellList([nn.ReLU(), 3]))
rec(S, "CellDict_bad_key", lambda: nn.CellDict({1: nn.ReLU()}))
rec(S, "CellDict_dotted_key", lambda: nn.CellDict({"a.b": nn.ReLU()}))

# ----------------------------------------------------------------------------------------------
# repr
# ----------------------------------------------------------------------------------------------
S = "repr"
REPRS = OrderedDict([
    ("LeNet5", "LeNet5()"),
    ("Outer", "Outer()"),
    ("Inner", "Inner()"),
    ("Empty", "Empty()"),
    ("WithExtend", "WithExtend()"),
    ("WithSeq", "WithSeq()"),
    ("SequentialCell_list", "nn.SequentialCell([nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 1)])"),
    ("SequentialCell_OrderedDict", "nn.SequentialCell(OrderedDict([('fc', nn.Dense(2, 3)), ('act', nn.ReLU())]))"),
    ("CellList", "nn.CellList([nn.Dense(2, 3), nn.ReLU()])"),
    ("CellDict", "nn.CellDict({'fc': nn.Dense(2, 3), 'act': nn.ReLU()})"),
    ("WithLossCell", "nn.WithLossCell(nn.Dense(2, 1), nn.MSELoss())"),
    ("TrainOneStepCell", "nn.TrainOneStepCell(nn.WithLossCell(nn.Dense(2, 1), nn.MSELoss()), "
                         "nn.Momentum(nn.Dense(2, 1).trainable_params(), 0.1, 0.9))"),
    ("Momentum", "nn.Momentum(nn.Dense(2, 1).trainable_params(), 0.1, 0.9)"),
    ("Adam", "nn.Adam(nn.Dense(2, 1).trainable_params())"),
    ("Dense", "nn.Dense(3, 4)"),
    ("Dense_nobias_act", "nn.Dense(3, 4, has_bias=False, activation='relu')"),
    ("Dense_act_cell", "nn.Dense(3, 4, activation=nn.Tanh())"),
    ("Conv2d", "nn.Conv2d(1, 6, 5, pad_mode='valid')"),
    ("Conv2d_full", "nn.Conv2d(4, 8, (3, 5), stride=2, pad_mode='pad', padding=(1, 1, 2, 2), dilation=2, group=2, "
                    "has_bias=True, weight_init='normal', bias_init='zeros')"),
    ("Conv1d", "nn.Conv1d(3, 5, 3, stride=2, pad_mode='valid', has_bias=True)"),
    ("Conv2dTranspose", "nn.Conv2dTranspose(4, 3, 3, stride=2, pad_mode='pad', padding=1, has_bias=True)"),
    ("MaxPool2d", "nn.MaxPool2d(kernel_size=2, stride=2)"),
    ("MaxPool2d_same", "nn.MaxPool2d(kernel_size=3, stride=1, pad_mode='same')"),
    ("MaxPool2d_pad", "nn.MaxPool2d(kernel_size=3, stride=2, pad_mode='pad', padding=1, ceil_mode=True)"),
    ("AvgPool2d", "nn.AvgPool2d(kernel_size=3, stride=2, pad_mode='same')"),
    ("Flatten", "nn.Flatten()"),
    ("Flatten_args", "nn.Flatten(start_dim=0, end_dim=2)"),
    ("ReLU", "nn.ReLU()"),
    ("GELU_false", "nn.GELU(approximate=False)"),
    ("Sigmoid", "nn.Sigmoid()"),
    ("Tanh", "nn.Tanh()"),
    ("Softmax_axis0", "nn.Softmax(axis=0)"),
    ("LogSoftmax_axis1", "nn.LogSoftmax(axis=1)"),
    ("Dropout", "nn.Dropout(p=0.2)"),
    ("Dropout_keep", "nn.Dropout(keep_prob=0.8)"),
    ("BatchNorm1d", "nn.BatchNorm1d(3, eps=1e-3, momentum=0.5)"),
    ("BatchNorm2d", "nn.BatchNorm2d(4, affine=False)"),
    ("LayerNorm", "nn.LayerNorm((3, 5), begin_norm_axis=1, begin_params_axis=1, epsilon=1e-5)"),
    ("Embedding", "nn.Embedding(10, 4, use_one_hot=True, padding_idx=0)"),
    ("MSELoss", "nn.MSELoss(reduction='sum')"),
    ("CrossEntropyLoss", "nn.CrossEntropyLoss(ignore_index=2, label_smoothing=0.1)"),
    ("SoftmaxCrossEntropyWithLogits", "nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')"),
    ("ExponentialDecayLR", "nn.ExponentialDecayLR(0.1, 0.9, 2)"),
])
for key, ctor in REPRS.items():
    rec(S, key, lambda ctor=ctor: repr(eval(ctor)))  # noqa: S307
rec(S, "str_equals_repr_LeNet5", lambda: (lambda n: str(n) == repr(n))(LeNet5()))
G[S]["note"] = ("Conv reprs embed the initializer object's repr, e.g. 'weight_init=<mindspore.common.initializer."
                "HeUniform object at 0x7f...>', so the address differs between runs; a string init shows as "
                "'weight_init=normal'")

S = "extend_repr"
for key, ctor in [("MSELoss", "nn.MSELoss()"), ("Dense", "nn.Dense(3, 4)"), ("Dense_act", "nn.Dense(3, 4, activation='relu')"),
                  ("Conv2d", "nn.Conv2d(1, 6, 5, pad_mode='valid')"), ("MaxPool2d", "nn.MaxPool2d(2, 2)"),
                  ("ReLU", "nn.ReLU()"), ("Flatten", "nn.Flatten()"), ("BatchNorm2d", "nn.BatchNorm2d(4)"),
                  ("LayerNorm", "nn.LayerNorm((5,))"), ("Embedding", "nn.Embedding(10, 4)"),
                  ("Dropout", "nn.Dropout()"), ("SequentialCell", "nn.SequentialCell([nn.ReLU()])"),
                  ("WithExtend", "WithExtend()"), ("Empty", "Empty()")]:
    rec(S, key, lambda ctor=ctor: eval(ctor).extend_repr())  # noqa: S307

# ----------------------------------------------------------------------------------------------
# Parameter
# ----------------------------------------------------------------------------------------------
S = "parameter"
rec(S, "repr_float32", lambda: repr(Parameter(Tensor(np.ones((2, 3), np.float32)), name="w")))
rec(S, "str_float32", lambda: str(Parameter(Tensor(np.ones((2, 3), np.float32)), name="w")))
rec(S, "repr_int32", lambda: repr(Parameter(Tensor(np.array([1, 2, 3], np.int32)), name="step")))
rec(S, "repr_requires_grad_False", lambda: repr(Parameter(Tensor(np.zeros(4, np.float32)), name="m", requires_grad=False)))
rec(S, "repr_0d", lambda: repr(Parameter(Tensor(np.float32(1.5)), name="s")))
rec(S, "repr_float16", lambda: repr(Parameter(Tensor(np.ones(2, np.float16)), name="h")))
rec(S, "repr_bool", lambda: repr(Parameter(Tensor(np.array([True, False])), name="b")))
rec(S, "repr_initializer", lambda: repr(Parameter(initializer("normal", (2, 3)), name="lazy")))
rec(S, "repr_auto_name_pattern", lambda: repr(Parameter(Tensor(np.ones(2, np.float32)))))
rec(S, "print_value_via_asnumpy", lambda: str(Parameter(Tensor(np.array([1.5, 2.0], np.float32)), name="v").asnumpy()))
rec(S, "Tensor_repr_of_value", lambda: repr(Parameter(Tensor(np.array([1.5, 2.0], np.float32)), name="v").value()))
rec(S, "type_str", lambda: str(type(Parameter(Tensor(np.ones(2, np.float32))))))
rec(S, "type_name", lambda: type(Parameter(Tensor(np.ones(2, np.float32)))).__name__)
rec(S, "isinstance_Tensor", lambda: isinstance(Parameter(Tensor(np.ones(2, np.float32))), Tensor))
rec(S, "add_result_type", lambda: type(Parameter(Tensor(np.ones(2, np.float32))) + 1).__name__)
rec(S, "add_result_repr", lambda: repr(Parameter(Tensor(np.ones(2, np.float32))) + 1))
rec(S, "value_type", lambda: type(Parameter(Tensor(np.ones(2, np.float32))).value()).__name__)
rec(S, "auto_names_consecutive", lambda: [Parameter(Tensor(np.ones(1, np.float32))).name for _ in range(3)])


def _dtypes_of_inputs():
    out = OrderedDict()
    for key, val in [("python_float", 1.5), ("python_int", 3), ("python_bool", True),
                     ("np_float64", np.ones(2)), ("np_float32", np.ones(2, np.float32)),
                     ("np_int64", np.ones(2, np.int64)), ("Tensor_float64", Tensor(np.ones(2))),
                     ("list", [1.0, 2.0])]:
        try:
            p = Parameter(val, name="p")
            out[key] = [str(p.dtype), list(p.shape), repr(p)]
        except Exception as e:  # noqa: BLE001
            out[key] = {"error": err(e)}
    return out


rec(S, "dtype_of_default_input", _dtypes_of_inputs)


def _attrs():
    p = Parameter(Tensor(np.ones((2, 3), np.float32)), name="w")
    return OrderedDict(name=p.name, requires_grad=p.requires_grad, shape=list(p.shape), dtype=str(p.dtype),
                       dtype_repr=repr(p.dtype), layerwise_parallel=p.layerwise_parallel,
                       parallel_optimizer=p.parallel_optimizer, has_init=p.has_init, ndim=p.ndim, size=p.size,
                       sliced=p.sliced, is_init=p.is_init)


rec(S, "attributes", _attrs)


def _clone():
    p = Parameter(Tensor(np.ones(2, np.float32)), name="w", requires_grad=False)
    c = p.clone()
    out = OrderedDict(clone_name=c.name, clone_requires_grad=c.requires_grad, same_object=c is p,
                      equal_values=bool((c.asnumpy() == p.asnumpy()).all()), repr=repr(c))
    c2 = p.clone(init="zeros")
    out["clone_init_zeros_name"] = c2.name
    out["clone_init_zeros_values"] = c2.asnumpy().tolist()
    q = Parameter(Tensor(np.ones(2, np.float32)))
    out["clone_auto_named"] = [q.name.startswith("Parameter#"), q.clone().name.startswith("Parameter#"),
                               q.clone().name == q.name]
    return out


rec(S, "clone", _clone)


def _set_data():
    p = Parameter(Tensor(np.ones(2, np.float32)), name="w")
    r = p.set_data(Tensor(np.array([3.0, 4.0], np.float32)))
    out = OrderedDict(returns_self=r is p, value=p.asnumpy().tolist(), return_type=type(r).__name__)
    try:
        p.set_data(Tensor(np.ones(3, np.float32)))
        out["shape_change"] = [list(p.shape), p.asnumpy().tolist()]
    except Exception as e:  # noqa: BLE001
        out["shape_change"] = {"error": err(e)}
    try:
        p2 = Parameter(Tensor(np.ones(2, np.float32)), name="w2")
        p2.set_data(Tensor(np.array([1, 2], np.int32)))
        out["dtype_change_int32_into_float32"] = [str(p2.dtype), p2.asnumpy().tolist()]
    except Exception as e:  # noqa: BLE001
        out["dtype_change_int32_into_float32"] = {"error": err(e)}
    try:
        p3 = Parameter(Tensor(np.ones(2, np.float32)), name="w3")
        p3.set_data(Tensor(np.array([1.5, 2.5], np.float64)))
        out["dtype_change_float64_into_float32"] = [str(p3.dtype), p3.asnumpy().tolist()]
    except Exception as e:  # noqa: BLE001
        out["dtype_change_float64_into_float32"] = {"error": err(e)}
    return out


rec(S, "set_data", _set_data)


def _name_setter():
    p = Parameter(Tensor(np.ones(2, np.float32)), name="w")
    out = OrderedDict()
    p.name = "  spaced  "
    out["strip"] = p.name
    p.name = ""
    out["empty_becomes_auto"] = p.name.startswith("Parameter#")
    p.name = None
    out["none_becomes_auto"] = p.name.startswith("Parameter#")
    try:
        p.name = 3
        out["int"] = p.name
    except Exception as e:  # noqa: BLE001
        out["int"] = {"error": err(e)}
    try:
        p.name = "x" * 1025
        out["too_long"] = len(p.name)
    except Exception as e:  # noqa: BLE001
        out["too_long"] = {"error": [err(e)[0], err(e)[1][:80] + "..." + err(e)[1][-60:]]}
    return out


rec(S, "name_setter", _name_setter)
rec(S, "requires_grad_setter", lambda: (lambda p: (setattr(p, "requires_grad", False), p.requires_grad, repr(p))[1:])(
    Parameter(Tensor(np.ones(2, np.float32)), name="w")))
rec(S, "requires_grad_non_bool", lambda: setattr(Parameter(Tensor(np.ones(2, np.float32)), name="w"),
                                                 "requires_grad", 1))
rec(S, "bad_default_input_str", lambda: Parameter("abc"))
rec(S, "bad_name_type", lambda: Parameter(Tensor(np.ones(2, np.float32)), name=3))


def _init_data():
    p = Parameter(initializer("ones", (2,)), name="lazy")
    out = OrderedDict(has_init_before=p.has_init)
    r = p.init_data()
    out["init_data_returns_self"] = r is p
    out["has_init_after"] = p.has_init
    out["value"] = p.asnumpy().tolist()
    return out


rec(S, "init_data", _init_data)

S = "parameter_tuple"


def _pt():
    a = Parameter(Tensor(np.ones(2, np.float32)), name="a")
    b = Parameter(Tensor(np.ones(3, np.float32)), name="b")
    pt = ParameterTuple([a, b])
    out = OrderedDict(type=type(pt).__name__, isinstance_tuple=isinstance(pt, tuple), len=len(pt),
                      names=[p.name for p in pt], repr=repr(pt))
    c = pt.clone("moment1")
    out["clone_moment1_names"] = [p.name for p in c]
    out["clone_type"] = type(c).__name__
    out["clone_values_equal"] = [bool((x.asnumpy() == y.asnumpy()).all()) for x, y in zip(pt, c)]
    z = pt.clone("moment2", init="zeros")
    out["clone_zeros_names"] = [p.name for p in z]
    out["clone_zeros_values"] = [p.asnumpy().tolist() for p in z]
    out["clone_requires_grad"] = [p.requires_grad for p in c]
    out["from_generator"] = [p.name for p in ParameterTuple(p for p in [a, b])]
    out["empty"] = len(ParameterTuple([]))
    d = Dense = nn.Dense(2, 2)  # noqa: F841
    out["clone_of_dense_params"] = [p.name for p in ParameterTuple(d.trainable_params()).clone("vhat")]
    return out


rec(S, "basic", _pt)
rec(S, "non_parameter_element_list", lambda: ParameterTuple([Parameter(Tensor(np.ones(2, np.float32)), name="a"), 3]))
rec(S, "non_parameter_element_tensor", lambda: ParameterTuple([Tensor(np.ones(2, np.float32))]))
rec(S, "non_iterable", lambda: ParameterTuple(3))
rec(S, "duplicate_names", lambda: ParameterTuple([Parameter(Tensor(np.ones(2, np.float32)), name="dup"),
                                                  Parameter(Tensor(np.ones(2, np.float32)), name="dup")]))
rec(S, "duplicate_same_object", lambda: (lambda p: [q.name for q in ParameterTuple([p, p])])(
    Parameter(Tensor(np.ones(2, np.float32)), name="same")))
rec(S, "optimizer_duplicate_names", lambda: nn.Momentum([Parameter(Tensor(np.ones(2, np.float32)), name="dup"),
                                                         Parameter(Tensor(np.ones(2, np.float32)), name="dup")],
                                                        0.1, 0.9))

# ----------------------------------------------------------------------------------------------
# Cell behaviour
# ----------------------------------------------------------------------------------------------
S = "cell"


def _set_train():
    net = Outer()
    out = OrderedDict(default_training=net.training, default_child=net.middle.inner.dense.training)
    r = net.set_train()
    out["set_train_returns_self"] = r is net
    out["after_set_train"] = [net.training, net.middle.training, net.middle.inner.dense.training, net.head.training]
    r2 = net.set_train(False)
    out["set_train_False_returns_self"] = r2 is net
    out["after_set_train_False"] = [net.training, net.middle.training, net.middle.inner.dense.training]
    net.middle.set_train(True)
    out["child_only"] = [net.training, net.middle.training, net.middle.inner.dense.training, net.head.training]
    out["phase_train_predict"] = [Outer().set_train(True).phase, Outer().set_train(False).phase]
    try:
        out["set_train_non_bool"] = Outer().set_train(1).training
    except Exception as e:  # noqa: BLE001
        out["set_train_non_bool"] = {"error": err(e)}
    return out


rec(S, "set_train", _set_train)


def _insert_child():
    out = OrderedDict()
    c = Empty()
    c.insert_child_to_cell("child", nn.Dense(2, 2))
    out["ok"] = structure(c)
    for key, name, cell in [("dotted", "a.b", nn.ReLU()), ("empty", "", nn.ReLU()), ("non_cell", "x", 3),
                            ("non_str", 1, nn.ReLU()), ("existing_attr", "training", nn.ReLU())]:
        try:
            c.insert_child_to_cell(name, cell)
            out[key] = structure(c)
        except Exception as e:  # noqa: BLE001
            out[key] = {"error": err(e)}
    for key, name, p in [("param_dotted", "a.b", Parameter(Tensor(np.ones(1, np.float32)))),
                         ("param_empty", "", Parameter(Tensor(np.ones(1, np.float32)))),
                         ("param_non_param", "q", 3),
                         ("param_existing_cell_name", "child", Parameter(Tensor(np.ones(1, np.float32))))]:
        try:
            c.insert_param_to_cell(name, p)
            out[key] = [[n, q.name] for n, q in c.parameters_and_names()]
        except Exception as e:  # noqa: BLE001
            out[key] = {"error": err(e)}
    return out


rec(S, "insert", _insert_child)


def _setattr_rules():
    out = OrderedDict()
    c = Empty()
    c.p = Parameter(Tensor(np.ones(1, np.float32)), name="pp")
    try:
        c.p = Tensor(np.zeros(1, np.float32))
        out["assign_tensor_over_parameter"] = [type(c.p).__name__, repr(c.p)]
    except Exception as e:  # noqa: BLE001
        out["assign_tensor_over_parameter"] = {"error": err(e)}
    c2 = Empty()
    c2.d = nn.Dense(1, 1)
    try:
        c2.d = 3
        out["assign_int_over_cell"] = type(c2.d).__name__
    except Exception as e:  # noqa: BLE001
        out["assign_int_over_cell"] = {"error": err(e)}
    c3 = Empty()
    c3.d = nn.Dense(1, 1)
    c3.d = None
    out["assign_None_over_cell"] = [c3.d is None, list(c3.name_cells().keys())]
    c4 = Empty()
    c4.p = Parameter(Tensor(np.ones(1, np.float32)), name="pp")
    c4.p = None
    out["assign_None_over_parameter"] = [c4.p is None, [n for n, _ in c4.parameters_and_names()]]
    c5 = Empty()
    c5.d = nn.Dense(1, 1)
    del c5.d
    out["del_cell"] = list(c5.name_cells().keys())
    c6 = Empty()
    c6.p = Parameter(Tensor(np.ones(1, np.float32)), name="pp")
    del c6.p
    out["del_parameter"] = [n for n, _ in c6.parameters_and_names()]
    try:
        Empty().missing_attr
    except Exception as e:  # noqa: BLE001
        out["missing_attribute"] = {"error": err(e)}
    return out


rec(S, "setattr_rules", _setattr_rules)


def _init_parameters_data():
    net = Outer()
    r = net.init_parameters_data()
    k, v = next(iter(r.items()))
    return OrderedDict(type=type(r).__name__, len=len(r), key_type=type(k).__name__, value_type=type(v).__name__,
                       key_is_value=k is v, value_names=[p.name for p in r.values()])


rec(S, "init_parameters_data", _init_parameters_data)
rec(S, "cell_no_construct_call", lambda: nn.Cell()(f32(2)))
rec(S, "Cell_default_attrs", lambda: OrderedDict(training=nn.Cell().training, requires_grad=nn.Cell().requires_grad,
                                                 _auto_prefix=nn.Cell()._auto_prefix, cls_name=nn.Cell().cls_name,
                                                 param_prefix=nn.Cell().param_prefix))
rec(S, "cls_name_custom", lambda: Outer().cls_name)
rec(S, "param_prefix_after_nesting", lambda: [Outer().middle.param_prefix, Outer().middle.inner.param_prefix])


def _with_loss_names():
    net = Outer()
    wl = nn.WithLossCell(net, nn.MSELoss())
    out = OrderedDict(WithLossCell=structure(wl))
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    t = nn.TrainOneStepCell(wl, opt)
    out["TrainOneStepCell"] = structure(t)
    out["_auto_prefix"] = [wl._auto_prefix, t._auto_prefix]
    return out


rec(S, "wrapper_naming", _with_loss_names)

# ----------------------------------------------------------------------------------------------
# initializer
# ----------------------------------------------------------------------------------------------
S = "initializer"


def _init_normal():
    t = initializer("normal", (2, 3))
    out = OrderedDict(type=type(t).__name__, type_str=str(type(t)), dtype=str(t.dtype), shape=list(t.shape),
                      has_init=getattr(t, "has_init", None))
    out["repr"] = repr(t)
    out["str"] = str(t)
    out["note"] = ("observed: the first repr() of an uninitialised initializer Tensor in a process also writes "
                   "'<uninitialized>)' to stdout (from MindSpore's C++ side) and returns the zero-filled text")
    out["init_type"] = type(getattr(t, "init", None)).__name__
    v = t.init_data()
    out["init_data_type"] = type(v).__name__
    out["init_data_shape"] = list(v.shape)
    out["init_data_is_same_object"] = v is t
    out["has_init_after_init_data"] = getattr(t, "has_init", None)
    out["repr_after_init_data_(seed0_values)"] = repr(t)
    out["repr_of_init_data_result_(seed0_values)"] = repr(v)
    out["values_abs_max_below_0.1"] = bool(np.abs(v.asnumpy()).max() < 0.1)
    return out


rec(S, "normal_2x3", _init_normal)
rec(S, "constant_string", lambda: initializer("constant", (2, 3)))
rec(S, "Constant_class", lambda: initializer(Constant(0.5), (2,)).init_data().asnumpy().tolist())
rec(S, "number", lambda: initializer(0.25, (2,)).init_data().asnumpy().tolist())
rec(S, "ones_int32", lambda: [str(initializer("ones", (2,), ms.int32).dtype),
                              initializer("ones", (2,), ms.int32).init_data().asnumpy().tolist()])
rec(S, "zeros_case_insensitive", lambda: initializer("ZEROS", (2,)).init_data().asnumpy().tolist())
rec(S, "unknown", lambda: initializer("foo", (2,)))
rec(S, "Normal_class_attrs", lambda: OrderedDict(sigma=Normal().sigma, mean=Normal().mean))
rec(S, "One_repr_type", lambda: type(One()).__name__)
rec(S, "tensor_init_from_tensor", lambda: repr(initializer(Tensor(np.ones(2, np.float32)), (2,))))
rec(S, "shape_mismatch_tensor", lambda: initializer(Tensor(np.ones(2, np.float32)), (3,)))
rec(S, "int_shape", lambda: list(initializer("zeros", 3).shape))
rec(S, "Dense_weight_init_string", lambda: [p.name for p in nn.Dense(2, 2, weight_init="zeros").get_parameters()])

with open(OUT / "cells.json", "w") as f:
    json.dump(scrub(G), f, indent=1)
print("wrote", OUT / "cells.json", os.path.getsize(OUT / "cells.json"), "bytes")
