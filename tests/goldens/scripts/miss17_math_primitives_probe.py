"""MindSpore 2.10's math/array Primitives that have no functional form in mindspore.ops (or a
different one): Histogram, UnravelIndex, NuclearNorm, DataFormatVecPermute, IdentityN,
ComplexAbs, NthElement, TridiagonalMatMul, LuSolve, Lstsq, MatrixLogarithm, CompareAndBitpack,
CheckNumerics, ScatterAddWithAxis: values, dtypes, shapes, reprs and the errors of bad input.
Golden: tests/goldens/ops/miss17_math_primitives_probe.out
(tests/ops/test_miss17_math_primitives.py)."""
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


# Histogram
h = Tensor(np.array([0., 1, 1, 2, 3, 5, -1, 2.5], np.float32))
show("Histogram 4 0 3", lambda: ops.Histogram(bins=4, min=0.0, max=3.0)(h))
show("Histogram default", lambda: ops.Histogram()(h))
show("Histogram min=max=0 bins 5", lambda: ops.Histogram(bins=5)(h))
show("Histogram float16", lambda: ops.Histogram(bins=3, min=0.0, max=3.0)(
    Tensor(np.array([0., 1, 2, 3], np.float16))))
show("Histogram int32", lambda: ops.Histogram(bins=3, min=0.0, max=3.0)(
    Tensor(np.array([0, 1, 2, 3], np.int32))))
show("Histogram float64", lambda: ops.Histogram(bins=2, min=0.0, max=1.0)(
    Tensor(np.array([0, 0.5, 0.7], np.float64))))
show("Histogram 2d", lambda: ops.Histogram(bins=2, min=0.0, max=1.0)(
    Tensor(np.array([[0, 0.5], [0.7, 1]], np.float32))))
show("Histogram bool", lambda: ops.Histogram(bins=2, min=0.0, max=1.0)(
    Tensor(np.array([True, False]))))
show("Histogram all equal", lambda: ops.Histogram(bins=3)(Tensor(np.array([2., 2, 2], np.float32))))
show("NthElement reverse n=1", lambda: ops.NthElement(reverse=True)(
    Tensor(np.array([3., 1, 2, 5], np.float32)), 1))
show("Histogram min>max", lambda: ops.Histogram(bins=2, min=2.0, max=1.0)(h))
show("Histogram bins 0", lambda: ops.Histogram(bins=0)(h))
show("Histogram bins float", lambda: ops.Histogram(bins=2.0)(h))
show("Histogram min int", lambda: ops.Histogram(bins=2, min=0, max=1.0)(h))
rep("Histogram repr", lambda: ops.Histogram(bins=4, min=0.0, max=3.0))

# UnravelIndex
show("UnravelIndex int32", lambda: ops.UnravelIndex()(Tensor(np.array([5, 7, 0], np.int32)),
                                                     Tensor(np.array([3, 4], np.int32))))
show("UnravelIndex int64 scalar", lambda: ops.UnravelIndex()(Tensor(np.array(22, np.int64)),
                                                            Tensor(np.array([7, 6], np.int64))))
show("UnravelIndex 3 dims", lambda: ops.UnravelIndex()(Tensor(np.array([1, 23], np.int32)),
                                                      Tensor(np.array([2, 3, 4], np.int32))))
show("UnravelIndex float", lambda: ops.UnravelIndex()(Tensor(np.array([1.0], np.float32)),
                                                     Tensor(np.array([3, 4], np.float32))))
show("UnravelIndex mixed", lambda: ops.UnravelIndex()(Tensor(np.array([1], np.int32)),
                                                     Tensor(np.array([3, 4], np.int64))))
show("UnravelIndex 2d indices", lambda: ops.UnravelIndex()(Tensor(np.array([[1]], np.int32)),
                                                          Tensor(np.array([3, 4], np.int32))))
show("UnravelIndex 2d dims", lambda: ops.UnravelIndex()(Tensor(np.array([1], np.int32)),
                                                       Tensor(np.array([[3, 4]], np.int32))))
show("UnravelIndex out of range", lambda: ops.UnravelIndex()(
    Tensor(np.array([12], np.int32)), Tensor(np.array([3, 4], np.int32))))
