"""MindSpore 2.10's attribute writes inside compiled code (GRAPH_MODE construct, `@jit` methods
and functions, `jit_class` objects): what each call returns and what the object holds after it,
over several calls. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/attribute_writes_probe.py \\
        | grep " -> " > tests/goldens/transforms/attribute_writes_probe.out
"""
import warnings

import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops


def T(value):
    return Tensor(np.array(value, np.float32))


def text(value):
    if isinstance(value, Tensor):
        return f"{type(value).__name__}{np.asarray(value.asnumpy()).tolist()}"
    if isinstance(value, (tuple, list)):
        return type(value).__name__ + "(" + ", ".join(text(v) for v in value) + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {text(v)}" for k, v in value.items()) + "}"
    return repr(value)


def show(label, calls):
    """`calls()` yields one (result, attribute...) tuple per call; one line each."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # msjax runs some signatures eagerly, with a warning
            for i, row in enumerate(calls()):
                print(f"{label} {i} -> " + " | ".join(text(v) for v in row))
    except Exception as e:  # noqa: BLE001
        print(f"{label} -> ERR {type(e).__name__} | {str(e).strip().splitlines()[0][:120]}")


ms.set_context(mode=ms.GRAPH_MODE)


# -- Python values of each kind, and Tensors -----------------------------------------------------
def counter(init, kind):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = init

        def construct(self, x):
            if kind == "int":
                self.a = self.a + 1
            elif kind == "float":
                self.a = self.a + 0.5
            elif kind == "bool":
                self.a = not self.a
            elif kind == "tuple":
                self.a = self.a + (3,)
            elif kind == "str":
                self.a = self.a + "x"
            elif kind == "none":
                self.a = 5
            elif kind == "list":
                self.a = self.a + [2]
            return x + 1

    net = Net()
    for _ in range(3):
        yield net(T([0.0])), net.a


show("int", lambda: counter(1, "int"))
show("float", lambda: counter(1.5, "float"))
show("bool", lambda: counter(True, "bool"))
show("tuple", lambda: counter((1, 2), "tuple"))
show("str", lambda: counter("s", "str"))
show("none", lambda: counter(None, "none"))
show("list", lambda: counter([1], "list"))


def int_read_back():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 1

        def construct(self, x):
            self.a = self.a + 1
            return x + self.a

    net = Net()
    for _ in range(3):
        yield net(T([0.0])), net.a


show("int read", int_read_back)


def int_as_shape():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 1

        def construct(self, x):
            self.a = self.a + 1
            return ops.ones((self.a,), ms.float32) * x

    net = Net()
    for _ in range(3):
        yield net(T(1.0)), net.a


show("int as shape", int_as_shape)


def tensor_attribute():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = T([1.0])

        def construct(self, x):
            self.p = self.p + x
            return self.p * 2

    net = Net()
    for _ in range(3):
        yield net(T([1.0])), net.p


show("tensor", tensor_attribute)


def tensor_kept_elsewhere():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = T([1.0])

        def construct(self, x):
            self.p = self.p * x
            return x

    net = Net()
    first = net.p
    for _ in range(2):
        net(T([3.0]))
        yield net.p, first


show("tensor kept elsewhere", tensor_kept_elsewhere)


def int_to_tensor():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 1

        def construct(self, x):
            self.a = x + self.a
            return x

    net = Net()
    for _ in range(3):
        yield net(T([1.0])), net.a


show("int to tensor", int_to_tensor)


def new_attributes():
    class Net(nn.Cell):
        def construct(self, x):
            self.b = x * 2
            self.c = 7
            self.d = {"k": x}
            return x + 1

    net = Net()
    for _ in range(2):
        yield net(T([1.0])), net.b, net.c, net.d


show("new attributes", new_attributes)


def set_between_calls():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 1
            self.p = T([1.0])

        def construct(self, x):
            self.a = self.a * 2
            self.p = self.p + x
            return self.p + self.a

    net = Net()
    yield net(T([1.0])), net.a, net.p
    net.a, net.p = 10, T([5.0, 5.0])
    yield net(T([1.0])), net.a, net.p
    yield net(T([1.0])), net.a, net.p


show("set between calls", set_between_calls)


def parameter_attribute():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(T([1.0]), name="w")

        def construct(self, x):
            self.w = self.w + x
            return self.w * 1

    net = Net()
    for _ in range(2):
        yield net(T([1.0])), type(net.w).__name__, net.w.value()


show("parameter", parameter_attribute)


# -- control flow --------------------------------------------------------------------------------
def python_flag():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 0
            self.p = T([0.0])

        def construct(self, x, flag):
            if flag:
                self.a = self.a + 1
                self.p = self.p + x
            return self.p

    net = Net()
    for flag in (True, False, True):
        yield net(T([1.0]), flag), net.a, net.p


show("if python flag", python_flag)


def python_for():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 0
            self.p = T([0.0])

        def construct(self, x):
            for _ in range(3):
                self.a = self.a + 1
                self.p = self.p + x
            return self.p

    net = Net()
    for _ in range(2):
        yield net(T([1.0])), net.a, net.p


show("for range", python_for)


def tensor_if(init, kind):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = init

        def construct(self, x):
            if x > 0:
                if kind == "tensor":
                    self.a = self.a + x
                elif kind == "int":
                    self.a = self.a + 1
                elif kind == "float":
                    self.a = self.a * 2
                elif kind == "str":
                    self.a = self.a + "b"
                else:
                    self.a = (3, 4)
            return x

    net = Net()
    for v in (1.0, -1.0, 2.0):
        yield net(T(v)), net.a


show("if tensor: tensor", lambda: tensor_if(T([1.0]), "tensor"))
show("if tensor: int", lambda: tensor_if(0, "int"))
show("if tensor: float", lambda: tensor_if(1.5, "float"))
show("if tensor: str", lambda: tensor_if("a", "str"))
show("if tensor: tuple", lambda: tensor_if((1, 2), "tuple"))


def tensor_if_else():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 0

        def construct(self, x):
            if x > 0:
                self.a = x
            else:
                self.a = "neg"
            return x

    net = Net()
    for v in (1.0, -1.0):
        yield net(T(v)), net.a


show("if tensor else", tensor_if_else)


def tensor_while():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 0
            self.p = T([0.0])

        def construct(self, x):
            while x < 3:
                self.a = self.a + 1
                self.p = self.p + 1
                x = x + 1
            return x

    net = Net()
    for v in (0.0, 1.0):
        yield net(T(v)), net.a, net.p


show("while tensor", tensor_while)


def for_over_tensor():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = T([0.0])

        def construct(self, x):
            for v in x:
                self.p = self.p + v
            return self.p

    net = Net()
    for _ in range(2):
        yield net(T([1.0, 2.0])), net.p


show("for over tensor", for_over_tensor)


# -- sub-Cells, methods, objects -----------------------------------------------------------------
def sub_cell():
    class Sub(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 1
            self.p = T([1.0])

        def construct(self, x):
            self.a = self.a * 2
            self.p = self.p * x
            return self.p

    class Top(nn.Cell):
        def __init__(self):
            super().__init__()
            self.sub = Sub()

        def construct(self, x):
            return self.sub(x) + 1

    net = Top()
    for _ in range(3):
        yield net(T([2.0])), net.sub.a, net.sub.p


show("sub cell", sub_cell)


def sub_cell_read_by_top():
    class Sub(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = 1

        def construct(self, x):
            self.a = self.a * 2
            return x

    class Top(nn.Cell):
        def __init__(self):
            super().__init__()
            self.sub = Sub()

        def construct(self, x):
            return self.sub(x) + self.sub.a

    net = Top()
    for _ in range(3):
        yield net(T([2.0])), net.sub.a


show("sub cell read by top", sub_cell_read_by_top)


def jit_method(base):
    class Net(base):
        def __init__(self):
            super().__init__()
            self.a = 1
            self.p = T([1.0])

        @ms.jit
        def step(self, x):
            self.a = self.a + 1
            self.p = self.p + x
            return x + self.a

        def construct(self, x):
            return x

    ms.set_context(mode=ms.PYNATIVE_MODE)
    try:
        net = Net()
        for _ in range(3):
            yield net.step(T([1.0])), net.a, net.p
    finally:
        ms.set_context(mode=ms.GRAPH_MODE)


show("jit method of a cell", lambda: jit_method(nn.Cell))
show("jit method of an object", lambda: jit_method(object))


@ms.jit_class
class Counter:
    def __init__(self):
        self.a = 1
        self.p = T([1.0])

    def step(self, x):
        self.a = self.a + 1
        self.p = self.p + x
        return x + self.a


def jit_class_in_cell():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.counter = Counter()

        def construct(self, x):
            return self.counter.step(x)

    net = Net()
    for _ in range(3):
        yield net(T([1.0])), net.counter.a, net.counter.p


show("jit_class in a cell", jit_class_in_cell)


def jit_class_argument():
    counter = Counter()

    @ms.jit
    def step(obj, x):
        obj.a = obj.a + 1
        obj.p = obj.p + x
        return x + obj.a

    for _ in range(3):
        yield step(counter, T([1.0])), counter.a, counter.p


show("jit_class argument", jit_class_argument)


def closure(make):
    holder = make()
    holder.a, holder.p = 1, T([1.0])

    @ms.jit
    def step(x):
        holder.a = holder.a + 1
        holder.p = holder.p + x
        return x + holder.a

    for _ in range(3):
        yield step(T([1.0])), holder.a, holder.p


class Plain:
    pass


class Holder(nn.Cell):
    def construct(self, x):
        return x


show("jit closure object", lambda: closure(Plain))
show("jit closure cell", lambda: closure(Holder))
show("jit closure jit_class", lambda: closure(Counter))


# -- gradients, failures, PyNative -----------------------------------------------------------------
class Accumulate(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = T([1.0])
        self.a = 1

    def construct(self, x):
        self.p = self.p + x
        self.a = self.a + 1
        return self.p * x


def top_level_grad(transform):
    net = Accumulate()
    step = transform(net)
    for _ in range(2):
        result = step(T([3.0]))
        yield (result[0] if isinstance(result, tuple) else None), net.p, net.a


show("grad", lambda: top_level_grad(ms.grad))
show("value_and_grad", lambda: top_level_grad(ms.value_and_grad))


def grad_in_cell():
    class Grad(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.grad = ops.grad(net)

        def construct(self, x):
            return self.grad(x)

    net = Accumulate()
    step = Grad(net)
    for _ in range(2):
        yield step(T([3.0])), net.p, net.a


show("grad in a compiled cell", grad_in_cell)


def train_step():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
            self.calls = 0
            self.last = T([0.0])

        def construct(self, x):
            self.calls = self.calls + 1
            out = self.dense(x)
            self.last = out.sum(keepdims=True)
            return out.sum()

    net = Net()
    train = nn.TrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.1))
    for _ in range(3):
        loss = train(T([[1.0, 2.0]]))
        yield loss, net.calls, net.last, net.dense.weight.value()


show("train step", train_step)


def failed_call():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = T([1.0])
            self.a = 1

        def construct(self, x):
            self.p = self.p + x
            self.a = self.a + 1
            return ops.reshape(x, (5, 7))

    net = Net()
    try:
        net(T([3.0]))
    except ValueError as e:
        yield "ValueError", net.p, net.a
        return
    yield "no error", net.p, net.a


show("failed call", failed_call)


def failed_later_call():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = T([1.0])
            self.a = 1

        def construct(self, x):
            self.p = self.p + x
            self.a = self.a + 1
            return ops.reshape(x, (1,))

    net = Net()
    yield net(T([1.0])), net.p, net.a
    try:
        net(T([1.0, 2.0]))
    except ValueError:
        yield "ValueError", net.p, net.a


show("failed later call", failed_later_call)


def pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    try:
        net = Accumulate()
        for _ in range(2):
            yield net(T([1.0])), net.p, net.a
    finally:
        ms.set_context(mode=ms.GRAPH_MODE)


show("pynative", pynative)
ms.set_context(mode=ms.PYNATIVE_MODE)
