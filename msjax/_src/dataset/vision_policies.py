"""`mindspore.dataset.vision.RandAugment`, `TrivialAugmentWide` and `AutoAugment`: operations
drawn from a fixed bank (shear, translate, rotate, colour, contrast, brightness, sharpness,
posterize, solarize, autocontrast, equalize, invert, identity) at a magnitude from a binned range,
as MindSpore's kernels (after torchvision) define them; draws come from the pipeline's
generator."""
from __future__ import annotations

import enum
import math

import numpy as np

from msjax._src.dataset import image_ops, random_ops
from msjax._src.dataset.transform_base import TransformError
from msjax._src.dataset.vision import AutoContrast, Equalize, ImageTensorOperation, Inter, Invert
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


def _scaled(image, factor):
    """Brightness in the bank: the image times `factor` in float32 (OpenCV's addWeighted)."""
    return image_ops.add_weighted(image, factor, np.zeros_like(image), 0.0, image)


_BLENDS = {"Brightness": _scaled, "Color": image_ops.adjust_saturation,
           "Contrast": image_ops.adjust_contrast, "Sharpness": image_ops.adjust_sharpness}


def _linspace(start, stop, num):
    """MindSpore's magnitude bins: ``start + i * ((stop - start) / (num - 1))`` in float32."""
    f32 = np.float32
    step = (f32(stop) - f32(start)) / f32(num - 1)
    return f32(start) + np.arange(num, dtype=f32) * step


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
    if name in _BLENDS:
        # MindSpore's factor is 1 + magnitude in float32
        return _BLENDS[name](image, float(np.float32(1.0) + np.float32(magnitude)))
    if name == "Posterize":
        bits = int(magnitude)
        return image & np.uint8((0xFF << (8 - bits)) & 0xFF)
    if name == "Solarize":  # the threshold is a float32 bin (170 is 169.99998)
        return np.where(image >= magnitude, 255 - image, image).astype(image.dtype)
    if name == "AutoContrast":
        return AutoContrast().apply(image)
    if name == "Equalize":
        return Equalize().apply(image)
    if name == "Invert":
        return Invert().apply(image)
    return image


def _posterize_bits(num_bins, top):
    return (8 - np.round(np.arange(num_bins) / ((num_bins - 1) / top))).astype(np.int64)


def rand_augment_space(num_bins, height, width):
    """RandAugment's operations: name -> (magnitudes per bin, whether the sign is drawn)."""
    return {"Identity": (np.zeros(num_bins), False),
            "ShearX": (_linspace(0.0, 0.3, num_bins), True),
            "ShearY": (_linspace(0.0, 0.3, num_bins), True),
            "TranslateX": (_linspace(0.0, 150.0 / 331.0 * width, num_bins), True),
            "TranslateY": (_linspace(0.0, 150.0 / 331.0 * height, num_bins), True),
            "Rotate": (_linspace(0.0, 30.0, num_bins), True),
            "Brightness": (_linspace(0.0, 0.9, num_bins), True),
            "Color": (_linspace(0.0, 0.9, num_bins), True),
            "Contrast": (_linspace(0.0, 0.9, num_bins), True),
            "Sharpness": (_linspace(0.0, 0.9, num_bins), True),
            "Posterize": (_posterize_bits(num_bins, 4), False),
            "Solarize": (_linspace(255.0, 0.0, num_bins), False),
            "AutoContrast": (np.zeros(num_bins), False),
            "Equalize": (np.zeros(num_bins), False)}


