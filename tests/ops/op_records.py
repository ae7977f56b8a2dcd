"""The op table: one record per checked call of `mindspore.ops` (see tests/ops/op_inputs.py).

Every record runs under msjax (tests/ops/test_op_table.py: eagerly, under jax.jit and jax.vmap,
against the NumPy reference when there is one and always against MindSpore's recorded result) and
under MindSpore 2.10 (tests/goldens/scripts/ops_table.py writes tests/goldens/ops_table.json).
NumPy only: no msjax, jax or mindspore imports here.
"""
from __future__ import annotations

import numpy as np

from tests.ops.op_inputs import Case, D, T, V


def _special(name):
    """scipy.special.<name>, imported when the reference runs (the MindSpore venv has no scipy)."""
    def ref(*args, **kwargs):
        import scipy.special
        return getattr(scipy.special, name)(*args, **kwargs)
    return ref


def _f32(fn):
    """The reference computed in float32 (MindSpore's float-only ops compute integers so)."""
    return lambda *xs, **kw: fn(*[np.asarray(x).astype(np.float32) if
                                  np.asarray(x).dtype.kind in "biu" else x for x in xs], **kw)


X23, Y23, X34 = T((2, 3)), T((2, 3)), T((3, 4))
I23 = T((2, 3), "int32", "int")
N23 = T((2, 3), "int32", "nat")
B23, B23b = T((2, 3), "bool", "bool"), T((2, 3), "bool", "real")

CASES: list[Case] = []


def add(*cases: Case) -> None:
    CASES.extend(cases)


def mark(ids: str, **fields) -> None:
    """Set `fields` on the records `ids` (space-separated) made by a family helper above."""
    wanted = set(ids.split())
    for case in CASES:
        if case.id in wanted:
            wanted.discard(case.id)
            for key, value in fields.items():
                setattr(case, key, value)
    assert not wanted, f"no records {sorted(wanted)}"


# -- elementwise unary -------------------------------------------------------------------------
# MindSpore's CPU kernels of most float-valued functions reject integer inputs; msjax computes
# them in Float32.
CPU_INT = "MindSpore's CPU kernel rejects integer inputs; msjax computes them in Float32"
NO_CPU = "MindSpore has no CPU kernel for this op"


def unary(op, ref, kind="real", ints=True, tol=None, prim=None, int_ref=None):
    """Records of a unary op: a float32 input, an int32 input (`ints`: True, False, "beyond",
    or "error" when MindSpore's type check refuses it) and the Primitive `prim`."""
    add(Case(op, (T((2, 3), "float32", kind),), ref=ref, tol=tol))
    if ints:
        ikind = "nat" if kind in ("pos", "gt1", "prob") else "int"
        add(Case(op, (T((2, 3), "int32", ikind),), ref=int_ref or ref, tag="int32", tol=tol,
                 beyond=CPU_INT if ints == "beyond" else "", error=ints == "error"))
    if prim:
        add(Case(prim, (T((2, 3), "float32", kind),), ref=ref, tol=tol))


unary("abs", np.abs, prim="Abs")
unary("absolute", np.abs, ints=False)
unary("neg", np.negative, prim="Neg")
unary("negative", np.negative, ints=False)
unary("sign", np.sign, prim="Sign")
unary("square", np.square, prim="Square")
unary("exp", _f32(np.exp), prim="Exp", ints="error")
unary("exp2", _f32(np.exp2))
unary("expm1", _f32(np.expm1), prim="Expm1", ints=False)
unary("log", _f32(np.log), "pos", prim="Log", ints="beyond")
unary("log2", _f32(np.log2), "pos", ints=False)
unary("log10", _f32(np.log10), "pos", ints=False)
unary("log1p", _f32(np.log1p), "pos", prim="Log1p", ints=False)
unary("sqrt", _f32(np.sqrt), "pos", prim="Sqrt")
unary("rsqrt", _f32(lambda x: 1 / np.sqrt(x)), "pos", prim="Rsqrt", ints=False)
unary("reciprocal", _f32(np.reciprocal), "pos", prim="Reciprocal")
unary("sin", _f32(np.sin), prim="Sin", ints="beyond")
unary("cos", _f32(np.cos), prim="Cos", ints=False)
unary("tan", _f32(np.tan), "small", prim="Tan", ints=False)
unary("asin", _f32(np.arcsin), "unit", ints=False, prim="Asin")
unary("arcsin", _f32(np.arcsin), "unit", ints=False)
unary("acos", _f32(np.arccos), "unit", ints=False, prim="ACos")
unary("arccos", _f32(np.arccos), "unit", ints=False)
unary("atan", _f32(np.arctan), prim="Atan", ints=False)
unary("arctan", _f32(np.arctan), ints=False)
unary("sinh", _f32(np.sinh), prim="Sinh", ints=False)
unary("cosh", _f32(np.cosh), prim="Cosh", ints=False)
unary("tanh", _f32(np.tanh), prim="Tanh", ints="beyond")
unary("asinh", _f32(np.arcsinh), ints=False)
unary("arcsinh", _f32(np.arcsinh), ints=False)
unary("acosh", _f32(np.arccosh), "gt1", ints=False)
unary("arccosh", _f32(np.arccosh), "gt1", ints=False)
unary("atanh", _f32(np.arctanh), "unit", ints=False)
unary("arctanh", _f32(np.arctanh), "unit", ints=False)
unary("erf", _f32(_special("erf")), prim="Erf", ints="beyond")
unary("erfc", _f32(_special("erfc")), ints=False)
unary("erfinv", _f32(_special("erfinv")), "unit", ints=False, tol=(1e-4, 1e-5))
unary("lgamma", _f32(_special("gammaln")), "pos", tol=(1e-4, 1e-5))
unary("digamma", _f32(_special("digamma")), "pos", ints=False, tol=(1e-4, 1e-5))
unary("sinc", _f32(np.sinc))
unary("deg2rad", _f32(np.deg2rad), ints="error")
unary("rad2deg", _f32(np.rad2deg), ints="error")
unary("floor", np.floor, prim="Floor", ints="beyond", int_ref=lambda x: x)
unary("ceil", np.ceil, prim="Ceil", ints="error")
unary("trunc", np.trunc)
unary("frac", lambda x: x - np.trunc(x))
unary("sigmoid", _f32(lambda x: 1 / (1 + np.exp(-x))), prim="Sigmoid", ints="beyond")
unary("isnan", np.isnan, prim="IsNan")
unary("isinf", np.isinf, prim="IsInf", ints="beyond")
unary("isfinite", np.isfinite, prim="IsFinite")
unary("isneginf", np.isneginf, ints=False)
unary("isposinf", np.isposinf, ints=False)
unary("signbit", np.signbit)
unary("logical_not", np.logical_not, ints=False, prim="LogicalNot")
unary("round", np.round, prim="Round")
add(Case("round", (V([0.5, 1.5, 2.5, -0.5, 1.2345]),), ref=np.round, tag="half_even"),
    Case("round", (V([1.2345, -2.5678]),), {"decimals": 2}, ref=lambda x, decimals:
         np.round(x, decimals).astype(np.float32), tag="decimals",
         beyond="MindSpore's CPU Round supports only decimals=0"),
    Case("logical_not", (B23,), ref=np.logical_not, tag="bool"),
    Case("isnan", (V([1.0, np.nan, np.inf, -np.inf]),), ref=np.isnan, tag="special"),
    Case("isinf", (V([1.0, np.nan, np.inf, -np.inf]),), ref=np.isinf, tag="special"),
    Case("isfinite", (V([1.0, np.nan, np.inf, -np.inf]),), ref=np.isfinite, tag="special"),
    Case("isneginf", (V([1.0, np.nan, np.inf, -np.inf]),), ref=np.isneginf, tag="special"),
    Case("isposinf", (V([1.0, np.nan, np.inf, -np.inf]),), ref=np.isposinf, tag="special"),
    Case("signbit", (V([1.0, -0.0, 0.0, -2.0]),), ref=lambda x: x < 0, tag="zeros"),
    Case("invert", (I23,), ref=np.invert),
    Case("invert", (T((2, 3), "uint8", "nat"),), ref=np.invert, tag="uint8"),
    Case("logit", (T((2, 3), "float32", "prob"),), ref=lambda x: np.log(x / (1 - x))),
    Case("logit", (T((2, 3), "float32", "prob"),), {"eps": 0.2}, tag="eps",
         ref=lambda x, eps: np.log(np.clip(x, eps, 1 - eps) / (1 - np.clip(x, eps, 1 - eps)))),
    Case("nan_to_num", (V([1.0, np.nan, np.inf, -np.inf]),),
         ref=lambda x: np.nan_to_num(x, posinf=np.finfo(np.float32).max,
                                     neginf=np.finfo(np.float32).min)),
    Case("nan_to_num", (V([1.0, np.nan, np.inf, -np.inf]),), {"nan": 2.0, "posinf": 9.0,
                                                              "neginf": -9.0}, tag="values",
         ref=lambda x, **k: np.nan_to_num(x, **k)),
    Case("conj", (T((2, 3), "complex64"),), ref=np.conj),
    Case("real", (T((2, 3), "complex64"),), ref=np.real),
    Case("imag", (T((2, 3), "complex64"),), ref=np.imag),
    Case("angle", (T((2, 3), "complex64"),), ref=np.angle),
    Case("angle", (X23,), ref=lambda x: np.angle(x).astype(np.float32), tag="float32",
         beyond="MindSpore's CPU Angle takes only complex inputs"),
    Case("real", (X23,), ref=np.real, tag="float32"),
    Case("is_floating_point", (X23,), ref=lambda x: True, transforms=False),
    Case("is_floating_point", (I23,), ref=lambda x: False, tag="int32", transforms=False),
    Case("is_complex", (T((2,), "complex64"),), ref=lambda x: True, transforms=False),
    Case("is_complex", (X23,), ref=lambda x: False, tag="float32", transforms=False),
    )


