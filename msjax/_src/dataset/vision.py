"""`mindspore.dataset.vision`: image transforms on NumPy arrays (HWC or HW) and PIL images.

Deterministic transforms give MindSpore's values (goldens in tests/goldens/dataset); interpolating
resizes follow OpenCV's conventions and stay within one grey level of MindSpore's uint8 output.
Random transforms draw from the pipeline's generator (random_ops.py, seeded by
``dataset.config.set_seed``), not from MindSpore's C++ generator, so their draws differ.
"""
from __future__ import annotations

import enum
import io
import math
import numbers

import numpy as np

from msjax._src.dataset import image_ops, random_ops
from msjax._src.dataset.transform_base import (TensorOperation, TransformError, check_number,
                                               check_positive_int, check_probability, is_pil)
from msjax._src.dataset.rows import pipeline_error
from msjax._src.dataset.transforms import numpy_dtype
from msjax._src.dataset.vision_checks import (check_crop_size, check_interval,
                                              check_random_resize_crop, type_check)

_MAX_SIZE = 16777216


class Inter(enum.IntEnum):
    """`mindspore.dataset.vision.Inter`: interpolation modes."""
    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = LINEAR = 2
    BICUBIC = CUBIC = 3
    AREA = 4
    PILCUBIC = 5


_RESIZE_METHOD = {Inter.NEAREST: "nearest", Inter.BILINEAR: "linear", Inter.BICUBIC: "cubic",
                  Inter.AREA: "area", Inter.PILCUBIC: "pilcubic", Inter.ANTIALIAS: "pilcubic"}


