"""`mindspore.dataset.vision`'s Python-only transforms: FiveCrop, TenCrop (PIL images in, a tuple
of PIL images out) and LinearTransformation (a NumPy image times a matrix), as MindSpore's
``py_transforms_util`` computes them."""
from __future__ import annotations

import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.transform_base import TensorOperation, augment_error_message, is_pil
from msjax._src.dataset.vision import Inter
from msjax._src.dataset.vision_checks import check_crop_size



def _check_bool(value, name):
    if not isinstance(value, bool):
        raise TypeError(f"Argument {name} with value {value} is not of type [<class 'bool'>], "
                        f"but got {type(value)}.")


def five_crop(image, size):
    """The four corner crops and the centre crop of a PIL image (MindSpore's ``five_crop``)."""
    if not is_pil(image):
        raise TypeError(augment_error_message.format(type(image)))
    width, height = image.size
    crop_height, crop_width = size
    if crop_height > height or crop_width > width:
        raise ValueError(f"Crop size {size} is larger than input image size {(height, width)}.")
    top = int(round((height - crop_height) / 2.0))
    left = int(round((width - crop_width) / 2.0))
    return (image.crop((0, 0, crop_width, crop_height)),
            image.crop((width - crop_width, 0, width, crop_height)),
            image.crop((0, height - crop_height, crop_width, height)),
            image.crop((width - crop_width, height - crop_height, width, height)),
            image.crop((left, top, left + crop_width, top + crop_height)))


class FiveCrop(TensorOperation):
    """`mindspore.dataset.vision.FiveCrop(size)`: a PIL image's four corner crops and centre crop,
    as a tuple of five PIL images."""

    def __init__(self, size):
        self.size = check_crop_size(size)

    def implementation(self, image):
        return five_crop(image, self.size)


class TenCrop(TensorOperation):
    """`mindspore.dataset.vision.TenCrop(size, use_vertical_flip=False)`: FiveCrop of the image,
    then FiveCrop of it flipped (horizontally, or vertically)."""

    def __init__(self, size, use_vertical_flip=False):
        self.size = check_crop_size(size)
        _check_bool(use_vertical_flip, "use_vertical_flip")
        self.use_vertical_flip = use_vertical_flip

    def implementation(self, image):
        from PIL import Image  # pylint: disable=import-outside-toplevel
        first = five_crop(image, self.size)
        flip = Image.Transpose.FLIP_TOP_BOTTOM if self.use_vertical_flip else \
            Image.Transpose.FLIP_LEFT_RIGHT
        return first + five_crop(image.transpose(flip), self.size)


class LinearTransformation(TensorOperation):
    """`mindspore.dataset.vision.LinearTransformation(transformation_matrix, mean_vector)`: the
    flattened NumPy image, less `mean_vector`, times the square `transformation_matrix`."""

    def __init__(self, transformation_matrix, mean_vector):
        for value, name in ((transformation_matrix, "transformation_matrix"),
                            (mean_vector, "mean_vector")):
            if not isinstance(value, np.ndarray):
                raise TypeError(f"Argument {name} with value {value} is not of type "
                                f"[<class 'numpy.ndarray'>], but got {type(value)}.")
        if transformation_matrix.shape[0] != transformation_matrix.shape[1]:
            raise ValueError(f"transformation_matrix should be a square matrix. Got shape "
                             f"{transformation_matrix.shape} instead.")
        if mean_vector.shape[0] != transformation_matrix.shape[0]:
            raise ValueError(f"mean_vector length {mean_vector.shape[0]} should match either one "
                             f"dimension of the squaretransformation_matrix "
                             f"{transformation_matrix.shape}.")
        self.transformation_matrix = transformation_matrix
        self.mean_vector = mean_vector

    def implementation(self, image):
        if not isinstance(image, np.ndarray):
            raise TypeError(f"img should be NumPy array. Got {type(image)}")
        matrix = self.transformation_matrix
        if np.prod(image.shape) != matrix.shape[0]:
            raise ValueError(f"transformation_matrix shape {matrix.shape} not compatible with "
                             f"Numpy image shape {image.shape}.")
        centred = image.reshape(1, -1) - self.mean_vector
        return np.dot(centred, matrix).reshape(image.shape)


def _colour_planes(image, is_hwc):
    return (image[:, :, 0], image[:, :, 1], image[:, :, 2]) if is_hwc else \
        (image[0, :, :], image[1, :, :], image[2, :, :])


def rgb_to_hsv(np_rgb_img, is_hwc):
    """`py_transforms_util.rgb_to_hsv`: one RGB image (HWC or CHW) to HSV with ``colorsys``, in
    float64."""
    import colorsys  # pylint: disable=import-outside-toplevel
    planes = np.vectorize(colorsys.rgb_to_hsv)(*_colour_planes(np_rgb_img, is_hwc))
    return np.stack(planes, axis=2 if is_hwc else 0)


def hsv_to_rgb(np_hsv_img, is_hwc):
    """`py_transforms_util.hsv_to_rgb`: one HSV image (HWC or CHW) to RGB with ``colorsys``."""
    import colorsys  # pylint: disable=import-outside-toplevel
    planes = np.vectorize(colorsys.hsv_to_rgb)(*_colour_planes(np_hsv_img, is_hwc))
    return np.stack(planes, axis=2 if is_hwc else 0)