def trivial_augment_space(num_bins):
    """TrivialAugmentWide's operations: wider ranges than RandAugment's."""
    return {"Identity": (np.zeros(num_bins), False),
            "ShearX": (_linspace(0.0, 0.99, num_bins), True),
            "ShearY": (_linspace(0.0, 0.99, num_bins), True),
            "TranslateX": (_linspace(0.0, 32.0, num_bins), True),
            "TranslateY": (_linspace(0.0, 32.0, num_bins), True),
            "Rotate": (_linspace(0.0, 135.0, num_bins), True),
            "Brightness": (_linspace(0.0, 0.99, num_bins), True),
            "Color": (_linspace(0.0, 0.99, num_bins), True),
            "Contrast": (_linspace(0.0, 0.99, num_bins), True),
            "Sharpness": (_linspace(0.0, 0.99, num_bins), True),
            "Posterize": (_posterize_bits(num_bins, 6), False),
            "Solarize": (_linspace(255.0, 0.0, num_bins), False),
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


class AutoAugmentPolicy(str, enum.Enum):
    """`mindspore.dataset.vision.AutoAugmentPolicy`: the policies learned in the AutoAugment paper
    (Cubuk et al., "AutoAugment: Learning Augmentation Policies from Data", 2019)."""
    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"


# Each policy: 25 sub-policies of two (operation, probability, magnitude bin of 10) steps, as the
# paper's appendix lists them (Tables 7-9); None: an operation without a magnitude.
_AUTO_AUGMENT_POLICIES = {
    AutoAugmentPolicy.IMAGENET: (
        (("Posterize", 0.4, 8), ("Rotate", 0.6, 9)),
        (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
        (("Equalize", 0.8, None), ("Equalize", 0.6, None)),
        (("Posterize", 0.6, 7), ("Posterize", 0.6, 6)),
        (("Equalize", 0.4, None), ("Solarize", 0.2, 4)),
        (("Equalize", 0.4, None), ("Rotate", 0.8, 8)),
        (("Solarize", 0.6, 3), ("Equalize", 0.6, None)),
        (("Posterize", 0.8, 5), ("Equalize", 1.0, None)),
        (("Rotate", 0.2, 3), ("Solarize", 0.6, 8)),
        (("Equalize", 0.6, None), ("Posterize", 0.4, 6)),
        (("Rotate", 0.8, 8), ("Color", 0.4, 0)),
        (("Rotate", 0.4, 9), ("Equalize", 0.6, None)),
        (("Equalize", 0.0, None), ("Equalize", 0.8, None)),
        (("Invert", 0.6, None), ("Equalize", 1.0, None)),
        (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
        (("Rotate", 0.8, 8), ("Color", 1.0, 2)),
        (("Color", 0.8, 8), ("Solarize", 0.8, 7)),
        (("Sharpness", 0.4, 7), ("Invert", 0.6, None)),
        (("ShearX", 0.6, 5), ("Equalize", 1.0, None)),
        (("Color", 0.4, 0), ("Equalize", 0.6, None)),
        (("Equalize", 0.4, None), ("Solarize", 0.2, 4)),
        (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
        (("Invert", 0.6, None), ("Equalize", 1.0, None)),
        (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
        (("Equalize", 0.8, None), ("Equalize", 0.6, None)),
    ),
    AutoAugmentPolicy.CIFAR10: (
        (("Invert", 0.1, None), ("Contrast", 0.2, 6)),
        (("Rotate", 0.7, 2), ("TranslateX", 0.3, 9)),
        (("Sharpness", 0.8, 1), ("Sharpness", 0.9, 3)),
        (("ShearY", 0.5, 8), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.5, None), ("Equalize", 0.9, None)),
        (("ShearY", 0.2, 7), ("Posterize", 0.3, 7)),
        (("Color", 0.4, 3), ("Brightness", 0.6, 7)),
        (("Sharpness", 0.3, 9), ("Brightness", 0.7, 9)),
        (("Equalize", 0.6, None), ("Equalize", 0.5, None)),
        (("Contrast", 0.6, 7), ("Sharpness", 0.6, 5)),
        (("Color", 0.7, 7), ("TranslateX", 0.5, 8)),
        (("Equalize", 0.3, None), ("AutoContrast", 0.4, None)),
        (("TranslateY", 0.4, 3), ("Sharpness", 0.2, 6)),
        (("Brightness", 0.9, 6), ("Color", 0.2, 8)),
        (("Solarize", 0.5, 2), ("Invert", 0.0, None)),
        (("Equalize", 0.2, None), ("AutoContrast", 0.6, None)),
        (("Equalize", 0.2, None), ("Equalize", 0.6, None)),
        (("Color", 0.9, 9), ("Equalize", 0.6, None)),
        (("AutoContrast", 0.8, None), ("Solarize", 0.2, 8)),
        (("Brightness", 0.1, 3), ("Color", 0.7, 0)),
        (("Solarize", 0.4, 5), ("AutoContrast", 0.9, None)),
        (("TranslateY", 0.9, 9), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.9, None), ("Solarize", 0.8, 3)),
        (("Equalize", 0.8, None), ("Invert", 0.1, None)),
        (("TranslateY", 0.7, 9), ("AutoContrast", 0.9, None)),
    ),
    AutoAugmentPolicy.SVHN: (
        (("ShearX", 0.9, 4), ("Invert", 0.2, None)),
        (("ShearY", 0.9, 8), ("Invert", 0.7, None)),
        (("Equalize", 0.6, None), ("Solarize", 0.6, 6)),
        (("Invert", 0.9, None), ("Equalize", 0.6, None)),
        (("Equalize", 0.6, None), ("Rotate", 0.9, 3)),
        (("ShearX", 0.9, 4), ("AutoContrast", 0.8, None)),
        (("ShearY", 0.9, 8), ("Invert", 0.4, None)),
        (("ShearY", 0.9, 5), ("Solarize", 0.2, 6)),
        (("Invert", 0.9, None), ("AutoContrast", 0.8, None)),
        (("Equalize", 0.6, None), ("Rotate", 0.9, 3)),
        (("ShearX", 0.9, 4), ("Solarize", 0.3, 3)),
        (("ShearY", 0.8, 8), ("Invert", 0.7, None)),
        (("Equalize", 0.9, None), ("TranslateY", 0.6, 6)),
        (("Invert", 0.9, None), ("Equalize", 0.6, None)),
        (("Contrast", 0.3, 3), ("Rotate", 0.8, 4)),
        (("Invert", 0.8, None), ("TranslateY", 0.0, 2)),
        (("ShearY", 0.7, 6), ("Solarize", 0.4, 8)),
        (("Invert", 0.6, None), ("Rotate", 0.8, 4)),
        (("ShearY", 0.3, 7), ("TranslateX", 0.9, 3)),
        (("ShearX", 0.1, 6), ("Invert", 0.6, None)),
        (("Solarize", 0.7, 2), ("TranslateY", 0.6, 7)),
        (("ShearY", 0.8, 4), ("Invert", 0.8, None)),
        (("ShearX", 0.7, 9), ("TranslateY", 0.8, 3)),
        (("ShearY", 0.8, 5), ("AutoContrast", 0.7, None)),
        (("ShearX", 0.7, 2), ("Invert", 0.1, None)),
    ),
}
_AUTO_AUGMENT_BINS = 10


def auto_augment_magnitude(name, bin_index, height, width):
    """(magnitude, whether its sign is drawn) of `name` at `bin_index` for an image of
    `height` x `width`."""
    if bin_index is None:
        return 0.0, False
    magnitudes, signed = rand_augment_space(_AUTO_AUGMENT_BINS, height, width)[name]
    return float(magnitudes[bin_index]), signed


class AutoAugment(ImageTensorOperation):
    """`mindspore.dataset.vision.AutoAugment(policy=AutoAugmentPolicy.IMAGENET,
    interpolation=Inter.NEAREST, fill_value=0)`: one of the policy's sub-policies, drawn
    uniformly, on a uint8 RGB image: each of its two operations applied with its probability,
    at its magnitude (sign drawn for the signed ones)."""

    keeps_pil = False

    def __init__(self, policy=AutoAugmentPolicy.IMAGENET, interpolation=Inter.NEAREST,
                 fill_value=0):
        type_check(policy, (AutoAugmentPolicy,), "policy")
        type_check(interpolation, (Inter,), "interpolation")
        self.fill_value = check_fill_value(fill_value)
        self.policy, self.interpolation = policy, interpolation

    def apply(self, image):
        if image.ndim != 3:
            raise TransformError(f"AutoAugment: input tensor is not in shape of <H,W,C>, but got "
                                 f"rank: {image.ndim}")
        if image.shape[2] != 3:
            raise TransformError(f"AutoAugment: channel of input image should be 3, but got: "
                                 f"{image.shape[2]}")
        if image.dtype != np.uint8:  # MindSpore's kernel takes other types too; msjax's does not
            raise TransformError(f"AutoAugment: msjax augments uint8 images only, but got type "
                                 f"{image.dtype}: convert the image first (e.g. "
                                 f"transforms.TypeCast(mstype.uint8)).")
        rng = random_ops.generator()
        steps = _AUTO_AUGMENT_POLICIES[self.policy]
        for name, probability, bin_index in steps[int(rng.integers(len(steps)))]:
            if rng.random() < probability:
                magnitude, signed = auto_augment_magnitude(name, bin_index, *image.shape[:2])
                magnitude = _signed(rng, magnitude, signed)
                image = apply_operation(image, name, magnitude, self.interpolation,
                                        self.fill_value)
        return image