class Border(str, enum.Enum):
    """`mindspore.dataset.vision.Border`: how padding fills."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class ConvertMode(enum.IntEnum):
    """`mindspore.dataset.vision.ConvertMode` (the colour conversions msjax implements)."""
    COLOR_BGR2RGB = 4
    COLOR_RGB2BGR = 4
    COLOR_RGB2GRAY = 7
    COLOR_BGR2GRAY = 6
    COLOR_GRAY2RGB = 8
    COLOR_GRAY2BGR = 8


def _to_pil_if(was_pil, array):
    if not was_pil:
        return array
    from PIL import Image  # pylint: disable=import-outside-toplevel
    return Image.fromarray(array)


def _array(image):
    return np.asarray(image) if is_pil(image) else image


def _size_pair(size, name="size", high=2147483647):
    if isinstance(size, int) and not isinstance(size, bool):
        check_positive_int(size, name, high) if high != _MAX_SIZE else _check_crop_size(size)
        return (size, size)
    if not isinstance(size, (list, tuple)) or len(size) != 2:
        raise TypeError(f"Argument {name} with value {size!r} is not of type [<class 'int'>, "
                        f"<class 'list'>, <class 'tuple'>], but got {type(size)}.")
    for dim, value in enumerate(size):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"Argument {name}[{dim}] with value {value!r} is not of type "
                            f"[<class 'int'>], but got {type(value)}.")
        if not 1 <= value <= high:
            raise ValueError(f"Input {name} at dim {dim} is not within the required interval of "
                             f"[1, {high}].")
    return tuple(size)


def _check_crop_size(size):
    if not 1 <= size <= _MAX_SIZE:
        raise ValueError(f"Input is not within the required interval of [1, {_MAX_SIZE}].")


def _check_image(image, name, min_rank=2):
    if image.ndim < min_rank or image.ndim > 3:
        raise TransformError(f"{name}: the image tensor should have at least two dimensions. You "
                             f"may need to perform Decode first.")


def get_image_size(image):
    """`mindspore.dataset.vision.utils.get_image_size(image)`: [height, width] of a NumPy image
    (<H, W>, <H, W, C> or frames <..., H, W, C>) or a PIL image."""
    if is_pil(image):
        return [image.size[1], image.size[0]]
    if not isinstance(image, np.ndarray):
        raise TypeError(f"Input image is not of type {np.ndarray} or <class 'PIL.Image.Image'>, "
                        f"but got: {type(image)}.")
    if image.ndim < 2:
        raise pipeline_error(f"GetImageSize: invalid parameter, image should have at least two "
                             f"dimensions, but got: {image.ndim}", "GetImageSize")
    return list(image.shape[:2] if image.ndim == 2 else image.shape[-3:-1])


class ImageTensorOperation(TensorOperation):
    """A transform of one image (PIL in, PIL out for the geometric transforms)."""

    keeps_pil = True

    def implementation(self, *images):
        if len(images) != 1:
            raise TransformError("The op is OneToOne, can only accept one tensor as input.")
        image = images[0]
        if isinstance(image, np.ndarray):
            return self.apply(image)
        was_pil = is_pil(image)
        result = self.apply(_array(image))
        return _to_pil_if(was_pil and self.keeps_pil, result)

    def apply(self, image: np.ndarray):
        raise NotImplementedError


class SameDrawForAllInputs(ImageTensorOperation):
    """A random transform MindSpore applies to several images at once (an image and its mask):
    each gets the same draw, and the results come back as a tuple."""

    def implementation(self, *images):
        if len(images) < 2:
            return super().implementation(*images)
        rng = random_ops.generator()
        start = rng.bit_generator.state
        results = []
        for image in images:
            rng.bit_generator.state = start
            results.append(super().implementation(image))
        return tuple(results)


class Resize(ImageTensorOperation):
    """`mindspore.dataset.vision.Resize(size, interpolation=Inter.LINEAR)`: an int resizes the
    shorter side to `size` keeping the aspect ratio (the longer side truncated, as MindSpore)."""

    def __init__(self, size, interpolation=Inter.LINEAR):
        self.size = size if isinstance(size, int) and not isinstance(size, bool) else _size_pair(size)
        if isinstance(self.size, int):
            check_positive_int(self.size, "size")
        self.interpolation = Inter(interpolation)

    def apply(self, image):
        _check_image(image, "Resize")
        height, width = image.shape[:2]
        if isinstance(self.size, int):
            if height <= width:
                target = (self.size, int(width * self.size / height))
            else:
                target = (int(height * self.size / width), self.size)
        else:
            target = self.size
        return image_ops.resize(image, *target, _RESIZE_METHOD[self.interpolation])


def _crop(image, top, left, height, width):
    return image[top:top + height, left:left + width].copy()


def _center_crop_padding(image, height, width):
    """The zero padding CenterCrop adds to reach `height` x `width` (the larger half on top and
    on the left), refused when it reaches 3 times the image's size, as MindSpore does."""
    rows, columns = image.shape[-3:-1] if image.ndim >= 3 else image.shape
    pad_h, pad_w = max(height - rows, 0), max(width - columns, 0)
    if pad_h >= 3 * rows or pad_w >= 3 * columns:
        raise TransformError(f"CenterCrop: Padding size cannot be more than 3 times of the original "
                             f"image size, got top padding: {pad_h}, left padding: {pad_w}, while "
                             f"the original image size: {rows}, {columns}")
    return (pad_h - pad_h // 2, pad_h // 2), (pad_w - pad_w // 2, pad_w // 2)


class CenterCrop(ImageTensorOperation):
    """`mindspore.dataset.vision.CenterCrop(size)`: the centre crop of an <H, W>, <H, W, C> or
    <..., H, W, C> image; a crop larger than the image pads it with 0 (1 or 3 channels)."""

    def __init__(self, size):
        self.size = _size_pair(size, high=_MAX_SIZE)

    def apply(self, image):
        if image.ndim < 2:
            raise TransformError(f"CenterCrop: Input tensor should have at least 2 dimensions, but "
                                 f"got: {image.ndim}")
        height, width = self.size
        (top, bottom), (left, right) = _center_crop_padding(image, height, width)
        spatial = 0 if image.ndim == 2 else image.ndim - 3
        if top or bottom or left or right:
            if image.ndim >= 3 and image.shape[-1] not in (1, 3):
                raise TransformError(f"Pad: the channel of image tensor does not match the "
                                     f"requirement of operator. Expecting tensor in channel of "
                                     f"(1, 3). But got channel {image.shape[-1]}.")
            _check_image_dtype(image, "Pad")
            pads = [(0, 0)] * image.ndim
            pads[spatial], pads[spatial + 1] = (top, bottom), (left, right)
            image = np.pad(image, pads)
        elif image.dtype.kind in "USO" or image.dtype.type in _OPENCV_UNSUPPORTED:
            raise TransformError("[Internal ERROR] Crop: load image failed.")
        rows, columns = image.shape[spatial], image.shape[spatial + 1]
        first_row, first_column = (rows - height) // 2, (columns - width) // 2
        index = [slice(None)] * image.ndim
        index[spatial] = slice(first_row, first_row + height)
        index[spatial + 1] = slice(first_column, first_column + width)
        return image[tuple(index)].copy()


class Crop(ImageTensorOperation):
    """`mindspore.dataset.vision.Crop(coordinates, size)`: the crop at (top, left)."""

    def __init__(self, coordinates, size):
        self.coordinates = tuple(coordinates)
        self.size = _size_pair(size)

    def apply(self, image):
        _check_image(image, "Crop")
        top, left = self.coordinates
        if top + self.size[0] > image.shape[0] or left + self.size[1] > image.shape[1]:
            raise TransformError(f"Crop: Crop height dimension: {top + self.size[0]} exceeds "
                                 f"image height: {image.shape[0]}.")
        return _crop(image, top, left, *self.size)


class Rescale(ImageTensorOperation):
    """`mindspore.dataset.vision.Rescale(rescale, shift)`: ``image * rescale + shift`` as float32."""

    keeps_pil = False

    def __init__(self, rescale, shift):
        check_number(rescale, "rescale")
        check_number(shift, "shift")
        self.rescale, self.shift = float(rescale), float(shift)

    def apply(self, image):
        return (image.astype(np.float32) * np.float32(self.rescale) + np.float32(self.shift))


class Normalize(ImageTensorOperation):
    """`mindspore.dataset.vision.Normalize(mean, std, is_hwc=True)`: ``(image - mean) / std`` per
    channel, as float32."""

    keeps_pil = False

    def __init__(self, mean, std, is_hwc=True):
        for name, values in (("mean", mean), ("std", std)):
            for i, value in enumerate(values):
                check_number(value, f"{name}[{i}]")
                low_ok = value > 0 if name == "std" else value >= 0
                if not low_ok or value > 255:
                    bracket = "(0, 255]" if name == "std" else "[0, 255]"
                    raise ValueError(f"Input {name}[{i}] is not within the required interval of "
                                     f"{bracket}.")
        self.mean = np.asarray(mean, np.float32)
        self.std = np.asarray(std, np.float32)
        self.is_hwc = is_hwc

    def apply(self, image):
        channels = image.shape[-1] if self.is_hwc else image.shape[0]
        if image.ndim == 2:
            channels = 1
        if len(self.mean) not in (1, channels):
            raise TransformError(f"Normalize: number of channels does not match the size of mean "
                                 f"and std vectors, got channels: {channels}, size of mean: "
                                 f"{len(self.mean)}")
        shape = (-1,) if self.is_hwc or image.ndim == 2 else (-1, 1, 1)
        out = np.subtract(image, self.mean.reshape(shape), dtype=np.float32)
        out /= self.std.reshape(shape)
        return out


class NormalizePad(ImageTensorOperation):
    """`mindspore.dataset.vision.NormalizePad(mean, std, dtype="float32", is_hwc=True)`:
    ``Normalize`` then one more channel of zeros (last for HWC and <H,W> images, first axis for
    CHW), as `dtype` ("float32" or "float16").

    Difference from MindSpore 2.10: on HWC and <H,W> images MindSpore's CPU kernel writes the
    normalised values contiguously and the zeros after them, so its (H, W, C+1) result holds the
    pixels shifted across channels; msjax gives each pixel its C normalised values and a zero, as
    MindSpore documents (its CHW results agree; tests/dataset/test_normalize_pad.py).
    """

    keeps_pil = False

    def __init__(self, mean, std, dtype="float32", is_hwc=True):
        for name, values in (("mean", mean), ("std", std)):
            if not isinstance(values, (list, tuple)):
                raise TypeError(f"Argument {name} with value {values!r} is not of type "
                                f"[<class 'list'>, <class 'tuple'>], but got {type(values)}.")
        self.normalize = Normalize(mean, std, is_hwc)
        if len(mean) != len(std):
            raise ValueError("Length of mean and std must be equal.")
        if not isinstance(dtype, str):
            raise TypeError("dtype should be string.")
        if dtype not in ("float32", "float16"):
            raise ValueError("dtype only supports float32 or float16.")
        if not isinstance(is_hwc, bool):
            raise TypeError(f"Argument is_hwc with value {is_hwc!r} is not of type "
                            f"[<class 'bool'>], but got {type(is_hwc)}.")
        self.dtype = np.dtype(dtype)
        self.is_hwc = is_hwc

    def apply(self, image):
        if image.ndim not in (2, 3):
            raise TransformError(f"NormalizePad: input tensor is not in shape of <H,W> or <H,W,C>, "
                                 f"but got rank: {image.ndim}")
        if image.ndim == 2:
            image = image[..., None]
        channel_axis = -1 if self.is_hwc or image.shape[-1] == 1 else 0
        channels = image.shape[channel_axis]
        if len(self.normalize.mean) not in (1, channels):
            raise TransformError(f"NormalizePad: number of channels does not match the size of "
                                 f"mean and std vectors, got channels: {channels}, size of mean: "
                                 f"{len(self.normalize.mean)}")
        normalized = self.normalize.apply(image)
        pad_shape = list(normalized.shape)
        pad_shape[channel_axis] = 1
        return np.concatenate([normalized, np.zeros(pad_shape, np.float32)],
                              channel_axis).astype(self.dtype, copy=False)


class HWC2CHW(ImageTensorOperation):
    """`mindspore.dataset.vision.HWC2CHW()`: HWC to CHW (a 2-D image is returned as it is)."""

    keeps_pil = False

    def apply(self, image):
        if image.ndim not in (2, 3):
            raise TransformError(f"HWC2CHW: image shape should be <H,W> or <H,W,C>, but got rank: "
                                 f"{image.ndim}")
        return image.copy() if image.ndim == 2 else np.ascontiguousarray(image.transpose(2, 0, 1))


_FLIP_DTYPES = (np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.float16,
                np.float32, np.float64)
_OPENCV_UNSUPPORTED = (np.uint32, np.int64, np.uint64)


def _dtype_name(image) -> str:
    """A NumPy image's dtype as MindSpore's messages name it."""
    return "string" if image.dtype.kind in "USO" else str(image.dtype)


def _check_flip_image(image, name):
    """MindSpore's checks of the flips that take images of any rank from 2: <..., H, W, C>."""
    if image.ndim < 2:
        raise TransformError(f"{name}: the image tensor should have at least two dimensions. You "
                             f"may need to perform Decode first.")
    _check_image_dtype(image, name)


def _check_image_dtype(image, name):
    """MindSpore's check of the image dtypes its flips and Pad take."""
    if image.dtype.type not in _FLIP_DTYPES:
        raise TransformError(f"{name}: the data type of image tensor does not match the "
                             f"requirement of operator. Expecting tensor in type of (bool, int8, "
                             f"uint8, int16, uint16, int32, float16, float32, float64). But got type "
                             f"{_dtype_name(image)}.")


def _flip_width(image, name):
    """The image flipped left-right: axis 1 of <H, W>, axis -2 of <..., H, W, C>."""
    _check_flip_image(image, name)
    return np.flip(image, 1 if image.ndim == 2 else -2).copy()


def _flip_height(image, name):
    """The image flipped upside down: axis 0 of <H, W>, axis -3 of <..., H, W, C>."""
    _check_flip_image(image, name)
    return np.flip(image, 0 if image.ndim == 2 else -3).copy()


class HorizontalFlip(ImageTensorOperation):
    """`mindspore.dataset.vision.HorizontalFlip()`: left-right, of an image of any rank from 2
    (<H, W>, <H, W, C> or frames <..., H, W, C>)."""

    def apply(self, image):
        return _flip_width(image, "HorizontalFlip")


class VerticalFlip(ImageTensorOperation):
    """`mindspore.dataset.vision.VerticalFlip()`: upside down, of an image of any rank from 2
    (<H, W>, <H, W, C> or frames <..., H, W, C>)."""

    def apply(self, image):
        return _flip_height(image, "VerticalFlip")


class RandomHorizontalFlip(SameDrawForAllInputs):
    """`mindspore.dataset.vision.RandomHorizontalFlip(prob=0.5)`: HorizontalFlip with
    probability `prob` (images of any rank from 2)."""

    def __init__(self, prob=0.5):
        self.prob = check_probability(prob)

    def apply(self, image):
        _check_flip_image(image, "RandomHorizontalFlip")
        if random_ops.generator().random() < self.prob:
            return _flip_width(image, "RandomHorizontalFlip")
        return image


class RandomVerticalFlip(SameDrawForAllInputs):
    """`mindspore.dataset.vision.RandomVerticalFlip(prob=0.5)`: VerticalFlip with probability
    `prob`, of an <H, W> or <H, W, C> image only (MindSpore's OpenCV kernel)."""

    def __init__(self, prob=0.5):
        self.prob = check_probability(prob)

    def apply(self, image):
        if image.ndim not in (2, 3):
            hint = ". You may need to perform Decode first." if image.ndim < 2 else ""
            raise TransformError(f"RandomVerticalFlip: input tensor is not in shape of <H,W> or "
                                 f"<H,W,C>, but got rank: {image.ndim}{hint}")
        if image.dtype.kind in "USO" or image.dtype.type in _OPENCV_UNSUPPORTED:
            raise TransformError(f"RandomVerticalFlip: Cannot convert [{_dtype_name(image)}] to "
                                 f"OpenCV type. Currently unsupported data type: [uint32, int64, "
                                 f"uint64, string]")
        if random_ops.generator().random() < self.prob:
            return image[::-1].copy()
        return image


def _padding(padding):
    if isinstance(padding, int):
        return (padding,) * 4
    padding = tuple(padding)
    if len(padding) == 2:
        return (padding[0], padding[1], padding[0], padding[1])
    return padding


def pad_image(image, padding, fill_value=0, padding_mode=Border.CONSTANT):
    """`image` padded by (left, top, right, bottom) `padding`."""
    left, top, right, bottom = _padding(padding)
    mode = Border(padding_mode).value
    if mode == "constant" and not isinstance(fill_value, (tuple, list)):
        height, width = image.shape[:2]
        out = np.full((height + top + bottom, width + left + right) + image.shape[2:], fill_value,
                      image.dtype)
        out[top:top + height, left:left + width] = image
        return out
    pads = [(top, bottom), (left, right)] + [(0, 0)] * (image.ndim - 2)
    if mode != "constant":
        return np.pad(image, pads, mode=mode)
    if isinstance(fill_value, (tuple, list)) and image.ndim == 3:
        out = np.stack([np.pad(image[..., c], pads[:2], constant_values=fill_value[c])
                        for c in range(image.shape[2])], -1)
        return out.astype(image.dtype)
    return np.pad(image, pads, constant_values=fill_value)


class Pad(ImageTensorOperation):
    """`mindspore.dataset.vision.Pad(padding, fill_value=0, padding_mode=Border.CONSTANT)`:
    `padding` is one int, [left/right, top/bottom] or [left, top, right, bottom]."""

    def __init__(self, padding, fill_value=0, padding_mode=Border.CONSTANT):
        self.padding = _padding(padding)
        self.fill_value = fill_value
        self.padding_mode = Border(padding_mode)

    def apply(self, image):
        _check_image(image, "Pad")
        return pad_image(image, self.padding, self.fill_value, self.padding_mode)


class RandomCrop(SameDrawForAllInputs):
    """`mindspore.dataset.vision.RandomCrop(size, padding=None, pad_if_needed=False,
    fill_value=0, padding_mode=Border.CONSTANT)`."""

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0,
                 padding_mode=Border.CONSTANT):
        self.size = check_crop_size(size)
        self.padding = _padding(padding) if padding is not None else None
        self.pad_if_needed = pad_if_needed
        self.fill_value = fill_value
        self.padding_mode = Border(padding_mode)

    def implementation(self, *images):
        if len(images) == 1 and is_pil(images[0]):
            self._check_pil_size(images[0])
        return super().implementation(*images)

    def _check_pil_size(self, image):
        """MindSpore's Python kernel's refusal of a crop larger than the (padded) PIL image."""
        width, height = image.size
        if self.padding is not None:
            width += self.padding[0] + self.padding[2]
            height += self.padding[1] + self.padding[3]
        if self.pad_if_needed:
            height, width = max(height, self.size[0]), max(width, self.size[1])
        if self.size[0] > height or self.size[1] > width:
            raise ValueError(f"Crop size {self.size} is larger than input image size "
                             f"{(height, width)}.")

    def apply(self, image):
        if image.ndim < 2:
            raise TransformError(f"RandomCropOp: input tensor should have at least 2 dimensions, "
                                 f"but got: {image.ndim}")
        if image.ndim > 3:
            return self._apply_batch(image)
        if image.ndim == 3 and image.shape[2] not in (1, 3):
            raise TransformError(f"Pad: the channel of image tensor does not match the requirement "
                                 f"of operator. Expecting tensor in channel of (1, 3). But got "
                                 f"channel {image.shape[2]}.")
        if (self.padding is not None and not self.pad_if_needed
                and self.padding_mode is Border.CONSTANT
                and not isinstance(self.fill_value, (tuple, list))):
            return self._crop_constant_padded(image)
        if self.padding is not None:
            image = pad_image(image, self.padding, self.fill_value, self.padding_mode)
        height, width = self.size
        if self.pad_if_needed and (image.shape[0] < height or image.shape[1] < width):
            pad_h, pad_w = max(height - image.shape[0], 0), max(width - image.shape[1], 0)
            image = pad_image(image, (pad_w, pad_h, pad_w, pad_h), self.fill_value,
                              self.padding_mode)
        if image.shape[0] < height or image.shape[1] < width:
            raise TransformError(f"RandomCrop: invalid crop size, crop size is bigger than the "
                                 f"image dimensions, got crop height: {height}, crop width: "
                                 f"{width}")
        rng = random_ops.generator()
        top = int(rng.integers(0, image.shape[0] - height + 1))
        left = int(rng.integers(0, image.shape[1] - width + 1))
        return _crop(image, top, left, height, width)

    def _apply_batch(self, images):
        """Images stacked on leading axes (a video, a batch): each cropped on its own."""
        flat = images.reshape((-1,) + images.shape[-3:])
        crops = np.stack([self.apply(image) for image in flat])
        return crops.reshape(images.shape[:-3] + crops.shape[1:])

    def _crop_constant_padded(self, image):
        """The crop of the image padded with a constant, without building the padded image: the
        same draws and values as padding then cropping, one copy instead of two."""
        pad_left, pad_top, pad_right, pad_bottom = self.padding
        image_height, image_width = image.shape[:2]
        padded_height = image_height + pad_top + pad_bottom
        padded_width = image_width + pad_left + pad_right
        height, width = self.size
        if padded_height < height or padded_width < width:
            raise TransformError(f"RandomCrop: invalid crop size, crop size is bigger than the "
                                 f"image dimensions, got crop height: {height}, crop width: "
                                 f"{width}")
        rng = random_ops.generator()
        top = int(rng.integers(0, padded_height - height + 1)) - pad_top
        left = int(rng.integers(0, padded_width - width + 1)) - pad_left
        shape = (height, width) + image.shape[2:]
        out = (np.zeros(shape, image.dtype) if self.fill_value == 0
               else np.full(shape, self.fill_value, image.dtype))
        rows = slice(max(top, 0), min(top + height, image_height))
        columns = slice(max(left, 0), min(left + width, image_width))
        if rows.start < rows.stop and columns.start < columns.stop:
            out[rows.start - top:rows.stop - top, columns.start - left:columns.stop - left] = \
                image[rows, columns]
        return out


