"""The Bessel functions J0, J1, Y0, Y1 and the modified K0, K1 (and K0e, K1e, scaled by e^x) of
`mindspore.ops` (`ops.bessel_j0`, `ops.BesselJ0`...), on `jax.Array`s; registered in math_ops.

JAX has I0, I1 (and their scaled forms) but none of these. Each is computed in the input's dtype
(Float16 in Float32, as MindSpore's kernels do), from Chebyshev series of its smooth parts
(bessel_coefficients.py, fitted by tools/bessel_coefficients.py to SciPy's double-precision values
to about 1e-15):

- |x| <= 8: J0 = A(x^2/64), J1 = x B(x^2/64), Y0 = C(x^2/64) + (2/pi) ln(x) J0,
  Y1 = x D(x^2/64) + (2/pi) (J1 ln(x) - 1/x);
- |x| > 8: Hankel's form J_n = sqrt(2/(pi x)) (P cos(chi) - Q sin(chi)), Y_n = sqrt(2/(pi x))
  (P sin(chi) + Q cos(chi)), chi = x - (2n+1) pi/4, P and x Q series in (8/x)^2, cos(chi) and
  sin(chi) from cos(x) and sin(x) (no rounding of x - pi/4);
- 0 < x <= 2: K0 = E(x^2/4) - ln(x) I0, K1 = 1/x + ln(x) I1 + x F(x^2/4);
- x > 2: K0e = G(2/x) / sqrt(x), K1e = H(2/x) / sqrt(x), K = Ke e^-x.

Outside their domains they give MindSpore's values: Y0, Y1 -inf for x < 0 (Y0(0) = -inf, Y1(0)
= NaN in Float16/Float32 and -inf in Float64), K0, K1, K0e, K1e inf for x <= 0, J and Y NaN at
+-inf, K 0 at inf. Their derivatives are MindSpore's (J0' = -J1, J1' = J0 - J1/x, Y0' = -Y1,
Y1' = Y0 - Y1/x, K0' = -K1, K1' = -K0 - K1/x, K0e' = K0e - K1e, K1e' = K1e - K0e - K1e/x).
"""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.ops import bessel_coefficients as C
from msjax._src.ops.adapters import scalar_like

_TWO_OVER_PI = 2 / math.pi
_SQRT_HALF = math.sqrt(0.5)


def _chebyshev(coefficients, v):
    """sum_k c_k T_k(2v - 1) for v in [0, 1] (Clenshaw's recurrence), in v's dtype."""
    t = 2 * v - 1
    b1 = b2 = jnp.zeros_like(v)
    for c in coefficients[:0:-1]:
        b1, b2 = 2 * t * b1 - b2 + c, b1
    return t * b1 - b2 + coefficients[0]


def _split(x, bound):
    """x's magnitude on each side of `bound`, with a harmless value where it is not used."""
    a = jnp.abs(x)
    small = a <= bound
    return (a, small, jnp.where(small, a, scalar_like(bound, a)),
            jnp.where(small, scalar_like(2 * bound, a), a))


def _hankel(order, a):
    """sqrt(2/(pi a)) and (P, Q, cos(chi), sin(chi)) of Hankel's form for a > 8."""
    v = (8 / a) ** 2
    p = _chebyshev(C.P0_LARGE if order == 0 else C.P1_LARGE, v)
    q = _chebyshev(C.Q0_LARGE if order == 0 else C.Q1_LARGE, v) / a
    cos, sin = jnp.cos(a), jnp.sin(a)
    if order == 0:  # chi = a - pi/4
        cos_chi, sin_chi = (cos + sin) * _SQRT_HALF, (sin - cos) * _SQRT_HALF
    else:  # chi = a - 3 pi/4
        cos_chi, sin_chi = (sin - cos) * _SQRT_HALF, -(sin + cos) * _SQRT_HALF
    return jnp.sqrt(_TWO_OVER_PI / a), p, q, cos_chi, sin_chi


def _j0(x):
    a, small, a_small, a_large = _split(x, 8)
    scale, p, q, cos_chi, sin_chi = _hankel(0, a_large)
    near = _chebyshev(C.J0_SMALL, a_small * a_small / 64)
    return jnp.where(small, near, scale * (p * cos_chi - q * sin_chi))


def _j1(x):
    a, small, a_small, a_large = _split(x, 8)
    scale, p, q, cos_chi, sin_chi = _hankel(1, a_large)
    near = a_small * _chebyshev(C.J1_SMALL, a_small * a_small / 64)
    return jnp.sign(x) * jnp.where(small, near, scale * (p * cos_chi - q * sin_chi))


def _y_domain(x, value, at_zero):
    return jnp.where(x < 0, scalar_like(-math.inf, value),
                     jnp.where(x == 0, scalar_like(at_zero, value), value))


