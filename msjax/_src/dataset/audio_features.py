"""`mindspore.dataset.audio`: features computed from spectrograms (MelScale, MelSpectrogram, MFCC,
LFCC, SpectralCentroid, GriffinLim, ComplexNorm, Angle, Magphase, TimeStretch, PhaseVocoder,
ComputeDeltas), on the STFT and filter banks of audio_spectral.py. float64 stays, everything else
is returned as float32."""
from __future__ import annotations

import math

import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.audio import (AmplitudeToDB, AudioTensorOperation, BorderType, MelType,
                                      NormMode, NormType, Resample, ScaleType, WindowType,
                                      _out_dtype, _with_signature_check)
from msjax._src.dataset.audio_checks import (check_int32_not_zero, check_non_negative_float32,
                                             check_non_negative_int32, check_pos_float32,
                                             check_pos_int32, check_sample_rate, check_value)
from msjax._src.dataset.audio_spectral import (_PAD_MODES, _Stft, _as_complex, _as_pair,
                                               _check_stft_lengths, _framed_window,
                                               _linear_filterbank, _power_spectrogram,
                                               dct_matrix, istft, mel_filterbank, stft)
from msjax._src.dataset.rows import pipeline_error
from msjax._src.dataset.transform_base import TransformError
from msjax._src.dataset.vision_checks import type_check


def _check_mel_freqs(f_min, f_max, sample_rate):
    """MindSpore's ``check_mel_scale_freq``."""
    type_check(f_min, (int, float), "f_min")
    check_value(f_min, -16777216, 16777216, "f_min")
    if f_max is not None:
        check_pos_float32(f_max, "f_max")
        if f_min >= f_max:
            raise ValueError("MelScale: f_max should be greater than f_min.")
    elif f_min >= sample_rate // 2:
        raise ValueError("MelScale: sample_rate // 2 should be greater than f_min when f_max is "
                         "set to None.")


class MelScale(AudioTensorOperation):
    """`mindspore.dataset.audio.MelScale(n_mels=128, sample_rate=16000, f_min=0.0, f_max=None,
    n_stft=201, norm=NormType.NONE, mel_type=MelType.HTK)`: a spectrogram <..., n_stft, time>
    turned to <..., n_mels, time> by a triangular mel filter bank."""

    @_with_signature_check
    def __init__(self, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, n_stft=201,
                 norm=NormType.NONE, mel_type=MelType.HTK):
        check_pos_int32(n_mels, "n_mels")
        check_pos_int32(sample_rate, "sample_rate")
        _check_mel_freqs(f_min, f_max, sample_rate)
        check_pos_int32(n_stft, "n_stft")
        type_check(norm, (NormType,), "norm")
        type_check(mel_type, (MelType,), "mel_type")
        self.n_mels, self.sample_rate, self.f_min = n_mels, sample_rate, f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.n_stft, self.norm, self.mel_type = n_stft, norm, mel_type

    def bank(self):
        return mel_filterbank(self.n_stft, self.f_min, self.f_max, self.n_mels, self.sample_rate,
                              self.norm, self.mel_type)

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words="<..., freq, time>")
        if array.shape[-2] != self.n_stft:
            raise TransformError(f"MelScale: invalid parameter, 'n_stft' should be equal to "
                                 f"'freq', but got: n_stft {self.n_stft} while freq "
                                 f"{array.shape[-2]}.")
        mel = np.einsum("...ft,fm->...mt", array.astype(np.float64), self.bank())
        return mel.astype(_out_dtype(array))


def _mel_parts(sample_rate, n_fft, win_length, hop_length, f_min, f_max, pad, n_mels, window,
               power, normalized, center, pad_mode, onesided, norm, mel_scale):
    """(STFT settings, power, mel filter bank) of a mel spectrogram."""
    stft_settings = _Stft(n_fft, win_length, hop_length, pad, window, normalized, center,
                          pad_mode, onesided)
    bank = mel_filterbank(n_fft // 2 + 1, f_min, f_max if f_max is not None else sample_rate // 2,
                          n_mels, sample_rate, norm, mel_scale)
    return stft_settings, power, bank


def _mel_spectrogram(parts, values, name):
    stft_settings, power, bank = parts
    spectrum = _power_spectrogram(stft_settings.spectrum(values, name), power)
    return np.einsum("...ft,fm->...mt", spectrum, bank)


