"""`mindspore.dataset.vision`'s Adjust* transforms (brightness, contrast, saturation, hue,
sharpness, gamma) and RandomAdjustSharpness.

NumPy images take MindSpore's C++ (OpenCV) kernels' values, PIL images those of MindSpore's Python
kernels (Pillow's ``ImageEnhance``), as MindSpore picks by the input's type; pixel goldens in
tests/goldens/dataset/ds19b_adjust_probe.out.
"""
from __future__ import annotations

import numbers

import numpy as np

from msjax._src.dataset import image_ops, random_ops
from msjax._src.dataset.transform_base import TransformError, check_probability, is_pil
from msjax._src.dataset.vision import AutoContrast, Equalize, ImageTensorOperation, Invert
from msjax._src.dataset.vision_checks import FLOAT_MAX_INTEGER, check_interval, type_check



def check_float_arg(value, name):
    """MindSpore's ``type_check(value, (float, int), name)``."""
    type_check(value, (float, int), name)


def _factor(value, name, named=True, low=0, high=FLOAT_MAX_INTEGER):
    check_float_arg(value, name)
    check_interval(value, low, high, name if named else "")
    return value


def _check_rgb(image, name):
    if image.ndim != 3 or image.shape[-1] != 3:
        raise TransformError(f"{name}: image shape is not <H,W,C> or channel is not 3, got image "
                             f"rank: {image.ndim}")


def _pil_enhance(image, enhancer, factor):
    from PIL import ImageEnhance  # pylint: disable=import-outside-toplevel
    return getattr(ImageEnhance, enhancer)(image).enhance(factor)


class _PillowOrOpenCV(ImageTensorOperation):
    """A transform MindSpore runs with Pillow on a PIL image and with OpenCV on an array."""

    def implementation(self, image):
        if is_pil(image):
            return self.apply_pil(image)
        return self.apply(image)

    def apply_pil(self, image):
        raise NotImplementedError


class AdjustBrightness(_PillowOrOpenCV):
    """`mindspore.dataset.vision.AdjustBrightness(brightness_factor)`: pixels times the factor."""

    def __init__(self, brightness_factor):
        self.brightness_factor = _factor(brightness_factor, "brightness_factor")

    def apply(self, image):
        return image_ops.adjust_brightness(image, self.brightness_factor)

    def apply_pil(self, image):
        return _pil_enhance(image, "Brightness", self.brightness_factor)


class AdjustContrast(_PillowOrOpenCV):
    """`mindspore.dataset.vision.AdjustContrast(contrast_factor)`: blend with the mean grey level
    (an RGB image only)."""

    def __init__(self, contrast_factor):
        self.contrast_factor = _factor(contrast_factor, "contrast_factor")

    def apply(self, image):
        _check_rgb(image, "AdjustContrast")
        return image_ops.adjust_contrast(image, self.contrast_factor)

    def apply_pil(self, image):
        return _pil_enhance(image, "Contrast", self.contrast_factor)


class AdjustSaturation(_PillowOrOpenCV):
    """`mindspore.dataset.vision.AdjustSaturation(saturation_factor)`: blend with the grey image
    (an RGB image only)."""

    def __init__(self, saturation_factor):
        self.saturation_factor = _factor(saturation_factor, "saturation_factor", named=False)

    def apply(self, image):
        _check_rgb(image, "AdjustSaturation")
        return image_ops.adjust_saturation(image, self.saturation_factor)

    def apply_pil(self, image):
        return _pil_enhance(image, "Color", self.saturation_factor)


class AdjustHue(_PillowOrOpenCV):
    """`mindspore.dataset.vision.AdjustHue(hue_factor)`: rotate the hue by `hue_factor` of a turn
    (an RGB image only)."""

    def __init__(self, hue_factor):
        self.hue_factor = _factor(hue_factor, "hue_factor", low=-0.5, high=0.5)

    def apply(self, image):
        _check_rgb(image, "AdjustHue")
        return image_ops.adjust_hue(image, self.hue_factor)

    def apply_pil(self, image):
        """MindSpore's Python kernel: the H band of Pillow's HSV shifted by
        ``uint8(hue_factor * 255)`` (wrapping), converted back to the image's mode."""
        from PIL import Image  # pylint: disable=import-outside-toplevel
        if image.mode in {"L", "1", "I", "F"}:
            return image
        hue, saturation, value = image.convert("HSV").split()
        shift = int(self.hue_factor * 255) % 256
        hue = Image.fromarray(((np.asarray(hue).astype(np.int64) + shift) % 256).astype(np.uint8), "L")
        return Image.merge("HSV", (hue, saturation, value)).convert(image.mode)


class AdjustSharpness(ImageTensorOperation):
    """`mindspore.dataset.vision.AdjustSharpness(sharpness_factor)`: blend with the image smoothed
    by the 3x3 kernel [[1, 1, 1], [1, 5, 1], [1, 1, 1]] / 13 (border pixels kept)."""

    keeps_pil = False

    def __init__(self, sharpness_factor):
        self.sharpness_factor = _factor(sharpness_factor, "sharpness_factor", named=False)

    def apply(self, image):
        return image_ops.adjust_sharpness(image, self.sharpness_factor)


