"""Elementwise arithmetic, comparison, logic and math functions of `mindspore.ops`.

Each function is a jax-level implementation registered with `@op`; names and argument names are
MindSpore 2.10's (see `../shared/reference/mindspore_2.10_api.json`). Where MindSpore's CPU
kernels reject integer inputs of float-valued functions (`ops.sin(int32)`), msjax computes them in
Float32.
"""
from __future__ import annotations

import builtins
import functools

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.ops.adapters import (
    _ARRAY_IMPL,
    _BITWISE_TYPES,
    _SUB_TYPES,
    bool_floor_quotient,
    bool_remainder,
    check_same_dtype,
    primitive_type_error,
    promote_scalar,
    scalar_like,
    to_float_if_int,
    with_bool_rule,
)
from msjax._src.backend.interface import eager_jit, one_program
from msjax._src.ops import bessel_ops as _bessel
from msjax._src.ops.graph_rounding import graph_rounds_once, note_product
from msjax._src.ops.input_rules import ms_name
from msjax._src.ops.registry import broadcast_error, functional, op, primitive

_FLOAT32 = np.dtype(np.float32)


# Parameter names MindSpore gives its elementwise functions.
_SIGNATURES = {
    "input": lambda f: lambda input: f(input),
    "x": lambda f: lambda x: f(x),
    "input other": lambda f: lambda input, other: f(input, other),
    "x y": lambda f: lambda x, y: f(x, y),
    "x other": lambda f: lambda x, other: f(x, other),
    "input values": lambda f: lambda input, values: f(input, values),
}


def _named(name: str, args: str, compute):
    impl = _SIGNATURES[args](compute)
    impl.__name__ = impl.__qualname__ = name
    return impl


def _binary(name: str, jnp_fn, *aliases: str, args: str = "input other", float_only=False,
            **record):
    """Register a binary elementwise op with MindSpore's scalar promotion.

    `args` names the two parameters as MindSpore does; `float_only` computes integers as Float32;
    `record` is the rest of the op's record (`op`'s `primitive`, `tensor_method`).
    """
    program = eager_jit(jnp_fn, inline_in_traces=True)

    def compute(a, b):
        if type(a) is not _ARRAY_IMPL or type(b) is not _ARRAY_IMPL or a.dtype is not b.dtype:
            a, b = promote_scalar(a, b)  # (two arrays of one dtype, the commonest, need nothing)
        if float_only:
            a, b = to_float_if_int(a), to_float_if_int(b)
        return program(a, b)
    compute.__name__ = compute.__qualname__ = name
    impl = _named(name, args, compute)
    impl.positional = compute  # for positional calls (registry.functional)
    return op(name, *aliases, **record)(impl)


def _unary(name: str, jnp_fn, *aliases: str, float_only: bool = True, arg: str = "input",
           **record):
    """Register a unary elementwise op; float-valued ones compute integers as Float32 (`record`:
    `op`'s `primitive`, `tensor_method`)."""
    program = eager_jit(jnp_fn, inline_in_traces=True)
    if float_only:
        return op(name, *aliases, **record)(_named(name, arg,
                                                   lambda x: program(to_float_if_int(x))))
    # the op is its program: its Tensor-level function calls the program's C++ dispatch itself
    # (registry.one_program_functional), as `x.abs()` and `-x` are called often
    return op(name, *aliases, program=program, **record)(_named(name, arg, program))


def _accepting(primitive: str, arg: str, dtypes: str, jnp_fn, tensor: bool = False):
    """`jnp_fn` behind MindSpore's input type check of `primitive` (dtype names, sorted; each
    as `Tensor[Float32]` in the message where `tensor`)."""
    allowed = set(dtypes.split())
    shown = (lambda name: f"Tensor[{name}]") if tensor else (lambda name: name)

    def checked(x):
        name = str(mstype.from_numpy(jnp.result_type(x)))
        if name not in allowed:
            raise TypeError(f"For primitive[{primitive}], the input argument[{arg}] must be a "
                            f"type of {{{', '.join(shown(n) for n in sorted(allowed))}}}, but "
                            f"got {shown(name)}.")
        return jnp_fn(x)
    return checked


def _float_only(jnp_fn):
    """`jnp_fn` behind MindSpore's Python-level check that the input is a float Tensor."""
    def checked(x):
        if jnp.result_type(x) not in (np.float16, np.float32, np.float64):
            raise TypeError("The 'x' should be one of [mindspore.float16, mindspore.float32, "
                            f"mindspore.float64], but got '{mstype.from_numpy(x.dtype)!r}'.")
        return jnp_fn(x)
    return checked


# -- arithmetic --------------------------------------------------------------------------------
add = _binary("add", jnp.add, "tensor_add", primitive="Add")  # Tensor.add: tensor_methods (alpha)
def _not_bool(dtype) -> bool:
    return dtype != np.bool_


def _bool_or_integer(dtype) -> bool:
    return dtype == np.bool_ or jnp.issubdtype(dtype, jnp.integer)


def _refusing(primitive, valid, accepts, jnp_fn):
    """`jnp_fn` behind MindSpore's type check of `primitive`: a promoted dtype `accepts` refuses
    raises its TypeError (`ops.sub` on Bool, `ops.bitwise_and` on floats)."""
    def checked(a, b):
        dtype = jnp.result_type(a, b)
        if not accepts(dtype):
            raise primitive_type_error(primitive, valid, dtype)
        return jnp_fn(a, b)
    return checked


_bool_floor_divide = with_bool_rule(bool_floor_quotient, lambda a, b: jnp.floor_divide(
    scalar_like(a, b), scalar_like(b, a)))


sub = _binary("sub", _refusing("Sub", _SUB_TYPES, _not_bool, jnp.subtract), primitive="Sub")
mul = _binary("mul", jnp.multiply, "multiply", "tensor_mul", primitive="Mul", tensor_method="mul")
maximum = _binary("maximum", jnp.maximum, primitive="Maximum", tensor_method=True)
minimum = _binary("minimum", jnp.minimum, primitive="Minimum", tensor_method=True)
fmax = _binary("fmax", jnp.fmax, tensor_method=True)
fmin = _binary("fmin", jnp.fmin, tensor_method=True)
floor_div = _binary("floor_div", _bool_floor_divide, args="x y", primitive="FloorDiv")
floor_divide = _binary("floor_divide", with_bool_rule(bool_floor_quotient, jnp.floor_divide),
                       "floordiv", "tensor_floordiv", tensor_method="floor_divide")
