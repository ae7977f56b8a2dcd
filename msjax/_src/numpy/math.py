"""Elementwise math of `mindspore.numpy`: arithmetic, powers, logs, trigonometry, rounding.

Each function takes MindSpore's optional `dtype` (the result is cast to it) and converts its
array-like arguments by mindspore.numpy's rule (`conversion.asarray`). Where an operation has the
same meaning as a `mindspore.ops` op, the op table's implementation does the work.

MindSpore 2.10 dtype rules kept here (they differ from NumPy's):
- `divide`/`true_divide`: unless one input is Float16/Float32, both are cast to Float32 first,
  so Float64 / Float64 is Float32.
- `float_power` computes in Float32; `ceil` always returns Float32; `trunc`/`fix` return Float32
  for anything but Float16/Float32 inputs.
- Trigonometric and hyperbolic functions compute Int8, UInt8 and Bool inputs in Float16, other
  integers in Float32.
- `maximum`/`minimum` with one 0-d operand keep the other operand's dtype.
- `remainder`/`fmod` of integers by zero give 0.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.numpy import conversion as C
from msjax._src.numpy.conversion import asarray, cast, dtype_arg
from msjax._src.ops import math_ops as M
from msjax._src.ops.adapters import to_float_if_int
from msjax._src.ops.registry import functional

_PI = 3.141592653589793


_unary = C.elementwise_unary
_binary = C.elementwise_binary


# -- arithmetic --------------------------------------------------------------------------------
add = _binary("add", M.add.impl, "elementwise sum.")
subtract = _binary("subtract", M.sub.impl, "elementwise difference.")
multiply = _binary("multiply", M.mul.impl, "elementwise product.")
def _power(a, b):
    dtype = jnp.result_type(a, b)
    return M.pow.impl(a.astype(dtype), b.astype(dtype))


power = _binary("power", _power, "`x1 ** x2` elementwise, in the promoted dtype.")
floor_divide = _binary("floor_divide", M.floor_div.impl, "the largest integer <= x1 / x2.")
bitwise_and = _binary("bitwise_and", M.bitwise_and.impl, "elementwise AND of integers.")
bitwise_or = _binary("bitwise_or", M.bitwise_or.impl, "elementwise OR of integers.")
bitwise_xor = _binary("bitwise_xor", M.bitwise_xor.impl, "elementwise XOR of integers.")
def _on_integers(integer_fn):
    """`mindspore.numpy`'s gcd/lcm: floats are taken as the integers they hold (truncated) and
    the result is given in the float dtype, as MindSpore's (`ops.gcd` refuses floats)."""
    def fn(a, b):
        dtype = jnp.result_type(a, b)
        if jnp.issubdtype(dtype, jnp.floating):
            return integer_fn(a.astype(jnp.int32), b.astype(jnp.int32)).astype(dtype)
        return integer_fn(a, b)
    return fn


gcd = _binary("gcd", _on_integers(jnp.gcd), "greatest common divisor of |x1| and |x2|.")
lcm = _binary("lcm", _on_integers(jnp.lcm), "lowest common multiple of |x1| and |x2|.")


def _divide(a, b):
    if not (C.is_float_16_32(a.dtype) or C.is_float_16_32(b.dtype)):
        a, b = a.astype(C.FLOAT32), b.astype(C.FLOAT32)
    return M.div.impl(a, b)


divide = _binary("divide", _divide, "true division; without a Float16/Float32 input both inputs "
                 "are computed as Float32 (MindSpore's rule, so Float64 / Float64 is Float32).")
true_divide = _binary("true_divide", _divide, "the same as `divide`.")
float_power = _binary("float_power", lambda a, b: M.pow.impl(a.astype(C.FLOAT32),
                                                              b.astype(C.FLOAT32)),
                      "`x1 ** x2` computed in Float32.")


def _zero_for_integer_division(b, result):
    if C.is_int(result.dtype):
        return jnp.where(b == 0, jnp.zeros((), result.dtype), result)
    return result


remainder = _binary("remainder",
                    lambda a, b: _zero_for_integer_division(b, M.remainder.impl(a, b)),
                    "the remainder with the sign of x2 (integers divided by 0 give 0).")
mod = remainder
fmod = _binary("fmod", lambda a, b: _zero_for_integer_division(b, M.fmod.impl(a, b)),
               "the remainder with the sign of x1 (integers divided by 0 give 0).")


def _divmod(x1, x2, dtype=None):
    """`mindspore.numpy.divmod(x1, x2, dtype=None)`: `(floor_divide(x1, x2), remainder(x1, x2))`."""
    return floor_divide.impl(x1, x2, dtype), remainder.impl(x1, x2, dtype)


_divmod.__name__ = _divmod.__qualname__ = "divmod"
divmod = functional(_divmod)


