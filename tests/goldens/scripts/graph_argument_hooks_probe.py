"""MindSpore 2.10: a hook registered (outside compiled code) on a Tensor that a compiled function
takes, and a gradient taken with respect to it, inside or outside the compiled function. Is the
hook called, with what gradient, does its result replace the gradient, what do later
`register_hook` and `handle.remove()` change; and `Parameter.register_hook` inside compiled
code. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_argument_hooks_probe.py \\
        | grep -v '^\\[' > tests/goldens/transforms/graph_argument_hooks_probe.out

The lines a hook prints (graph mode's `print`) are kept with the `label -> result` lines.
"""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, jit, nn, ops


def T(value):
    return Tensor(np.array(value, np.float32))


def text(value):
    if isinstance(value, Tensor):
        return f"T{value.asnumpy().tolist()}"
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(text(v) for v in value) + ")"
    return repr(value)


def show(label, fn):
    try:
        print(f"{label} -> {text(fn())}", flush=True)
    except Exception as e:  # noqa: BLE001
        print(f"{label} -> ERR {type(e).__name__} | {str(e).splitlines()[0]}", flush=True)


def double(grad):
    return grad * 2


def triple(grad):
    return grad * 3


def plus_one(grad):
    return grad + 1


def printer(grad):
    print("printer got", grad)


def keeps(grad):
    return None


calls = []


def counting(grad):
    calls.append(1)
    return grad * 5


class Net0(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w0 = Parameter(T([1.0, 2.0, 3.0]), name="w0")

    def construct(self, x):
        return self.w0 * x


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.net0 = Net0()
        self.w1 = Parameter(T([4.0, 5.0, 6.0]), name="w1")

    def construct(self, x, y):
        return (self.net0(x) + self.net0(y)) * self.w1


class GradNet(nn.Cell):
    """The gradient taken inside the compiled construct."""

    def __init__(self):
        super().__init__()
        self.net = Net0()
        self.grad = ops.GradOperation()

    def construct(self, a):
        return self.grad(self.net)(a)


class GradAll(nn.Cell):
    def __init__(self):
        super().__init__()
        self.net = Net()
        self.grad = ops.GradOperation(get_all=True)

    def construct(self, x, y):
        return self.grad(self.net)(x, y)


y = T([13.0, 14.0, 15.0])
for mode, m in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    ms.set_context(mode=mode)

    # -- the gradient taken inside a jit function or a compiled construct ----------------------
    @jit
    def grad_in_jit(a):
        return ms.grad(lambda p: p * p)(a)

    a = T([1.0, 2.0, 3.0])
    h1 = a.register_hook(double)
    show(f"{m} grad in jit, double", lambda: grad_in_jit(a))
    h2 = a.register_hook(triple)
    show(f"{m} grad in jit, triple registered after", lambda: grad_in_jit(a))
    h1.remove()
    h2.remove()
    show(f"{m} grad in jit, both removed", lambda: grad_in_jit(a))
    show(f"{m} grad in jit, another tensor", lambda: grad_in_jit(T([1.0, 2.0, 3.0])))

    @jit
    def grad_in_jit2(a):
        return ms.grad(lambda p: p * p)(a)

    show(f"{m} grad in jit, no hook first", lambda: grad_in_jit2(T([1.0, 2.0, 3.0])))
    b = T([1.0, 2.0, 3.0])
    b.register_hook(triple)
    show(f"{m} grad in jit, hooked second", lambda: grad_in_jit2(b))

    @jit
    def grad_in_jit3(a):
        return ms.grad(lambda p: p * p)(a)

    two = T([1.0, 2.0])
    two.register_hook(double)
    two.register_hook(plus_one)
    show(f"{m} grad in jit, two hooks in order", lambda: grad_in_jit3(two))

    net = GradNet()
    c = T([1.0, 2.0, 3.0])
    hc = c.register_hook(triple)
    show(f"{m} grad in cell, triple", lambda: net(c))
    hc.remove()
    show(f"{m} grad in cell, removed", lambda: net(c))
    d = T([1.0, 2.0, 3.0])
    d.register_hook(printer)
    show(f"{m} grad in cell, printing hook", lambda: GradNet()(d))
    e = T([1.0, 2.0, 3.0])
    e.register_hook(keeps)
    show(f"{m} grad in cell, hook returns None", lambda: GradNet()(e))
    kx, ky = T([10.0, 11.0, 12.0]), T([13.0, 14.0, 15.0])
    kx.register_hook(double)
    ky.register_hook(triple)
    show(f"{m} grad in cell, two inputs", lambda: GradAll()(kx, ky))
    show(f"{m} grad in cell, keyword input", lambda: GradAll()(kx, y=ky))

    @jit
    def forward(a):
        return a * 2

    show(f"{m} jit forward of a hooked tensor", lambda: forward(c))

    # -- the gradient of a jit function, taken outside it ---------------------------------------
    @jit
    def jit_fn(p, q):
        return p * q * 2

    f = T([1.0, 2.0, 3.0])
    f.register_hook(triple)
    show(f"{m} ms.grad of jit fn", lambda: ms.grad(jit_fn, grad_position=(0, 1))(f, y))
    show(f"{m} GradOperation of jit fn", lambda: ops.GradOperation(get_all=True)(jit_fn)(f, y))

    # -- Parameter.register_hook inside compiled code -------------------------------------------
    p = Parameter(T([1.0, 2.0]), name="p")

    @jit
    def hooks_parameter(x):
        p.register_hook(double)
        return x * p

    show(f"{m} parameter hook inside jit", lambda: hooks_parameter(T([1.0, 2.0])))
    print(f"{m} parameter hooks after -> {len(p.hooks())}")

# -- GRAPH_MODE: the gradient of a Cell taken outside it (a fresh Cell each time) ---------------
ms.set_context(mode=ms.GRAPH_MODE)


def fresh():
    net = Net()
    return ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())


