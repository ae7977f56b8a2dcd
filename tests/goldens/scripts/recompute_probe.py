"""MindSpore 2.10's `mindspore.recompute` and `Cell.recompute()` (issue #25): values and
gradients as without recomputation, and the argument checks. Printed `label -> RESULT` as in
conformance_probe1.py; tests/transforms/test_recompute.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/recompute_probe.py \\
        | grep -- " -> " > tests/goldens/api/recompute_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops, recompute


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 4).tolist()}"
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


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        self.w = ms.Parameter(Tensor(np.array([0.5, -1.0], np.float32)), name="w")

    def construct(self, x):
        return ops.sin(self.dense(x)) * self.w


class Outer(nn.Cell):
    def __init__(self, mode="function", **kwargs):
        super().__init__()
        self.block = Block()
        self.mode = mode
        self.kwargs = kwargs

    def construct(self, x):
        if self.mode == "function":
            y = recompute(self.block, x, **self.kwargs)
        else:
            y = self.block(x)
        return (y * y).sum()


x = Tensor(np.array([[0.1, 0.2, 0.3], [-0.4, 0.5, 0.6]], np.float32))


def grads(net):
    return ops.grad(net, grad_position=0, weights=net.trainable_params())(x)


for label, make in [("plain", lambda: Outer("plain")),
                    ("function", lambda: Outer("function")),
                    ("function not reentrant", lambda: Outer("function", use_reentrant=False)),
                    ("function output_recompute", lambda: Outer("function", output_recompute=True))]:
    show(f"{label} value", lambda: make()(x))
    show(f"{label} grads", lambda: grads(make()))

cell_net = Outer("plain")
show("Cell.recompute returns", lambda: cell_net.block.recompute())
show("Cell.recompute value", lambda: cell_net(x))
show("Cell.recompute grads", lambda: grads(cell_net))
show("Cell.recompute twice", lambda: cell_net.block.recompute())
show("Cell.recompute grads after twice", lambda: grads(cell_net))
show("Cell.recompute not reentrant", lambda: (lambda n: (n.block.recompute(use_reentrant=False), grads(n)))(Outer("plain")))
show("Cell.recompute bad keyword", lambda: Outer("plain").block.recompute(foo=1))
show("Cell.recompute mp_comm_recompute", lambda: Outer("plain").block.recompute(mp_comm_recompute=True))
show("Cell.recompute mp_comm_recompute not bool", lambda: Outer("plain").block.recompute(mp_comm_recompute=1))
show("Cell.recompute output_recompute not bool", lambda: Outer("plain").block.recompute(output_recompute=1))
show("Cell.recompute positional", lambda: Outer("plain").block.recompute(True))

block = Block()
show("recompute eager", lambda: recompute(block, x))
show("recompute function reentrant", lambda: recompute(lambda t: t * 2, x))
show("recompute function not reentrant", lambda: recompute(lambda t: t * 2, x, use_reentrant=False))
show("recompute function not reentrant grad",
     lambda: ops.grad(lambda t: recompute(lambda u: ops.sin(u) * u, t, use_reentrant=False).sum())(x))
show("recompute context_fn reentrant", lambda: recompute(block, x, context_fn=lambda: (None, None)))
show("recompute no block", lambda: recompute(None, x))


class Pair(nn.Cell):
    def construct(self, a, b):
        return a * b + ops.cos(a)


pair = Pair()
y = Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32))
show("recompute two inputs grads",
     lambda: ops.grad(lambda a, b: recompute(pair, a, b).sum(), grad_position=(0, 1))(x, y))
show("recompute keyword input", lambda: recompute(pair, x, b=y))


@ms.jit
def in_jit(a):
    return ops.grad(lambda t: recompute(pair, t, y).sum())(a)


show("recompute grad in jit", lambda: in_jit(x))
