"""MindSpore 2.10 behaviour of `mutable` in graph mode (issue #25): gradients of mutable tuples,
lists and dicts (their structure; none in PyNative or for unmarked containers), the marks a
mutable value carries, `ops.isconstant`, the compile phases of `_CellGraphExecutor` and
`_JitExecutor` (one per value of a Python scalar or a const_arg Tensor, one for mutable values),
`mutable`'s errors, and `_extends.parse.compile_config`; printed `label -> RESULT` as in
used_names_probe.py. tests/api/test_conformance_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe4.py \
        | grep -- " -> " > tests/goldens/api/conformance_probe4.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, mutable, nn, ops
from mindspore._extends.parse import compile_config
from mindspore.common.api import _CellGraphExecutor, _JitExecutor
from mindspore.ops import functional as F


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.float64), 3)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, dict):
        return type(v).__name__ + "{" + ", ".join(f"{k!r}: {desc(e)}" for k, e in v.items()) + "}"
    if isinstance(v, (tuple, list)):
        return type(v).__name__ + "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


class Net(nn.Cell):
    def construct(self, x, t):
        if isinstance(t, dict):
            y = t["a"]
        else:
            y = t[1]
        return ops.matmul(x, y) * 2


x = Tensor(np.ones((2, 3), np.float32))
y = Tensor(np.arange(9).reshape(3, 3).astype(np.float32))
for mode, name in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    ms.set_context(mode=mode)
    show(f"{name} grad mutable tuple", lambda: ops.GradOperation(get_all=True)(Net())(x, mutable((x, y))))
    show(f"{name} grad mutable list", lambda: ops.GradOperation(get_all=True)(Net())(x, mutable([x, y])))
    show(f"{name} grad mutable dict", lambda: ops.GradOperation(get_all=True)(Net())(x, mutable({"a": y})))
    show(f"{name} grad tuple", lambda: ops.GradOperation(get_all=True)(Net())(x, (x, y)))


class First(nn.Cell):
    def construct(self, t):
        return ops.matmul(t["a"], t["b"]) * 2


ms.set_context(mode=ms.GRAPH_MODE)
show("graph grad first mutable dict", lambda: ops.GradOperation()(First())(mutable({"a": x, "b": y})))
ms.set_context(mode=ms.PYNATIVE_MODE)
m = mutable((1, 2))
show("mutable marks", lambda: (type(m).__name__, m.__ms_mutable__, m.__ms_dynamic_len__, m.__ms_origin_object__ == (1, 2)))
t = Tensor([1.0])
mt = mutable(t)
show("mutable Tensor", lambda: (mt is t, mt.__ms_origin_object__ is t))
show("mutable bool", lambda: (isinstance(mutable(True), bool), mutable(True) & False))
show("isconstant", lambda: (F.isconstant(1), F.isconstant(mutable(1)), F.isconstant((1, 2))))
show("mutable bad dynamic_len", lambda: mutable([1], [1]))
show("mutable dynamic_len of a bool", lambda: mutable(True, True))
show("mutable bad element", lambda: mutable([1, np.array([[1, 2, 3]])]))
show("mutable dynamic_len mixed", lambda: mutable([1, 2.2, 3], True))


class Add(nn.Cell):
    def __init__(self):
        super().__init__()
        self.z = Parameter(Tensor(np.array([1.0], np.float32)), name="z")

    def construct(self, s):
        return (s[0] if isinstance(s, tuple) else s) + self.z


def same_phase(make_args):
    executor = _CellGraphExecutor()
    net = Add()
    first, _ = executor.compile(net, *make_args(1))
    second, _ = executor.compile(net, *make_args(2))
    jit_executor = _JitExecutor(net.construct, 0)
    return first == second, (jit_executor.compile("construct", *make_args(1))
                             == jit_executor.compile("construct", *make_args(2)))


show("phase scalars", lambda: same_phase(lambda v: (v,)))
show("phase mutable scalars", lambda: same_phase(lambda v: (mutable(v),)))
show("phase tuples", lambda: same_phase(lambda v: ((v, 2.0),)))
show("phase mutable tuples", lambda: same_phase(lambda v: (mutable((v, 2.0)),)))
show("phase Tensors", lambda: same_phase(lambda v: (Tensor([float(v)]),)))
show("phase const_arg Tensors", lambda: same_phase(lambda v: (Tensor([1.0], const_arg=True),)))
show("compile_config", lambda: (compile_config.CHECK_BPROP, compile_config.GRAD_FOR_SCALAR, compile_config.JIT_ENABLE_AUGASSIGN_INPLACE))


@ms.jit
def no_input():
    return mutable()


@ms.jit
def dynamic_to_constant():
    return mutable(mutable([1, 2, 3], True), False)


@ms.jit
def mixed_dynamic():
    return mutable([1, 2.2, 3], True)


@ms.jit
def bad_element():
    return mutable([1, np.array([[1, 2, 3]])])


def _first_line(f):
    try:
        f()
    except TypeError as e:
        return str(e).splitlines()[0]
    return "no error"


show("mutable() in graph", no_input)
show("mutable dynamic to constant in graph", dynamic_to_constant)
show("mutable mixed dynamic in graph", mixed_dynamic)
show("mutable bad element in graph",
     lambda: str(_first_line(bad_element)).split(", but got")[0])

# -- is_sequence_value_unknown / is_sequence_shape_unknown ---------------------------------------
ones23 = Tensor(np.ones((2, 3), np.float32))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("is_sequence unknown pynative", lambda: (F.is_sequence_value_unknown(ones23.shape),
                                              F.is_sequence_shape_unknown(ones23.shape),
                                              F.is_sequence_value_unknown(mutable((1, 2))),
                                              F.is_sequence_shape_unknown(mutable((1, 2), True))))


@ms.jit
def unknowns(t, s):
    return (F.is_sequence_value_unknown(t.shape), F.is_sequence_shape_unknown(s),
            F.is_sequence_value_unknown(s))


show("is_sequence unknown dynamic length in graph", lambda: unknowns(ones23, mutable((1, 2), True)))
show("is_sequence unknown mutable in graph", lambda: unknowns(ones23, mutable((1, 2))))
show("is_sequence unknown constant in graph", lambda: unknowns(ones23, (1, 2)))
show("is_sequence_value_unknown of an int",
     lambda: str(_first_line(lambda: F.is_sequence_value_unknown(1))).split(" but got")[0])
