"""Image kernels on NumPy arrays (HWC or HW), matching MindSpore's OpenCV-based C++ kernels:
resizes with OpenCV's pixel-centre conventions (``INTER_NEAREST``, ``INTER_LINEAR``,
``INTER_CUBIC``, ``INTER_AREA``) and Pillow's for ``PILCUBIC``; uint8 results rounded half to even
and saturated as OpenCV's ``convertTo`` does.
"""
from __future__ import annotations

import numpy as np


def to_dtype_of(values: np.ndarray, like: np.ndarray, half_up: bool = False) -> np.ndarray:
    """Float results back to `like`'s dtype: integers rounded (half to even, or half up as
    OpenCV's integer box filters) and saturated."""
    if like.dtype.kind in "iub":
        info = np.iinfo(like.dtype) if like.dtype.kind != "b" else None
        values = np.floor(values + 0.5) if half_up else np.rint(values)
        if info is not None:
            values = np.clip(values, info.min, info.max)
        return values.astype(like.dtype)
    return values.astype(like.dtype)


def _linear_weights(out_size, in_size):
    scale = in_size / out_size
    position = (np.arange(out_size) + 0.5) * scale - 0.5
    left = np.floor(position).astype(np.int64)
    fraction = position - left
    weights = np.zeros((out_size, in_size))
    for offset, weight in ((0, 1 - fraction), (1, fraction)):
        index = np.clip(left + offset, 0, in_size - 1)
        np.add.at(weights, (np.arange(out_size), index), weight)
    return weights


def _cubic(x, a=-0.75):
    x = np.abs(x)
    return np.where(x <= 1, ((a + 2) * x - (a + 3)) * x * x + 1,
                    np.where(x < 2, ((a * x - 5 * a) * x + 8 * a) * x - 4 * a, 0.0))


def _cubic_weights(out_size, in_size):
    scale = in_size / out_size
    position = (np.arange(out_size) + 0.5) * scale - 0.5
    left = np.floor(position).astype(np.int64)
    fraction = position - left
    weights = np.zeros((out_size, in_size))
    for offset in (-1, 0, 1, 2):
        index = np.clip(left + offset, 0, in_size - 1)
        np.add.at(weights, (np.arange(out_size), index), _cubic(fraction - offset))
    return weights


def _nearest_weights(out_size, in_size):
    index = np.minimum(np.floor(np.arange(out_size) * (in_size / out_size)).astype(np.int64),
                       in_size - 1)
    weights = np.zeros((out_size, in_size))
    weights[np.arange(out_size), index] = 1
    return weights


def _area_weights(out_size, in_size):
    if out_size > in_size:
        return _linear_weights(out_size, in_size)
    scale = in_size / out_size
    weights = np.zeros((out_size, in_size))
    for i in range(out_size):
        start, stop = i * scale, (i + 1) * scale
        for j in range(int(np.floor(start)), min(int(np.ceil(stop)), in_size)):
            weights[i, j] = (min(stop, j + 1) - max(start, j)) / scale
    return weights


WEIGHTS = {"nearest": _nearest_weights, "linear": _linear_weights, "cubic": _cubic_weights,
           "area": _area_weights}


_COEF_BITS = 11  # OpenCV's INTER_RESIZE_COEF_BITS: uint8 bilinear weights are multiples of 1/2048


def _linear_taps(out_size, in_size, horizontal):
    """OpenCV's ``INTER_LINEAR`` taps: the float32 source position of each output pixel, its two
    neighbours (clamped to the image) and their float32 weights.
    Horizontally a position outside the image takes the edge pixel with weight one; vertically
    OpenCV keeps both weights and reads the edge row twice."""
    scale = 1.0 / (out_size / in_size)  # OpenCV keeps 1 / (dsize / ssize), not ssize / dsize
    position = ((np.arange(out_size) + 0.5) * scale - 0.5).astype(np.float32)
    left = np.floor(position).astype(np.int64)
    fraction = (position - left).astype(np.float32)
    if horizontal:
        fraction = np.where((left < 0) | (left + 1 >= in_size), np.float32(0), fraction)
    right = np.clip(left + 1, 0, in_size - 1)
    left = np.clip(left, 0, in_size - 1)
    return left, right, np.float32(1) - fraction, fraction


def _fixed_linear_taps(out_size, in_size, horizontal):
    """`_linear_taps` with the weights rounded to OpenCV's 11-bit integers (uint8 images)."""
    left, right, w0, w1 = _linear_taps(out_size, in_size, horizontal)
    one = np.float32(1 << _COEF_BITS)
    return left, right, np.rint(w0 * one).astype(np.int64), np.rint(w1 * one).astype(np.int64)


def _resize_linear_float32(image, height, width):
    """cv::resize(INTER_LINEAR) of a float32 image: the same taps, weights and sums in float32."""
    planes = image[..., None] if image.ndim == 2 else image
    x0, x1, a0, a1 = _linear_taps(width, planes.shape[1], True)
    y0, y1, b0, b1 = _linear_taps(height, planes.shape[0], False)
    rows = planes[:, x0] * a0[None, :, None] + planes[:, x1] * a1[None, :, None]
    out = rows[y0] * b0[:, None, None] + rows[y1] * b1[:, None, None]
    out = np.ascontiguousarray(out, np.float32)
    return out[..., 0] if image.ndim == 2 else out