class MelSpectrogram(AudioTensorOperation):
    """`mindspore.dataset.audio.MelSpectrogram(sample_rate=16000, n_fft=400, win_length=None,
    hop_length=None, f_min=0.0, f_max=None, pad=0, n_mels=128, window=WindowType.HANN,
    power=2.0, normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True,
    norm=NormType.NONE, mel_scale=MelType.HTK)`: Spectrogram then MelScale."""

    @_with_signature_check
    def __init__(self, sample_rate=16000, n_fft=400, win_length=None, hop_length=None, f_min=0.0,
                 f_max=None, pad=0, n_mels=128, window=WindowType.HANN, power=2.0,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True,
                 norm=NormType.NONE, mel_scale=MelType.HTK):
        check_non_negative_int32(sample_rate, "sample_rate")
        check_pos_int32(n_fft, "n_fft")
        check_non_negative_int32(n_mels, "n_mels")
        type_check(f_min, (float,), "f_min")
        if f_max is not None:
            check_non_negative_float32(f_max, "f_max")
            if f_min > f_max:
                raise ValueError(f"f_max should be greater than or equal to f_min, but got f_min: "
                                 f"{f_min} and f_max: {f_max}.")
        elif f_min >= sample_rate // 2:
            raise ValueError(f"MelSpectrogram: sample_rate // 2 should be greater than f_min when "
                             f"f_max is set to None, but got f_min: {f_min}.")
        type_check(norm, (NormType,), "norm")
        type_check(mel_scale, (MelType,), "mel_type")
        check_pos_float32(power, "power")
        for name, value in (("normalized", normalized), ("center", center)):
            type_check(value, (bool,), name)
        type_check(window, (WindowType,), "window")
        type_check(normalized, (bool,), "normalized")
        type_check(center, (bool,), "center")
        type_check(pad_mode, (BorderType,), "pad_mode")
        type_check(onesided, (bool,), "onesided")
        check_non_negative_int32(pad, "pad")
        _check_stft_lengths(n_fft, win_length, hop_length)
        self.stft, self.power, self.bank = _mel_parts(
            sample_rate, n_fft=n_fft, win_length=win_length, hop_length=hop_length, f_min=f_min,
            f_max=f_max, pad=pad, n_mels=n_mels, window=window, power=power,
            normalized=normalized, center=center, pad_mode=pad_mode, onesided=onesided, norm=norm,
            mel_scale=mel_scale)

    def implementation(self, array):
        array = self._checked(array)
        mel = _mel_spectrogram((self.stft, self.power, self.bank), array.astype(np.float64),
                               type(self).__name__)
        return mel.astype(_out_dtype(array))


def _decibels(values, top_db=80.0):
    """A power spectrogram in dB (AmplitudeToDB's defaults: ref 1, amin 1e-10)."""
    return AmplitudeToDB(ScaleType.POWER, 1.0, 1e-10, top_db).implementation(values)


_MEL_DEFAULTS = {"n_fft": 400, "win_length": None, "hop_length": None, "f_min": 0.0,
                 "f_max": None, "pad": 0, "n_mels": 128, "window": WindowType.HANN, "power": 2.0,
                 "normalized": False, "center": True, "pad_mode": BorderType.REFLECT,
                 "onesided": True, "norm": NormType.NONE, "mel_scale": MelType.HTK}


def _check_melkwargs(kwargs, sample_rate):
    """MFCC's checks of its `melkwargs`, in MindSpore's order."""
    check_pos_int32(kwargs["n_fft"], "n_fft")
    check_pos_int32(kwargs["n_mels"], "n_mels")
    _check_mel_freqs(kwargs["f_min"], kwargs["f_max"], sample_rate)
    type_check(kwargs["norm"], (NormType,), "norm")
    type_check(kwargs["mel_scale"], (MelType,), "mel_type")
    check_non_negative_float32(kwargs["power"], "power")
    for name in ("normalized", "center"):
        type_check(kwargs[name], (bool,), name)
    type_check(kwargs["window"], (WindowType,), "window")
    type_check(kwargs["normalized"], (bool,), "normalized")
    type_check(kwargs["center"], (bool,), "center")
    type_check(kwargs["pad_mode"], (BorderType,), "pad_mode")
    type_check(kwargs["onesided"], (bool,), "onesided")
    check_non_negative_int32(kwargs["pad"], "pad")
    if kwargs["hop_length"] is not None:
        check_pos_int32(kwargs["hop_length"], "hop_length")
    if kwargs["f_max"] is not None:
        check_non_negative_float32(kwargs["f_max"], "f_max")
    if kwargs["win_length"] is not None:
        check_non_negative_int32(kwargs["win_length"], "win_length")


