"""Regenerate msjax/_src/ops/bessel_coefficients.py: Chebyshev series of the smooth parts of the
Bessel functions J0, J1, Y0, Y1, K0, K1 (msjax/_src/ops/bessel_ops.py says which part is which),
fitted to SciPy's double-precision functions at Chebyshev points.

Run:  python tools/bessel_coefficients.py > msjax/_src/ops/bessel_coefficients.py
Each series is cut where its coefficients fall below 1e-15 of the function's largest value
(the rest is the reference's rounding noise); the script prints
the worst error of every fit over a fine grid to stderr.
"""
import sys

import numpy as np
from numpy.polynomial import chebyshev
from scipy import special

TWO_OVER_PI = 2 / np.pi


def hankel_parts(order, x):
    """P and Q of J_n = sqrt(2/(pi x)) (P cos chi - Q sin chi), Y_n = sqrt(2/(pi x))
    (P sin chi + Q cos chi), chi = x - (2n + 1) pi / 4: SciPy's values below 40, the asymptotic
    series (error below e^-80) above."""
    x = np.asarray(x, np.float64)
    mu = 4.0 * order * order
    p, q = np.zeros_like(x), np.zeros_like(x)
    term = np.ones_like(x)
    for k in range(60):  # term_k = prod_{j<=k} (mu - (2j-1)^2) / (k! (8x)^k)
        if k:
            term = term * (mu - (2 * k - 1) ** 2) / (k * 8 * x)
        sign = (-1) ** (k // 2)
        if k % 2 == 0:
            p = p + sign * term
        else:
            q = q + sign * term
    j, y = (special.j0, special.y0) if order == 0 else (special.j1, special.y1)
    chi = x - (2 * order + 1) * np.pi / 4
    scale = np.sqrt(np.pi * x / 2)
    near = x < 40
    p_near = scale * (j(x) * np.cos(chi) + y(x) * np.sin(chi))
    q_near = scale * (y(x) * np.cos(chi) - j(x) * np.sin(chi))
    return np.where(near, p_near, p), np.where(near, q_near, q)


def power_series(u, coefficient, terms=60):
    """sum_k coefficient(k) u^k, for arrays u, summed in extended precision (x86's 80-bit
    long double: the alternating series lose two digits at x = 8)."""
    u = np.asarray(u, np.longdouble)
    total = np.zeros_like(u)
    for k in reversed(range(terms)):
        total = total * u + np.longdouble(coefficient(k))
    return total.astype(np.float64)


def harmonic(k):
    return sum(1.0 / i for i in range(1, k + 1))


def factorial(k):
    return float(np.prod(np.arange(1, k + 1, dtype=np.float64)))


def smooth_parts(u):
    """With u = x^2 / 4 (A&S 9.1.11, 9.1.13, 9.6.13, 9.6.11): Y0 - (2/pi) ln(x) J0,
    (Y1 - (2/pi)(J1 ln(x) - 1/x)) / x, K0 + ln(x) I0 and (K1 - 1/x - ln(x) I1) / x, each a
    power series in u."""
    ln2, gamma = np.log(2.0), np.euler_gamma
    psi_sum = lambda k: harmonic(k) + harmonic(k + 1) - 2 * gamma  # psi(k+1) + psi(k+2)
    y0 = power_series(-u, lambda k: TWO_OVER_PI * ((gamma - ln2) - harmonic(k)) / factorial(k) ** 2)
    y1 = power_series(-u, lambda k: (-ln2 / np.pi - psi_sum(k) / (2 * np.pi))
                      / (factorial(k) * factorial(k + 1)))
    k0 = power_series(u, lambda k: ((ln2 - gamma) + harmonic(k)) / factorial(k) ** 2)
    k1 = power_series(u, lambda k: (-ln2 / 2 - psi_sum(k) / 4) / (factorial(k) * factorial(k + 1)))
    return y0, y1, k0, k1


def fit(name, fn, lo, hi, degree=60):
    """Chebyshev coefficients of fn on [lo, hi] (as a function of t in [-1, 1])."""
    t = np.cos(np.pi * (np.arange(degree) + 0.5) / degree)
    values = fn(lo + (t + 1) * (hi - lo) / 2)
    coef = chebyshev.chebfit(t, values, degree - 1)
    small = np.abs(coef) < 1e-15 * np.abs(values).max()  # (past that, SciPy's rounding noise)
    keep = next(k for k in range(degree) if small[k:k + 4].all())
    coef = coef[:keep]
    grid = np.linspace(-1, 1, 20001)[1:-1]
    exact = fn(lo + (grid + 1) * (hi - lo) / 2)
    error = np.abs(chebyshev.chebval(grid, coef) - exact).max()
    print(f"{name}: {keep} terms, max error {error:.2e}", file=sys.stderr)
    return coef


def series():
    out = {}
    # [0, 8] in u = x^2 / 64 in [0, 1]
    def x_of(u):
        return 8 * np.sqrt(u)
    out["J0_SMALL"] = fit("J0_SMALL", lambda u: special.j0(x_of(u)), 0, 1)
    out["J1_SMALL"] = fit("J1_SMALL", lambda u: np.where(
        u == 0, 0.5, special.j1(x_of(u)) / np.where(u == 0, 1, x_of(u))), 0, 1)
    out["Y0_SMALL"] = fit("Y0_SMALL", lambda s: smooth_parts(16 * s)[0], 0, 1)
    out["Y1_SMALL"] = fit("Y1_SMALL", lambda s: smooth_parts(16 * s)[1], 0, 1)
    # x > 8 in v = (8 / x)^2 in (0, 1]: P(v), x Q(v)
    def x_of_v(v):
        return 8 / np.sqrt(v)
    for order in (0, 1):
        out[f"P{order}_LARGE"] = fit(f"P{order}_LARGE",
                                     lambda v: hankel_parts(order, x_of_v(v))[0], 0, 1)
        out[f"Q{order}_LARGE"] = fit(f"Q{order}_LARGE", lambda v: x_of_v(v) * hankel_parts(
            order, x_of_v(v))[1], 0, 1)
    # K on (0, 2] in u = x^2 / 4: K0 + ln(x) I0, (K1 - 1/x - ln(x) I1) / x
    out["K0_SMALL"] = fit("K0_SMALL", lambda u: smooth_parts(u)[2], 0, 1)
    out["K1_SMALL"] = fit("K1_SMALL", lambda u: smooth_parts(u)[3], 0, 1)
    # K on x > 2 in w = 2 / x in (0, 1]: sqrt(x) K0e(x), sqrt(x) K1e(x)
    out["K0E_LARGE"] = fit("K0E_LARGE", lambda w: np.sqrt(2 / w) * special.k0e(2 / w), 0, 1)
    out["K1E_LARGE"] = fit("K1E_LARGE", lambda w: np.sqrt(2 / w) * special.k1e(2 / w), 0, 1)
    return out


def check_smooth_parts():
    """The series against SciPy at x = 1.5 (where neither loses digits)."""
    x = np.array([1.5])
    y0, y1, k0, k1 = smooth_parts(x * x / 4)
    assert np.allclose(y0 + TWO_OVER_PI * np.log(x) * special.j0(x), special.y0(x), 0, 1e-14)
    assert np.allclose(x * y1 + TWO_OVER_PI * (special.j1(x) * np.log(x) - 1 / x), special.y1(x),
                       0, 1e-14)
    assert np.allclose(k0 - np.log(x) * special.i0(x), special.k0(x), 0, 1e-14)
    assert np.allclose(x * k1 + 1 / x + np.log(x) * special.i1(x), special.k1(x), 0, 1e-14)


def main():
    check_smooth_parts()
    print('"""Chebyshev series of the smooth parts of the Bessel functions J0, J1, Y0, Y1, K0, K1')
    print("(see bessel_ops.py), fitted to SciPy's double-precision values. Generated by")
    print('tools/bessel_coefficients.py: do not edit."""')
    for name, coef in series().items():
        print(f"\n{name} = (")
        for c in coef:
            print(f"    {float(c)!r},")
        print(")")


if __name__ == "__main__":
    main()
