"""`mindspore.dataset.vision.RandAugment` and `TrivialAugmentWide`: an operation drawn from a
fixed bank (shear, translate, rotate, colour, contrast, brightness, sharpness, posterize,
solarize, autocontrast, equalize, identity) at a magnitude from a binned range, as MindSpore's
kernels (after torchvision) define them; draws come from the pipeline's generator."""
from __future__ import annotations

import math

import numpy as np

from msjax._src.dataset import image_ops, random_ops
from msjax._src.dataset.transform_base import TransformError
from msjax._src.dataset.vision import AutoContrast, Equalize, ImageTensorOperation, Inter
from msjax._src.dataset.vision_augment import affine_matrix, warp_affine
from msjax._src.dataset.vision_checks import FLOAT_MAX_INTEGER, check_interval, type_check
from msjax._src.dataset.vision_geometry import check_fill_value


def _check_bins(num_magnitude_bins):
    type_check(num_magnitude_bins, (int,), "num_magnitude_bins")
    check_interval(num_magnitude_bins, 2, FLOAT_MAX_INTEGER, "num_magnitude_bins")


def _check_rgb_uint8(image, name):
    """MindSpore's input checks of the augmentation policies: a uint8 <H, W, 3> image."""
    if image.ndim != 3:
        raise TransformError(f"{name}: the dimension of image tensor does not match the requirement "
                             f"of operator. Expecting tensor in dimension of (3), in shape of <H, W, "
                             f"C>. But got dimension {image.ndim}.")
    if image.shape[2] != 3:
        raise TransformError(f"{name}: the channel of image tensor does not match the requirement "
                             f"of operator. Expecting tensor in channel of (3). But got channel "
                             f"{image.shape[2]}.")
    if image.dtype != np.uint8:
        raise TransformError(f"{name}: the data type of image tensor does not match the requirement "
                             f"of operator. Expecting tensor in type of (uint8). But got type "
                             f"{image.dtype}.")


def _warp(image, degrees, translate, shear, interpolation, fill_value):
    height, width = image.shape[:2]
    matrix = affine_matrix(height, width, degrees, translate, 1.0, shear)
    return warp_affine(image, matrix, interpolation == Inter.NEAREST, fill_value,
                       cubic=interpolation == Inter.BICUBIC)


def apply_operation(image, name, magnitude, interpolation, fill_value):
    """One operation of the bank at `magnitude` (signed for the geometric and colour ones)."""
    if name == "ShearX":
        return _warp(image, 0.0, (0.0, 0.0), (math.degrees(math.atan(magnitude)), 0.0),
                     interpolation, fill_value)
    if name == "ShearY":
        return _warp(image, 0.0, (0.0, 0.0), (0.0, math.degrees(math.atan(magnitude))),
                     interpolation, fill_value)
    if name == "TranslateX":
        return _warp(image, 0.0, (float(int(magnitude)), 0.0), (0.0, 0.0), interpolation, fill_value)
    if name == "TranslateY":
        return _warp(image, 0.0, (0.0, float(int(magnitude))), (0.0, 0.0), interpolation, fill_value)
    if name == "Rotate":
        return _warp(image, magnitude, (0.0, 0.0), (0.0, 0.0), interpolation, fill_value)
    if name == "Brightness":
        return image_ops.adjust_brightness(image, 1.0 + magnitude)
    if name == "Color":
        return image_ops.adjust_saturation(image, 1.0 + magnitude)
    if name == "Contrast":
        return image_ops.adjust_contrast(image, 1.0 + magnitude)
    if name == "Sharpness":
        return image_ops.adjust_sharpness(image, 1.0 + magnitude)
    if name == "Posterize":
        bits = int(magnitude)
        return image & np.uint8((0xFF << (8 - bits)) & 0xFF)
    if name == "Solarize":
        return np.where(image >= magnitude, 255 - image, image).astype(image.dtype)
    if name == "AutoContrast":
        return AutoContrast().apply(image)
    if name == "Equalize":
        return Equalize().apply(image)
    return image


def _posterize_bits(num_bins, top):
    return (8 - np.round(np.arange(num_bins) / ((num_bins - 1) / top))).astype(np.int64)


def rand_augment_space(num_bins, height, width):
    """RandAugment's operations: name -> (magnitudes per bin, whether the sign is drawn)."""
    return {"Identity": (np.zeros(num_bins), False),
            "ShearX": (np.linspace(0.0, 0.3, num_bins), True),
            "ShearY": (np.linspace(0.0, 0.3, num_bins), True),
            "TranslateX": (np.linspace(0.0, 150.0 / 331.0 * width, num_bins), True),
            "TranslateY": (np.linspace(0.0, 150.0 / 331.0 * height, num_bins), True),
            "Rotate": (np.linspace(0.0, 30.0, num_bins), True),
            "Brightness": (np.linspace(0.0, 0.9, num_bins), True),
            "Color": (np.linspace(0.0, 0.9, num_bins), True),
            "Contrast": (np.linspace(0.0, 0.9, num_bins), True),
            "Sharpness": (np.linspace(0.0, 0.9, num_bins), True),
            "Posterize": (_posterize_bits(num_bins, 4), False),
            "Solarize": (np.linspace(255.0, 0.0, num_bins), False),
            "AutoContrast": (np.zeros(num_bins), False),
            "Equalize": (np.zeros(num_bins), False)}


