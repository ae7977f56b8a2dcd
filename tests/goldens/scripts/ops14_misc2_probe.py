"""ApplyCenteredRMSProp, _grad_ops.InvGrad and ConjugateTranspose as MindSpore 2.10 (CPU) computes
them (a negative perm of ConjugateTranspose, which MindSpore's kernel transposes without
conjugating, and InvGrad's inputs of different shapes, whose last rows MindSpore reads past dy's
end, are left out: docs/migration.md). Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops14_misc2_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops14_misc2_probe.out
"""
import numpy as np
from mindspore import Parameter, Tensor
from mindspore.common import dtype as mstype
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if not isinstance(value, Tensor):
        return repr(value)
    array = value.asnumpy()
    if np.iscomplexobj(array):
        return f"{value.dtype} {value.shape} {np.round(array, 4).tolist()}"
    return f"{value.dtype} {value.shape} {np.round(array.astype(np.float64), 4).tolist()}"


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


def stepped(prim, arrays, *rest):
    ps = [Parameter(Tensor(np.array(a, np.float32)), name=f"p{i}") for i, a in enumerate(arrays)]
    out = prim(*ps, *rest)
    return (out if isinstance(out, tuple) else (out,)) + tuple(ps)


W = [[0.6, 0.4], [0.1, -0.5]]
MG = [[0.1, -0.2], [0.0, 0.3]]
MS = [[0.9, 0.1], [0.7, 0.8]]
MOM = [[0.2, 0.1], [-0.3, 0.6]]
G_ = Tensor(np.array([[0.3, -0.7], [0.1, 0.8]], np.float32))
f32 = lambda v: Tensor(v, mstype.float32)  # noqa: E731
print("reprs ->", [repr(P.ApplyCenteredRMSProp()), repr(G.InvGrad()), repr(P.ConjugateTranspose())])
show("centered rmsprop", lambda: stepped(P.ApplyCenteredRMSProp(), (W, MG, MS, MOM), G_,
                                         f32(0.01), f32(0.9), f32(0.5), f32(1e-6)))
show("centered rmsprop numbers", lambda: stepped(P.ApplyCenteredRMSProp(), (W, MG, MS, MOM), G_,
                                                 0.5, 0.8, 0.9, 1e-3))
show("centered rmsprop grad shape", lambda: stepped(P.ApplyCenteredRMSProp(), (W, MG, MS, MOM),
                                                    f32([1.0, 2.0]), 0.5, 0.8, 0.9, 1e-3))
y = np.array([[-1, 1, 12], [5, 34, 6], [10, 2, -1]])
dy = np.array([[29, 1, 55], [2.2, 63, 2], [3, 3, 12]])
for dtype in (np.float16, np.float32, np.float64, np.complex64):
    show(f"InvGrad {dtype.__name__}", lambda: G.InvGrad()(Tensor(y.astype(dtype)),
                                                          Tensor(dy.astype(dtype))))
show("InvGrad int32", lambda: G.InvGrad()(Tensor(y.astype(np.int32)), Tensor(dy.astype(np.int32))))
c = Tensor(np.array([[1 + 2j, 3 - 1j, 0.5j], [2, -1j, 4 + 4j]], np.complex64))
show("ConjugateTranspose complex", lambda: P.ConjugateTranspose()(c, (1, 0)))
show("ConjugateTranspose float", lambda: P.ConjugateTranspose()(
    Tensor(np.arange(6).reshape(1, 2, 3), mstype.float32), (2, 0, 1)))
show("ConjugateTranspose bad perm", lambda: P.ConjugateTranspose()(c, (0, 0)))
show("ConjugateTranspose perm length", lambda: P.ConjugateTranspose()(c, (0,)))