# -- elementwise binary ------------------------------------------------------------------------
def binary(op, ref, kinds=("real", "real"), ints=True, scalar=True, prim=None, tol=None):
    a, b = (T((2, 3), "float32", k) for k in kinds)
    add(Case(op, (a, T((3,), "float32", kinds[1])), ref=ref, tol=tol))
    if ints:
        ik = ["nat" if k in ("pos", "nat") else "int" for k in kinds]
        add(Case(op, (T((2, 3), "int32", ik[0]), T((2, 3), "int32", ik[1])), ref=ref,
                 tag="int32", tol=tol))
    if scalar:
        add(Case(op, (a, 2.0), ref=ref, tag="pyfloat", tol=tol))
        if ints:
            add(Case(op, (T((2, 3), "int32", "nat"), 2.0), ref=ref, tag="int_pyfloat", tol=tol),
                Case(op, (T((2, 3), "int32", "nat"), 2), ref=ref, tag="int_pyint", tol=tol))
    if prim:
        add(Case(prim, (a, b), ref=ref, tol=tol))


binary("add", np.add, prim="Add")
binary("sub", np.subtract, prim="Sub", scalar=False)
binary("mul", np.multiply, prim="Mul")
binary("multiply", np.multiply, ints=False, scalar=False)
binary("div", _f32(np.true_divide), ("real", "pos"), prim="Div")
binary("divide", _f32(np.true_divide), ("real", "pos"), ints=False, scalar=False)
binary("maximum", np.maximum, prim="Maximum")
binary("minimum", np.minimum, prim="Minimum", scalar=False)
binary("fmax", np.fmax, scalar=False)
binary("fmin", np.fmin, scalar=False)
binary("floor_div", np.floor_divide, ("real", "pos"), prim="FloorDiv")
binary("floor_divide", np.floor_divide, ("real", "pos"), ints=False, scalar=False)
binary("floor_mod", np.mod, ("real", "pos"), prim="FloorMod", scalar=False)
binary("remainder", np.remainder, ("real", "pos"), scalar=False)
binary("fmod", np.fmod, ("real", "pos"), prim="Mod", scalar=False)
binary("pow", np.power, ("pos", "real"), ints=False, prim="Pow")
binary("atan2", _f32(np.arctan2), prim="Atan2")
binary("arctan2", _f32(np.arctan2), ints=False, scalar=False)
binary("hypot", np.hypot, ints=False, scalar=False)
binary("xlogy", _f32(_special("xlogy")), ("real", "pos"), ints=False)
binary("copysign", np.copysign, ints=False, scalar=False)
binary("logaddexp", np.logaddexp, ints=False, scalar=False)
binary("logaddexp2", np.logaddexp2, ints=False, scalar=False)
binary("nextafter", np.nextafter, ints=False, scalar=False)
binary("equal", np.equal, prim="Equal")
binary("eq", np.equal, ints=False, scalar=False)
binary("not_equal", np.not_equal, prim="NotEqual", scalar=False)
binary("ne", np.not_equal, ints=False, scalar=False)
binary("greater", np.greater, prim="Greater")
binary("gt", np.greater, ints=False, scalar=False)
binary("greater_equal", np.greater_equal, prim="GreaterEqual", scalar=False)
binary("ge", np.greater_equal, ints=False, scalar=False)
binary("less", np.less, prim="Less", scalar=False)
binary("lt", np.less, ints=False, scalar=False)
binary("less_equal", np.less_equal, prim="LessEqual", scalar=False)
binary("le", np.less_equal, ints=False, scalar=False)
mark("atan2-int32 atan2-int_pyint", beyond=CPU_INT)
mark("fmin fmin-int32", beyond="MindSpore has no CPU kernel for Fmin")
add(Case("RealDiv", (X23, T((2, 3), "float32", "pos")), ref=np.true_divide),
    Case("SquaredDifference", (X23, Y23), ref=lambda a, b: (a - b) ** 2),
    Case("pow", (T((2, 3), "int32", "nat"), 2), ref=np.power, tag="int_pyint"),
    Case("pow", (T((2, 3), "int32", "nat"), T((2, 3), "int32", "nat")), ref=np.power,
         tag="int32"),
    Case("pow", (T((2, 3), "int32", "nat"), 0.5), ref=np.power, tag="int_pyfloat"),
    Case("pow", (2.0, T((2, 3), "float32", "small")), ref=np.power, tag="scalar_base"),
    Case("add", (X23, T((2, 3), "int32", "int")), ref=np.add, tag="float_int"),
    Case("add", (T((2, 3), "int32", "int"), T((2, 3), "int64", "int")), ref=np.add,
         tag="int32_int64"),
    Case("add", (T((2, 3), "uint8", "nat"), T((2, 3), "int8", "int")), ref=np.add,
         tag="uint8_int8"),
    Case("add", (B23, B23b), ref=np.logical_or, tag="bool",
         beyond="ops.add refuses Bool Tensors although MindSpore's + adds them; msjax's "
         "ops.add adds them as + does"),
    Case("add", (T((2, 3), "float16"), X23), ref=np.add, tag="f16_f32"),
    Case("div", (I23, N23), {"rounding_mode": "floor"}, tag="floor",
         ref=lambda a, b, rounding_mode: np.floor_divide(a, b)),
    Case("div", (X23, T((2, 3), "float32", "pos")), {"rounding_mode": "trunc"}, tag="trunc",
         ref=lambda a, b, rounding_mode: np.trunc(a / b)),
    Case("div", (I23, N23), {"rounding_mode": "trunc"}, tag="trunc_int32",
         ref=lambda a, b, rounding_mode: np.trunc(a / b).astype(np.int32)),
    Case("subtract", (X23, Y23), {"alpha": 2}, ref=lambda a, b, alpha: a - alpha * b,
         tag="alpha"),
    Case("logical_and", (B23, B23b), ref=np.logical_and),
    Case("logical_or", (B23, B23b), ref=np.logical_or),
    Case("logical_xor", (B23, B23b), ref=np.logical_xor),
    Case("LogicalAnd", (B23, B23b), ref=np.logical_and),
    Case("LogicalOr", (B23, B23b), ref=np.logical_or),
    Case("bitwise_and", (I23, T((2, 3), "int32", "nat")), ref=np.bitwise_and),
    Case("bitwise_or", (I23, T((2, 3), "int32", "nat")), ref=np.bitwise_or),
    Case("bitwise_xor", (I23, T((2, 3), "int32", "nat")), ref=np.bitwise_xor),
    Case("bitwise_left_shift", (N23, T((2, 3), "int32", ("idx", 4))), ref=np.left_shift),
    Case("bitwise_right_shift", (T((2, 3), "int32", "int"), T((2, 3), "int32", ("idx", 3))),
         ref=np.right_shift),
    Case("gcd", (I23, N23), ref=np.gcd),
    Case("lcm", (I23, N23), ref=np.lcm),
    Case("isclose", (X23, V([[0.0, 1.0, 2.0], [0.5, -1.0, 3.0]])), ref=np.isclose),
    Case("isclose", (V([1.0, 1.001, np.nan]), V([1.0, 1.0, np.nan])),
         {"rtol": 1e-2, "equal_nan": True}, tag="kwargs",
         ref=lambda a, b, **k: np.isclose(a, b, **k)),
    Case("addcmul", (X23, Y23, T((3,))), {"value": 0.5}, ref=lambda x, a, b, value:
         x + value * a * b),
    Case("addcdiv", (X23, Y23, T((3,), "float32", "pos")), {"value": 0.5},
         ref=lambda x, a, b, value: x + value * a / b),
    Case("lerp", (X23, Y23, 0.3), ref=lambda a, b, w: a + w * (b - a)),
    Case("lerp", (X23, Y23, T((2, 3), "float32", "prob")), ref=lambda a, b, w: a + w * (b - a),
         tag="tensor_weight"),
    Case("clamp", (X23, -1.0, 1.5), ref=np.clip),
    Case("clamp", (X23,), {"max": 1.0}, ref=lambda x, max: np.minimum(x, max), tag="max"),
    Case("clamp", (I23, -2, 3), ref=np.clip, tag="int32"),
    Case("clamp", (I23, -2.5, 3.5), ref=np.clip, tag="int_pyfloat"),
    Case("clip", (X23, -1.0, 1.5), ref=np.clip),
    Case("clip_by_value", (X23, -1.0, 1.5), ref=np.clip),
    Case("clip_by_value", (X23, V(-1.0), V(1.5)), ref=np.clip, tag="tensors"),
    )