def _extreme(name: str, compute):
    def impl(x1, x2, dtype=None):
        a, b = asarray(x1), asarray(x2)
        dtype = dtype_arg(dtype)
        if a.ndim == 0 and b.ndim != 0:
            dtype = b.dtype
        elif b.ndim == 0 and a.ndim != 0:
            dtype = a.dtype
        return cast(compute(a, b), dtype)
    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = (f"`mindspore.numpy.{name}(x1, x2, dtype=None)`: elementwise {name}, "
                    "propagating NaN. With one 0-d operand the result keeps the other's dtype.")
    return functional(impl)


maximum = _extreme("maximum", M.maximum.impl)
minimum = _extreme("minimum", M.minimum.impl)


def clip(x, xmin, xmax, dtype=None):
    """`mindspore.numpy.clip(x, xmin, xmax, dtype=None)`: values limited to [xmin, xmax]."""
    if xmin is None and xmax is None:
        raise ValueError("One of max or min must be given.")
    x = asarray(x)
    if xmin is not None:
        x = maximum.impl(x, xmin, dtype)
    if xmax is not None:
        x = minimum.impl(x, xmax, dtype)
    return x


clip = functional(clip)


def _heaviside(a, b):
    dtype = C.promote(a.dtype, b.dtype)
    a, b = a.astype(dtype), b.astype(dtype)
    shape = C.infer_out_shape(a.shape, b.shape)
    a, b = jnp.broadcast_to(a, shape), jnp.broadcast_to(b, shape)
    return jnp.where(a < 0, jnp.zeros((), dtype), jnp.where(a > 0, jnp.ones((), dtype), b))


heaviside = _binary("heaviside", _heaviside, "the Heaviside step: 0 below zero, 1 above, x2 at 0.")
hypot = _binary("hypot", lambda a, b: M.hypot.impl(to_float_if_int(a), to_float_if_int(b)),
                "`sqrt(x1**2 + x2**2)`; integers give Float32.")
logaddexp = _binary("logaddexp", lambda a, b: M.logaddexp.impl(to_float_if_int(a),
                                                                to_float_if_int(b)),
                    "`log(exp(x1) + exp(x2))`; integers give Float32.")
logaddexp2 = _binary("logaddexp2", lambda a, b: M.logaddexp2.impl(to_float_if_int(a),
                                                                   to_float_if_int(b)),
                     "`log2(2**x1 + 2**x2)`; integers give Float32.")


def _copysign(a, b):
    if a.dtype == C.BOOL or b.dtype == C.BOOL:
        raise TypeError("sign does not accept dtype bool.")
    shape = C.infer_out_shape(a.shape, b.shape)
    magnitude = jnp.broadcast_to(jnp.abs(a), shape)
    return jnp.where(jnp.broadcast_to(b < 0, shape), -magnitude, magnitude)


copysign = _binary("copysign", _copysign, "|x1| with the sign of x2; keeps x1's dtype.")
arctan2 = _binary("arctan2", lambda a, b: M.atan2.impl(C.trigonometric_input(a),
                                                        C.trigonometric_input(b)),
                  "the angle of the point (x2, x1), in radians.")

def unwrap(p, discont=_PI, axis=-1):
    """`mindspore.numpy.unwrap(p, discont=pi, axis=-1)`: phase jumps larger than `discont`
    replaced by their 2*pi complement along `axis`."""
    if not isinstance(discont, (int, float)):
        raise TypeError("discont should be a float")
    p = to_float_if_int(asarray(p))
    return jnp.unwrap(p, discont, C.axis_in_range(axis, p.ndim))


unwrap = functional(unwrap)


# -- unary -------------------------------------------------------------------------------------
absolute = _unary("absolute", M.abs.impl, "elementwise absolute value, keeping the dtype.")
abs = absolute
fabs = absolute
negative = _unary("negative", M.neg.impl, "elementwise negation.")
positive = _unary("positive", lambda a: jnp.array(a, copy=True), "a copy of x.")
square = _unary("square", M.square.impl, "elementwise square, keeping the dtype.")
sqrt = _unary("sqrt", M.sqrt.impl, "elementwise square root; integers give Float32.")
reciprocal = _unary("reciprocal", lambda a: jax.lax.div(jnp.ones((), a.dtype), a) if C.is_int(
    a.dtype) else M.reciprocal.impl(a), "`1 / x`; integers stay integers (`1 / 2` is 0), as in "
    "MindSpore.")
exp = _unary("exp", M.exp.impl, "`e ** x`; integers give Float32.")
expm1 = _unary("expm1", M.expm1.impl, "`e ** x - 1`; integers give Float32.")
exp2 = _unary("exp2", lambda a: jnp.power(jnp.asarray(2, a.dtype), a),
              "`2 ** x`, in x's dtype (integers stay integers).")