show("UnravelIndex negative", lambda: ops.UnravelIndex()(
    Tensor(np.array([-1], np.int32)), Tensor(np.array([3, 4], np.int32))))
show("UnravelIndex dim 0", lambda: ops.UnravelIndex()(
    Tensor(np.array([1], np.int32)), Tensor(np.array([3, 0], np.int32))))

# NuclearNorm
m = f(3, 4)
show("NuclearNorm default", lambda: ops.NuclearNorm()(m))
show("NuclearNorm keepdim", lambda: ops.NuclearNorm(keepdim=True)(m))
b3 = f(2, 3, 4)
show("NuclearNorm 3d default", lambda: ops.NuclearNorm()(b3))
show("NuclearNorm 3d dim 0 2", lambda: ops.NuclearNorm(dim=[0, 2])(b3))
show("NuclearNorm 3d dim -1 0 keep", lambda: ops.NuclearNorm(dim=[-1, 0], keepdim=True)(b3))
show("NuclearNorm float64", lambda: ops.NuclearNorm()(f(2, 2, dtype=np.float64)))
show("NuclearNorm float16", lambda: ops.NuclearNorm()(f(2, 2, dtype=np.float16)))
show("NuclearNorm int", lambda: ops.NuclearNorm()(Tensor(np.ones((2, 2), np.int32))))
show("NuclearNorm 1d", lambda: ops.NuclearNorm()(f(3)))
show("NuclearNorm dim same", lambda: ops.NuclearNorm(dim=[1, 1])(b3))
show("NuclearNorm dim 3 items", lambda: ops.NuclearNorm(dim=[0, 1, 2])(b3))
show("NuclearNorm dim out of range", lambda: ops.NuclearNorm(dim=[0, 3])(b3))
show("NuclearNorm dim tuple", lambda: ops.NuclearNorm(dim=(0, 1))(b3))
show("NuclearNorm keepdim int", lambda: ops.NuclearNorm(keepdim=1)(m))
rep("NuclearNorm repr", lambda: ops.NuclearNorm(dim=[0, 1], keepdim=True))

# DataFormatVecPermute
v4 = Tensor(np.array([1, 2, 3, 4], np.int32))
show("DFVP default", lambda: ops.DataFormatVecPermute()(v4))
show("DFVP NCHW->NHWC", lambda: ops.DataFormatVecPermute("NCHW", "NHWC")(v4))
show("DFVP 2d", lambda: ops.DataFormatVecPermute()(
    Tensor(np.array([[1, 2], [3, 4], [5, 6], [7, 8]], np.int64))))
show("DFVP size 2", lambda: ops.DataFormatVecPermute()(Tensor(np.array([5, 6], np.int32))))
show("DFVP float", lambda: ops.DataFormatVecPermute()(Tensor(np.array([1., 2, 3, 4], np.float32))))
show("DFVP size 3", lambda: ops.DataFormatVecPermute()(Tensor(np.array([1, 2, 3], np.int32))))
show("DFVP 2d bad", lambda: ops.DataFormatVecPermute()(Tensor(np.ones((4, 3), np.int32))))
show("DFVP same format", lambda: ops.DataFormatVecPermute("NHWC", "NHWC")(v4))
show("DFVP bad format", lambda: ops.DataFormatVecPermute("NCDHW", "NCHW")(v4))
rep("DFVP repr", lambda: ops.DataFormatVecPermute("NCHW", "NHWC"))

# IdentityN
show("IdentityN list", lambda: ops.IdentityN()([f(2), Tensor(np.array([1, 2], np.int32))]))
show("IdentityN tuple", lambda: ops.IdentityN()((f(1),)))
show("IdentityN tensor", lambda: ops.IdentityN()(f(2)))
show("IdentityN empty", lambda: ops.IdentityN()([]))
show("IdentityN bool", lambda: ops.IdentityN()([Tensor(np.array([True]))]))

# ComplexAbs
show("ComplexAbs c64", lambda: ops.ComplexAbs()(Tensor(np.array([3 + 4j, -1j, 0], np.complex64))))
show("ComplexAbs c128", lambda: ops.ComplexAbs()(Tensor(np.array([[1 + 1j]], np.complex128))))
show("ComplexAbs float", lambda: ops.ComplexAbs()(f(2)))