def _resize_linear_uint8(image, height, width):
    """cv::resize(INTER_LINEAR) of a uint8 image, bit for bit: a horizontal pass in 11-bit fixed
    point, then the vertical pass as OpenCV's SIMD kernel computes it (each row sum shifted
    right by 4, multiplied by the 16-bit weight keeping the high half, ``(sum + 2) >> 2``), which
    MindSpore's build applies to whole rows (its tails included)."""
    planes = image[..., None] if image.ndim == 2 else image
    values = planes.astype(np.int64)
    x0, x1, a0, a1 = _fixed_linear_taps(width, values.shape[1], True)
    y0, y1, b0, b1 = _fixed_linear_taps(height, values.shape[0], False)
    rows = values[:, x0] * a0[None, :, None] + values[:, x1] * a1[None, :, None]
    rows = rows.reshape(rows.shape[0], -1)
    top, bottom = rows[y0], rows[y1]
    b0, b1 = b0[:, None], b1[:, None]
    out = ((((top >> 4) * b0) >> 16) + (((bottom >> 4) * b1) >> 16) + 2) >> 2
    out = np.clip(out, 0, 255).astype(np.uint8).reshape(height, width, planes.shape[-1])
    return out[..., 0] if image.ndim == 2 else out


def _is_half_size(image, height, width):
    """OpenCV turns an INTER_LINEAR resize to exactly half the size into INTER_AREA."""
    return image.shape[0] == 2 * height and image.shape[1] == 2 * width


def resize(image: np.ndarray, height: int, width: int, method: str) -> np.ndarray:
    """`image` (HW or HWC) resized to (height, width) by `method` (a key of WEIGHTS, or
    ``"pilcubic"`` for Pillow's antialiased bicubic)."""
    if method == "pilcubic":
        return _pillow_resize(image, height, width)
    if method == "linear" and _is_half_size(image, height, width):
        method = "area"
    elif method == "linear" and image.dtype == np.uint8:
        return _resize_linear_uint8(image, height, width)
    elif method == "linear" and image.dtype == np.float32:
        return _resize_linear_float32(image, height, width)
    rows = WEIGHTS[method](height, image.shape[0])
    columns = WEIGHTS[method](width, image.shape[1])
    # Two matrix products (BLAS through tensordot: ~10x faster than einsum's loops on a
    # 375x500 image), rows then columns.
    values = np.tensordot(rows, image.astype(np.float64), axes=([1], [0]))
    # C order, as MindSpore's tensors (md5 checks hash the buffer).
    values = np.ascontiguousarray(np.moveaxis(np.tensordot(values, columns, axes=([1], [1])), -1, 1))
    if method == "nearest":
        return values.astype(image.dtype)
    return to_dtype_of(values, image, half_up=method == "area")


def _pillow_resize(image, height, width):
    from PIL import Image  # pylint: disable=import-outside-toplevel
    channels = image[..., None] if image.ndim == 2 else image
    planes = [np.asarray(Image.fromarray(channels[..., c].astype(np.float32), mode="F").resize(
        (width, height), Image.Resampling.BICUBIC)) for c in range(channels.shape[-1])]
    values = np.stack(planes, -1)
    values = values[..., 0] if image.ndim == 2 else values
    return to_dtype_of(values, image)


def gray(image: np.ndarray) -> np.ndarray:
    """RGB to grey as OpenCV's ``COLOR_RGB2GRAY`` (0.299 R + 0.587 G + 0.114 B)."""
    values = image[..., 0] * 0.299 + image[..., 1] * 0.587 + image[..., 2] * 0.114
    return to_dtype_of(values, image)


def blend(image: np.ndarray, other, alpha: float) -> np.ndarray:
    """``alpha * image + (1 - alpha) * other``, rounded back to the image's dtype."""
    return to_dtype_of(image.astype(np.float64) * alpha + np.asarray(other, np.float64) * (1 - alpha),
                       image)


def adjust_brightness(image, factor):
    return blend(image, 0.0, factor)


def adjust_contrast(image, factor):
    mean = float(np.mean(gray(image))) if image.ndim == 3 else float(np.mean(image))
    return blend(image, np.round(mean), factor)


def adjust_saturation(image, factor):
    return blend(image, gray(image)[..., None], factor)


def adjust_hue(image, factor):
    from PIL import Image  # pylint: disable=import-outside-toplevel
    hsv = np.asarray(Image.fromarray(image.astype(np.uint8)).convert("HSV")).copy()
    hsv[..., 0] = (hsv[..., 0].astype(np.int64) + int(round(factor * 255))) % 256
    return np.asarray(Image.fromarray(hsv, mode="HSV").convert("RGB")).astype(image.dtype)


def rotate(image, degrees, resample, expand, center, fill_value):
    """`image` rotated counter-clockwise by `degrees` with Pillow."""
    from PIL import Image  # pylint: disable=import-outside-toplevel
    if degrees == 0 and not expand:
        return image.copy()
    fill = tuple(fill_value) if isinstance(fill_value, (tuple, list)) else fill_value
    planes = image[..., None] if image.ndim == 2 else image
    out = [np.asarray(Image.fromarray(planes[..., c]).rotate(
        degrees, resample=resample, expand=expand, center=center,
        fillcolor=fill if not isinstance(fill, tuple) else fill[c]))
        for c in range(planes.shape[-1])]
    out = np.stack(out, -1)
    return out[..., 0] if image.ndim == 2 else out
