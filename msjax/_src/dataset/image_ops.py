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
    """RGB to grey as OpenCV's ``COLOR_RGB2GRAY``: uint8 in 15-bit fixed point
    (``(9798 R + 19235 G + 3735 B + 2**14) >> 15``), other dtypes 0.299 R + 0.587 G + 0.114 B."""
    if image.dtype == np.uint8:
        rgb = image.astype(np.int64)
        return ((rgb[..., 0] * 9798 + rgb[..., 1] * 19235 + rgb[..., 2] * 3735 + (1 << 14))
                >> 15).astype(np.uint8)
    values = image[..., 0] * 0.299 + image[..., 1] * 0.587 + image[..., 2] * 0.114
    return to_dtype_of(values, image)


def blend(image: np.ndarray, other, alpha: float) -> np.ndarray:
    """``alpha * image + (1 - alpha) * other``, rounded back to the image's dtype."""
    return to_dtype_of(image.astype(np.float64) * alpha + np.asarray(other, np.float64) * (1 - alpha),
                       image)


def add_weighted(first, alpha, second, beta, like):
    """``cv::addWeighted(first, alpha, second, beta, 0)`` on uint8 as OpenCV's SIMD kernel does it:
    ``fma(first, alpha, float32(second * beta))`` in float32, rounded half to even, saturated."""
    f32 = np.float32
    partial = (np.asarray(second, f32) * f32(beta)).astype(np.float64)
    values = (np.asarray(first, f32).astype(np.float64) * np.float64(f32(alpha)) + partial).astype(f32)
    return to_dtype_of(values, like)


def adjust_brightness(image, factor):
    return blend(image, 0.0, factor)


def adjust_contrast(image, factor):
    """MindSpore's AdjustContrast: the image blended with its mean grey level (rounded to uint8)
    as ``mean * (1 - factor) + image * factor`` (``cv::addWeighted``)."""
    if image.dtype == np.uint8:
        mean = np.rint(np.mean(gray(image)))
        return add_weighted(np.full(image.shape, mean, np.float32), 1 - factor, image, factor, image)
    mean = float(np.mean(gray(image))) if image.ndim == 3 else float(np.mean(image))
    return blend(image, np.round(mean), factor)


def adjust_saturation(image, factor):
    """MindSpore's AdjustSaturation: ``grey * (1 - factor) + image * factor``."""
    if image.dtype == np.uint8:
        return add_weighted(np.repeat(gray(image)[..., None], 3, -1), 1 - factor, image, factor,
                            image)
    return blend(image, gray(image)[..., None], factor)


_HSV_SHIFT = 12  # OpenCV's fixed-point bits of its uint8 RGB -> HSV conversion


def _division_table(numerator):
    """OpenCV's ``round(numerator / i)`` table for i in 0..255 (0 for i = 0)."""
    table = np.zeros(256, np.int64)
    table[1:] = np.rint(numerator / np.arange(1, 256, dtype=np.float64))
    return table


def rgb_to_hsv_full(image):
    """OpenCV's ``COLOR_RGB2HSV_FULL`` of a uint8 image (hue over 0..255), in its fixed point."""
    rgb = image.astype(np.int64)
    red, green, blue = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    value = rgb.max(-1)
    spread = value - rgb.min(-1)
    half = 1 << (_HSV_SHIFT - 1)
    saturation = (spread * _division_table(255 << _HSV_SHIFT)[value] + half) >> _HSV_SHIFT
    hue = np.where(value == red, green - blue,
                   np.where(value == green, blue - red + 2 * spread, red - green + 4 * spread))
    hue = (hue * _division_table((256 << _HSV_SHIFT) / 6.0)[spread] + half) >> _HSV_SHIFT
    hue = np.where(hue < 0, hue + 256, hue)
    return np.stack([np.clip(hue, 0, 255), saturation, value], -1).astype(np.uint8)