# -- reductions --------------------------------------------------------------------------------
def mean_int(x, axis=None, keep_dims=False):
    return np.mean(x, axis=axis, keepdims=keep_dims)


add(Case("sum", (X34,), ref=np.sum),
    Case("sum", (X34, 1, True), ref=lambda x, d, k: np.sum(x, d, keepdims=k), tag="dim_keep"),
    Case("sum", (T((3, 4), "int32", "int"),), {"dim": (0, 1)}, ref=lambda x, dim: x.sum(dim),
         tag="int32"),
    Case("sum", (B23,), ref=np.sum, tag="bool"),
    Case("sum", (X34,), {"dtype": D("float64")}, ref=np.sum, tag="dtype"),
    Case("prod", (T((3, 4), "float32", "small"), 1), ref=lambda x, a: np.prod(x, a)),
    Case("prod", (T((2, 3), "int32", "nat"),), ref=np.prod, tag="int32"),
    Case("mean", (X34,), ref=np.mean),
    Case("mean", (X34, 1, True), ref=lambda x, a, k: np.mean(x, a, keepdims=k), tag="keep"),
    Case("mean", (T((3, 4), "int32", "nat"), 1), tag="int32"),
    Case("max", (X34,), tag="all"),
    Case("max", (X34, 1), ref=lambda x, a: (np.max(x, a), np.argmax(x, a))),
    Case("max", (X34, 0, True), ref=lambda x, a, k: (np.max(x, a, keepdims=k),
                                                      np.argmax(x, a, keepdims=k)), tag="keep"),
    Case("min", (X34, 1), ref=lambda x, a: (np.min(x, a), np.argmin(x, a))),
    Case("min", (X34,), tag="all"),
    Case("amax", (X34, 1), ref=lambda x, a: np.max(x, a)),
    Case("amax", (X34,), ref=np.max, tag="all"),
    Case("amax", (X34, (0, 1), True), ref=lambda x, a, k: np.max(x, a, keepdims=k), tag="tuple"),
    Case("amin", (X34, 0), ref=lambda x, a: np.min(x, a)),
    Case("argmax", (X34,), ref=np.argmax),
    Case("argmax", (X34, 1, True), ref=lambda x, d, k: np.argmax(x, d, keepdims=k), tag="dim"),
    Case("argmin", (X34,), ref=np.argmin),
    Case("argmin", (X34, 0), ref=lambda x, a: np.argmin(x, a), tag="axis"),
    Case("all", (B23,), ref=np.all),
    Case("all", (B23b, 1), ref=lambda x, a: np.all(x, a), tag="axis"),
    Case("any", (B23,), ref=np.any),
    Case("any", (B23b, 0, True), ref=lambda x, a, k: np.any(x, a, keepdims=k), tag="axis"),
    Case("std", (X34,), ref=np.std),
    Case("std", (X34, 1, 1, True), ref=lambda x, a, d, k: np.std(x, a, ddof=d, keepdims=k),
         tag="axis"),
    Case("var", (X34,), ref=np.var),
    Case("var", (X34, 0, 1), ref=lambda x, a, d: np.var(x, a, ddof=d), tag="axis"),
    Case("std_mean", (X34, 1), ref=lambda x, a: (np.std(x, a), np.mean(x, a))),
    Case("var_mean", (X34, 1), ref=lambda x, a: (np.var(x, a), np.mean(x, a))),
    Case("logsumexp", (X34, 1), ref=lambda x, d: np.log(np.exp(x).sum(d))),
    Case("logsumexp", (X34, (0, 1), True), tag="keep",
         ref=lambda x, d, k: np.log(np.exp(x).sum(d, keepdims=k))),
    Case("median", (X34,)),
    Case("median", (X34, 0, True), tag="keep"),
    Case("cumsum", (X34, 1), ref=lambda x, a: np.cumsum(x, a)),
    Case("cumsum", (I23, 0), ref=lambda x, a: np.cumsum(x, a), tag="int32"),
    Case("cumprod", (T((3, 4), "float32", "small"), 0), ref=lambda x, d: np.cumprod(x, d)),
    Case("cummax", (X34, 1), ref=lambda x, a: (np.maximum.accumulate(x, a), np.array([
        [0, 0, 0, 0], [0, 1, 1, 1], [0, 0, 2, 2]]))),
    Case("cummin", (X34, 0)),
    Case("cummax", (V([[1, 3, 2, 3], [0, 0, 5, 1]], "int32"), 1), tag="ties"),
    Case("cummin", (V([[1, 3, 1, 3], [0, 0, 5, 0]], "int32"), 1), tag="ties"),
    Case("norm", (X34,), ref=np.linalg.norm),
    Case("norm", (X34, None, 1), ref=lambda x, o, d: np.linalg.norm(x, o, d), tag="dim"),
    Case("norm", (X34, 1, 0), ref=lambda x, o, d: np.linalg.norm(x, o, d), tag="l1"),
    Case("norm", (X34, "fro"), ref=lambda x, o: np.linalg.norm(x, o), tag="fro"),
    Case("count_nonzero", (V([[0, 1, 2], [0, 0, 3]], "int32"),), ref=np.count_nonzero),
    Case("count_nonzero", (V([[0, 1, 2], [0, 0, 3]], "float32"), 1), tag="axis",
         ref=lambda x, a: np.count_nonzero(x, a)),
    Case("ReduceSum", (X34, 1), ref=lambda x, a: np.sum(x, a)),
    Case("ReduceSum", (X34,), init=dict(keep_dims=True), ref=lambda x: np.sum(x, keepdims=True),
         tag="keep"),
    Case("ReduceSum", (T((3, 4), "int32", "int"), (0,)), tag="int32"),
    Case("ReduceMean", (X34, 1), ref=lambda x, a: np.mean(x, a)),
    Case("ReduceMean", (T((3, 4), "int32", "nat"), 1), tag="int32"),
    Case("ReduceMax", (X34, 0), init=(True,), ref=lambda x, a: np.max(x, a, keepdims=True)),
    Case("ReduceMin", (X34, 1), ref=lambda x, a: np.min(x, a)),
    Case("ReduceProd", (T((3, 4), "float32", "small"), 1), ref=lambda x, a: np.prod(x, a)),
    Case("ReduceAll", (B23b, 1), ref=lambda x, a: np.all(x, a)),
    Case("ReduceAny", (B23b,), ref=np.any),
    Case("Argmax", (X34,), ref=lambda x: np.argmax(x, -1)),
    Case("Argmax", (X34,), init=dict(axis=0, output_type=D("int64")), tag="int64",
         ref=lambda x: np.argmax(x, 0)),
    Case("Argmin", (X34,), ref=lambda x: np.argmin(x, -1)),
    Case("ArgMaxWithValue", (X34,), ref=lambda x: (np.argmax(x, 0), np.max(x, 0))),
    Case("ArgMinWithValue", (X34,), init=dict(axis=1, keep_dims=True),
         ref=lambda x: (np.argmin(x, 1, keepdims=True), np.min(x, 1, keepdims=True))),
    Case("CumSum", (X34, 1), ref=lambda x, a: np.cumsum(x, a)),
    Case("CumSum", (X34, 1), init=dict(exclusive=True, reverse=True), tag="excl_rev"),
    Case("AddN", ([X23, Y23, T((2, 3))],), ref=lambda xs: xs[0] + xs[1] + xs[2]),
    )


