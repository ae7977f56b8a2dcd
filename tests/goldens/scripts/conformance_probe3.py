"""MindSpore 2.10 behaviour of user-written gradients (issue #25): a Cell's `bprop` (PyNative and
graph mode: its arguments, its checks, the zero gradient of the Cell's Parameters, a `print`
showing values) and `mindspore._Function` (custom autograd functions: ctx, saved tensors,
non-differentiable outputs, materialised gradients, auto-reduce and auto-cast, the checks);
printed `label -> RESULT` as in used_names_probe.py. tests/api/test_conformance_golden.py runs
it unchanged on msjax. (MindSpore's graph mode returns a bprop's gradients of a wrong shape or
type unchecked; msjax checks them in both modes, as PyNative does: those cases are PyNative's.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe3.py \
        | grep -- " -> " > tests/goldens/api/conformance_probe3.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, _Function, nn, ops
from mindspore.common.api import _pynative_executor


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.float64), 3)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
        _pynative_executor.sync()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        # (MindSpore's graph-mode messages go on with the abstract value and its address)
        result = f"ERR {type(e).__name__} | {lines[0].split(', but got Abstract')[0]}"
    print(f"{label} -> {result}")


grad_all = ops.GradOperation(get_all=True)


class NotTuple(nn.Cell):
    def construct(self, x):
        return x * 3

    def bprop(self, x, out, dout):
        return dout * 5


class WrongNum(nn.Cell):
    def construct(self, x, y):
        return 2 * x + y

    def bprop(self, x, y, out, dout):
        return (2 * dout,)


class WrongShape(nn.Cell):
    def construct(self, x, y):
        return 2 * x + y

    def bprop(self, x, y, out, dout):
        return 2 * dout, Tensor(np.ones([3], np.float32))


class WrongType(nn.Cell):
    def construct(self, x, y):
        return 2 * x + y

    def bprop(self, x, y, out, dout):
        return 2 * dout, 2


class WithParam(nn.Cell):
    def __init__(self):
        super().__init__()
        self.z = Parameter(Tensor(np.array([2.0], np.float32)), name="z")

    def construct(self, x, y):
        return x * self.z * y

    def bprop(self, x, y, out, dout):
        print("in bprop", out, dout)
        return x + x, y * 3


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = WithParam()

    def construct(self, x, y):
        return self.inner(x, y) * 2


class TwoOutputs(nn.Cell):
    def construct(self, x):
        return x + 1, x * 2

    def bprop(self, x, out, dout):
        return (dout[0] * 10 + dout[1],)


class UsesOne(nn.Cell):
    def __init__(self):
        super().__init__()
        self.two = TwoOutputs()

    def construct(self, x):
        first, _ = self.two(x)
        return first


x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([3.0, 4.0], np.float32))
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"{name} bprop not a tuple", lambda: grad_all(NotTuple())(x))
    show(f"{name} bprop wrong number", lambda: grad_all(WrongNum())(x, y))
    show(f"{name} bprop with Parameter", lambda: grad_all(WithParam())(x, y))
    net = Outer()
    show(f"{name} bprop inside, by list", lambda: ops.GradOperation(get_all=True, get_by_list=True)(net, ParameterTuple(net.trainable_params()))(x, y))
    show(f"{name} bprop scalar input", lambda: grad_all(NotTuple())(2.0))
    show(f"{name} bprop unused output", lambda: grad_all(UsesOne())(x))
    show(f"{name} bprop forward", lambda: WithParam()(x, y))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("pynative bprop wrong shape", lambda: grad_all(WrongShape())(x, y))
show("pynative bprop wrong type", lambda: grad_all(WrongType())(x, y))


class MultiInput(_Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * a + b

    @staticmethod
    def backward(ctx, z):
        return z * 3, z * 4


class WrongCount(_Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * a + b

    @staticmethod
    def backward(ctx, z):
        return z * 3


class WithContext(_Function):
    @staticmethod
    def forward(ctx, a):
        ctx.age = 7
        a2 = a * a
        out = a2 + 1
        ctx.save_for_backward(a, a2, out)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        a, a2, out = ctx.saved_tensors
        print("saved", a.asnumpy(), a2.asnumpy(), out.asnumpy(), ctx.age, ctx.needs_input_grad)
        return a


class NotTensorOut(_Function):
    @staticmethod
    def forward(ctx, a, b):
        t = a * a
        return t + b, 4, t

    @staticmethod
    def backward(ctx, *args):
        print("grad of the int output", args[1])
        return args[0] * 3, args[2] * 4


class NonDiff(_Function):
    @staticmethod
    def forward(ctx, a, b):
        z = a * a + 1
        ctx.mark_non_differentiable(z)
        return z

    @staticmethod
    def backward(ctx, g):
        return g, g * 2


class NotMaterialized(_Function):
    @staticmethod
    def forward(ctx, a, b):
        a2 = a * a
        ctx.set_materialize_grads(False)
        return a2 + 1, a2

    @staticmethod
    def backward(ctx, g0, g1):
        print("unused output's gradient", g1)
        return g0, g0


class FirstOfTwo(nn.Cell):
    def construct(self, a, b):
        z, _ = NotMaterialized.apply(a, b)
        return z


class WithAttr(_Function):
    @staticmethod
    def forward(ctx, a, b):
        a2 = a * a
        a.tensor = a2
        ctx.save_for_backward(a)
        return a2 + 1, a2

    @staticmethod
    def backward(ctx, g0, g1):
        a, = ctx.saved_tensors
        return g0, a.tensor


class Reduce(_Function):
    @staticmethod
    def forward(ctx, a, b):
        return a + b

    @staticmethod
    def backward(ctx, *args):
        return (Tensor([[1., 1., 1.], [1., 1., 1.], [2., 2., 2.]]),
                Tensor([[1, 1, 1], [1, 1, 1], [2, 2, 2]], dtype=ms.int64))


class BadShape(_Function):
    @staticmethod
    def forward(ctx, a, b):
        return a + b

    @staticmethod
    def backward(ctx, *args):
        return Tensor([[1., 1., 1., 1.]]), None


class NotATensor(_Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * a + b

    @staticmethod
    def backward(ctx, z):
        return z * 3, 4


a = Tensor([2, 2], ms.float32)
b = Tensor([3, 3], ms.float32)
show("function", lambda: grad_all(MultiInput.apply)(a, b))
show("function forward", lambda: MultiInput.apply(a, b))
show("function wrong count", lambda: grad_all(WrongCount.apply)(a, b))
show("function ctx", lambda: grad_all(WithContext.apply)(a))
show("function int output", lambda: grad_all(NotTensorOut.apply)(a, b))
show("function non differentiable", lambda: grad_all(NonDiff.apply)(a, b))
show("function not materialized", lambda: grad_all(FirstOfTwo())(a, b))
show("function attribute", lambda: grad_all(WithAttr().apply)(a, b))
a3 = Tensor([3, 3, 3], ms.float32)
b3 = Tensor([[1, 2, 3], [1, 2, 3], [1, 2, 3]], ms.float32)
show("function reduce and cast", lambda: grad_all(Reduce.apply)(a3, b3))
show("function bad shape", lambda: grad_all(BadShape.apply)(a3, b3))
show("function scalar input", lambda: grad_all(MultiInput.apply)(a, 3))
show("function not a tensor", lambda: grad_all(NotATensor.apply)(a, b))
