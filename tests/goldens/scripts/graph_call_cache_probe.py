"""MindSpore 2.10's GRAPH_MODE Cell calls after the first: what a compiled Cell keeps and what
selects another graph (a new input shape or dtype, the train flag, the mode).

Prints `label -> result` lines; the same script runs unchanged on msjax in
tests/transforms/test_graph_fast_call.py (where a repeated call takes msjax's fast call).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_call_cache_probe.py \
        | grep -- " -> " > tests/goldens/transforms/graph_call_cache_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


def show(label, f):
    try:
        result = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


def values(t):
    return (t.asnumpy().tolist(), str(t.dtype))


class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")

    def construct(self, x):
        if self.training:
            return x * self.w * 10
        return x * self.w


class Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.count = Parameter(Tensor(np.array([0.0], np.float32)), name="count")

    def construct(self, x):
        ops.assign(self.count, self.count + 1)
        return x * 2


x = Tensor(np.ones((2, 3), np.float32))
net = Scale()
show("first call", lambda: values(net(x)))
show("second call", lambda: values(net(x)))
show("third call", lambda: values(net(x)))
show("set_data same shape", lambda: (net.w.set_data(Tensor(np.array([2.0, 2.0, 2.0], np.float32))),
                                     values(net(x)))[1])
hook = net.register_forward_hook(lambda cell, inputs, output: output + 1)
show("forward hook registered after compiling", lambda: values(net(x)))
hook.remove()
pre_hook = net.register_forward_pre_hook(lambda cell, inputs: (inputs[0] * 2,))
show("pre hook registered after compiling", lambda: values(net(x)))
pre_hook.remove()
show("new input shape", lambda: values(net(Tensor(np.ones((1, 3), np.float32)))))
show("new input dtype", lambda: values(net(Tensor(np.ones((2, 3), np.float16)))))
show("back to the first signature", lambda: values(net(x)))
net.set_train(True)
show("set_train(True)", lambda: values(net(x)))
show("set_train(True) again", lambda: values(net(x)))
net.set_train(False)
show("set_train(False)", lambda: values(net(x)))


def replace_parameter():
    net.w = Parameter(Tensor(np.array([7.0, 7.0, 7.0], np.float32)), name="w")
    return values(net.w)


show("replace the Parameter", replace_parameter)
show("graph after replacing", lambda: values(net(x)))
show("graph after replacing, again", lambda: values(net(x)))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("pynative after replacing", lambda: values(net(x)))
ms.set_context(mode=ms.GRAPH_MODE)
show("graph mode again", lambda: values(net(x)))

counter = Counter()
show("assign inside construct: result", lambda: [values(counter(x)) for _ in range(3)][-1])
show("assign inside construct: count", lambda: values(counter.count))
show("assign inside construct: 2 more", lambda: (counter(x), counter(x), values(counter.count))[2])