# two Bools: MindSpore's remainder and fmod give Bool; FloorMod and `%`, which its CPU build
# refuses (no kernel), compute the same
floor_mod = _binary("floor_mod", with_bool_rule(bool_remainder, jnp.mod), "floormod", args="x y",
                    primitive="FloorMod")
tensor_mod = _binary("tensor_mod", jnp.mod, args="x y")
remainder = _binary("remainder", with_bool_rule(bool_remainder, jnp.remainder))
fmod = _binary("fmod", with_bool_rule(bool_remainder, jnp.fmod), primitive="Mod",
               tensor_method=True)
_TRUNCATE_DIV_TYPES = ("Int64", "Int32", "Int16", "Int8", "UInt64", "UInt32", "UInt16", "UInt8",
                       "Float64", "Float32", "Float16")


def _truncate_div(a, b):
    """MindSpore's TruncateDiv: the quotient rounded toward zero, in the operands' promoted
    dtype; Bool and complex operands (after promotion) raise its kernel's TypeError."""
    dtype = jnp.result_type(a, b)
    name = str(mstype.from_numpy(dtype))
    if name not in _TRUNCATE_DIV_TYPES:
        supported = "; ".join(f"input[{t} {t}], output[{t}]" for t in _TRUNCATE_DIV_TYPES)
        raise TypeError(f"Select CPU operator[TruncateDiv] fail! Unsupported data type!\nThe "
                        f"supported data types are {supported}; , but get input[{name} {name} ] "
                        f"and output[{name} ]")
    if jnp.issubdtype(dtype, jnp.integer):
        return jnp.trunc(a / b).astype(dtype)
    return jnp.trunc(a / b)


truncate_div = _binary("truncate_div", _truncate_div, args="x y", primitive="TruncateDiv")


def _truncate_mod(a, b):
    """MindSpore's TruncateMod: the remainder of truncated division, for the dtypes its kernel
    takes (Bool, Int16, Int64... raise its TypeError)."""
    name = str(mstype.from_numpy(jnp.result_type(a)))
    if name not in ("Float16", "Float32", "Float64", "Int32", "Int8", "UInt8"):
        raise TypeError("For primitive[TruncateMod], the input argument[x] must be a type of "
                        "{Tensor[Float16], Tensor[Float32], Tensor[Float64], Tensor[Int32], "
                        f"Tensor[Int8], Tensor[UInt8]}}, but got Tensor[{name}].")
    return jnp.fmod(a, b)


truncate_mod = _binary("truncate_mod", _truncate_mod, args="x y", primitive="TruncateMod")
atan2 = _binary("atan2", jnp.arctan2, "arctan2", float_only=True,
                primitive="Atan2", tensor_method=True)
def _hypot(x1, x2):
    """sqrt(x1² + x2²) of the promoted operands, which MindSpore's Hypot takes in Float32 and
    Float64 only (TypeError naming x1 and the promoted dtype: Int32 and Float16 operands
    too)."""
    name = str(mstype.from_numpy(jnp.result_type(x1, x2)))
    if name not in ("Float32", "Float64"):
        raise TypeError("For primitive[Hypot], the input argument[x1] must be a type of "
                        f"{{Tensor[Float32], Tensor[Float64]}}, but got Tensor[{name}].")
    return jnp.hypot(x1, x2)


hypot = _binary("hypot", _hypot, primitive="Hypot", tensor_method=True)
@jax.custom_jvp
def _x_log_y(x, y):
    """MindSpore's Xlogy kernel: `x * log(y)` as it stands, so `x = 0` with `y` zero, negative,
    infinite or NaN is NaN (JAX's xlogy gives 0 there)."""
    return x * jnp.log(y)


@_x_log_y.defjvp
def _x_log_y_jvp(primals, tangents):
    """MindSpore's gradient: `x / y` for `y`; `log(y)` for `x`, except 0 where `x` is 0 and `y`
    is not positive (NaN stays NaN)."""
    x, y = primals
    dx, dy = tangents
    log_y = jnp.log(y)
    dx_scale = jnp.where((x == 0) & (y <= 0), jnp.zeros_like(log_y), log_y)
    return x * log_y, dx_scale * dx + (x / y) * dy


def _xlogy(a, b):
    """`ops.xlogy`: integers and Bools computed in Float32 (MindSpore's function casts two Bool
    Tensors; its CPU kernel refuses integers, which msjax computes as its other float ops)."""
    a, b = to_float_if_int(scalar_like(a, b)), to_float_if_int(scalar_like(b, a))
    dtype = jnp.result_type(a, b)
    return _x_log_y(*jnp.broadcast_arrays(a.astype(dtype), b.astype(dtype)))


xlogy = _binary("xlogy", _xlogy, primitive="Xlogy", tensor_method=True)
xdivy = _binary("xdivy", lambda a, b: jnp.where(a == 0, jnp.zeros_like(a / b), a / b),
                args="x y", float_only=True, primitive="Xdivy")
squared_difference = functional(lambda x, y: jnp.square(jnp.subtract(*promote_scalar(x, y))))
_bits = functools.partial(_refusing, valid=_BITWISE_TYPES, accepts=_bool_or_integer)
bitwise_and = _binary("bitwise_and", _bits("BitwiseAnd", jnp_fn=jnp.bitwise_and),
                      primitive="BitwiseAnd", tensor_method=True)
bitwise_or = _binary("bitwise_or", _bits("BitwiseOr", jnp_fn=jnp.bitwise_or),
                     primitive="BitwiseOr", tensor_method=True)
bitwise_xor = _binary("bitwise_xor", _bits("BitwiseXor", jnp_fn=jnp.bitwise_xor),
                      primitive="BitwiseXor", tensor_method=True)
