"""`mindspore.dataset.audio`: sox's modulated-delay effects (Flanger, Phaser), its dither
(Dither) and Kaldi's sliding-window cepstral mean normalisation (SlidingWindowCmn).
Sample-by-sample recursions in NumPy float64; float64 stays, everything else is returned as
float32."""
from __future__ import annotations

import math

import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.audio import (AudioTensorOperation, DensityFunction, Interpolation,
                                      Modulation, WindowType, _out_dtype, _with_signature_check)
from msjax._src.dataset.audio_checks import (check_int32, check_sample_rate,
                                             check_non_negative_int32, check_typed_value)
from msjax._src.dataset.audio_spectral import window_values
from msjax._src.dataset.vision_checks import type_check


def wave_table(sine, size, low, high, phase, integer):
    """sox's lookup table of one LFO period: a sine or triangle of `size` points from `low` to
    `high`, starting at `phase` radians; rounded half away from zero to ints with `integer`."""
    offset = int(phase / math.pi / 2 * size + 0.5)
    point = (np.arange(size) + offset) % size
    if sine:
        values = (np.sin(point / size * 2 * math.pi) + 1) / 2
    else:
        values = point * 2.0 / size
        quarter = (4 * point) // size
        values = np.select([quarter == 0, quarter == 1, quarter == 2, quarter == 3],
                           [values + 0.5, 1.5 - values, 1.5 - values, values - 1.5], values)
    values = values * (high - low) + low
    if integer:
        return np.where(values < 0, values - 0.5, values + 0.5).astype(np.int32)
    return values.astype(np.float32)


class Flanger(AudioTensorOperation):
    """`mindspore.dataset.audio.Flanger(sample_rate, delay=0.0, depth=2.0, regen=0.0, width=71.0,
    speed=0.5, phase=25.0, modulation=Modulation.SINUSOIDAL,
    interpolation=Interpolation.LINEAR)`: sox's flanger on <..., channel, time> (delays in ms,
    regen/width/phase in percent, speed in Hz), output clamped to [-1, 1]."""

    @_with_signature_check
    def __init__(self, sample_rate, delay=0.0, depth=2.0, regen=0.0, width=71.0, speed=0.5,
                 phase=25.0, modulation=Modulation.SINUSOIDAL,
                 interpolation=Interpolation.LINEAR):
        check_sample_rate(sample_rate)
        for name, value, low, high in (("delay", delay, 0, 30), ("depth", depth, 0, 10),
                                       ("regen", regen, -95, 95), ("width", width, 0, 100),
                                       ("speed", speed, 0.1, 10), ("phase", phase, 0, 100)):
            check_typed_value(value, (float, int), low, high, name)
        type_check(modulation, (Modulation,), "modulation")
        type_check(interpolation, (Interpolation,), "interpolation")
        self.sample_rate, self.delay, self.depth, self.regen = sample_rate, delay, depth, regen
        self.width, self.speed, self.phase = width, speed, phase
        self.modulation, self.interpolation = modulation, interpolation

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words="<..., channel, time>")
        values = array.astype(np.float64)
        shape = values.shape
        out = np.clip(self._flange(values.reshape(-1, shape[-2], shape[-1])), -1.0, 1.0)
        # an integer waveform comes back in its own type (MindSpore's kernel runs in it)
        dtype = array.dtype if array.dtype.kind in "iu" else _out_dtype(array)
        return out.reshape(shape).astype(dtype)

    def _flange(self, waves):
        feedback = self.regen / 100
        delay_gain = self.width / 100
        in_gain = 1.0 / (1 + delay_gain)
        delay_gain = delay_gain / (1 + delay_gain) * (1 - abs(feedback))
        delay_min, delay_depth = self.delay / 1000, self.depth / 1000
        length = int((delay_min + delay_depth) * self.sample_rate + 0.5) + 2
        lfo_length = int(self.sample_rate / self.speed)
        lfo = wave_table(self.modulation == Modulation.SINUSOIDAL, lfo_length,
                         float(math.floor(delay_min * self.sample_rate + 0.5)), length - 2.0,
                         3 * math.pi / 2, integer=False).astype(np.float64)
        channels = np.arange(waves.shape[1])
        channel_phase = (channels * lfo_length * (self.phase / 100) + 0.5).astype(np.int64)
        buffers = np.zeros(waves.shape[:2] + (length,))
        last = np.zeros(waves.shape[:2])
        out = np.zeros_like(waves)
        position = lfo_position = 0
        for i in range(waves.shape[-1]):
            position = (position + length - 1) % length
            delay = lfo[(lfo_position + channel_phase) % lfo_length]
            fraction, whole = delay - np.floor(delay), np.floor(delay).astype(np.int64)
            buffers[:, :, position] = waves[:, :, i] + last * feedback
            taps = [buffers[:, channels, (position + whole + k) % length] for k in range(3)]
            if self.interpolation == Interpolation.LINEAR:
                delayed = taps[0] + (taps[1] - taps[0]) * fraction
            else:
                second, first = taps[2] - taps[0], taps[1] - taps[0]
                a, b = second * 0.5 - first, first * 2 - second * 0.5
                delayed = taps[0] + (a * fraction + b) * fraction
            last = delayed
            out[:, :, i] = waves[:, :, i] * in_gain + delayed * delay_gain
            lfo_position = (lfo_position + 1) % lfo_length
        return out