# NthElement
x25 = f(2, 5)
show("NthElement n=1", lambda: ops.NthElement()(x25, 1))
show("NthElement tensor n", lambda: ops.NthElement()(x25, Tensor(4, ms.int32)))
show("NthElement reverse", lambda: ops.NthElement(reverse=True)(x25, 0))
show("NthElement 1d", lambda: ops.NthElement()(f(5), 2))
show("NthElement int32", lambda: ops.NthElement()(Tensor(np.array([[3, 1, 2]], np.int32)), 1))
show("NthElement float16", lambda: ops.NthElement()(f(3, dtype=np.float16), 1))
show("NthElement n too big", lambda: ops.NthElement()(x25, 5))
show("NthElement n negative", lambda: ops.NthElement()(x25, -1))
show("NthElement 0d", lambda: ops.NthElement()(Tensor(1.0, ms.float32), 0))
show("NthElement n int64 tensor", lambda: ops.NthElement()(x25, Tensor(1, ms.int64)))
show("NthElement n 1d tensor", lambda: ops.NthElement()(x25, Tensor(np.array([1], np.int32))))
show("NthElement bool", lambda: ops.NthElement()(Tensor(np.array([True, False])), 0))
show("NthElement reverse int", lambda: ops.NthElement(reverse=1)(x25, 0))

# TridiagonalMatMul
sup, main, sub = f(1, 4), f(1, 4), f(1, 4)
rhs = f(4, 2)
show("TridiagonalMatMul", lambda: ops.TridiagonalMatMul()(sup, main, sub, rhs))
show("TridiagonalMatMul batch", lambda: ops.TridiagonalMatMul()(f(2, 1, 3), f(2, 1, 3),
                                                               f(2, 1, 3), f(2, 3, 2)))
show("TridiagonalMatMul float64", lambda: ops.TridiagonalMatMul()(
    f(1, 2, dtype=np.float64), f(1, 2, dtype=np.float64), f(1, 2, dtype=np.float64),
    f(2, 1, dtype=np.float64)))
show("TridiagonalMatMul complex", lambda: ops.TridiagonalMatMul()(
    *[Tensor((rng.standard_normal((1, 2)) + 1j).astype(np.complex64)) for _ in range(3)],
    Tensor((rng.standard_normal((2, 1)) * 1j).astype(np.complex64))))
show("TridiagonalMatMul int", lambda: ops.TridiagonalMatMul()(
    *[Tensor(np.ones((1, 2), np.int32))] * 3, Tensor(np.ones((2, 1), np.int32))))
show("TridiagonalMatMul mixed dtype", lambda: ops.TridiagonalMatMul()(
    sup, main, sub, f(4, 2, dtype=np.float64)))
show("TridiagonalMatMul bad diag", lambda: ops.TridiagonalMatMul()(f(1, 3), main, sub, rhs))
show("TridiagonalMatMul diag not row", lambda: ops.TridiagonalMatMul()(f(2, 4), f(2, 4),
                                                                      f(2, 4), rhs))
show("TridiagonalMatMul rhs 1d", lambda: ops.TridiagonalMatMul()(sup, main, sub, f(4)))

# LuSolve
a = Tensor(np.array([[4., 3, 2], [2, 1, 3], [3, 2, 1]], np.float32))
lu_data = Tensor(np.array([[4., 3, 2], [0.5, -0.5, 2], [0.75, -0.5, 1.5]], np.float32))
pivots = Tensor(np.array([1, 2, 3], np.int32))
bb = f(3, 2)
show("LuSolve", lambda: ops.LuSolve()(bb, lu_data, pivots))
show("LuSolve pivots swap", lambda: ops.LuSolve()(bb, lu_data, Tensor(np.array([2, 3, 3], np.int32))))
show("LuSolve batch", lambda: ops.LuSolve()(f(2, 3, 1), Tensor(np.stack([lu_data.asnumpy()] * 2)),
                                            Tensor(np.array([[1, 2, 3], [3, 3, 3]], np.int32))))
show("LuSolve broadcast", lambda: ops.LuSolve()(f(2, 3, 1), lu_data, pivots))
show("LuSolve float16", lambda: ops.LuSolve()(Tensor(bb.asnumpy().astype(np.float16)),
                                              Tensor(lu_data.asnumpy().astype(np.float16)), pivots))