class MFCC(AudioTensorOperation):
    """`mindspore.dataset.audio.MFCC(sample_rate=16000, n_mfcc=40, dct_type=2,
    norm=NormMode.ORTHO, log_mels=False, melkwargs=None)`: mel-frequency cepstral coefficients,
    the DCT of the log (or dB) mel spectrogram, <..., time> to <..., n_mfcc, time>."""

    @_with_signature_check
    def __init__(self, sample_rate=16000, n_mfcc=40, dct_type=2, norm=NormMode.ORTHO,
                 log_mels=False, melkwargs=None):
        check_non_negative_int32(sample_rate, "sample_rate")
        type_check(log_mels, (bool,), "log_mels")
        type_check(norm, (NormMode,), "norm")
        check_non_negative_int32(n_mfcc, "n_mfcc")
        if dct_type != 2:
            raise ValueError(f"Input dct_type must be 2, but got : {dct_type}.")
        if melkwargs is not None:
            type_check(melkwargs, (dict,), "melkwargs")
            _check_melkwargs(dict(_MEL_DEFAULTS, **melkwargs), sample_rate)
        kwargs = dict(_MEL_DEFAULTS, **(melkwargs or {}))
        if kwargs["n_mels"] < n_mfcc:
            raise ValueError(f"Input n_mels should be greater than or equal to n_mfcc, but got "
                             f"n_mfcc: {n_mfcc} and n_mels: {kwargs['n_mels']}.")
        self.mel = _mel_parts(sample_rate, **kwargs)
        self.dct = dct_matrix(n_mfcc, kwargs["n_mels"], norm)
        self.log_mels = log_mels

    def implementation(self, array):
        array = self._checked(array)
        mel = _mel_spectrogram(self.mel, array.astype(np.float64), type(self).__name__)
        mel = np.log(mel + 1e-6) if self.log_mels else _decibels(mel)
        return np.einsum("...mt,mk->...kt", mel, self.dct).astype(_out_dtype(array))


_SPEC_DEFAULTS = {"n_fft": 400, "win_length": None, "hop_length": None, "pad": 0,
                  "window": WindowType.HANN, "power": 2.0, "normalized": False, "center": True,
                  "pad_mode": BorderType.REFLECT, "onesided": True}


class LFCC(AudioTensorOperation):
    """`mindspore.dataset.audio.LFCC(sample_rate=16000, n_filter=128, n_lfcc=40, f_min=0.0,
    f_max=None, dct_type=2, norm=NormMode.ORTHO, log_lf=False, speckwargs=None)`: linear-frequency
    cepstral coefficients, the DCT of the log (or dB) linear-filtered spectrogram."""

    @_with_signature_check
    def __init__(self, sample_rate=16000, n_filter=128, n_lfcc=40, f_min=0.0, f_max=None,
                 dct_type=2, norm=NormMode.ORTHO, log_lf=False, speckwargs=None):
        check_non_negative_int32(sample_rate, "sample_rate")
        check_pos_int32(n_filter, "n_filter")
        check_pos_int32(n_lfcc, "n_lfcc")
        type_check(log_lf, (bool,), "log_lf")
        type_check(norm, (NormMode,), "norm")
        type_check(f_min, (int, float), "f_min")
        check_non_negative_float32(f_min, "f_min")
        if f_max is not None:
            type_check(f_max, (int, float), "f_max")
            check_non_negative_float32(f_max, "f_max")
            if f_min > f_max:
                raise ValueError(f"f_max should be greater than or equal to f_min, but got f_min: "
                                 f"{f_min} and f_max: {f_max}.")
        elif f_min >= sample_rate // 2:
            raise ValueError(f"Input sample_rate // 2 should be greater than f_min when f_max is "
                             f"set to None, but got f_min: {f_min} and sample_rate: {sample_rate}.")
        if dct_type != 2:
            raise ValueError(f"Input dct_type must be 2, but got : {dct_type}.")
        kwargs = dict(_SPEC_DEFAULTS)
        if speckwargs is not None:
            type_check(speckwargs, (dict,), "speckwargs")
            kwargs.update(speckwargs)
            type_check(kwargs["window"], (WindowType,), "window")
            type_check(kwargs["pad_mode"], (BorderType,), "pad_mode")
            check_non_negative_int32(kwargs["pad"], "pad")
            type_check(kwargs["power"], (float,), "power")
            check_non_negative_float32(kwargs["power"], "power")
            if kwargs["n_fft"] < n_lfcc:
                raise ValueError(f"n_fft should be greater than or equal to n_lfcc, but got n_fft: "
                                 f"{kwargs['n_fft']} and n_lfcc: {n_lfcc}.")
            if kwargs["win_length"] is not None and kwargs["win_length"] > kwargs["n_fft"]:
                raise ValueError(f"win_length must be less than or equal to n_fft, but got "
                                 f"win_length: {kwargs['win_length']} and n_fft: "
                                 f"{kwargs['n_fft']}.")
        self.power = kwargs.pop("power")
        self.stft = _Stft(**kwargs)
        f_max = f_max if f_max is not None else sample_rate // 2
        self.bank = _linear_filterbank(kwargs["n_fft"] // 2 + 1, f_min, f_max, n_filter,
                                       sample_rate)
        self.dct = dct_matrix(n_lfcc, n_filter, norm)
        self.log_lf = log_lf

    def implementation(self, array):
        array = self._checked(array)
        spectrum = self.stft.spectrum(array.astype(np.float64), type(self).__name__)
        linear = np.einsum("...ft,fm->...mt", _power_spectrogram(spectrum, self.power), self.bank)
        linear = np.log(linear + 1e-6) if self.log_lf else _decibels(linear)
        return np.einsum("...mt,mk->...kt", linear, self.dct).astype(_out_dtype(array))


