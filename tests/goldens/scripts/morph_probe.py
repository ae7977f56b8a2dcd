"""MindSpore 2.10's `ops.Morph`: in GRAPH_MODE its call is `fn`'s (keywords too), differentiated
through `fn` or through `bprop_fn(*args, out, dout)`; called in PyNative it is a RuntimeError;
with `bprop_fn`, `fn` may only have plain positional parameters. Printed `label -> result`.
tests/ops/test_morph.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/morph_probe.py \\
        | grep -- " -> " > tests/goldens/ops/morph_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import context, nn, ops, Tensor, Parameter


def show(label, f):
    try:
        result = f()
        if isinstance(result, (tuple, list)):
            result = [r.asnumpy().tolist() if isinstance(r, Tensor) else
                      [x.asnumpy().tolist() for x in r] for r in result]
        elif isinstance(result, Tensor):
            result = result.asnumpy().tolist()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


def infer(*args):
    return args[0]


def scaled(a, b=Tensor(2.0, ms.float32)):
    return a * b * 3


def plain(a, b):
    return a * b


def plain_bprop(a, b, out, dout):
    return dout * 10, dout * 0


class Net(nn.Cell):
    def __init__(self, morph, keyword):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")
        self.morph, self.keyword = morph, keyword

    def construct(self, x):
        o = x * self.w
        if self.keyword:
            o = self.morph(o, b=Tensor(4.0, ms.float32))
        else:
            o = self.morph(o, Tensor(5.0, ms.float32))
        return o * self.w


x = Tensor(np.array([7.0, 8.0, 9.0], np.float32))
grad = ops.GradOperation(get_all=True, get_by_list=True)
context.set_context(mode=context.GRAPH_MODE)
net = Net(ops.Morph(scaled, infer, infer), True)
show("graph forward, keyword", lambda: net(x))
show("graph grad, keyword", lambda: grad(net, net.trainable_params())(x))
net = Net(ops.Morph(scaled, infer, infer), False)
show("graph grad, positional", lambda: grad(net, net.trainable_params())(x))
net = Net(ops.Morph(plain, infer, infer, plain_bprop), False)
show("graph forward, bprop_fn", lambda: net(x))
show("graph grad, bprop_fn", lambda: grad(net, net.trainable_params())(x))
show("bprop_fn with a defaulted parameter",
     lambda: ops.Morph(scaled, infer, infer, plain_bprop))
context.set_context(mode=context.PYNATIVE_MODE)
net = Net(ops.Morph(scaled, infer, infer), True)
show("pynative call, keyword", lambda: net(x))
net = Net(ops.Morph(scaled, infer, infer), False)
show("pynative call", lambda: net(x))
show("pynative grad", lambda: grad(net, net.trainable_params())(x))
