"""`mindspore.dataset.audio`: SpecAugment-style masking of spectrograms <..., freq, time>
(MaskAlongAxis, MaskAlongAxisIID, TimeMasking, FrequencyMasking). Any numeric input; float64
stays, everything else becomes float32. Random masks draw from the pipeline's generator
(random_ops), not MindSpore's C++ one."""
from __future__ import annotations

from msjax._src.dataset import random_ops
from msjax._src.dataset.audio import AudioTensorOperation, _out_dtype, _with_signature_check
from msjax._src.dataset.audio_checks import (check_float32, check_non_negative_float32,
                                             check_non_negative_int32, check_pos_int32,
                                             check_value)
from msjax._src.dataset.transform_base import TransformError
from msjax._src.dataset.vision_checks import type_check

_FREQ_TIME = "<..., freq, time>"


def _masked(array, axis, start, width, value):
    """`array` (as float) with [start, start + width) along `axis` (-2 or -1) set to `value`."""
    out = array.astype(_out_dtype(array), copy=True)
    index = [slice(None)] * out.ndim
    index[axis] = slice(start, start + width)
    out[tuple(index)] = value
    return out


def _check_span(start, width, length):
    """MaskAlongAxis's run-time checks of a mask against the masked dimension."""
    if start >= length:
        raise TransformError(f"MaskAlongAxis: invalid parameter, 'mask_start' should be less than "
                             f"the length of the masked dimension, but got: 'mask_start' {start} "
                             f"and length {length}")
    if start + width > length:
        raise TransformError(f"MaskAlongAxis: invalid parameter, the sum of 'mask_start' and "
                             f"'mask_width' should be no more than the length of the masked "
                             f"dimension, but got: 'mask_start' {start}, 'mask_width' {width} and "
                             f"length {length}")


def _random_span(mask_param, length):
    """A random mask (start, width): width uniform in [0, mask_param], start uniform over the
    places where it fits."""
    rng = random_ops.generator()
    width = int(rng.integers(0, mask_param + 1))
    return int(rng.integers(0, length - width + 1)), width


class MaskAlongAxis(AudioTensorOperation):
    """`mindspore.dataset.audio.MaskAlongAxis(mask_start, mask_width, mask_value, axis)`: set
    `mask_width` rows (axis 1: frequency) or columns (axis 2: time) from `mask_start` to
    `mask_value`."""

    @_with_signature_check
    def __init__(self, mask_start, mask_width, mask_value, axis):
        type_check(mask_start, (int,), "mask_start")
        type_check(mask_width, (int,), "mask_width")
        type_check(mask_value, (int, float), "mask_value")
        type_check(axis, (int,), "axis")
        check_non_negative_int32(mask_start, "mask_start")
        check_pos_int32(mask_width, "mask_width")
        check_float32(mask_value, "mask_value")
        check_value(axis, 1, 2, "axis")
        self.mask_start, self.mask_width = mask_start, mask_width
        self.mask_value, self.axis = mask_value, axis

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words=_FREQ_TIME)
        axis = self.axis - 3
        _check_span(self.mask_start, self.mask_width, array.shape[axis])
        return _masked(array, axis, self.mask_start, self.mask_width, self.mask_value)


class MaskAlongAxisIID(AudioTensorOperation):
    """`mindspore.dataset.audio.MaskAlongAxisIID(mask_param, mask_value, axis)`: a random mask of
    width up to `mask_param` along axis 1 (frequency) or 2 (time), set to `mask_value`."""

    @_with_signature_check
    def __init__(self, mask_param, mask_value, axis):
        type_check(mask_param, (int,), "mask_param")
        check_non_negative_int32(mask_param, "mask_param")
        type_check(mask_value, (int, float), "mask_value")
        check_float32(mask_value, "mask_value")
        type_check(axis, (int,), "axis")
        check_value(axis, 1, 2, "axis")
        self.mask_param, self.mask_value, self.axis = mask_param, mask_value, axis

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words=_FREQ_TIME)
        axis = self.axis - 3
        if self.mask_param > array.shape[axis]:
            raise TransformError("MaskAlongAxisIID: mask_param should be less than or equal to "
                                 "the length of time dimension.")
        start, width = _random_span(self.mask_param, array.shape[axis])
        return _masked(array, axis, start, width, self.mask_value)


class _Masking(AudioTensorOperation):
    """TimeMasking and FrequencyMasking: a mask of `mask_param` along `axis` from `mask_start`,
    or (iid_masks) a random one of width up to `mask_param`."""

    axis = -1
    param_name, dimension_name = "time_mask_param", "time"

    def __init__(self, iid_masks, mask_param, mask_start, mask_value):
        type_check(iid_masks, (bool,), "iid_masks")
        type_check(mask_param, (int,), "mask_param")
        check_non_negative_float32(mask_param, "mask_param")
        type_check(mask_start, (int,), "mask_start")
        check_non_negative_float32(mask_start, "mask_start")
        type_check(mask_value, (int, float), "mask_value")
        check_non_negative_float32(mask_value, "mask_value")
        self.iid_masks, self.mask_param = iid_masks, mask_param
        self.mask_start, self.mask_value = mask_start, mask_value

    def implementation(self, array):
        array = self._checked(array, min_rank=2, shape_words=_FREQ_TIME)
        length = array.shape[self.axis]
        if self.mask_param > length:
            # MindSpore names the parameter 'frequency_mask_param' in its 'but got' for both
            raise TransformError(
                f"{type(self).__name__}: invalid parameter, '{self.param_name}' should be less "
                f"than or equal to the length of {self.dimension_name} dimension, but got: "
                f"'frequency_mask_param' {self.mask_param} and length {length}")
        if self.iid_masks:
            start, width = _random_span(self.mask_param, length)
            return _masked(array, self.axis, start, width, self.mask_value)
        if self.mask_param == 0:
            return array.astype(_out_dtype(array))
        _check_span(self.mask_start, self.mask_param, length)
        return _masked(array, self.axis, self.mask_start, self.mask_param, self.mask_value)


class TimeMasking(_Masking):
    """`mindspore.dataset.audio.TimeMasking(iid_masks=False, time_mask_param=0, mask_start=0,
    mask_value=0.0)`: mask `time_mask_param` frames from `mask_start` (iid_masks: a random
    span of up to that many)."""

    @_with_signature_check
    def __init__(self, iid_masks=False, time_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, time_mask_param, mask_start, mask_value)


class FrequencyMasking(_Masking):
    """`mindspore.dataset.audio.FrequencyMasking(iid_masks=False, freq_mask_param=0, mask_start=0,
    mask_value=0.0)`: mask `freq_mask_param` frequency rows from `mask_start` (iid_masks: a
    random span of up to that many)."""

    axis = -2
    param_name, dimension_name = "frequency_mask_param", "frequency"

    @_with_signature_check
    def __init__(self, iid_masks=False, freq_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, freq_mask_param, mask_start, mask_value)
