"""`mindspore.dataset.audio`: the biquad filters of the audio-EQ cookbook (AllpassBiquad,
BandBiquad, BandpassBiquad, BandrejectBiquad, DeemphBiquad, EqualizerBiquad, HighpassBiquad,
LowpassBiquad, TrebleBiquad), LFilter and Filtfilt, and the sample-wise gains (DCShift, Gain, Vol,
Contrast, MuLawEncoding, MuLawDecoding, DBToAmplitude).

The filters take float16/32/64 waveforms (<..., time>) and return the input's dtype, computed in
float64 with `scipy.signal.lfilter`; the sample-wise transforms take any numeric dtype and return
float64 for float64, float32 otherwise.
"""
from __future__ import annotations

import math

import numpy as np
import scipy.signal

from msjax._src.dataset.audio import (AudioTensorOperation, GainType, _lfilter_clamped, _out_dtype,
                                      _with_signature_check)
from msjax._src.dataset.audio_checks import (check_float32, check_sample_rate,
                                             check_non_negative_float32, check_pos_float32,
                                             check_pos_int32, check_typed_value, check_value)
from msjax._src.dataset.vision_checks import type_check


def _check_q(q):
    type_check(q, (float, int), "Q")
    check_value(q, 0, 1, "Q", left_open=True)


class _CookbookBiquad(AudioTensorOperation):
    """A biquad whose six coefficients follow from the arguments (`coefficients`): the filter
    along the last axis, output clamped to [-1, 1], in the input's float dtype."""

    def coefficients(self):
        raise NotImplementedError

    def _set_band(self, sample_rate, freq, Q, freq_name="central_freq"):  # noqa: N803
        """MindSpore's checks of (sample_rate, the frequency `freq_name`, Q), in its order, and
        the settings (the frequency as attribute `freq_name`)."""
        check_sample_rate(sample_rate)
        check_float32(freq, freq_name)
        _check_q(Q)
        self.sample_rate, self.Q = sample_rate, Q
        setattr(self, freq_name, freq)

    def implementation(self, array):
        array = self._checked(array, floats_only=True)
        b, a = self.coefficients()
        return _lfilter_clamped(array, b, np.asarray(a, np.float64)).astype(
            _out_dtype(array, keep_half=True))


def _w0_alpha(sample_rate, freq, q):
    """The cookbook's angular frequency w0 and its bandwidth term alpha = sin(w0) / 2Q."""
    w0 = 2 * math.pi * freq / sample_rate
    return w0, math.sin(w0) / 2 / q


class AllpassBiquad(_CookbookBiquad):
    """`mindspore.dataset.audio.AllpassBiquad(sample_rate, central_freq, Q=0.707)`: a two-pole
    all-pass filter (phase shift around `central_freq` Hz, unit gain)."""

    @_with_signature_check
    def __init__(self, sample_rate, central_freq, Q=0.707):  # noqa: N803
        self._set_band(sample_rate, central_freq, Q)

    def coefficients(self):
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.Q)
        return (1 - alpha, -2 * math.cos(w0), 1 + alpha), (1 + alpha, -2 * math.cos(w0), 1 - alpha)


class BandBiquad(_CookbookBiquad):
    """`mindspore.dataset.audio.BandBiquad(sample_rate, central_freq, Q=0.707, noise=False)`: a
    two-pole band-pass filter of bandwidth central_freq / Q (sox's ``band``; `noise` scales it
    for unpitched audio)."""

    @_with_signature_check
    def __init__(self, sample_rate, central_freq, Q=0.707, noise=False):  # noqa: N803
        self._set_band(sample_rate, central_freq, Q)
        type_check(noise, (bool,), "noise")
        self.noise = noise

    def coefficients(self):
        w0 = 2 * math.pi * self.central_freq / self.sample_rate
        bandwidth = self.central_freq / self.Q
        a2 = math.exp(-2 * math.pi * bandwidth / self.sample_rate)
        a1 = -4 * a2 / (1 + a2) * math.cos(w0)
        b0 = math.sqrt(1 - a1 * a1 / (4 * a2)) * (1 - a2)
        if self.noise:
            b0 = math.sqrt(((1 + a2) ** 2 - a1 * a1) * (1 - a2) / (1 + a2))
        return (b0, 0.0, 0.0), (1.0, a1, a2)


