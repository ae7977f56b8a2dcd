"""`mindspore.dataset.audio`: the short-time Fourier transforms and what is built on them
(Spectrogram, InverseSpectrogram, GriffinLim, MelScale, MelSpectrogram, MFCC, LFCC,
SpectralCentroid, TimeStretch/PhaseVocoder), complex spectrogram helpers (ComplexNorm, Angle,
Magphase), ComputeDeltas, and the filter-bank functions of `mindspore.dataset.audio.utils`
(melscale_fbanks, linear_fbanks, create_dct).

A complex spectrogram is a real array whose last axis (of 2) holds the real and imaginary parts,
as in MindSpore. Everything is computed in float64 with NumPy and returned as float64 for float64
input, float32 otherwise.
"""
from __future__ import annotations

import math

import numpy as np

from msjax._src.dataset.audio import (AudioTensorOperation, BorderType, MelType, NormMode,
                                      NormType, WindowType, _out_dtype, _with_signature_check)
from msjax._src.dataset.audio_checks import (check_non_negative_float32, check_non_negative_int32,
                                             check_pos_float32, check_pos_int32)
from msjax._src.dataset.transform_base import TransformError
from msjax._src.dataset.vision_checks import type_check


# ---- windows and the STFT ---------------------------------------------------------------------

def window_values(window, length):
    """The periodic window of `length` samples (torch's ``*_window(periodic=True)``; Kaiser with
    beta 12)."""
    n = np.arange(length, dtype=np.float64)
    if length == 1:
        return np.ones(1)
    phase = 2 * math.pi * n / length
    if window == WindowType.HANN:
        return 0.5 - 0.5 * np.cos(phase)
    if window == WindowType.HAMMING:
        return 0.54 - 0.46 * np.cos(phase)
    if window == WindowType.BLACKMAN:
        return 0.42 - 0.5 * np.cos(phase) + 0.08 * np.cos(2 * phase)
    if window == WindowType.BARTLETT:
        return 1 - np.abs(2 * n / length - 1)
    ratio = (n - length / 2) / (length / 2)
    return np.i0(12.0 * np.sqrt(np.maximum(0.0, 1 - ratio ** 2))) / np.i0(12.0)


_PAD_MODES = {BorderType.CONSTANT: "constant", BorderType.EDGE: "edge",
              BorderType.REFLECT: "reflect", BorderType.SYMMETRIC: "symmetric"}


def _framed_window(window, win_length, n_fft):
    """The window zero-padded to n_fft, centred."""
    values = window_values(window, win_length)
    left = (n_fft - win_length) // 2
    return np.pad(values, (left, n_fft - win_length - left))