def trivial_augment_space(num_bins):
    """TrivialAugmentWide's operations: wider ranges than RandAugment's."""
    return {"Identity": (np.zeros(num_bins), False),
            "ShearX": (np.linspace(0.0, 0.99, num_bins), True),
            "ShearY": (np.linspace(0.0, 0.99, num_bins), True),
            "TranslateX": (np.linspace(0.0, 32.0, num_bins), True),
            "TranslateY": (np.linspace(0.0, 32.0, num_bins), True),
            "Rotate": (np.linspace(0.0, 135.0, num_bins), True),
            "Brightness": (np.linspace(0.0, 0.99, num_bins), True),
            "Color": (np.linspace(0.0, 0.99, num_bins), True),
            "Contrast": (np.linspace(0.0, 0.99, num_bins), True),
            "Sharpness": (np.linspace(0.0, 0.99, num_bins), True),
            "Posterize": (_posterize_bits(num_bins, 6), False),
            "Solarize": (np.linspace(255.0, 0.0, num_bins), False),
            "AutoContrast": (np.zeros(num_bins), False),
            "Equalize": (np.zeros(num_bins), False)}


def _signed(rng, magnitude, signed):
    return -magnitude if signed and rng.random() < 0.5 else magnitude


class RandAugment(ImageTensorOperation):
    """`mindspore.dataset.vision.RandAugment(num_ops=2, magnitude=9, num_magnitude_bins=31,
    interpolation=Inter.NEAREST, fill_value=0)`: `num_ops` operations drawn from the bank, each at
    bin `magnitude` (sign drawn), on a uint8 RGB image."""

    keeps_pil = False

    def __init__(self, num_ops=2, magnitude=9, num_magnitude_bins=31, interpolation=Inter.NEAREST,
                 fill_value=0):
        type_check(num_ops, (int,), "num_ops")
        check_interval(num_ops, 0, FLOAT_MAX_INTEGER, "num_ops")
        _check_bins(num_magnitude_bins)
        type_check(magnitude, (int,), "magnitude")
        if not 0 <= magnitude < num_magnitude_bins:
            raise ValueError(f"Input magnitude is not within the required interval of "
                             f"[0, {num_magnitude_bins}).")
        type_check(interpolation, (Inter,), "interpolation")
        self.fill_value = check_fill_value(fill_value)
        self.num_ops, self.magnitude = num_ops, magnitude
        self.num_magnitude_bins, self.interpolation = num_magnitude_bins, interpolation

    def apply(self, image):
        _check_rgb_uint8(image, "RandAugment")
        rng = random_ops.generator()
        space = rand_augment_space(self.num_magnitude_bins, *image.shape[:2])
        names = list(space)
        for _ in range(self.num_ops):
            name = names[int(rng.integers(len(names)))]
            magnitudes, signed = space[name]
            magnitude = _signed(rng, float(magnitudes[self.magnitude]), signed)
            image = apply_operation(image, name, magnitude, self.interpolation, self.fill_value)
        return image


class TrivialAugmentWide(ImageTensorOperation):
    """`mindspore.dataset.vision.TrivialAugmentWide(num_magnitude_bins=31,
    interpolation=Inter.NEAREST, fill_value=0)`: one operation drawn from the bank at a magnitude
    drawn from its `num_magnitude_bins` bins (sign drawn), on a uint8 RGB image."""

    keeps_pil = False

    def __init__(self, num_magnitude_bins=31, interpolation=Inter.NEAREST, fill_value=0):
        _check_bins(num_magnitude_bins)
        type_check(interpolation, (Inter,), "interpolation")
        self.fill_value = check_fill_value(fill_value)
        self.num_magnitude_bins, self.interpolation = num_magnitude_bins, interpolation

    def apply(self, image):
        _check_rgb_uint8(image, "TrivialAugmentWide")
        rng = random_ops.generator()
        space = trivial_augment_space(self.num_magnitude_bins)
        names = list(space)
        name = names[int(rng.integers(len(names)))]
        magnitudes, signed = space[name]
        magnitude = float(magnitudes[int(rng.integers(self.num_magnitude_bins))])
        magnitude = _signed(rng, magnitude, signed)
        return apply_operation(image, name, magnitude, self.interpolation, self.fill_value)