# -- linear algebra ----------------------------------------------------------------------------
SQ = V([[2.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 4.0]])
add(Case("matmul", (T((2, 3)), T((3, 4))), ref=np.matmul),
    Case("matmul", (T((2, 2, 3)), T((3, 4))), ref=np.matmul, tag="batched"),
    Case("matmul", (T((3,)), T((3, 4))), ref=np.matmul, tag="vec"),
    Case("matmul", (T((2, 3), "int32", "int"), T((3, 2), "int32", "int")), ref=np.matmul,
         tag="int32"),
    Case("bmm", (T((2, 2, 3)), T((2, 3, 4))), ref=np.matmul),
    Case("mm", (T((2, 3)), T((3, 4))), ref=np.matmul),
    Case("dot", (T((2, 3)), T((3, 4))), ref=np.dot),
    Case("inner", (T((2, 3)), T((4, 3))), ref=np.inner),
    Case("outer", (T((3,)), T((4,))), ref=np.outer),
    Case("ger", (T((3,)), T((4,))), ref=np.outer),
    Case("kron", (T((2, 2)), T((2, 3))), ref=np.kron),
    Case("cross", (T((2, 3)), T((2, 3))), ref=lambda a, b: np.cross(a, b)),
    Case("cross", (T((3, 2)), T((3, 2))), {"dim": 0}, ref=lambda a, b, dim:
         np.cross(a, b, axis=dim), tag="dim"),
    Case("tensor_dot", (T((2, 3, 4)), T((3, 4, 2)), 2), ref=np.tensordot),
    Case("tensor_dot", (T((2, 3)), T((3, 2)), ((1,), (0,))), ref=np.tensordot, tag="axes"),
    Case("baddbmm", (T((2, 2, 4)), T((2, 2, 3)), T((2, 3, 4))), {"beta": 0.5, "alpha": 2.0},
         ref=lambda x, a, b, beta, alpha: beta * x + alpha * a @ b),
    Case("addmm", (T((2, 4)), T((2, 3)), T((3, 4))), {"beta": 0.5, "alpha": 2.0},
         ref=lambda x, a, b, beta, alpha: beta * x + alpha * a @ b),
    Case("addmv", (T((2,)), T((2, 3)), T((3,))), ref=lambda x, a, b: x + a @ b),
    Case("addr", (T((3, 4)), T((3,)), T((4,))), ref=lambda x, a, b: x + np.outer(a, b)),
    Case("trace", (X34,), ref=np.trace),
    Case("inverse", (SQ,), ref=np.linalg.inv),
    Case("det", (SQ,), ref=np.linalg.det, tol=(1e-5, 1e-5)),
    Case("matrix_power", (SQ, 3), ref=np.linalg.matrix_power, tol=(1e-5, 1e-4)),
    Case("matrix_power", (SQ, 0), ref=np.linalg.matrix_power, tag="zero"),
    Case("einsum", ("ij,jk->ik", T((2, 3)), T((3, 4))), ref=np.einsum, beyond=NO_CPU),
    Case("einsum", ("ii", SQ), ref=np.einsum, tag="trace", beyond=NO_CPU),
    Case("MatMul", (T((2, 3)), T((3, 4))), ref=np.matmul),
    Case("MatMul", (T((2, 3)), T((4, 3))), init=dict(transpose_b=True), tag="tb",
         ref=lambda a, b: a @ b.T),
    Case("MatMul", (T((3, 2)), T((3, 4))), init=(True, False), tag="ta",
         ref=lambda a, b: a.T @ b),
    Case("BatchMatMul", (T((2, 2, 3)), T((2, 4, 3))), init=dict(transpose_b=True),
         ref=lambda a, b: a @ np.swapaxes(b, -1, -2)),
    Case("Einsum", ((T((2, 3)), T((3, 4))),), init=("ij,jk->ik",),
         ref=lambda xs: xs[0] @ xs[1], beyond=NO_CPU),
    )


