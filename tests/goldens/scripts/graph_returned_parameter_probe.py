"""MindSpore 2.10: what a GRAPH_MODE call (a Cell, a `jit` function) returns when its result is a
Parameter, and Parameters passed as arguments, assigned, and then differentiated.
One `label -> result` line per case."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, ParameterTuple, context, ops, nn, jit


def show(o, p=None):
    kind = type(o).__name__
    return f"{kind} is_param={o is p} name={getattr(o, 'name', None)} value={o.asnumpy().tolist()}"


class ReadOnly(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = Parameter(Tensor(np.ones((2,), np.float32)), name="w")

    def construct(self, x):
        ops.sub(self.p, x)
        return self.p


class Assigned(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = Parameter(Tensor(np.ones((2,), np.float32)), name="w2")

    def construct(self, x):
        ops.assign(self.p, x)
        return self.p


class InTuple(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = Parameter(Tensor(np.ones((2,), np.float32)), name="w3")

    def construct(self, x):
        return self.p, x


class Computed(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = Parameter(Tensor(np.ones((2,), np.float32)), name="w4")

    def construct(self, x):
        return self.p + x


context.set_context(mode=context.GRAPH_MODE)
x32 = Tensor(np.array([3., 4.], np.float32))
for cls in (ReadOnly, Assigned, Computed):
    net = cls()
    print(f"{cls.__name__} first -> {show(net(x32), net.p)}")
    net.p.name = "renamed"
    print(f"{cls.__name__} renamed, float16 input -> "
          f"{show(net(Tensor(np.array([3., 4.], np.float16))), net.p)}")
net = InTuple()
out = net(x32)
print(f"InTuple -> {type(out).__name__} {show(out[0], net.p)}")


@jit
def identity_of_parameter(p, x):
    return p


param = Parameter(Tensor(np.ones((2,), np.float32)), name="arg")
print(f"jit returns its Parameter argument -> {show(identity_of_parameter(param, x32), param)}")


class AssignArguments(nn.Cell):
    def __init__(self):
        super().__init__()
        self.z = Parameter(Tensor(np.array([[1.0, 4.0], [-1, 8.0]]), ms.float32), name='z')

    def construct(self, param, x, y):
        ops.Assign()(param, x * self.z)
        ops.Assign()(x, x + y)
        ops.Assign()(y, param)
        return param


for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
    context.set_context(mode=getattr(context, mode))
    net = AssignArguments()
    args = [Parameter(Tensor(np.array([[0, 0], [0, 0]]), ms.float32), name='param'),
            Parameter(Tensor(np.array([[4.0, -8.0], [-2.0, -5.0]]), ms.float32), name='x'),
            Parameter(Tensor(np.array([[1, 0], [1, 1]]), ms.float32), name='y')]
    net(*args)
    print(f"{mode} assigned arguments -> {[a.asnumpy().tolist() for a in args]}")
    args = [Parameter(Tensor(np.array([[0, 0], [0, 0]]), ms.float32), name='bparam'),
            Parameter(Tensor(np.array([[4.0, -8.0], [-2.0, -5.0]]), ms.float32), name='bx'),
            Parameter(Tensor(np.array([[1, 0], [1, 1]]), ms.float32), name='by')]
    ops.GradOperation(get_by_list=True)(net, ParameterTuple(net.trainable_params()))(*args)
    print(f"{mode} assigned arguments under grad -> {[a.asnumpy().tolist() for a in args]}")
