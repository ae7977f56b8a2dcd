"""`mindspore.dataset.vision.Affine` and `ResizedCrop`: fixed geometric transforms on NumPy
images, with OpenCV's warpAffine and resize conventions (vision_augment.warp_affine,
image_ops.resize)."""
from __future__ import annotations

import numbers

from msjax._src.dataset import image_ops
from msjax._src.dataset.transform_base import TransformError
from msjax._src.dataset.vision import _RESIZE_METHOD, ImageTensorOperation, Inter, _check_image
from msjax._src.dataset.vision_checks import check_crop_size, check_interval, type_check
from msjax._src.dataset.vision_augment import affine_matrix, warp_affine

_INT32_MAX = 2147483647


def check_fill_value(fill_value):
    """MindSpore's ``check_fill_value``: an int in [0, 255] or a 3-tuple of them; as a 3-tuple."""
    if isinstance(fill_value, int):
        type_check(fill_value, (int,), "fill_value")
        check_interval(fill_value, 0, 255, "fill_value")
        return (fill_value,) * 3
    if isinstance(fill_value, tuple) and len(fill_value) == 3:
        for index, value in enumerate(fill_value):
            type_check(value, (int,), f"fill_value[{index}]")
            check_interval(value, 0, 255, f"fill_value[{index}]")
        return fill_value
    raise TypeError("fill_value should be a single integer or a 3-tuple.")


def _check_pair(values, name, low, high):
    type_check(values, (list, tuple), name)
    if len(values) != 2:
        raise TypeError(f"The length of {name} should be 2.")
    for index, value in enumerate(values):
        type_check(value, (int, float), f"{name}[{index}]")
        check_interval(value, low, high, f"{name}[{index}]")
    return tuple(float(v) for v in values)


class Affine(ImageTensorOperation):
    """`mindspore.dataset.vision.Affine(degrees, translate, scale, shear, resample=Inter.NEAREST,
    fill_value=0)`: rotate by `degrees`, translate by `translate` (fractions of the width and
    height), scale and shear about
    the image centre (OpenCV's warpAffine, constant border `fill_value`)."""

    keeps_pil = False

    def __init__(self, degrees, translate, scale, shear, resample=Inter.NEAREST, fill_value=0):
        type_check(degrees, (int, float), "degrees")
        check_interval(degrees, -180, 180, "degrees")
        self.translate = _check_pair(translate, "translate", -1.0, 1.0)
        type_check(scale, (int, float), "scale")
        if scale <= 0:
            raise ValueError("Input scale must be greater than 0.")
        type_check(shear, (numbers.Number, tuple, list), "shear")
        if isinstance(shear, (list, tuple)):
            self.shear = _check_pair(shear, "shear", -180, 180)
        else:
            check_interval(shear, -180, 180, "shear")
            self.shear = (float(shear), 0.0)
        type_check(resample, (Inter,), "resample")
        self.fill_value = check_fill_value(fill_value)
        self.degrees, self.scale, self.resample = float(degrees), float(scale), resample

    def apply(self, image):
        _check_image(image, "Affine")
        height, width = image.shape[:2]
        translate = (self.translate[0] * width, self.translate[1] * height)
        matrix = affine_matrix(height, width, self.degrees, translate, self.scale, self.shear)
        return warp_affine(image, matrix, self.resample == Inter.NEAREST, self.fill_value,
                           cubic=self.resample == Inter.BICUBIC)


class ResizedCrop(ImageTensorOperation):
    """`mindspore.dataset.vision.ResizedCrop(top, left, height, width, size,
    interpolation=Inter.BILINEAR)`: the crop at (top, left) of (height, width), resized to
    `size` (an int gives a square)."""

    def __init__(self, top, left, height, width, size, interpolation=Inter.BILINEAR):
        for value, name, low in ((top, "top", 0), (left, "left", 0), (height, "height", 1),
                                 (width, "width", 1)):
            type_check(value, (int,), name)
            check_interval(value, low, _INT32_MAX, name)
        type_check(interpolation, (Inter,), "interpolation")
        check_crop_size(size)
        self.top, self.left, self.height, self.width = top, left, height, width
        self.size, self.interpolation = size, interpolation

    def apply(self, image):
        _check_image(image, "ResizedCrop")
        if self.top + self.height > image.shape[0] or self.left + self.width > image.shape[1]:
            raise TransformError(f"ResizedCrop: the sum of top and height: "
                                 f"{self.top + self.height} exceeds image height: {image.shape[0]}.")
        crop = image[self.top:self.top + self.height, self.left:self.left + self.width]
        target = (self.size, self.size) if isinstance(self.size, int) else tuple(self.size)
        return image_ops.resize(crop, *target, _RESIZE_METHOD[self.interpolation])