class Phaser(AudioTensorOperation):
    """`mindspore.dataset.audio.Phaser(sample_rate, gain_in=0.4, gain_out=0.74, delay_ms=3.0,
    decay=0.4, mod_speed=0.5, sinusoidal=True)`: sox's phaser, output clamped to [-1, 1]."""

    @_with_signature_check
    def __init__(self, sample_rate, gain_in=0.4, gain_out=0.74, delay_ms=3.0, decay=0.4,
                 mod_speed=0.5, sinusoidal=True):
        check_int32(sample_rate, "sample_rate")
        for name, value, low, high in (("gain_in", gain_in, 0, 1), ("gain_out", gain_out, 0, 1e9),
                                       ("delay_ms", delay_ms, 0, 5.0), ("decay", decay, 0, 0.99),
                                       ("mod_speed", mod_speed, 0.1, 2)):
            check_typed_value(value, (float, int), low, high, name)
        type_check(sinusoidal, (bool,), "sinusoidal")
        self.sample_rate, self.gain_in, self.gain_out = sample_rate, gain_in, gain_out
        self.delay_ms, self.decay, self.mod_speed = delay_ms, decay, mod_speed
        self.sinusoidal = sinusoidal

    def implementation(self, array):
        array = self._checked(array)
        values = array.astype(np.float64)
        waves = values.reshape(-1, values.shape[-1]) * self.gain_in
        length = int(self.delay_ms * 0.001 * self.sample_rate + 0.5)
        mod_length = int(self.sample_rate / self.mod_speed + 0.5)
        modulation = wave_table(self.sinusoidal, mod_length, 1.0, float(length), math.pi / 2,
                                integer=True)
        buffer = np.zeros((waves.shape[0], length))
        out = np.zeros_like(waves)
        position = mod_position = 0
        for i in range(waves.shape[-1]):
            index = int((position + modulation[mod_position]) % length)
            mod_position = (mod_position + 1) % mod_length
            position = (position + 1) % length
            total = waves[:, i] + buffer[:, index]
            buffer[:, position] = total * self.decay
            out[:, i] = total
        out = np.clip(out * self.gain_out, -1.0, 1.0)
        return out.reshape(values.shape).astype(_out_dtype(array))