log = _unary("log", M.log.impl, "natural logarithm; integers give Float32.")
log1p = _unary("log1p", M.log1p.impl, "`log(1 + x)`; integers give Float32.")
log2 = _unary("log2", M.log2.impl, "base-2 logarithm; integers give Float32.")
log10 = _unary("log10", M.log10.impl, "base-10 logarithm; integers give Float32.")
cbrt = _unary("cbrt", lambda a: jnp.cbrt(a.astype(C.promote(a.dtype, C.FLOAT32))),
              "cube root, computed in at least Float32.")
floor = _unary("floor", M.floor.impl, "the largest integer <= x.")
ceil = _unary("ceil", lambda a: M.ceil.impl(a.astype(C.FLOAT32)),
              "the smallest integer >= x, always as Float32 (MindSpore's rule).")


def _truncate(a):
    return M.trunc.impl(a if C.is_float_16_32(a.dtype) else a.astype(C.FLOAT32))


trunc = _unary("trunc", _truncate, "x rounded towards zero; not Float16/Float32 inputs give Float32.")


def fix(x):
    """`mindspore.numpy.fix(x)`: x rounded towards zero, as `trunc`."""
    return _truncate(asarray(x))


fix = functional(fix)
rint = _unary("rint", lambda a: jnp.round(a) if a.dtype.kind in "fc" else a,
              "x rounded to the nearest integer (halves to even), keeping the dtype.")


def around(a, decimals=0):
    """`mindspore.numpy.around(a, decimals=0)`: rounded to `decimals` places (halves to even).

    `decimals` must be a non-negative int, as in MindSpore.
    """
    a = asarray(a, narrow_sequences=False)
    if not isinstance(decimals, int):
        raise TypeError("decimals must be an integer")
    if decimals < 0:
        raise ValueError("decimals < 0 is not supported now.")
    if decimals == 0:
        return M.round.impl(a)
    scale = jnp.asarray(10 ** decimals, a.dtype)
    rounded = M.round.impl(a * scale)
    return jax.lax.div(rounded, scale) if C.is_int(a.dtype) else rounded / scale


around = functional(around)
round = around


def _sign(a):
    if a.dtype == C.BOOL:
        raise TypeError("sign does not accept dtype bool.")
    a = a.astype(C.FLOAT32) if C.is_int(a.dtype) else a
    # x / |x| as MindSpore computes it (NaN and +-inf give NaN, unlike ops.sign), 0 at zeros
    return jnp.where(a == 0, jnp.zeros((), a.dtype), a / jnp.abs(a).astype(a.dtype))


sign = _unary("sign", _sign, "-1, 0 or 1 by the sign of x; integers give Float32 (MindSpore "
              "computes x / |x|).")
invert = _unary("invert", M.bitwise_not.impl, "elementwise bitwise NOT.")
bitwise_not = invert
def _as_float32_if_int(compute):
    """mindspore.numpy computes integers in Float32 where ops refuses them."""
    def run(a):
        return compute(a.astype(C.FLOAT32) if C.is_int(a.dtype) or a.dtype == C.BOOL else a)
    return run


deg2rad = _unary("deg2rad", _as_float32_if_int(M.deg2rad.impl),
                 "degrees to radians; integers give Float32.")
radians = _unary("radians", _as_float32_if_int(M.deg2rad.impl),
                 "degrees to radians, as `deg2rad`.")
rad2deg = _unary("rad2deg", _as_float32_if_int(M.rad2deg.impl),
                 "radians to degrees; integers give Float32.")


def _trigonometric(name: str, op_impl):
    return _unary(name, lambda a: op_impl(C.trigonometric_input(a)),
                  f"elementwise {name}; Int8, UInt8 and Bool compute in Float16, other integers "
                  "in Float32.")


sin = _trigonometric("sin", M.sin.impl)
cos = _trigonometric("cos", M.cos.impl)
tan = _trigonometric("tan", M.tan.impl)
arcsin = _trigonometric("arcsin", M.asin.impl)
arctan = _trigonometric("arctan", M.atan.impl)
sinh = _trigonometric("sinh", M.sinh.impl)
cosh = _trigonometric("cosh", M.cosh.impl)
tanh = _trigonometric("tanh", M.tanh.impl)
arcsinh = _trigonometric("arcsinh", M.asinh.impl)
arccosh = _trigonometric("arccosh", M.acosh.impl)
arctanh = _trigonometric("arctanh", M.atanh.impl)


def arccos(input, dtype=None):
    """`mindspore.numpy.arccos(input, dtype=None)`: elementwise arccos, as the other
    trigonometric functions."""
    return cast(M.acos.impl(C.trigonometric_input(asarray(input))), dtype_arg(dtype))


arccos = functional(arccos)