bitwise_left_shift = _binary("bitwise_left_shift", jnp.left_shift, primitive="LeftShift")
bitwise_right_shift = _binary("bitwise_right_shift", jnp.right_shift, primitive="RightShift")
def _integers_only(name, jnp_fn):
    """`jnp_fn`, refusing floats with MindSpore's TypeError (its Gcd/Lcm kernels)."""
    def fn(a, b):
        dtype = jnp.result_type(a, b)
        if not jnp.issubdtype(dtype, jnp.integer):
            raise TypeError(f"For Primitive[{name}], the type of the input tensor must be "
                            f"[Int16, Int32, Int64], but got {mstype.from_numpy(dtype)}!")
        return jnp_fn(a, b)
    return fn


gcd = _binary("gcd", _integers_only("Gcd", jnp.gcd), primitive="Gcd")
lcm = _binary("lcm", _integers_only("Lcm", jnp.lcm), primitive="Lcm")
@op(tensor_method=True)
def copysign(x, other):
    """`ops.copysign`: |x|, negated where `other` is below zero (as MindSpore computes it: a
    -0.0 `other` gives +|x|), in x's float dtype (Float32 for an integer `x`); a Bool `x` is
    refused with MindSpore's TypeError."""
    if x.dtype == np.bool_:
        raise TypeError("copysign does not accept dtype bool.")
    magnitude = jnp.abs(x if x.dtype.kind in "fc" else x.astype(np.float32))
    return jnp.where(jnp.asarray(other) < 0, -magnitude, magnitude)
logaddexp = _binary("logaddexp", jnp.logaddexp, float_only=True, tensor_method=True)
logaddexp2 = _binary("logaddexp2", jnp.logaddexp2, float_only=True, tensor_method=True)
@jax.custom_jvp
def _nextafter(x, other):
    """The next float after `x` towards `other`, with MindSpore's gradient: the output's
    cotangent to `x` as it is, none to `other` (JAX defines no derivative)."""
    return jnp.nextafter(x, other)


_nextafter.defjvps(lambda tangent, y, x, other: jnp.broadcast_to(tangent, y.shape).astype(y.dtype),
                   lambda tangent, y, x, other: jnp.zeros(y.shape, y.dtype))
nextafter = _binary("nextafter", _nextafter, primitive="NextAfter")
ldexp = _binary("ldexp", lambda x, other: x * jnp.exp2(other), args="x other")
heaviside = _binary("heaviside", jnp.heaviside, args="input values", primitive="Heaviside")
def _igamma(a, x):
    """The regularised lower incomplete gamma P(a, x) with MindSpore's kernel at the edges:
    0 where x is 0 (whatever `a`), NaN where a <= 0 (-0.0 too) or a and x are both infinite."""
    invalid = (a <= 0) | (jnp.isinf(a) & jnp.isinf(x))
    return jnp.where(x == 0, jnp.zeros_like(x),
                     jnp.where(invalid, jnp.full_like(x, jnp.nan), jsp.gammainc(a, x)))


def _igammac(a, x):
    """The regularised upper incomplete gamma Q(a, x) with MindSpore's kernel at the edges: NaN
    where a <= 0 (-0.0 too, x = 0 too) or x is +inf (where the limit is 0)."""
    invalid = (a <= 0) | jnp.isposinf(x)
    return jnp.where(invalid, jnp.full_like(x, jnp.nan), jsp.gammaincc(a, x))


igamma = _binary("igamma", _igamma, float_only=True, primitive="Igamma")
igammac = _binary("igammac", _igammac, float_only=True, primitive="Igammac")
zeta = _binary("zeta", jsp.zeta, float_only=True, primitive="Zeta")


@op("subtract")
def subtract(input, other, *, alpha=1):
    """`ops.subtract(input, other, *, alpha=1)`: `input - other * alpha`, MindSpore's two
    operators one after the other (each with its own promotion: `other * 1.0` of an Int32 Tensor
    is Float32), with no check on alpha's type (`mint.sub`'s SubExt has them)."""
    return jnp.subtract(*promote_scalar(input, jnp.multiply(*promote_scalar(other, alpha))))


def _scaled_operands(primitive: str, input, other, alpha):
    """`input` and `alpha · other` in their promoted dtype, as MindSpore's AddExt and SubExt
    (`mint.add`, `Tensor.sub(other, alpha=...)`) take them: a float alpha (a Python float or a
    0-d floating Tensor) needs a floating (or Bool) promoted dtype, a bool alpha a Bool one
    (TypeError otherwise, naming the promoted dtype twice); on Bool operands alpha scales as a
    Bool (nonzero: True)."""
    a, b = promote_scalar(input, other)
    dtype = jnp.result_type(a, b)
    alpha_kind = getattr(alpha, "dtype", None)  # a 0-d Tensor's value: its dtype decides
    alpha_kind = alpha_kind.kind if alpha_kind is not None else (
        "b" if isinstance(alpha, bool) else "f" if isinstance(alpha, float) else "i")
    if alpha_kind == "b" and dtype.kind != "b":
        raise TypeError(f"For '{primitive}', boolean alpha need boolean input and other, but got "
                        f"{mstype.from_numpy(dtype)} and {mstype.from_numpy(dtype)}")
    if alpha_kind == "f" and dtype.kind in "iu":
        raise TypeError(f"For '{primitive}', floating alpha need floating input and other, but "
                        f"got {mstype.from_numpy(dtype)} and {mstype.from_numpy(dtype)}")
    a, b = jnp.asarray(a, dtype), jnp.asarray(b, dtype)
    if dtype.kind == "b":
        return a, jnp.logical_and(b, jnp.asarray(alpha) != 0)
    if type(alpha) is int and alpha == 1:
        return a, b
    return a, b * jnp.asarray(alpha).astype(dtype)


def add_scaled(input, other, alpha=1):
    """`input + alpha · other`: MindSpore's AddExt (`mint.add`, `Tensor.add(other, alpha=)`)."""
    a, b = _scaled_operands("AddExt", input, other, alpha)
    return jnp.logical_or(a, b) if a.dtype.kind == "b" else a + b


def sub_scaled(input, other, alpha=1):
    """`input - alpha · other`: MindSpore's SubExt (`mint.sub`, `Tensor.sub(other, alpha=)`);
    on Bool operands the difference's nonzero (exclusive or)."""
    a, b = _scaled_operands("SubExt", input, other, alpha)
    return jnp.logical_xor(a, b) if a.dtype.kind == "b" else a - b


@op("tensor_sub")
def tensor_sub(input, other):
    return jnp.subtract(*promote_scalar(input, other))