class BandpassBiquad(_CookbookBiquad):
    """`mindspore.dataset.audio.BandpassBiquad(sample_rate, central_freq, Q=0.707,
    const_skirt_gain=False)`: a two-pole band-pass filter, constant skirt gain (peak gain Q) or
    constant 0 dB peak gain."""

    @_with_signature_check
    def __init__(self, sample_rate, central_freq, Q=0.707, const_skirt_gain=False):  # noqa: N803
        self._set_band(sample_rate, central_freq, Q)
        type_check(const_skirt_gain, (bool,), "const_skirt_gain")
        self.const_skirt_gain = const_skirt_gain

    def coefficients(self):
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.Q)
        gain = math.sin(w0) / 2 if self.const_skirt_gain else alpha
        return (gain, 0.0, -gain), (1 + alpha, -2 * math.cos(w0), 1 - alpha)


class BandrejectBiquad(_CookbookBiquad):
    """`mindspore.dataset.audio.BandrejectBiquad(sample_rate, central_freq, Q=0.707)`: a
    two-pole band-reject (notch) filter."""

    @_with_signature_check
    def __init__(self, sample_rate, central_freq, Q=0.707):  # noqa: N803
        self._set_band(sample_rate, central_freq, Q)

    def coefficients(self):
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.Q)
        return (1.0, -2 * math.cos(w0), 1.0), (1 + alpha, -2 * math.cos(w0), 1 - alpha)


def _shelf_coefficients(sample_rate, freq, gain_db, alpha, high):
    """The cookbook's shelving biquad (high shelf with `high`, else low shelf)."""
    w0 = 2 * math.pi * freq / sample_rate
    amp = math.exp(gain_db / 40 * math.log(10))
    shelf = 2 * math.sqrt(amp) * alpha
    sign = 1 if high else -1
    minus, plus = (amp - 1) * math.cos(w0), (amp + 1) * math.cos(w0)
    b = (amp * ((amp + 1) + sign * minus + shelf), -2 * sign * amp * ((amp - 1) + sign * plus),
         amp * ((amp + 1) + sign * minus - shelf))
    a = ((amp + 1) - sign * minus + shelf, 2 * sign * ((amp - 1) - sign * plus),
         (amp + 1) - sign * minus - shelf)
    return b, a


# sox's de-emphasis high shelf at each rate: (corner frequency, slope, gain in dB)
_DEEMPH_SHELF = {44100: (5283.0, 0.4845, -9.477), 48000: (5356.0, 0.479, -9.62)}


class DeemphBiquad(_CookbookBiquad):
    """`mindspore.dataset.audio.DeemphBiquad(sample_rate)`: ISO 908 CD de-emphasis (sox's high
    shelf: -9.477 dB at 5283 Hz for 44100 Hz, -9.62 dB at 5356 Hz for 48000 Hz)."""

    @_with_signature_check
    def __init__(self, sample_rate):
        type_check(sample_rate, (int,), "sample_rate")
        if sample_rate not in _DEEMPH_SHELF:
            raise ValueError(f"Argument sample_rate should be 44100 or 48000, but got "
                             f"{sample_rate}.")
        self.sample_rate = sample_rate

    def coefficients(self):
        freq, slope, gain = _DEEMPH_SHELF[self.sample_rate]
        amp = math.exp(gain / 40 * math.log(10))
        w0 = 2 * math.pi * freq / self.sample_rate
        alpha = math.sin(w0) / 2 * math.sqrt((amp + 1 / amp) * (1 / slope - 1) + 2)
        return _shelf_coefficients(self.sample_rate, freq, gain, alpha, high=True)