def _y0(x):
    a, small, a_small, a_large = _split(x, 8)
    scale, p, q, cos_chi, sin_chi = _hankel(0, a_large)
    near = (_chebyshev(C.Y0_SMALL, a_small * a_small / 64)
            + _TWO_OVER_PI * jnp.log(a_small) * _j0(a_small))
    return _y_domain(x, jnp.where(small, near, scale * (p * sin_chi + q * cos_chi)), -math.inf)


def _y1(x):
    a, small, a_small, a_large = _split(x, 8)
    scale, p, q, cos_chi, sin_chi = _hankel(1, a_large)
    safe = jnp.where(a_small == 0, scalar_like(1.0, a_small), a_small)
    near = (safe * _chebyshev(C.Y1_SMALL, safe * safe / 64)
            + _TWO_OVER_PI * (_j1(safe) * jnp.log(safe) - 1 / safe))
    # MindSpore's kernels: NaN at 0 in Float32 (and Float16, computed in it), -inf in Float64
    at_zero = -math.inf if x.dtype == np.float64 else math.nan
    return _y_domain(x, jnp.where(small, near, scale * (p * sin_chi + q * cos_chi)), at_zero)


def _k_near(order, x):
    """K0 or K1 for 0 < x <= 2 (any value elsewhere)."""
    u = x * x / 4
    if order == 0:
        return _chebyshev(C.K0_SMALL, u) - jnp.log(x) * jsp.i0(x)
    return 1 / x + jnp.log(x) * jsp.i1(x) + x * _chebyshev(C.K1_SMALL, u)


def _k(order, x, scaled):
    _, small, x_small, x_large = _split(x, 2)
    x_small = jnp.where(x_small == 0, scalar_like(1.0, x_small), x_small)  # (x <= 0: inf below)
    near = _k_near(order, x_small)
    far = _chebyshev(C.K0E_LARGE if order == 0 else C.K1E_LARGE, 2 / x_large) / jnp.sqrt(x_large)
    value = (jnp.where(small, near * jnp.exp(x_small), far) if scaled
             else jnp.where(small, near, far * jnp.exp(-x_large)))
    return jnp.where(x <= 0, scalar_like(math.inf, value), value)


def _in_float32_for_half(fn):
    """fn computed in Float32 for Float16/BFloat16 inputs, the result in the input's dtype."""
    def compute(x):
        if x.dtype in (np.float32, np.float64):
            return fn(x)
        return fn(x.astype(np.float32)).astype(x.dtype)
    return compute


def _checked(primitive, fn):
    """fn behind MindSpore's input type check of `primitive` (Float16, Float32, Float64)."""
    def checked(x):
        dtype = jnp.result_type(x)
        if dtype not in (np.float16, np.float32, np.float64):
            raise TypeError(f"For primitive[{primitive}], the input argument[x] must be a type "
                            "of {Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got "
                            f"Tensor[{mstype.from_numpy(dtype)}].")
        return fn(jnp.asarray(x))
    checked.__name__ = primitive
    return checked


def _with_derivative(fn, derivative):
    fn = jax.custom_jvp(fn)
    fn.defjvps(lambda tangent, _, x: tangent * derivative(x))
    return fn


def _over(x, value):
    return value / x


bessel_j0 = _with_derivative(_in_float32_for_half(_j0), lambda x: -bessel_j1(x))
bessel_j1 = _with_derivative(_in_float32_for_half(_j1),
                             lambda x: bessel_j0(x) - _over(x, bessel_j1(x)))
bessel_y0 = _with_derivative(_in_float32_for_half(_y0), lambda x: -bessel_y1(x))
bessel_y1 = _with_derivative(_in_float32_for_half(_y1),
                             lambda x: bessel_y0(x) - _over(x, bessel_y1(x)))
bessel_k0 = _with_derivative(_in_float32_for_half(lambda x: _k(0, x, False)),
                             lambda x: -bessel_k1(x))
bessel_k1 = _with_derivative(_in_float32_for_half(lambda x: _k(1, x, False)),
                             lambda x: -bessel_k0(x) - _over(x, bessel_k1(x)))
bessel_k0e = _with_derivative(_in_float32_for_half(lambda x: _k(0, x, True)),
                              lambda x: bessel_k0e(x) - bessel_k1e(x))
bessel_k1e = _with_derivative(_in_float32_for_half(lambda x: _k(1, x, True)),
                              lambda x: bessel_k1e(x) - bessel_k0e(x) - _over(x, bessel_k1e(x)))

CHECKED = {name: _checked(primitive, fn) for name, primitive, fn in (
    ("bessel_j0", "BesselJ0", bessel_j0), ("bessel_j1", "BesselJ1", bessel_j1),
    ("bessel_y0", "BesselY0", bessel_y0), ("bessel_y1", "BesselY1", bessel_y1),
    ("bessel_k0", "BesselK0", bessel_k0), ("bessel_k0e", "BesselK0e", bessel_k0e),
    ("bessel_k1", "BesselK1", bessel_k1), ("bessel_k1e", "BesselK1e", bessel_k1e))}