@op("div", "divide", primitive=("Div", "RealDiv"), tensor_method=True)
def div(input, other, *, rounding_mode=None):
    """`ops.div`: true division (integers give Float32), or 'floor'/'trunc' rounding."""
    if rounding_mode not in (None, "floor", "trunc"):
        raise ValueError("For ops.div, rounding_mode value should be None, 'floor' or 'trunc'.")
    input, other = promote_scalar(input, other)
    if rounding_mode is None:
        return jnp.true_divide(to_float_if_int(input), to_float_if_int(other))
    if rounding_mode == "floor":
        return jnp.floor_divide(input, other)
    result_type = jnp.result_type(input, other)
    result = jnp.trunc(jnp.true_divide(to_float_if_int(input), to_float_if_int(other)))
    return result.astype(result_type) if jnp.issubdtype(result_type, jnp.integer) else result


@op("true_divide")
def true_divide(dividend, divisor):
    return div.impl(dividend, divisor)


@op("tensor_div")
def tensor_div(x, y):
    return div.impl(x, y)


@op(primitive="Pow", tensor_method=True)
def pow(input, exponent):  # noqa: A001
    """`ops.pow`: an integer Tensor to a float power is Float32; an integer to a negative integer
    power is computed as MindSpore does (1 and -1 keep their magnitude, 0 gives the dtype's
    minimum, anything else 0) where JAX refuses it."""
    input, exponent = promote_scalar(input, exponent)
    if isinstance(exponent, int) and exponent < 0 and getattr(input, "dtype", None) is not None \
            and input.dtype.kind in "iu":
        odd = exponent % 2 == 1
        minimum = jnp.iinfo(input.dtype).min
        return jnp.where(input == 1, 1, jnp.where(input == -1, -1 if odd else 1, jnp.where(
            input == 0, minimum, 0))).astype(input.dtype)
    return jnp.power(input, exponent)


@op("tensor_pow")
def tensor_pow(input, exponent):
    return pow.impl(input, exponent)


@op()
@one_program
def float_power(input, exponent):
    """`ops.float_power`: computed in Float64 (Complex128 for complex inputs)."""
    is_complex = builtins.any(jnp.iscomplexobj(v) for v in (input, exponent))
    dtype = np.complex128 if is_complex else np.float64
    return jnp.power(jnp.asarray(input, dtype), jnp.asarray(exponent, dtype))


@op(primitive="Addcmul", tensor_method=True)
def addcmul(input, tensor1, tensor2, value=1):
    return input + value * tensor1 * tensor2


@op(primitive="Addcdiv", tensor_method=True)
def addcdiv(input, tensor1, tensor2, value=1):
    return input + value * tensor1 / tensor2


@op(primitive="Lerp", tensor_method=True)
def lerp(input, end, weight):
    """`ops.lerp`: input + weight · (end − input); MindSpore's Lerp takes Float16, Float32 and
    BFloat16 `input` and an `end` of the same dtype (TypeError otherwise)."""
    name = str(mstype.from_numpy(input.dtype))
    if name not in ("Float16", "Float32", "BFloat16"):
        raise TypeError(f"For primitive[Lerp], the input[start] supports types: Float16, "
                        f"Float32, BFloat16. But got {name}.")
    if hasattr(end, "dtype") and end.dtype != input.dtype:
        raise TypeError(f"For primitive[Lerp], the input[tensors] elements should have same "
                        f"type, but got: {name}, {mstype.from_numpy(end.dtype)}.")
    return (input + weight * (end - input)).astype(input.dtype)


@op("addn", "accumulate_n")
def addn(x):
    """`ops.addn(x)`: the sum of a tuple or list of Tensors."""
    total = x[0]
    for t in x[1:]:
        total = total + t
    return total


@op()
def approximate_equal(x, y, tolerance=1e-05):
    """`ops.approximate_equal(x, y, tolerance)`: |x - y| < tolerance, for x and y of one shape
    (no broadcasting) and of rank below 8, with a Python float `tolerance` (MindSpore's checks)."""
    if not isinstance(tolerance, float):
        raise TypeError(f"For 'ApproximateEqual', the type of 'tolerance' should be 'float', but "
                        f"got type '{type(tolerance).__name__}'.")
    if jnp.shape(x) != jnp.shape(y):
        raise RuntimeError(f"For 'ApproximateEqual', arg 'x1' must have the same shape as 'x2'. "
                           f"But got 'x1' shape: {tuple(jnp.shape(x))}, 'x2' shape: "
                           f"{tuple(jnp.shape(y))}.")
    if jnp.ndim(x) >= 8:
        raise RuntimeError(f"For 'ApproximateEqual', the x's rank should be less than 8, but "
                           f"got: {jnp.ndim(x)}")
    return jnp.abs(x - y) < tolerance


# -- unary math --------------------------------------------------------------------------------
neg = _unary("neg", jnp.negative, float_only=False, primitive="Neg", tensor_method=True)
negative = _unary("negative", jnp.negative, float_only=False, tensor_method=True)
@jax.custom_jvp
def _abs_real(x):
    """|x| of a real or integer array, whose slope is MindSpore's AbsGrad: sign(x), 0 at 0 (the
    slope of JAX's abs is 1 there)."""
    return jnp.abs(x)


_abs_real.defjvps(lambda tangent, _, x: tangent * jnp.sign(x).astype(tangent.dtype))


def _abs(x):
    return jnp.abs(x) if jnp.iscomplexobj(x) else _abs_real(x)


abs = _unary("abs", _abs, "absolute", float_only=False,
             primitive="Abs", tensor_method="abs")  # noqa: A001
def _sign(x):
    """MindSpore's Sign: -1, 0 or 1, where NaN and -0.0 give 0 (its kernels compare with 0);
    x / |x| for complex numbers."""
    if jnp.iscomplexobj(x) or x.dtype == jnp.bool_:  # (Bool: JAX's TypeError, as MindSpore's)
        return jnp.sign(x)
    return jnp.where(x > 0, 1, jnp.where(x < 0, -1, 0)).astype(x.dtype)


sign = _unary("sign", _sign, float_only=False, primitive="Sign", tensor_method=True)
square = _unary("square", jnp.square, float_only=False, primitive="Square", tensor_method=True)
exp = _unary("exp", _accepting("Exp", "input", "BFloat16 Bool Complex128 Complex64 Float16 "
                                "Float32 Float64 Int64", lambda x: jnp.exp(to_float_if_int(x))),
            "tensor_exp", float_only=False, primitive="Exp", tensor_method="exp")