class SpectralCentroid(AudioTensorOperation):
    """`mindspore.dataset.audio.SpectralCentroid(sample_rate, n_fft=400, win_length=None,
    hop_length=None, pad=0, window=WindowType.HANN)`: the magnitude-weighted mean frequency of
    each frame, <..., time> to <..., 1, time>."""

    @_with_signature_check
    def __init__(self, sample_rate, n_fft=400, win_length=None, hop_length=None, pad=0,
                 window=WindowType.HANN):
        check_non_negative_int32(sample_rate, "sample_rate")
        check_non_negative_int32(pad, "pad")
        type_check(window, (WindowType,), "window")
        _check_stft_lengths(n_fft, win_length, hop_length)
        self.sample_rate = sample_rate
        self.stft = _Stft(n_fft, win_length, hop_length, pad, window, False, True,
                          BorderType.REFLECT, True)

    def implementation(self, array):
        array = self._checked(array)
        magnitude = np.abs(self.stft.spectrum(array.astype(np.float64), type(self).__name__))
        freqs = np.linspace(0, self.sample_rate // 2, magnitude.shape[-2])[:, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            centroid = (freqs * magnitude).sum(-2, keepdims=True) / magnitude.sum(-2, keepdims=True)
        return centroid.astype(_out_dtype(array))


class GriffinLim(AudioTensorOperation):
    """`mindspore.dataset.audio.GriffinLim(n_fft=400, n_iter=32, win_length=None, hop_length=None,
    window_type=WindowType.HANN, power=2.0, momentum=0.99, length=None, rand_init=True)`: a
    waveform whose spectrogram magnitude is the input's, by the fast Griffin-Lim iteration."""

    @_with_signature_check
    def __init__(self, n_fft=400, n_iter=32, win_length=None, hop_length=None,
                 window_type=WindowType.HANN, power=2.0, momentum=0.99, length=None,
                 rand_init=True):
        check_pos_int32(n_fft, "n_fft")
        check_pos_int32(n_iter, "n_iter")
        if win_length is not None:
            check_non_negative_int32(win_length, "win_length")
            if win_length > n_fft:
                raise ValueError(f"Input win_length should be no more than n_fft, but got "
                                 f"win_length: {win_length} and n_fft: {n_fft}.")
        if hop_length is not None:
            check_non_negative_int32(hop_length, "hop_length")
        type_check(window_type, (WindowType,), "window_type")
        check_pos_float32(power, "power")
        check_non_negative_float32(momentum, "momentum")
        if length is not None:
            check_non_negative_int32(length, "length")
        type_check(rand_init, (bool,), "rand_init")
        self.n_fft, self.n_iter = n_fft, n_iter
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2
        self.window_type, self.power, self.momentum = window_type, power, momentum
        self.length = length if length else None
        self.rand_init = rand_init

    def check_when_built(self):
        """MindSpore's check of `momentum` when the pipeline is built (or the transform runs)."""
        if self.momentum >= 1:
            raise pipeline_error(f"GriffinLim: momentum equal to or greater than 1 can be "
                                 f"unstable, but got: {self.momentum:f}", "GriffinLim")

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words="<..., freq, time>")
        freq = self.n_fft // 2 + 1
        if array.shape[-2] != freq:
            raise TransformError("GriffinLim: the frequency of the input should equal to "
                                 "n_fft / 2 + 1")
        self.check_when_built()
        window = _framed_window(self.window_type, self.win_length, self.n_fft)
        magnitude = array.astype(np.float64) ** (1.0 / self.power)
        if self.rand_init:
            angles = np.exp(2j * math.pi * random_ops.generator().random(magnitude.shape))
        else:
            angles = np.ones(magnitude.shape, np.complex128)
        previous = 0.0
        for _ in range(self.n_iter):
            waveform = istft(magnitude * angles, self.n_fft, self.hop_length, window, True, True,
                             False, None)  # `length` shapes only the result
            rebuilt = stft(waveform, self.n_fft, self.hop_length, window, True,
                           BorderType.REFLECT, True, False)
            angles = rebuilt - previous * (self.momentum / (1 + self.momentum))
            angles = angles / (np.abs(angles) + 1e-16)
            previous = rebuilt
        waveform = istft(magnitude * angles, self.n_fft, self.hop_length, window, True, True,
                         False, self.length)
        return waveform.astype(_out_dtype(array))


