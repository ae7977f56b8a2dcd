"""Fourier transforms and window functions of `mindspore.ops`.

The FFTs follow `jnp.fft` with MindSpore's argument names (`n`/`s`, `dim`, `norm`); real inputs
are transformed as Complex64 (Complex128 for Float64), integers as Float32 first.
"""
from __future__ import annotations

import inspect

import jax.numpy as jnp
import numpy as np

from msjax._src.ops.adapters import np_dtype, to_float_if_int
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.registry import functional, op, primitive

_FLOAT32 = np.dtype(np.float32)
_FLOAT64 = np.dtype(np.float64)


def _fft_1d(name, transform):
    def impl(input, n=None, dim=-1, norm=None):
        return transform(to_float_if_int(input), n=n, axis=dim, norm=norm)
    impl.__name__ = impl.__qualname__ = name
    return op(name)(impl)


def _fft_2d(name, transform):
    def impl(input, s=None, dim=(-2, -1), norm=None):
        return transform(to_float_if_int(input), s=s, axes=tuple(dim), norm=norm)
    impl.__name__ = impl.__qualname__ = name
    return op(name)(impl)


def _fft_nd(name, transform):
    def impl(input, s=None, dim=None, norm=None):
        axes = None if dim is None else tuple(dim)
        return transform(to_float_if_int(input), s=s, axes=axes, norm=norm)
    impl.__name__ = impl.__qualname__ = name
    return op(name)(impl)


fft = _fft_1d("fft", jnp.fft.fft)
ifft = _fft_1d("ifft", jnp.fft.ifft)
rfft = _fft_1d("rfft", jnp.fft.rfft)
irfft = _fft_1d("irfft", jnp.fft.irfft)
hfft = _fft_1d("hfft", jnp.fft.hfft)
ihfft = _fft_1d("ihfft", jnp.fft.ihfft)
# The 2-D transforms are the n-D ones over `dim` (two axes by default): MindSpore, as NumPy, takes
# any number of axes there (`rfft2(x, s=(2,), dim=(0,))`), where jnp.fft.fft2 takes exactly two.
fft2 = _fft_2d("fft2", jnp.fft.fftn)
ifft2 = _fft_2d("ifft2", jnp.fft.ifftn)
rfft2 = _fft_2d("rfft2", jnp.fft.rfftn)
irfft2 = _fft_2d("irfft2", jnp.fft.irfftn)
_SWAPPED_NORM = {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}


def _hermitian(name, dim):
    """hfft2/hfftn (`inverse=False`) and ihfft2/ihfftn: NumPy's and PyTorch's Hermitian FFTs
    over the axes `dim`, the last of them the half-spectrum one. `hfftn(x)` is `irfftn` of
    `conj(x)` and `ihfftn(x)` the conjugate of `rfftn(x)`, each with the opposite scaling (the
    norm `norm` names is the forward transform's, and these are inverse transforms)."""
    def hermitian(input, s=None, dim=dim, norm=None):
        axes = None if dim is None else tuple(dim)
        norm_of_inverse = _SWAPPED_NORM[norm]
        if name.startswith("i"):
            return jnp.conj(jnp.fft.rfftn(to_float_if_int(input), s=s, axes=axes,
                                          norm=norm_of_inverse))
        return jnp.fft.irfftn(jnp.conj(to_float_if_int(input)), s=s, axes=axes,
                              norm=norm_of_inverse)
    hermitian.__name__ = hermitian.__qualname__ = name
    return op(name)(hermitian)


hfft2 = _hermitian("hfft2", (-2, -1))
ihfft2 = _hermitian("ihfft2", (-2, -1))
hfftn = _hermitian("hfftn", None)
ihfftn = _hermitian("ihfftn", None)
fftn = _fft_nd("fftn", jnp.fft.fftn)
ifftn = _fft_nd("ifftn", jnp.fft.ifftn)
rfftn = _fft_nd("rfftn", jnp.fft.rfftn)
irfftn = _fft_nd("irfftn", jnp.fft.irfftn)


@op()
def fftshift(input, dim=None):
    return jnp.fft.fftshift(input, axes=dim)


@op()
def ifftshift(input, dim=None):
    return jnp.fft.ifftshift(input, axes=dim)


@op()
def fftfreq(n, d=1.0, dtype=None):
    return jnp.fft.fftfreq(n, d).astype(np_dtype(dtype) or _FLOAT32)


@op()
def rfftfreq(n, d=1.0, dtype=None):
    return jnp.fft.rfftfreq(n, d).astype(np_dtype(dtype) or _FLOAT32)


# -- windows -----------------------------------------------------------------------------------
def _window(window_length, periodic, dtype, make, default=_FLOAT32):
    """A symmetric window of `window_length` points, or the first `window_length` points of a
    one-longer symmetric window when `periodic`. MindSpore's default dtype is Float32, except
    for the Hann and Kaiser windows (Float64)."""
    window_length = int(window_length)  # a Python int or a 0-d integer Tensor
    dtype = np_dtype(dtype) or default
    if window_length == 1:
        return jnp.ones((1,), dtype)
    n = window_length + 1 if periodic else window_length
    return jnp.asarray(make(n)[:window_length], dtype)


def _cosine_sum(coefficients):
    def make(n):
        k = np.arange(n) * (2 * np.pi / (n - 1))
        return sum(a * np.cos(i * k) for i, a in enumerate(coefficients))
    return make


@op()
def hann_window(window_length, periodic=True, *, dtype=None):
    return _window(window_length, periodic, dtype, _cosine_sum((0.5, -0.5)), _FLOAT64)


