"""MindSpore 2.10's elementwise gradient Primitives of `ops.auto_generate` (HShrinkGrad, GeLUGrad,
ReciprocalGrad, TanhGrad, ...): values (at the kinks too), dtypes, argument order, eagerly, under
`jit` and under `vmap`, printed `label -> RESULT`; tests/ops/test_elementwise_grads.py runs it
unchanged on msjax. (SeluGrad, HardtanhGrad, ThresholdGrad, MishGradExt, SoftplusGradExt and
GeluGradExt have no CPU kernel in MindSpore 2.10.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/elementwise_grads_probe.py \
        | grep -- " -> " > tests/goldens/ops/elementwise_grads_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops import auto_generate as gen

x = Tensor(np.array([[-2.5, -1.0, -0.5, 0.0], [0.25, 0.5, 1.0, 3.0]], np.float32))
u = Tensor(np.array([[-0.9, -0.5, -0.2, 0.0], [0.1, 0.3, 0.6, 0.8]], np.float32))
p = Tensor(np.array([[0.3, 0.5, 1.0, 1.5], [2.0, 2.5, 3.0, 4.0]], np.float32))
big = Tensor(np.array([[1.5, 2.0, 3.0, 4.0], [1.1, 1.2, 5.0, 7.0]], np.float32))
dy = Tensor(np.array([[1.0, 2.0, -1.0, 0.5], [3.0, -2.0, 1.5, 1.0]], np.float32))


def show(label, fn):
    try:
        out = fn()
        result = (str(out.dtype), np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


def hshrink_grad(a, b):
    return gen.HShrinkGrad(0.5)(a, b)


def gelu_grad(a, b):
    return gen.GeLUGrad()(a, b, b)


def reciprocal_grad(a, b):
    return gen.ReciprocalGrad()(a, b)


def tanh_grad(a, b):
    return gen.TanhGrad()(a, b)


CASES = [
    ("HShrinkGrad(0.5)(dy, x)", lambda: gen.HShrinkGrad(0.5)(dy, x)),
    ("HShrinkGrad()(dy, x)", lambda: gen.HShrinkGrad()(dy, x)),
    ("HShrinkGrad(1.0)(dy, x)", lambda: gen.HShrinkGrad(1.0)(dy, x)),
    ("GeLUGrad()(dy, x, gelu(x))", lambda: gen.GeLUGrad()(dy, x, ops.gelu(x))),
    ("GeLUGrad()(dy, x, zeros)", lambda: gen.GeLUGrad()(dy, x, ops.zeros_like(x))),
    ("FastGeLUGrad()(dy, x)", lambda: gen.FastGeLUGrad()(dy, x)),
    ("ReciprocalGrad()(p, dy)", lambda: gen.ReciprocalGrad()(p, dy)),
    ("SqrtGrad()(dy, p)", lambda: gen.SqrtGrad()(dy, p)),
    ("RsqrtGrad()(dy, p)", lambda: gen.RsqrtGrad()(dy, p)),
    ("TanhGrad()(u, dy)", lambda: gen.TanhGrad()(u, dy)),
    ("SigmoidGrad()(u, dy)", lambda: gen.SigmoidGrad()(u, dy)),
    ("AtanGrad()(x, dy)", lambda: gen.AtanGrad()(x, dy)),
    ("AsinGrad()(u, dy)", lambda: gen.AsinGrad()(u, dy)),
    ("ACosGrad()(u, dy)", lambda: gen.ACosGrad()(u, dy)),
    ("AsinhGrad()(x, dy)", lambda: gen.AsinhGrad()(x, dy)),
    ("AcoshGrad()(big, dy)", lambda: gen.AcoshGrad()(big, dy)),
    ("AbsGrad()(x, dy)", lambda: gen.AbsGrad()(x, dy)),
    ("SiLUGrad()(dy, x)", lambda: gen.SiLUGrad()(dy, x)),
    ("EluGrad()(dy, x)", lambda: gen.EluGrad()(dy, x)),
    ("SoftShrinkGrad(0.5)(dy, x)", lambda: gen.SoftShrinkGrad(0.5)(dy, x)),
    ("SoftShrinkGrad()(dy, x)", lambda: gen.SoftShrinkGrad()(dy, x)),
    ("LogitGrad(-1.0)(dy, u)", lambda: gen.LogitGrad(-1.0)(dy, u)),
    ("LogitGrad(0.2)(dy, u)", lambda: gen.LogitGrad(0.2)(dy, u)),
    ("ReciprocalGrad()(p float64, dy float64)",
     lambda: gen.ReciprocalGrad()(p.astype(ms.float64), dy.astype(ms.float64))),
    ("jit HShrinkGrad(0.5)", lambda: ms.jit(hshrink_grad)(dy, x)),
    ("jit GeLUGrad", lambda: ms.jit(gelu_grad)(dy, x)),
    ("jit ReciprocalGrad", lambda: ms.jit(reciprocal_grad)(p, dy)),
    ("vmap HShrinkGrad", lambda: ops.vmap(hshrink_grad)(dy, x)),
    ("vmap TanhGrad", lambda: ops.vmap(tanh_grad, in_axes=(0, 0))(u, dy)),
]
for label, fn in CASES:
    show(label, fn)
print("repr HShrinkGrad(0.3) ->", repr(gen.HShrinkGrad(0.3)))
print("repr ReciprocalGrad() ->", repr(gen.ReciprocalGrad()))