def _complex_input(operation, array):
    array = operation._checked(array)
    if array.shape[-1] != 2:
        raise TransformError(f"{type(operation).__name__}: the shape of input tensor does not "
                             f"match the requirement of operator. Expecting tensor in shape of "
                             f"<..., complex=2>.")
    return array


def _magnitude(values, power):
    """|z|^power of complex <..., 2> values (float64)."""
    return np.sqrt(values[..., 0] ** 2 + values[..., 1] ** 2) ** power


class ComplexNorm(AudioTensorOperation):
    """`mindspore.dataset.audio.ComplexNorm(power=1.0)`: |z|^power of complex <..., 2> values."""

    @_with_signature_check
    def __init__(self, power=1.0):
        check_non_negative_float32(power, "power")
        self.power = power

    def implementation(self, array):
        array = _complex_input(self, array)
        values = array.astype(np.float64)
        norm = _magnitude(values, self.power)
        return np.asarray(norm).astype(_out_dtype(array))


class Angle(AudioTensorOperation):
    """`mindspore.dataset.audio.Angle()`: the phase atan2(imag, real) of complex <..., 2> values."""

    def implementation(self, array):
        array = _complex_input(self, array)
        values = array.astype(np.float64)
        return np.asarray(np.arctan2(values[..., 1], values[..., 0])).astype(_out_dtype(array))


class Magphase(AudioTensorOperation):
    """`mindspore.dataset.audio.Magphase(power=1.0)`: (|z|^power, phase) of complex <..., 2>."""

    @_with_signature_check
    def __init__(self, power=1.0):
        check_non_negative_float32(power, "power")
        self.power = power

    def implementation(self, array):
        array = _complex_input(self, array)
        values = array.astype(np.float64)
        dtype = _out_dtype(array)
        norm = _magnitude(values, self.power)
        phase = np.arctan2(values[..., 1], values[..., 0])
        return np.asarray(norm).astype(dtype), np.asarray(phase).astype(dtype)


def phase_vocoder(spectrum, rate, phase_advance):
    """Speed a complex spectrogram (..., freq, time) up by `rate` without changing its pitch."""
    if rate == 1.0:
        return spectrum
    steps = np.arange(0, spectrum.shape[-1], rate)
    alphas = steps % 1.0
    phase_0 = np.angle(spectrum[..., :1])
    padded = np.concatenate([spectrum, np.zeros(spectrum.shape[:-1] + (2,))], axis=-1)
    spec_0, spec_1 = padded[..., steps.astype(np.int64)], padded[..., steps.astype(np.int64) + 1]
    phase = np.angle(spec_1) - np.angle(spec_0) - phase_advance
    phase = phase - 2 * math.pi * np.round(phase / (2 * math.pi))
    phase = np.concatenate([phase_0, (phase + phase_advance)[..., :-1]], axis=-1)
    magnitude = alphas * np.abs(spec_1) + (1 - alphas) * np.abs(spec_0)
    return magnitude * np.exp(1j * np.cumsum(phase, axis=-1))


