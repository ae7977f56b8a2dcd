"""Elementwise arithmetic, comparison, logic and math functions of `mindspore.ops`.

Each function is a jax-level implementation registered with `@op`; names and argument names are
MindSpore 2.10's (see `../shared/reference/mindspore_2.10_api.json`).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.ops.adapters import promote_scalar, to_float_if_int
from msjax._src.ops.registry import op


def _binary(name: str, jnp_fn, *aliases: str):
    """Register a binary elementwise op with MindSpore's scalar promotion."""
    def impl(input, other):
        input, other = promote_scalar(input, other)
        return jnp_fn(input, other)
    impl.__name__ = impl.__qualname__ = name
    return op(name, *aliases)(impl)


def _unary(name: str, jnp_fn, *aliases: str, float_only: bool = True):
    """Register a unary elementwise op; float-valued ones compute integers as Float32."""
    if float_only:
        def impl(input):
            return jnp_fn(to_float_if_int(input))
    else:
        def impl(input):
            return jnp_fn(input)
    impl.__name__ = impl.__qualname__ = name
    return op(name, *aliases)(impl)


# -- arithmetic --------------------------------------------------------------------------------
add = _binary("add", jnp.add)
sub = _binary("sub", jnp.subtract, "subtract")
mul = _binary("mul", jnp.multiply, "multiply")
maximum = _binary("maximum", jnp.maximum)
minimum = _binary("minimum", jnp.minimum)
fmax = _binary("fmax", jnp.fmax)
fmin = _binary("fmin", jnp.fmin)
floor_div = _binary("floor_div", jnp.floor_divide, "floor_divide")
floor_mod = _binary("floor_mod", jnp.mod)
remainder = _binary("remainder", jnp.remainder)
fmod = _binary("fmod", jnp.fmod)
atan2 = _binary("atan2", lambda a, b: jnp.arctan2(to_float_if_int(a), to_float_if_int(b)),
                "arctan2")
hypot = _binary("hypot", jnp.hypot)
xlogy = _binary("xlogy", lambda a, b: jax.scipy.special.xlogy(to_float_if_int(a),
                                                                to_float_if_int(b)))
squared_difference = _binary("squared_difference", lambda a, b: jnp.square(a - b))
bitwise_and = _binary("bitwise_and", jnp.bitwise_and)
bitwise_or = _binary("bitwise_or", jnp.bitwise_or)
bitwise_xor = _binary("bitwise_xor", jnp.bitwise_xor)
bitwise_left_shift = _binary("bitwise_left_shift", jnp.left_shift)
bitwise_right_shift = _binary("bitwise_right_shift", jnp.right_shift)
gcd = _binary("gcd", jnp.gcd)
lcm = _binary("lcm", jnp.lcm)
copysign = _binary("copysign", jnp.copysign)
logaddexp = _binary("logaddexp", jnp.logaddexp)
logaddexp2 = _binary("logaddexp2", jnp.logaddexp2)
nextafter = _binary("nextafter", jnp.nextafter)


@op("div", "divide")
def div(input, other, *, rounding_mode=None):
    """`ops.div`: true division (integers give Float32), or 'floor'/'trunc' rounding."""
    input, other = promote_scalar(input, other)
    if rounding_mode is None:
        return jnp.true_divide(to_float_if_int(input), to_float_if_int(other))
    if rounding_mode == "floor":
        return jnp.floor_divide(input, other)
    if rounding_mode == "trunc":
        result = jnp.true_divide(to_float_if_int(input), to_float_if_int(other))
        result = jnp.trunc(result)
        return result.astype(jnp.result_type(input, other)) if jnp.issubdtype(
            jnp.result_type(input, other), jnp.integer) else result
    raise ValueError(f"For 'div', rounding_mode must be None, 'floor' or 'trunc', but got "
                     f"{rounding_mode!r}.")


