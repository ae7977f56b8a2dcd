"""`mindspore.dataset.audio`: the base of the audio transforms (AudioTensorOperation, its input
checks and output dtypes), AmplitudeToDB, Biquad, BassBiquad, Fade, Overdrive, RiaaBiquad,
Resample and the enums of `mindspore.dataset.audio.utils`. The other transforms are in
audio_filters.py (biquads, LFilter, gains), audio_spectral.py and audio_features.py (STFT-based),
audio_masking.py, audio_effects.py and audio_vad.py; the audio datasets in audio_sources.py.

Each transform runs eagerly on a NumPy array and inside ``Dataset.map``; arguments are checked
when the transform is made, with MindSpore's messages, and a bad input array raises MindSpore's
pipeline RuntimeError. The filters are computed in float64 with `scipy.signal.lfilter` and
returned in MindSpore's output dtype (the input's float type, or float32).
"""
from __future__ import annotations

import enum
import functools
import inspect
import math

import numpy as np
import scipy.signal

from msjax._src.dataset.audio_checks import check_float32, check_sample_rate
from msjax._src.dataset.rows import pipeline_error
from msjax._src.dataset.transform_base import TensorOperation, TransformError, as_input

FLOAT32_MAX_INT = 16777216  # 2**24, the bound MindSpore's audio validators use for floats
INT32_MAX = 2147483647


class BorderType(enum.Enum):
    """`mindspore.dataset.audio.BorderType`: padding modes."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class DensityFunction(enum.Enum):
    """`mindspore.dataset.audio.DensityFunction`: dither noise distributions."""
    TPDF = "TPDF"
    RPDF = "RPDF"
    GPDF = "GPDF"


class FadeShape(enum.Enum):
    """`mindspore.dataset.audio.FadeShape`: the curve of `Fade`."""
    QUARTER_SINE = "quarter_sine"
    HALF_SINE = "half_sine"
    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    EXPONENTIAL = "exponential"


class GainType(enum.Enum):
    """`mindspore.dataset.audio.GainType`: how a gain is given."""
    AMPLITUDE = "amplitude"
    POWER = "power"
    DB = "db"


class Interpolation(enum.Enum):
    """`mindspore.dataset.audio.Interpolation`."""
    LINEAR = "linear"
    QUADRATIC = "quadratic"


class MelType(enum.Enum):
    """`mindspore.dataset.audio.MelType`: mel scales."""
    HTK = "htk"
    SLANEY = "slaney"


class Modulation(enum.Enum):
    """`mindspore.dataset.audio.Modulation`."""
    SINUSOIDAL = "sinusoidal"
    TRIANGULAR = "triangular"


class NormMode(enum.Enum):
    """`mindspore.dataset.audio.NormMode`."""
    ORTHO = "ortho"
    NONE = "none"


class NormType(enum.Enum):
    """`mindspore.dataset.audio.NormType`."""
    SLANEY = "slaney"
    NONE = "none"


class ResampleMethod(enum.Enum):
    """`mindspore.dataset.audio.ResampleMethod`."""
    SINC_INTERPOLATION = "sinc_interpolation"
    KAISER_WINDOW = "kaiser_window"


class ScaleType(enum.Enum):
    """`mindspore.dataset.audio.ScaleType`: whether AmplitudeToDB's input is power or magnitude."""
    POWER = "power"
    MAGNITUDE = "magnitude"


class WindowType(enum.Enum):
    """`mindspore.dataset.audio.WindowType`."""
    BARTLETT = "bartlett"
    BLACKMAN = "blackman"
    HAMMING = "hamming"
    HANN = "hann"
    KAISER = "kaiser"


# ---- argument checks (MindSpore's messages) -------------------------------------------------

def _type_name(kind) -> str:
    return f"<enum '{kind.__name__}'>" if issubclass(kind, enum.Enum) else str(kind)


def _check_type(value, kinds, name):
    """MindSpore's `type_check`: a bool is refused where int is accepted, in words of its own."""
    if isinstance(value, bool) and bool not in kinds and int in kinds:
        raise TypeError(f"Argument {name} with value {value} is not of type "
                        f"{tuple(kinds)}, but got {type(value)}.")
    if not isinstance(value, kinds):
        names = ", ".join(_type_name(k) for k in kinds)
        raise TypeError(f"Argument {name} with value {value} is not of type [{names}], "
                        f"but got {type(value)}.")


