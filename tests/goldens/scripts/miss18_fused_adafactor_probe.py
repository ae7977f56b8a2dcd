"""MindSpore 2.10's ops.FusedAdaFactor and ops.FusedAdaFactorWithGlobalNorm (the CPU kernel
nn.AdaFactor runs): one Adafactor step written into the parameter and its states (factored for a
matrix, a vector's second moment otherwise), with the attribute flags for the scaled rate, the
first moment and weight decay, and the global norm dividing the gradient; what the call returns,
the repr and the errors, printed `label -> RESULT`; tests/ops/test_miss18_fused_adafactor.py runs
it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/miss18_fused_adafactor_probe.py \
        | grep -- " -> " > tests/goldens/ops/miss18_fused_adafactor_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import ops, Parameter, Tensor


def desc(value):
    if isinstance(value, Tensor):
        return (str(value.dtype), value.shape, np.round(value.asnumpy().astype(np.float64), 6).tolist())
    if isinstance(value, (tuple, list)):
        return type(value)(desc(v) for v in value)
    return value


def show(label, f):
    try:
        out = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")] or [""]
        out = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {out}")


def state(shape, start):
    return Parameter(Tensor((np.arange(np.prod(shape), dtype=np.float32).reshape(shape) + start) / 10))


def step(prim, shape, grad, *extra):
    param = state(shape, 3)
    exp_avg = state(shape, 1)
    row = state(shape[:-1] or (1,), 2)
    col = state(shape[:-2] + shape[-1:] if len(shape) > 1 else (1,), 4)
    sq = state(shape, 5)
    out = prim(Tensor(np.array([1e-30, 1e-3], np.float32)), Tensor(1.0, ms.float32),
               Tensor(0.9, ms.float32), Tensor(0.2, ms.float32), Tensor(0.1, ms.float32),
               Tensor(0.01, ms.float32), grad, param, exp_avg, row, col, sq, *extra)
    return out, param, exp_avg, row, col, sq


matrix_grad = Tensor(np.array([[0.5, -1.0, 2.0], [0.25, 3.0, -0.75]], np.float32))
vector_grad = Tensor(np.array([0.5, -1.0, 2.0, 4.0], np.float32))
for flags in ((False, False, False), (True, False, False), (False, True, False),
              (False, False, True), (True, True, True)):
    prim = ops.FusedAdaFactor(*flags)
    show(f"matrix {flags}", lambda: step(prim, (2, 3), matrix_grad))
    show(f"vector {flags}", lambda: step(prim, (4,), vector_grad))
for norm in (2.0, 0.5):
    show(f"global norm {norm}", lambda: step(ops.FusedAdaFactorWithGlobalNorm(True, True, True),
                                             (2, 3), matrix_grad, Tensor(norm, ms.float32)))
show("repr", lambda: repr(ops.FusedAdaFactor()))
show("repr flags", lambda: repr(ops.FusedAdaFactor(enable_first_moment=True)))
show("repr global norm", lambda: repr(ops.FusedAdaFactorWithGlobalNorm(True)))
show("bad flag", lambda: ops.FusedAdaFactor(enable_weight_decay=1))
show("grad shape", lambda: step(ops.FusedAdaFactor(), (2, 3), vector_grad))
