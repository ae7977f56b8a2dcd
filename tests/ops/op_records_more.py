"""The op table, continued (see tests/ops/op_records.py, which appends these to CASES): the ops of
linalg, scatter, spectral, random, pooling, image, loss, activation and layer modules, more
array/math functions and more Primitive classes."""
from __future__ import annotations

import numpy as np

from tests.ops.op_inputs import Case, D, T, V

CPU_INT = "MindSpore's CPU kernel rejects integer inputs; msjax computes them in Float32"
NO_CPU = "MindSpore has no CPU kernel for this op"

X23, Y23, X34 = T((2, 3)), T((2, 3)), T((3, 4))
I23 = T((2, 3), "int32", "int")
N23 = T((2, 3), "int32", "nat")
B23b = T((2, 3), "bool", "real")
SQ = V([[2.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 4.0]])
SPD = V([[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])
X4 = T((2, 3, 4, 4))

MORE: list[Case] = []


def add(*cases: Case) -> None:
    MORE.extend(cases)


def _special(name):
    def ref(*args, **kwargs):
        import scipy.special
        return getattr(scipy.special, name)(*args, **kwargs)
    return ref


def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


# -- math: aliases, tensor_* forms, special functions ------------------------------------------
add(Case("tensor_add", (X23, Y23), ref=np.add),
    Case("tensor_sub", (X23, Y23), ref=np.subtract),
    Case("tensor_mul", (X23, Y23), ref=np.multiply),
    Case("tensor_div", (X23, T((2, 3), "float32", "pos")), ref=np.true_divide),
    Case("tensor_floordiv", (X23, T((2, 3), "float32", "pos")), ref=np.floor_divide),
    Case("tensor_mod", (X23, T((2, 3), "float32", "pos")), ref=np.mod),
    Case("tensor_pow", (T((2, 3), "float32", "pos"), Y23), ref=np.power),
    Case("tensor_exp", (X23,), ref=np.exp),
    Case("tensor_expm1", (X23,), ref=np.expm1),
    Case("tensor_gt", (X23, Y23), ref=np.greater),
    Case("tensor_ge", (X23, Y23), ref=np.greater_equal),
    Case("tensor_lt", (X23, Y23), ref=np.less),
    Case("tensor_le", (X23, Y23), ref=np.less_equal),
    Case("true_divide", (I23, N23), ref=lambda a, b: (a / b).astype(np.float32)),
    Case("floordiv", (X23, T((2, 3), "float32", "pos")), ref=np.floor_divide),
    Case("floormod", (I23, N23), ref=np.mod),
    Case("truncate_div", (I23, N23), ref=lambda a, b: np.trunc(a / b).astype(np.int32)),
    Case("truncate_div", (X23, T((2, 3), "float32", "pos")), tag="float32",
         ref=lambda a, b: np.trunc(a / b)),
    Case("truncate_mod", (I23, N23), ref=np.fmod),
    Case("xdivy", (V([0.0, 1.0, 2.0]), V([0.0, 2.0, 4.0])), ref=lambda a, b: np.where(
        a == 0, 0.0, a / np.where(b == 0, 1, b)).astype(np.float32)),
    Case("float_power", (X23, 2), ref=lambda a, e: np.power(a.astype(np.float64), e)),
    Case("float_power", (T((2, 3), "int32", "nat"), T((2, 3), "float32", "small")), tag="tensors",
         ref=lambda a, e: np.power(a.astype(np.float64), e.astype(np.float64))),
    Case("heaviside", (V([-1.5, 0.0, 2.0]), V([0.5, 0.5, 0.5])), ref=np.heaviside),
    Case("ldexp", (X23, V([1, 2, 3], "int32")), ref=lambda x, e: x * 2.0 ** e),
    Case("igamma", (T((2, 3), "float32", "pos"), T((2, 3), "float32", "pos")),
         ref=_special("gammainc"), tol=(1e-4, 1e-5)),
    Case("igammac", (T((2, 3), "float32", "pos"), T((2, 3), "float32", "pos")),
         ref=_special("gammaincc"), tol=(1e-4, 1e-5)),
    Case("zeta", (T((2, 3), "float32", "gt1"), T((2, 3), "float32", "pos")),
         ref=_special("zeta"), tol=(1e-4, 1e-5)),
    Case("polygamma", (V(1, "int64"), T((2, 3), "float32", "pos")),
         ref=lambda n, x: _special("polygamma")(int(n), x), tol=(1e-4, 1e-5)),
    Case("mvlgamma", (T((2, 3), "float32", "gt1"), 1),
         ref=lambda x, p: np.vectorize(lambda v: _special("multigammaln")(v, p))(x),
         tol=(1e-4, 1e-5)),
    Case("i0", (X23,), ref=np.i0, tol=(1e-5, 1e-5)),
    Case("bessel_i0", (X23,), ref=np.i0, tol=(1e-5, 1e-5)),
    Case("bessel_i0e", (X23,), ref=_special("i0e"), tol=(1e-5, 1e-5)),
    Case("bessel_i1", (X23,), ref=_special("i1"), tol=(1e-5, 1e-5)),
    Case("bessel_i1e", (X23,), ref=_special("i1e"), tol=(1e-5, 1e-5)),
    Case("bessel_j0", (X23,), ref=_special("j0"), tol=(1e-5, 1e-5)),
    Case("bessel_j1", (X23,), ref=_special("j1"), tol=(1e-5, 1e-5)),
    Case("bessel_y0", (T((2, 3), "float32", "pos"),), ref=_special("y0"), tol=(1e-5, 1e-5)),
    Case("bessel_y1", (T((2, 3), "float32", "pos"),), ref=_special("y1"), tol=(1e-5, 1e-5)),
    Case("bessel_k0", (T((2, 3), "float32", "pos"),), ref=_special("k0"), tol=(1e-5, 1e-5)),
    Case("bessel_k0e", (T((2, 3), "float32", "pos"),), ref=_special("k0e"), tol=(1e-5, 1e-5)),
    Case("bessel_k1", (T((2, 3), "float32", "pos"),), ref=_special("k1"), tol=(1e-5, 1e-5)),
    Case("bessel_k1e", (T((2, 3), "float32", "pos"),), ref=_special("k1e"), tol=(1e-5, 1e-5)),
    Case("inv", (T((2, 3), "float32", "pos"),), ref=np.reciprocal),
    Case("positive", (X23,), ref=lambda x: x),
    Case("sgn", (X23,), ref=np.sign),
    Case("sgn", (T((2, 3), "complex64"),), ref=lambda z: z / np.abs(z), tag="complex64"),
    Case("isreal", (V([1 + 0j, 1 + 1j], "complex64"),), ref=np.isreal),
    Case("is_nonzero", (V([2.0]),), ref=lambda x: True, transforms=False),
    Case("polar", (T((2, 3), "float32", "pos"), X23), ref=lambda r, t: r * np.exp(1j * t)),
    Case("addn", ([X23, Y23, T((2, 3))],), ref=lambda xs: xs[0] + xs[1] + xs[2]),
    Case("accumulate_n", ([X23, Y23],), ref=lambda xs: xs[0] + xs[1], beyond=NO_CPU),
    Case("approximate_equal", (V([1.0, 2.0, 3.0]), V([1.0, 2.1, 3.000001])), {"tolerance": 0.01},
         ref=lambda x, y, tolerance: np.abs(x - y) < tolerance),
    Case("addbmm", (T((2, 4)), T((3, 2, 3)), T((3, 3, 4))), {"beta": 0.5, "alpha": 2.0},
         ref=lambda x, a, b, beta, alpha: beta * x + alpha * (a @ b).sum(0)),
    )


# -- reductions and statistics -----------------------------------------------------------------
NAN34 = V([[1.0, np.nan, 3.0, 4.0], [np.nan, np.nan, 2.0, -1.0], [0.5, 1.5, 2.5, np.nan]])
add(Case("reduce_sum", (X34, 1), ref=lambda x, a: x.sum(a)),
    Case("reduce_mean", (X34,), ref=lambda x: x.mean()),
    Case("reduce_max", (X34, (0, 1)), ref=lambda x, a: x.max(a)),
    Case("reduce_min", (X34, 0), ref=lambda x, a: x.min(a)),
    Case("aminmax", (X34,), ref=lambda x: (x.min(0), x.max(0))),
    Case("aminmax", (X34,), {"axis": 1, "keepdims": True}, tag="axis",
         ref=lambda x, axis, keepdims: (x.min(axis, keepdims=True), x.max(axis, keepdims=True))),
    Case("nansum", (NAN34,), ref=np.nansum),
    Case("nansum", (NAN34, 1), ref=lambda x, a: np.nansum(x, a), tag="axis"),
    Case("nanmean", (NAN34, 0), ref=lambda x, a: np.nanmean(x, a)),
    Case("nanmedian", (NAN34,)),
    Case("quantile", (X34, 0.25), ref=lambda x, q: np.quantile(x, q).astype(np.float32),
         beyond=NO_CPU),
    Case("quantile", (X34, V([0.1, 0.5]), 1, True), tag="axis", beyond=NO_CPU,
         ref=lambda x, q, a, k: np.quantile(x, q, a, keepdims=k).astype(np.float32)),
    Case("nanquantile", (NAN34, 0.5, 1), beyond=NO_CPU,
         ref=lambda x, q, a: np.nanquantile(x, q, a).astype(np.float32)),
    Case("logcumsumexp", (X34, 1), ref=lambda x, a: np.logaddexp.accumulate(x, a)),
    Case("dist", (X34, T((1, 4))),
         ref=lambda x, y: np.float32(np.linalg.norm((x - y).ravel()))),
    Case("dist", (X34, T((1, 4)), 1), tag="p1",
         ref=lambda x, y, p: np.float32(np.abs(x - y).sum())),
    Case("diff", (X34,), ref=lambda x: np.diff(x)),
    Case("diff", (X34, 1, 0), ref=lambda x, n, a: np.diff(x, n, a), tag="axis"),
    Case("trapz", (X34,), ref=lambda y: np.trapezoid(y) if hasattr(np, "trapezoid")
         else np.trapz(y)),
    Case("trapz", (X34,), {"dx": 0.5, "dim": 0}, tag="dx",
         ref=lambda y, dx, dim: (y[1:] + y[:-1]).sum(0) * dx / 2),
    Case("histc", (V([1.0, 1.0, 2.0, 2.0, 2.0, 5.0, 8.0]),), {"bins": 5, "min": 0, "max": 9},
         ref=lambda x, bins, min, max: np.histogram(x, bins, (min, max))[0].astype(np.float32),
         transforms=False),
    Case("cov", (X34,), ref=np.cov),
    Case("cov", (X34,), {"correction": 0}, ref=lambda x, correction: np.cov(x, ddof=0),
         tag="correction"),
    )


# -- linear algebra ----------------------------------------------------------------------------
def _cholesky_lower(a):
    return np.linalg.cholesky(a)


add(Case("mv", (T((2, 3)), T((3,))), ref=np.matmul),
    Case("vecdot", (X34, T((3, 4))), ref=lambda a, b: (a * b).sum(-1)),
    Case("batch_dot", (T((2, 3)), T((2, 3))), ref=lambda a, b: (a * b).sum(-1, keepdims=True)),
    Case("batch_dot", (T((2, 2, 3)), T((2, 3, 4))), tag="3d",
         ref=lambda a, b: np.einsum("bij,bjk->bik", a, b)),
    Case("adjoint", (T((2, 3), "complex64"),), ref=lambda z: z.conj().T),
    Case("matrix_band_part", (T((3, 4)), 1, 0), ref=lambda x, l, u: np.tril(np.triu(x, -l), u)),
    Case("cholesky", (SPD,), ref=_cholesky_lower),
    Case("cholesky", (SPD, True), ref=lambda a, u: _cholesky_lower(a).T, tag="upper"),
    Case("cholesky_inverse", (V(np.linalg.cholesky(np.array(
        [[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])).tolist()),),
        ref=lambda l: np.linalg.inv(l @ l.T), tol=(1e-5, 1e-5)),
    Case("cholesky_solve", (T((3, 2)), V(np.linalg.cholesky(np.array(
        [[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])).tolist())),
        ref=lambda b, l: np.linalg.solve(l @ l.T, b), tol=(1e-5, 1e-5)),
    Case("qr", (T((4, 3)),)),
    Case("qr", (T((4, 3)), "complete"), tag="complete"),
    Case("svd", (T((3, 2)),), {"compute_uv": False},
         ref=lambda x, compute_uv: np.linalg.svd(x, compute_uv=False), tag="values"),
    Case("eig", (SPD,), transforms=False, values=False),
    Case("eigvals", (V([[2.0, 0.0], [0.0, 3.0]]),), transforms=False,
         ref=lambda a: np.linalg.eigvals(a).astype(np.complex64)),
    Case("slogdet", (SQ,), ref=lambda a: tuple(np.linalg.slogdet(a))),
    Case("orgqr", (V([[-114.6, 10.9, 1.1], [-0.304, 38.07, 69.38], [-0.45, -0.17, 62.0]]),
                   V([1.55, 1.94, 0.0])), tol=(1e-5, 1e-5)),
    Case("Orgqr", (V([[2.0, 0.5], [0.3, 1.5], [0.1, 0.2]]), V([1.2, 0.4]))),
    Case("log_matrix_determinant", (SQ,), ref=lambda a: tuple(np.linalg.slogdet(a))),
    Case("matrix_determinant", (SQ,), ref=np.linalg.det, tol=(1e-5, 1e-5)),
    Case("logdet", (SQ,), ref=lambda a: np.log(np.linalg.det(a))),
    Case("pinv", (T((3, 2)),), ref=np.linalg.pinv, tol=(1e-4, 1e-5)),
    Case("lstsq", (T((4, 2)), T((4, 3))), ref=lambda a, b: np.linalg.lstsq(a, b, rcond=None)[0],
         tol=(1e-4, 1e-5)),
    Case("matrix_exp", (V([[0.0, 1.0], [-1.0, 0.0]]),), beyond=NO_CPU, tol=(1e-5, 1e-5),
         ref=lambda a: np.array([[np.cos(1), np.sin(1)], [-np.sin(1), np.cos(1)]], np.float32)),
    Case("matrix_solve", (SQ, T((3, 2))), ref=np.linalg.solve, tol=(1e-5, 1e-5)),
    Case("matrix_solve", (SQ, T((3, 2)), True), tag="adjoint",
         ref=lambda a, b, adj: np.linalg.solve(a.T, b), tol=(1e-5, 1e-5)),
    Case("lu_unpack", (V([[4.0, 3.0], [0.5, 1.5]]), V([1, 2], "int32"))),
    Case("lu_solve", (V([[1.0], [2.0]]), V([[4.0, 3.0], [0.5, 1.5]]), V([1, 2], "int32")),
         ref=lambda b, lu, piv: np.linalg.solve(np.array([[4.0, 3.0], [2.0, 3.0]]), b)),
    Case("cond", (SQ,), ref=np.linalg.cond, tol=(1e-4, 1e-5)),
    Case("vector_norm", (X34,), ref=lambda x: np.linalg.norm(x.ravel())),
    Case("vector_norm", (X34, 1, 1, True), tag="l1_axis",
         ref=lambda x, o, a, k: np.abs(x).sum(a, keepdims=k)),
    Case("matrix_norm", (X34,), ref=np.linalg.norm),
    Case("matrix_norm", (X34, 1), ref=lambda x, o: np.linalg.norm(x, 1), tag="l1"),
    Case("renorm", (X34, 2, 0, 1.5)),
    Case("vander", (V([1.0, 2.0, 3.0]),), ref=np.vander),
    Case("vander", (V([1.0, 2.0, 3.0]), 2), ref=np.vander, tag="N"),
    Case("clip_by_norm", (X34, 1.0), ref=lambda x, m: x * min(1.0, m / np.linalg.norm(x)),
         tol=(1e-5, 1e-5)),
    Case("clip_by_global_norm", ((X23, Y23), 1.0), tol=(1e-5, 1e-5),
         ref=lambda xs, c: tuple(x * c / max(c, np.sqrt(sum((y ** 2).sum() for y in xs)))
                                 for x in xs)),
    )


# -- array functions ---------------------------------------------------------------------------
add(Case("t", (X23,), ref=np.transpose),
    Case("t", (T((3,)),), ref=lambda x: x, tag="1d"),
    Case("swapdims", (T((2, 3, 4)), 0, 2), ref=np.swapaxes),
    Case("movedim", (T((2, 3, 4)), 0, -1), ref=np.moveaxis),
    Case("expand", (T((3, 1)), V([2, 3, 4], "int64")), ref=lambda x, s: np.broadcast_to(
        x, (2, 3, 4)), transforms=False),
    Case("expand_as", (T((3, 1)), T((3, 4))), ref=lambda x, o: np.broadcast_to(x, o.shape)),
    Case("view_as", (X23, T((3, 2))), ref=lambda x, o: x.reshape(o.shape)),
    Case("type_as", (X23, I23), ref=lambda x, o: x.astype(o.dtype), beyond=NO_CPU),
    Case("reverse", (X34, (1,)), ref=lambda x, a: np.flip(x, a)),
    Case("row_stack", ((X23, Y23),), ref=np.vstack),
    Case("dstack", ((X23, Y23),), ref=np.dstack),
    Case("hsplit", (T((2, 6)), 3), ref=lambda x, n: tuple(np.hsplit(x, n))),
    Case("vsplit", (T((4, 2)), 2), ref=lambda x, n: tuple(np.vsplit(x, n))),
    Case("dsplit", (T((1, 2, 4)), (1, 3)), ref=lambda x, i: tuple(np.dsplit(x, i))),
    Case("atleast_1d", (V(1.5),), ref=np.atleast_1d),
    Case("atleast_2d", ([T((3,)), X23],), ref=lambda xs: tuple(np.atleast_2d(*xs))),
    Case("atleast_3d", (X23,), ref=np.atleast_3d),
    Case("block_diag", (T((2, 2)), T((1, 3))), ref=lambda a, b: np.block(
        [[a, np.zeros((2, 3), np.float32)], [np.zeros((1, 2), np.float32), b]])),
    Case("cartesian_prod", (V([1, 2], "int32"), V([3, 4, 5], "int32")),
         ref=lambda a, b: np.array([[i, j] for i in a for j in b])),
    Case("combinations", (V([1.0, 2.0, 3.0]),), ref=lambda x: np.array([[1, 2], [1, 3], [2, 3]])),
    Case("combinations", (V([1.0, 2.0, 3.0]), 2, True), tag="replacement",
         ref=lambda x, r, w: np.array([[1, 1], [1, 2], [1, 3], [2, 2], [2, 3], [3, 3]])),
    Case("diagflat", (T((3,)),), ref=np.diagflat),
    Case("diagflat", (X23, 1), ref=np.diagflat, tag="offset"),
    Case("deepcopy", (X23,), ref=lambda x: x),
    Case("identity", (X23,), ref=lambda x: x),
    Case("fills", (X23, 2.5), ref=lambda x, v: np.full_like(x, v), beyond=NO_CPU),
    Case("fills", (I23, 3), ref=lambda x, v: np.full_like(x, v), tag="int32", beyond=NO_CPU),
    Case("gather_d", (X34, 1, V([[0, 0], [1, 3], [2, 2]], "int64")),
         ref=lambda x, d, i: np.take_along_axis(x, i, d)),
    Case("take", (X34, V([[0, 5], [11, 2]], "int64")), ref=lambda x, i: np.take(x, i),
         beyond=NO_CPU),
    Case("top_k", (X34, 2), ref=lambda x, k: (-np.sort(-x)[:, :k], np.argsort(-x)[:, :k])),
    Case("intopk", (V([[1.0, 8.0, 5.0, 2.0, 7.0], [4.0, 9.0, 1.0, 3.0, 5.0]]),
                    V([1, 3], "int32"), 3), ref=lambda x, t, k: np.array([True, False])),
    Case("msort", (X34,), ref=lambda x: np.sort(x, 0)),
    Case("unique_consecutive", (V([1, 1, 2, 2, 3, 1, 1, 2], "int32"),),
         ref=lambda x: np.array([1, 2, 3, 1, 2]), transforms=False),
    Case("unique_consecutive", (V([1, 1, 2, 2, 3, 1, 1, 2], "int32"), True, True),
         tag="inverse_counts", transforms=False,
         ref=lambda x, i, c: (np.array([1, 2, 3, 1, 2]), np.array([0, 0, 1, 1, 2, 3, 3, 4]),
                              np.array([2, 2, 1, 2, 1]))),
    Case("unique_with_pad", (V([5, 1, 1, 3, 5, 2], "int32"), 0),  # first-seen order, padded
         ref=lambda x, pad: (np.array([5, 1, 3, 2, 0, 0]), np.array([0, 1, 1, 2, 0, 3]))),
    Case("bucketize", (V([[1, 5, 9], [3, 6, 10]], "int32"), [2, 5, 8]),
         ref=lambda x, b: np.searchsorted(b, x, "left")),
    Case("bucketize", (V([1.0, 5.0, 9.0]), [2.0, 5.0, 8.0]), {"right": True}, tag="right",
         ref=lambda x, b, right: np.searchsorted(b, x, "right")),
    Case("sequence_mask", (V([1, 3, 2], "int32"), 4),
         ref=lambda l, m: np.arange(m) < l[:, None]),
    Case("tril_indices", (3, 4), ref=lambda r, c: np.stack(np.tril_indices(r, 0, c))),
    Case("triu_indices", (3, 3, 1), ref=lambda r, c, o: np.stack(np.triu_indices(r, o, c))),
    Case("logspace", (0.0, 2.0, 3), ref=lambda a, b, n: np.logspace(a, b, n, dtype=np.float32)),
    Case("logspace", (0.0, 3.0, 4, 2), ref=lambda a, b, n, base: np.logspace(
        a, b, n, base=base, dtype=np.float32), tag="base"),
    Case("tuple_to_array", ((1, 2, 3),), ref=lambda t: np.array(t, np.int32)),
    Case("tuple_to_array", ((1.5, 2.0),), ref=lambda t: np.array(t, np.float32), tag="float"),
    Case("scalar_to_tensor", (2,), ref=lambda v: np.float32(v)),
    Case("scalar_to_tensor", (2, D("int32")), ref=lambda v, d: np.int32(v), tag="int32"),
    Case("scalar_cast", (3.7, D("int64")), ref=lambda v, d: 3, transforms=False),
    Case("scalar_cast", (3.7, D("bool")), ref=lambda v, d: True, transforms=False, tag="bool"),
    Case("population_count", (V([0, 1, 7, 255], "uint8"),), ref=lambda x: np.array(
        [0, 1, 3, 8], np.uint8)),
    Case("mirror_pad", (X23, V([[1, 1], [2, 2]], "int64"), "REFLECT"), transforms=False,
         ref=lambda x, p, m: np.pad(x, ((1, 1), (2, 2)), "reflect")),
    Case("mirror_pad", (X23, V([[1, 0], [1, 1]], "int64"), "SYMMETRIC"), tag="symmetric",
         transforms=False, ref=lambda x, p, m: np.pad(x, ((1, 0), (1, 1)), "symmetric")),
    )


# -- scatter, index updates, segment reductions ------------------------------------------------
IDX2 = V([[0, 1], [2, 3]], "int32")
add(Case("tensor_scatter_sub", (X34, IDX2, V([1.0, 2.0]))),
    Case("tensor_scatter_mul", (X34, IDX2, V([2.0, 3.0]))),
    Case("tensor_scatter_div", (X34, IDX2, V([2.0, 4.0]))),
    Case("tensor_scatter_max", (X34, IDX2, V([0.0, 9.0]))),
    Case("tensor_scatter_min", (X34, IDX2, V([0.0, 9.0]))),
    Case("index_add", (X34, V([0, 2], "int32"), T((3, 2)), 1),
         ref=lambda x, i, y, a: _index_add(x, i, y, a)),
    Case("index_fill", (X34, 1, V([0, 2], "int32"), 9.0),
         ref=lambda x, a, i, v: _index_fill(x, a, i, v)),
    Case("slice_scatter", (X34, T((3, 2)), 1, 0, 4, 2),
         ref=lambda x, s, a, b, e, st: _set(x, (slice(None), slice(b, e, st)), s)),
    Case("select_scatter", (X34, T((4,)), 0, 1), ref=lambda x, s, a, i: _set(x, (i,), s)),
    Case("diagonal_scatter", (T((3, 3)), T((3,))), ref=lambda x, s: _set(
        x, (np.arange(3), np.arange(3)), s)),
    Case("unsorted_segment_sum", (X34, V([0, 2, 0], "int32"), 3),
         ref=lambda x, ids, n: np.stack([x[ids == k].sum(0) for k in range(n)])),
    Case("unsorted_segment_max", (X34, V([0, 2, 0], "int32"), 3)),
    Case("unsorted_segment_min", (X34, V([0, 2, 0], "int32"), 3)),
    Case("unsorted_segment_prod", (X34, V([0, 2, 0], "int32"), 3),
         ref=lambda x, ids, n: np.stack([x[ids == k].prod(0) for k in range(n)])),
    Case("sparse_segment_mean", (X34, V([0, 1, 2], "int32"), V([0, 0, 1], "int32")),
         ref=lambda x, i, s: np.stack([x[:2].mean(0), x[2]]), transforms=False),
    )


def _conv_transpose(x, w, stride):
    """NumPy transposed convolution (N, Cin, H, W) x (Cin, Cout, kh, kw), no padding."""
    n, _, h, wd = x.shape
    _, cout, kh, kw = w.shape
    out = np.zeros((n, cout, (h - 1) * stride + kh, (wd - 1) * stride + kw), np.float32)
    for i in range(h):
        for j in range(wd):
            out[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw] += np.einsum(
                "nc,cokl->nokl", x[:, :, i, j], w)
    return out


def _multilabel_margin(x, y):
    n, c = x.shape
    loss = np.zeros(n)
    for r in range(n):
        targets = []
        for v in y[r]:
            if v < 0:
                break
            targets.append(v)
        for t in targets:
            for k in range(c):
                if k not in targets:
                    loss[r] += max(0.0, 1 - (x[r, t] - x[r, k]))
    return loss / c


def _set(x, index, value):
    out = x.copy()
    out[index] = value
    return out


def _index_add(x, i, y, axis):
    out = x.copy()
    np.add.at(out, (slice(None),) * axis + (i,), y)
    return out


def _index_fill(x, axis, index, value):
    out = x.copy()
    out[(slice(None),) * axis + (index,)] = value
    return out


# -- spectral ----------------------------------------------------------------------------------
S8 = T((2, 8))
C8 = T((2, 8), "complex64")
add(Case("fft", (S8,), ref=np.fft.fft),
    Case("fft", (C8, 4, 0, "ortho"), ref=lambda x, n, d, norm: np.fft.fft(x, n, d, norm),
         tag="args"),
    Case("ifft", (C8,), ref=np.fft.ifft),
    Case("rfft", (S8,), ref=np.fft.rfft),
    Case("irfft", (T((2, 5), "complex64"),), ref=lambda x: np.fft.irfft(x).astype(np.float32)),
    Case("hfft", (T((2, 5), "complex64"),), ref=lambda x: np.fft.hfft(x).astype(np.float32)),
    Case("ihfft", (S8,), ref=np.fft.ihfft),
    Case("fft2", (T((2, 4, 4)),), ref=np.fft.fft2),
    Case("ifft2", (T((2, 4, 4), "complex64"),), ref=np.fft.ifft2),
    Case("rfft2", (T((2, 4, 4)),), ref=np.fft.rfft2),
    Case("irfft2", (T((2, 4, 3), "complex64"),), ref=lambda x: np.fft.irfft2(x).astype(
        np.float32)),
    Case("fftn", (T((2, 4, 4)),), ref=np.fft.fftn),
    Case("ifftn", (T((2, 4, 4), "complex64"),), ref=np.fft.ifftn),
    Case("rfftn", (T((2, 4, 4)),), ref=np.fft.rfftn),
    Case("irfftn", (T((2, 4, 3), "complex64"),), ref=lambda x: np.fft.irfftn(x).astype(
        np.float32)),
    Case("FFTWithSize", (T((2, 4, 4)),), init=(2, False, True), ref=lambda x: np.fft.rfft2(x)),
    Case("FFTWithSize", (T((2, 4, 4), "complex64"),), init=(1, True, False, "ortho"),
         tag="ifft ortho", ref=lambda x: np.fft.ifft(x, norm="ortho")),
    Case("FFTWithSize", (T((2, 4, 3), "complex64"),), init=(2, True, True), tag="irfft2",
         ref=lambda x: np.fft.irfft2(x).astype(np.float32)),
    Case("stft", (T((2, 16)), 8)),
    Case("stft", (T((16,)), 4), dict(hop_length=2, center=False, return_complex=True),
         tag="complex"),
    # (a size given as a Tensor: a compiled call needs its value and runs eagerly, with a warning)
    Case("ResizeLinear1D", (T((1, 2, 4)), V([6], "int64")), init=("half_pixel",),
         transforms=False),
    Case("fftshift", (S8,), ref=np.fft.fftshift),
    Case("ifftshift", (S8, (1,)), ref=lambda x, d: np.fft.ifftshift(x, d)),
    Case("fftfreq", (5,), ref=lambda n: np.fft.fftfreq(n).astype(np.float32)),
    Case("rfftfreq", (6, 0.5), ref=lambda n, d: np.fft.rfftfreq(n, d).astype(np.float32)),
    Case("hann_window", (5,), ref=lambda n: np.hanning(n + 1)[:n]),  # Float64 by default
    Case("hann_window", (5, False), ref=lambda n, p: np.hanning(n), tag="symmetric"),
    Case("hann_window", (5,), {"dtype": D("float32")}, ref=lambda n, dtype: np.hanning(n + 1)[:n],
         tag="float32"),
    Case("hamming_window", (6,), ref=lambda n: np.hamming(n + 1)[:n]),
    Case("blackman_window", (V(6, "int32"),), ref=lambda n: np.blackman(int(n) + 1)[:int(n)],
         tol=(1e-5, 1e-6), transforms=False),
    Case("bartlett_window", (V(5, "int32"),), ref=lambda n: np.bartlett(int(n) + 1)[:int(n)]
         .astype(np.float32), transforms=False),
    Case("kaiser_window", (6, False), ref=lambda n, p: np.kaiser(n, 12.0), tol=(1e-5, 1e-6)),
    )


# -- random: dtype and shape against MindSpore (values: tests/ops/test_random_ops.py) ----------
def rnd(op, args=(), kwargs=None, tag="", init=None, **fields):
    return Case(op, args, kwargs or {}, tag=tag, init=init, values=False, transforms=False,
                **fields)


add(rnd("standard_normal", ((2, 3),)),
    rnd("normal", ((2, 3), V(1.0), V(2.0))),
    rnd("uniform", ((2, 3), V(0.0), V(2.0))),
    rnd("uniform", ((2, 3), V(0, "int32"), V(5, "int32")), {"dtype": D("int32")}, "int32"),
    rnd("randn", (2, 3)),
    rnd("randn", ((2, 3),), {"dtype": D("float64")}, "tuple"),
    rnd("rand", (2, 3)),
    rnd("randint", (0, 5, (2, 3))),
    rnd("randint", (0, 5, (4,)), {"dtype": D("int32")}, "int32"),
    rnd("randn_like", (X23,)),
    rnd("rand_like", (X23,)),
    rnd("randint_like", (I23, 0, 4)),
    rnd("standard_laplace", ((2, 3),)),
    rnd("laplace", ((2, 3), V(0.0), V(1.0))),
    rnd("gamma", ((2, 3), V(1.0), V(2.0)), beyond=NO_CPU, ref=lambda s, a, b: np.zeros(
        (2, 3), np.float32)),
    rnd("random_gamma", (V([2, 3], "int32"), V([1.0, 2.0]))),
    rnd("poisson", ((2, 3), V([1.0, 2.0, 3.0])), beyond=NO_CPU,
        ref=lambda s, m: np.zeros((2, 3), np.float32)),
    rnd("random_poisson", (V([2, 3], "int32"), V([1.0, 2.0]))),
    rnd("bernoulli", (X23,)),
    rnd("bernoulli", (X23, 0.3), tag="p"),
    rnd("multinomial", (V([[0.1, 0.5, 0.4], [0.3, 0.3, 0.4]]), 4)),
    rnd("multinomial", (V([0.1, 0.5, 0.4]), 2, False), tag="no_replacement"),
    rnd("random_categorical", (V([[0.1, 0.5, 0.4], [1.0, 1.0, 1.0]]), 3)),
    rnd("shuffle", (X34,)),
    rnd("randperm", (V([5], "int64"),)),
    rnd("StandardNormal", ((2, 3),)),
    rnd("StandardNormal", ((2, 3),), init=dict(seed=2), tag="seed"),
    rnd("UniformReal", ((2, 3),)),
    rnd("UniformInt", ((2, 3), V(1, "int32"), V(5, "int32"))),
    rnd("StandardLaplace", ((2, 3),)),
    rnd("TruncatedNormal", (V([2, 3], "int32"),)),
    rnd("Multinomial", (V([[0.1, 0.5, 0.4]]), 3)),
    rnd("RandomShuffle", (X34,)),
    rnd("Gamma", ((2, 3), V([1.0]), V([2.0])), beyond=NO_CPU, ref=lambda s, a, b: np.zeros(
        (2, 3), np.float32)),
    rnd("Poisson", ((2, 3), V([1.0])), beyond=NO_CPU, ref=lambda s, m: np.zeros(
        (2, 3), np.int32)),
    rnd("Bernoulli", (X23, 0.5)),
    rnd("RandomGamma", (V([2, 3], "int32"), V([1.0, 2.0]))),
    rnd("ParameterizedTruncatedNormal", (V([2, 3], "int32"), V([0.0]), V([1.0]), V([-1.0]),
                                         V([1.0]))),
    rnd("UniformCandidateSampler", (V([[1], [3]], "int32"),),
        init=dict(num_true=1, num_sampled=3, unique=True, range_max=4)),
    rnd("uniform_candidate_sampler", (V([[1], [3]], "int32"), 1, 3, False, 4)),
    rnd("RandomCategorical", (V([[0.1, 0.5, 0.4]]), 3, 1)),
    rnd("Dropout", (X23,)),
    rnd("Dropout2D", (X4,)),
    rnd("Dropout3D", (T((2, 3, 2, 2, 2)),)),
    rnd("rrelu", (X23,)),
    rnd("gumbel_softmax", (X23,)),
    rnd("gumbel_softmax", (X23, 0.5, True), tag="hard"),
    rnd("dropout1d", (T((2, 3, 4)),)),
    rnd("dropout2d", (X4,)),
    rnd("dropout3d", (T((2, 3, 2, 2, 2)),)),
    )


# -- activations, layers, pooling, image -------------------------------------------------------
def _fast_gelu(x):
    return x / (1 + np.exp(-1.702 * np.abs(x))) * np.exp(0.851 * (x - np.abs(x)))


def _group_norm(x, g, w=None, b=None, eps=1e-5):
    n, c = x.shape[:2]
    y = x.reshape(n, g, -1)
    y = (y - y.mean(-1, keepdims=True)) / np.sqrt(y.var(-1, keepdims=True) + eps)
    y = y.reshape(x.shape)
    shape = (1, c) + (1,) * (x.ndim - 2)
    return y * (1 if w is None else w.reshape(shape)) + (0 if b is None else b.reshape(shape))


def _adaptive(x, out, reduce):
    nd = len(out)
    sizes = x.shape[-nd:]
    result = np.zeros(x.shape[:-nd] + tuple(out), x.dtype)
    for cell in np.ndindex(*out):
        index = tuple(slice(c * s // o, -(-(c + 1) * s // o)) for c, s, o in zip(cell, sizes, out))
        result[(...,) + cell] = reduce(x[(...,) + index].reshape(x.shape[:-nd] + (-1,)), -1)
    return result


add(Case("fast_gelu", (X23,), ref=_fast_gelu),
    Case("FastGelu", (X23,), ref=_fast_gelu),
    Case("soft_shrink", (X23, 1.0), ref=lambda x, l: np.where(x > l, x - l, np.where(
        x < -l, x + l, 0))),
    Case("threshold", (X23, 0.5, -1.0), ref=lambda x, t, v: np.where(x > t, x, v)),
    Case("swiglu", (T((2, 4)),), beyond=NO_CPU,
         ref=lambda x: (x[:, :2] / (1 + np.exp(-x[:, :2])) * x[:, 2:]).astype(np.float32)),
    Case("group_norm", (T((2, 4, 3)), 2), ref=lambda x, g: _group_norm(x, g), tol=(1e-5, 1e-5)),
    Case("group_norm", (T((2, 4, 3)), 2, T((4,)), T((4,))), tag="affine", tol=(1e-5, 1e-5),
         ref=lambda x, g, w, b: _group_norm(x, g, w, b)),
    Case("rms_norm", (X34, T((4,))), beyond=NO_CPU, tol=(1e-5, 1e-5),
         ref=lambda x, g: (x / np.sqrt((x ** 2).mean(-1, keepdims=True) + 1e-6) * g,
                           1 / np.sqrt((x ** 2).mean(-1, keepdims=True) + 1e-6))),
    Case("lrn", (T((1, 4, 2, 2)), 1)),
    Case("embedding", (V([[0, 2], [1, 0]], "int32"), T((3, 4))), ref=lambda i, w: w[i],
         beyond=NO_CPU),
    Case("embedding", (V([0, 2], "int32"), T((3, 4)), None, 1.0), tag="max_norm",
         beyond=NO_CPU, ref=lambda i, w, p, m: w[i] * np.minimum(
             1.0, m / (np.linalg.norm(w[i], axis=-1, keepdims=True) + 1e-7))),
    Case("bidense", (T((2, 3)), T((2, 4)), T((5, 3, 4)), T((5,))),
         ref=lambda a, b, w, c: np.einsum("ni,kij,nj->nk", a, w, b) + c, tol=(1e-5, 1e-5)),
    Case("dense", (T((2, 3)), T((4, 3)), T((4,))), ref=lambda x, w, b: x @ w.T + b),
    Case("avg_pool1d", (T((2, 3, 8)), 2, 2), ref=lambda x, k, s: x.reshape(2, 3, 4, 2).mean(-1)),
    Case("avg_pool3d", (T((1, 2, 4, 4, 4)), 2, 2),
         ref=lambda x, k, s: x.reshape(1, 2, 2, 2, 2, 2, 2, 2).mean((3, 5, 7))),
    Case("max_pool3d", (T((1, 2, 4, 4, 4)), 2, 2),
         ref=lambda x, k, s: x.reshape(1, 2, 2, 2, 2, 2, 2, 2).max((3, 5, 7))),
    Case("lp_pool1d", (T((2, 3, 8), "float32", "pos"), 2, 2),
         ref=lambda x, p, k: np.sqrt((x ** 2).reshape(2, 3, 4, 2).sum(-1))),
    Case("lp_pool2d", (T((1, 2, 4, 4), "float32", "pos"), 1, 2),
         ref=lambda x, p, k: x.reshape(1, 2, 2, 2, 2, 2).sum((3, 5))),
    Case("adaptive_avg_pool1d", (T((2, 3, 6)), 3), ref=lambda x, o: _adaptive(x, (o,), np.mean)),
    Case("adaptive_avg_pool1d", (T((2, 3, 7)), 3), tag="indivisible", error=True),
    Case("adaptive_avg_pool3d", (T((1, 2, 4, 5, 3)), (2, 2, 2)),
         ref=lambda x, o: _adaptive(x, o, np.mean)),
    Case("adaptive_max_pool1d", (T((2, 3, 8)), 4), ref=lambda x, o: _adaptive(x, (o,), np.max)),
    Case("adaptive_max_pool2d", (T((1, 2, 5, 7)), (2, 3)),
         ref=lambda x, o: _adaptive(x, o, np.max)),
    Case("adaptive_max_pool2d", (T((1, 2, 4, 4)), 2, True), tag="indices"),
    Case("adaptive_max_pool3d", (T((1, 2, 4, 4, 4)), 2),
         ref=lambda x, o: _adaptive(x, (o, o, o), np.max)),
    Case("max_unpool1d", (V([[2.0, 4.0, 6.0, 8.0]]), V([[1, 3, 5, 7]], "int64"), 2),
         transforms=False),
    Case("max_unpool2d", (V([[[[1.0, 2.0]]]]), V([[[[1, 0]]]], "int64"), 1, 1, 0, (1, 1, 1, 2)),
         transforms=False),
    Case("max_unpool3d", (T((1, 1, 2, 2, 2)), V([[[[[0, 3], [10, 21]], [[40, 45], [58, 63]]]]],
                                                "int64"), 2), transforms=False),
    Case("MaxPool", (X4,), init=dict(kernel_size=2, strides=2)),
    Case("AvgPool", (X4,), init=dict(kernel_size=3, strides=1, pad_mode="same")),
    Case("AvgPool3D", (T((1, 2, 4, 4, 4)),), init=dict(kernel_size=2, strides=2)),
    Case("conv_transpose2d", (T((1, 2, 3, 3)), T((2, 3, 2, 2)), None, 2), tol=(1e-5, 1e-5),
         beyond=NO_CPU, ref=lambda x, w, b, s: _conv_transpose(x, w, s)),
    Case("Conv2DTranspose", (T((1, 2, 3, 3)), T((2, 3, 2, 2)), (1, 3, 4, 4)),
         init=dict(out_channel=3, kernel_size=2), tol=(1e-5, 1e-5)),
    Case("Conv2DBackpropInput", (T((1, 2, 3, 3)), T((2, 3, 2, 2)), (1, 3, 4, 4)),
         init=dict(out_channel=3, kernel_size=2), tol=(1e-5, 1e-5)),
    Case("pixel_shuffle", (T((1, 8, 2, 3)), 2)),
    Case("pixel_unshuffle", (T((1, 2, 4, 6)), 2)),
    Case("channel_shuffle", (T((1, 6, 2, 2)), 3)),
    Case("ChannelShuffle", (T((1, 6, 2, 2)),), init=(2,)),
    Case("space_to_batch_nd", (T((1, 2, 4, 4)), 2, [[0, 0], [0, 0]])),
    Case("batch_to_space_nd", (T((4, 2, 2, 2)), 2, [[0, 0], [0, 0]])),
    Case("SpaceToBatchND", (T((1, 2, 4, 4)),), init=(2, [[0, 0], [0, 0]])),
    Case("BatchToSpaceND", (T((4, 2, 2, 2)),), init=(2, [[0, 0], [0, 0]])),
    Case("DepthToSpace", (T((1, 8, 2, 3)),), init=(2,)),
    Case("SpaceToDepth", (T((1, 2, 4, 6)),), init=(2,)),
    Case("interpolate", (T((1, 2, 3, 4)),), {"size": (6, 8)}),
    Case("interpolate", (T((1, 2, 3, 4)),), {"size": (6, 8), "mode": "bilinear",
                                               "align_corners": True}, tag="bilinear_corners"),
    Case("interpolate", (T((1, 2, 3, 4)),), {"scale_factor": (2.0, 2.0), "mode": "bilinear"},
         tag="scale_factor_4d", error=True),
    Case("interpolate", (T((1, 2, 3, 4)),), {"size": (3, 5), "align_corners": True},
         tag="nearest_corners", error=True),
    Case("interpolate", (T((1, 2, 3, 4)),), {"scale_factor": 2.0,
                                               "recompute_scale_factor": True}, tag="recompute"),
    Case("interpolate", (T((1, 2, 2, 3, 4)),), {"scale_factor": 2.0}, tag="nearest_5d"),
    Case("interpolate", (T((1, 2, 2, 3, 4)),), {"size": (3, 4, 5), "mode": "trilinear"},
         tag="trilinear"),
    Case("interpolate", (T((1, 2, 3, 4)),), {"size": (5, 7), "mode": "bilinear"},
         tag="bilinear", tol=(1e-5, 1e-5)),
    Case("interpolate", (T((1, 2, 6)),), {"size": 4, "mode": "linear"}, tag="linear"),
    Case("interpolate", (T((1, 2, 3, 4)),), {"size": (5, 6), "mode": "bicubic"}, tag="bicubic",
         tol=(1e-4, 1e-5)),
    Case("interpolate", (T((1, 2, 6, 4)),), {"size": (3, 2), "mode": "area"}, tag="area"),
    Case("upsample", (T((1, 2, 3, 4)),), {"size": (5, 8)}),
    Case("affine_grid", (V([[[1.0, 0.2, 0.1], [0.0, 0.9, -0.1]]]), (1, 1, 3, 4))),
    Case("affine_grid", (V([[[1.0, 0.2, 0.1], [0.0, 0.9, -0.1]]]), (1, 1, 3, 4), True),
         tag="corners"),
    Case("grid_sample", (T((1, 2, 4, 5)), T((1, 3, 3, 2), "float32", "unit")),
         {"align_corners": False}, tol=(1e-5, 1e-5)),
    Case("grid_sample", (T((1, 2, 4, 5)), T((1, 3, 3, 2), "float32", "unit")),
         {"mode": "nearest", "padding_mode": "border", "align_corners": True}, tag="nearest"),
    Case("unfold", (T((1, 2, 4, 4)), 2), {"stride": 2}),
    Case("fold", (T((1, 8, 4)), V([4, 4], "int32"), 2), {"stride": 2}, transforms=False),
    )


# -- losses ------------------------------------------------------------------------------------
P34 = T((3, 4), "float32", "prob")
LOGP = V(np.log(_softmax(np.array([[1.0, 2.0, 0.5, -1.0], [0.3, 0.2, 2.0, 1.0],
                                   [-0.5, 1.5, 0.0, 0.7]]))).tolist())
LBL = V([1, 2, 0], "int32")
SIGNS = V([1.0, -1.0, 1.0])


def _bce(p, y):
    return -(y * np.log(p) + (1 - y) * np.log(1 - p))


add(Case("mse_loss", (X34, T((3, 4))), ref=lambda a, b: ((a - b) ** 2).mean()),
    Case("mse_loss", (X34, T((3, 4)), "none"), ref=lambda a, b, r: (a - b) ** 2, tag="none"),
    Case("l1_loss", (X34, T((3, 4))), ref=lambda a, b: np.abs(a - b).mean()),
    Case("l1_loss", (X34, T((3, 4)), "sum"), ref=lambda a, b, r: np.abs(a - b).sum(), tag="sum"),
    Case("smooth_l1_loss", (X34, T((3, 4))), ref=lambda a, b: np.where(
        np.abs(a - b) < 1, 0.5 * (a - b) ** 2, np.abs(a - b) - 0.5)),
    Case("huber_loss", (X34, T((3, 4))), ref=lambda a, b: np.where(
        np.abs(a - b) < 1, 0.5 * (a - b) ** 2, np.abs(a - b) - 0.5).mean()),
    Case("nll_loss", (LOGP, LBL), ref=lambda lp, y: -lp[np.arange(3), y].mean()),
    Case("nll_loss", (LOGP, LBL), {"reduction": "none"}, tag="none",
         ref=lambda lp, y, reduction: -lp[np.arange(3), y]),
    Case("cross_entropy", (X34, LBL), ref=lambda x, y: -np.log(_softmax(x))[np.arange(3), y]
         .mean()),
    Case("cross_entropy", (X34, P34), tag="probs",
         ref=lambda x, p: -(p * np.log(_softmax(x))).sum(1).mean()),
    Case("cross_entropy", (X34, LBL), {"label_smoothing": 0.1}, tag="smoothing"),
    Case("binary_cross_entropy", (P34, T((3, 4), "float32", "prob")),
         ref=lambda p, y: _bce(p, y).mean()),
    Case("binary_cross_entropy_with_logits", (X34, T((3, 4), "float32", "prob")),
         ref=lambda x, y: _bce(1 / (1 + np.exp(-x)), y).mean()),
    Case("kl_div", (LOGP, P34), {"reduction": "sum"},
         ref=lambda lp, p, reduction: (p * (np.log(p) - lp)).sum()),
    Case("soft_margin_loss", (X34, T((3, 4))), beyond=NO_CPU,
         ref=lambda x, y: np.log1p(np.exp(-x * y)).mean().astype(np.float32)),
    Case("margin_ranking_loss", (T((3,)), T((3,)), SIGNS), {"margin": 0.5},
         ref=lambda a, b, y, margin: np.maximum(-y * (a - b) + margin, 0).mean()),
    Case("hinge_embedding_loss", (X34, V([[1.0, -1.0, 1.0, -1.0]] * 3)),
         ref=lambda x, y: np.where(y > 0, x, np.maximum(1 - x, 0)).mean()),
    Case("cosine_embedding_loss", (X34, T((3, 4)), SIGNS)),
    Case("gaussian_nll_loss", (X34, T((3, 4)), T((3, 4), "float32", "pos")),
         ref=lambda x, t, v: (0.5 * (np.log(v) + (x - t) ** 2 / v)).mean()),
    Case("triplet_margin_loss", (X34, T((3, 4)), T((3, 4))), beyond=NO_CPU, tol=(1e-5, 1e-5),
         ref=lambda a, p, n: np.maximum(np.linalg.norm(a - p + 1e-6, axis=-1)
                                        - np.linalg.norm(a - n + 1e-6, axis=-1) + 1, 0)
         .mean().astype(np.float32)),
    Case("multi_margin_loss", (X34, V([1, 2, 0], "int64"))),
    Case("multilabel_margin_loss", (X34, V([[1, 2, -1, 0], [0, -1, 1, 1], [3, 1, 2, 0]],
                                           "int32")), beyond=NO_CPU,
         ref=lambda x, y: _multilabel_margin(x, y).mean().astype(np.float32)),
    Case("multilabel_soft_margin_loss", (X34, V([[1.0, 0.0, 1.0, 0.0]] * 3))),
    Case("SmoothL1Loss", (X34, T((3, 4)))),
    Case("BCEWithLogitsLoss", (X34, P34, V([1.0, 2.0, 0.5, 1.0]), V([1.0, 1.0, 2.0, 1.0]))),
    Case("BinaryCrossEntropy", (P34, T((3, 4), "float32", "prob"), T((3, 4), "float32", "pos")),
         ref=lambda p, y, w: (w * _bce(p, y)).mean()),
    Case("KLDivLoss", (LOGP, P34)),
    Case("SoftmaxCrossEntropyWithLogits", (X34, V(np.eye(4, dtype=np.float32)[[1, 2, 0]]
                                                  .tolist()))),
    Case("SparseSoftmaxCrossEntropyWithLogits", (X34, LBL)),
    Case("NLLLoss", (LOGP, LBL, V([1.0, 0.5, 2.0, 1.0]))),
    Case("SoftMarginLoss", (X34, T((3, 4))), beyond=NO_CPU,
         ref=lambda x, y: np.log1p(np.exp(-x * y)).mean().astype(np.float32)),
    Case("MultiMarginLoss", (X34, V([1, 2, 0], "int64"), V([1.0, 0.5, 2.0, 1.0]))),
    Case("MultilabelMarginLoss", (X34, V([[1, 2, -1, 0], [0, -1, 1, 1], [3, 1, 2, 0]],
                                         "int32")), beyond=NO_CPU,
         ref=lambda x, y: (_multilabel_margin(x, y).mean().astype(np.float32),
                           (y >= 0).astype(np.int32))),
    Case("TripletMarginLoss", (X34, T((3, 4)), T((3, 4)), V(1.0)), beyond=NO_CPU,
         tol=(1e-5, 1e-5), ref=lambda a, p, n, m: np.maximum(
             np.linalg.norm(a - p + 1e-6, axis=-1) - np.linalg.norm(a - n + 1e-6, axis=-1) + m, 0)
         .mean().astype(np.float32)),
    Case("SigmoidCrossEntropyWithLogits", (X34, P34),
         ref=lambda x, y: _bce(1 / (1 + np.exp(-x)), y)),
    )


# -- Primitive classes -------------------------------------------------------------------------
def prim(name, args, init=None, ref=None, tag="", **fields):
    return Case(name, args, init=init, ref=ref, tag=tag, **fields)


POS23 = T((2, 3), "float32", "pos")
add(prim("Acosh", (T((2, 3), "float32", "gt1"),), ref=np.arccosh),
    prim("Asinh", (X23,), ref=np.arcsinh),
    prim("Atanh", (T((2, 3), "float32", "unit"),), ref=np.arctanh),
    prim("Angle", (T((2, 3), "complex64"),), ref=np.angle),
    prim("Conj", (T((2, 3), "complex64"),), ref=np.conj),
    prim("Real", (T((2, 3), "complex64"),), ref=np.real),
    prim("Imag", (T((2, 3), "complex64"),), ref=np.imag),
    prim("Complex", (X23, Y23), ref=lambda real, imag: real + 1j * imag),
    prim("Digamma", (POS23,), ref=_special("digamma"), tol=(1e-4, 1e-5)),
    prim("Lgamma", (POS23,), ref=_special("gammaln"), tol=(1e-4, 1e-5)),
    prim("Erfc", (X23,), ref=_special("erfc")),
    prim("Erfinv", (T((2, 3), "float32", "unit"),), ref=_special("erfinv"), tol=(1e-4, 1e-5)),
    prim("BesselI0", (X23,), ref=np.i0, tol=(1e-5, 1e-5)),
    prim("BesselI0e", (X23,), ref=_special("i0e"), tol=(1e-5, 1e-5)),
    prim("BesselI1", (X23,), ref=_special("i1"), tol=(1e-5, 1e-5)),
    prim("BesselI1e", (X23,), ref=_special("i1e"), tol=(1e-5, 1e-5)),
    prim("BesselJ0", (X23,), ref=_special("j0"), tol=(1e-5, 1e-5)),
    prim("BesselJ1", (X23,), ref=_special("j1"), tol=(1e-5, 1e-5)),
    prim("BesselY0", (POS23,), ref=_special("y0"), tol=(1e-5, 1e-5)),
    prim("BesselY1", (POS23,), ref=_special("y1"), tol=(1e-5, 1e-5)),
    prim("BesselK0", (POS23,), ref=_special("k0"), tol=(1e-5, 1e-5)),
    prim("BesselK0e", (POS23,), ref=_special("k0e"), tol=(1e-5, 1e-5)),
    prim("BesselK1", (POS23,), ref=_special("k1"), tol=(1e-5, 1e-5)),
    prim("BesselK1e", (POS23,), ref=_special("k1e"), tol=(1e-5, 1e-5)),
    prim("Dense", (T((2, 3)), T((4, 3)), T((4,))), ref=lambda x, w, b: x @ w.T + b),
    prim("Inv", (POS23,), ref=np.reciprocal),
    prim("Invert", (I23,), ref=np.invert),
    prim("Sinc", (X23,), ref=np.sinc),
    prim("Trunc", (X23,), ref=np.trunc),
    prim("Rint", (V([0.5, 1.5, -2.5, 2.7]),), ref=np.rint),
    prim("PopulationCount", (V([0, 1, 7, 255], "uint8"),)),
    prim("Logit", (T((2, 3), "float32", "prob"),), ref=lambda x: np.log(x / (1 - x))),
    prim("Logit", (T((2, 3), "float32", "prob"),), init=dict(eps=0.2), tag="eps"),
    prim("Polygamma", (V(1, "int64"), POS23), tol=(1e-4, 1e-5)),
    prim("Mvlgamma", (T((2, 3), "float32", "gt1"),), init=dict(p=1), tol=(1e-4, 1e-5)),
    prim("Zeta", (T((2, 3), "float32", "gt1"), POS23), tol=(1e-4, 1e-5)),
    prim("Igamma", (POS23, POS23), tol=(1e-4, 1e-5)),
    prim("Igammac", (POS23, POS23), tol=(1e-4, 1e-5)),
    prim("Betainc", (POS23, POS23, T((2, 3), "float32", "prob")), ref=_special("betainc"),
         tol=(1e-4, 1e-5)),
    prim("NextAfter", (X23, Y23), ref=np.nextafter),
    prim("Heaviside", (V([-1.5, 0.0, 2.0]), V([0.5, 0.5, 0.5])), ref=np.heaviside),
    prim("Hypot", (X23, Y23), ref=np.hypot),
    prim("Gcd", (I23, N23), ref=np.gcd),
    prim("Lcm", (I23, N23), ref=np.lcm),
    prim("BitwiseAnd", (I23, N23), ref=np.bitwise_and),
    prim("BitwiseOr", (I23, N23), ref=np.bitwise_or),
    prim("BitwiseXor", (I23, N23), ref=np.bitwise_xor),
    prim("LeftShift", (N23, T((2, 3), "int32", ("idx", 4))), ref=np.left_shift),
    prim("RightShift", (I23, T((2, 3), "int32", ("idx", 3))), ref=np.right_shift),
    prim("LogicalXor", (B23b, T((2, 3), "bool", "bool")), ref=np.logical_xor),
    prim("TruncateDiv", (I23, N23), ref=lambda a, b: np.trunc(a / b).astype(np.int32)),
    prim("TruncateMod", (I23, N23), ref=np.fmod),
    prim("Xdivy", (X23, POS23), ref=np.true_divide),
    prim("Xlogy", (X23, POS23), ref=_special("xlogy")),
    prim("DivNoNan", (V([1.0, 2.0, 3.0]), V([0.0, 4.0, -1.0])),
         ref=lambda a, b: np.array([0.0, 0.5, -3.0])),
    prim("MulNoNan", (V([np.inf, 2.0, 3.0]), V([0.0, 4.0, -1.0])),
         ref=lambda a, b: np.array([0.0, 8.0, -3.0])),
    prim("Fmax", (X23, Y23), ref=np.fmax),
    prim("Fmin", (X23, Y23), ref=np.fmin, beyond=NO_CPU),
    prim("TensorAdd", (X23, Y23), ref=np.add),
    prim("Lerp", (X23, Y23, V(0.25)), ref=lambda a, b, w: a + w * (b - a)),
    prim("Addcdiv", (X23, Y23, POS23, V([0.5])), ref=lambda x, a, b, v: x + v * a / b),
    prim("Addcmul", (X23, Y23, T((2, 3)), V([0.5])), ref=lambda x, a, b, v: x + v * a * b),
    prim("Polar", (POS23, X23), ref=lambda r, t: r * np.exp(1j * t)),
    prim("IsClose", (X23, V([[0.0, 1.0, 2.0], [0.5, -1.0, 3.0]])), ref=np.isclose),
    prim("NanToNum", (V([1.0, np.nan, np.inf, -np.inf]),), init=dict(nan=1.0, posinf=5.0,
                                                                    neginf=-5.0),
         ref=lambda x: np.array([1.0, 1.0, 5.0, -5.0])),
    prim("EqualCount", (I23, V([[0, 1, 2], [3, 4, 5]], "int32"))),
    prim("CeLU", (X23,), init=dict(alpha=0.5), ref=lambda x: np.maximum(x, 0) + np.minimum(
        0, 0.5 * (np.exp(x / 0.5) - 1))),
    prim("HShrink", (X23,), ref=lambda x: np.where(np.abs(x) > 0.5, x, 0)),
    prim("SoftShrink", (X23,), init=(1.0,), ref=lambda x: np.where(
        x > 1, x - 1, np.where(x < -1, x + 1, 0))),
    prim("GLU", (T((2, 4)),), ref=lambda x: x[:, :2] / (1 + np.exp(-x[:, 2:]))),
    prim("Gelu", (X23,)),
    prim("Softsign", (X23,), ref=lambda x: x / (1 + np.abs(x))),
    prim("PReLU", (T((2, 3, 4)), V([0.1, 0.2, 0.3])),
         ref=lambda x, w: np.where(x > 0, x, w[:, None] * x)),
    )

add(prim("CumProd", (T((3, 4), "float32", "small"), 1), ref=lambda x, a: np.cumprod(x, a)),
    prim("CumProd", (T((3, 4), "float32", "small"), 1), init=(True, True), tag="excl_rev"),
    prim("CumulativeLogsumexp", (X34, V(0, "int64")), transforms=False,
         ref=lambda x, a: np.logaddexp.accumulate(x, 0)),
    prim("Cummax", (X34,), init=(1,)),
    prim("Cummin", (X34,), init=dict(axis=0)),
    prim("ReduceStd", (X34,), init=dict(axis=1)),
    prim("EuclideanNorm", (X34, V([1], "int64")), transforms=False, beyond=NO_CPU,
         ref=lambda x, a: np.sqrt((x ** 2).sum(1))),
    prim("SquareSumAll", (X23, Y23), ref=lambda a, b: ((a ** 2).sum(), (b ** 2).sum())),
    prim("Median", (X34,)),
    prim("Median", (X34,), init=dict(global_median=True), tag="global"),
    prim("CountNonZero", (V([[0, 1, 2], [0, 0, 3]], "int32"), None), beyond=NO_CPU,
         ref=lambda x, d: np.int64(np.count_nonzero(x))),
    prim("LpNorm", (X34,), init=dict(axis=1, p=3), ref=lambda x: (np.abs(x) ** 3).sum(1)
         ** (1 / 3)),
    prim("Trace", (X34,), ref=np.trace),
    prim("Diag", (T((3,)),), ref=np.diag),
    prim("DiagPart", (V(np.diag([1.0, 2.0, 3.0]).tolist()),), ref=lambda x: np.diag(x)),
    prim("Tril", (X34,), init=(1,), ref=lambda x: np.tril(x, 1)),
    prim("Triu", (X34,), ref=np.triu),
    prim("TrilIndices", (), init=(3, 4), ref=lambda: np.stack(np.tril_indices(3, 0, 4))),
    prim("TriuIndices", (), init=dict(row=3, col=3, offset=1),
         ref=lambda: np.stack(np.triu_indices(3, 1, 3))),
    prim("MaskedFill", (X23, B23b, V(0.5)), ref=lambda x, m, v: np.where(m, v, x)),
    prim("MaskedSelect", (X23, B23b), ref=lambda x, m: x[m], transforms=False),
    prim("Meshgrid", ((T((3,)), T((2,))),), ref=lambda xs: tuple(np.meshgrid(*xs))),
    prim("MirrorPad", (X23, V([[1, 1], [1, 1]], "int64")), transforms=False,
         ref=lambda x, p: np.pad(x, 1, "reflect")),
    prim("Pad", (X23,), init=(((1, 0), (0, 2)),), ref=lambda x: np.pad(x, ((1, 0), (0, 2)))),
    prim("Pack", ((X23, Y23),), init=(1,), ref=lambda xs: np.stack(xs, 1)),
    prim("Unpack", (X23,), ref=lambda x: tuple(x)),
    prim("ReverseV2", (X34,), init=((0, 1),), ref=lambda x: x[::-1, ::-1]),
    prim("ReverseSequence", (X34, V([2, 1, 4], "int32")), init=dict(seq_dim=1),
         ref=lambda x, l: np.stack([np.concatenate([r[:n][::-1], r[n:]]) for r, n in zip(x, l)])),
    prim("Roll", (X23,), init=(1, 1), ref=lambda x: np.roll(x, 1, 1), beyond=NO_CPU),
    prim("SearchSorted", (V([1.0, 2.0, 3.0, 5.0]), V([0.5, 2.0, 6.0])), ref=np.searchsorted),
    prim("LowerBound", (V([[1.0, 2.0, 3.0, 5.0]]), V([[0.5, 2.0, 6.0]])),
         ref=lambda s, v: np.searchsorted(s[0], v[0], "left")[None]),
    prim("UpperBound", (V([[1.0, 2.0, 3.0, 5.0]]), V([[0.5, 2.0, 6.0]])),
         ref=lambda s, v: np.searchsorted(s[0], v[0], "right")[None]),
    prim("SplitV", (T((5, 2)),), init=((2, 3), 0, 2), ref=lambda x: tuple(np.split(x, [2])),
         beyond=NO_CPU),
    prim("NonZero", (V([[0, 1], [2, 0]], "int32"),), ref=np.argwhere, transforms=False),
    prim("Unique", (V([3, 1, 3, 2], "int32"),), transforms=False),
    prim("UniqueConsecutive", (V([1, 1, 2, 1], "int32"),), init=(True, True),
         transforms=False),
    prim("UniqueWithPad", (V([2, 7, 2, 9], "int64"), -1),
         ref=lambda x, pad: (np.array([2, 7, 9, -1]), np.array([0, 1, 0, 2]))),
    prim("IndexAdd", (X34, V([0, 2], "int32"), T((3, 2))), init=(1,),
         ref=lambda x, i, y: _index_add(x, i, y, 1)),
    prim("IndexFill", (X34, V(1, "int32"), V([0, 2], "int32"), V(9.0)),
         ref=lambda x, a, i, v: _index_fill(x, 1, i, v), transforms=False),
    prim("InTopK", (V([[1.0, 8.0, 5.0], [4.0, 9.0, 1.0]]), V([1, 2], "int32")), init=(1,),
         ref=lambda x, t: np.array([True, False])),
    prim("TensorShape", (X23,), ref=lambda x: np.array(x.shape)),
    Case("dyn_shape", (X23,), ref=lambda x: np.array(x.shape)),
    prim("LinSpace", (V(0.0), V(1.0), 5), ref=lambda a, b, n: np.linspace(a, b, n)),
    prim("LogSpace", (V(0.0), V(2.0)), init=dict(steps=3),
         ref=lambda a, b: np.array([1.0, 10.0, 100.0])),
    prim("Expand", (T((3, 1)), V([3, 4], "int64")), ref=lambda x, s: np.broadcast_to(x, (3, 4)),
         transforms=False),
    prim("Fills", (X23, 2.0), ref=lambda x, v: np.full_like(x, v), beyond=NO_CPU),
    prim("FillV2", (V([2, 3], "int64"), V(1.5)), ref=lambda s, v: np.full((2, 3), v),
         transforms=False),
    prim("GatherV2", (X34, V([2, 0], "int32"), 1, 0), ref=lambda x, i, a, b: np.take(x, i, a)),
    prim("Ger", (T((3,)), T((4,))), ref=np.outer),
    prim("ScalarToTensor", (3.5,), ref=lambda v: np.float32(v)),
    prim("TupleToArray", ((1, 2, 3),), ref=lambda t: np.array(t, np.int32)),
    prim("ScalarCast", (3.7, D("float64")), ref=lambda v, d: 3.7, transforms=False),
    prim("Bucketize", (V([1.0, 5.0, 9.0]),), init=([2.0, 5.0, 8.0],),  # right-closed bins
         ref=lambda x: np.searchsorted([2.0, 5.0, 8.0], x, "right")),
    prim("MatrixBandPart", (T((3, 4)), 1, 0), ref=lambda x, l, u: np.tril(np.triu(x, -l), u)),
    )

add(prim("TensorScatterAdd", (X34, IDX2, V([1.0, 2.0]))),
    prim("TensorScatterSub", (X34, IDX2, V([1.0, 2.0]))),
    prim("TensorScatterMul", (X34, IDX2, V([2.0, 3.0]))),
    prim("TensorScatterDiv", (X34, IDX2, V([2.0, 4.0]))),
    prim("TensorScatterMax", (X34, IDX2, V([0.0, 9.0]))),
    prim("TensorScatterMin", (X34, IDX2, V([0.0, 9.0]))),
    prim("TensorScatterElements", (X34, V([[0, 2]], "int32"), V([[5.0, 6.0]])), init=(1, "add")),
    prim("UnsortedSegmentSum", (X34, V([0, 2, 0], "int32"), 3)),
    prim("UnsortedSegmentMax", (X34, V([0, 2, 0], "int32"), 3)),
    prim("UnsortedSegmentMin", (X34, V([0, 2, 0], "int32"), 3)),
    prim("UnsortedSegmentProd", (X34, V([0, 2, 0], "int32"), 3)),
    prim("SegmentSum", (X34, V([0, 0, 1], "int32")), transforms=False,
         ref=lambda x, s: np.stack([x[:2].sum(0), x[2]])),
    prim("SegmentMax", (X34, V([0, 0, 1], "int32")), transforms=False,
         ref=lambda x, s: np.stack([x[:2].max(0), x[2]])),
    prim("SegmentMin", (X34, V([0, 0, 1], "int32")), transforms=False,
         ref=lambda x, s: np.stack([x[:2].min(0), x[2]])),
    prim("SegmentProd", (X34, V([0, 0, 1], "int32")), transforms=False,
         ref=lambda x, s: np.stack([x[:2].prod(0), x[2]])),
    prim("SegmentMean", (X34, V([0, 0, 1], "int32")), transforms=False,
         ref=lambda x, s: np.stack([x[:2].mean(0), x[2]])),
    prim("Cholesky", (SPD,), ref=np.linalg.cholesky),
    prim("CholeskyInverse", (V(np.linalg.cholesky(np.array(
        [[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])).tolist()),), tol=(1e-5, 1e-5)),
    prim("CholeskySolve", (T((3, 2)), V(np.linalg.cholesky(np.array(
        [[4.0, 2.0, 0.6], [2.0, 5.0, 1.0], [0.6, 1.0, 3.0]])).tolist())), tol=(1e-5, 1e-5)),
    prim("Cross", (T((2, 3)), T((2, 3))), init=dict(dim=1), ref=np.cross),
    prim("Eig", (V([[2.0, 0.0], [0.0, 3.0]]),), transforms=False,
         ref=lambda a: (np.array([2.0, 3.0], np.complex64), np.complex64(0))),
    prim("LogMatrixDeterminant", (SQ,), ref=lambda a: tuple(np.linalg.slogdet(a))),
    prim("MatrixDeterminant", (SQ,), ref=np.linalg.det, tol=(1e-5, 1e-5)),
    prim("MatrixExp", (V([[0.0, 1.0], [0.0, 0.0]]),), beyond=NO_CPU,
         ref=lambda a: np.array([[1.0, 1.0], [0.0, 1.0]], np.float32)),
    prim("MatrixInverse", (SQ,), ref=np.linalg.inv, tol=(1e-5, 1e-5)),
    prim("MatrixPower", (SQ,), init=(2,), ref=lambda a: a @ a, tol=(1e-5, 1e-5)),
    prim("MatrixSolve", (SQ, T((3, 2))), ref=np.linalg.solve, tol=(1e-5, 1e-5)),
    prim("Qr", (T((4, 3)),)),
    prim("Svd", (T((3, 2)),), init=dict(compute_uv=False), tag="values"),
    prim("Renorm", (X34,), init=(2, 0, 1.5)),
    prim("Pdist", (X34,)),
    prim("Cdist", (T((2, 3, 4)), T((2, 2, 4)))),
    prim("L2Normalize", (X34,), init=dict(axis=1),
         ref=lambda x: x / np.sqrt(np.maximum((x ** 2).sum(1, keepdims=True), 1e-4))),
    prim("L2Loss", (X23,), ref=lambda x: (x ** 2).sum() / 2),
    )

add(Case("batch_norm", (T((2, 3, 4)), V([0.1, 0.2, 0.3]), V([1.0, 0.5, 2.0]), V([1.0, 2.0, 0.5]),
                        V([0.0, 0.1, -0.1])),
         ref=lambda x, m, v, w, b: (x - m[:, None]) / np.sqrt(v[:, None] + 1e-5) * w[:, None]
         + b[:, None], tol=(1e-5, 1e-5)),)


# -- bad inputs: MindSpore's exception type and message ----------------------------------------
def err(op, args, kwargs=None, tag="", init=None):
    return Case(op, args, kwargs or {}, tag=tag, init=init, error=True, transforms=False)


add(err("sum", (X34, 5), tag="bad_axis"),
    err("mean", (X34, 2), tag="bad_axis"),
    err("prod", (X34, 3), tag="bad_axis"),
    err("argmax", (X34, 3), tag="bad_axis"),
    err("argmin", (X34, -3), tag="bad_axis"),
    err("max", (X34, 3), tag="bad_axis"),
    err("cumsum", (X34, 3), tag="bad_axis"),
    err("sort", (X34, 3), tag="bad_axis"),
    err("softmax", (X34, 3), tag="bad_axis"),
    err("log_softmax", (X34, -3), tag="bad_axis"),
    err("concat", ((X34, X34), 3), tag="bad_axis"),
    err("gather", (X34, V([0], "int32"), 3), tag="bad_axis"),
    err("expand_dims", (X34, 4), tag="bad_axis"),
    err("reshape", (X34, (5, 2)), tag="bad_shape"),
    err("transpose", (X34, (0,)), tag="bad_perm"),
    err("broadcast_to", (X34, (2, 5)), tag="bad_shape"),
    err("stack", ((X34, T((2, 2))),), tag="bad_shapes"),
    err("flatten", (X34,), {"start_dim": 3}, tag="bad_dims"),
    err("topk", (X34, 9), tag="bad_k"),
    err("one_hot", (V([0, 1], "int32"), -1), tag="bad_depth"),
    err("matmul", (X34, X34), tag="bad_shapes"),
    err("cast", (X34, 3), tag="bad_dtype"),
    err("select", (T((3, 4), "int32", "int"), X34, X34), tag="bad_cond_dtype"),
    err("div", (X34, X34), {"rounding_mode": "round"}, tag="bad_rounding_mode"),
    err("sub", (T((3,), "bool", "bool"), T((3,), "bool", "real")), tag="bad_bool"),
    err("bitwise_and", (X34, X34), tag="bad_float"),
    err("scalar_cast", (3.7, D("int32")), tag="bad_dtype"),
    )
add(Case("floor_div", (T((3,), "bool", "bool"), T((3,), "bool", "real")), tag="bool",
         ref=lambda a, b: a),
    Case("pow", (V([[1, 5, 2], [7, 0, -1]], "int32"), -1), tag="int_negative",
         ref=lambda x, e: np.array([[1, 0, 0], [0, -2 ** 31, -1]], np.int32)),
    )
add(Case("TransposeView", (T((2, 3, 4)), (1, 0, 2)), ref=np.transpose))

# -- ops.view_as_real ---------------------------------------------------------------------------
add(Case("view_as_real", (T((2, 3), "complex64"),),
         ref=lambda x: np.stack([x.real, x.imag], -1)),
    Case("view_as_real", (X23,), tag="float32", error=True))

# -- session 12: FFTs over any axes, Hermitian FFTs, geqrf, Cauchy, FillDiagonal, deformable conv -
add(Case("rfft2", (T((2, 3)), (2,), (0,)), tag="one_axis",
         ref=lambda x, s, d: np.fft.rfft2(x, s, d).astype(np.complex64)),
    Case("hfft2", (T((2, 3, 4), "complex64"),),
         ref=lambda x: np.fft.irfftn(np.conj(x), axes=(-2, -1), norm="forward").astype(
             np.float32)),
    Case("ihfft2", (T((2, 3, 4)),),
         ref=lambda x: np.conj(np.fft.rfftn(x, axes=(-2, -1), norm="forward")).astype(
             np.complex64)),
    Case("hfftn", (T((2, 3, 4), "complex64"),),
         ref=lambda x: np.fft.irfftn(np.conj(x), norm="forward").astype(np.float32)),
    Case("ihfftn", (T((2, 3, 4)),),
         ref=lambda x: np.conj(np.fft.rfftn(x, norm="forward")).astype(np.complex64)),
    Case("geqrf", (V([[15.5862, 10.6579], [0.1885, -10.0553], [4.4496, 0.7312]]),)),
    Case("Geqrf", (T((2, 4, 3)),)),
    Case("Cauchy", (), init=([2, 3], 1.0, 0.5), values=False, transforms=False),
    Case("FillDiagonal", (T((5, 3)),), init=(2.0, True)),
    Case("deformable_conv2d", (T((1, 2, 4, 4)), T((3, 2, 2, 2)), T((1, 12, 3, 3)), (2, 2),
                               (1, 1, 1, 1), (0, 0, 0, 0))),
    Case("DeformableOffsets", (T((1, 2, 4, 4)), T((1, 12, 3, 3))),
         init=((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))),
    Case("IndexPut", (T((3, 4)), T((2,)), (V([0, 2], "int32"), V([1, 3], "int32"))),
         init=(1,)),
    Case("IndexPut", (T((3, 4)), T((4,)), (V([2], "int64"),)), tag="rows"),
    Case("SparseGatherV2", (T((4, 3)), V([1, 3], "int32"), 0), beyond=NO_CPU,
         ref=lambda x, i, axis: np.take(x, i, axis)),
    Case("EmbeddingLookup", (T((5, 3)), V([[6, 2], [9, 4]], "int32"), 2)),
    Case("ExtractVolumePatches", (T((1, 2, 3, 4, 4)),),
         init=((1, 1, 2, 2, 2), (1, 1, 1, 2, 1), "SAME")),
    Case("MaxPoolWithArgmaxV2", (T((1, 2, 5, 6)),), init=((3, 2), (2, 1), 1)))