@op()
def pow(input, exponent):  # noqa: A001
    """`ops.pow`: an integer Tensor to a float power is Float32."""
    input, exponent = promote_scalar(input, exponent)
    return jnp.power(input, exponent)


@op()
def addcmul(input, tensor1, tensor2, value=1):
    return input + value * tensor1 * tensor2


@op()
def addcdiv(input, tensor1, tensor2, value=1):
    return input + value * tensor1 / tensor2


@op()
def lerp(input, end, weight):
    return input + weight * (end - input)


# -- unary math --------------------------------------------------------------------------------
neg = _unary("neg", jnp.negative, "negative", float_only=False)
abs = _unary("abs", jnp.abs, "absolute", float_only=False)  # noqa: A001
sign = _unary("sign", jnp.sign, float_only=False)
square = _unary("square", jnp.square, float_only=False)
exp = _unary("exp", jnp.exp)
exp2 = _unary("exp2", jnp.exp2)
expm1 = _unary("expm1", jnp.expm1)
log = _unary("log", jnp.log)
log2 = _unary("log2", jnp.log2)
log10 = _unary("log10", jnp.log10)
log1p = _unary("log1p", jnp.log1p)
sqrt = _unary("sqrt", jnp.sqrt)
rsqrt = _unary("rsqrt", jax.lax.rsqrt)
reciprocal = _unary("reciprocal", jnp.reciprocal)
sin = _unary("sin", jnp.sin)
cos = _unary("cos", jnp.cos)
tan = _unary("tan", jnp.tan)
asin = _unary("asin", jnp.arcsin, "arcsin")
acos = _unary("acos", jnp.arccos, "arccos")
atan = _unary("atan", jnp.arctan, "arctan")
sinh = _unary("sinh", jnp.sinh)
cosh = _unary("cosh", jnp.cosh)
tanh = _unary("tanh", jnp.tanh)
asinh = _unary("asinh", jnp.arcsinh, "arcsinh")
acosh = _unary("acosh", jnp.arccosh, "arccosh")
atanh = _unary("atanh", jnp.arctanh, "arctanh")
erf = _unary("erf", jax.scipy.special.erf)
erfc = _unary("erfc", jax.scipy.special.erfc)
erfinv = _unary("erfinv", jax.scipy.special.erfinv)
lgamma = _unary("lgamma", jax.scipy.special.gammaln)
digamma = _unary("digamma", jax.scipy.special.digamma)
sinc = _unary("sinc", jnp.sinc)
deg2rad = _unary("deg2rad", jnp.deg2rad)
rad2deg = _unary("rad2deg", jnp.rad2deg)
floor = _unary("floor", jnp.floor, float_only=False)
ceil = _unary("ceil", jnp.ceil, float_only=False)
trunc = _unary("trunc", jnp.trunc, "fix", float_only=False)
frac = _unary("frac", lambda x: x - jnp.trunc(x), float_only=False)
sigmoid = _unary("sigmoid", jax.nn.sigmoid)
conj = _unary("conj", jnp.conj, float_only=False)
real = _unary("real", jnp.real, float_only=False)
imag = _unary("imag", jnp.imag, float_only=False)
angle = _unary("angle", jnp.angle, float_only=False)
bitwise_not = _unary("bitwise_not", jnp.invert, "invert", float_only=False)
isnan = _unary("isnan", jnp.isnan, float_only=False)
isinf = _unary("isinf", jnp.isinf, float_only=False)
isfinite = _unary("isfinite", jnp.isfinite, float_only=False)
isneginf = _unary("isneginf", jnp.isneginf, float_only=False)
isposinf = _unary("isposinf", jnp.isposinf, float_only=False)
signbit = _unary("signbit", jnp.signbit, float_only=False)
logical_not = _unary("logical_not", jnp.logical_not, float_only=False)


@op()
def round(input, *, decimals=0):  # noqa: A001
    return jnp.round(input, decimals)


