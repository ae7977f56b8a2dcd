"""The fused sparse optimizer Primitives FusedSparseFtrl, FusedSparseProximalAdagrad,
FusedSparseAdam and FusedSparseLazyAdam: their outputs, the Parameters they write, their reprs and
errors, as MindSpore 2.10 (CPU) gives them. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops14_fused_sparse_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops14_fused_sparse_probe.out
"""
import numpy as np
from mindspore import Parameter, Tensor
from mindspore.common import dtype as mstype
from mindspore.ops import operations as P


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 4).tolist()}"


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


def stepped(prim, arrays, *rest):
    """prim(*Parameters, *rest); its first output (the new var; the others are zeros or, for
    FusedSparseLazyAdam, leftovers its documentation calls useless), then the Parameters."""
    ps = [Parameter(Tensor(np.array(a, np.float32)), name=f"p{i}") for i, a in enumerate(arrays)]
    out = prim(*ps, *rest)
    return (out[0],) + tuple(ps)


ROWS = [[0.2, 0.1], [0.4, 0.5], [0.3, 0.9]]
ACC = [[0.1, 0.2], [0.2, 0.4], [0.5, 0.6]]
LIN = [[0.3, -0.1], [0.3, 0.6], [-0.2, 0.1]]
GR = Tensor(np.array([[0.5, -0.2], [0.3, 0.5]], np.float32))
IDX = Tensor([2, 0], mstype.int32)
f32 = lambda v: Tensor(v, mstype.float32)  # noqa: E731

print("reprs ->", [repr(P.FusedSparseFtrl(0.1, 0.0, 0.0, -0.5)), repr(P.FusedSparseProximalAdagrad()),
                   repr(P.FusedSparseAdam()), repr(P.FusedSparseLazyAdam())])
show("ftrl", lambda: stepped(P.FusedSparseFtrl(0.1, 0.05, 0.01, -0.5), (ROWS, ACC, LIN), GR, IDX))
show("ftrl float indices", lambda: stepped(P.FusedSparseFtrl(0.1, 0.05, 0.01, -0.5),
                                           (ROWS, ACC, LIN), GR, f32([2, 0])))
show("ftrl accum shape", lambda: stepped(P.FusedSparseFtrl(0.1, 0.05, 0.01, -0.5),
                                         (ROWS, ACC[:2], LIN), GR, IDX))
show("ftrl indices count", lambda: stepped(P.FusedSparseFtrl(0.1, 0.05, 0.01, -0.5),
                                           (ROWS, ACC, LIN), GR, Tensor([2, 0, 1], mstype.int32)))
show("ftrl lr int", lambda: P.FusedSparseFtrl(1, 0.0, 0.0, -0.5))
show("proximal adagrad", lambda: stepped(P.FusedSparseProximalAdagrad(), (ROWS, ACC), f32(0.1),
                                         f32(0.05), f32(0.2), GR, IDX))
show("proximal adagrad float indices", lambda: stepped(P.FusedSparseProximalAdagrad(), (ROWS, ACC),
                                                       f32(0.1), f32(0.05), f32(0.2), GR,
                                                       f32([2, 0])))
show("proximal adagrad numbers", lambda: stepped(P.FusedSparseProximalAdagrad(), (ROWS, ACC), 0.1,
                                                 0.0, 0.0, GR, IDX))
ADAM_REST = (f32(0.9), f32(0.999), f32(0.01), f32(0.9), f32(0.999), f32(1e-8))
show("adam", lambda: stepped(P.FusedSparseAdam(), (ROWS, ACC, LIN), *ADAM_REST, GR, IDX))
show("adam nesterov", lambda: stepped(P.FusedSparseAdam(use_nesterov=True), (ROWS, ACC, LIN),
                                      *ADAM_REST, GR, IDX))
show("lazy adam", lambda: stepped(P.FusedSparseLazyAdam(), (ROWS, ACC, LIN), *ADAM_REST, GR, IDX))
show("lazy adam nesterov", lambda: stepped(P.FusedSparseLazyAdam(use_nesterov=True),
                                           (ROWS, ACC, LIN), *ADAM_REST, GR, IDX))
show("adam float indices", lambda: stepped(P.FusedSparseAdam(), (ROWS, ACC, LIN), *ADAM_REST, GR,
                                           f32([2, 0])))
show("adam m shape", lambda: stepped(P.FusedSparseAdam(), (ROWS, ACC[:2], LIN), *ADAM_REST, GR,
                                     IDX))
show("adam indices count", lambda: stepped(P.FusedSparseAdam(), (ROWS, ACC, LIN), *ADAM_REST, GR,
                                           Tensor([2, 0, 1], mstype.int32)))
show("ftrl grad list", lambda: stepped(P.FusedSparseFtrl(0.1, 0.05, 0.01, -0.5), (ROWS, ACC, LIN),
                                       [GR, GR], IDX))
show("ftrl indices list", lambda: stepped(P.FusedSparseFtrl(0.1, 0.05, 0.01, -0.5),
                                          (ROWS, ACC, LIN), GR, [IDX, IDX]))
show("ftrl grad scalar", lambda: stepped(P.FusedSparseFtrl(0.1, 0.05, 0.01, -0.5),
                                         (ROWS, ACC, LIN), f32(3.0), IDX))
show("proximal adagrad grad list", lambda: stepped(P.FusedSparseProximalAdagrad(), (ROWS, ACC),
                                                   0.1, 0.0, 0.0, [GR, GR], IDX))
show("proximal adagrad indices list", lambda: stepped(P.FusedSparseProximalAdagrad(), (ROWS, ACC),
                                                      0.1, 0.0, 0.0, GR, [IDX, IDX]))
show("proximal adagrad grad scalar", lambda: stepped(P.FusedSparseProximalAdagrad(), (ROWS, ACC),
                                                     0.1, 0.0, 0.0, f32(3.0), IDX))
show("adam grad list", lambda: stepped(P.FusedSparseAdam(), (ROWS, ACC, LIN), *ADAM_REST, [GR, GR],
                                       IDX))
show("adam indices list", lambda: stepped(P.FusedSparseAdam(), (ROWS, ACC, LIN), *ADAM_REST, GR,
                                          [IDX, IDX]))
show("lazy adam grad list", lambda: stepped(P.FusedSparseLazyAdam(), (ROWS, ACC, LIN), *ADAM_REST,
                                            [GR, GR], IDX))
show("lazy adam indices list", lambda: stepped(P.FusedSparseLazyAdam(), (ROWS, ACC, LIN),
                                               *ADAM_REST, GR, [IDX, IDX]))
show("adam grad scalar", lambda: stepped(P.FusedSparseAdam(), (ROWS, ACC, LIN), *ADAM_REST,
                                         f32(3.0), IDX))
