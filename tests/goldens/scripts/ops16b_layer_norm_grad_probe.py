"""ops.operations._grad_ops.LayerNormGrad as MindSpore 2.10 (CPU) computes it: (dx, dgamma, dbeta)
for several begin_norm_axis/begin_params_axis pairs, float32 and float16.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16b_layer_norm_grad_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16b_layer_norm_grad_probe.out
"""
import inspect
import numpy as np
from mindspore import Tensor
from mindspore.ops.operations import _grad_ops as G
print("sig ->", inspect.signature(G.LayerNormGrad.__init__))
print("repr ->", G.LayerNormGrad(1, 1))
x = np.random.RandomState(0).randn(2, 3, 4).astype(np.float32)
dy = np.random.RandomState(1).randn(2, 3, 4).astype(np.float32)
for bn, bp in ((1, 1), (2, 2), (-1, -1), (1, 2), (2, 1)):
    ax = tuple(range(bn % 3, 3))
    mean = x.mean(ax, keepdims=True); var = x.var(ax, keepdims=True)
    gamma = np.random.RandomState(2).randn(*x.shape[bp % 3:]).astype(np.float32)
    try:
        out = G.LayerNormGrad(bn, bp)(Tensor(x), Tensor(dy), Tensor(var), Tensor(mean), Tensor(gamma))
        print(bn, bp, "->", [(o.dtype, o.shape, np.round(o.asnumpy().reshape(-1)[:3].astype(float), 4).tolist()) for o in out])
    except Exception as e:
        print(bn, bp, "->", type(e).__name__, str(e).split("\n")[0][:200])
half = G.LayerNormGrad(1, 1)(Tensor(x.astype(np.float16)), Tensor(dy.astype(np.float16)),
                             Tensor(x.var((1, 2), keepdims=True).astype(np.float16)),
                             Tensor(x.mean((1, 2), keepdims=True).astype(np.float16)),
                             Tensor(np.ones((3, 4), np.float16)))
print("float16 ->", [(o.dtype, o.shape, np.round(o.asnumpy().reshape(-1)[:3].astype(float), 2).tolist()) for o in half])
