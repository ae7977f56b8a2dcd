"""MindSpore 2.10's bprop registry (`mindspore.ops._grad_experimental`: `bprop_getters`,
`binop_grad_common`), `mindspore.ops._utils.get_broadcast_shape`, and a Python Primitive
(issue #25): a `PrimitiveWithInfer` with no `__call__` runs its `infer_dtype`/`infer_shape` when
called (their errors are the call's); a Python Primitive with a registered bprop is
differentiated through it in graph mode, and op by op in PyNative mode. Printed
`label -> RESULT` as in conformance_probe1.py; tests/api/test_conformance_golden.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe11.py \\
        | grep -- " -> " > tests/goldens/api/conformance_probe11.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, context, nn, ops
from mindspore.ops._grad_experimental.grad_base import bprop_getters
from mindspore.ops._grad_experimental.grad_math_ops import binop_grad_common
from mindspore.ops._utils import get_broadcast_shape
from mindspore.ops.primitive import PrimitiveWithInfer, prim_attr_register


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 3).tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


seen = []


class InferOnly(PrimitiveWithInfer):
    """A Primitive with inference and no kernel; its infer_shape calls get_broadcast_shape
    without the Primitive's name (MindSpore's own test does so)."""

    @prim_attr_register
    def __init__(self):
        self.init_prim_io_names(inputs=["x", "y"], outputs=["output"])

    def infer_shape(self, x_shape, y_shape):
        seen.append(("shape", x_shape, y_shape))
        return get_broadcast_shape(x_shape, y_shape)

    def infer_dtype(self, x_dtype, y_dtype):
        seen.append(("dtype", str(x_dtype), str(y_dtype)))
        return x_dtype


class BadInfer(PrimitiveWithInfer):
    @prim_attr_register
    def __init__(self):
        """no attributes"""

    def infer_dtype(self, x):
        raise TypeError("InferError")


class MyMul(PrimitiveWithInfer):
    @prim_attr_register
    def __init__(self):
        """no attributes"""

    def infer_shape(self, a, b):
        return a

    def infer_dtype(self, a, b):
        return a

    def __call__(self, x, y):
        return x * y


@bprop_getters.register(MyMul)
def get_bprop_my_mul(self):
    def bprop(x, y, out, dout):
        return dout * 10, dout * 20
    return bprop


class Holding(nn.Cell):
    def __init__(self, prim):
        super().__init__()
        self.prim = prim

    def construct(self, *args):
        return self.prim(*args)


x = Tensor(np.ones((2, 3), np.float32))
y = Tensor(np.ones((3,), np.float32))
a = Tensor(np.array([1.0, 2.0], np.float32))
b = Tensor(np.array([3.0, 4.0], np.float32))
show("infer only", lambda: InferOnly()(x, y))
show("infer only saw", lambda: list(seen))
show("bad infer", lambda: BadInfer()(x))
show("registry", lambda: (type(bprop_getters).__name__, bprop_getters.get(MyMul(), None) is get_bprop_my_mul,
                          bprop_getters.get("MyMul", None) is get_bprop_my_mul, bprop_getters.get("Nope", 7)))
show("registry get without default", lambda: bprop_getters.get("Nope"))
show("binop_grad_common", lambda: binop_grad_common(x, y, Tensor(np.ones((2, 3), np.float32)),
                                                    Tensor(np.ones((2, 3), np.float32))))
show("get_broadcast_shape", lambda: get_broadcast_shape((2, 1, 3), (4, 1), "op"))
show("get_broadcast_shape unknown", lambda: get_broadcast_shape([2, -1, 3], [4, 1], "op"))
show("get_broadcast_shape bad", lambda: get_broadcast_shape((2, 3), (4,), "op"))
show("my mul", lambda: MyMul()(a, b))
show("my mul pynative grad", lambda: ops.GradOperation(get_all=True)(lambda u, v: MyMul()(u, v))(a, b))
context.set_context(mode=context.GRAPH_MODE)
show("bad infer graph", lambda: Holding(BadInfer())(x))
show("my mul graph grad", lambda: ops.GradOperation(get_all=True)(Holding(MyMul()))(a, b))
context.set_context(mode=context.PYNATIVE_MODE)

# -- two Parameters of one name among a compiled function's inputs ------------------------------------
from mindspore import Parameter  # noqa: E402


class ParamNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.param = Parameter(Tensor(2, ms.float32), name="myname")

    @ms.jit
    def func(self, same_param, same_name_param):
        return self.param * same_param * same_name_param

    def construct(self, same_name_param):
        return self.func(self.param, same_name_param)


class CellWithParam(nn.Cell):
    def __init__(self):
        super().__init__()
        self.param = Parameter(Tensor(2, ms.float32), name="gname")

    def construct(self, p):
        return self.param * p


@ms.jit
def _product(u, v):
    return u * v


show("jit method, a Parameter of the Cell's name", lambda: ParamNet()(Parameter(Tensor(1), name="myname")))
show("jit method, another name", lambda: ParamNet()(Parameter(Tensor(1), name="other")))
show("jit, two Parameters of one name", lambda: _product(Parameter(Tensor(1.0), name="dup"),
                                                         Parameter(Tensor(2.5), name="dup")))
show("jit, one Parameter twice", lambda: (lambda p: _product(p, p))(Parameter(Tensor(3.0), name="once")))
context.set_context(mode=context.GRAPH_MODE)
show("graph Cell, an argument of its Parameter's name", lambda: CellWithParam()(Parameter(Tensor(1.0), name="gname")))
context.set_context(mode=context.PYNATIVE_MODE)