def _random_resized_box(shape, scale, ratio, max_attempts):
    height, width = shape[:2]
    area = height * width
    rng = random_ops.generator()
    log_ratio = (math.log(ratio[0]), math.log(ratio[1]))
    for _ in range(max_attempts):
        target_area = rng.uniform(*scale) * area
        aspect = math.exp(rng.uniform(*log_ratio))
        crop_w = int(round(math.sqrt(target_area * aspect)))
        crop_h = int(round(math.sqrt(target_area / aspect)))
        if 0 < crop_w <= width and 0 < crop_h <= height:
            return (int(rng.integers(0, height - crop_h + 1)),
                    int(rng.integers(0, width - crop_w + 1)), crop_h, crop_w)
    in_ratio = width / height
    if in_ratio < ratio[0]:
        crop_w, crop_h = width, int(round(width / ratio[0]))
    elif in_ratio > ratio[1]:
        crop_h, crop_w = height, int(round(height * ratio[1]))
    else:
        crop_w, crop_h = width, height
    return (height - crop_h) // 2, (width - crop_w) // 2, crop_h, crop_w


class RandomResizedCrop(SameDrawForAllInputs):
    """`mindspore.dataset.vision.RandomResizedCrop(size, scale=(0.08, 1.0), ratio=(3/4, 4/3),
    interpolation=Inter.BILINEAR, max_attempts=10)`."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4.0, 4.0 / 3.0),
                 interpolation=Inter.BILINEAR, max_attempts=10):
        if interpolation is not None:
            type_check(interpolation, (Inter,), "interpolation")
        self.size = check_random_resize_crop(size, scale, ratio, max_attempts)
        self.scale, self.ratio = tuple(scale), tuple(ratio)
        self.interpolation = Inter(interpolation)
        self.max_attempts = max_attempts

    def apply(self, image):
        _check_image(image, "RandomResizedCrop")
        box = _random_resized_box(image.shape, self.scale, self.ratio, self.max_attempts)
        return image_ops.resize(_crop(image, *box), *self.size, _RESIZE_METHOD[self.interpolation])


class RandomRotation(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomRotation(degrees, resample=Inter.NEAREST, expand=False,
    center=None, fill_value=0)`: rotation by an angle drawn from `degrees` (Pillow's rotate)."""

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0):
        if isinstance(degrees, numbers.Number):
            degrees = (-abs(degrees), abs(degrees))
        self.degrees = tuple(degrees)
        self.resample = Inter(resample)
        self.expand, self.center, self.fill_value = expand, center, fill_value

    def apply(self, image):
        from PIL import Image  # pylint: disable=import-outside-toplevel
        angle = random_ops.generator().uniform(*self.degrees) if self.degrees[0] != self.degrees[1] \
            else self.degrees[0]
        resample = {Inter.NEAREST: Image.Resampling.NEAREST,
                    Inter.BILINEAR: Image.Resampling.BILINEAR}.get(self.resample,
                                                                   Image.Resampling.BICUBIC)
        return image_ops.rotate(image, angle, resample, self.expand, self.center, self.fill_value)