class PhaseVocoder(AudioTensorOperation):
    """`mindspore.dataset.audio.PhaseVocoder(rate, phase_advance)`: a complex spectrogram
    <..., freq, time, 2> sped up by `rate` (phase_advance: the expected phase step per bin,
    shape (freq, 1))."""

    @_with_signature_check
    def __init__(self, rate, phase_advance):
        check_pos_float32(rate, "rate")
        type_check(phase_advance, (np.ndarray,), "phase_advance")
        self.rate, self.phase_advance = rate, phase_advance

    def implementation(self, array):
        array = _complex_input(self, array)
        advance = self.phase_advance
        if advance.ndim != 2 or advance.shape[-1] != 1:
            raise TransformError("PhaseVocoder: invalid parameter, 'phase_advance' should be in "
                                 "shape of <freq, 1>.")
        if array.ndim < 3 or advance.shape[0] != array.shape[-3]:
            raise TransformError(
                f"PhaseVocoder: invalid parameter, 'first dimension of 'phase_advance'' should be "
                f"equal to 'freq dimension length of input tensor', but got: first dimension of "
                f"'phase_advance' {advance.shape[0]} while freq dimension length of input tensor "
                f"{array.shape[-3] if array.ndim >= 3 else 0}.")
        if advance.dtype != array.dtype:
            raise TransformError("PhaseVocoder: invalid parameter, data type of phase_advance "
                                 "should be equal to data type of input tensor.")
        out = phase_vocoder(_as_complex(array.astype(np.float64)), self.rate,
                            self.phase_advance.astype(np.float64))
        return _as_pair(out).astype(_out_dtype(array))


class TimeStretch(AudioTensorOperation):
    """`mindspore.dataset.audio.TimeStretch(hop_length=None, n_freq=201, fixed_rate=None)`: the
    phase vocoder at `fixed_rate` (1 when None) with the phase advance of an STFT of n_freq bins
    and `hop_length` (default n_freq - 1)."""

    @_with_signature_check
    def __init__(self, hop_length=None, n_freq=201, fixed_rate=None):
        if hop_length is not None:
            check_pos_int32(hop_length, "hop_length")
        check_pos_int32(n_freq, "n_freq")
        if fixed_rate is not None:
            check_pos_float32(fixed_rate, "fixed_rate")
        self.n_freq = n_freq
        self.hop_length = hop_length if hop_length is not None else n_freq - 1
        self.fixed_rate = fixed_rate if fixed_rate is not None else 1.0

    def implementation(self, array):
        array = _complex_input(self, array)
        advance = np.linspace(0, math.pi * self.hop_length, self.n_freq)[:, None]
        out = phase_vocoder(_as_complex(array.astype(np.float64)), self.fixed_rate, advance)
        return _as_pair(out).astype(_out_dtype(array))


class ComputeDeltas(AudioTensorOperation):
    """`mindspore.dataset.audio.ComputeDeltas(win_length=5, pad_mode=BorderType.EDGE)`: the
    delta (local slope) of each row of a spectrogram <..., freq, time> over `win_length` frames."""

    @_with_signature_check
    def __init__(self, win_length=5, pad_mode=BorderType.EDGE):
        type_check(pad_mode, (BorderType,), "pad_mode")
        type_check(win_length, (int,), "win_length")
        check_value(win_length, 3, 2147483647, "win_length")
        self.win_length, self.pad_mode = win_length, pad_mode

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words="<..., freq, time>")
        n = (self.win_length - 1) // 2
        denominator = n * (n + 1) * (2 * n + 1) / 3
        values = array.astype(np.float64)
        padded = np.pad(values, [(0, 0)] * (values.ndim - 1) + [(n, n)],
                        mode=_PAD_MODES[self.pad_mode])
        length = values.shape[-1]
        deltas = sum(k * padded[..., n + k:n + k + length] for k in range(-n, n + 1))
        return (deltas / denominator).astype(_out_dtype(array))


def _nccf(waves, sample_rate, frame_time, freq_low):
    """The normalised cross-correlation of each frame with its lags 1..ceil(rate / freq_low):
    (batch, frames, lags)."""
    lags = int(math.ceil(sample_rate / freq_low))
    frame_size = int(math.ceil(sample_rate * frame_time))
    length = waves.shape[-1]
    frames = int(math.ceil(length / frame_size))
    padded = np.pad(waves, ((0, 0), (0, lags + frames * frame_size - length)))
    out = np.zeros((waves.shape[0], frames, lags))
    for lag in range(1, lags + 1):
        first = padded[:, :frames * frame_size].reshape(waves.shape[0], frames, frame_size)
        second = padded[:, lag:lag + frames * frame_size].reshape(waves.shape[0], frames,
                                                                  frame_size)
        out[:, :, lag - 1] = ((first * second).sum(-1)
                              / (1e-9 + np.linalg.norm(first, axis=-1)) ** 2
                              / (1e-9 + np.linalg.norm(second, axis=-1)) ** 2)
    return out