class EqualizerBiquad(_CookbookBiquad):
    """`mindspore.dataset.audio.EqualizerBiquad(sample_rate, center_freq, gain, Q=0.707)`: a
    peaking equaliser (`gain` dB at `center_freq` Hz)."""

    @_with_signature_check
    def __init__(self, sample_rate, center_freq, gain, Q=0.707):  # noqa: N803
        check_sample_rate(sample_rate)
        check_float32(center_freq, "central_freq")
        check_float32(gain, "gain")
        _check_q(Q)
        self.sample_rate, self.center_freq, self.gain, self.Q = sample_rate, center_freq, gain, Q

    def coefficients(self):
        w0, alpha = _w0_alpha(self.sample_rate, self.center_freq, self.Q)
        amp = math.exp(self.gain / 40 * math.log(10))
        return ((1 + alpha * amp, -2 * math.cos(w0), 1 - alpha * amp),
                (1 + alpha / amp, -2 * math.cos(w0), 1 - alpha / amp))


class HighpassBiquad(_CookbookBiquad):
    """`mindspore.dataset.audio.HighpassBiquad(sample_rate, cutoff_freq, Q=0.707)`: a two-pole
    high-pass filter."""

    @_with_signature_check
    def __init__(self, sample_rate, cutoff_freq, Q=0.707):  # noqa: N803
        self._set_band(sample_rate, cutoff_freq, Q, "cutoff_freq")

    def coefficients(self):
        w0, alpha = _w0_alpha(self.sample_rate, self.cutoff_freq, self.Q)
        edge = (1 + math.cos(w0)) / 2
        return (edge, -1 - math.cos(w0), edge), (1 + alpha, -2 * math.cos(w0), 1 - alpha)


class LowpassBiquad(_CookbookBiquad):
    """`mindspore.dataset.audio.LowpassBiquad(sample_rate, cutoff_freq, Q=0.707)`: a two-pole
    low-pass filter."""

    @_with_signature_check
    def __init__(self, sample_rate, cutoff_freq, Q=0.707):  # noqa: N803
        self._set_band(sample_rate, cutoff_freq, Q, "cutoff_freq")

    def coefficients(self):
        w0, alpha = _w0_alpha(self.sample_rate, self.cutoff_freq, self.Q)
        edge = (1 - math.cos(w0)) / 2
        return (edge, 1 - math.cos(w0), edge), (1 + alpha, -2 * math.cos(w0), 1 - alpha)


class TrebleBiquad(_CookbookBiquad):
    """`mindspore.dataset.audio.TrebleBiquad(sample_rate, gain, central_freq=3000, Q=0.707)`: a
    high shelf (treble boost or cut of `gain` dB above `central_freq` Hz)."""

    @_with_signature_check
    def __init__(self, sample_rate, gain, central_freq=3000, Q=0.707):  # noqa: N803
        check_sample_rate(sample_rate)
        check_float32(gain, "gain")
        check_float32(central_freq, "central_freq")
        _check_q(Q)
        self.sample_rate, self.gain, self.central_freq, self.Q = sample_rate, gain, central_freq, Q

    def coefficients(self):
        _, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.Q)
        return _shelf_coefficients(self.sample_rate, self.central_freq, self.gain, alpha, high=True)


def _check_coefficients(a_coeffs, b_coeffs, clamp):
    """LFilter's and Filtfilt's checks: two equally long lists of float32 numbers and a bool."""
    type_check(a_coeffs, (list, tuple), "a_coeffs")
    type_check(b_coeffs, (list, tuple), "b_coeffs")
    for name, coeffs in (("a_coeffs", a_coeffs), ("b_coeffs", b_coeffs)):
        for i, value in enumerate(coeffs):
            check_float32(value, f"{name}[{i}]")
    if len(a_coeffs) != len(b_coeffs):
        raise ValueError("The size of a_coeffs should be the same as that of b_coeffs.")
    type_check(clamp, (bool,), "clamp")


def _lfilter(values, b, a, clamp):
    """The IIR filter of `a` (feedback) and `b` (feedforward), normalised by a[0], along the last
    axis, in float64; with `clamp`, the output limited to [-1, 1]."""
    a = np.asarray(a, np.float64)
    out = scipy.signal.lfilter(np.asarray(b, np.float64) / a[0], a / a[0], values, axis=-1)
    return np.clip(out, -1.0, 1.0) if clamp else out