g = fresh()
hx = T([10.0, 11.0, 12.0])
h1 = hx.register_hook(double)
show("cell grad, double", lambda: g(hx, y)[0])
show("cell grad, double again", lambda: g(hx, y)[0])
h2 = hx.register_hook(triple)
show("cell grad, triple registered after", lambda: g(hx, y)[0])
h1.remove()
show("cell grad, double removed", lambda: g(hx, y)[0])
h2.remove()
show("cell grad, all removed", lambda: g(hx, y)[0])
show("cell grad, another tensor", lambda: g(T([10.0, 11.0, 12.0]), y)[0])
g = fresh()
show("cell grad, no hook first", lambda: g(T([10.0, 11.0, 12.0]), y)[0])
hz = T([10.0, 11.0, 12.0])
hz.register_hook(double)
show("cell grad, hooked second", lambda: g(hz, y)[0])
g = fresh()
ax = T([10.0, 11.0, 12.0])
ax.register_hook(counting)
show("cell grad, counting hook 1", lambda: g(ax, y)[0])
show("cell grad, counting hook 2", lambda: g(ax, y)[0])
print(f"cell grad, counting hook calls -> {len(calls)}")
g = fresh()
nx = T([10.0, 11.0, 12.0])
nx.register_hook(keeps)
show("cell grad, hook returns None", lambda: g(nx, y)[0])
g = fresh()
show("cell grad, keyword input", lambda: g(kx, y=ky)[0])
show("cell grad, one tensor twice", lambda: g(kx, kx)[0])
show("cell forward of hooked tensors", lambda: Net()(kx, ky))
net = Net()
show("ms.grad of a cell", lambda: ms.grad(net, grad_position=(0, 1))(f, y))
show("value_and_grad of a cell", lambda: ms.value_and_grad(net, grad_position=(0, 1))(f, y))
