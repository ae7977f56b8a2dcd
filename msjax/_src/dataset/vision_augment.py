"""`mindspore.dataset.vision` augmentations beyond the basic set: RandomAffine, RandomErasing,
RandomSelectSubpolicy.

RandomAffine builds MindSpore's affine matrix (rotation about the pixel centre ``((w-1)/2,
(h-1)/2)``, then scale, shears and translation) and samples the source as OpenCV's ``warpAffine``
does (nearest: source coordinates in 1/1024 fixed point, rounded half up), so with a fixed
parameter range it gives MindSpore's pixels (goldens). Random draws come from the pipeline's
generator (random_ops.py), not MindSpore's C++ generator.
"""
from __future__ import annotations

import enum
import math
import numbers

import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.transform_base import (TensorOperation, TransformError, check_number,
                                               check_positive_int, check_probability)
from msjax._src.dataset.vision import ImageTensorOperation, Inter, Resize, _check_image
from msjax._src.dataset.vision_checks import type_check

_MAX = 16777216
_AB_SCALE = 1024  # OpenCV warpAffine's fixed-point scale of source coordinates


def _range(value, name, symmetric_bound=None):
    """A number ``v`` as ``(-v, v)``, a sequence as a ``(min, max)`` tuple, checked."""
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        if value < 0:
            raise ValueError(f"Input {name} is not within the required interval of [0, {_MAX}].")
        return (-float(value), float(value))
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise TypeError(f"{name} should be a single number or a list/tuple of size 2.")
    for item in value:
        check_number(item, name)
    if value[0] > value[1]:
        raise ValueError(f"{name} should be in (min,max) format. Got (max,min).")
    if symmetric_bound is not None and not all(-symmetric_bound <= v <= symmetric_bound for v in value):
        raise ValueError(f"Input {name} is not within the required interval of "
                         f"[-{symmetric_bound}, {symmetric_bound}].")
    return (float(value[0]), float(value[1]))


def _draw(rng, bounds):
    return bounds[0] if bounds[0] == bounds[1] else float(rng.uniform(*bounds))


def affine_matrix(height, width, degrees, translate, scale, shear):
    """MindSpore's forward affine matrix (2x3): ``T * C * R(a) S(s) SHy SHx * C^-1``."""
    angle = math.radians(degrees)
    shear_x, shear_y = math.radians(shear[0]), math.radians(-shear[1])
    a = scale * math.cos(angle + shear_y) / math.cos(shear_y)
    b = scale * (-math.cos(angle + shear_y) * math.tan(shear_x) / math.cos(shear_y) - math.sin(angle))
    c = scale * math.sin(angle + shear_y) / math.cos(shear_y)
    d = scale * (-math.sin(angle + shear_y) * math.tan(shear_x) / math.cos(shear_y) + math.cos(angle))
    center_x, center_y = (width - 1) / 2.0, (height - 1) / 2.0
    matrix = np.array([[a, b, 0.0], [c, d, 0.0]], np.float32).astype(np.float64)
    matrix[0, 2] = (1 - matrix[0, 0]) * center_x - matrix[0, 1] * center_y + translate[0]
    matrix[1, 2] = (1 - matrix[1, 1]) * center_y - matrix[1, 0] * center_x + translate[1]
    return matrix.astype(np.float32).astype(np.float64)


def _linear_weights(frac):
    return (1 - frac, frac)


def _cubic_weights(frac):
    """OpenCV's bicubic weights (A = -0.75) for taps at -1, 0, 1, 2."""
    a = -0.75
    x = np.stack([1 + frac, frac, 1 - frac, 2 - frac])
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    far = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    return tuple(np.where(x <= 1, near, far))