exp2 = _unary("exp2", jnp.exp2, tensor_method=True)
expm1 = _unary("expm1", jnp.expm1, "tensor_expm1", primitive="Expm1", tensor_method="expm1")
log = _unary("log", jnp.log, tensor_method=True)
log2 = _unary("log2", jnp.log2, tensor_method=True)
log10 = _unary("log10", jnp.log10, tensor_method=True)
log1p = _unary("log1p", jnp.log1p, primitive="Log1p", tensor_method=True)
sqrt = _unary("sqrt", jnp.sqrt, arg="x", primitive="Sqrt", tensor_method=True)
rsqrt = _unary("rsqrt", jax.lax.rsqrt, primitive="Rsqrt", tensor_method=True)
reciprocal = _unary("reciprocal", jnp.reciprocal, primitive="Reciprocal", tensor_method=True)
def _inverse(x):
    """MindSpore's Inv: 1/x; an Int32 or Int64 `x` stays integer, as the CPU kernel's float
    reciprocal truncated (1 at 1, -1 at -1, 0 elsewhere) and the integer's smallest value at 0,
    where the reciprocal is infinite; an Int16 one is computed as Int32 and its low bits kept (0
    at 0). Other integer and Bool inputs are refused."""
    dtype = jnp.result_type(x)
    if dtype in (np.int16, np.int32, np.int64):
        wide = np.int64 if dtype == np.int64 else np.int32
        reciprocal = jnp.where(x == 0, jnp.iinfo(wide).min, jnp.where(jnp.abs(x) == 1, x, 0))
        return reciprocal.astype(wide).astype(dtype)
    if not jnp.issubdtype(dtype, jnp.inexact):
        name = mstype.from_numpy(dtype)
        raise TypeError(
            "Select CPU operator[Inv] fail! Unsupported data type!\nThe supported data types are "
            "input[Int32], output[Int32]; input[Int64], output[Int64]; input[Float32], "
            "output[Float32]; input[Float64], output[Float64]; input[Complex64], "
            "output[Complex64]; input[Complex128], output[Complex128]; , but get "
            f"input[{name} ] and output[{name} ]")
    return jnp.reciprocal(x)


inv = _unary("inv", _inverse, arg="x", primitive="Inv", float_only=False)
sin = _unary("sin", jnp.sin, primitive="Sin", tensor_method=True)
cos = _unary("cos", jnp.cos, primitive="Cos", tensor_method=True)
tan = _unary("tan", jnp.tan, primitive="Tan", tensor_method=True)
asin = _unary("asin", jnp.arcsin, primitive="Asin", tensor_method=True)
arcsin = _unary("arcsin", jnp.arcsin, arg="x", tensor_method=True)
acos = _unary("acos", jnp.arccos, "arccos", primitive="ACos", tensor_method=True)
atan = _unary("atan", jnp.arctan, "arctan", primitive="Atan", tensor_method=True)
sinh = _unary("sinh", jnp.sinh, primitive="Sinh", tensor_method=True)
cosh = _unary("cosh", jnp.cosh, primitive="Cosh", tensor_method=True)
tanh = _unary("tanh", jnp.tanh, primitive="Tanh", tensor_method=True)
asinh = _unary("asinh", jnp.arcsinh, "arcsinh", primitive="Asinh", tensor_method="asinh")
acosh = _unary("acosh", jnp.arccosh, "arccosh", primitive="Acosh", tensor_method="acosh")
atanh = _unary("atanh", jnp.arctanh, "arctanh", primitive="Atanh", tensor_method="atanh")
erf = _unary("erf", jsp.erf, primitive="Erf", tensor_method=True)
erfc = _unary("erfc", jsp.erfc, primitive="Erfc", tensor_method=True)
erfinv = _unary("erfinv", jsp.erfinv, primitive="Erfinv", tensor_method=True)
lgamma = _unary("lgamma", jsp.gammaln, primitive="Lgamma", tensor_method=True)
digamma = _unary("digamma", jsp.digamma, primitive="Digamma", tensor_method=True)


# The modified Bessel functions, with MindSpore's derivatives (its bprops: I0' = I1,
# I1' = I0 - I1/x (I0 at 0), I0e' = I1e - sign(x) I0e, I1e' = I0e - I1e (sign(x) + 1/x) (1/2 at
# 0)), not the derivatives of JAX's implementations (which give I0'(0) = 1).
def _with_derivative(fn, derivative):
    fn = jax.custom_jvp(fn)
    fn.defjvps(lambda tangent, _, x: tangent * derivative(x))
    return fn


def _ratio_or(x, value, at_zero):
    """value / x, `at_zero` where x is 0."""
    zero = x == 0
    return jnp.where(zero, at_zero, value / jnp.where(zero, 1, x))


_i0 = _with_derivative(jsp.i0, lambda x: _i1(x))
_i1 = _with_derivative(jsp.i1, lambda x: jnp.where(x == 0, _i0(x), _i0(x) - _ratio_or(x, _i1(x), 0)))
_i0e = _with_derivative(jsp.i0e, lambda x: _i1e(x) - jnp.sign(x) * _i0e(x))
_i1e = _with_derivative(jsp.i1e, lambda x: jnp.where(
    x == 0, 0.5, _i0e(x) - _i1e(x) * jnp.sign(x) - _ratio_or(x, _i1e(x), 0)))
bessel_i0 = _unary("bessel_i0", _i0, arg="x", primitive="BesselI0")
i0 = _unary("i0", _accepting("BesselI0", "x", "Float16 Float32 Float64",
                             lambda x: _i0(x.astype(np.float32)).astype(x.dtype)
                             if x.dtype == np.float16 else _i0(x), tensor=True),
            float_only=False)  # (MindSpore's BesselI0: no integer or Bool input; Float16 is
#                               computed in Float32, as its kernel rounds it)
bessel_i0e = _unary("bessel_i0e", _i0e, arg="x", primitive="BesselI0e")
bessel_i1 = _unary("bessel_i1", _i1, arg="x", primitive="BesselI1")
bessel_i1e = _unary("bessel_i1e", _i1e, arg="x", primitive="BesselI1e")
bessel_j0 = _unary("bessel_j0", _bessel.CHECKED["bessel_j0"], arg="x", float_only=False,
                   primitive="BesselJ0")