def _check_interval(value, name, low, high, low_open=False):
    if not ((value > low if low_open else value >= low) and value <= high):
        interval = f"{'(' if low_open else '['}{low}, {high}]"
        raise ValueError(f"Input {name} is not within the required interval of {interval}.")


def _with_signature_check(init):
    """Bind the arguments first, as MindSpore's validators do: a missing argument is
    ``TypeError: missing a required argument: 'sample_rate'``."""
    signature = inspect.signature(init)

    @functools.wraps(init)
    def checked(self, *args, **kwargs):
        signature.bind(self, *args, **kwargs)
        return init(self, *args, **kwargs)
    return checked


# ---- the transforms --------------------------------------------------------------------------

class AudioTensorOperation(TensorOperation):
    """`mindspore.dataset.audio.transforms.AudioTensorOperation`: an audio transform. Called
    eagerly it takes a NumPy array (anything else is MindSpore's TypeError)."""

    numpy_only = True  # False: other inputs are made arrays (Biquad's eager call in MindSpore)

    def __call__(self, *columns):
        if not self.numpy_only:
            columns = [as_input(column) for column in columns]
        for column in columns:
            if not isinstance(column, np.ndarray):
                raise TypeError(f"Input should be NumPy audio, got {type(column)}.")
        if len(columns) != 1:
            raise pipeline_error(f"{type(self).__name__}: the transform takes one column, but got "
                                 f"{len(columns)}.", type(self).__name__)
        return super().__call__(*columns)

    def _checked(self, array, floats_only=False, min_rank=1, shape_words="<..., time>",
                 type_words=None):
        """`array` validated as MindSpore's audio kernels do: its rank, and a numeric (or, with
        `floats_only`, float) dtype; `type_words` are the kernel's own words for the dtypes it
        takes, where they differ from the usual."""
        name = type(self).__name__
        if array.dtype.kind not in ("f" if floats_only else "fiub"):
            # MindSpore's float-only kernels take float16 too but do not say so
            expected = type_words or ("[float, double]" if floats_only else "[int, float, double]")
            raise TransformError(
                f"{name}: the data type of input tensor does not match the requirement of "
                f"operator. Expecting tensor in type of {expected}. But got type "
                f"{dtype_words(array.dtype)}.")
        if array.ndim < min_rank:
            raise TransformError(
                f"{name}: the shape of input tensor does not match the requirement of operator. "
                f"Expecting tensor in shape of {shape_words}. But got tensor with dimension "
                f"{array.ndim}.")
        return array


def dtype_words(dtype) -> str:
    """A dtype as MindSpore's kernels name it in messages (text is ``string``)."""
    return "string" if dtype.kind in "US" else str(dtype)


def _out_dtype(array, keep_half=False):
    """MindSpore's output dtype: float64 stays, float16 stays where the kernel keeps it, all
    else is float32."""
    if array.dtype == np.float64 or (keep_half and array.dtype == np.float16):
        return array.dtype
    return np.dtype(np.float32)


def _lfilter_clamped(array, b, a):
    """IIR filter along the last axis, output clamped to [-1, 1] (the feedback is not)."""
    b = np.asarray(b, np.float64) / a[0]
    a = np.asarray(a, np.float64) / a[0]
    out = scipy.signal.lfilter(b, a, array.astype(np.float64), axis=-1)
    return np.clip(out, -1.0, 1.0)


class AmplitudeToDB(AudioTensorOperation):
    """`mindspore.dataset.audio.AmplitudeToDB(stype=ScaleType.POWER, ref_value=1.0, amin=1e-10,
    top_db=80.0)`: a power (or magnitude) spectrogram in decibels relative to
    max(ref_value, amin), each spectrogram (the last three axes) clamped to `top_db` below its
    maximum."""

    @_with_signature_check
    def __init__(self, stype=ScaleType.POWER, ref_value=1.0, amin=1e-10, top_db=80.0):
        _check_type(stype, (ScaleType,), "stype")
        for name, value in (("ref_value", ref_value), ("amin", amin), ("top_db", top_db)):
            _check_type(value, (int, float), name)
            _check_interval(value, name, 0, FLOAT32_MAX_INT, low_open=True)
        self.stype = stype
        self.ref_value = ref_value
        self.amin = amin
        self.top_db = top_db

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words="<..., freq, time>")
        multiplier = 10.0 if self.stype == ScaleType.POWER else 20.0
        values = array.astype(np.float64)
        # MindSpore 2.10 clamps the input at 1e-10 whatever `amin` is: `amin` only bounds the
        # reference level (max(ref_value, amin)).
        db = multiplier * np.log10(np.maximum(values, 1e-10))
        db -= multiplier * math.log10(max(self.amin, self.ref_value))
        axes = tuple(range(-min(3, db.ndim), 0))
        floor = db.max(axis=axes, keepdims=True) - self.top_db
        return np.maximum(db, floor).astype(_out_dtype(array))