def _convert_images(images, is_hwc, convert, shapes, colour):
    """MindSpore's checks of an image or a batch of images, then `convert` on each."""
    if not isinstance(images, np.ndarray):
        dot = "" if colour == "RGB" else "."
        raise TypeError(f"img should be NumPy image. Got {type(images)}{dot}")
    if not isinstance(is_hwc, bool):
        raise TypeError(f"is_hwc should be bool type. Got {type(is_hwc)}.")
    if images.ndim not in (3, 4):
        raise TypeError(f"img shape should be {shapes}. Got {images.shape}.")
    channel_axis = (2 if is_hwc else 0) + (images.ndim == 4)
    channels = images.shape[channel_axis]
    if channels != 3:
        raise TypeError(f"img should be 3 channels {colour} img. Got {channels} channels.")
    if images.ndim == 3:
        return convert(images, is_hwc)
    return np.array([convert(image, is_hwc) for image in images])


def rgb_to_hsvs(np_rgb_imgs, is_hwc):
    """`py_transforms_util.rgb_to_hsvs`: RGB to HSV of an image or a batch of images."""
    return _convert_images(np_rgb_imgs, is_hwc, rgb_to_hsv,
                           "(H, W, C)/(N, H, W, C)/(C ,H, W)/(N, C, H, W)", "RGB")


def hsv_to_rgbs(np_hsv_imgs, is_hwc):
    """`py_transforms_util.hsv_to_rgbs`: HSV to RGB of an image or a batch of images."""
    return _convert_images(np_hsv_imgs, is_hwc, hsv_to_rgb,
                           "(H, W, C)/(N, H, W, C)/(C, H, W)/(N, C, H, W)", "HSV")


class RgbToHsv(TensorOperation):
    """`mindspore.dataset.vision.RgbToHsv(is_hwc=False)`: MindSpore's Python RGB to HSV
    (``colorsys``, float64) of an image or a batch."""

    def __init__(self, is_hwc=False):
        _check_bool(is_hwc, "is_hwc")
        self.is_hwc = is_hwc

    def implementation(self, rgb_imgs):
        return rgb_to_hsvs(rgb_imgs, self.is_hwc)


class HsvToRgb(TensorOperation):
    """`mindspore.dataset.vision.HsvToRgb(is_hwc=False)`: MindSpore's Python HSV to RGB
    (``colorsys``, float64) of an image or a batch."""

    def __init__(self, is_hwc=False):
        _check_bool(is_hwc, "is_hwc")
        self.is_hwc = is_hwc

    def implementation(self, hsv_imgs):
        return hsv_to_rgbs(hsv_imgs, self.is_hwc)


def _pil_filter(interpolation):
    """The Pillow filter of MindSpore's Python transforms for an `Inter` mode."""
    from PIL import Image  # pylint: disable=import-outside-toplevel
    return {Inter.NEAREST: Image.Resampling.NEAREST, Inter.ANTIALIAS: Image.Resampling.LANCZOS,
            Inter.BILINEAR: Image.Resampling.BILINEAR, Inter.BICUBIC: Image.Resampling.BICUBIC,
            Inter.AREA: Image.Resampling.BOX}.get(interpolation, Image.Resampling.BICUBIC)


def perspective_corners(width, height, distortion_scale, rng):
    """MindSpore's ``get_perspective_params``: the image's corners and where each moves, drawn
    within `distortion_scale` of half the image's size."""
    half_w, half_h = int(width / 2 * distortion_scale), int(height / 2 * distortion_scale)

    def draw(low, high):
        return int(rng.integers(low, high + 1))
    ends = [(draw(0, half_w), draw(0, half_h)),
            (draw(width - half_w - 1, width - 1), draw(0, half_h)),
            (draw(width - half_w - 1, width - 1), draw(height - half_h - 1, height - 1)),
            (draw(0, half_w), draw(height - half_h - 1, height - 1))]
    starts = [(0, 0), (width - 1, 0), (width - 1, height - 1), (0, height - 1)]
    return starts, ends


def perspective(image, starts, ends, interpolation):
    """MindSpore's ``py_transforms_util.perspective``: Pillow's PERSPECTIVE transform with the
    coefficients mapping `ends` back to `starts` (least squares, as MindSpore solves them)."""
    from PIL import Image  # pylint: disable=import-outside-toplevel
    rows = []
    for (x, y), (u, v) in zip(ends, starts):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    coefficients = np.linalg.lstsq(np.array(rows, np.float64),
                                   np.array(starts, np.float64).reshape(8), rcond=None)[0]
    return image.transform(image.size, Image.Transform.PERSPECTIVE, coefficients.tolist(),
                           _pil_filter(interpolation))


class RandomPerspective(TensorOperation):
    """`mindspore.dataset.vision.RandomPerspective(distortion_scale=0.5, prob=0.5,
    interpolation=Inter.BICUBIC)`: with probability `prob`, a perspective transform of a PIL
    image moving each corner at random within `distortion_scale` (MindSpore's Python kernel,
    Pillow's transform; the draws are msjax's)."""

    def __init__(self, distortion_scale=0.5, prob=0.5, interpolation=Inter.BICUBIC):
        for value, name in ((distortion_scale, "distortion_scale"), (prob, "prob")):
            if isinstance(value, bool) or not isinstance(value, (float, int)):
                raise TypeError(f"Argument {name} with value {value} is not of type "
                                f"[<class 'float'>], but got {type(value)}.")
            if not 0 <= value <= 1:
                raise ValueError(f"Input {name} is not within the required interval of "
                                 f"[0.0, 1.0].")
        if not isinstance(interpolation, Inter):
            raise TypeError(f"Argument interpolation with value {interpolation} is not of type "
                            f"[<enum 'Inter'>], but got {type(interpolation)}.")
        self.distortion_scale, self.prob, self.interpolation = distortion_scale, prob, interpolation

    def implementation(self, image):
        if not is_pil(image):
            raise ValueError("Input image should be a Pillow image.")
        rng = random_ops.generator()
        if self.prob > rng.random():
            starts, ends = perspective_corners(image.size[0], image.size[1],
                                               self.distortion_scale, rng)
            return perspective(image, starts, ends, self.interpolation)
        return image