bessel_j1 = _unary("bessel_j1", _bessel.CHECKED["bessel_j1"], arg="x", float_only=False,
                   primitive="BesselJ1")
bessel_y0 = _unary("bessel_y0", _bessel.CHECKED["bessel_y0"], arg="x", float_only=False,
                   primitive="BesselY0")
bessel_y1 = _unary("bessel_y1", _bessel.CHECKED["bessel_y1"], arg="x", float_only=False,
                   primitive="BesselY1")
bessel_k0 = _unary("bessel_k0", _bessel.CHECKED["bessel_k0"], arg="x", float_only=False,
                   primitive="BesselK0")
bessel_k0e = _unary("bessel_k0e", _bessel.CHECKED["bessel_k0e"], arg="x", float_only=False,
                    primitive="BesselK0e")
bessel_k1 = _unary("bessel_k1", _bessel.CHECKED["bessel_k1"], arg="x", float_only=False,
                   primitive="BesselK1")
bessel_k1e = _unary("bessel_k1e", _bessel.CHECKED["bessel_k1e"], arg="x", float_only=False,
                    primitive="BesselK1e")
sinc = _unary("sinc", jnp.sinc, primitive="Sinc", tensor_method=True)
deg2rad = _unary("deg2rad", _float_only(jnp.deg2rad), arg="x", float_only=False, tensor_method=True)
rad2deg = _unary("rad2deg", _float_only(jnp.rad2deg), arg="x", float_only=False, tensor_method=True)
floor = _unary("floor", jnp.floor, float_only=False, primitive="Floor", tensor_method=True)
ceil = _unary("ceil", _accepting("Ceil", "input_x", "BFloat16 Float16 Float32 Float64", jnp.ceil),
              float_only=False, primitive="Ceil", tensor_method=True)
trunc = _unary("trunc", jnp.trunc, float_only=False, primitive="Trunc", tensor_method=True)
frac = _unary("frac", lambda x: x - jnp.trunc(x), float_only=False, arg="x", tensor_method=True)
sigmoid = _unary("sigmoid", jax.nn.sigmoid, primitive="Sigmoid", tensor_method=True)
conj = _unary("conj", jnp.conj, float_only=False, primitive="Conj", tensor_method=True)
real = _unary("real", jnp.real, float_only=False, primitive="Real", tensor_method=True)
imag = _unary("imag", jnp.imag, float_only=False, primitive="Imag", tensor_method=True)
angle = _unary("angle", jnp.angle, float_only=False, primitive="Angle", tensor_method=True)


def _complex(real, imag):
    """`ops.Complex()(real, imag)`: real + imag*1j, Float32 parts to Complex64 and Float64 to
    Complex128 (both of one dtype, as MindSpore requires)."""
    for name, part in (("imag", imag), ("real", real)):
        if part.dtype not in (jnp.float32, jnp.float64):
            raise TypeError(f"For primitive[Complex], the input argument[{name}] must be a type "
                            f"of {{Tensor[Float32], Tensor[Float64]}}, but got "
                            f"Tensor[{mstype.from_numpy(part.dtype)}].")
    if real.dtype != imag.dtype:
        raise TypeError("For primitive[Complex], the input type must be same.")
    return jax.lax.complex(*jnp.broadcast_arrays(real, imag))


Complex = primitive("Complex", functional(_complex))
invert = _unary("invert", jnp.invert, float_only=False, arg="x",
                primitive="Invert", tensor_method=True)
bitwise_not = invert
isnan = _unary("isnan", jnp.isnan, float_only=False, primitive="IsNan", tensor_method=True)
isinf = _unary("isinf", jnp.isinf, float_only=False, primitive="IsInf", tensor_method=True)
isfinite = _unary("isfinite", jnp.isfinite, float_only=False,
                  primitive="IsFinite", tensor_method=True)
isneginf = _unary("isneginf", jnp.isneginf, float_only=False, tensor_method=True)
isposinf = _unary("isposinf", jnp.isposinf, float_only=False, tensor_method=True)
isreal = _unary("isreal", jnp.isreal, float_only=False)
signbit = _unary("signbit", lambda x: x < 0, float_only=False,
                 tensor_method=True)  # MindSpore: signbit(-0.0) False
logical_not = _unary("logical_not", jnp.logical_not, float_only=False,
                     primitive="LogicalNot", tensor_method=True)


@op()
def positive(input):
    """`ops.positive`: the Tensor itself; MindSpore's TypeError for anything not a Tensor (a
    Python number, a list, a NumPy array)."""
    if not isinstance(input, jax.Array):
        raise TypeError(f"For positive, input must be a Tensor, but got {type(input)}.")
    return input


@op()
@one_program
def sgn(input):
    """`ops.sgn`: the sign, extended to complex numbers as x / |x|."""
    if jnp.iscomplexobj(input):
        magnitude = jnp.abs(input)
        return jnp.where(magnitude == 0, 0, input / jnp.where(magnitude == 0, 1, magnitude))
    return _sign(input)


@op(primitive="Round")
def round(input, *, decimals=0):  # noqa: A001
    return jnp.round(input, decimals)


@op(tensor_method=True)
def logit(input, eps=None):
    x = to_float_if_int(input)
    if eps is not None:
        x = jnp.clip(x, scalar_like(eps, x), scalar_like(1 - eps, x))
    return jnp.log(x / (1 - x))


def _shape_text(shape):
    """A shape as MindSpore's Betainc message writes it: `(2)`, `(2, 2)`."""
    return "(" + ", ".join(str(d) for d in shape) + ")"


