"""MindSpore 2.10's names of mindspore.ops that msjax lacked and its CPU build runs: AffineGrid,
MatrixSolveLs, NonMaxSuppressionWithOverlaps, and the functions coalesce, col2im, diff_ext,
isnan_ext and float_power_ext: values, dtypes, shapes, reprs and the errors of bad input.
Golden: tests/goldens/ops/miss17_more_ops_probe.out (tests/ops/test_miss17_more_ops.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor

rng = np.random.default_rng(0)


def f(*shape, dtype=np.float32):
    return Tensor(rng.standard_normal(shape).astype(dtype))


def fmt(t):
    a = t.asnumpy()
    if np.iscomplexobj(a):
        values = [[round(float(v.real), 5), round(float(v.imag), 5)] for v in a.ravel()]
    else:
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


theta = f(2, 2, 3)
show("AffineGrid", lambda: ops.AffineGrid()(theta, (2, 1, 2, 3)))
show("AffineGrid align", lambda: ops.AffineGrid(align_corners=True)(theta, (2, 1, 2, 3)))
show("AffineGrid 3d", lambda: ops.AffineGrid()(f(1, 3, 4), (1, 1, 2, 2, 2)))
show("AffineGrid float16", lambda: ops.AffineGrid()(f(1, 2, 3, dtype=np.float16), (1, 1, 2, 2)))
show("AffineGrid int", lambda: ops.AffineGrid()(Tensor(np.ones((1, 2, 3), np.int32)), (1, 1, 2, 2)))
show("AffineGrid theta shape", lambda: ops.AffineGrid()(f(1, 3, 3), (1, 1, 2, 2)))
show("AffineGrid size 3", lambda: ops.AffineGrid()(theta, (2, 1, 2)))
show("AffineGrid batch", lambda: ops.AffineGrid()(theta, (3, 1, 2, 3)))
show("AffineGrid align int", lambda: ops.AffineGrid(align_corners=1))
rep("AffineGrid repr", lambda: ops.AffineGrid(True))

a = f(4, 2)
b = f(4, 3)
show("MatrixSolveLs", lambda: ops.MatrixSolveLs()(a, b, Tensor(0.0, ms.float64)))
show("MatrixSolveLs l2", lambda: ops.MatrixSolveLs()(a, b, Tensor(0.5, ms.float64)))
show("MatrixSolveLs batch", lambda: ops.MatrixSolveLs()(f(2, 3, 2), f(2, 3, 1), Tensor(0.1, ms.float64)))
show("MatrixSolveLs wide", lambda: ops.MatrixSolveLs()(f(2, 3), f(2, 1), Tensor(0.0, ms.float64)))
show("MatrixSolveLs float64", lambda: ops.MatrixSolveLs()(f(3, 2, dtype=np.float64), f(3, 1, dtype=np.float64), Tensor(0.0, ms.float64)))
show("MatrixSolveLs complex", lambda: ops.MatrixSolveLs()(
    Tensor(np.array([[1 + 1j, 2], [0, 1j], [1, 1]], np.complex64)),
    Tensor(np.array([[1], [2j], [0]], np.complex64)), Tensor(0.0, ms.float64)))
show("MatrixSolveLs slow", lambda: ops.MatrixSolveLs(fast=False)(a, b, Tensor(0.0, ms.float64)))
show("MatrixSolveLs l2 float32", lambda: ops.MatrixSolveLs()(a, b, Tensor(0.0, ms.float32)))
show("MatrixSolveLs mixed", lambda: ops.MatrixSolveLs()(a, f(4, 3, dtype=np.float64), Tensor(0.0, ms.float64)))
show("MatrixSolveLs int", lambda: ops.MatrixSolveLs()(Tensor(np.ones((3, 2), np.int32)), Tensor(np.ones((3, 1), np.int32)), Tensor(0.0, ms.float64)))
show("MatrixSolveLs rows", lambda: ops.MatrixSolveLs()(a, f(3, 3), Tensor(0.0, ms.float64)))
show("MatrixSolveLs 1d", lambda: ops.MatrixSolveLs()(f(4), b, Tensor(0.0, ms.float64)))
show("MatrixSolveLs l2 1d", lambda: ops.MatrixSolveLs()(a, b, Tensor(np.array([0.0]), ms.float64)))
show("MatrixSolveLs fast int", lambda: ops.MatrixSolveLs(fast=1))
rep("MatrixSolveLs repr", lambda: ops.MatrixSolveLs(False))

overlaps = Tensor(np.array([[1.0, 0.7, 0.1, 0.6], [0.7, 1.0, 0.2, 0.3], [0.1, 0.2, 1.0, 0.8],
                            [0.6, 0.3, 0.8, 1.0]], np.float32))
scores = Tensor(np.array([0.9, 0.8, 0.3, 0.6], np.float32))
nms = ops.NonMaxSuppressionWithOverlaps()
show("NMSWO", lambda: nms(overlaps, scores, Tensor(4, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))
show("NMSWO max 1", lambda: nms(overlaps, scores, Tensor(1, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))
show("NMSWO score", lambda: nms(overlaps, scores, Tensor(4, ms.int32), Tensor(0.9, ms.float32), Tensor(0.5, ms.float32)))
show("NMSWO overlap 0", lambda: nms(overlaps, scores, Tensor(4, ms.int32), Tensor(0.0, ms.float32), Tensor(0.0, ms.float32)))
show("NMSWO float16", lambda: nms(Tensor(overlaps.asnumpy().astype(np.float16)), Tensor(scores.asnumpy().astype(np.float16)), Tensor(4, ms.int32), Tensor(0.5, ms.float16), Tensor(0.0, ms.float16)))
show("NMSWO max int64", lambda: nms(overlaps, scores, Tensor(4, ms.int64), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))
show("NMSWO max negative", lambda: nms(overlaps, scores, Tensor(-1, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))
show("NMSWO overlaps 1d", lambda: nms(scores, scores, Tensor(4, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))
show("NMSWO not square", lambda: nms(Tensor(np.ones((4, 3), np.float32)), scores, Tensor(4, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))
show("NMSWO scores count", lambda: nms(overlaps, Tensor(np.ones(3, np.float32)), Tensor(4, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))
show("NMSWO int", lambda: nms(Tensor(np.ones((2, 2), np.int32)), Tensor(np.ones(2, np.int32)), Tensor(4, ms.int32), Tensor(0.5, ms.float32), Tensor(0.0, ms.float32)))

show("coalesce", lambda: ops.coalesce(Tensor(np.array([[0, 1, 0], [1, 0, 1]], np.int64)),
                                      Tensor(np.array([1.0, 2.0, 3.0], np.float32)),
                                      Tensor(np.array([2, 2], np.int64))))
show("coalesce int", lambda: ops.coalesce(Tensor(np.array([[0]], np.int64)),
                                          Tensor(np.array([1], np.int32)), Tensor(np.array([1], np.int64))))
show("col2im", lambda: ops.col2im(f(1, 2, 4, 6), Tensor(np.array([3, 4], np.int32)), 2, 1, 0, 1))
show("col2im pairs", lambda: ops.col2im(f(1, 1, 4, 6), Tensor(np.array([3, 5], np.int32)), (2, 2), (1, 1), (1, 1), (2, 2)))
show("col2im 3d", lambda: ops.col2im(f(1, 4, 4), Tensor(np.array([3, 3], np.int32)), 2, 1, 0, 1))
show("diff_ext", lambda: ops.diff_ext(Tensor(np.array([1, 3, 6, 10], np.float32))))
show("diff_ext n 2 dim 0", lambda: ops.diff_ext(Tensor(np.arange(12, dtype=np.int32).reshape(4, 3) ** 2), 2, 0))
show("diff_ext prepend append", lambda: ops.diff_ext(Tensor(np.array([1., 2, 4], np.float32)), 1, -1,
                                                     Tensor(np.array([0.], np.float32)),
                                                     Tensor(np.array([8., 9], np.float32))))
show("diff_ext bool", lambda: ops.diff_ext(Tensor(np.array([True, False, False]))))
show("diff_ext n 0", lambda: ops.diff_ext(Tensor(np.array([1., 2], np.float32)), 0))
show("diff_ext n big", lambda: ops.diff_ext(Tensor(np.array([1., 2], np.float32)), 5))
show("diff_ext float64", lambda: ops.diff_ext(Tensor(np.array([1., 2], np.float64))))
show("diff_ext int16", lambda: ops.diff_ext(Tensor(np.array([1, 2], np.int16))))
show("isnan_ext", lambda: ops.isnan_ext(Tensor(np.array([1.0, np.nan, np.inf], np.float32))))
show("isnan_ext int", lambda: ops.isnan_ext(Tensor(np.array([1, 2], np.int32))))
show("float_power_ext", lambda: ops.float_power_ext(Tensor(np.array([1.5, 2.0], np.float32)), 2))
show("float_power_ext tensors", lambda: ops.float_power_ext(Tensor(np.array([2, 3], np.int32)),
                                                            Tensor(np.array([0.5, -1.0], np.float32))))
show("float_power_ext scalar base", lambda: ops.float_power_ext(2, Tensor(np.array([1, 3], np.int32))))
show("float_power_ext complex", lambda: ops.float_power_ext(Tensor(np.array([1j], np.complex64)), 2))