# -- creation ----------------------------------------------------------------------------------
add(Case("zeros", ((2, 3),), ref=lambda s: np.zeros(s, np.float32)),
    Case("zeros", (4, D("int32")), ref=lambda s, d: np.zeros(s, d), tag="int32"),
    Case("ones", ((2, 3),), ref=lambda s: np.ones(s, np.float32)),
    Case("ones", ((2,), D("float16")), ref=lambda s, d: np.ones(s, d), tag="f16"),
    Case("zeros_like", (I23,), ref=np.zeros_like),
    Case("zeros_like", (X23,), {"dtype": D("int32")}, ref=lambda x, dtype:
         np.zeros_like(x, dtype), tag="dtype"),
    Case("ones_like", (X23,), ref=np.ones_like),
    Case("fill", (D("float32"), (2, 3), 2.5), ref=lambda t, s, v: np.full(s, v, t)),
    Case("fill", (D("int32"), (2,), 7), ref=lambda t, s, v: np.full(s, v, t), tag="int32"),
    Case("full", ((2, 3), 1.5), ref=lambda s, v: np.full(s, v, np.int64)),  # Int64 by default
    Case("full", ((2, 3), 4), ref=lambda s, v: np.full(s, v, np.int64), tag="int"),
    Case("full", ((2,), True), ref=lambda s, v: np.full(s, v), tag="bool"),
    Case("full", ((2, 3), 1), {"dtype": D("float16")}, tag="dtype",
         ref=lambda s, v, dtype: np.full(s, v, dtype)),
    Case("full_like", (I23, 5), ref=np.full_like),
    Case("full_like", (I23, 5.5), {"dtype": D("float32")}, tag="dtype",
         ref=lambda x, v, dtype: np.full_like(x, v, dtype)),
    Case("arange", (5,), ref=lambda n: np.arange(n)),
    Case("arange", (1, 7, 2), ref=np.arange, tag="step"),
    Case("arange", (0.0, 1.0, 0.25), ref=lambda *a: np.arange(*a, dtype=np.float32),
         tag="float"),
    Case("arange", (5,), {"dtype": D("float32")}, tag="dtype",
         ref=lambda n, dtype: np.arange(n, dtype=dtype)),
    Case("linspace", (0.0, 1.0, 5), ref=lambda a, b, n: np.linspace(a, b, n, dtype=np.float32)),
    Case("linspace", (V(-1.0), V(1.0), 4), tag="tensors",
         ref=lambda a, b, n: np.linspace(a, b, n, dtype=np.float32)),
    Case("eye", (3,), ref=lambda n: np.eye(n, dtype=np.float32)),
    Case("eye", (2, 3, D("int32")), ref=lambda n, m, d: np.eye(n, m, dtype=d), tag="int32"),
    Case("range", (0, 10, 3), ref=np.arange),
    Case("range", (0.0, 1.0, 0.3), ref=lambda *a: np.arange(*a).astype(np.float32),
         tag="float"),
    Case("range", (V(0, "int32"), V(10, "int32"), V(3, "int32")), ref=np.arange, tag="tensors",
         transforms=False),
    Case("Zeros", ((2, 3), D("float32")), ref=lambda s, d: np.zeros(s, d)),
    Case("Ones", ((2, 3), D("int32")), ref=lambda s, d: np.ones(s, d)),
    Case("ZerosLike", (X23,), ref=np.zeros_like),
    Case("OnesLike", (I23,), ref=np.ones_like),
    Case("Fill", (D("float32"), (2, 2), 3.0), ref=lambda t, s, v: np.full(s, v, t)),
    Case("Eye", (2, 3, D("float32")), ref=lambda n, m, d: np.eye(n, m, dtype=d)),
    Case("Range", (V(0.0), V(2.0), V(0.5)), ref=np.arange, transforms=False),
    )


# -- dtype and shape queries -------------------------------------------------------------------
add(Case("cast", (X23, D("int32")), ref=lambda x, d: x.astype(d)),
    Case("cast", (I23, D("bool")), ref=lambda x, d: x.astype(d), tag="bool"),
    Case("Cast", (I23, D("float16")), ref=lambda x, d: x.astype(d)),
    Case("dtype", (I23,), transforms=False),
    Case("shape", (X23,), ref=lambda x: x.shape, transforms=False),
    Case("Shape", (X23,), ref=lambda x: x.shape, transforms=False),
    Case("rank", (X23,), ref=np.ndim, transforms=False),
    Case("Rank", (X23,), ref=np.ndim, transforms=False),
    Case("size", (X23,), ref=np.size, transforms=False),
    Case("Size", (X23,), ref=np.size, transforms=False),
    Case("numel", (X23,), ref=np.size, transforms=False),
    )


