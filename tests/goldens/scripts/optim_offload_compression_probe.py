"""MindSpore 2.10 behaviour of nn.AdamOffload (three training steps: loss, parameters, states),
of nn.AdaFactor with compression (its Float16 second-moment state) and of FTRL's `target`
property; printed `label -> RESULT`. tests/nn/test_optim_offload_compression.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/optim_offload_compression_probe.py \\
        | grep -- " -> " > tests/goldens/nn/optim_offload_compression_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, nn, ops


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        out = f"ERR {type(e).__name__} | {str(e).splitlines()[0] if str(e) else ''}"
    print(f"{label} -> {out}".replace("\n", "\\n"))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor(np.array([[0.5, -1.0, 0.25], [1.5, 0.0, -0.75]], np.float32)), name="weight")
        self.bias = Parameter(Tensor(np.array([0.1, -0.2, 0.3], np.float32)), name="bias")

    def construct(self, x):
        return ops.matmul(x, self.weight) + self.bias


def run(label, make_opt, mode=ms.PYNATIVE_MODE):
    ms.set_context(mode=mode)
    net = Net()
    opt = make_opt(net.trainable_params())
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x = Tensor(np.array([[1.0, 2.0], [-0.5, 0.3]], np.float32))
    y = Tensor(np.array([[0.0, 1.0, -1.0], [2.0, 0.5, 0.0]], np.float32))
    for i in range(3):
        show(f"{label} step {i} loss", lambda: step(x, y))
        for p in opt.parameters:
            show(f"{label} step {i} {p.name}", lambda: p)
    for name, p in opt.parameters_and_names():
        if name.startswith(("moment", "beta", "exp_avg")):
            show(f"{label} state {name}", lambda: p)


run("offload", lambda p: nn.AdamOffload(p, learning_rate=0.1))
run("offload_wd", lambda p: nn.AdamOffload(p, learning_rate=0.05, weight_decay=0.1, loss_scale=2.0, use_nesterov=True))
run("offload_graph", lambda p: nn.AdamOffload(p, learning_rate=0.1), ms.GRAPH_MODE)
run("adafactor_compression", lambda p: nn.AdaFactor(p, learning_rate=None, scale_parameter=False, relative_step=True,
                                                     warmup_init=True, compression=True), ms.GRAPH_MODE)
ms.set_context(mode=ms.PYNATIVE_MODE)
show("AdamOffload use_nesterov str", lambda: nn.AdamOffload(Net().trainable_params(), use_nesterov="x"))
show("AdamOffload beta1 1", lambda: nn.AdamOffload(Net().trainable_params(), beta1=1.0))
ftrl = nn.FTRL(Net().trainable_params())


def set_target(value):
    ftrl.target = value
    return ftrl.target


for value in ("CPU", "Ascend", "TPU", 1):
    show(f"FTRL target {value!r}", lambda: set_target(value))