def warp_affine(image, matrix, nearest, fill_value, cubic=False):
    """`image` warped by the forward 2x3 `matrix` (OpenCV's warpAffine, constant border)."""
    inverse = np.linalg.inv(np.vstack([matrix, [0.0, 0.0, 1.0]]))[:2]
    height, width = image.shape[:2]
    ys, xs = np.arange(height, dtype=np.float64), np.arange(width, dtype=np.float64)
    planes = image[..., None] if image.ndim == 2 else image
    fill = np.broadcast_to(np.asarray(fill_value, np.float64)[:planes.shape[-1]]
                           if np.ndim(fill_value) else np.float64(fill_value), (planes.shape[-1],))
    # OpenCV's fixed point: X = round(M00*x*1024) + round((M01*y + M02)*1024), then NEAREST
    # rounds half up to a pixel and the interpolating modes to 1/32 of a pixel.
    col_x = np.rint(inverse[0, 0] * xs * _AB_SCALE).astype(np.int64)
    col_y = np.rint(inverse[1, 0] * xs * _AB_SCALE).astype(np.int64)
    row_x = np.rint((inverse[0, 1] * ys + inverse[0, 2]) * _AB_SCALE).astype(np.int64)
    row_y = np.rint((inverse[1, 1] * ys + inverse[1, 2]) * _AB_SCALE).astype(np.int64)
    fixed_x, fixed_y = row_x[:, None] + col_x[None, :], row_y[:, None] + col_y[None, :]
    if nearest:
        src_x = (fixed_x + _AB_SCALE // 2) >> 10
        src_y = (fixed_y + _AB_SCALE // 2) >> 10
        inside = (src_x >= 0) & (src_x < width) & (src_y >= 0) & (src_y < height)
        gathered = planes[src_y.clip(0, height - 1), src_x.clip(0, width - 1)].astype(np.float64)
        out = np.where(inside[..., None], gathered, fill)
    else:
        grid_x = ((fixed_x + _AB_SCALE // 64) >> 5) / 32.0
        grid_y = ((fixed_y + _AB_SCALE // 64) >> 5) / 32.0
        x0, y0 = np.floor(grid_x).astype(np.int64), np.floor(grid_y).astype(np.int64)
        fx, fy = grid_x - x0, grid_y - y0
        reach = 2 if cubic else 1
        padded = np.pad(planes.astype(np.float64), ((reach, reach), (reach, reach), (0, 0)))
        border = np.ones((height + 2 * reach, width + 2 * reach), bool)
        border[reach:-reach, reach:-reach] = False
        padded[border] = fill
        offsets = range(-1, 3) if cubic else range(0, 2)
        weights = _cubic_weights if cubic else _linear_weights
        out = 0.0
        for i, weight_y in zip(offsets, weights(fy)):
            for j, weight_x in zip(offsets, weights(fx)):
                tap = padded[(y0 + i + reach).clip(0, height + 2 * reach - 1),
                             (x0 + j + reach).clip(0, width + 2 * reach - 1)]
                out = out + tap * (weight_y * weight_x)[..., None]
    return _as_image(out, image)


def _as_image(planes, image):
    """Float `planes` (H, W, C) back to `image`'s dtype (integers rounded half to even and
    saturated) and rank (a 2-D image loses the channel axis it was given)."""
    if np.issubdtype(image.dtype, np.integer):
        info = np.iinfo(image.dtype)
        planes = np.rint(planes).clip(info.min, info.max)
    planes = planes.astype(image.dtype)
    return planes[..., 0] if image.ndim == 2 else planes


class RandomAffine(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomAffine(degrees, translate=None, scale=None, shear=None,
    resample=Inter.NEAREST, fill_value=0)`: a random affine transform about the image centre.

    `translate` is ``(tx_min, tx_max[, ty_min, ty_max])`` as fractions of width/height; `shear` a
    number (x shear in ``(-s, s)``), ``(min, max)`` (x only) or ``(x_min, x_max, y_min, y_max)``.
    Sampling follows OpenCV's warpAffine: NEAREST exactly, BILINEAR and BICUBIC on its 1/32-pixel
    grid with float weights (within a grey level of OpenCV's fixed-point ones); other modes
    sample bilinearly, as warpAffine does for them.
    """

    def __init__(self, degrees, translate=None, scale=None, shear=None, resample=Inter.NEAREST,
                 fill_value=0):
        self.degrees = _range(degrees, "degrees", 180) if not isinstance(degrees, numbers.Number) \
            else _range(degrees, "degrees")
        translate = (0.0, 0.0, 0.0, 0.0) if translate is None else tuple(translate)
        if len(translate) == 2:
            translate = translate + (0.0, 0.0)
        if len(translate) != 4 or not all(-1 <= t <= 1 for t in translate):
            raise ValueError(f"translate should be a list or tuple of length 2 or 4 with values in "
                             f"[-1.0, 1.0], but got {translate}.")
        self.translate = tuple(float(t) for t in translate)
        self.scale = (1.0, 1.0) if scale is None else tuple(float(s) for s in scale)
        if len(self.scale) != 2 or self.scale[0] < 0 or self.scale[0] > self.scale[1]:
            raise ValueError(f"scale should be (min, max) with 0 <= min <= max, but got {scale}.")
        if shear is None:
            shear = (0.0, 0.0, 0.0, 0.0)
        elif isinstance(shear, numbers.Number):
            shear = _range(shear, "shear") + (0.0, 0.0)
        elif len(shear) == 2:
            shear = tuple(shear) + (0.0, 0.0)
        self.shear = tuple(float(s) for s in shear)
        self.resample = Inter(resample)
        if isinstance(fill_value, int) and not isinstance(fill_value, bool):
            check_positive_int(fill_value, "fill_value", 255, 0)
            fill_value = (fill_value,) * 3
        self.fill_value = tuple(fill_value)

    def apply(self, image):
        _check_image(image, "RandomAffine")
        rng = random_ops.generator()
        height, width = image.shape[:2]
        degrees = _draw(rng, self.degrees)
        translate = (_draw(rng, self.translate[:2]) * width, _draw(rng, self.translate[2:]) * height)
        scale = _draw(rng, self.scale)
        shear = (_draw(rng, self.shear[:2]), _draw(rng, self.shear[2:]))
        matrix = affine_matrix(height, width, degrees, translate, scale, shear)
        return warp_affine(image, matrix, self.resample == Inter.NEAREST, self.fill_value,
                           cubic=self.resample == Inter.BICUBIC)


class RandomErasing(TensorOperation):
    """`mindspore.dataset.vision.RandomErasing(prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3),
    value=0, inplace=False, max_attempts=10)`: erase one random rectangle of a CHW array.

    `value` is a number, an ``(R, G, B)`` triple, or ``'random'`` (standard normal draws). When no
    rectangle fits in `max_attempts` tries the image is returned unchanged, as in MindSpore.
    """

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False,
                 max_attempts=10):
        self.prob = check_probability(prob)
        self.scale, self.ratio = tuple(scale), tuple(ratio)
        if self.scale[0] > self.scale[1] or self.ratio[0] > self.ratio[1]:
            raise ValueError("scale and ratio should be in (min,max) format. Got (max,min).")
        if not (value == "random" or isinstance(value, (numbers.Number, tuple, list))):
            raise TypeError(f"value should be a number, a sequence of 3 numbers or 'random', "
                            f"but got {value!r}.")
        self.value, self.inplace = value, inplace
        check_positive_int(max_attempts, "max_attempts")
        self.max_attempts = max_attempts

    def _box(self, rng, channels, height, width):
        area = height * width
        for _ in range(self.max_attempts):
            erase_area = rng.uniform(*self.scale) * area
            aspect = math.exp(rng.uniform(math.log(self.ratio[0]), math.log(self.ratio[1])))
            box_h = int(round(math.sqrt(erase_area * aspect)))
            box_w = int(round(math.sqrt(erase_area / aspect)))
            if box_h < height and box_w < width:
                if self.value == "random":
                    fill = rng.standard_normal((channels, box_h, box_w))
                else:
                    fill = np.asarray(self.value, np.float64).reshape(-1, 1, 1)
                return (int(rng.integers(0, height - box_h + 1)),
                        int(rng.integers(0, width - box_w + 1)), box_h, box_w, fill)
        return None

    def implementation(self, image):
        if image.ndim != 3:
            raise TransformError(f"RandomErasing: input should be a CHW image, but got shape "
                                 f"{image.shape}.")
        rng = random_ops.generator()
        if rng.random() >= self.prob:
            return image
        box = self._box(rng, *image.shape)
        if box is None:
            return image
        top, left, box_h, box_w, fill = box
        out = image if self.inplace else image.copy()
        out[:, top:top + box_h, left:left + box_w] = fill
        return out


class RandomSelectSubpolicy(TensorOperation):
    """`mindspore.dataset.vision.RandomSelectSubpolicy(policy)`: one sub-policy chosen uniformly,
    each of its ``(operation, prob)`` pairs applied in order with probability `prob`."""

    def __init__(self, policy):
        if not isinstance(policy, list) or not policy:
            raise TypeError(f"policy should be a non-empty list of sub-policies, but got {policy!r}.")
        for sub_policy in policy:
            if not isinstance(sub_policy, list) or not sub_policy:
                raise TypeError(f"each sub-policy should be a non-empty list of (operation, prob) "
                                f"tuples, but got {sub_policy!r}.")
            for operation, prob in sub_policy:
                if not callable(operation):
                    raise TypeError(f"operation {operation!r} in policy is not callable.")
                check_probability(prob)
        self.policy = policy

    def implementation(self, *columns):
        rng = random_ops.generator()
        sub_policy = self.policy[int(rng.integers(0, len(self.policy)))]
        for operation, prob in sub_policy:
            if prob >= 1 or rng.random() < prob:
                result = operation(*columns)
                columns = tuple(result) if isinstance(result, tuple) else (result,)
        return columns[0] if len(columns) == 1 else columns


class SliceMode(enum.IntEnum):
    """`mindspore.dataset.vision.SliceMode`: pad the last patches up to full size, or drop the rest."""
    PAD = 0
    DROP = 1


class SlicePatches(TensorOperation):
    """`mindspore.dataset.vision.SlicePatches(num_height=1, num_width=1, slice_mode=SliceMode.PAD,
    fill_value=0)`: an HW[C] image cut into ``num_height * num_width`` patches, row by row (one
    output column each); PAD pads the bottom/right with `fill_value`, DROP drops the remainder."""

    def __init__(self, num_height=1, num_width=1, slice_mode=SliceMode.PAD, fill_value=0):
        check_positive_int(num_height, "num_height")
        check_positive_int(num_width, "num_width")
        if not isinstance(slice_mode, SliceMode):
            raise TypeError(f"Argument slice_mode with value {slice_mode} is not of type "
                            f"[{SliceMode!r}], but got {type(slice_mode)}.")
        check_positive_int(fill_value, "fill_value", 255, 0)
        self.num_height, self.num_width = num_height, num_width
        self.slice_mode, self.fill_value = slice_mode, fill_value

    def implementation(self, image):
        if image.ndim not in (2, 3):
            raise TransformError(f"SlicePatches: input tensor is not in shape of <H,W> or <H,W,C>, "
                                 f"but got rank: {image.ndim}")
        if self.num_height == 1 and self.num_width == 1:
            return image
        height, width = image.shape[:2]
        for count, size, axis in ((self.num_height, height, "height"), (self.num_width, width, "width")):
            if count > size:
                raise TransformError(f"SlicePatches: The number of patches on {axis} axis equals 0 "
                                     f"or is greater than {axis}, got number of patches:{count}")
        pad = self.slice_mode == SliceMode.PAD
        patch_h = -(-height // self.num_height) if pad else height // self.num_height
        patch_w = -(-width // self.num_width) if pad else width // self.num_width
        if pad:
            padded = np.full((patch_h * self.num_height, patch_w * self.num_width) + image.shape[2:],
                             self.fill_value, image.dtype)
            padded[:height, :width] = image
            image = padded
        return tuple(image[row * patch_h:(row + 1) * patch_h, col * patch_w:(col + 1) * patch_w].copy()
                     for row in range(self.num_height) for col in range(self.num_width))


def _gaussian_kernel(size, sigma):
    """OpenCV's getGaussianKernel for an explicit positive sigma."""
    offsets = np.arange(size, dtype=np.float64) - (size - 1) / 2.0
    kernel = np.exp(-(offsets ** 2) / (2.0 * sigma * sigma))
    return kernel / kernel.sum()


class GaussianBlur(ImageTensorOperation):
    """`mindspore.dataset.vision.GaussianBlur(kernel_size, sigma=None)`: a separable Gaussian
    blur (OpenCV's, reflect-101 border). A missing sigma is ``0.3 * ((k - 1) * 0.5 - 1) + 0.8``
    per axis. uint8 results may differ from OpenCV's fixed-point ones by one grey level."""

    def __init__(self, kernel_size, sigma=None):
        sizes = (kernel_size, kernel_size) if isinstance(kernel_size, int) else tuple(kernel_size)
        for size in sizes:
            check_positive_int(size, "kernel_size")
            if size % 2 == 0:
                raise ValueError("Input kernel_size is not an odd value.")
        if sigma is None:
            sigmas = tuple(0.3 * ((k - 1) * 0.5 - 1) + 0.8 for k in sizes)
        elif isinstance(sigma, numbers.Number):
            sigmas = (float(sigma), float(sigma))
        else:
            sigmas = tuple(float(s) for s in sigma)
        self.kernel_size, self.sigma = sizes, sigmas

    def apply(self, image):
        _check_image(image, "GaussianBlur")
        planes = image[..., None] if image.ndim == 2 else image
        out = planes.astype(np.float64)
        for axis, (size, sigma) in zip((1, 0), zip(self.kernel_size, self.sigma)):
            kernel, half = _gaussian_kernel(size, sigma), size // 2
            pad = [(0, 0)] * out.ndim
            pad[axis] = (half, half)
            padded = np.pad(out, pad, mode="reflect") if out.shape[axis] > 1 else np.pad(out, pad, "edge")
            out = sum(weight * np.take(padded, np.arange(i, i + out.shape[axis]), axis=axis)
                      for i, weight in enumerate(kernel))
        return _as_image(out, image)


class RandomResize(ImageTensorOperation):
    """`mindspore.dataset.vision.RandomResize(size)`: Resize with an interpolation drawn at random
    from NEAREST, BILINEAR, BICUBIC and AREA (as MindSpore's RandomResize)."""

    _CHOICES = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC, Inter.AREA)

    def __init__(self, size):
        self._resizes = [Resize(size, interpolation) for interpolation in self._CHOICES]
        self.size = size

    def apply(self, image):
        choice = int(random_ops.generator().integers(0, len(self._resizes)))
        return self._resizes[choice].apply(image)


class UniformAugment(TensorOperation):
    """`mindspore.dataset.vision.UniformAugment(transforms, num_ops=2)`: `num_ops` of
    `transforms` drawn without replacement (kept in their list order, as ``std::sample``), each
    then applied with probability 1/2, as MindSpore's UniformAugOp. A failure is reported as
    UniformAugment's."""

    def __init__(self, transforms, num_ops=2):
        type_check(num_ops, (int,), "num_ops")
        if num_ops <= 0:
            raise ValueError("Input num_ops must be greater than 0.")
        if num_ops > len(transforms):
            raise ValueError("num_ops is greater than transforms list size.")
        for index, transform in enumerate(transforms):
            if not callable(transform):
                raise TypeError(f"transforms[{index}] is neither a transforms op "
                                f"(TensorOperation) nor a callable pyfunc.")
        self.transforms = list(transforms)
        self.num_ops = num_ops

    def implementation(self, *columns):
        rng = random_ops.generator()
        chosen = np.sort(rng.choice(len(self.transforms), self.num_ops, replace=False))
        for index in chosen:
            if rng.integers(0, 2):
                continue
            result = self.transforms[index](*columns)
            columns = result if isinstance(result, tuple) else (result,)
        return columns if len(columns) > 1 else columns[0]