@op()
def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None):
    return _window(window_length, periodic, dtype, _cosine_sum((alpha, -beta)))


def _blackman(n):
    """0.42 + 0.08 cos(2k) - 0.5 cos(k), summed in MindSpore's order: its ends are exactly 0
    (0.42 - 0.5 + 0.08 is -1.4e-17)."""
    k = np.arange(n) * (2 * np.pi / (n - 1))
    return 0.42 + 0.08 * np.cos(2 * k) - 0.5 * np.cos(k)


@op()
def blackman_window(window_length, periodic=True, *, dtype=None):
    return _window(window_length, periodic, dtype, _blackman)


@op()
def bartlett_window(window_length, periodic=True, *, dtype=None):
    return _window(window_length, periodic, dtype, np.bartlett)


@op()
def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None):
    return _window(window_length, periodic, dtype, lambda n: np.kaiser(n, beta), _FLOAT64)


# -- FFTWithSize (MindSpore's 1.x FFT Primitive) -------------------------------------------------
_NORMS = ("backward", "forward", "ortho")


def fft_with_size(x, signal_ndim, inverse, real, norm="backward", onesided=True,
                  signal_sizes=()):
    """`ops.FFTWithSize(signal_ndim, inverse, real, norm, onesided, signal_sizes)(x)`: the
    `signal_ndim`-dimensional transform over the last axes: complex to complex (`real=False`:
    fftn, ifftn), real to complex (`real=True, inverse=False`: rfftn, or the full fftn when not
    `onesided`) or complex to real (`real=True, inverse=True`: irfftn to `signal_sizes`, by
    default the last axis `2 * (n - 1)`)."""
    name = "FFTWithSize"
    if signal_ndim not in (1, 2, 3):
        raise ValueError(f"For '{name}', the 'signal_ndim' must be in range of [1, 3], but got "
                         f"{signal_ndim}.")
    if norm not in _NORMS:
        raise ValueError(f"For '{name}', the 'norm' must be one of {list(_NORMS)}, but got "
                         f"{norm}.")
    if x.ndim < signal_ndim:
        raise ValueError(f"For '{name}', the dimension of the input must be greater than or "
                         f"equal to 'signal_ndim': {signal_ndim}, but got {x.ndim}.")
    axes = tuple(range(x.ndim - signal_ndim, x.ndim))
    if not real:
        transform = jnp.fft.ifftn if inverse else jnp.fft.fftn
        return transform(x, axes=axes, norm=norm)
    if not inverse:
        x = to_float_if_int(x)
        if jnp.iscomplexobj(x):
            x = jnp.real(x)
        transform = jnp.fft.rfftn if onesided else jnp.fft.fftn
        return transform(x, axes=axes, norm=norm)
    if onesided and x.shape[-1] == 1:
        raise ValueError(f"For '{name}', the last dimension of the input cannot be 1, but got "
                         f"{list(x.shape)}.")
    sizes = tuple(signal_sizes) if signal_sizes else (
        x.shape[-signal_ndim:-1] + ((2 * (x.shape[-1] - 1),) if onesided else (x.shape[-1],)))
    if not onesided:
        return jnp.real(jnp.fft.ifftn(x, s=sizes, axes=axes, norm=norm))
    return jnp.fft.irfftn(x, s=sizes, axes=axes, norm=norm)


FFTWithSize = primitive("FFTWithSize", functional(fft_with_size),
                        signal_ndim=inspect.Parameter.empty, inverse=inspect.Parameter.empty,
                        real=inspect.Parameter.empty, norm="backward", onesided=True,
                        signal_sizes=(),
                        display=shown.enum("norm", {n: i for i, n in enumerate(_NORMS)}))


@op()
def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="REFLECT", normalized=False, onesided=None, return_complex=None):
    """`ops.stft`: the short-time Fourier transform of `x` (..., length), (..., n_freq, frames):
    frames of `n_fft` samples every `hop_length` (n_fft // 4), each multiplied by `window`
    (ones of `win_length`, centred in n_fft), transformed; `center` pads n_fft // 2 samples each
    side first (`pad_mode`); `onesided` (real input and window) keeps n_fft // 2 + 1
    frequencies; `normalized` divides by sqrt(n_fft); without `return_complex` (for real
    inputs) the real and imaginary parts stand on a last axis of 2."""
    hop = hop_length if hop_length is not None else n_fft // 4
    width = win_length if win_length is not None else n_fft
    window = jnp.ones((width,), x.real.dtype) if window is None else window
    left = (n_fft - window.shape[0]) // 2
    window = jnp.pad(window, (left, n_fft - window.shape[0] - left))
    is_complex = jnp.iscomplexobj(x) or jnp.iscomplexobj(window)
    if center:
        pads = [(0, 0)] * (x.ndim - 1) + [(n_fft // 2, n_fft // 2)]
        x = jnp.pad(x, pads, mode=str(pad_mode).lower())
    count = 1 + (x.shape[-1] - n_fft) // hop
    positions = np.arange(count)[:, None] * hop + np.arange(n_fft)
    spectrum = jnp.fft.fft(x[..., positions] * window, axis=-1)
    if onesided if onesided is not None else not is_complex:
        spectrum = spectrum[..., : n_fft // 2 + 1]
    if normalized:
        spectrum = spectrum / float(np.sqrt(n_fft))
    spectrum = jnp.swapaxes(spectrum, -1, -2)
    if return_complex if return_complex is not None else is_complex:
        return spectrum
    return jnp.stack([spectrum.real, spectrum.imag], axis=-1)