# OpenCV's HSV -> RGB sector table: which of (v, p, q, t) each sector writes to (b, g, r).
_HSV_SECTORS = np.array([[1, 3, 0], [1, 0, 2], [3, 0, 1], [0, 2, 1], [0, 1, 3], [2, 1, 0]])


def hsv_full_to_rgb(image):
    """OpenCV's ``COLOR_HSV2RGB_FULL`` of a uint8 image: in float32, the hue read over 0..255."""
    f32 = np.float32
    hue = image[..., 0].astype(f32) * f32(6 / 255)
    saturation = image[..., 1].astype(f32) * f32(1 / 255)
    value = image[..., 2].astype(f32) * f32(1 / 255)
    hue = np.where(hue >= 6, hue - f32(6), hue)
    sector = np.floor(hue).astype(np.int64)
    hue = (hue - sector).astype(f32)
    table = np.stack([value, value * (f32(1) - saturation), value * (f32(1) - saturation * hue),
                      value * (f32(1) - saturation * (f32(1) - hue))], -1)
    bgr = np.take_along_axis(table, _HSV_SECTORS[sector], -1)
    bgr = np.where((saturation == 0)[..., None], value[..., None], bgr)
    return np.clip(np.rint(bgr[..., ::-1] * f32(255)), 0, 255).astype(np.uint8)


def adjust_hue(image, factor):
    """MindSpore's AdjustHue: OpenCV's full-range HSV, the hue moved by ``int(factor * 255)``
    (wrapping), back to RGB."""
    if image.dtype != np.uint8:
        return hsv_full_to_rgb(_hue_shifted(rgb_to_hsv_full(to_dtype_of(image, np.zeros(0, np.uint8))),
                                            factor)).astype(image.dtype)
    return hsv_full_to_rgb(_hue_shifted(rgb_to_hsv_full(image), factor))


def _hue_shifted(hsv, factor):
    shifted = hsv.copy()
    shifted[..., 0] = (hsv[..., 0].astype(np.int64) + int(factor * 255)) % 256
    return shifted


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


_SMOOTH = np.array([[1, 1, 1], [1, 5, 1], [1, 1, 1]], np.float32) / np.float32(13)


def adjust_sharpness(image, factor):
    """MindSpore's sharpness kernel: the image smoothed by [[1, 1, 1], [1, 5, 1], [1, 1, 1]] / 13
    (border pixels left as they are), blended with the image as ``cv::addWeighted``
    (float32 ``factor * image + (1 - factor) * smoothed``)."""
    planes = image[..., None] if image.ndim == 2 else image
    values = planes.astype(np.float32)
    smoothed = values.copy()
    if planes.shape[0] > 2 and planes.shape[1] > 2:
        height, width = planes.shape[:2]
        inner = np.zeros((height - 2, width - 2, planes.shape[2]), np.float32)
        for dy in range(3):
            for dx in range(3):
                inner += _SMOOTH[dy, dx] * values[dy:dy + height - 2, dx:dx + width - 2]
        smoothed[1:-1, 1:-1] = to_dtype_of(inner, planes)
    alpha = np.float32(factor)
    blended = values * alpha + smoothed * (np.float32(1) - alpha)
    out = to_dtype_of(blended, planes)
    return out[..., 0] if image.ndim == 2 else out


def gamma_table(gamma, gain):
    """MindSpore's uint8 gamma lookup table: ``(255 + 1 - 1e-3) * gain * (i / 255) ** gamma``
    (a float table Pillow's ``point`` and MindSpore's kernel truncate)."""
    return [(255 + 1 - 1e-3) * gain * pow(value / 255.0, gamma) for value in range(256)]


def adjust_gamma(image, gamma, gain):
    """MindSpore's AdjustGamma: uint8 through `gamma_table` (truncated, saturated); floats as
    ``gain * image ** gamma``."""
    if image.dtype == np.uint8:
        table = np.clip(np.floor(np.asarray(gamma_table(gamma, gain))), 0, 255).astype(np.uint8)
        return table[image]
    return (np.power(image, gamma) * gain).astype(image.dtype)