class Biquad(AudioTensorOperation):
    """`mindspore.dataset.audio.Biquad(b0, b1, b2, a0, a1, a2)`: a second-order IIR filter along
    the last axis, output clamped to [-1, 1]."""

    numpy_only = False

    @_with_signature_check
    def __init__(self, b0, b1, b2, a0, a1, a2):
        for name, value in (("b0", b0), ("b1", b1), ("b2", b2), ("a0", a0), ("a1", a1), ("a2", a2)):
            _check_type(value, (float, int), name)
            if name == "a0":
                if value == 0 or not -FLOAT32_MAX_INT <= value <= FLOAT32_MAX_INT:
                    raise ValueError(f"Input a0 is not within the required interval of "
                                     f"[-{FLOAT32_MAX_INT}, 0) and (0, {FLOAT32_MAX_INT}].")
            else:
                _check_interval(value, name, -FLOAT32_MAX_INT, FLOAT32_MAX_INT)
        self.b0, self.b1, self.b2 = b0, b1, b2
        self.a0, self.a1, self.a2 = a0, a1, a2

    def implementation(self, array):
        array = self._checked(array, floats_only=True)
        out = _lfilter_clamped(array, (self.b0, self.b1, self.b2), (self.a0, self.a1, self.a2))
        return out.astype(_out_dtype(array, keep_half=True))


def _fade_curve(length, shape, fading_in):
    """The gains of a fade of `length` samples (computed in float64)."""
    ramp = np.linspace(0.0, 1.0, length)
    if not fading_in:
        ramp = 1.0 - ramp  # a fade-out is the fade-in curve read backwards
    if shape == FadeShape.LINEAR:
        return ramp
    if shape == FadeShape.EXPONENTIAL:
        return ramp * np.power(2.0, ramp - 1.0)
    if shape == FadeShape.LOGARITHMIC:
        return np.log10(0.1 + ramp) + 1.0
    if shape == FadeShape.QUARTER_SINE:
        return np.sin(ramp * math.pi / 2)
    return np.sin(ramp * math.pi - math.pi / 2) / 2 + 0.5  # HALF_SINE


class Fade(AudioTensorOperation):
    """`mindspore.dataset.audio.Fade(fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR)`:
    fade the waveform in over its first `fade_in_len` samples and out over its last
    `fade_out_len` (the two may overlap)."""

    @_with_signature_check
    def __init__(self, fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR):
        for name, value in (("fade_in_len", fade_in_len), ("fade_out_len", fade_out_len)):
            _check_type(value, (int,), name)
            _check_interval(value, name, 0, INT32_MAX)
        _check_type(fade_shape, (FadeShape,), "fade_shape")
        self.fade_in_len = fade_in_len
        self.fade_out_len = fade_out_len
        self.fade_shape = fade_shape

    def implementation(self, array):
        array = self._checked(array)
        length = array.shape[-1]
        for name, value in (("fade_in_len", self.fade_in_len), ("fade_out_len", self.fade_out_len)):
            if value > length:
                raise TransformError(f"Fade: {name} should be less than or equal to the length of "
                                     f"the waveform: {length}, but got: {value}.")
        gain = np.ones(length)
        gain[:self.fade_in_len] *= _fade_curve(self.fade_in_len, self.fade_shape, True)
        gain[length - self.fade_out_len:] *= _fade_curve(self.fade_out_len, self.fade_shape, False)
        return (array.astype(np.float64) * gain).astype(_out_dtype(array))