def _betainc(a, b, x):
    """`ops.Betainc()(a, b, x)`: the regularized incomplete beta function I_x(a, b); NaN where
    a or b is not positive or x is outside [0, 1]. a, b and x: one float32/float64 dtype, one
    shape, else MindSpore's errors (tests/goldens/scripts/betainc_probe.py). Its gradient
    reaches x only: MindSpore's is zero in a and b (ops16a_betainc_grad_probe.py)."""
    if a.dtype not in (np.float32, np.float64):
        raise TypeError("For primitive[Betainc], the input argument[a] must be a type of "
                        "{Tensor[Float32], Tensor[Float64]}, but got "
                        f"Tensor[{ms_name(a.dtype)}].")
    if not a.dtype == b.dtype == x.dtype:
        raise TypeError("For primitive[Betainc], the input type must be same.")
    for name, v in (("b", b), ("x", x)):
        if v.shape != a.shape:
            raise ValueError(f"For 'Betainc, shape of {name} {_shape_text(v.shape)} are not "
                             f"consistent with the shape a {_shape_text(a.shape)} .")
    a, b = jax.lax.stop_gradient(a), jax.lax.stop_gradient(b)
    out = jsp.betainc(a, b, x)
    return jnp.where((a > 0) & (b > 0), out, jnp.full_like(out, jnp.nan))


Betainc = primitive("Betainc", functional(_betainc))


@op(primitive="Polygamma")
@one_program
def polygamma(n, input):
    return jsp.polygamma(jnp.asarray(n).astype(np.int32), to_float_if_int(input))


@op()
@one_program
def mvlgamma(input, p):
    return jsp.multigammaln(input, p)


@op(tensor_method=True)
def nan_to_num(input, nan=None, posinf=None, neginf=None):
    return jnp.nan_to_num(input, nan=scalar_like(0.0 if nan is None else nan, input),
                          posinf=scalar_like(posinf, input), neginf=scalar_like(neginf, input))


@op("clamp", "clip", tensor_method="clamp")
def clamp(input, min=None, max=None):  # noqa: A002
    """`ops.clamp`: `input` limited to [min, max]; MindSpore's ValueErrors without bounds and
    for a Bool input or bound."""
    if min is None and max is None:
        raise ValueError("For Clamp, at least one of 'min' or 'max' must not be None.")
    if any(isinstance(v, bool) or getattr(v, "dtype", None) == np.bool_
           for v in (input, min, max)):
        raise ValueError("For Clamp, the dtype of 'input', 'min' and 'max' must not be bool.")
    if min is not None:
        input, min = promote_scalar(input, min)
    if max is not None:
        input, max = promote_scalar(input, max)
    return _clamp(input, scalar_like(min, input), scalar_like(max, input))


def _clamp(x, lower, upper):
    """max(x, lower) then min(., upper), as jnp.clip, with MindSpore's gradient: x's slope is 1
    on [lower, upper], both bounds included (jnp.clip halves it where x equals a bound).
    ops.clip_by_value and ops.hardtanh keep jnp.clip's halves, as MindSpore's do."""
    if lower is not None:
        x = jnp.where(x < lower, lower, x)
    if upper is not None:
        x = jnp.where(x > upper, upper, x)
    return x


@op()
def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    if clip_value_min is None and clip_value_max is None:
        raise ValueError("For 'clip_by_value', at least one of 'clip_value_min' and "
                         "'clip_value_max' must not be None.")
    if isinstance(x, (list, tuple)):  # a sequence of Tensors: a tuple of them, each clipped
        return tuple(jnp.clip(t, scalar_like(clip_value_min, t), scalar_like(clip_value_max, t))
                     for t in x)
    return jnp.clip(x, scalar_like(clip_value_min, x), scalar_like(clip_value_max, x))


@op(primitive="Polar")
def polar(abs, angle):  # noqa: A002
    return (abs * jnp.cos(angle) + 1j * abs * jnp.sin(angle)).astype(
        np.complex128 if abs.dtype == np.float64 else np.complex64)


@op()
def view_as_real(input):  # noqa: A002
    """`ops.view_as_real(input)`: a complex Tensor as real numbers, its real and imaginary parts
    on a new last axis of size 2 (Complex64 to Float32, Complex128 to Float64). MindSpore's is a
    view of the input's memory; msjax's a new Tensor (XLA arrays are immutable)."""
    if not isinstance(input, jax.Array):
        raise TypeError("The input must be Tensor!")
    if not jnp.iscomplexobj(input):
        raise TypeError("For view_as_real, the dtype of input Tensor must be complex.")
    return jnp.stack([jnp.real(input), jnp.imag(input)], axis=-1)


# -- comparison and logic ----------------------------------------------------------------------
equal = _binary("equal", jnp.equal, "eq", primitive="Equal", tensor_method=True)
not_equal = _binary("not_equal", jnp.not_equal, "ne", primitive="NotEqual", tensor_method=True)
greater = _binary("greater", jnp.greater, "gt", "tensor_gt",
                  primitive="Greater", tensor_method=("greater", "gt"))
greater_equal = _binary("greater_equal", jnp.greater_equal, "ge", "tensor_ge",
                        primitive="GreaterEqual", tensor_method=("greater_equal", "ge"))
less = _binary("less", jnp.less, "lt", "tensor_lt", primitive="Less", tensor_method=("less", "lt"))
less_equal = _binary("less_equal", jnp.less_equal, "le", "tensor_le",
                     primitive="LessEqual", tensor_method=("less_equal", "le"))
logical_and = _binary("logical_and", jnp.logical_and, primitive="LogicalAnd", tensor_method=True)
logical_or = _binary("logical_or", jnp.logical_or, primitive="LogicalOr", tensor_method=True)
logical_xor = _binary("logical_xor", jnp.logical_xor, primitive="LogicalXor", tensor_method=True)


@op(tensor_method=True)
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return jnp.isclose(input, other, rtol=scalar_like(rtol, input), atol=scalar_like(atol, input),
                       equal_nan=equal_nan)


@functional
def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """`Tensor.allclose` (not a `mindspore.ops` function)."""
    return jnp.allclose(input, other, rtol=scalar_like(rtol, input),
                        atol=scalar_like(atol, input), equal_nan=equal_nan)


@functional
def equal_count(x, y):
    """`ops.EqualCount()(x, y)`: the number of equal elements, as a 1-element Tensor."""
    return jnp.sum(jnp.equal(x, y)).astype(x.dtype).reshape(1)


@op()
def is_floating_point(input):
    return bool(jnp.issubdtype(input.dtype, jnp.floating))


@op(tensor_method=True)
def is_complex(input):
    return bool(jnp.issubdtype(input.dtype, jnp.complexfloating))


