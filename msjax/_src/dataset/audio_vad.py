"""`mindspore.dataset.audio.Vad`: sox's voice activity detector, which trims the silence and
quiet background before the first speech of a recording (a cepstral power measure per
`measure_freq` step against `trigger_level`). NumPy float64 per step; float64 stays, everything
else is returned as float32."""
from __future__ import annotations

import math

import numpy as np

from msjax._src.dataset.audio import AudioTensorOperation, _out_dtype, _with_signature_check
from msjax._src.dataset.audio_checks import (check_float32, check_non_negative_float32,
                                             check_pos_float32, check_pos_int32)
from msjax._src.dataset.transform_base import TransformError
from msjax._src.dataset.vision_checks import type_check

_NON_NEGATIVE = ("trigger_time", "search_time", "allowed_gap", "pre_trigger_time", "boot_time",
                 "noise_up_time", "noise_down_time")
_POSITIVE = ("hp_filter_freq", "lp_filter_freq", "hp_lifter_freq", "lp_lifter_freq")


def _hann(length):
    """torch's periodic Hann window."""
    return 0.5 - 0.5 * np.cos(2 * math.pi * np.arange(length) / length)


class _Settings:
    """The measuring plan of a Vad at one sample rate (sox's names)."""

    def __init__(self, vad):
        rate = vad.sample_rate
        duration = 2.0 / vad.measure_freq if vad.measure_duration is None else vad.measure_duration
        self.measure_len = int(rate * duration + 0.5)
        self.dft_len = 16
        while self.dft_len < self.measure_len:
            self.dft_len *= 2
        self.period = int(rate / vad.measure_freq + 0.5)
        self.measures_len = math.ceil(vad.search_time * vad.measure_freq)
        self.gap_len = int(vad.allowed_gap * vad.measure_freq + 0.5)
        self.samples_len = (int(vad.pre_trigger_time * rate + 0.5)
                            + self.measures_len * self.period + self.measure_len)
        self.spectrum_window = (2.0 / math.sqrt(self.measure_len)
                                * _hann(self.measure_len).astype(np.float32))
        self.spectrum_start = max(int(vad.hp_filter_freq / rate * self.dft_len + 0.5), 1)
        self.spectrum_end = min(int(vad.lp_filter_freq / rate * self.dft_len + 0.5),
                                self.dft_len // 2)
        width = self.spectrum_end - self.spectrum_start
        self.cepstrum_window = 2.0 / math.sqrt(width) * _hann(width).astype(np.float32)
        self.cepstrum_start = math.ceil(rate * 0.5 / vad.lp_lifter_freq)
        self.cepstrum_end = min(math.floor(rate * 0.5 / vad.hp_lifter_freq), self.dft_len // 4)
        self.noise_up = math.exp(-1.0 / (vad.noise_up_time * vad.measure_freq))
        self.noise_down = math.exp(-1.0 / (vad.noise_down_time * vad.measure_freq))
        self.smooth = math.exp(-1.0 / (vad.measure_smooth_time * vad.measure_freq))
        self.boot_max = int(vad.boot_time * vad.measure_freq - 0.5)
        self.noise_reduction = vad.noise_reduction_amount


def _measure(plan, samples, spectrum, noise, boot_count):
    """One step's cepstral power of `samples` (updating the channel's `spectrum` and `noise`)."""
    start, end = plan.spectrum_start, plan.spectrum_end
    buffer = np.zeros(plan.dft_len)
    buffer[:plan.measure_len] = samples * plan.spectrum_window
    magnitude = np.abs(np.fft.rfft(buffer))[start:end]
    mult = boot_count / (1.0 + boot_count) if boot_count >= 0 else plan.smooth
    spectrum[start:end] = spectrum[start:end] * mult + magnitude * (1 - mult)
    power = spectrum[start:end] ** 2
    if boot_count >= 0:
        noise_mult = np.zeros_like(power)
    else:
        noise_mult = np.where(power > noise[start:end], plan.noise_up, plan.noise_down)
    noise[start:end] = noise[start:end] * noise_mult + power * (1 - noise_mult)
    cleaned = np.sqrt(np.maximum(0.0, power - plan.noise_reduction * noise[start:end]))
    cepstrum = np.zeros(plan.dft_len >> 1)
    cepstrum[start:end] = cleaned * plan.cepstrum_window
    total = float(np.sum(np.abs(np.fft.rfft(cepstrum)[plan.cepstrum_start:plan.cepstrum_end]) ** 2))
    result = math.log(total / (plan.cepstrum_end - plan.cepstrum_start)) if total > 0 else -math.inf
    return max(0.0, 21 + result)


class Vad(AudioTensorOperation):
    """`mindspore.dataset.audio.Vad(sample_rate, trigger_level=7.0, trigger_time=0.25,
    search_time=1.0, allowed_gap=0.25, pre_trigger_time=0.0, boot_time=0.35,
    noise_up_time=0.1, noise_down_time=0.01, noise_reduction_amount=1.35, measure_freq=20.0,
    measure_duration=None, measure_smooth_time=0.4, hp_filter_freq=50.0, lp_filter_freq=6000.0,
    hp_lifter_freq=150.0, lp_lifter_freq=2000.0)`: the waveform <..., time> from just before its
    first detected speech."""

    @_with_signature_check
    def __init__(self, sample_rate, trigger_level=7.0, trigger_time=0.25, search_time=1.0,
                 allowed_gap=0.25, pre_trigger_time=0.0, boot_time=0.35, noise_up_time=0.1,
                 noise_down_time=0.01, noise_reduction_amount=1.35, measure_freq=20.0,
                 measure_duration=None, measure_smooth_time=0.4, hp_filter_freq=50.0,
                 lp_filter_freq=6000.0, hp_lifter_freq=150.0, lp_lifter_freq=2000.0):
        arguments = dict(locals())
        check_pos_int32(sample_rate, "sample_rate")
        type_check(trigger_level, (int, float), "trigger_level")
        check_float32(trigger_level, "trigger_level")
        for name in _NON_NEGATIVE:
            type_check(arguments[name], (int, float), name)
            check_non_negative_float32(arguments[name], name)
        if noise_up_time < noise_down_time:
            raise ValueError(f"Input noise_up_time should be greater than noise_down_time, but got "
                             f"noise_up_time: {noise_up_time} and noise_down_time: "
                             f"{noise_down_time}.")
        type_check(noise_reduction_amount, (int, float), "noise_reduction_amount")
        check_non_negative_float32(noise_reduction_amount, "noise_reduction_amount")
        type_check(measure_freq, (int, float), "measure_freq")
        check_pos_float32(measure_freq, "measure_freq")
        if measure_duration:
            type_check(measure_duration, (int, float), "measure_duration")
            check_non_negative_float32(measure_duration, "measure_duration")
        type_check(measure_smooth_time, (int, float), "measure_smooth_time")
        check_non_negative_float32(measure_smooth_time, "measure_smooth_time")
        for name in _POSITIVE:
            type_check(arguments[name], (int, float), name)
            check_pos_float32(arguments[name], name)
        for name, value in arguments.items():
            if name not in ("self", "__class__"):
                setattr(self, name, value)

    def implementation(self, array):
        array = self._checked(array)
        values = array.astype(np.float64)
        shape = values.shape
        waves = values.reshape(-1, shape[-1])
        plan = _Settings(self)
        if plan.cepstrum_end <= plan.cepstrum_start:
            raise TransformError("Vad: the frequency range of lifter is invalid, please check "
                                 "hp_lifter_freq and lp_lifter_freq.")
        start = self._trigger(plan, waves)
        if start is None:
            # no speech found: MindSpore keeps the end of the waveform, samples_len samples of
            # it (or, of a shorter waveform, samples_len - length), where sox keeps nothing
            length = waves.shape[-1]
            start = length - plan.samples_len
            if start < 0:
                start += length
        out = waves[:, max(start, 0):]
        return out.reshape(shape[:-1] + out.shape[-1:]).astype(_out_dtype(array))

    def _trigger(self, plan, waves):
        """Where the kept waveform starts (None: no speech found)."""
        channels, length = waves.shape
        spectrum = np.zeros((channels, plan.dft_len))
        noise = np.zeros((channels, plan.dft_len))
        measures = np.zeros((channels, plan.measures_len))
        boot_count = index = flush = 0
        triggered = False
        for position in range(plan.measure_len, length, plan.period):
            for channel in range(channels):
                measure = _measure(plan, waves[channel, position - plan.measure_len:position],
                                   spectrum[channel], noise[channel], boot_count)
                measures[channel, index] = measure
                triggered = triggered or measure >= self.trigger_level
                if triggered:
                    flush = min(max(flush, self._flush_count(plan, measures[channel], index)),
                                plan.measures_len)
            index = (index + 1) % plan.measures_len
            if boot_count >= 0:
                boot_count = -1 if boot_count == plan.boot_max else boot_count + 1
            if triggered:
                kept = (plan.measures_len - flush) * plan.period
                return max(0, position - plan.samples_len + kept)
        return None

    def _flush_count(self, plan, measures, index):
        """How many of the past measures to keep before the trigger (sox's jTrigger/jZero)."""
        count, k = plan.measures_len, index
        trigger = zero = count
        j = 0
        for j in range(count):
            if measures[k] >= self.trigger_level and j <= trigger + plan.gap_len:
                zero = trigger = j
            elif measures[k] == 0 and trigger >= zero:
                zero = j
            k = (k + count - 1) % count
        return min(j, zero)