# -- shape manipulation ------------------------------------------------------------------------
X234 = T((2, 3, 4))
add(Case("reshape", (X23, (3, 2)), ref=np.reshape),
    Case("reshape", (X23, (-1,)), ref=np.reshape, tag="infer"),
    Case("Reshape", (X23, (1, 6)), ref=np.reshape),
    Case("transpose", (X234, (2, 0, 1)), ref=np.transpose),
    Case("Transpose", (X234, (1, 0, 2)), ref=np.transpose),
    Case("permute", (X234, (2, 0, 1)), ref=np.transpose),
    Case("swapaxes", (X234, 0, 2), ref=np.swapaxes),
    Case("moveaxis", (X234, 0, -1), ref=np.moveaxis),
    Case("expand_dims", (X23, 1), ref=np.expand_dims),
    Case("ExpandDims", (X23, -1), ref=np.expand_dims),
    Case("unsqueeze", (X23, 0), ref=np.expand_dims),
    Case("squeeze", (T((1, 3, 1)),), ref=np.squeeze),
    Case("squeeze", (T((1, 3, 1)), 2), ref=np.squeeze, tag="axis"),
    Case("squeeze", (T((1, 3, 1)), (0, 2)), ref=np.squeeze, tag="tuple"),
    Case("Squeeze", (T((1, 3, 1)),), ref=np.squeeze),
    Case("Squeeze", (T((1, 3, 1)),), init=(0,), ref=lambda x: np.squeeze(x, 0), tag="axis"),
    Case("flatten", (X234,), ref=lambda x: x.reshape(2, -1)),
    Case("flatten", (X234,), {"start_dim": 0, "end_dim": 1}, ref=lambda x, **k:
         x.reshape(6, 4), tag="dims"),
    Case("Flatten", (X234,), ref=lambda x: x.reshape(2, -1)),
    Case("ravel", (X23,), ref=np.ravel),
    Case("broadcast_to", (T((3, 1)), (2, 3, 4)), ref=np.broadcast_to),
    Case("broadcast_to", (T((3, 1)), (-1, 4)), ref=lambda x, s: np.broadcast_to(x, (3, 4)),
         tag="minus1"),
    Case("BroadcastTo", (T((3, 1)),), init=((3, 5),), ref=lambda x: np.broadcast_to(x, (3, 5))),
    Case("tile", (X23, (2, 1)), ref=np.tile),
    Case("tile", (X23, (2, 1, 2)), ref=np.tile, tag="more_dims"),
    Case("Tile", (X23, (1, 2)), ref=np.tile),
    Case("repeat_interleave", (X23, 2), ref=lambda x, r: np.repeat(x, r)),
    Case("repeat_interleave", (X23, 2, 1), ref=lambda x, r, a: np.repeat(x, r, a), tag="axis"),
    Case("repeat_elements", (X23, 2, 1), ref=lambda x, r, a: np.repeat(x, r, a)),
    Case("flip", (X234, (0, 2)), ref=np.flip),
    Case("fliplr", (X23,), ref=np.fliplr),
    Case("flipud", (X23,), ref=np.flipud),
    Case("roll", (X23, 1), ref=np.roll, beyond=NO_CPU),
    Case("roll", (X23, (1, -1), (0, 1)), ref=np.roll, tag="dims", beyond=NO_CPU),
    Case("rot90", (X23, 1, (0, 1)), ref=np.rot90),
    Case("rot90", (X234, -1, (1, 2)), ref=np.rot90, tag="k_neg"),
    Case("tril", (X34,), ref=np.tril),
    Case("tril", (X34, -1), ref=np.tril, tag="diag"),
    Case("triu", (X34, 1), ref=np.triu),
    Case("diag", (T((3,)),), ref=np.diag),
    Case("diag", (X34,), tag="matrix"),
    Case("diagonal", (X34,), ref=np.diagonal),
    Case("diagonal", (X234, 1, 1, 2), ref=np.diagonal, tag="offset"),
    Case("diag_embed", (X23,)),
    Case("diag_embed", (X23, 1), tag="offset"),
    Case("narrow", (X34, 1, 1, 2), ref=lambda x, a, s, n: x[:, s:s + n]),
    Case("slice", (X34, (1, 0), (2, 3)), ref=lambda x, b, s: x[1:3, 0:3]),
    Case("slice", (X34, (0, 1), (-1, 2)), ref=lambda x, b, s: x[0:, 1:3], tag="minus1"),
    Case("Slice", (X34, (1, 1), (1, 2)), ref=lambda x, b, s: x[1:2, 1:3]),
    Case("strided_slice", (X34, (0, 1), (3, 4), (2, 2)), ref=lambda x, *a: x[0:3:2, 1:4:2]),
    Case("strided_slice", (X34, (1, 1), (3, 3), (1, 1)), {"begin_mask": 1, "end_mask": 2},
         ref=lambda x, *a, **k: x[:3, 1:], tag="masks"),
    Case("strided_slice", (X34, (1, 0), (2, 4), (1, 1)), {"shrink_axis_mask": 1},
         ref=lambda x, *a, **k: x[1, 0:4], tag="shrink"),
    Case("StridedSlice", (X34, (0, 0), (2, 4), (1, 2)), ref=lambda x, *a: x[0:2, 0:4:2]),
    Case("StridedSlice", (X34, (1, 0), (3, 2), (1, 1)), init=dict(end_mask=2), tag="end_mask",
         ref=lambda x, *a: x[1:3, 0:]),
    Case("pad", (X23, (1, 2)), ref=lambda x, p: np.pad(x, ((0, 0), (1, 2)))),
    Case("pad", (X23, (1, 1, 1, 0)), {"value": 2.0}, tag="value",
         ref=lambda x, p, value: np.pad(x, ((1, 0), (1, 1)), constant_values=value)),
    Case("pad", (T((1, 2, 3)), (1, 1)), {"mode": "reflect"}, tag="reflect",
         ref=lambda x, p, mode: np.pad(x, ((0, 0), (0, 0), (1, 1)), "reflect")),
    Case("pad", (T((1, 2, 3)), (1, 2)), {"mode": "replicate"}, tag="replicate",
         ref=lambda x, p, mode: np.pad(x, ((0, 0), (0, 0), (1, 2)), "edge")),
    Case("pad", (T((1, 2, 3)), (1, 2)), {"mode": "circular"}, tag="circular",
         ref=lambda x, p, mode: np.pad(x, ((0, 0), (0, 0), (1, 2)), "wrap")),
    )


# -- joining and splitting ---------------------------------------------------------------------
add(Case("concat", ((X23, Y23),), ref=np.concatenate),
    Case("concat", ([X23, T((2, 1))], 1), ref=np.concatenate, tag="axis"),
    Case("concat", ((X23, I23),), tag="mixed", error=True),  # MindSpore's CPU Concat: one dtype
    Case("cat", ((X23, Y23), -1), ref=np.concatenate),
    Case("Concat", ((X23, Y23),), init=(1,), ref=lambda xs: np.concatenate(xs, 1)),
    Case("stack", ((X23, Y23),), ref=np.stack),
    Case("stack", ([X23, Y23], -1), ref=np.stack, tag="axis"),
    Case("Stack", ((X23, Y23),), init=dict(axis=1), ref=lambda xs: np.stack(xs, 1)),
    Case("hstack", ((X23, Y23),), ref=np.hstack),
    Case("vstack", ((X23, Y23),), ref=np.vstack),
    Case("vstack", ((T((3,)), T((3,))),), ref=np.vstack, tag="1d"),
    Case("column_stack", ((T((3,)), T((3, 2))),), ref=np.column_stack),
    Case("unstack", (X23,), ref=lambda x: tuple(x)),
    Case("unstack", (X23, 1), ref=lambda x, a: tuple(np.moveaxis(x, a, 0)), tag="axis"),
    Case("Unstack", (X23,), init=dict(axis=-1), ref=lambda x: tuple(x.T)),
    Case("unbind", (X23, 1), ref=lambda x, a: tuple(np.moveaxis(x, a, 0))),
    Case("split", (T((5, 2)), 2), ref=lambda x, n: tuple(np.split(x, [2, 4]))),
    Case("split", (T((2, 5)), (1, 4), 1), ref=lambda x, s, a: tuple(np.split(x, [1], a)),
         tag="sections"),
    Case("Split", (T((4, 2)),), init=(0, 2), ref=lambda x: tuple(np.split(x, 2))),
    Case("Split", (T((2, 6)),), init=dict(axis=1, output_num=3), tag="axis",
         ref=lambda x: tuple(np.split(x, 3, 1))),
    Case("tensor_split", (T((7,)), 3), ref=lambda x, n: tuple(np.array_split(x, n))),
    Case("tensor_split", (T((2, 7)), (1, 4), 1), tag="indices",
         ref=lambda x, i, a: tuple(np.array_split(x, i, a))),
    Case("chunk", (T((5, 2)), 3), ref=lambda x, n: tuple(np.split(x, [2, 4]))),
    Case("chunk", (T((2, 6)), 3, 1), ref=lambda x, n, a: tuple(np.split(x, 3, 1)), tag="axis"),
    Case("meshgrid", (T((3,)), T((2,))), ref=lambda a, b: tuple(np.meshgrid(a, b))),
    Case("meshgrid", (T((3,)), T((2,))), {"indexing": "ij"}, tag="ij",
         ref=lambda a, b, indexing: tuple(np.meshgrid(a, b, indexing=indexing))),
    )