show("LuSolve float64", lambda: ops.LuSolve()(Tensor(bb.asnumpy().astype(np.float64)),
                                              lu_data, pivots))
show("LuSolve pivots int64", lambda: ops.LuSolve()(bb, lu_data, Tensor(np.array([1, 2, 3], np.int64))))
show("LuSolve b 1d", lambda: ops.LuSolve()(f(3), lu_data, pivots))
show("LuSolve lu not square", lambda: ops.LuSolve()(bb, f(3, 2), pivots))
show("LuSolve pivots bad shape", lambda: ops.LuSolve()(bb, lu_data, Tensor(np.array([1, 2], np.int32))))
show("LuSolve b rows mismatch", lambda: ops.LuSolve()(f(2, 2), lu_data, pivots))

# Lstsq
A = f(4, 3)
B = f(4, 2)
show("Lstsq", lambda: ops.Lstsq()(A, B))
show("Lstsq l2", lambda: ops.Lstsq(l2_regularizer=0.5)(A, B))
show("Lstsq fast False", lambda: ops.Lstsq(fast=False)(A, B))
show("Lstsq b 1d", lambda: ops.Lstsq()(A, f(4)))
show("Lstsq wide", lambda: ops.Lstsq()(f(2, 3), f(2, 1)))
show("Lstsq float64", lambda: ops.Lstsq()(f(3, 2, dtype=np.float64), f(3, 1, dtype=np.float64)))
show("Lstsq float16", lambda: ops.Lstsq()(f(3, 2, dtype=np.float16), f(3, 1, dtype=np.float16)))
show("Lstsq mixed", lambda: ops.Lstsq()(A, f(4, 2, dtype=np.float64)))
show("Lstsq int", lambda: ops.Lstsq()(Tensor(np.ones((3, 2), np.int32)), Tensor(np.ones((3, 1), np.int32))))
show("Lstsq rows mismatch", lambda: ops.Lstsq()(A, f(3, 2)))
show("Lstsq 3d", lambda: ops.Lstsq()(f(2, 4, 3), f(2, 4, 2)))
rep("Lstsq fast int", lambda: ops.Lstsq(fast=1))
show("Lstsq l2 int", lambda: ops.Lstsq(l2_regularizer=1))
rep("Lstsq repr", lambda: ops.Lstsq(fast=True, l2_regularizer=0.0))

# MatrixLogarithm
show("MatrixLogarithm c64", lambda: ops.MatrixLogarithm()(
    Tensor(np.array([[2, 1], [0, 3]], np.complex64))))
show("MatrixLogarithm c128 batch", lambda: ops.MatrixLogarithm()(
    Tensor(np.array([[[1 + 1j, 0], [0, 2]], [[1, 0.5], [0.5, 1]]], np.complex128))))
show("MatrixLogarithm float", lambda: ops.MatrixLogarithm()(
    Tensor(np.array([[2, 1], [0, 3]], np.float32))))
show("MatrixLogarithm not square", lambda: ops.MatrixLogarithm()(
    Tensor(np.ones((2, 3), np.complex64))))
show("MatrixLogarithm 1d", lambda: ops.MatrixLogarithm()(Tensor(np.ones((2,), np.complex64))))

# CompareAndBitpack
cb = Tensor(np.array([[1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 9, 0, 0, 0, 0, 1]], np.float32))
show("CompareAndBitpack", lambda: ops.CompareAndBitpack()(cb, Tensor(3.5, ms.float32)))
show("CompareAndBitpack bool", lambda: ops.CompareAndBitpack()(
    Tensor(np.array([True, False] * 8)), Tensor(False)))
show("CompareAndBitpack bool first two", lambda: ops.CompareAndBitpack()(
    Tensor(np.array([True, True] + [False] * 6)), Tensor(False)))
show("CompareAndBitpack bool threshold True", lambda: ops.CompareAndBitpack()(
    Tensor(np.array([True, True] + [False] * 6)), Tensor(True)))
show("CompareAndBitpack int8", lambda: ops.CompareAndBitpack()(
    Tensor(np.arange(16, dtype=np.int8)), Tensor(np.int8(7))))