def stft(values, n_fft, hop_length, window, center, pad_mode, onesided, normalized):
    """The STFT of `values` (float64, <..., time>) as complex (..., freq, frames)."""
    if center:
        width = [(0, 0)] * (values.ndim - 1) + [(n_fft // 2, n_fft // 2)]
        values = np.pad(values, width, mode=_PAD_MODES[pad_mode])
    frames = 1 + (values.shape[-1] - n_fft) // hop_length
    starts = np.arange(frames) * hop_length
    framed = values[..., starts[:, None] + np.arange(n_fft)[None, :]] * window
    spectrum = np.fft.rfft(framed, axis=-1) if onesided else np.fft.fft(framed, axis=-1)
    if normalized:
        spectrum = spectrum / math.sqrt(float(np.sum(window ** 2)))
    return np.swapaxes(spectrum, -1, -2)


def istft(spectrum, n_fft, hop_length, window, center, onesided, normalized, length):
    """The inverse STFT (overlap-add, normalised by the summed squared window) of complex
    (..., freq, frames); `length` trims or zero-pads the result (None: as it comes)."""
    if normalized:
        spectrum = spectrum * math.sqrt(float(np.sum(window ** 2)))
    frames_spec = np.swapaxes(spectrum, -1, -2)
    frames = (np.fft.irfft(frames_spec, n=n_fft, axis=-1) if onesided
              else np.fft.ifft(frames_spec, n=n_fft, axis=-1).real) * window
    count = frames.shape[-2]
    total = n_fft + hop_length * (count - 1)
    out = np.zeros(frames.shape[:-2] + (total,))
    envelope = np.zeros(total)
    for i in range(count):
        out[..., i * hop_length:i * hop_length + n_fft] += frames[..., i, :]
        envelope[i * hop_length:i * hop_length + n_fft] += window ** 2
    start = n_fft // 2 if center else 0
    end = total - n_fft // 2 if center else total
    if length is not None:
        end = start + length
    out, envelope = out[..., start:end], envelope[start:end]
    out = np.where(envelope > 1e-11, out / np.where(envelope > 1e-11, envelope, 1.0), out)
    if length is not None and out.shape[-1] < length:
        out = np.pad(out, [(0, 0)] * (out.ndim - 1) + [(0, length - out.shape[-1])])
    return out


def _as_complex(array):
    return array[..., 0] + 1j * array[..., 1]


def _as_pair(spectrum):
    return np.stack([spectrum.real, spectrum.imag], axis=-1)


def _check_stft_lengths(n_fft, win_length, hop_length):
    type_check(n_fft, (int,), "n_fft")
    check_pos_int32(n_fft, "n_fft")
    if win_length is not None:
        check_pos_int32(win_length, "win_length")
        if win_length > n_fft:
            raise ValueError(f"Input win_length should be no more than n_fft, but got win_length: "
                             f"{win_length} and n_fft: {n_fft}.")
    if hop_length is not None:
        check_pos_int32(hop_length, "hop_length")


class _Stft:
    """The STFT settings of a transform, defaults resolved as MindSpore resolves them."""

    def __init__(self, n_fft, win_length, hop_length, pad, window, normalized, center, pad_mode,
                 onesided):
        self.n_fft = n_fft
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2
        self.pad, self.window, self.normalized = pad, window, normalized
        self.center, self.pad_mode, self.onesided = center, pad_mode, onesided

    def spectrum(self, values, name):
        """The complex STFT of float64 `values` (<..., time>)."""
        if self.pad:
            values = np.pad(values, [(0, 0)] * (values.ndim - 1) + [(self.pad, self.pad)])
        length = values.shape[-1]
        if not self.center and self.n_fft > length:
            raise TransformError(f"{name}: n_fft should be more than 0 and less than {length}, "
                                 f"but got n_fft: {self.n_fft}.")
        window = _framed_window(self.window, self.win_length, self.n_fft)
        return stft(values, self.n_fft, self.hop_length, window, self.center, self.pad_mode,
                    self.onesided, self.normalized)


def _power_spectrogram(spectrum, power):
    """|X|^power, or the complex values as (..., 2) for power 0."""
    if power == 0:
        return _as_pair(spectrum)
    magnitude = np.abs(spectrum)
    return magnitude if power == 1 else magnitude ** power


class Spectrogram(AudioTensorOperation):
    """`mindspore.dataset.audio.Spectrogram(n_fft=400, win_length=None, hop_length=None, pad=0,
    window=WindowType.HANN, power=2.0, normalized=False, center=True,
    pad_mode=BorderType.REFLECT, onesided=True)`: the (power) spectrogram of <..., time> as
    <..., freq, time>; power 0 gives the complex STFT as <..., freq, time, 2>."""

    @_with_signature_check
    def __init__(self, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN,
                 power=2.0, normalized=False, center=True, pad_mode=BorderType.REFLECT,
                 onesided=True):
        _check_stft_lengths(n_fft, win_length, hop_length)
        check_non_negative_int32(pad, "pad")
        type_check(window, (WindowType,), "window")
        check_non_negative_float32(power, "power")
        type_check(normalized, (bool,), "normalized")
        type_check(center, (bool,), "center")
        type_check(onesided, (bool,), "onesided")
        type_check(pad_mode, (BorderType,), "pad_mode")
        self.stft = _Stft(n_fft, win_length, hop_length, pad, window, normalized, center,
                          pad_mode, onesided)
        self.power = power

    def implementation(self, array):
        array = self._checked(array)
        spectrum = self.stft.spectrum(array.astype(np.float64), type(self).__name__)
        return _power_spectrogram(spectrum, self.power).astype(_out_dtype(array))


class InverseSpectrogram(AudioTensorOperation):
    """`mindspore.dataset.audio.InverseSpectrogram(length=None, n_fft=400, win_length=None,
    hop_length=None, pad=0, window=WindowType.HANN, normalized=False, center=True,
    pad_mode=BorderType.REFLECT, onesided=True)`: the waveform of a complex spectrogram
    <..., freq, time, 2> by overlap-add."""

    @_with_signature_check
    def __init__(self, length=None, n_fft=400, win_length=None, hop_length=None, pad=0,
                 window=WindowType.HANN, normalized=False, center=True,
                 pad_mode=BorderType.REFLECT, onesided=True):
        if length is not None:
            check_non_negative_int32(length, "length")
        check_pos_int32(n_fft, "n_fft")
        type_check(window, (WindowType,), "window")
        type_check(normalized, (bool,), "normalized")
        type_check(center, (bool,), "center")
        type_check(pad_mode, (BorderType,), "pad_mode")
        type_check(onesided, (bool,), "onesided")
        check_non_negative_int32(pad, "pad")
        if hop_length is not None:
            check_pos_int32(hop_length, "hop_length")
        if win_length is not None:
            check_pos_int32(win_length, "win_length")
            if win_length > n_fft:
                raise ValueError(f"Input win_length should be no more than n_fft, but got "
                                 f"win_length: {win_length} and n_fft: {n_fft}.")
        self.length = length
        self.stft = _Stft(n_fft, win_length, hop_length, pad, window, normalized, center,
                          pad_mode, onesided)

    def implementation(self, array):
        array = self._checked(array, min_rank=3, shape_words="<..., freq, time, complex=2>")
        if array.shape[-1] != 2:
            raise TransformError(f"{type(self).__name__}: the shape of input tensor does not match "
                                 f"the requirement of operator. Expecting tensor in shape of "
                                 f"<..., freq, time, complex=2>.")
        s = self.stft
        window = _framed_window(s.window, s.win_length, s.n_fft)
        length = self.length + 2 * s.pad if self.length else None
        out = istft(_as_complex(array.astype(np.float64)), s.n_fft, s.hop_length, window,
                    s.center, s.onesided, s.normalized, length)
        if s.pad:
            out = out[..., s.pad:out.shape[-1] - s.pad]
        return out.astype(_out_dtype(array))


# ---- filter banks -----------------------------------------------------------------------------

def _hz_to_mel(freq, mel_type):
    if mel_type == MelType.HTK:
        return 2595.0 * np.log10(1.0 + np.asarray(freq, np.float64) / 700.0)
    freq = np.asarray(freq, np.float64)
    f_sp, min_log_hz, logstep = 200.0 / 3, 1000.0, math.log(6.4) / 27.0
    mels = freq / f_sp
    min_log_mel = min_log_hz / f_sp
    with np.errstate(divide="ignore"):
        logged = min_log_mel + np.log(np.maximum(freq, 1e-300) / min_log_hz) / logstep
    return np.where(freq >= min_log_hz, logged, mels)


def _mel_to_hz(mels, mel_type):
    mels = np.asarray(mels, np.float64)
    if mel_type == MelType.HTK:
        return 700.0 * (10.0 ** (mels / 2595.0) - 1.0)
    f_sp, min_log_hz, logstep = 200.0 / 3, 1000.0, math.log(6.4) / 27.0
    min_log_mel = min_log_hz / f_sp
    return np.where(mels >= min_log_mel, min_log_hz * np.exp(logstep * (mels - min_log_mel)),
                    f_sp * mels)


def _triangular_filters(all_freqs, points):
    """Triangles over `all_freqs` with corners at `points` (n + 2 of them): (freqs, n)."""
    slopes = points[None, :] - all_freqs[:, None]
    widths = np.diff(points)
    down = -slopes[:, :-2] / widths[:-1]
    up = slopes[:, 2:] / widths[1:]
    return np.maximum(0.0, np.minimum(down, up))


def mel_filterbank(n_freqs, f_min, f_max, n_mels, sample_rate, norm, mel_type):
    """The mel filter bank (n_freqs, n_mels), float64."""
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    mels = np.linspace(_hz_to_mel(f_min, mel_type), _hz_to_mel(f_max, mel_type), n_mels + 2)
    points = _mel_to_hz(mels, mel_type)
    bank = _triangular_filters(all_freqs, points)
    if norm == NormType.SLANEY:
        bank = bank * (2.0 / (points[2:n_mels + 2] - points[:n_mels]))[None, :]
    return bank


def _check_frequency_range(n_freqs, f_min, f_max):
    """MindSpore's checks of a filter bank's frequencies (melscale_fbanks, linear_fbanks)."""
    check_non_negative_int32(n_freqs, "n_freqs")
    check_non_negative_float32(f_min, "f_min")
    check_pos_float32(f_max, "f_max")
    if f_min > f_max:
        raise ValueError(f"Input f_min should be no more than f_max, but got f_min: {f_min} and "
                         f"f_max: {f_max}.")


def melscale_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm=NormType.NONE,
                    mel_type=MelType.HTK):
    """`mindspore.dataset.audio.melscale_fbanks`: the mel filter bank as a float32 array of shape
    (n_freqs, n_mels)."""
    _check_frequency_range(n_freqs, f_min, f_max)
    check_pos_int32(n_mels, "n_mels")
    check_pos_int32(sample_rate, "sample_rate")
    type_check(norm, (NormType,), "norm")
    type_check(mel_type, (MelType,), "mel_type")
    return mel_filterbank(n_freqs, f_min, f_max, n_mels, sample_rate, norm,
                          mel_type).astype(np.float32)


def linear_fbanks(n_freqs, f_min, f_max, n_filter, sample_rate):
    """`mindspore.dataset.audio.linear_fbanks`: triangular filters evenly spaced in Hz, a float32
    array of shape (n_freqs, n_filter)."""
    _check_frequency_range(n_freqs, f_min, f_max)
    check_pos_int32(n_filter, "n_filter")
    check_pos_int32(sample_rate, "sample_rate")
    return _linear_filterbank(n_freqs, f_min, f_max, n_filter, sample_rate).astype(np.float32)


def _linear_filterbank(n_freqs, f_min, f_max, n_filter, sample_rate):
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    return _triangular_filters(all_freqs, np.linspace(f_min, f_max, n_filter + 2))


def dct_matrix(n_mfcc, n_mels, norm):
    """The DCT-II matrix (n_mels, n_mfcc), float64 (orthonormal with NormMode.ORTHO)."""
    n = np.arange(n_mels, dtype=np.float64)
    k = np.arange(n_mfcc, dtype=np.float64)[:, None]
    dct = np.cos(math.pi / n_mels * (n + 0.5) * k)
    if norm == NormMode.ORTHO:
        dct[0] *= 1.0 / math.sqrt(2.0)
        dct *= math.sqrt(2.0 / n_mels)
    else:
        dct *= 2.0
    return dct.T


def create_dct(n_mfcc, n_mels, norm=NormMode.NONE):
    """`mindspore.dataset.audio.create_dct`: the DCT-II matrix as a float32 array of shape
    (n_mels, n_mfcc)."""
    for name, value, kind in (("n_mfcc", n_mfcc, int), ("n_mels", n_mels, int),
                              ("norm", norm, NormMode)):
        if not isinstance(value, kind):
            raise TypeError(f"{name} with value {value} is not of type {kind}, but got "
                            f"{type(value)}.")
    for name, value in (("n_mfcc", n_mfcc), ("n_mels", n_mels)):
        if value <= 0:
            raise ValueError(f"{name} must be greater than 0, but got {value}.")
    return dct_matrix(n_mfcc, n_mels, norm).astype(np.float32)
