"""MindSpore 2.10's gradient of `ops.LayerNorm`'s three outputs: its backward reads only the
output's cotangent (the mean and variance outputs pass no gradient), in PyNative and in graph
mode. Printed `label -> RESULT`; tests/ops/test_layer_norm_grad.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/layer_norm_grad_probe.py \
        | grep -- " -> " > tests/goldens/ops/layer_norm_grad_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


def show(label, fn):
    try:
        out = fn()
        print(label, "->", [(str(o.dtype), (np.round(o.asnumpy().astype(np.float64), 4) + 0.0).tolist())
                            for o in out])
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


def all_outputs(x, gamma, beta):
    return ops.LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)(x, gamma, beta)


def statistics_only(x, gamma, beta):
    _, mean, variance = all_outputs(x, gamma, beta)
    return mean * 3 + variance


def weighted(x, gamma, beta):
    y, mean, variance = all_outputs(x, gamma, beta)
    return (y * Tensor(np.array([[1., 2., 3.], [0.5, -1., 2.]], np.float32))).sum() + mean.sum() + variance.sum()


x = Tensor(np.array([[1, 2, 3], [1, 2, 3]]), ms.float32)
x2 = Tensor(np.array([[1, 5, 3], [-2, 0.5, 4]]), ms.float32)
gamma = Tensor(np.ones([3]), ms.float32)
beta = Tensor(np.zeros([3]), ms.float32)
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"{name} grad all outputs", lambda: ops.grad(all_outputs, (0, 1, 2))(x, gamma, beta))
    show(f"{name} grad all outputs x2", lambda: ops.grad(all_outputs, (0, 1, 2))(x2, gamma, beta))
    show(f"{name} grad statistics only", lambda: ops.grad(statistics_only, (0, 1, 2))(x2, gamma, beta))
    show(f"{name} grad weighted", lambda: ops.grad(weighted, (0, 1, 2))(x2, gamma * 2, beta))