class LFilter(AudioTensorOperation):
    """`mindspore.dataset.audio.LFilter(a_coeffs, b_coeffs, clamp=True)`: an IIR filter of any
    order along the last axis (difference equation normalised by a_coeffs[0])."""

    @_with_signature_check
    def __init__(self, a_coeffs, b_coeffs, clamp=True):
        _check_coefficients(a_coeffs, b_coeffs, clamp)
        self.a_coeffs, self.b_coeffs, self.clamp = list(a_coeffs), list(b_coeffs), clamp

    def implementation(self, array):
        array = self._checked(array, floats_only=True)
        out = _lfilter(array.astype(np.float64), self.b_coeffs, self.a_coeffs, self.clamp)
        return out.astype(_out_dtype(array, keep_half=True))


class Filtfilt(AudioTensorOperation):
    """`mindspore.dataset.audio.Filtfilt(a_coeffs, b_coeffs, clamp=True)`: the IIR filter run
    forward, then backward over its output (zero phase); only the second pass is clamped."""

    @_with_signature_check
    def __init__(self, a_coeffs, b_coeffs, clamp=True):
        _check_coefficients(a_coeffs, b_coeffs, clamp)
        self.a_coeffs, self.b_coeffs, self.clamp = list(a_coeffs), list(b_coeffs), clamp

    def implementation(self, array):
        array = self._checked(array, floats_only=True)
        forward = _lfilter(array.astype(np.float64), self.b_coeffs, self.a_coeffs, False)
        backward = _lfilter(forward[..., ::-1], self.b_coeffs, self.a_coeffs, self.clamp)
        return backward[..., ::-1].astype(_out_dtype(array, keep_half=True))


class _SampleWise(AudioTensorOperation):
    """A transform of each sample alone (`apply` on float64 values), on any numeric waveform;
    float64 stays, everything else becomes float32."""

    def apply(self, values):
        raise NotImplementedError

    def implementation(self, array):
        array = self._checked(array)
        return self.apply(array.astype(np.float64)).astype(_out_dtype(array))


class DCShift(_SampleWise):
    """`mindspore.dataset.audio.DCShift(shift, limiter_gain=None)`: add `shift` to every sample;
    samples beyond the limiter threshold 1 - (|shift| - limiter_gain) are compressed by
    `limiter_gain` instead of clipped (without limiter_gain, or with limiter_gain == shift, the
    sum is only clipped to [-1, 1])."""

    @_with_signature_check
    def __init__(self, shift, limiter_gain=None):
        check_typed_value(shift, (float, int), -2.0, 2.0, "shift")
        if limiter_gain is not None:
            type_check(limiter_gain, (float, int), "limiter_gain")
        self.shift = shift
        self.limiter_gain = limiter_gain if limiter_gain else shift

    def apply(self, values):
        shift, gain = self.shift, self.limiter_gain
        plain = np.clip(values + shift, -1.0, 1.0)
        if gain == shift:  # no limiter_gain given: MindSpore only shifts and clips
            return plain
        threshold = 1.0 - (abs(shift) - gain)
        with np.errstate(divide="ignore", invalid="ignore"):
            if shift > 0:
                limited = (values - threshold) * gain / (1 - threshold) + threshold + shift
                return np.where(values > threshold, np.minimum(limited, threshold), plain)
            # MindSpore's negative branch adds the threshold too (sox subtracts it)
            limited = (values + threshold) * gain / (1 - threshold) + threshold + shift
            return np.where(values < -threshold, np.maximum(limited, -threshold), plain)


class Gain(_SampleWise):
    """`mindspore.dataset.audio.Gain(gain_db=1.0)`: amplify by `gain_db` decibels (no clipping)."""

    @_with_signature_check
    def __init__(self, gain_db=1.0):
        check_float32(gain_db, "gain_db")
        self.gain_db = gain_db

    def apply(self, values):
        return values * 10.0 ** (self.gain_db / 20.0)


