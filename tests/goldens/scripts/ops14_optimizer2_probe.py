"""The optimizer Primitives ApplyFtrl, ApplyProximalAdagrad and SparseApplyRMSProp, and
ApplyAdagrad on float64 Parameters (computed in float32): their outputs, the Parameters they write, their reprs and errors, as
MindSpore 2.10 (CPU) gives them (a float16 ApplyFtrl is left out: MindSpore computes it in float16
and its last bits differ from msjax's float32 computation, docs/migration.md). Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops14_optimizer2_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops14_optimizer2_probe.out
"""
import numpy as np
from mindspore import Parameter, Tensor
from mindspore.common import dtype as mstype
from mindspore.ops import operations as P


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 4 if value.dtype != mstype.float64 else 8).tolist()}"


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


def stepped(prim, arrays, *rest, dtype=np.float32):
    """prim(*Parameters, *rest); the outputs, then the Parameters after the step."""
    ps = [Parameter(Tensor(np.array(a, dtype)), name=f"p{i}") for i, a in enumerate(arrays)]
    out = prim(*ps, *rest)
    return (out if isinstance(out, tuple) else (out,)) + tuple(ps)


W = [[0.6, 0.4], [0.1, -0.5]]
A = [[0.9, 0.1], [0.7, 0.8]]
L = [[0.2, -0.3], [0.05, 0.6]]
G = Tensor(np.array([[0.3, -0.7], [0.1, 0.8]], np.float32))
f32 = lambda v: Tensor(v, mstype.float32)  # noqa: E731

print("reprs ->", [repr(P.ApplyFtrl()), repr(P.ApplyProximalAdagrad()),
                   repr(P.SparseApplyRMSProp(0.9, 0.5, 1e-6))])
show("ftrl", lambda: stepped(P.ApplyFtrl(), (W, A, L), G, f32(0.1), f32(0.05), f32(0.01),
                             f32(-0.5)))
show("ftrl numbers", lambda: stepped(P.ApplyFtrl(), (W, A, L), G, 0.1, 0.0, 0.0, -0.5))
show("ftrl l1 large", lambda: stepped(P.ApplyFtrl(), (W, A, L), G, 0.1, 1.0, 0.0, -0.5))
show("ftrl grad shape", lambda: stepped(P.ApplyFtrl(), (W, A, L), f32([1.0, 2.0]), 0.1, 0.05,
                                        0.01, -0.5))
show("proximal adagrad", lambda: stepped(P.ApplyProximalAdagrad(), (W, A), f32(0.1), f32(0.05),
                                         f32(0.2), G))
show("proximal adagrad numbers", lambda: stepped(P.ApplyProximalAdagrad(), (W, A), 0.1, 0.0, 0.0,
                                                 G))
show("proximal adagrad l1 large", lambda: stepped(P.ApplyProximalAdagrad(), (W, A), 0.1, 5.0, 0.0,
                                                  G))
show("adagrad float64", lambda: stepped(P.ApplyAdagrad(), (W, A), f32(3.0),
                                       Tensor(np.array([[1, 2], [3, 4]], np.float64)),
                                       dtype=np.float64))
show("proximal adagrad grad shape", lambda: stepped(P.ApplyProximalAdagrad(), (W, A), 0.1, 0.0,
                                                    0.0, f32([1.0, 2.0])))
ROWS = [[0.2, 0.1], [0.4, 0.5], [0.3, 0.9]]
ACC = [[0.1, 0.2], [0.2, 0.4], [0.5, 0.6]]
MOM = [[0.3, 0.1], [0.3, 0.6], [0.2, 0.1]]
GR = Tensor(np.array([[0.5, -0.2], [0.3, 0.5], [-0.1, 0.4]], np.float32))  # (var's shape)
show("sparse rmsprop", lambda: stepped(P.SparseApplyRMSProp(0.9, 0.5, 1e-6), (ROWS, ACC, MOM),
                                       f32(0.01), GR, Tensor([2, 0, 1], mstype.int32)))
show("sparse rmsprop number lr", lambda: stepped(P.SparseApplyRMSProp(0.8, 0.0, 1e-3),
                                                 (ROWS, ACC, MOM), 0.1, GR,
                                                 Tensor([0, 2, 1], mstype.int64)))
show("sparse rmsprop float16", lambda: stepped(P.SparseApplyRMSProp(0.9, 0.5, 1e-6),
                                               (ROWS, ACC, MOM), Tensor(0.01, mstype.float16),
                                               Tensor(GR.asnumpy().astype(np.float16)),
                                               Tensor([2, 0, 1], mstype.int32), dtype=np.float16))
show("sparse rmsprop rho int", lambda: P.SparseApplyRMSProp(1, 0.5, 1e-6))
show("sparse rmsprop rho big", lambda: P.SparseApplyRMSProp(1.5, 0.5, 1e-6))
show("sparse rmsprop momentum negative", lambda: P.SparseApplyRMSProp(0.9, -0.5, 1e-6))
show("sparse rmsprop epsilon zero", lambda: P.SparseApplyRMSProp(0.9, 0.5, 0.0))
show("sparse rmsprop indices count", lambda: stepped(P.SparseApplyRMSProp(0.9, 0.5, 1e-6),
                                                     (ROWS, ACC, MOM), f32(0.01), GR,
                                                     Tensor([2, 0], mstype.int32)))
show("sparse rmsprop fewer grad rows", lambda: stepped(P.SparseApplyRMSProp(0.9, 0.5, 1e-6),
                                                       (ROWS, ACC, MOM), f32(0.01), GR[:2],
                                                       Tensor([2, 0], mstype.int32)))
show("sparse rmsprop float indices", lambda: stepped(P.SparseApplyRMSProp(0.9, 0.5, 1e-6),
                                                     (ROWS, ACC, MOM), f32(0.01), GR,
                                                     Tensor([2., 0., 1.], mstype.float32)))
show("sparse rmsprop float64", lambda: stepped(P.SparseApplyRMSProp(0.9, 0.5, 1e-6),
                                               (ROWS, ACC, MOM), Tensor(0.01, mstype.float64),
                                               Tensor(GR.asnumpy().astype(np.float64)),
                                               Tensor([2, 0, 1], mstype.int32), dtype=np.float64))
