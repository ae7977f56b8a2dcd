"""MindSpore 2.10 behaviour of nn.ProximalAdagrad and nn.LazyAdam: three training steps of a small
dense net (loss, parameters and optimizer states after each, rounded to 4 decimals), in
PYNATIVE and GRAPH mode, and the checks of their arguments; printed `label -> RESULT`.
tests/nn/test_optim_proximal_lazy.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/optim_proximal_lazy_probe.py \
        | grep -- " -> " > tests/goldens/nn/optim_proximal_lazy_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor(np.array([[0.5, -1.0, 0.25], [1.5, 0.0, -0.75]], np.float32)), name="weight")
        self.bias = Parameter(Tensor(np.array([0.1, -0.2, 0.3], np.float32)), name="bias")

    def construct(self, x):
        return ops.matmul(x, self.weight) + self.bias


def rounded(t):
    return np.round(t.asnumpy().astype(np.float64), 4).tolist()


def run(label, make_opt, mode=ms.PYNATIVE_MODE):
    ms.set_context(mode=mode)
    net = Net()
    opt = make_opt(net.trainable_params())
    loss = nn.WithLossCell(net, nn.MSELoss())
    step = nn.TrainOneStepCell(loss, opt)
    x = Tensor(np.array([[1.0, 2.0], [-0.5, 0.3]], np.float32))
    y = Tensor(np.array([[0.0, 1.0, -1.0], [2.0, 0.5, 0.0]], np.float32))
    for i in range(3):
        out = step(x, y)
        print(f"{label} step {i} loss -> {round(float(out.asnumpy()), 4)}")
        for p in opt.parameters:
            print(f"{label} step {i} {p.name} -> {rounded(p)}")
    print(f"{label} state names -> {sorted(name for name, _ in opt.parameters_and_names())}")
    for name, p in opt.parameters_and_names():
        if name.startswith(("accum", "moment", "beta")):
            print(f"{label} state {name} -> {(str(p.dtype), p.shape, rounded(p))}")


ms.set_context(mode=ms.PYNATIVE_MODE)


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        out = f"ERR {type(e).__name__} | {str(e).splitlines()[0] if str(e) else ''}"
    print(f"{label} -> {out}".replace("\n", "\\n"))


run("prox", lambda p: nn.ProximalAdagrad(p, learning_rate=0.1))
run("prox_l1l2", lambda p: nn.ProximalAdagrad(p, accum=0.2, learning_rate=0.05, l1=0.01, l2=0.02, weight_decay=0.1, loss_scale=2.0))
run("prox_graph", lambda p: nn.ProximalAdagrad(p, learning_rate=0.1, l1=0.5), ms.GRAPH_MODE)
run("lazy", lambda p: nn.LazyAdam(p, learning_rate=0.1))
run("lazy_nesterov", lambda p: nn.LazyAdam(p, learning_rate=0.05, use_nesterov=True, weight_decay=0.1, loss_scale=2.0))
ms.set_context(mode=ms.PYNATIVE_MODE)

params = Net().trainable_params()
for kw in [{"accum": 1}, {"accum": -0.1}, {"l1": 1}, {"l1": -1.0}, {"l2": -0.5}, {"l2": "x"},
           {"use_locking": 1}, {"learning_rate": -0.1}, {"weight_decay": -0.1}, {"loss_scale": 0.5}]:
    show(f"ProximalAdagrad {kw}", lambda: type(nn.ProximalAdagrad(params, **kw)).__name__)
for kw in [{"beta1": 1.0}, {"beta1": 1}, {"beta2": 0.0}, {"eps": 0.0}, {"eps": 1}, {"weight_decay": 0},
           {"weight_decay": -0.1}, {"use_locking": 1}, {"use_nesterov": "x"}, {"loss_scale": 0.5}]:
    show(f"LazyAdam {kw}", lambda: type(nn.LazyAdam(params, **kw)).__name__)
opt = nn.ProximalAdagrad(params)
show("ProximalAdagrad target", lambda: opt.target)
def set_target(o, v):
    o.target = v
    return o.target
show("ProximalAdagrad target=CPU", lambda: set_target(opt, "CPU"))
show("ProximalAdagrad target=1", lambda: set_target(opt, 1))
show("ProximalAdagrad target=TPU", lambda: set_target(opt, "TPU"))
lazy = nn.LazyAdam(params)
show("LazyAdam target=CPU", lambda: set_target(lazy, "CPU"))
show("LazyAdam target=TPU", lambda: set_target(lazy, "TPU"))
show("LazyAdam beta1_power", lambda: (lazy.beta1_power.shape, lazy.beta1_power.dtype))
show("ProximalAdagrad l1", lambda: (opt.l1, opt.l2))
