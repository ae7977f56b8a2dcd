"""MindSpore 2.10's nn.TrainOneStepWithLossScaleCell as the model zoo's subclasses use it (Bert,
Transformer, GPT, Pangu, SwinTransformer, YOLOX, FasterRCNN, ...): `start_overflow_check(pre_cond,
compute_input)` and the helper attributes its `__init__` sets (`hyper_map`, `base`, `less_equal`,
...), called directly and from a subclass's GRAPH_MODE `construct`.
Golden: tests/goldens/nn/zoo18_loss_scale_cell_probe.out (tests/nn/test_loss_scale_cell_helpers.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


def show(label, fn):
    try:
        r = fn()
        if isinstance(r, tuple):
            print(label, "->", "OK", [describe(x) for x in r])
        else:
            print(label, "->", "OK", describe(r))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


def describe(x):
    if isinstance(x, Tensor):
        return f"{type(x).__name__} {x.dtype} {x.shape} {np.asarray(x.asnumpy(), np.float64).ravel().tolist()}"
    return f"{type(x).__name__} {x}"


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.dense(x).sum()


class ScaledGrads(nn.TrainOneStepWithLossScaleCell):
    """A zoo-style step up to the overflow check: the scaled, clipped gradients' sum of squares,
    summed with the inherited helpers, and whether 1 <= that sum (the zoo's `less_equal(base, .)`)."""

    def construct(self, x):
        loss = self.network(x)
        status, scaling_sens = self.start_overflow_check(loss, self.scale_sense)
        grads = self.grad(self.network, self.weights)(x, ops.cast(scaling_sens, ms.float32))
        grads = self.hyper_map(ops.partial(ops.mul, 1.0 / scaling_sens), grads)
        squares = self.hyper_map(lambda g: self.reduce_sum(g * g, ()), grads)
        total = ops.addn(squares)
        return loss, status, scaling_sens, total, self.less_equal(self.base, total)


x = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
for mode_name, mode in (("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)):
    ms.set_context(mode=mode)
    net = Net()
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    cell = ScaledGrads(net, opt, nn.DynamicLossScaleUpdateCell(2.0 ** 10, 2, 1000))
    fixed = ScaledGrads(Net(), nn.Momentum(net.trainable_params(), 0.1, 0.9),
                        Tensor([8.0], ms.float32))
    show(f"{mode_name} subclass step", lambda: cell(x))
    show(f"{mode_name} subclass fixed scale", lambda: fixed(x))
    show(f"{mode_name} start_overflow_check", lambda: cell.start_overflow_check(Tensor(2.0), x))
    show(f"{mode_name} start_overflow_check python", lambda: cell.start_overflow_check(1, (2, 3)))

ms.set_context(mode=ms.PYNATIVE_MODE)
for name in ("hyper_map", "reduce_sum", "reduce_all", "less_equal", "equal", "logic_not", "allreduce"):
    show(f"attribute {name}", lambda: type(getattr(cell, name)).__name__)
for name in ("base", "base0", "is_distributed", "gpu_target"):
    show(f"attribute {name}", lambda: getattr(cell, name))
show("reduce_sum keep_dims", lambda: cell.reduce_sum(Tensor(np.ones((2, 3), np.float32)), 1))
show("reduce_all keep_dims", lambda: cell.reduce_all(Tensor(np.array([[True, False]])), 1))
