"""`nn.LARS` and `ops.LARSUpdate`: constructor checks, what LARS takes over from its optimizer,
reprs; a training step (MindSpore 2.10's CPU has no LARSUpdate kernel: its line is the
RuntimeError). One `label -> result` line per case (tests/nn/test_lars.py)."""
import numpy as np

from mindspore import Tensor, nn, ops


def case(label, fn):
    try:
        result = fn()
        result = result if isinstance(result, str) else repr(result)
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    print(f"{label} -> {result}", flush=True)


net = nn.Dense(3, 2)
opt = nn.Momentum(net.trainable_params(), 0.1, 0.9, weight_decay=0.01)
case("LARS type", lambda: type(nn.LARS(opt)).__name__)
case("LARS epsilon int", lambda: nn.LARS(opt, epsilon=1))
case("LARS coefficient int", lambda: nn.LARS(opt, coefficient=1))
case("LARS use_clip int", lambda: nn.LARS(opt, use_clip=1))
case("nn.optim.LARS", lambda: nn.optim.LARS is nn.LARS)
inner = nn.Momentum(net.trainable_params(), 0.1, 0.9, weight_decay=0.01)
lars = nn.LARS(inner, epsilon=1e-8, coefficient=0.02)
case("LARS takes over", lambda: (lars.lars_flag, inner.decay_flags, inner.exec_weight_decay,
                                 inner.dynamic_weight_decay, lars.decay_flags))
case("LARS parameters", lambda: ([p.name for p in lars.parameters], lars.learning_rate.name,
                                 lars.global_step is inner.global_step))
case("LARS init_args", lambda: (sorted(lars.init_args), [p.name for p in lars.init_params["params"]]))
case("LARSUpdate repr", lambda: ops.LARSUpdate())
case("LARSUpdate repr arguments", lambda: ops.LARSUpdate(1e-6, 0.01, True))
x = Tensor(np.ones((4, 3), np.float32))
y = Tensor(np.zeros((4, 2), np.float32))
step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), lars)
case("LARS step", lambda: step(x, y))