# -- indexing, gathering, scattering -----------------------------------------------------------
IDX = V([2, 0, 1, 2], "int32")
add(Case("where", (B23b, X23, Y23), ref=np.where),
    Case("where", (B23b, X23, 0.0), ref=np.where, tag="scalar"),
    Case("select", (B23b, X23, Y23), ref=np.where),
    Case("select", (B23b, X23, 1.0), ref=np.where, tag="scalar"),
    Case("Select", (B23b, X23, Y23), ref=np.where),
    Case("gather", (X34, IDX, 1), ref=lambda x, i, a: np.take(x, i, a)),
    Case("gather", (X34, V([[0, 2], [1, 1]], "int32"), 0), tag="2d",
         ref=lambda x, i, a: np.take(x, i, a)),
    Case("gather", (T((2, 3, 4)), V([[0, 2], [1, 1]], "int32"), 1, 1), tag="batch_dims"),
    Case("Gather", (X34, IDX, 1), ref=lambda x, i, a: np.take(x, i, a)),
    Case("gather_elements", (X34, 1, V([[0, 0], [1, 3], [2, 2]], "int64")),
         ref=lambda x, d, i: np.take_along_axis(x, i, d)),
    Case("GatherD", (X34, 0, V([[0, 1, 2, 0]], "int32")),
         ref=lambda x, d, i: np.take_along_axis(x, i, d)),
    Case("gather_nd", (X34, V([[0, 1], [2, 3]], "int32")), ref=lambda x, i: x[i[:, 0], i[:, 1]]),
    Case("gather_nd", (X34, V([[2], [0]], "int32")), ref=lambda x, i: x[i[:, 0]], tag="rows"),
    Case("GatherNd", (X34, V([[1, 1]], "int32")), ref=lambda x, i: x[i[:, 0], i[:, 1]]),
    Case("index_select", (X34, 1, V([3, 0], "int32")), ref=lambda x, a, i: np.take(x, i, a)),
    Case("masked_fill", (X23, B23b, 0.5), ref=lambda x, m, v: np.where(m, v, x)),
    Case("masked_fill", (I23, B23b, V(9, "int32")), ref=lambda x, m, v: np.where(m, v, x),
         tag="tensor_value"),
    Case("masked_select", (X23, B23b), ref=lambda x, m: x[m], transforms=False),
    Case("nonzero", (V([[0, 1, 2], [3, 0, 0]], "int32"),), ref=lambda x: np.argwhere(x),
         transforms=False),
    Case("nonzero", (V([[0, 1, 2], [3, 0, 0]], "int32"),), {"as_tuple": True}, tag="tuple",
         ref=lambda x, as_tuple: np.nonzero(x), transforms=False, beyond=NO_CPU),
    Case("argwhere", (V([[0, 1, 2], [3, 0, 0]], "float32"),), ref=np.argwhere,
         transforms=False),
    Case("one_hot", (V([0, 2, 1], "int32"), 3), ref=lambda i, d: np.eye(d, dtype=np.int64)[i]),
    Case("one_hot", (V([0, 2, 1], "int32"), 3, V(1.0), V(0.0)), tag="tensor_values",
         ref=lambda i, d, a, b: np.eye(d, dtype=np.float32)[i]),
    Case("one_hot", (V([0, 2], "int64"), 3, 5, -1, 0), tag="axis0",
         ref=lambda i, d, a, b, ax: np.where(np.eye(d)[i].T > 0, a, b)),
    Case("OneHot", (V([0, 2, 1], "int32"), 3, V(1.0), V(0.0)),
         ref=lambda i, d, a, b: np.eye(d, dtype=np.float32)[i]),
    Case("scatter_nd", (V([[0], [2]], "int32"), V([[1.0, 2.0], [3.0, 4.0]]), (4, 2))),
    Case("scatter_nd", (V([[0, 1], [0, 1]], "int32"), V([1.0, 2.0]), (2, 2)), tag="duplicates"),
    Case("ScatterNd", (V([[1], [3]], "int32"), V([5.0, 6.0]), (4,))),
    Case("tensor_scatter_update", (X34, V([[0, 1], [2, 2]], "int32"), V([9.0, 8.0]))),
    Case("TensorScatterUpdate", (X34, V([[1]], "int32"), V([[1.0, 2.0, 3.0, 4.0]]))),
    Case("tensor_scatter_add", (X34, V([[0, 1], [0, 1]], "int32"), V([1.0, 2.0]))),
    Case("tensor_scatter_elements", (X34, V([[0, 2]], "int32"), V([[5.0, 6.0]]), 1)),
    Case("tensor_scatter_elements", (X34, V([[0, 2]], "int32"), V([[5.0, 6.0]]), 1, "add"),
         tag="add"),
    Case("scatter", (X34, 1, V([[0, 2]], "int64"), V([[5.0, 6.0]]))),
    Case("sort", (X34,), ref=lambda x: (np.sort(x), np.argsort(x))),
    Case("sort", (X34, 0, True), ref=lambda x, a, d: (-np.sort(-x, a), np.argsort(-x, a)),
         tag="desc"),
    Case("Sort", (X34,), init=dict(axis=0, descending=True), tag="desc",
         ref=lambda x: (-np.sort(-x, 0), np.argsort(-x, 0))),
    Case("argsort", (X34,), ref=np.argsort),
    Case("argsort", (X34, 0, True), ref=lambda x, a, d: np.argsort(-x, a), tag="desc"),
    Case("topk", (X34, 2), ref=lambda x, k: (-np.sort(-x)[:, :k], np.argsort(-x)[:, :k])),
    Case("topk", (X34, 2, 0, False), tag="smallest_dim0",
         ref=lambda x, k, d, l: (np.sort(x, 0)[:k], np.argsort(x, 0)[:k])),
    Case("TopK", (X34, 3), ref=lambda x, k: (-np.sort(-x)[:, :k], np.argsort(-x)[:, :k])),
    Case("unique", (V([3, 1, 3, 2, 1], "int32"),), transforms=False,  # first-seen order
         ref=lambda x: (np.array([3, 1, 2]), np.array([0, 1, 0, 2, 1]))),
    Case("searchsorted", (V([1.0, 2.0, 3.0, 5.0]), V([0.5, 2.0, 4.0, 6.0])),
         ref=np.searchsorted),
    Case("searchsorted", (V([1.0, 2.0, 3.0, 5.0]), V([2.0, 5.0])), {"right": True},
         tag="right", ref=lambda s, v, right: np.searchsorted(s, v, "right")),
    Case("searchsorted", (V([1, 2, 3], "int32"), V([2], "int32")), {"out_int32": True},
         tag="int32", ref=lambda s, v, out_int32: np.searchsorted(s, v)),
    Case("bincount", (V([0, 1, 1, 3], "int32"),), ref=np.bincount, transforms=False),
    Case("bincount", (V([0, 1, 1, 3], "int32"), V([0.5, 1.0, 1.0, 2.0]), 6), tag="weights",
         ref=lambda x, w, m: np.bincount(x, w, m), transforms=False),
    Case("stop_gradient", (X23,), ref=lambda x: x),
    Case("StopGradient", (X23,), ref=lambda x: x),
    Case("Identity", (X23,), ref=lambda x: x),
    )


# -- neural-network functions ------------------------------------------------------------------
def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


def _gelu(x):
    from scipy.special import erf
    return 0.5 * x * (1 + erf(x / np.sqrt(2)))


def _softplus(x):
    return np.log1p(np.exp(x))


def _selu(x):
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    return scale * np.where(x > 0, x, alpha * (np.exp(x) - 1))


def _elu(x, alpha=1.0):
    return np.where(x > 0, x, alpha * (np.exp(x) - 1))


def _hswish(x):
    return x * np.clip(x + 3, 0, 6) / 6


def _hsigmoid(x):
    return np.clip(x + 3, 0, 6) / 6


