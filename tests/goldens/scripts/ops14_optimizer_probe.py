"""The optimizer Primitives ApplyAdaMax, ApplyAdadelta, ApplyAdagrad, ApplyAdagradV2,
SparseApplyAdagrad, SparseApplyAdagradV2, ApplyAddSign, ApplyPowerSign, ApplyGradientDescent and
ApplyProximalGradientDescent: their outputs, the Parameters they write, their reprs and errors,
as MindSpore 2.10 (CPU) gives them (repeated indices of the sparse ones are left out: MindSpore
leaves their result undefined). Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops14_optimizer_probe.py \
        | grep -- " -> " > tests/goldens/ops/ops14_optimizer_probe.out
"""
import numpy as np
from mindspore import Parameter, Tensor, ops
from mindspore.common import dtype as mstype
from mindspore.ops import operations as P


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 5).tolist()}"


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


def params(*arrays, dtype=np.float32):
    return [Parameter(Tensor(np.array(a, dtype)), name=f"p{i}") for i, a in enumerate(arrays)]


def stepped(prim, n_params, arrays, *rest, dtype=np.float32):
    """prim(*Parameters, *rest); the outputs, then the Parameters after the step."""
    ps = params(*arrays, dtype=dtype)
    out = prim(*ps, *rest)
    return (out if isinstance(out, tuple) else (out,)) + tuple(ps)


W = [[0.6, 0.4], [0.1, -0.5]]
M = [[0.6, -0.5], [0.2, 0.6]]
V = [[0.9, 0.1], [0.7, 0.8]]
G = Tensor(np.array([[0.3, -0.7], [0.1, 0.8]], np.float32))
f32 = lambda v: Tensor(v, mstype.float32)  # noqa: E731

print("reprs ->", [repr(c()) for c in (P.ApplyAdaMax, P.ApplyAdadelta, P.ApplyAdagrad,
                                       P.ApplyAddSign, P.ApplyPowerSign, P.ApplyGradientDescent,
                                       P.ApplyProximalGradientDescent)])
print("reprs with arguments ->", [repr(P.ApplyAdagradV2(1e-6)), repr(P.SparseApplyAdagrad(0.1)),
                                  repr(P.SparseApplyAdagradV2(0.1, 1e-6))])
show("adamax", lambda: stepped(P.ApplyAdaMax(), 3, (W, M, V), f32(0.9), f32(0.01), f32(0.9),
                               f32(0.99), f32(1e-10), G))
show("adamax numbers", lambda: stepped(P.ApplyAdaMax(), 3, (W, M, V), 0.9, 0.01, 0.9, 0.99,
                                       1e-10, G))
show("adamax float16", lambda: stepped(P.ApplyAdaMax(), 3, (W, M, V), f32(0.9), f32(0.01),
                                       f32(0.9), f32(0.99), f32(1e-10),
                                       Tensor(G.asnumpy().astype(np.float16)), dtype=np.float16))
show("adamax grad shape", lambda: stepped(P.ApplyAdaMax(), 3, (W, M, V), f32(0.9), f32(0.01),
                                          f32(0.9), f32(0.99), f32(1e-10), f32([1.0, 2.0])))
show("adamax lr rank", lambda: stepped(P.ApplyAdaMax(), 3, (W, M, V), f32(0.9), f32([0.01, 0.1]),
                                       f32(0.9), f32(0.99), f32(1e-10), G))
show("adadelta", lambda: stepped(P.ApplyAdadelta(), 3, (W, V, M), f32(0.001), f32(0.95),
                                 f32(1e-6), G))
show("adadelta numbers", lambda: stepped(P.ApplyAdadelta(), 3, (W, V, M), 0.1, 0.9, 1e-6, G))
show("adadelta int grad", lambda: stepped(P.ApplyAdadelta(), 3, (W, V, M), f32(0.001), f32(0.95),
                                          f32(1e-6), Tensor(np.ones((2, 2), np.int32))))
show("adagrad", lambda: stepped(P.ApplyAdagrad(), 2, (W, V), f32(0.01), G))
show("adagrad no slots", lambda: stepped(P.ApplyAdagrad(update_slots=False), 2, (W, V), f32(0.01),
                                         G))
show("adagrad v2", lambda: stepped(P.ApplyAdagradV2(1e-6), 2, (W, V), f32(0.01), G))
show("adagrad v2 no slots", lambda: stepped(P.ApplyAdagradV2(0.1, update_slots=False), 2, (W, V),
                                            0.01, G))
show("adagrad v2 epsilon int", lambda: P.ApplyAdagradV2(1))
show("adagrad update_slots int", lambda: P.ApplyAdagrad(update_slots=1))
ROWS = [[0.2, 0.1], [0.4, 0.5], [0.3, 0.9]]
ACC = [[0.1, 0.2], [0.2, 0.4], [0.5, 0.6]]
GR = Tensor(np.array([[0.5, -0.2], [0.3, 0.5]], np.float32))
show("sparse adagrad", lambda: stepped(P.SparseApplyAdagrad(0.5), 2, (ROWS, ACC), GR,
                                       Tensor([2, 0], mstype.int32)))
show("sparse adagrad no slots", lambda: stepped(P.SparseApplyAdagrad(0.5, update_slots=False), 2,
                                                (ROWS, ACC), GR, Tensor([2, 0], mstype.int32)))
show("sparse adagrad v2", lambda: stepped(P.SparseApplyAdagradV2(0.5, 1e-3), 2, (ROWS, ACC), GR,
                                          Tensor([1, 0], mstype.int64)))
show("sparse adagrad v2 float64", lambda: stepped(P.SparseApplyAdagradV2(0.5, 1e-3), 2,
                                                  (ROWS, ACC),
                                                  Tensor(GR.asnumpy().astype(np.float64)),
                                                  Tensor([1, 0], mstype.int32),
                                                  dtype=np.float64))
show("sparse adagrad v2 float indices", lambda: stepped(P.SparseApplyAdagradV2(0.5, 1e-3), 2,
                                                        (ROWS, ACC), GR,
                                                        Tensor([1., 0.], mstype.float32)))
show("sparse adagrad v2 indices count", lambda: stepped(P.SparseApplyAdagradV2(0.5, 1e-3), 2,
                                                        (ROWS, ACC), GR,
                                                        Tensor([1, 0, 2], mstype.int32)))
show("sparse adagrad lr int", lambda: P.SparseApplyAdagrad(1))
show("addsign", lambda: stepped(P.ApplyAddSign(), 2, (W, M), f32(0.01), f32(1.0), f32(0.5),
                                f32(0.9), G))
show("addsign numbers", lambda: stepped(P.ApplyAddSign(), 2, (W, M), 0.01, 1.0, 0.5, 0.9, G))
show("powersign", lambda: stepped(P.ApplyPowerSign(), 2, (W, M), f32(0.01), f32(np.e), f32(0.5),
                                  f32(0.9), G))
show("gradient descent", lambda: stepped(P.ApplyGradientDescent(), 1, (W,), f32(0.1), G))
show("gradient descent number", lambda: stepped(P.ApplyGradientDescent(), 1, (W,), 0.1, G))
show("proximal gradient descent", lambda: stepped(P.ApplyProximalGradientDescent(), 1, (W,),
                                                  f32(0.1), f32(0.5), f32(0.2), G))
show("proximal gradient descent no l1", lambda: stepped(P.ApplyProximalGradientDescent(), 1, (W,),
                                                        0.1, 0.0, 0.2, G))
