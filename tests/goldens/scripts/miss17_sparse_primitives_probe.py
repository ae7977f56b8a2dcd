"""MindSpore 2.10's SGD, RaggedRange, EditDistance, SparseSlice, Coalesce and
CombinedNonMaxSuppression Primitives: values (and SGD's Parameter updates), dtypes, shapes, reprs
and the errors of bad input.
Golden: tests/goldens/ops/miss17_sparse_primitives_probe.out
(tests/ops/test_miss17_sparse_primitives.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor


def fmt(t):
    a = t.asnumpy()
    values = np.round(a.astype(np.float64), 5).ravel().tolist()
    return f"{t.dtype} {tuple(t.shape)} {values}"


def show(label, fn):
    try:
        r = fn()
        r = r if isinstance(r, (tuple, list)) else (r,)
        print(label, "->", "OK", " | ".join(fmt(t) for t in r))
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


def rep(label, fn):
    try:
        print(label, "->", "REPR", repr(fn()))
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


def T(values, dtype):
    return Tensor(np.array(values, dtype))


# SGD
def sgd_case(label, prim, grad=(0.1, -0.2), lr=0.1, momentum=0.9, stat=(1.0, 1.0), steps=2,
             dtype=np.float32):
    p = ms.Parameter(T([1.0, 2.0], dtype), name="p")
    acc = ms.Parameter(T([0.5, 0.5], dtype), name="a")
    st = ms.Parameter(T(stat, dtype), name="s")
    for step in range(steps):
        show(f"{label} step {step}", lambda: prim(p, T(grad, dtype), Tensor(lr, ms.float32)
                                                  if dtype == np.float32 else T(lr, dtype),
                                                  acc, Tensor(momentum, ms.float32)
                                                  if dtype == np.float32 else T(momentum, dtype),
                                                  st))
        show(f"{label} step {step} state", lambda: (p, acc, st))


sgd_case("SGD default", ops.SGD())
sgd_case("SGD dampening decay", ops.SGD(dampening=0.1, weight_decay=0.01))
sgd_case("SGD nesterov", ops.SGD(weight_decay=0.02, nesterov=True))
sgd_case("SGD stat 0", ops.SGD(dampening=0.5), stat=(0.0, 0.0))
sgd_case("SGD no momentum", ops.SGD(), momentum=0.0, steps=1)
sgd_case("SGD float16", ops.SGD(), dtype=np.float16, steps=1)
show("SGD nesterov dampening", lambda: ops.SGD(dampening=0.1, nesterov=True))
rep("SGD dampening int", lambda: ops.SGD(dampening=1))
show("SGD nesterov int", lambda: ops.SGD(nesterov=1))
show("SGD int params", lambda: ops.SGD()(ms.Parameter(T([1, 2], np.int32), name="q"),
                                         T([1, 2], np.int32), T(1, np.int32),
                                         ms.Parameter(T([1, 2], np.int32), name="r"),
                                         T(1, np.int32), ms.Parameter(T([1, 2], np.int32), name="t")))
rep("SGD repr", lambda: ops.SGD(0.0, 0.1, True))

# RaggedRange
show("RaggedRange int32", lambda: ops.RaggedRange(Tsplits=ms.int32)(
    T([0, 5, 2], np.int32), T([3, 8, 2], np.int32), T([1, 2, 1], np.int32)))
show("RaggedRange float", lambda: ops.RaggedRange(Tsplits=ms.int64)(
    T([0.0, 5.0], np.float32), T([3.0, 1.0], np.float32), T([0.5, -2.0], np.float32)))
show("RaggedRange scalars", lambda: ops.RaggedRange(Tsplits=ms.int64)(
    T(2, np.int64), T(9, np.int64), T(3, np.int64)))
show("RaggedRange broadcast", lambda: ops.RaggedRange(Tsplits=ms.int64)(
    T(2, np.int64), T([3, 8], np.int64), T(1, np.int64)))
show("RaggedRange negative delta", lambda: ops.RaggedRange(Tsplits=ms.int32)(
    T([5, 0], np.int32), T([0, 5], np.int32), T([-2, -1], np.int32)))
show("RaggedRange float64", lambda: ops.RaggedRange(Tsplits=ms.int32)(
    T([0.0], np.float64), T([1.0], np.float64), T([0.3], np.float64)))
show("RaggedRange delta 0", lambda: ops.RaggedRange(Tsplits=ms.int32)(
    T([0], np.int32), T([3], np.int32), T([0], np.int32)))
show("RaggedRange dtype mismatch", lambda: ops.RaggedRange(Tsplits=ms.int32)(
    T([0], np.int32), T([3], np.int64), T([1], np.int32)))
show("RaggedRange bool", lambda: ops.RaggedRange(Tsplits=ms.int32)(
    T([False], np.bool_), T([True], np.bool_), T([True], np.bool_)))
show("RaggedRange 2d", lambda: ops.RaggedRange(Tsplits=ms.int32)(
    T([[0]], np.int32), T([[3]], np.int32), T([[1]], np.int32)))
show("RaggedRange Tsplits float", lambda: ops.RaggedRange(Tsplits=ms.float32))
rep("RaggedRange repr", lambda: ops.RaggedRange(Tsplits=ms.int64))

# EditDistance
hyp_i = T([[0, 0, 0], [0, 0, 1], [1, 0, 0], [1, 1, 0], [1, 1, 1]], np.int64)
hyp_v = T([1, 2, 3, 4, 5], np.float32)
hyp_s = T([2, 2, 3], np.int64)
tru_i = T([[0, 0, 0], [0, 0, 1], [0, 0, 2], [1, 0, 0], [1, 1, 0]], np.int64)
tru_v = T([1, 3, 2, 3, 9], np.float32)
tru_s = T([2, 2, 3], np.int64)
show("EditDistance", lambda: ops.EditDistance()(hyp_i, hyp_v, hyp_s, tru_i, tru_v, tru_s))
show("EditDistance raw", lambda: ops.EditDistance(normalize=False)(
    hyp_i, hyp_v, hyp_s, tru_i, tru_v, tru_s))
show("EditDistance int values", lambda: ops.EditDistance()(
    hyp_i, T([1, 2, 3, 4, 5], np.int32), hyp_s, tru_i, T([1, 3, 2, 3, 9], np.int32), tru_s))
show("EditDistance bigger truth", lambda: ops.EditDistance(False)(
    T([[0, 0]], np.int64), T([1], np.float32), T([1, 2], np.int64),
    T([[0, 0], [1, 0], [1, 1]], np.int64), T([1, 2, 3], np.float32), T([3, 2], np.int64)))
show("EditDistance empty truth", lambda: ops.EditDistance()(
    T([[0, 0]], np.int64), T([1], np.float32), T([2, 2], np.int64),
    T([[1, 0]], np.int64), T([1], np.float32), T([2, 2], np.int64)))
show("EditDistance values mismatch", lambda: ops.EditDistance()(
    hyp_i, hyp_v, hyp_s, tru_i, T([1, 3, 2, 3, 9], np.float64), tru_s))
show("EditDistance indices int32", lambda: ops.EditDistance()(
    T([[0, 0, 0]], np.int32), T([1], np.float32), hyp_s, tru_i, tru_v, tru_s))
show("EditDistance rank mismatch", lambda: ops.EditDistance()(
    hyp_i, hyp_v, hyp_s, T([[0, 0]], np.int64), T([1], np.float32), T([2, 2], np.int64)))
show("EditDistance normalize int", lambda: ops.EditDistance(normalize=1))
rep("EditDistance repr", lambda: ops.EditDistance(False))

# SparseSlice
sp_i = T([[0, 1], [1, 2], [2, 3], [1, 0]], np.int64)
sp_v = T([1.0, 2.0, 3.0, 4.0], np.float32)
sp_s = T([3, 4], np.int64)
show("SparseSlice", lambda: ops.SparseSlice()(sp_i, sp_v, sp_s, T([1, 0], np.int64),
                                              T([2, 3], np.int64)))
show("SparseSlice beyond", lambda: ops.SparseSlice()(sp_i, sp_v, sp_s, T([1, 1], np.int64),
                                                     T([5, 5], np.int64)))
show("SparseSlice empty", lambda: ops.SparseSlice()(sp_i, sp_v, sp_s, T([0, 0], np.int64),
                                                    T([1, 1], np.int64)))
show("SparseSlice int values", lambda: ops.SparseSlice()(sp_i, T([1, 2, 3, 4], np.int32), sp_s,
                                                         T([0, 0], np.int64), T([3, 4], np.int64)))
show("SparseSlice start rank", lambda: ops.SparseSlice()(sp_i, sp_v, sp_s, T([0], np.int64),
                                                         T([1, 1], np.int64)))
show("SparseSlice values count", lambda: ops.SparseSlice()(sp_i, T([1.0], np.float32), sp_s,
                                                           T([0, 0], np.int64), T([1, 1], np.int64)))

# Coalesce
show("Coalesce", lambda: ops.Coalesce()(T([[0, 1, 0, 1], [1, 0, 1, 1]], np.int64),
                                        T([1.0, 2.0, 3.0, 4.0], np.float32), T([2, 2], np.int64)))
show("Coalesce float16", lambda: ops.Coalesce()(T([[0, 0]], np.int64), T([1.0, 2.0], np.float16),
                                                T([1], np.int64)))
show("Coalesce float64", lambda: ops.Coalesce()(T([[0, 0]], np.int64), T([1.0, 2.0], np.float64),
                                                T([1], np.int64)))
show("Coalesce int", lambda: ops.Coalesce()(T([[0, 0]], np.int64), T([1, 2], np.int32),
                                            T([1], np.int64)))
show("Coalesce indices int32", lambda: ops.Coalesce()(T([[0, 0]], np.int32),
                                                      T([1.0, 2.0], np.float32), T([1], np.int64)))
show("Coalesce out of range", lambda: ops.Coalesce()(T([[0, 3]], np.int64),
                                                     T([1.0, 2.0], np.float32), T([2], np.int64)))
show("Coalesce count mismatch", lambda: ops.Coalesce()(T([[0, 1]], np.int64),
                                                       T([1.0], np.float32), T([2], np.int64)))
show("Coalesce shape mismatch", lambda: ops.Coalesce()(T([[0, 1]], np.int64),
                                                       T([1.0, 2.0], np.float32), T([2, 2], np.int64)))

# CombinedNonMaxSuppression
boxes = T([[[[0, 0, 1, 1]], [[0, 0.1, 1, 1.1]], [[0, 2, 1, 3]], [[0.5, 0.5, 1.5, 1.5]]],
           [[[0, 0, 2, 2]], [[1, 1, 3, 3]], [[-1, -1, 0.5, 0.5]], [[0, 0, 2, 2.1]]]], np.float32)
scores = T([[[0.9, 0.1], [0.8, 0.7], [0.3, 0.6], [0.05, 0.2]],
            [[0.2, 0.9], [0.4, 0.5], [0.7, 0.1], [0.3, 0.85]]], np.float32)


def cnms(label, prim, per_class=2, total=3, iou=0.5, score=0.0, b=boxes, s=scores):
    show(label, lambda: prim(b, s, Tensor(per_class, ms.int32), Tensor(total, ms.int32),
                             Tensor(iou, ms.float32), Tensor(score, ms.float32)))


cnms("CNMS", ops.CombinedNonMaxSuppression())
cnms("CNMS pad per class", ops.CombinedNonMaxSuppression(pad_per_class=True), total=10)
cnms("CNMS no clip", ops.CombinedNonMaxSuppression(clip_boxes=False), total=6)
cnms("CNMS score threshold", ops.CombinedNonMaxSuppression(), score=0.35, total=5)
cnms("CNMS iou 0", ops.CombinedNonMaxSuppression(), iou=0.0, total=5, per_class=4)
cnms("CNMS iou 1", ops.CombinedNonMaxSuppression(), iou=1.0, total=8, per_class=4)
cnms("CNMS per class boxes", ops.CombinedNonMaxSuppression(), b=T(np.tile(
    np.array([[[0, 0, 1, 1], [0, 0, 0.5, 0.5]]], np.float32), (1, 3, 1, 1)), np.float32),
     s=T([[[0.5, 0.4], [0.6, 0.3], [0.1, 0.9]]], np.float32), total=4)
cnms("CNMS iou 1.5", ops.CombinedNonMaxSuppression(), iou=1.5)
cnms("CNMS per class 0", ops.CombinedNonMaxSuppression(), per_class=0)
cnms("CNMS boxes rank", ops.CombinedNonMaxSuppression(), b=T(np.zeros((2, 4, 4)), np.float32))
cnms("CNMS boxes q", ops.CombinedNonMaxSuppression(), b=T(np.zeros((2, 4, 3, 4)), np.float32))
cnms("CNMS boxes last", ops.CombinedNonMaxSuppression(), b=T(np.zeros((2, 4, 1, 3)), np.float32))
cnms("CNMS scores float16", ops.CombinedNonMaxSuppression(),
     s=T(np.zeros((2, 4, 2)), np.float16))
show("CNMS pad int", lambda: ops.CombinedNonMaxSuppression(pad_per_class=1))
rep("CNMS repr", lambda: ops.CombinedNonMaxSuppression(True, False))