X4 = T((2, 3, 4, 4))
add(Case("relu", (X23,), ref=lambda x: np.maximum(x, 0)),
    Case("relu", (I23,), ref=lambda x: np.maximum(x, 0), tag="int32"),
    Case("ReLU", (X23,), ref=lambda x: np.maximum(x, 0)),
    Case("relu6", (T((2, 3), "float32", "real"),), ref=lambda x: np.clip(x, 0, 6)),
    Case("ReLU6", (X23,), ref=lambda x: np.clip(x, 0, 6)),
    Case("gelu", (X23,), ref=_gelu),
    Case("gelu", (X23,), {"approximate": "tanh"}, tag="tanh",
         ref=lambda x, approximate: 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) *
                                                             (x + 0.044715 * x ** 3)))),
    Case("GeLU", (X23,), ref=lambda x: 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) *
                                                            (x + 0.044715 * x ** 3)))),
    Case("FastGeLU", (X23,), ref=lambda x: x / (1 + np.exp(-1.702 * x))),
    Case("silu", (X23,), ref=lambda x: x / (1 + np.exp(-x))),
    Case("mish", (X23,), ref=lambda x: x * np.tanh(_softplus(x))),
    Case("Mish", (X23,), ref=lambda x: x * np.tanh(_softplus(x))),
    Case("elu", (X23,), ref=_elu),
    Case("elu", (X23, 0.5), ref=_elu, tag="alpha",
         beyond="MindSpore's Elu supports only alpha=1.0"),
    Case("Elu", (X23,), init=dict(alpha=1.0), ref=_elu),
    Case("celu", (X23, 0.5), ref=lambda x, a: np.maximum(x, 0) + np.minimum(
        0, a * (np.exp(x / a) - 1))),
    Case("selu", (X23,), ref=_selu),
    Case("SeLU", (X23,), ref=_selu),
    Case("leaky_relu", (X23,), ref=lambda x: np.where(x > 0, x, 0.2 * x)),
    Case("leaky_relu", (X23, 0.1), ref=lambda x, a: np.where(x > 0, x, a * x), tag="alpha"),
    Case("prelu", (T((2, 3, 4)), V([0.1, 0.2, 0.3])),
         ref=lambda x, w: np.where(x > 0, x, w[:, None] * x)),
    Case("prelu", (T((2, 3)), V([0.25])), ref=lambda x, w: np.where(x > 0, x, w * x),
         tag="shared"),
    Case("softplus", (X23,), ref=_softplus),
    Case("softplus", (T((2, 3), "float32", "real"), 2, 2), tag="beta_threshold",
         ref=lambda x, b, t: np.where(x * b > t, x, np.log1p(np.exp(b * x)) / b)),
    Case("Softplus", (X23,), ref=_softplus),
    Case("softsign", (X23,), ref=lambda x: x / (1 + np.abs(x))),
    Case("hardswish", (X23,), ref=_hswish),
    Case("HSwish", (X23,), ref=_hswish),
    Case("hardsigmoid", (X23,), ref=_hsigmoid),
    Case("HSigmoid", (X23,), ref=_hsigmoid),
    Case("hardtanh", (X23,), ref=lambda x: np.clip(x, -1, 1)),
    Case("hardtanh", (X23, -0.5, 2.0), ref=np.clip, tag="range"),
    Case("hardshrink", (X23,), ref=lambda x: np.where(np.abs(x) > 0.5, x, 0)),
    Case("hardshrink", (X23, 1.0), ref=lambda x, l: np.where(np.abs(x) > l, x, 0), tag="lambd"),
    Case("softshrink", (X23,), ref=lambda x: np.where(
        x > 0.5, x - 0.5, np.where(x < -0.5, x + 0.5, 0))),
    Case("tanhshrink", (X23,), ref=lambda x: x - np.tanh(x)),
    Case("logsigmoid", (X23,), ref=lambda x: -np.log1p(np.exp(-x))),
    Case("glu", (T((2, 4)),), ref=lambda x: x[:, :2] / (1 + np.exp(-x[:, 2:]))),
    Case("glu", (T((4, 2)), 0), ref=lambda x, a: x[:2] / (1 + np.exp(-x[2:])), tag="axis"),
    Case("softmax", (X34,), ref=_softmax),
    Case("softmax", (X34, 0), ref=_softmax, tag="axis"),
    Case("softmax", (X34,), {"dtype": D("float16")}, tag="dtype", tol=(1e-2, 1e-3),
         ref=lambda x, dtype: _softmax(x).astype(np.float16)),
    Case("Softmax", (X34,), ref=_softmax),
    Case("Softmax", (X34,), init=(0,), ref=lambda x: _softmax(x, 0), tag="axis"),
    Case("log_softmax", (X34,), ref=lambda x: np.log(_softmax(x))),
    Case("log_softmax", (X34, 0), ref=lambda x, a: np.log(_softmax(x, a)), tag="axis"),
    Case("LogSoftmax", (X34,), ref=lambda x: np.log(_softmax(x))),
    Case("softmin", (X34,), ref=lambda x: _softmax(-x)),
    Case("bias_add", (T((2, 3, 4)), V([1.0, 2.0, 3.0])), ref=lambda x, b: x + b[:, None]),
    Case("bias_add", (T((2, 3)), V([1.0, 2.0, 3.0])), ref=lambda x, b: x + b, tag="2d"),
    Case("BiasAdd", (X4, V([1.0, 2.0, 3.0])), ref=lambda x, b: x + b[:, None, None]),
    Case("conv2d", (X4, T((5, 3, 3, 3))), tol=(1e-5, 1e-5)),
    Case("conv2d", (X4, T((3, 1, 3, 3)), T((3,)), 2, "pad", 1, 1, 3), tag="pad_groups",
         tol=(1e-5, 1e-5)),
    Case("conv2d", (X4, T((2, 3, 2, 2))), {"pad_mode": "same", "dilation": 2}, tag="same",
         tol=(1e-5, 1e-5)),
    Case("Conv2D", (X4, T((5, 3, 3, 3))), init=(5, 3), tol=(1e-5, 1e-5)),
    Case("Conv2D", (X4, T((5, 3, 3, 3))), init=dict(out_channel=5, kernel_size=3,
                                                     pad_mode="same", stride=2), tag="same",
         tol=(1e-5, 1e-5)),
    Case("conv1d", (T((2, 3, 8)), T((4, 3, 3))), {"padding": 1, "pad_mode": "pad"},
         tol=(1e-5, 1e-5)),
    Case("conv3d", (T((1, 2, 4, 4, 4)), T((3, 2, 2, 2, 2))), tol=(1e-5, 1e-5)),
    Case("max_pool2d", (X4, 2)),
    Case("max_pool2d", (X4, 3, 1, 1), tag="pad"),
    Case("avg_pool2d", (X4, 2, 2)),
    Case("avg_pool2d", (X4, 3, 1, 1), tag="pad"),
    Case("avg_pool2d", (X4, 3, 1, 1, False, False), tag="exclude_pad"),
    Case("adaptive_avg_pool2d", (X4, (2, 2))),
    Case("adaptive_avg_pool2d", (T((1, 2, 5, 7)), (3, None)), tag="uneven"),
    Case("dropout", (X23, 0.0), ref=lambda x, p: x, tag="p0"),
    Case("dropout", (X23,), {"training": False}, ref=lambda x, training: x, tag="eval"),
    Case("layer_norm", (X34, (4,)), ref=lambda x, s: (x - x.mean(-1, keepdims=True)) /
         np.sqrt(x.var(-1, keepdims=True) + 1e-5), tol=(1e-5, 1e-5), beyond=NO_CPU),
    Case("layer_norm", (X234, (3, 4), T((3, 4)), T((3, 4))), tag="affine", tol=(1e-5, 1e-5),
         beyond=NO_CPU, ref=lambda x, s, w, b: (x - x.mean((1, 2), keepdims=True)) /
         np.sqrt(x.var((1, 2), keepdims=True) + 1e-5) * w + b),
    Case("pdist", (X34,)),
    Case("cdist", (T((2, 3, 4)), T((2, 2, 4)))),
    Case("cdist", (T((3, 4)), T((2, 4)), 1.0), tag="p1"),
    Case("cosine_similarity", (X34, T((3, 4)))),
    )


from tests.ops.op_records_more import MORE  # noqa: E402  (the table, continued)

CASES.extend(MORE)