class SlidingWindowCmn(AudioTensorOperation):
    """`mindspore.dataset.audio.SlidingWindowCmn(cmn_window=600, min_cmn_window=100,
    center=False, norm_vars=False)`: Kaldi's sliding-window cepstral mean (and variance)
    normalisation of features <..., time, freq> (the frames along axis -2), over `cmn_window`
    frames."""

    @_with_signature_check
    def __init__(self, cmn_window=600, min_cmn_window=100, center=False, norm_vars=False):
        check_non_negative_int32(cmn_window, "cmn_window")
        check_non_negative_int32(min_cmn_window, "min_cmn_window")
        type_check(center, (bool,), "center")
        type_check(norm_vars, (bool,), "norm_vars")
        self.cmn_window, self.min_cmn_window = cmn_window, min_cmn_window
        self.center, self.norm_vars = center, norm_vars

    def _window(self, t, frames):
        if self.center:
            start = t - self.cmn_window // 2
            end = start + self.cmn_window
        else:
            start, end = t - self.cmn_window, t + 1
        if start < 0:
            end -= start
            start = 0
        if not self.center and end > t:
            end = max(t + 1, self.min_cmn_window)
        if end > frames:
            start = max(0, start - (end - frames))
            end = frames
        return start, end

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words="<..., freq, time>")
        values = array.astype(np.float64)  # MindSpore takes the frames along axis -2
        shape = values.shape
        feats = values.reshape(-1, shape[-2], shape[-1])
        frames = feats.shape[1]
        out = np.zeros_like(feats)
        total = np.zeros((feats.shape[0], feats.shape[2]))
        squares = np.zeros_like(total)
        last_start = last_end = -1
        for t in range(frames):
            start, end = self._window(t, frames)
            if last_start == -1:
                # Kaldi's first window (as MindSpore takes it: end - start frames from start)
                part = feats[:, start:end - start, :]
                total += part.sum(1)
                squares += (part ** 2).sum(1)
            else:
                if start > last_start:
                    total -= feats[:, last_start, :]
                    squares -= feats[:, last_start, :] ** 2
                if end > last_end:
                    total += feats[:, last_end, :]
                    squares += feats[:, last_end, :] ** 2
            count = end - start
            last_start, last_end = start, end
            out[:, t, :] = feats[:, t, :] - total / count
            if self.norm_vars:
                if count == 1:
                    out[:, t, :] = 0.0
                else:
                    variance = squares / count - total ** 2 / count ** 2
                    out[:, t, :] *= variance ** -0.5
        return out.reshape(shape).astype(_out_dtype(array))


class Dither(AudioTensorOperation):
    """`mindspore.dataset.audio.Dither(density_function=DensityFunction.TPDF,
    noise_shaping=False)`: quantise <..., time> to 16 bits after adding dither noise (TPDF: a
    Bartlett ramp; RPDF and GPDF: drawn from the waveform's own samples, as sox does), and with
    `noise_shaping` feed each sample's quantisation error into the next."""

    @_with_signature_check
    def __init__(self, density_function=DensityFunction.TPDF, noise_shaping=False):
        type_check(density_function, (DensityFunction,), "density_function")
        type_check(noise_shaping, (bool,), "noise_shaping")
        self.density_function, self.noise_shaping = density_function, noise_shaping

    def _noise(self, waves):
        """The dither added to the scaled signal (a scalar or a row-broadcast ramp)."""
        channels, times = waves.shape[0] - 1, waves.shape[1] - 1
        rng = random_ops.generator()

        def draw(bound):
            return int(rng.integers(bound)) if bound > 0 else 0

        if self.density_function == DensityFunction.RPDF:
            return waves[draw(channels), draw(times)] - 0.5
        if self.density_function == DensityFunction.GPDF:
            total = waves[draw(channels), draw(times)]
            for _ in range(6):
                total += waves[draw(channels), draw(times)]
            return total
        return window_values(WindowType.BARTLETT, times + 1)[None, :]

    def implementation(self, array):
        array = self._checked(array)
        values = array.astype(np.float64)
        waves = values.reshape(-1, values.shape[-1]) if values.ndim else values.reshape(1, 1)
        quantised = np.round(waves * (2 ** 15 - 2) + self._noise(waves)) / 2 ** 15
        if self.noise_shaping:
            error = quantised - waves
            quantised = quantised + np.pad(error, ((0, 0), (1, 0)))[:, :waves.shape[1]]
        return quantised.reshape(values.shape).astype(_out_dtype(array))