def _best_lags(nccf, sample_rate, freq_high):
    """Each frame's lag of (nearly) highest correlation, preferring the first half's."""
    lag_min = int(math.ceil(sample_rate / freq_high))
    best_values = nccf[..., lag_min:].max(-1)
    best_lags = nccf[..., lag_min:].argmax(-1)
    half = nccf[..., lag_min:nccf.shape[-1] // 2]
    half_values, half_lags = half.max(-1), half.argmax(-1)
    use_half = half_values > 0.99 * best_values
    return np.where(use_half, half_lags, best_lags) + lag_min + 1


def _median_smoothing(lags, win_length):
    """The lower median of each `win_length` window, the first padded with its first value."""
    pad = (win_length - 1) // 2
    padded = np.concatenate([np.repeat(lags[..., :1], pad, axis=-1), lags], axis=-1)
    windows = np.lib.stride_tricks.sliding_window_view(padded, win_length, axis=-1)
    return np.sort(windows, axis=-1)[..., (win_length - 1) // 2]


class DetectPitchFrequency(AudioTensorOperation):
    """`mindspore.dataset.audio.DetectPitchFrequency(sample_rate, frame_time=0.01, win_length=30,
    freq_low=85, freq_high=3400)`: each frame's pitch in Hz from its normalised
    cross-correlation (median-smoothed over `win_length` frames), <..., time> to
    <..., frames>."""

    @_with_signature_check
    def __init__(self, sample_rate, frame_time=0.01, win_length=30, freq_low=85, freq_high=3400):
        check_sample_rate(sample_rate)
        type_check(frame_time, (float, int), "frame_time")
        check_pos_float32(frame_time, "frame_time")
        check_pos_int32(win_length, "win_length")
        type_check(freq_low, (int, float), "freq_low")
        check_pos_float32(freq_low, "freq_low")
        type_check(freq_high, (int, float), "freq_high")
        check_pos_float32(freq_high, "freq_high")
        self.sample_rate, self.frame_time, self.win_length = sample_rate, frame_time, win_length
        self.freq_low, self.freq_high = freq_low, freq_high

    def implementation(self, array):
        array = self._checked(array)
        values = array.astype(np.float64)
        waves = values.reshape(-1, values.shape[-1])
        nccf = _nccf(waves, self.sample_rate, self.frame_time, self.freq_low)
        lags = _median_smoothing(_best_lags(nccf, self.sample_rate, self.freq_high),
                                 self.win_length)
        freq = self.sample_rate / (1e-9 + lags.astype(np.float32))
        return freq.reshape(values.shape[:-1] + freq.shape[-1:]).astype(_out_dtype(array))


class PitchShift(AudioTensorOperation):
    """`mindspore.dataset.audio.PitchShift(sample_rate, n_steps, bins_per_octave=12, n_fft=512,
    win_length=None, hop_length=None, window=WindowType.HANN)`: the waveform <..., time> shifted
    by `n_steps` steps of 1/bins_per_octave octave: time-stretched by the phase vocoder, then
    resampled back to its length."""

    @_with_signature_check
    def __init__(self, sample_rate, n_steps, bins_per_octave=12, n_fft=512, win_length=None,
                 hop_length=None, window=WindowType.HANN):
        check_non_negative_int32(sample_rate, "sample_rate")
        type_check(n_steps, (int,), "n_steps")
        check_value(n_steps, -2147483648, 2147483647, "n_steps")
        check_int32_not_zero(bins_per_octave, "bins_per_octave")
        check_pos_int32(n_fft, "n_fft")
        type_check(window, (WindowType,), "window")
        if win_length is not None:
            check_pos_int32(win_length, "win_length")
            if win_length > n_fft:
                raise ValueError(f"Input win_length should be no more than n_fft, but got "
                                 f"win_length: {win_length} and n_fft: {n_fft}.")
        if hop_length is not None:
            check_pos_int32(hop_length, "hop_length")
        self.sample_rate, self.n_steps, self.bins_per_octave = sample_rate, n_steps, bins_per_octave
        self.n_fft, self.window = n_fft, window
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else n_fft // 4

    def implementation(self, array):
        array = self._checked(array)
        values = array.astype(np.float64)
        length = values.shape[-1]
        rate = 2.0 ** (-float(self.n_steps) / self.bins_per_octave)
        window = _framed_window(self.window, self.win_length, self.n_fft)
        spectrum = stft(values, self.n_fft, self.hop_length, window, True, BorderType.REFLECT,
                        True, False)
        advance = np.linspace(0, math.pi * self.hop_length, spectrum.shape[-2])[:, None]
        stretched = istft(phase_vocoder(spectrum, rate, advance), self.n_fft, self.hop_length,
                          window, True, True, False, int(round(length / rate)))
        shifted = Resample(float(int(self.sample_rate / rate)),
                           float(self.sample_rate)).implementation(stretched)
        if shifted.shape[-1] > length:
            shifted = shifted[..., :length]
        else:
            width = [(0, 0)] * (shifted.ndim - 1) + [(0, length - shifted.shape[-1])]
            shifted = np.pad(shifted, width)
        return shifted.astype(_out_dtype(array))


class InverseMelScale(AudioTensorOperation):
    """`mindspore.dataset.audio.InverseMelScale(n_stft, n_mels=128, sample_rate=16000, f_min=0.0,
    f_max=None, max_iter=100000, tolerance_loss=1e-05, tolerance_change=1e-08, sgdargs=None,
    norm=NormType.NONE, mel_type=MelType.HTK)`: a linear spectrogram <..., n_stft, time> whose
    mel spectrogram is the input <..., n_mels, time>, found by SGD with momentum from a random
    start (sgdargs: ``{'sgd_lr': 0.1, 'sgd_momentum': 0.9}``), clamped at 0."""

    @_with_signature_check
    def __init__(self, n_stft, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None,
                 max_iter=100000, tolerance_loss=1e-05, tolerance_change=1e-08, sgdargs=None,
                 norm=NormType.NONE, mel_type=MelType.HTK):
        check_pos_int32(n_mels, "n_mels")
        check_pos_int32(sample_rate, "sample_rate")
        _check_mel_freqs(f_min, f_max, sample_rate)
        check_pos_int32(n_stft, "n_stft")
        type_check(norm, (NormType,), "norm")
        type_check(mel_type, (MelType,), "mel_type")
        check_pos_int32(max_iter, "max_iter")
        type_check(tolerance_loss, (int, float), "tolerance_loss")
        check_pos_float32(tolerance_loss, "tolerance_loss")
        type_check(tolerance_change, (int, float), "tolerance_change")
        check_pos_float32(tolerance_change, "tolerance_change")
        if sgdargs is not None:
            for name in ("sgd_lr", "sgd_momentum"):
                type_check(sgdargs[name], (int, float), name)
                check_non_negative_float32(sgdargs[name], name)
        self.sgdargs = sgdargs if sgdargs is not None else {"sgd_lr": 0.1, "sgd_momentum": 0.9}
        self.n_stft, self.max_iter = n_stft, max_iter
        self.tolerance_loss, self.tolerance_change = tolerance_loss, tolerance_change
        self.bank = mel_filterbank(n_stft, f_min, f_max if f_max is not None else sample_rate // 2,
                                   n_mels, sample_rate, norm, mel_type)

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words="<..., freq, time>")
        values = array.astype(np.float64)
        shape = values.shape
        if shape[-2] != self.bank.shape[1]:
            raise TransformError("InverseMelScale: n_mels must be equal to the penultimate "
                                 "dimension of input.")
        mel = np.swapaxes(values.reshape(-1, shape[-2], shape[-1]), -1, -2)  # (batch, time, mels)
        spec = random_ops.generator().random(mel.shape[:2] + (self.n_stft,))
        velocity = np.zeros_like(spec)
        rate, momentum = self.sgdargs["sgd_lr"], self.sgdargs["sgd_momentum"]
        scale = mel.shape[0] * mel.shape[1]
        loss = math.inf
        for _ in range(self.max_iter):
            diff = mel - spec @ self.bank
            new_loss = float((diff ** 2).sum(-1).mean())
            velocity = momentum * velocity + (-2.0 / scale) * (diff @ self.bank.T)
            spec = np.maximum(spec - rate * velocity, 0.0)
            if new_loss < self.tolerance_loss or abs(loss - new_loss) < self.tolerance_change:
                break
            loss = new_loss
        out = np.swapaxes(spec, -1, -2).reshape(shape[:-2] + (self.n_stft, shape[-1]))
        return out.astype(_out_dtype(array))