@op()
def logit(input, eps=None):
    x = to_float_if_int(input)
    if eps is not None:
        x = jnp.clip(x, eps, 1 - eps)
    return jnp.log(x / (1 - x))


@op()
def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    return jnp.nan_to_num(input, nan=nan, posinf=posinf, neginf=neginf)


@op("clamp", "clip")
def clamp(input, min=None, max=None):  # noqa: A002
    if min is None and max is None:
        raise ValueError("For 'clamp', at least one of 'min' and 'max' must not be None.")
    input, min = promote_scalar(input, min) if min is not None else (input, None)
    return jnp.clip(input, min, max)


@op()
def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    if clip_value_min is None and clip_value_max is None:
        raise ValueError("For 'clip_by_value', at least one of 'clip_value_min' and "
                         "'clip_value_max' must not be None.")
    return jnp.clip(x, clip_value_min, clip_value_max)


# -- comparison and logic ----------------------------------------------------------------------
equal = _binary("equal", jnp.equal, "eq")
not_equal = _binary("not_equal", jnp.not_equal, "ne")
greater = _binary("greater", jnp.greater, "gt")
greater_equal = _binary("greater_equal", jnp.greater_equal, "ge")
less = _binary("less", jnp.less, "lt")
less_equal = _binary("less_equal", jnp.less_equal, "le")
logical_and = _binary("logical_and", jnp.logical_and)
logical_or = _binary("logical_or", jnp.logical_or)
logical_xor = _binary("logical_xor", jnp.logical_xor)


@op()
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return jnp.isclose(input, other, rtol=rtol, atol=atol, equal_nan=equal_nan)


@op()
def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return jnp.allclose(input, other, rtol=rtol, atol=atol, equal_nan=equal_nan)


@op()
def equal_ncount(input, other):
    return jnp.sum(jnp.equal(input, other))


@op()
def is_floating_point(input):
    return bool(jnp.issubdtype(input.dtype, jnp.floating))


@op()
def is_complex(input):
    return bool(jnp.issubdtype(input.dtype, jnp.complexfloating))


# -- linear algebra on elementwise footing -----------------------------------------------------
@op()
def matmul(input, other):
    return jnp.matmul(input, other)


@op()
def bmm(input_x, mat2):
    return jnp.matmul(input_x, mat2)


@op()
def mm(input, mat2):
    return jnp.matmul(input, mat2)


@op()
def dot(input, other):
    return jnp.dot(input, other)


@op()
def inner(input, other):
    return jnp.inner(input, other)


@op()
def outer(input, vec2):
    return jnp.outer(input, vec2)


@op("ger")
def _ger(input, vec2):
    return jnp.outer(input, vec2)


@op()
def kron(input, other):
    return jnp.kron(input, other)


@op()
def cross(input, other, dim=None):
    return jnp.cross(input, other, axis=-1 if dim is None else dim)


@op()
def tensor_dot(x1, x2, axes):
    return jnp.tensordot(x1, x2, axes)


@op()
def baddbmm(input, batch1, batch2, beta=1, alpha=1):
    return beta * input + alpha * jnp.matmul(batch1, batch2)


@op()
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    return beta * input + alpha * jnp.matmul(mat1, mat2)


@op()
def addmv(input, mat, vec, *, beta=1, alpha=1):
    return beta * input + alpha * jnp.matmul(mat, vec)


@op()
def addr(x, vec1, vec2, *, beta=1, alpha=1):
    return beta * x + alpha * jnp.outer(vec1, vec2)


@op()
def trace(input):
    return jnp.trace(input)


@op()
def inverse(input):
    return jnp.linalg.inv(input)


@op()
def det(input):
    return jnp.linalg.det(input)


@op()
def matrix_power(input, n):
    return jnp.linalg.matrix_power(input, n)


@op()
def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (tuple, list)):
        operands = operands[0]
    return jnp.einsum(equation, *operands)