@op()
def is_nonzero(input):
    if input.size != 1:
        raise RuntimeError(f"For 'is_nonzero', the input must have only one element, but got "
                           f"{input.size} elements.")
    return bool(input.reshape(()) != 0)


# -- linear algebra on elementwise footing -----------------------------------------------------
def _matmul_one_dtype(input, other):
    """`jnp.matmul` of operands of one dtype (MindSpore's MatMulExt does not promote): the
    program refuses another mix when traced, so its C++ dispatch never runs one."""
    check_same_dtype("MatMulExt", input, other)
    out = jnp.matmul(input, other)
    if graph_rounds_once(input):  # (only in a trace: the eager program never takes this)
        note_product(out, lambda: jnp.matmul(input, other, preferred_element_type=jnp.float32))
    return out


_matmul_program = eager_jit(_matmul_one_dtype, inline_in_traces=True)  # in the eager cache


@op(program=_matmul_program)  # ops.matmul calls the program's C++ dispatch itself
def matmul(input, other):
    check_same_dtype("MatMulExt", input, other)
    try:
        return _matmul_program(input, other)
    except (TypeError, ValueError):  # shapes checked only here: eager dispatch's hot path
        shape, other_shape = np.shape(input), np.shape(other)
        if len(shape) >= 2 and len(other_shape) >= 2 and shape[-1] != other_shape[-2]:
            raise RuntimeError(f"For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], "
                               f"but got {shape[-1]} and {other_shape[-2]}.") from None
        raise


@op(tensor_method=True)
def bmm(input_x, mat2):
    check_same_dtype("BatchMatMul", input_x, mat2)
    return jnp.matmul(input_x, mat2)


@op(tensor_method=True)
def mm(input, mat2):
    if not (hasattr(input, "ndim") and hasattr(mat2, "ndim")):  # (a Python number)
        kinds = ", ".join(f"{n}={'Tensor' if hasattr(v, 'ndim') else type(v).__name__}"
                          for n, v in (("input", input), ("mat2", mat2)))
        raise TypeError(f'Failed calling MatMul with "MatMul(transpose_a=bool, '
                        f'transpose_b=bool)({kinds})".')
    return jnp.matmul(input, mat2)


@op(tensor_method=True)
def dot(input, other):
    return jnp.dot(input, other)


@op(tensor_method=True)
def inner(input, other):
    """`ops.inner`: sums of products over the last axes; MindSpore's errors for mismatched last
    axes and for Tensors of two dtypes (its MatMul's)."""
    if input.ndim and other.ndim:
        if input.shape[-1] != other.shape[-1]:
            raise ValueError(f"For 'inner', the last dimension of 'input' and 'other' must be "
                             f"the same,                          but got input.shape: "
                             f"{tuple(input.shape)} and other.shape: {tuple(other.shape)}.")
        if input.dtype != other.dtype:
            raise TypeError(f"For 'MatMul', the type of 'x2' should be same as 'x1', but got 'x1' "
                            f"with type Tensor[{mstype.from_numpy(input.dtype)}] and 'x2' with "
                            f"type Tensor[{mstype.from_numpy(other.dtype)}].")
    return jnp.inner(input, other)


@op(tensor_method=True)
def outer(input, vec2):
    return jnp.outer(input, vec2)


@op("ger", primitive="Ger")
def ger(input, vec2):
    return jnp.outer(input, vec2)


@op(tensor_method=True)
def kron(input, other):
    return jnp.kron(input, other)


def _cross_dim(input_shape, shape, dim):
    """The axis `ops.cross` works along in the broadcast `shape`, with MindSpore's ValueErrors:
    the first axis of size 3 where `dim` is None, else `dim` in [-rank, rank) and of size 3."""
    rank = len(shape)
    if dim is None:
        dim = next((k for k, n in enumerate(shape) if n == 3), None)
        if dim is None:
            listed = ", ".join(str(n) for n in input_shape)
            raise ValueError(f"For 'Cross', the size of inputs dim must contain 3, but got "
                             f"[const vector]{{{listed}}}.")
        return dim
    if not -rank <= dim < rank:
        raise ValueError(f"For 'Cross', dim must be between {-rank} and {rank - 1} , but got "
                         f"{dim}.")
    if shape[dim] != 3:
        raise ValueError(f"For 'Cross', dimension {dim} must be 3, but got {shape[dim]}.")
    return dim


@op(tensor_method=True)
def cross(input, other, dim=None):
    """`ops.cross`: the cross product along `dim` of `input` and `other` broadcast together, in
    `input`'s dtype (MindSpore casts `other` to it), with MindSpore's errors for shapes that do
    not broadcast and a `dim` out of range or not of size 3."""
    try:
        shape = jnp.broadcast_shapes(input.shape, other.shape)
    except ValueError:
        raise broadcast_error("Cross", input.shape, other.shape, ("input", "other")) from None
    dim = _cross_dim(input.shape, shape, dim)
    other = jnp.broadcast_to(other, shape).astype(input.dtype)
    return jnp.cross(jnp.broadcast_to(input, shape), other, axis=dim)


@op()
def tensor_dot(x1, x2, axes):
    return jnp.tensordot(x1, x2, axes)


@op(tensor_method=True)
def baddbmm(input, batch1, batch2, beta=1, alpha=1):
    return beta * input + alpha * jnp.matmul(batch1, batch2)


@op()
def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    return beta * input + alpha * jnp.sum(jnp.matmul(batch1, batch2), axis=0)


@op(tensor_method=True)
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    return beta * input + alpha * jnp.matmul(mat1, mat2)


@op(tensor_method=True)
def addmv(input, mat, vec, *, beta=1, alpha=1):
    return beta * input + alpha * jnp.matmul(mat, vec)


@op(tensor_method=True)
def addr(x, vec1, vec2, *, beta=1, alpha=1):
    return beta * x + alpha * jnp.outer(vec1, vec2)


@op(primitive="Trace")
def trace(input):
    return jnp.trace(input)


@op(tensor_method=True)
def inverse(input):
    return jnp.linalg.inv(input)


@op(tensor_method=True)
def det(input):
    return jnp.linalg.det(input)


@op(tensor_method=True)
def matrix_power(input, n):
    return jnp.linalg.matrix_power(input, n)


@op()
def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (tuple, list)):
        operands = operands[0]
    return jnp.einsum(equation, *operands)
