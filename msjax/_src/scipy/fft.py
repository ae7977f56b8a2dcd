"""`mindspore.scipy.fft`: the type-II discrete cosine transforms `dct`, `idct`, `dctn`, `idctn`.

MindSpore 2.10 implements type II with the orthonormal scaling only (`norm=None` means "ortho"),
computes integer and float16 inputs in float32, keeps float64 and complex dtypes, and names its
primitives (DCT, IDCT, DCTN, IDCTN) in its errors. msjax computes them with `jax.scipy.fft` (a
complex input: its real and imaginary parts, the transform being real and linear).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.fft as jfft

from msjax._src.ops.registry import functional

_KEEP = (jnp.float64, jnp.complex64, jnp.complex128)


def _checked_input(x, primitive: str):
    if not isinstance(x, jax.Array):
        raise TypeError(f"For '{primitive}', the input 'x' must be a Tensor, but got "
                        f"{type(x).__name__}.")
    if x.dtype == jnp.bool_:
        raise TypeError(f"For '{primitive}', the type of 'x' must be one of int16, int32, int64, "
                        f"float16, float32, float64, complex64, complex128, but got Bool.")
    return x if x.dtype in _KEEP else x.astype(jnp.float32)


def _check_type_and_norm(type, norm) -> None:  # noqa: A002 - MindSpore's parameter name
    if type != 2:
        raise ValueError("Only dct type II is supported currently.")
    if norm not in (None, "ortho"):
        raise ValueError('Only norm "ortho" is supported currently.')


def _on_parts(transform, x):
    """`transform` of a real array, or of a complex one's real and imaginary parts."""
    if jnp.iscomplexobj(x):
        return jax.lax.complex(transform(x.real), transform(x.imag))
    return transform(x)


def _one_axis(forward: bool, primitive: str):
    jax_transform = jfft.dct if forward else jfft.idct

    def transform(x, type=2, n=None, axis=-1, norm=None):  # noqa: A002
        x = _checked_input(x, primitive)
        _check_type_and_norm(type, norm)
        if n is not None and n <= 0:
            raise ValueError(f"The argument[n] must be greater than 0, but got {n}.")
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"For primitive[{primitive}], the axis must be in "
                             f"[{-x.ndim},{x.ndim - 1}), but got {axis}.")
        return _on_parts(lambda part: jax_transform(part, 2, n, axis, "ortho"), x)

    return transform


def _n_axes(forward: bool, primitive: str):
    jax_transform = jfft.dctn if forward else jfft.idctn

    def transform(x, type=2, s=None, axes=None, norm=None):  # noqa: A002
        x = _checked_input(x, primitive)
        _check_type_and_norm(type, norm)
        if s is not None and axes is not None and len(s) != len(axes):
            raise ValueError("When given, dim and s arguments must have the same length.")
        if axes is None:
            axes = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
        return _on_parts(lambda part: jax_transform(part, 2, s, axes, "ortho"), x)

    return transform


dct = functional(_one_axis(True, "DCT"))
dct.__name__ = dct.__qualname__ = "dct"
dct.__doc__ = """`mindspore.scipy.fft.dct(x, type=2, n=None, axis=-1, norm=None)`: the orthonormal
type-II discrete cosine transform of `x` along `axis`, `x` cut or zero-padded to `n` there first.

Example:
    >>> dct(Tensor(np.arange(4, dtype=np.float32)))[0]
    Tensor(shape=[], dtype=Float32, value= 3)
"""
idct = functional(_one_axis(False, "IDCT"))
idct.__name__ = idct.__qualname__ = "idct"
idct.__doc__ = """`mindspore.scipy.fft.idct(x, type=2, n=None, axis=-1, norm=None)`: the inverse of
`dct` (the orthonormal type-III transform) along `axis`, `x` cut or zero-padded to `n` first."""
dctn = functional(_n_axes(True, "DCTN"))
dctn.__name__ = dctn.__qualname__ = "dctn"
dctn.__doc__ = """`mindspore.scipy.fft.dctn(x, type=2, s=None, axes=None, norm=None)`: `dct` along
each of `axes` (every axis; the last `len(s)` when only `s` is given), `x` cut or zero-padded to
the lengths `s` first."""
idctn = functional(_n_axes(False, "IDCTN"))
idctn.__name__ = idctn.__qualname__ = "idctn"
idctn.__doc__ = """`mindspore.scipy.fft.idctn(x, type=2, s=None, axes=None, norm=None)`: the
inverse of `dctn`, along each of `axes`, `x` cut or zero-padded to the lengths `s` first."""