def _factor_range(value, name, center=1.0):
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"Input {name} is not within the required interval of [0, 16777216].")
        return (max(center - value, 0.0), center + value) if center else (-value, value)
    return tuple(value)


class RandomColorAdjust(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomColorAdjust(brightness=(1, 1), contrast=(1, 1),
    saturation=(1, 1), hue=(0, 0))`: factors drawn from each range, applied in that order."""

    def __init__(self, brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)):
        self.brightness = _factor_range(brightness, "brightness")
        self.contrast = _factor_range(contrast, "contrast")
        self.saturation = _factor_range(saturation, "saturation")
        self.hue = _factor_range(hue, "hue", center=0.0)

    _ADJUSTS = ((image_ops.adjust_brightness, 1, "AdjustBrightness", None),
                (image_ops.adjust_contrast, 1, "AdjustContrast", ("uint8", "uint16", "float32")),
                (image_ops.adjust_saturation, 1, "AdjustSaturation",
                 ("uint8", "uint16", "float32")),
                (image_ops.adjust_hue, 0, "AdjustHue", ("uint8", "float32")))

    def implementation(self, *images):
        # MindSpore's C++ kernel checks a NumPy image; a PIL image goes to its Python kernel
        if len(images) == 1 and isinstance(images[0], np.ndarray):
            _check_rgb_hwc(images[0], "RandomColorAdjust")
            return self._adjust(images[0], check_dtypes=True)
        return super().implementation(*images)

    def apply(self, image):
        return self._adjust(image, check_dtypes=False)

    def _adjust(self, image, check_dtypes):
        rng = random_ops.generator()
        draw = lambda bounds: bounds[0] if bounds[0] == bounds[1] else rng.uniform(*bounds)
        for bounds, (adjust, identity, name, dtypes) in zip(
                (self.brightness, self.contrast, self.saturation, self.hue), self._ADJUSTS):
            factor = draw(bounds)
            if factor != identity:
                if check_dtypes and dtypes is not None and str(image.dtype) not in dtypes:
                    raise TransformError(f"{name}: the data type of image tensor does not match "
                                         f"the requirement of operator. Expecting tensor in type "
                                         f"of ({', '.join(dtypes)}). But got type "
                                         f"{_dtype_name(image)}.")
                image = adjust(image, factor)
        return image


def _check_rgb_hwc(image, name):
    """MindSpore's check of an <H, W, 3> image (its dimension, then its channels)."""
    if image.ndim != 3:
        raise TransformError(f"{name}: the dimension of image tensor does not match the "
                             f"requirement of operator. Expecting tensor in dimension of (3), in "
                             f"shape of <H, W, C>. But got dimension {image.ndim}.")
    if image.shape[2] != 3:
        raise TransformError(f"{name}: the channel of image tensor does not match the "
                             f"requirement of operator. Expecting tensor in channel of (3). But "
                             f"got channel {image.shape[2]}.")


class Invert(ImageTensorOperation):
    """`mindspore.dataset.vision.Invert()`: ``255 - image``."""

    def apply(self, image):
        return (255 - image.astype(np.int64)).astype(image.dtype)


class ConvertColor(ImageTensorOperation):
    """`mindspore.dataset.vision.ConvertColor(convert_mode)`."""

    def __init__(self, convert_mode):
        self.convert_mode = ConvertMode(convert_mode)

    def apply(self, image):
        if self.convert_mode == ConvertMode.COLOR_RGB2GRAY:
            return image_ops.gray(image)
        if self.convert_mode == ConvertMode.COLOR_BGR2GRAY:
            return image_ops.gray(image[..., ::-1])
        if self.convert_mode == ConvertMode.COLOR_GRAY2RGB:
            return np.repeat(image[..., None] if image.ndim == 2 else image, 3, -1)
        return image[..., ::-1].copy()


class Grayscale(ImageTensorOperation):
    """`mindspore.dataset.vision.Grayscale(num_output_channels=1)` (a PIL transform)."""

    def __init__(self, num_output_channels=1):
        self.num_output_channels = num_output_channels

    def apply(self, image):
        grey = image_ops.gray(image) if image.ndim == 3 else image
        return grey if self.num_output_channels == 1 else np.repeat(grey[..., None], 3, -1)


_TO_TENSOR_REFUSED = (np.dtype(np.uint32), np.dtype(np.int64), np.dtype(np.uint64))


def _to_tensor_output_type(output_type):
    """ToTensor's `output_type` as a NumPy dtype; MindSpore's TypeError for anything that is
    neither a MindSpore dtype nor a NumPy dtype."""
    try:
        if output_type is None:
            raise TypeError
        return numpy_dtype(output_type)
    except (TypeError, ValueError):
        raise TypeError(f"Argument output_type with value {output_type} is not of type "
                        f"[<class 'mindspore._c_expression.typing.Type'>, <class 'numpy.dtype'>], "
                        f"but got {type(output_type)}.") from None


class ToTensor(ImageTensorOperation):
    """`mindspore.dataset.vision.ToTensor(output_type=np.float32)`: HWC (or HW) uint8 to CHW
    scaled to [0, 1]: MindSpore's kernel multiplies by float32(1 / 255) in float32, then casts."""

    keeps_pil = False

    def __init__(self, output_type=np.float32):
        self.output_type = _to_tensor_output_type(output_type)

    def implementation(self, *images):
        if len(images) == 1 and is_pil(images[0]):
            return self.apply_pil(images[0])
        return super().implementation(*images)

    def apply_pil(self, image):
        """MindSpore's Python kernel for a PIL image: divided by 255 in float64, then cast."""
        array = np.asarray(image)
        array = array[..., None] if array.ndim == 2 else array
        return np.ascontiguousarray(array.transpose(2, 0, 1) / 255.0, self.output_type)

    def apply(self, image):
        if image.dtype.kind in "SUO" or image.dtype in _TO_TENSOR_REFUSED:
            raise TransformError("ToTensor: Input includes unsupported data type in [uint32, int64, "
                                 "uint64, string, bytes].")
        image = image[..., None] if image.ndim == 2 else image
        scaled = image.transpose(2, 0, 1).astype(np.float32) * np.float32(1 / 255)
        return np.ascontiguousarray(scaled, self.output_type)


class ToPIL(TensorOperation):
    """`mindspore.dataset.vision.ToPIL()`: a NumPy image (HW, HWC with at most 4 channels) as a
    PIL image; MindSpore's Python kernel's checks of the input's type, rank and dtype."""

    def __call__(self, image):
        return self.implementation(image)  # MindSpore checks the input as given: no conversion

    def implementation(self, image):
        if is_pil(image):
            return image
        if not isinstance(image, np.ndarray):
            raise TypeError(f"The input image should be of type numpy.ndarray or PIL.Image.Image. "
                            f"Got {type(image)}.")
        if image.ndim not in (2, 3):
            raise ValueError(f"The dimension of input image should be 2 or 3. Got {image.ndim}.")
        image = image[..., None] if image.ndim == 2 else image
        if image.shape[-1] > 4:
            raise ValueError(f"The channel of input image should not exceed 4. Got {image.shape[-1]}.")
        if image.shape[-1] == 1:
            if image.dtype not in _PIL_SINGLE_CHANNEL_DTYPES:
                raise TypeError(f"The input image type {image.dtype} is not supported when image "
                                f"shape is [H, W] or [H, W, 1].")
            image = image[:, :, 0]
        elif image.dtype != np.uint8:
            raise TypeError(f"The input image type {image.dtype} is not supported when image shape "
                            f"is [H, W, 2], [H, W, 3] or [H, W, 4].")
        from PIL import Image  # pylint: disable=import-outside-toplevel
        return Image.fromarray(image)


_PIL_SINGLE_CHANNEL_DTYPES = tuple(np.dtype(t) for t in (np.bool_, np.int8, np.int16, np.int32,
                                                          np.uint8, np.uint16, np.uint32,
                                                          np.float32, np.float64))


class Decode(TensorOperation):
    """`mindspore.dataset.vision.Decode(to_pil=False)`: image bytes (a 1-D uint8 array) to an
    RGB HWC uint8 array (or a PIL image), with Pillow."""

    def __init__(self, to_pil=False):
        self.to_pil = to_pil

    def implementation(self, data):
        from PIL import Image, UnidentifiedImageError  # pylint: disable=import-outside-toplevel
        raw = data.tobytes() if isinstance(data, np.ndarray) else bytes(data)
        try:
            with Image.open(io.BytesIO(raw)) as image:
                rgb = image.convert("RGB")
        except (UnidentifiedImageError, OSError, ValueError):
            raise TransformError("Decode: image decode failed.") from None
        return rgb if self.to_pil else np.asarray(rgb)


class RandomCropDecodeResize(TensorOperation):
    """`mindspore.dataset.vision.RandomCropDecodeResize(size, scale, ratio, interpolation,
    max_attempts)`: Decode, then RandomResizedCrop."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4.0, 4.0 / 3.0),
                 interpolation=Inter.BILINEAR, max_attempts=10):
        self.crop = RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)

    def implementation(self, data):
        return self.crop.implementation(Decode().implementation(data))


def _pil_image(image):
    from PIL import Image  # pylint: disable=import-outside-toplevel
    return Image.fromarray(image)


def _auto_contrast_channel(channel, cutoff, ignore):
    """MindSpore's C++ AutoContrast of one uint8 channel: the histogram without the `ignore`
    values, ``n * int(cutoff) // 100`` pixels cut from each end, then a float32 linear LUT
    (truncated) mapping the remaining range onto [0, 255]."""
    histogram = np.bincount(channel.reshape(-1), minlength=256).astype(np.int64)
    if ignore is not None:
        histogram[ignore if isinstance(ignore, (list, tuple)) else [ignore]] = 0
    total = int(histogram.sum())
    for ends in (range(256), range(255, -1, -1)):
        cut = total * int(cutoff) // 100
        for value in ends:
            if cut <= 0:
                break
            taken = min(cut, histogram[value])
            histogram[value] -= taken
            cut -= taken
    kept = np.flatnonzero(histogram)
    if len(kept) == 0 or kept[-1] <= kept[0]:
        return channel
    scale = np.float32(255.0) / np.float32(kept[-1] - kept[0])
    offset = np.float32(-kept[0]) * scale
    lut = (np.arange(256, dtype=np.float32) * scale + offset).astype(np.int32)
    return np.clip(lut, 0, 255).astype(np.uint8)[channel]


class AutoContrast(ImageTensorOperation):
    """`mindspore.dataset.vision.AutoContrast(cutoff=0.0, ignore=None)`: stretch each channel to
    the full range: a NumPy image by MindSpore's C++ kernel (`_auto_contrast_channel`), a PIL
    image by Pillow's ``ImageOps.autocontrast`` (MindSpore's Python kernel)."""

    def __init__(self, cutoff=0.0, ignore=None):
        type_check(cutoff, (int, float), "cutoff")
        if not 0 <= cutoff < 50:
            raise ValueError("Input cutoff is not within the required interval of [0, 50).")
        if ignore is not None:
            type_check(ignore, (list, tuple, int), "ignore")
            for value in ignore if isinstance(ignore, (list, tuple)) else [ignore]:
                check_interval(value, 0, 255, "ignore")
        self.cutoff = cutoff
        self.ignore = ignore

    def implementation(self, *images):
        if len(images) == 1 and is_pil(images[0]):
            from PIL import ImageOps  # pylint: disable=import-outside-toplevel
            return ImageOps.autocontrast(images[0], self.cutoff, self.ignore)
        return super().implementation(*images)

    def apply(self, image):
        if image.dtype != np.uint8:
            raise TransformError(f"AutoContrast: msjax reproduces MindSpore's kernel on uint8 "
                                 f"images, got {image.dtype}.")
        if image.ndim == 2:
            return _auto_contrast_channel(image, self.cutoff, self.ignore)
        return np.stack([_auto_contrast_channel(image[..., c], self.cutoff, self.ignore)
                         for c in range(image.shape[-1])], -1)


def _equalize_channel(channel):
    """OpenCV's ``equalizeHist`` of one uint8 channel (as MindSpore's C++ kernel)."""
    histogram = np.bincount(channel.reshape(-1), minlength=256)
    first = int(np.flatnonzero(histogram)[0])
    total = channel.size
    if histogram[first] == total:
        return np.full_like(channel, first)
    scale = np.float32(255.0 / (total - histogram[first]))
    lut = np.zeros(256, np.float32)
    lut[first + 1:] = np.cumsum(histogram[first + 1:]).astype(np.float32) * scale
    return np.clip(np.rint(lut), 0, 255).astype(np.uint8)[channel]


class Equalize(ImageTensorOperation):
    """`mindspore.dataset.vision.Equalize()`: histogram equalisation of each channel, as OpenCV's
    ``equalizeHist``."""

    def apply(self, image):
        if image.ndim == 2:
            return _equalize_channel(image)
        return np.stack([_equalize_channel(image[..., c]) for c in range(image.shape[-1])], -1)


def _check_range(values, name, low, high):
    values = (values, values) if isinstance(values, numbers.Number) else tuple(values)
    if len(values) != 2 or not low <= values[0] <= values[1] <= high:
        raise ValueError(f"Input {name} is not within the required interval of [{low}, {high}].")
    return values


def _check_degrees(degrees):
    """MindSpore's ``check_positive_degrees`` (RandomSharpness, RandomColor): a (min, max) list or
    tuple of numbers in [0, 16777216]."""
    if not isinstance(degrees, (list, tuple)):
        raise TypeError("degrees must be either a tuple or a list.")
    for index, value in enumerate(degrees):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"Argument degrees[{index}] with value {value} is not of type "
                            f"[<class 'int'>, <class 'float'>], but got {type(value)}.")
    if len(degrees) != 2:
        raise ValueError("degrees must be a sequence with length 2.")
    for value in degrees:
        if not 0 <= value <= 16777216:
            raise ValueError("Input is not within the required interval of [0, 16777216].")
    if degrees[0] > degrees[1]:
        raise ValueError("degrees should be in (min,max) format. Got (max,min).")
    return tuple(degrees)


def _check_bits(bits):
    """MindSpore's ``check_random_posterize``: an int in [1, 8] or a (min, max) pair of them."""
    if isinstance(bits, bool) or not isinstance(bits, (list, tuple, int)):
        raise TypeError(f"Argument bits with value {bits} is not of type [<class 'list'>, "
                        f"<class 'tuple'>, <class 'int'>], but got {type(bits)}.")
    if isinstance(bits, int):
        if not 1 <= bits <= 8:
            raise ValueError("Input is not within the required interval of [1, 8].")
        return (bits, bits)
    if len(bits) != 2:
        raise TypeError("Size of bits should be a single integer or a list/tuple (min, max) of "
                        "length 2.")
    for value in bits:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"Argument bits with value {value} is not of type [<class 'int'>], "
                            f"but got {type(value)}.")
        if not 0 <= value <= 255:
            raise ValueError("Input bits is not within the required interval of [0, 255].")
    if not 1 <= bits[0] <= bits[1] <= 8:
        raise ValueError("Input is not within the required interval of [1, 8].")
    return tuple(bits)


def _draw(bounds):
    return bounds[0] if bounds[0] == bounds[1] else random_ops.generator().uniform(*bounds)


class RandomSharpness(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomSharpness(degrees=(0.1, 1.9))` (Pillow's
    ``ImageEnhance.Sharpness`` with a factor drawn from `degrees`)."""

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _check_degrees(degrees)

    def apply(self, image):
        from PIL import ImageEnhance  # pylint: disable=import-outside-toplevel
        return np.asarray(ImageEnhance.Sharpness(_pil_image(image)).enhance(_draw(self.degrees)))


class RandomColor(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomColor(degrees=(0.1, 1.9))`: colour balance (Pillow's
    ``ImageEnhance.Color``) by a factor drawn from `degrees`."""

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _check_degrees(degrees)

    def apply(self, image):
        from PIL import ImageEnhance  # pylint: disable=import-outside-toplevel
        return np.asarray(ImageEnhance.Color(_pil_image(image)).enhance(_draw(self.degrees)))


class RandomPosterize(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomPosterize(bits=(8, 8))`: keep the top `bits` bits."""

    def __init__(self, bits=(8, 8)):
        self.bits = _check_bits(bits)

    def apply(self, image):
        bits = int(random_ops.generator().integers(self.bits[0], self.bits[1] + 1))
        return image & np.uint8((0xFF << (8 - bits)) & 0xFF)


class RandomSolarize(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomSolarize(threshold=(0, 255))`: invert the pixels at or
    above a threshold drawn from `threshold`."""

    def __init__(self, threshold=(0, 255)):
        self.threshold = _check_range(threshold, "threshold", 0, 255)

    def apply(self, image):
        low, high = self.threshold
        threshold = low if low == high else int(random_ops.generator().integers(low, high + 1))
        return np.where(image >= threshold, 255 - image, image).astype(image.dtype)


class RandomGrayscale(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomGrayscale(prob=0.1)`: with probability `prob`, the grey
    image repeated in three channels."""

    def __init__(self, prob=0.1):
        self.prob = check_probability(prob)

    def apply(self, image):
        if random_ops.generator().random() >= self.prob:
            return image
        return np.repeat(image_ops.gray(image)[..., None], 3, -1)


class CutOut(ImageTensorOperation):
    """`mindspore.dataset.vision.CutOut(length, num_patches=1, is_hwc=True)`: zero `num_patches`
    random `length` x `length` squares."""

    def __init__(self, length, num_patches=1, is_hwc=True):
        check_positive_int(length, "length")
        check_positive_int(num_patches, "num_patches")
        self.length, self.num_patches, self.is_hwc = length, num_patches, is_hwc

    def apply(self, image):
        out = image.copy()
        view = out if self.is_hwc or out.ndim == 2 else out.transpose(1, 2, 0)
        height, width = view.shape[:2]
        if self.length > height or self.length > width:
            raise TransformError(f"CutOut: box size is too large for image erase, got box height: "
                                 f"{self.length}box weight: {self.length}, and image height: "
                                 f"{height}, image width: {width}")
        rng = random_ops.generator()
        for _ in range(self.num_patches):
            top = int(rng.integers(0, max(height - self.length, 0) + 1))
            left = int(rng.integers(0, max(width - self.length, 0) + 1))
            view[top:top + self.length, left:left + self.length] = 0
        return out
