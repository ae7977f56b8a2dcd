"""MindSpore 2.10's GroupNorm on a float16 input (nn.GroupNorm under to_float, and ops.group_norm
with float16 weights), PyNative and GRAPH_MODE: the float32 result rounded to float16.
Golden: tests/goldens/nn/groupnorm_float16_probe.out (tests/nn/test_float16_normalization_gradients.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

rng = np.random.default_rng(2)
x = Tensor(rng.standard_normal((16, 4, 4, 4)).astype(np.float32))
gamma = Tensor(np.array([1.1, 1.3, 0.7, 0.9], np.float32))
beta = Tensor(np.array([0.1, -0.3, 0.33, 0.01], np.float32))


def show(label, fn):
    try:
        r = fn()
        print(label, "->", "OK", str(r.dtype), np.asarray(r.asnumpy(), np.float64).ravel().tolist())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


def cell():
    net = nn.GroupNorm(2, 4, gamma_init=gamma, beta_init=beta)
    net.to_float(ms.float16)
    return net(x)


for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"{name} nn.GroupNorm to_float(float16)", cell)
    show(f"{name} ops.group_norm float16", lambda: ops.group_norm(
        x.astype(ms.float16), 2, gamma.astype(ms.float16), beta.astype(ms.float16)))