class Vol(_SampleWise):
    """`mindspore.dataset.audio.Vol(gain, gain_type=GainType.AMPLITUDE)`: scale by an amplitude
    ratio, a power ratio or decibels, output clamped to [-1, 1]."""

    @_with_signature_check
    def __init__(self, gain, gain_type=GainType.AMPLITUDE):
        type_check(gain, (int, float), "gain")
        type_check(gain_type, (GainType,), "gain_type")
        if gain_type == GainType.AMPLITUDE:
            check_non_negative_float32(gain, "gain")
        elif gain_type == GainType.POWER:
            check_pos_float32(gain, "gain")
        else:
            check_float32(gain, "gain")
        self.gain, self.gain_type = gain, gain_type

    def apply(self, values):
        if self.gain_type == GainType.AMPLITUDE:
            scale = self.gain
        elif self.gain_type == GainType.POWER:
            scale = 10.0 ** (10 * math.log10(self.gain) / 20.0)
        else:
            scale = 10.0 ** (self.gain / 20.0)
        return np.clip(values * scale, -1.0, 1.0)


class Contrast(_SampleWise):
    """`mindspore.dataset.audio.Contrast(enhancement_amount=75.0)`: sox's ``contrast``, a
    loudness-compressing sine shaping: sin(x·π/2 + e·sin(x·2π)) with e = amount / 750."""

    @_with_signature_check
    def __init__(self, enhancement_amount=75.0):
        check_typed_value(enhancement_amount, (float, int), 0, 100, "enhancement_amount")
        self.enhancement_amount = enhancement_amount

    def apply(self, values):
        angle = values * math.pi / 2
        return np.sin(angle + self.enhancement_amount / 750.0 * np.sin(angle * 4))


class MuLawEncoding(_SampleWise):
    """`mindspore.dataset.audio.MuLawEncoding(quantization_channels=256)`: mu-law companding of
    a waveform in [-1, 1] to int32 codes in [0, quantization_channels)."""

    @_with_signature_check
    def __init__(self, quantization_channels=256):
        check_pos_int32(quantization_channels, "quantization_channels")
        self.quantization_channels = quantization_channels

    def implementation(self, array):
        array = self._checked(array)
        mu = self.quantization_channels - 1.0
        values = array.astype(np.float64)
        companded = np.sign(values) * np.log1p(mu * np.abs(values)) / math.log1p(mu)
        return ((companded + 1) / 2 * mu + 0.5).astype(np.int32)


class MuLawDecoding(_SampleWise):
    """`mindspore.dataset.audio.MuLawDecoding(quantization_channels=256)`: mu-law codes in
    [0, quantization_channels) back to a waveform in [-1, 1]."""

    @_with_signature_check
    def __init__(self, quantization_channels=256):
        check_pos_int32(quantization_channels, "quantization_channels")
        self.quantization_channels = quantization_channels

    def implementation(self, array):
        # computed in the output dtype, as MindSpore's kernel: the tests compare exactly
        array = self._checked(array)
        dtype = _out_dtype(array)
        mu = dtype.type(self.quantization_channels - 1.0)
        signal = array.astype(dtype) / mu * dtype.type(2) - dtype.type(1)
        exponent = np.abs(signal) * np.log1p(mu)  # in the dtype; the exponential in float64
        grown = np.exp(exponent.astype(np.float64)).astype(dtype) - dtype.type(1)
        return (np.sign(signal) * grown / mu).astype(dtype)


class DBToAmplitude(_SampleWise):
    """`mindspore.dataset.audio.DBToAmplitude(ref, power)`: decibels back to amplitude (or power),
    ref · (10^(x/10))^power."""

    @_with_signature_check
    def __init__(self, ref, power):
        check_float32(ref, "ref")
        check_float32(power, "power")
        self.ref, self.power = ref, power

    def apply(self, values):
        return self.ref * np.power(np.power(10.0, values * 0.1), self.power)
