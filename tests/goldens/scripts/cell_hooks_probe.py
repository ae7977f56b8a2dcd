"""MindSpore 2.10 Cell hooks (forward, backward, backward pre) and state_dict/load_state_dict.

Prints `label -> result` lines; the same script runs unchanged on msjax in
tests/api/test_cell_hooks_golden.py. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/cell_hooks_probe.py \
        | grep -- " -> " > tests/goldens/api/cell_hooks_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn


def show(label, f):
    try:
        result = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | " + " / ".join(
            line.strip() for line in str(e).strip().split("\n\n----")[0].splitlines())
    print(f"{label} -> {result}")


def values(t):
    return None if t is None else t.asnumpy().tolist()


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
        self.relu = nn.ReLU()
        self.register_buffer("steps", Tensor([0], ms.int32))

    def construct(self, x):
        return self.relu(self.dense(x))


net = Net()
x = Tensor(np.array([[1.0, 2.0]], np.float32))
log = []


def backward_hook(cell, grad_input, grad_output):
    log.append(("hook", type(cell).__name__, [type(g).__name__ for g in grad_input],
                [values(g) for g in grad_input], [values(g) for g in grad_output]))


def backward_pre_hook(cell, grad_output):
    log.append(("pre hook", type(cell).__name__, [values(g) for g in grad_output]))


def loss(inputs):
    return net(inputs).sum()


h1 = net.dense.register_backward_hook(backward_hook)
h2 = net.dense.register_backward_pre_hook(backward_pre_hook)
show("grad with hooks", lambda: values(ms.grad(loss)(x)))
show("hooks saw", lambda: log)
h1.remove()
h2.remove()


def times_ten(cell, grad_input, grad_output):
    return (grad_input[0] * 10,)


h3 = net.dense.register_backward_hook(times_ten)
show("hook replaces grad_input", lambda: values(ms.grad(loss)(x)))
h3.remove()
show("after remove", lambda: values(ms.grad(loss)(x)))


def halve_output_grad(cell, grad_output):
    return (grad_output[0] * 0.5,)


h4 = net.dense.register_backward_pre_hook(halve_output_grad)
show("pre hook replaces grad_output", lambda: values(ms.grad(loss)(x)))
h4.remove()


def doubled_input(cell, inputs):
    return (inputs[0] * 2,)


def plus_one(cell, inputs, output):
    return output + 1


h5 = net.register_forward_pre_hook(doubled_input)
show("forward pre hook", lambda: values(net(x)))
h5.remove()
h6 = net.register_forward_hook(plus_one)
show("forward hook", lambda: values(net(x)))
h6.remove()

show("state_dict keys", lambda: list(net.state_dict().keys()))
show("state_dict kinds", lambda: [type(v).__name__ for v in net.state_dict().values()])
show("state_dict prefix", lambda: list(net.state_dict(prefix="net.").keys()))
show("load all", lambda: str(net.load_state_dict({
    "dense.weight": Tensor(np.full((2, 2), 2.0, np.float32)),
    "dense.bias": Tensor(np.ones(2, np.float32)), "steps": Tensor([5], ms.int32)})))
show("loaded", lambda: (values(net.dense.weight), values(net.dense.bias), values(net.steps)))
show("load not strict", lambda: str(net.load_state_dict(
    {"dense.weight": Tensor(np.ones((2, 2), np.float32)), "extra": Tensor([1.0])},
    strict=False)))
show("load size mismatch", lambda: net.load_state_dict({
    "dense.weight": Tensor(np.ones((3, 2), np.float32)), "dense.bias": Tensor(np.ones(2, np.float32)),
    "steps": Tensor([1], ms.int32)}))
show("unchanged after refusal", lambda: (values(net.dense.weight), values(net.steps)))
