"""ops.ForiLoop and ops.Scan with `unroll=False` (a loop op kept in the graph) under first- and
second-order grad in a jit function: MindSpore 2.10 differentiates the loop once and refuses a
higher order; with `unroll=True` both orders run. Golden:
tests/goldens/transforms/loop_unroll_grad.txt."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, jit


def body(index, value):
    out = value + 1
    for _ in range(3):
        out = out * index
    return out


def scan_body(carry, x):
    return carry * carry, carry


class ForiNet(nn.Cell):
    def __init__(self, unroll):
        super().__init__()
        self.fori_loop = ops.ForiLoop()
        self.unroll = unroll

    def construct(self, inputs):
        return self.fori_loop(0, 3, body, inputs, self.unroll)


class ScanNet(nn.Cell):
    def __init__(self, unroll):
        super().__init__()
        self.scan = ops.Scan()
        self.unroll = unroll

    def construct(self, inputs):
        carry, _ = self.scan(scan_body, inputs, None, 3, self.unroll)
        return carry


@jit
def first_order(net, x):
    return ops.grad(net)(x)


@jit
def second_order(net, x):
    return ops.grad(ops.grad(net))(x)


x = Tensor(np.array([0.5, 1.5], np.float32))
for cls in (ForiNet, ScanNet):
    for unroll in (True, False):
        for name, fn in (("grad", first_order), ("grad of grad", second_order)):
            label = f"{cls.__name__} unroll={unroll} {name}"
            try:
                print(label, "->", np.round(fn(cls(unroll), x).asnumpy(), 3).tolist())
            except Exception as e:  # pylint: disable=broad-except
                print(label, "->", type(e).__name__, str(e).split("\n")[0])