class AdjustGamma(_PillowOrOpenCV):
    """`mindspore.dataset.vision.AdjustGamma(gamma, gain=1)`: ``gain * 255 * (pixel / 255) **
    gamma``."""

    def __init__(self, gamma, gain=1):
        self.gamma = _factor(gamma, "gamma", named=False)
        if gain is not None:
            _factor(gain, "gain", named=False, low=-FLOAT_MAX_INTEGER)
        self.gain = gain

    def apply(self, image):
        return image_ops.adjust_gamma(image, self.gamma, self.gain)

    def apply_pil(self, image):
        """MindSpore's Python kernel maps through the same table, truncated (Pillow's ``point``
        of MindSpore's days; a newer Pillow rounds a float table, so msjax indexes it itself)."""
        from PIL import Image  # pylint: disable=import-outside-toplevel
        return Image.fromarray(image_ops.adjust_gamma(np.asarray(image), self.gamma, self.gain),
                               image.mode)


class RandomAdjustSharpness(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomAdjustSharpness(degree, prob=0.5)`: AdjustSharpness(degree)
    with probability `prob`."""

    keeps_pil = False

    def __init__(self, degree, prob=0.5):
        check_float_arg(degree, "degree")
        check_interval(degree, 0, FLOAT_MAX_INTEGER, "degree")
        check_float_arg(prob, "prob")
        self.degree = degree
        self.prob = check_probability(prob)

    def apply(self, image):
        if random_ops.generator().random() < self.prob:
            return image_ops.adjust_sharpness(image, self.degree)
        return image


# AlexNet's PCA lighting: eigenvalues times eigenvectors of ImageNet's RGB covariance (rows R, G, B).
_LIGHTING_TABLE = np.array([[55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
                            [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
                            [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203]])


class RandomLighting(_PillowOrOpenCV):
    """`mindspore.dataset.vision.RandomLighting(alpha=0.05)`: AlexNet-style PCA lighting noise, the
    three weights drawn from N(0, alpha) (from the pipeline's generator, not MindSpore's), added
    per channel; a PIL image's result truncated to uint8 (MindSpore's Python kernel), an array's
    rounded and saturated (its C++ kernel)."""

    def __init__(self, alpha=0.05):
        check_float_arg(alpha, "alpha")
        check_interval(alpha, 0, FLOAT_MAX_INTEGER, "alpha")
        self.alpha = alpha

    def _offsets(self):
        weights = random_ops.generator().normal(0.0, self.alpha, 3) if self.alpha else np.zeros(3)
        return _LIGHTING_TABLE @ weights

    def apply(self, image):
        _check_rgb(image, "RandomLighting")
        return image_ops.to_dtype_of(image.astype(np.float64) + self._offsets(), image)

    def apply_pil(self, image):
        from PIL import Image  # pylint: disable=import-outside-toplevel
        shifted = np.asarray(image).astype(np.float64) + self._offsets()
        return Image.fromarray(np.uint8(np.minimum(np.maximum(shifted, 0), 255)))


class RandomEqualize(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomEqualize(prob=0.5)`: Equalize with probability `prob`."""

    def __init__(self, prob=0.5):
        check_float_arg(prob, "prob")
        self.prob = check_probability(prob)

    def apply(self, image):
        if random_ops.generator().random() < self.prob:
            return Equalize().apply(image)
        return image


def _check_auto_contrast_image(image, name):
    """MindSpore's C++ AutoContrast checks: <H,W> or <H,W,3>, an OpenCV-convertible dtype."""
    if image.ndim not in (2, 3):
        raise TransformError(f"{name}: image shape is not <H,W,C> or <H,W>, got rank: "
                             f"{image.ndim}")
    if image.ndim == 3 and image.shape[-1] != 3:
        raise TransformError(f"{name}: image shape is incorrect, expected num of channels is 3, "
                             f"but got: {image.shape[-1]}")
    if image.dtype not in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.float16,
                           np.float32, np.float64):
        raise TransformError(f"{name}: Cannot convert from OpenCV type, unknown CV type. "
                             f"Currently supported data type: [int8, uint8, int16, uint16, int32, "
                             f"float16, float32, float64].")


class RandomAutoContrast(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomAutoContrast(cutoff=0.0, ignore=None, prob=0.5)`:
    AutoContrast(cutoff, ignore) with probability `prob`."""

    def __init__(self, cutoff=0.0, ignore=None, prob=0.5):
        self.auto_contrast = AutoContrast(cutoff, ignore)
        self.cutoff, self.ignore = cutoff, ignore
        check_float_arg(prob, "prob")
        self.prob = check_probability(prob)

    def apply(self, image):
        _check_auto_contrast_image(image, "RandomAutoContrast")
        if random_ops.generator().random() < self.prob:
            return self.auto_contrast.apply(image)
        return image


class RandomInvert(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomInvert(prob=0.5)`: Invert with probability `prob`."""

    def __init__(self, prob=0.5):
        check_float_arg(prob, "prob")
        self.prob = check_probability(prob)

    def apply(self, image):
        if random_ops.generator().random() < self.prob:
            return Invert().apply(image)
        return image
