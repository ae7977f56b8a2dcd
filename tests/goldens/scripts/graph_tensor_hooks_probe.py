"""Tensor.register_hook inside compiled code: a second hook on a variable is refused (when the
function is parsed), a hook after each assignment is fine, and a hook whose Python `if` reads the
gradient's value runs under jit; PyNative runs several hooks in order. `label -> result` lines."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, context, nn, ops


def show(label, fn):
    try:
        text = str(fn())
        print(label, "->", text, flush=True)
    except Exception as error:  # noqa: BLE001 - the error is the result
        print(label, "-> ERR", type(error).__name__, "|", str(error).splitlines()[0], flush=True)


def double(grad):
    return grad * 2


def triple(grad):
    return grad * 3


def branchy(grad):
    if grad[0] < 100:
        return grad * 2
    return grad * 3


x = Tensor(np.array([7.0, 8.0, 9.0], np.float32))


class TwoHooks(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")

    def construct(self, x):
        y = x * self.w
        y.register_hook(double)
        y.register_hook(triple)
        return y * 2


class HookEachValue(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")

    def construct(self, x):
        x.register_hook(double)
        x = x * self.w
        x.register_hook(triple)
        return x * 2


def grads(net):
    out = ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())(x)
    return [g.asnumpy().tolist() for part in out for g in part]


@ms.jit
def jit_two_hooks(v):
    y = v * 2
    y.register_hook(double)
    y.register_hook(double)
    return y


@ms.jit
def jit_branchy_hook(v):
    y = v * 2
    y.register_hook(branchy)
    return y * v


context.set_context(mode=context.GRAPH_MODE)
show("graph two hooks forward", lambda: TwoHooks()(x))
show("graph two hooks grad", lambda: grads(TwoHooks()))
show("graph hook each value", lambda: grads(HookEachValue()))
show("jit two hooks grad", lambda: ms.grad(jit_two_hooks)(x))
show("jit hook with if", lambda: ms.grad(jit_branchy_hook)(x))
context.set_context(mode=context.PYNATIVE_MODE)
show("pynative two hooks grad", lambda: grads(TwoHooks()))
show("pynative jit hook with if", lambda: ms.grad(jit_branchy_hook)(x * 100))