class Overdrive(AudioTensorOperation):
    """`mindspore.dataset.audio.Overdrive(gain=20.0, color=20.0)`: soft-clipping distortion
    (`gain` in dB, `color` the even-harmonic offset), output clamped to [-1, 1]."""

    @_with_signature_check
    def __init__(self, gain=20.0, color=20.0):
        for name, value in (("gain", gain), ("color", color)):
            _check_type(value, (float, int), name)
            _check_interval(value, name, 0, 100)
        self.gain = gain
        self.color = color

    def implementation(self, array):
        array = self._checked(array)
        values = array.astype(np.float64)
        driven = values * 10.0 ** (self.gain / 20.0) + self.color / 200.0
        shaped = np.where(driven < -1, -2.0 / 3, np.where(driven > 1, 2.0 / 3,
                                                          driven - driven ** 3 / 3))
        # the DC-blocking recursion y[i] = s[i] - s[i-1] + 0.995 * y[i-1], from rest
        blocked = scipy.signal.lfilter([1.0, -1.0], [1.0, -0.995], shaped, axis=-1)
        out = np.clip(values * 0.5 + blocked * 0.75, -1.0, 1.0)
        return out.astype(_out_dtype(array))


# RIAA playback equalisation: the zeros and poles of the digital filter at each supported rate.
_RIAA_ZEROS_POLES = {
    44100: ((-0.2014898, 0.9233820), (0.7083149, 0.9924091)),
    48000: ((-0.1766069, 0.9321590), (0.7396325, 0.9931330)),
    88200: ((-0.1168735, 0.9648312), (0.8590646, 0.9964002)),
    96000: ((-0.1141486, 0.9676817), (0.8699137, 0.9966946)),
}


def _riaa_coefficients(sample_rate):
    """The biquad of the RIAA curve, scaled to 0 dB at 1 kHz."""
    (z0, z1), (p0, p1) = _RIAA_ZEROS_POLES[sample_rate]
    b = np.array([1.0, -(z0 + z1), z0 * z1])
    a = np.array([1.0, -(p0 + p1), p0 * p1])
    unit = np.exp(-1j * 2 * math.pi * 1000 / sample_rate * np.arange(3))
    gain = abs(np.dot(a, unit)) / abs(np.dot(b, unit))
    return b * gain, a


class RiaaBiquad(AudioTensorOperation):
    """`mindspore.dataset.audio.RiaaBiquad(sample_rate)`: RIAA vinyl playback equalisation at
    44100, 48000, 88200 or 96000 Hz, output clamped to [-1, 1]."""

    @_with_signature_check
    def __init__(self, sample_rate):
        _check_type(sample_rate, (int,), "sample_rate")
        if sample_rate not in _RIAA_ZEROS_POLES:
            raise ValueError(f"sample_rate should be one of {list(_RIAA_ZEROS_POLES)}, but got "
                             f"{sample_rate}.")
        self.sample_rate = sample_rate

    def implementation(self, array):
        array = self._checked(array, floats_only=True)
        b, a = _riaa_coefficients(self.sample_rate)
        return _lfilter_clamped(array, b, a).astype(_out_dtype(array, keep_half=True))


class BassBiquad(AudioTensorOperation):
    """`mindspore.dataset.audio.BassBiquad(sample_rate, gain, central_freq=100.0, Q=0.707)`: a
    two-pole low-shelf filter (bass boost or cut of `gain` dB around `central_freq` Hz), the
    audio-EQ-cookbook biquad, output clamped to [-1, 1]."""

    @_with_signature_check
    def __init__(self, sample_rate, gain, central_freq=100.0, Q=0.707):  # noqa: N803
        check_sample_rate(sample_rate)
        check_float32(gain, "gain")
        check_float32(central_freq, "central_freq")
        _check_type(Q, (float, int), "Q")
        _check_interval(Q, "Q", 0, 1, low_open=True)
        self.sample_rate, self.gain, self.central_freq, self.Q = sample_rate, gain, central_freq, Q

    def coefficients(self):
        """(b, a) of the filter."""
        w0 = 2 * math.pi * self.central_freq / self.sample_rate
        alpha = math.sin(w0) / 2 / self.Q
        gain = math.exp(self.gain / 40 * math.log(10))
        shelf = 2 * math.sqrt(gain) * alpha
        minus, plus = (gain - 1) * math.cos(w0), (gain + 1) * math.cos(w0)
        b = (gain * ((gain + 1) - minus + shelf), 2 * gain * ((gain - 1) - plus),
             gain * ((gain + 1) - minus - shelf))
        a = ((gain + 1) + minus + shelf, -2 * ((gain - 1) + plus), (gain + 1) + minus - shelf)
        return b, a

    def implementation(self, array):
        array = self._checked(array, floats_only=True)
        b, a = self.coefficients()
        return _lfilter_clamped(array, b, np.asarray(a)).astype(_out_dtype(array, keep_half=True))