show("CompareAndBitpack float64", lambda: ops.CompareAndBitpack()(
    Tensor(np.arange(8, dtype=np.float64)), Tensor(np.float64(0))))
show("CompareAndBitpack not 8", lambda: ops.CompareAndBitpack()(f(6), Tensor(0.0, ms.float32)))
show("CompareAndBitpack threshold 1d", lambda: ops.CompareAndBitpack()(
    f(8), Tensor(np.array([0.0], np.float32))))
show("CompareAndBitpack dtype mismatch", lambda: ops.CompareAndBitpack()(
    f(8), Tensor(np.float64(0))))
show("CompareAndBitpack 0d", lambda: ops.CompareAndBitpack()(
    Tensor(1.0, ms.float32), Tensor(0.0, ms.float32)))
show("CompareAndBitpack uint8", lambda: ops.CompareAndBitpack()(
    Tensor(np.arange(8, dtype=np.uint8)), Tensor(np.uint8(3))))

# CheckNumerics
show("CheckNumerics ok", lambda: ops.CheckNumerics()(Tensor(np.array([1., 2], np.float32))))
show("CheckNumerics nan", lambda: ops.CheckNumerics()(Tensor(np.array([1., np.nan], np.float32))))
show("CheckNumerics inf", lambda: ops.CheckNumerics()(Tensor(np.array([np.inf, 1], np.float32))))
show("CheckNumerics float16", lambda: ops.CheckNumerics()(Tensor(np.array([1.], np.float16))))
show("CheckNumerics float64", lambda: ops.CheckNumerics()(Tensor(np.array([[1.]], np.float64))))
show("CheckNumerics int", lambda: ops.CheckNumerics()(Tensor(np.array([1], np.int32))))

# ScatterAddWithAxis
base = Tensor(np.arange(9, dtype=np.float32).reshape(3, 3))
idx = Tensor(np.array([[0, 1, 2], [2, 0, 0]], np.int32))
upd = Tensor(np.ones((2, 3), np.float32))
show("ScatterAddWithAxis 0", lambda: ops.ScatterAddWithAxis(0)(base, idx, upd))
show("ScatterAddWithAxis 1", lambda: ops.ScatterAddWithAxis(1)(base, idx, upd))
show("ScatterAddWithAxis -1", lambda: ops.ScatterAddWithAxis(-1)(base, idx, upd))
show("ScatterAddWithAxis int64 idx", lambda: ops.ScatterAddWithAxis(0)(
    base, Tensor(np.array([[1, 1]], np.int64)), Tensor(np.ones((1, 2), np.float32))))
show("ScatterAddWithAxis int32 data", lambda: ops.ScatterAddWithAxis(0)(
    Tensor(np.zeros((2, 2), np.int32)), Tensor(np.array([[1, 1]], np.int32)),
    Tensor(np.ones((1, 2), np.int32))))
show("ScatterAddWithAxis negative idx", lambda: ops.ScatterAddWithAxis(0)(
    base, Tensor(np.array([[-1, 0, 0]], np.int32)), Tensor(np.ones((1, 3), np.float32))))
show("ScatterAddWithAxis out of range", lambda: ops.ScatterAddWithAxis(0)(
    base, Tensor(np.array([[3, 0, 0]], np.int32)), Tensor(np.ones((1, 3), np.float32))))
show("ScatterAddWithAxis shape mismatch", lambda: ops.ScatterAddWithAxis(0)(
    base, idx, Tensor(np.ones((1, 3), np.float32))))
show("ScatterAddWithAxis dtype mismatch", lambda: ops.ScatterAddWithAxis(0)(
    base, idx, Tensor(np.ones((2, 3), np.float64))))
show("ScatterAddWithAxis float idx", lambda: ops.ScatterAddWithAxis(0)(
    base, Tensor(np.zeros((2, 3), np.float32)), upd))
param = ms.Parameter(base.copy(), name="p")
show("ScatterAddWithAxis Parameter", lambda: ops.ScatterAddWithAxis(0)(param, idx, upd))
show("ScatterAddWithAxis Parameter after", lambda: param)
rep("ScatterAddWithAxis repr", lambda: ops.ScatterAddWithAxis(1))