_KAISER_BETA = 14.769656459379492


def _resample_kernel(orig, new, method, width_zeros, rolloff, beta):
    """The band-limited (windowed sinc) interpolation kernel, (new, taps), and its half width,
    for `orig` and `new` already divided by their gcd."""
    base = min(orig, new) * rolloff
    width = math.ceil(width_zeros * orig / base)
    taps = np.arange(-width, width + orig, dtype=np.float64) / orig
    t = (np.arange(0, -new, -1, dtype=np.float64)[:, None] / new + taps[None, :]) * base
    t = np.clip(t, -width_zeros, width_zeros)
    if method == ResampleMethod.SINC_INTERPOLATION:
        window = np.cos(t * math.pi / width_zeros / 2) ** 2
    else:
        beta = _KAISER_BETA if beta is None else beta
        window = np.i0(beta * np.sqrt(1 - (t / width_zeros) ** 2)) / np.i0(beta)
    t = t * math.pi
    with np.errstate(invalid="ignore", divide="ignore"):
        sinc = np.where(t == 0, 1.0, np.sin(t) / np.where(t == 0, 1.0, t))
    return sinc * window * base / orig, width


class Resample(AudioTensorOperation):
    """`mindspore.dataset.audio.Resample(orig_freq=16000, new_freq=16000,
    resample_method=ResampleMethod.SINC_INTERPOLATION, lowpass_filter_width=6, rolloff=0.99,
    beta=None)`: the waveform resampled along its last axis from `orig_freq` to `new_freq` by
    band-limited interpolation (a Hann- or Kaiser-windowed sinc), `ceil(new·length / orig)`
    samples long."""

    @_with_signature_check
    def __init__(self, orig_freq=16000, new_freq=16000,
                 resample_method=ResampleMethod.SINC_INTERPOLATION, lowpass_filter_width=6,
                 rolloff=0.99, beta=None):
        _check_type(orig_freq, (float, int), "orig_freq")
        _check_type(new_freq, (float, int), "new_freq")
        _check_type(resample_method, (ResampleMethod,), "resample_method")
        _check_type(lowpass_filter_width, (int,), "lowpass_filter_width")
        _check_type(rolloff, (float, int), "rolloff")
        for name, value in (("orig_freq", orig_freq), ("new_freq", new_freq)):
            _check_interval(value, name, 0, FLOAT32_MAX_INT, low_open=True)
        _check_interval(lowpass_filter_width, "lowpass_filter_width", 1, 2 ** 31 - 1)
        _check_interval(rolloff, "rolloff", 0, 1.0, low_open=True)
        if beta is not None:
            _check_type(beta, (float, int), "beta")
        self.orig_freq, self.new_freq = orig_freq, new_freq
        self.resample_method, self.lowpass_filter_width = resample_method, lowpass_filter_width
        self.rolloff, self.beta = rolloff, beta

    def implementation(self, array):
        array = self._checked(array)
        if self.orig_freq == self.new_freq:
            return array.astype(_out_dtype(array))
        divisor = math.gcd(int(self.orig_freq), int(self.new_freq))
        orig, new = int(self.orig_freq) // divisor, int(self.new_freq) // divisor
        kernel, width = _resample_kernel(orig, new, self.resample_method,
                                         self.lowpass_filter_width, self.rolloff, self.beta)
        shape, length = array.shape[:-1], array.shape[-1]
        waves = np.pad(array.reshape(-1, length).astype(np.float64),
                       ((0, 0), (width, width + orig)))
        frames = (waves.shape[1] - kernel.shape[1]) // orig + 1
        starts = np.arange(frames) * orig
        windows = waves[:, starts[:, None] + np.arange(kernel.shape[1])[None, :]]
        resampled = np.einsum("bft,nt->bfn", windows, kernel).reshape(waves.shape[0], -1)
        target = math.ceil(new * length / orig)
        return resampled[:, :target].reshape(shape + (-1,)).astype(_out_dtype(array))
