"""MindSpore 2.10's image and pooling Primitives without a functional form of the same inputs:
RGBToHSV, HSVToRGB, AdjustHue, AdjustSaturation (TensorFlow's colour-space kernels), ResizeArea,
ResizeBicubic and ScaleAndTranslate (TensorFlow's resampling rules), AdaptiveMaxPool2D,
AdaptiveAvgPool3D, AdaptiveMaxPool3D, UpsampleNearest3D, UpsampleTrilinear3D, MaxPool3DWithArgmax
and Col2Im (thin classes over msjax's pooling, interpolation and fold; and ops.col2im),
AffineGrid, ExtractGlimpse.

Each is built by `primitive` over a jax-level function with MindSpore's constructor checks, dtype
rules (dtype_rules.RULES) and shape errors (tests/goldens/scripts/miss17_image_primitives_probe.py
records MindSpore's behaviour).
"""
from __future__ import annotations

import inspect
import math

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import checkparam as check
from msjax._src.core import dtype as mstype
from msjax._src.ops import image_ops, pooling_ops, random_ops
from msjax._src.ops.adapters import concrete_array
from msjax._src.ops.nn_ops import max_pool_argmax_nd
from msjax._src.ops.registry import functional, op, primitive

REQUIRED = inspect.Parameter.empty  # a constructor argument without a default


def _prim(name: str) -> str:
    return f"For primitive[{name}],"


# -- colour space (TensorFlow's kernels) --------------------------------------------------------
def _rgb_to_hsv(rgb):
    """Hue in [0, 1) (0 for a grey), saturation and value of the last axis' (r, g, b)."""
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    value = jnp.max(rgb, axis=-1)
    delta = value - jnp.min(rgb, axis=-1)
    saturation = jnp.where(value > 0, delta / jnp.where(value > 0, value, 1), 0)
    safe = jnp.where(delta > 0, delta, 1)
    hue = jnp.where(value == r, (g - b) / safe,
                    jnp.where(value == g, 2 + (b - r) / safe, 4 + (r - g) / safe)) / 6
    hue = jnp.where(delta > 0, hue, 0)
    hue = jnp.where(hue < 0, hue + 1, hue)
    return jnp.stack([hue, saturation, value], axis=-1).astype(rgb.dtype)


def _hsv_to_rgb(hsv):
    """(r, g, b) of the last axis' (hue, saturation, value): the hue's sextant picks the
    order of chroma, its second component and 0 (a hue of 1 is the sextant of 0)."""
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    chroma = s * v
    low = v - chroma
    sextant = h * 6
    second = chroma * (1 - jnp.abs(jnp.mod(sextant, 2) - 1))
    zero = jnp.zeros_like(chroma)
    order = jnp.mod(jnp.floor(sextant), 6).astype(np.int32)
    choices = [(chroma, second, zero), (second, chroma, zero), (zero, chroma, second),
               (zero, second, chroma), (second, zero, chroma), (chroma, zero, second)]
    channels = [jnp.select([order == k for k in range(6)], [c[i] for c in choices])
                for i in range(3)]
    return (jnp.stack(channels, axis=-1) + low[..., None]).astype(hsv.dtype)


def _rgb_images(images):
    if images.ndim == 0:
        raise RuntimeError("For 'RGBToHSV', the shape of input can not be empty.")
    if images.shape[-1] != 3:
        raise ValueError(f"{_prim('RGBToHSV')} the last dimension of input 'images' must be "
                         f"equal to 3, but got {images.shape[-1]}.")
    return _rgb_to_hsv(images)


RGBToHSV = primitive("RGBToHSV", functional(_rgb_images))


def _hsv_images(x):
    if x.ndim != 4:
        raise ValueError(f"{_prim('HSVToRGB')} the the dimension of [x] must be equal to 4, but "
                         f"got {x.ndim}.")
    if x.shape[-1] != 3:
        raise ValueError(f"{_prim('HSVToRGB')} the the last dimension of the shape of [x] must be "
                         f"equal to 3, but got {x.shape[-1]}.")
    return _hsv_to_rgb(x)


HSVToRGB = primitive("HSVToRGB", functional(_hsv_images))


def _check_adjustable(name, image, factor, factor_name):
    if factor.ndim != 0:
        raise ValueError(f"{_prim(name)} the dimension of {factor_name} must be equal to 0, but "
                         f"got {factor.ndim}.")
    if image.ndim < 3:
        raise ValueError(f"{_prim(name)} the dimension of image must be greater than or equal to "
                         f"3, but got {image.ndim}.")
    if image.shape[-1] != 3:
        raise ValueError(f"{_prim(name)} the last dimension of image must be equal to 3, but got "
                         f"{image.shape[-1]}.")


def _adjust_hue(image, delta):
    """The RGB `image` with `delta` added to its hue (modulo 1)."""
    _check_adjustable("AdjustHue", image, delta, "delta")
    hsv = _rgb_to_hsv(image.astype(np.float32))
    hue = jnp.mod(hsv[..., 0] + delta, 1.0)
    return _hsv_to_rgb(hsv.at[..., 0].set(hue)).astype(image.dtype)


AdjustHue = primitive("AdjustHue", functional(_adjust_hue))


def _adjust_saturation(image, scale):
    """The RGB `image` with its saturation multiplied by `scale` (clipped to [0, 1])."""
    _check_adjustable("AdjustSaturation", image, scale, "AdjustSaturation input scale")
    hsv = _rgb_to_hsv(image.astype(np.float32))
    saturation = jnp.clip(hsv[..., 1] * scale, 0.0, 1.0)
    return _hsv_to_rgb(hsv.at[..., 1].set(saturation)).astype(image.dtype)


AdjustSaturation = primitive("AdjustSaturation", functional(_adjust_saturation))


# -- resampling (TensorFlow's rules, as weight matrices per axis) -------------------------------
def _scale(in_size, out_size, align_corners):
    if align_corners and out_size > 1:
        return (in_size - 1) / (out_size - 1)
    return in_size / out_size


def _area_weights(in_size, out_size, align_corners):
    """(out, in) weights of TensorFlow's area resize: each output cell averages the input
    cells its span [y·scale, (y+1)·scale) covers, by the length covered (indices past the
    edge read the last cell)."""
    scale = _scale(in_size, out_size, align_corners)
    weights = np.zeros((out_size, in_size), np.float64)
    for y in range(out_size):
        start, end = y * scale, (y + 1) * scale
        for i in range(int(math.floor(start)), int(math.ceil(end))):
            covered = min(i + 1, end) - max(i, start)
            weights[y, min(i, in_size - 1)] += covered / scale
    return weights


def _size_pair(name, size):
    values = [int(v) for v in concrete_array(size).reshape(-1)]
    if len(values) != 2:
        raise ValueError(f"{_prim(name)} the input1 num must be equal to 2, but got "
                         f"{len(values)}.")
    return values


def _resize_area(images, size, align_corners):
    """`images` (N, H, W, C) averaged onto a `size` grid, as Float32."""
    if images.ndim != 4:
        raise ValueError(f"{_prim('ResizeArea')} the images dimension must be equal to 4, but "
                         f"got {images.ndim}.")
    height, width = _size_pair("ResizeArea", size)
    if height <= 0 or width <= 0:
        raise ValueError("For 'ResizeArea', 'size' should only contain positive number.")
    rows = _area_weights(images.shape[1], height, align_corners).astype(np.float32)
    cols = _area_weights(images.shape[2], width, align_corners).astype(np.float32)
    return jnp.einsum("yh,nhwc,xw->nyxc", rows, images.astype(np.float32), cols)


ResizeArea = primitive("ResizeArea", functional(_resize_area), align_corners=False)


_TABLE_SIZE = 1024


def _cubic_table(a):
    """TensorFlow's table of Keys' cubic: entry i holds the weights at distance i/1024 and
    1 + i/1024."""
    x = np.arange(_TABLE_SIZE + 1, dtype=np.float32) / _TABLE_SIZE
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    far = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a
    return near.astype(np.float32), far.astype(np.float32)


def _bicubic_weights(in_size, out_size, align_corners, half_pixel_centers):
    """(out, in) weights of TensorFlow's bicubic resize: Keys' cubic read from a table of 1024
    steps (a = -0.75; -0.5 with half-pixel centres, whose taps outside the image are dropped and
    the rest renormalised), the legacy taps clamped to the edge."""
    scale = np.float32(_scale(in_size, out_size, align_corners))
    near, far = _cubic_table(-0.5 if half_pixel_centers else -0.75)
    weights = np.zeros((out_size, in_size), np.float64)
    for y in range(out_size):
        source = ((np.float32(y) + np.float32(0.5)) * scale - np.float32(0.5)
                  if half_pixel_centers else np.float32(y) * scale)
        base = int(math.floor(source))
        offset = int(np.rint((source - np.float32(base)) * _TABLE_SIZE))
        w = np.array([far[offset], near[offset], near[_TABLE_SIZE - offset],
                      far[_TABLE_SIZE - offset]], np.float64)
        taps = np.arange(base - 1, base + 3)
        if half_pixel_centers:
            inside = (taps >= 0) & (taps < in_size)
            w = np.where(inside, w, 0.0)
            w = w / w.sum()
        for tap, weight in zip(np.clip(taps, 0, in_size - 1), w):
            weights[y, tap] += weight
    return weights


def _resize_bicubic(image, size, align_corners, half_pixel_centers):
    """`image` (N, C, H, W) resampled bicubically onto a `size` grid, in its dtype."""
    if align_corners and half_pixel_centers:
        raise ValueError("For ResizeBicubic, the half_pixel_centers must be false when "
                         "align_corners is true, but half_pixel_centers got True.")
    if image.ndim != 4:
        raise ValueError(f"{_prim('ResizeBicubic')} the image rank must be equal to 4, but got "
                         f"{image.ndim}.")
    height, width = _size_pair("ResizeBicubic", size)
    wide = np.float64 if image.dtype == np.float64 else np.float32
    rows = _bicubic_weights(image.shape[2], height, align_corners, half_pixel_centers)
    cols = _bicubic_weights(image.shape[3], width, align_corners, half_pixel_centers)
    out = jnp.einsum("yh,nchw,xw->ncyx", rows.astype(wide), image.astype(wide), cols.astype(wide))
    return out.astype(image.dtype)


ResizeBicubic = primitive("ResizeBicubic", functional(_resize_bicubic), align_corners=False,
                          half_pixel_centers=False)


# -- ScaleAndTranslate (TensorFlow's sampling kernels) ------------------------------------------
def _lanczos(radius):
    def kernel(x):
        x = np.abs(x)
        safe = np.where(x <= 1e-3, 1.0, x)
        value = radius * np.sin(np.pi * safe) * np.sin(np.pi * safe / radius) / (np.pi * safe) ** 2
        return np.where(x > radius, 0.0, np.where(x <= 1e-3, 1.0, value))
    return kernel, float(radius)


def _cubic_kernel(b, c):
    """Mitchell-Netravali's cubic (b, c); Keys' is (0, 0.5)."""
    def kernel(x):
        x = np.abs(x)
        near = ((12 - 9 * b - 6 * c) * x ** 3 + (-18 + 12 * b + 6 * c) * x ** 2 + (6 - 2 * b)) / 6
        far = ((-b - 6 * c) * x ** 3 + (6 * b + 30 * c) * x ** 2 + (-12 * b - 48 * c) * x
               + (8 * b + 24 * c)) / 6
        return np.where(x < 1, near, np.where(x < 2, far, 0.0))
    return kernel, 2.0


_SAMPLING_KERNELS = {
    "lanczos1": _lanczos(1), "lanczos3": _lanczos(3), "lanczos5": _lanczos(5),
    "gaussian": (lambda x: np.where(np.abs(x) < 1.5, np.exp(-x * x / 0.5), 0.0), 1.5),
    "box": (lambda x: np.where(np.abs(x) < 0.5, 1.0, np.where(np.abs(x) == 0.5, 0.5, 0.0)), 1.0),
    "triangle": (lambda x: np.maximum(0.0, 1.0 - np.abs(x)), 1.0),
    "keyscubic": _cubic_kernel(0.0, 0.5),
    "mitchellcubic": _cubic_kernel(1 / 3, 1 / 3),
}


def _check_scale_translate(attrs):
    check.check_string(attrs["kernel_type"], list(_SAMPLING_KERNELS), "kernel_type",
                       "ScaleAndTranslate")
    check.check_value_type("antialias", attrs["antialias"], [bool], "ScaleAndTranslate")


def _span_weights(in_size, out_size, scale, translate, kernel_type, antialias):
    """(out, in) weights of TensorFlow's scale_and_translate along one axis: output pixel x
    samples the input at (x + 0.5) / scale - translate / scale, through the kernel widened by
    1 / scale when antialiasing a downscale, each span's weights normalised (in float32, as
    TensorFlow's kernel: a box kernel's ties fall where its do)."""
    kernel, radius = _SAMPLING_KERNELS[kernel_type]
    f32 = np.float32
    inverse = f32(1.0) / f32(scale)
    kernel_scale = max(inverse, f32(1.0)) if antialias else f32(1.0)
    weights = np.zeros((out_size, in_size), np.float32)
    for x in range(out_size):
        sample = (f32(x) + f32(0.5)) * inverse - f32(translate) * inverse
        if sample < 0 or sample > in_size:
            continue
        reach = f32(radius) * kernel_scale
        start = min(max(int(math.ceil(sample - reach - f32(0.5))), 0), in_size - 1)
        end = min(max(int(math.floor(sample + reach - f32(0.5))), 0), in_size - 1) + 1
        sources = np.arange(start, end).astype(f32)
        w = kernel((sources + f32(0.5) - sample) * (f32(1.0) / kernel_scale)).astype(f32)
        total = w.sum(dtype=f32)
        if abs(total) >= 1000 * np.finfo(f32).eps:
            w = w / total
        weights[x, start:end] = w
    return weights


def _scale_and_translate(images, size, scale, translation, kernel_type, antialias):
    """`images` (N, H, W, C) resampled onto a `size` grid, scaled by `scale` and shifted by
    `translation` (per axis), as Float32."""
    name = _prim("ScaleAndTranslate")
    if images.ndim != 4:
        raise ValueError(f"{name} the images's rank' must be equal to 4, but got {images.ndim}.")
    sizes = [int(v) for v in concrete_array(size).reshape(-1)]
    if len(sizes) != 2:
        raise ValueError(f"{name} the size's elements' must be equal to 2, but got "
                         f"{len(sizes)}.")
    scales = [float(v) for v in concrete_array(scale).reshape(-1)]
    shifts = [float(v) for v in concrete_array(translation).reshape(-1)]
    for label, values in (("size", sizes), ("scale", scales)):
        if any(v <= 0 for v in values):
            shown = "".join(f"{v:g}, " for v in values)
            raise ValueError(f"{name} the attribute[{label}] should be a vector with all positive "
                             f"item. but got [{shown}].")
    rows, cols = (_span_weights(images.shape[1 + axis], sizes[axis], scales[axis], shifts[axis],
                                kernel_type, antialias).astype(np.float32) for axis in range(2))
    return jnp.einsum("yh,nhwc,xw->nyxc", rows, images.astype(np.float32), cols)


ScaleAndTranslate = primitive("ScaleAndTranslate", functional(_scale_and_translate),
                              check=_check_scale_translate, kernel_type="lanczos3",
                              antialias=True)


# -- adaptive pooling ---------------------------------------------------------------------------
def _check_pool2d_size(attrs):
    size = attrs["output_size"]
    if not isinstance(size, (list, tuple)):
        raise TypeError("For 'AdaptiveMaxPool2D', the type of 'output_size' should be one of "
                        f"'[list of int, tuple of int]', but got {type(size)}.")


def _adaptive_max_pool2d(x, output_size):
    """Max over adaptive cells of (…, H, W), and each maximum's flat H·W index (Int64)."""
    if x.ndim not in (3, 4):
        raise ValueError(f"{_prim('AdaptiveMaxPool2D')} the rank of x must be in [3,4], but got "
                         f"{x.ndim}.")
    return pooling_ops.adaptive_max_pool2d.impl(x, tuple(output_size), True)


AdaptiveMaxPool2D = primitive("AdaptiveMaxPool2D", functional(_adaptive_max_pool2d),
                              check=_check_pool2d_size, output_size=REQUIRED)


def _adaptive_avg_pool3d(x, output_size):
    """Mean over adaptive cells of (…, D, H, W) (None keeps an axis), in x's dtype."""
    if x.ndim not in (4, 5):
        raise ValueError(f"{_prim('AdaptiveAvgPool3D')} the the rank of x must be in [4,5], but "
                         f"got {x.ndim}.")
    wide = x if x.dtype.kind == "f" else x.astype(np.float32)
    return pooling_ops.adaptive_avg_pool3d.impl(wide, output_size).astype(x.dtype)


AdaptiveAvgPool3D = primitive("AdaptiveAvgPool3D", functional(_adaptive_avg_pool3d),
                              output_size=REQUIRED,
                              display=lambda attrs: dict(attrs, output_size=tuple(
                                  attrs["output_size"]) if isinstance(attrs["output_size"], list)
                                  else attrs["output_size"]))


def _adaptive_max_pool3d(x, output_size):
    """Max over adaptive cells of (…, D, H, W) to the Int32 Tensor `output_size`, and each
    maximum's flat D·H·W index (Int32)."""
    size = [int(v) for v in concrete_array(output_size).reshape(-1)]
    if len(size) != 3:
        raise ValueError(f"{_prim('AdaptiveMaxPool3D')} the size of output_size must be equal to "
                         f"3, but got {len(size)}.")
    y, index = pooling_ops.adaptive_max_pool3d.impl(x, tuple(size), True)
    return y, index.astype(np.int32)


AdaptiveMaxPool3D = primitive("AdaptiveMaxPool3D", functional(_adaptive_max_pool3d))


# -- 3-D upsampling -----------------------------------------------------------------------------
def _upsample_size(name, x, output_size, scales):
    if output_size is None and scales is None:
        raise ValueError(f"For '{name}', either output_size or scales should be defined.")
    if output_size is not None and scales is not None:
        raise ValueError(f"For '{name}', only one of output_size or scales should be defined.")
    if x.ndim != 5:
        raise ValueError(f"{_prim(name)} the image rank must be equal to 5, but got {x.ndim}.")
    given = output_size if output_size is not None else scales
    given = [v for v in concrete_array(given).reshape(-1).tolist()] \
        if hasattr(given, "shape") else list(given)
    if len(given) != 3:
        raise ValueError(f"{_prim(name)} the number of size must be equal to 3, but got "
                         f"{len(given)}.")
    if output_size is not None:
        return [int(v) for v in given], [None] * 3
    sizes = [int(math.floor(n * s)) for n, s in zip(x.shape[2:], given)]
    return sizes, [float(s) for s in given]


def _upsample_nearest3d(x, output_size, scales):
    """(N, C, D, H, W) resized by nearest neighbours: source = floor(dest / scale) (the given
    scale, or out/in)."""
    sizes, given = _upsample_size("UpsampleNearest3D", x, output_size, scales)
    out = x
    for axis, (size, scale) in enumerate(zip(sizes, given)):
        n = x.shape[2 + axis]
        step = 1.0 / scale if scale else n / size
        source = np.minimum(np.floor(np.arange(size) * step).astype(np.int64), n - 1)
        out = jnp.take(out, source, axis=2 + axis)
    return out


UpsampleNearest3D = primitive("UpsampleNearest3D", functional(_upsample_nearest3d))


def _linear_weights(in_size, out_size, align_corners, scale):
    """(out, in) weights of linear interpolation, PyTorch's coordinate rules."""
    weights = np.zeros((out_size, in_size), np.float64)
    for y in range(out_size):
        if align_corners:
            source = y * (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
        else:
            step = 1.0 / scale if scale else in_size / out_size
            source = max((y + 0.5) * step - 0.5, 0.0)
        lo = min(int(math.floor(source)), in_size - 1)
        hi = min(lo + 1, in_size - 1)
        frac = source - lo
        weights[y, lo] += 1 - frac
        weights[y, hi] += frac
    return weights


def _upsample_trilinear3d(x, output_size, scales, align_corners):
    """(N, C, D, H, W) resized by trilinear interpolation."""
    sizes, given = _upsample_size("UpsampleTrilinear3D", x, output_size, scales)
    wide = np.float64 if x.dtype == np.float64 else np.float32
    d, h, w = (_linear_weights(n, size, align_corners, scale).astype(wide)
               for n, size, scale in zip(x.shape[2:], sizes, given))
    out = jnp.einsum("ad,ncdhw,bh,ew->ncabe", d, x.astype(wide), h, w)
    return out.astype(x.dtype)


UpsampleTrilinear3D = primitive("UpsampleTrilinear3D", functional(_upsample_trilinear3d),
                                align_corners=False)


# -- MaxPool3DWithArgmax ------------------------------------------------------------------------
def _triple(value):
    return (value,) * 3 if isinstance(value, int) else tuple(value)


def _check_max_pool3d(attrs):
    """MaxPool3DWithArgmax's constructor: an Int32 or Int64 argmax, the NCDHW format."""
    if attrs["argmax_type"] not in (mstype.int32, mstype.int64):
        raise TypeError("For 'MaxPool3DWithArgmax', the 'argmax_type' should be one of "
                        "[mindspore.int32, mindspore.int64], but got "
                        f"'mindspore.{str(attrs['argmax_type']).lower()}'.")
    check.check_string(attrs["data_format"], ["NCDHW"], "data_format", "MaxPool3DWithArgmax")


def _max_pool3d_display(attrs):
    """MindSpore shows each window attribute as a 3-tuple and the argmax dtype by name."""
    shown_attrs = {k: _triple(attrs[k]) for k in ("ksize", "strides", "pads", "dilation")}
    return dict(attrs, **shown_attrs, argmax_type=str(attrs["argmax_type"]).lower())


def _vector(values) -> str:
    return f"[const vector]{{{', '.join(map(str, values))}}}"


def _max_pool3d_with_argmax(x, ksize, strides, pads, dilation, ceil_mode, data_format,
                            argmax_type):
    """Max pooling of (N, C, D, H, W) with zero-free padding `pads`, and each maximum's flat
    D·H·W index in `argmax_type`."""
    ksize, strides, pads, dilation = map(_triple, (ksize, strides, pads, dilation))
    if any(2 * p > k for p, k in zip(pads, ksize)):
        raise ValueError("For Maxpool3DWithArgmax, pads should be less equal to the half of "
                         f"ksize, but got ksize is[{_vector(ksize)}], pads is[{_vector(pads)}].")
    if x.ndim != 5:
        raise ValueError(f"{_prim('MaxPool3DWithArgmax')} the input x rank must be equal to 5, "
                         f"but got {x.ndim}.")
    y, index = max_pool_argmax_nd(x, 3, ksize, strides, "pad", pads, dilation, ceil_mode)
    return y, index.astype(mstype.to_numpy_dtype(argmax_type))


MaxPool3DWithArgmax = primitive(
    "MaxPool3DWithArgmax", functional(_max_pool3d_with_argmax), check=_check_max_pool3d,
    display=_max_pool3d_display, ksize=REQUIRED, strides=REQUIRED, pads=REQUIRED,
    dilation=(1, 1, 1), ceil_mode=False, data_format="NCDHW", argmax_type=mstype.int64)


# -- Col2Im -------------------------------------------------------------------------------------
def _pair(value):
    return (value,) * 2 if isinstance(value, int) else tuple(value)


def _check_col2im(attrs):
    """Col2Im's constructor: pairs of positive kernel sizes, dilations and strides."""
    for name in ("kernel_size", "dilation", "padding", "stride"):
        values = _pair(attrs[name])
        if len(values) != 2:
            raise ValueError(f"For 'Col2Im', the {name} size should be = : 2, but got "
                             f"{len(values)}.")
        for i, value in enumerate(values):
            if name == "padding":
                check.check_non_negative_int(value, f"{name}[{i}]", "Col2Im")
            else:
                check.check_positive_int(value, f"{name}[{i}]", "Col2Im")


def _col2im(x, output_size, kernel_size, dilation, padding, stride):
    """Sliding blocks (N, C, kh·kw, L) summed back into (N, C, H, W) (ops.fold's)."""
    kernel, dilation, padding, stride = map(_pair, (kernel_size, dilation, padding, stride))
    if x.ndim != 4:
        raise ValueError(f"{_prim('Col2Im')} the x dimension must be equal to 4, but got "
                         f"{x.ndim}.")
    if x.shape[2] % (kernel[0] * kernel[1]):
        raise ValueError("For Col2Im, expected size of input's dimension 2 to be divisible by "
                         f"the product of kernel_size, but got input.size(2)={x.shape[2]} and "
                         f"kernel_size={kernel}.")
    size = [int(v) for v in concrete_array(output_size).reshape(-1)]
    blocks = 1
    for axis in range(2):
        span = dilation[axis] * (kernel[axis] - 1) + 1
        blocks *= (size[axis] + 2 * padding[axis] - span) // stride[axis] + 1
    if x.shape[3] != blocks:
        raise ValueError("For 'Col2Im', size of input's 4th dimension must be equal to "
                         f"calculated number of sliding blocks, but got input.size[3]: "
                         f"{x.shape[3]}, calculated number of sliding blocks: {blocks}. Please "
                         "refer to Mindspore official website API docs for details about how the "
                         "number of sliding blocks is calculated.")
    flat = x.reshape(x.shape[0], x.shape[1] * x.shape[2], x.shape[3])
    return image_ops.fold.impl(flat, tuple(size), kernel, dilation, padding, stride)


Col2Im = primitive("Col2Im", functional(_col2im), check=_check_col2im,
                   display=lambda attrs: {k: _pair(v) for k, v in attrs.items()},
                   kernel_size=REQUIRED, dilation=1, padding=0, stride=1)


@op()
def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride):
    """`ops.col2im`: Col2Im(kernel_size, dilation, padding_value, stride)(input_x, output_size)."""
    _check_col2im({"kernel_size": kernel_size, "dilation": dilation, "padding": padding_value,
                   "stride": stride})
    return _col2im(input_x, output_size, kernel_size, dilation, padding_value, stride)


# -- AffineGrid ---------------------------------------------------------------------------------
def _check_align(attrs):
    check.check_value_type("align_corners", attrs["align_corners"], [bool], "AffineGrid")


def _affine_grid(theta, output_size, align_corners):
    """The sampling grid of the affine maps `theta` (N, 2, 3) or (N, 3, 4) over an output of
    `output_size` (N, C, H, W) or (N, C, D, H, W) (ops.affine_grid's)."""
    size = tuple(int(v) for v in (concrete_array(output_size).reshape(-1)
                                  if hasattr(output_size, "shape") else output_size))
    if len(size) not in (4, 5):
        raise ValueError(f"{_prim('AffineGrid')} the size of 'output_size' must be in [4,5], but "
                         f"got {len(size)}.")
    spatial = len(size) - 2
    if theta.ndim != 3 or theta.shape[1:] != (spatial, spatial + 1):
        raise ValueError("For 'AffineGrid', the shape of 'theta' must be [N, 2, 3] and the size "
                         "of 'output_size' must be 4 for 2D; or the shape of 'theta' must be "
                         "[N, 3, 4] and the size of 'output_size' must be 5 for 3D. But got the "
                         f"shape of 'theta is [{', '.join(map(str, theta.shape))}] and the size "
                         f"of 'output_size' is {len(size)}.")
    if size[0] != theta.shape[0]:
        raise ValueError("For 'AffineGrid', the output_size[0] must be equal to the shape[0] of "
                         f"theta, but got the output_size[0] is {size[0]} and the shape[0] of "
                         f"theta is {theta.shape[0]}.")
    return image_ops.affine_grid.impl(theta, size, align_corners)


AffineGrid = primitive("AffineGrid", functional(_affine_grid), check=_check_align,
                       align_corners=False)


# -- ExtractGlimpse -----------------------------------------------------------------------------
_NOISES = ["uniform", "gaussian", "zero"]


def _check_glimpse(attrs):
    """ExtractGlimpse's constructor: bool flags, a known noise, uniform noise named so."""
    for name in ("centered", "normalized", "uniform_noise"):
        check.check_value_type(name, attrs[name], [bool], "ExtractGlimpse")
    check.check_string(attrs["noise"], _NOISES, "noise", "ExtractGlimpse")
    if attrs["uniform_noise"] and attrs["noise"] != "uniform":
        raise ValueError("For 'ExtractGlimpse', the value of 'noise' must be uniform when "
                         f"uniform_noise is True, but got {attrs['noise']}.")


def _glimpse_corner(offset, extent, size, centered, normalized) -> int:
    """The glimpse's first row (column) in the image: TensorFlow's rule, truncated to zero."""
    position = offset * extent if normalized else offset
    if centered:
        position = position / 2.0 + extent / 2.0
    return int(position - size / 2.0)


def _glimpse_noise(image, shape, noise):
    """What fills a glimpse's pixels outside the image: zeros, or draws from msjax's random
    stream, uniform over the image's [min, max) or normal with its mean and deviation
    (TensorFlow's distributions; MindSpore's own draws differ: docs/migration.md)."""
    if noise == "zero":
        return jnp.zeros(shape, image.dtype)
    key = random_ops._seed_key()
    if noise == "uniform":
        low, high = jnp.min(image), jnp.max(image)
        return jax.random.uniform(key, shape, image.dtype) * (high - low) + low
    return jax.random.normal(key, shape, image.dtype) * jnp.std(image) + jnp.mean(image)


def _extract_glimpse(x, size, offsets, centered, normalized, uniform_noise, noise):
    """Windows of `size` (rows, columns) of each image of `x` (N, H, W, C) at `offsets` (N, 2:
    y, x), pixels outside the image filled by `noise`."""
    if x.ndim != 4:
        raise RuntimeError(f"For 'ExtractGlimpse', the shape of parameter 'x' must be 4, but got "
                           f"{x.ndim}.")
    if offsets.shape[0] != x.shape[0]:
        raise ValueError("The first dimension of offsets must be consistent with the first "
                         f"dimension of x, but got {offsets.shape[0]}.")
    if offsets.shape[1] != 2:
        raise ValueError(f"The second dimension of offsets must be 2, but got {offsets.shape[1]}.")
    rows, cols = (int(v) for v in concrete_array(size).reshape(-1)[:2])
    where = concrete_array(offsets).astype(np.float32)
    height, width = x.shape[1], x.shape[2]
    glimpses = []
    for n in range(x.shape[0]):
        top = _glimpse_corner(where[n, 0], height, rows, centered, normalized)
        left = _glimpse_corner(where[n, 1], width, cols, centered, normalized)
        ys, xs = np.arange(top, top + rows), np.arange(left, left + cols)
        inside = ((ys >= 0) & (ys < height))[:, None] & ((xs >= 0) & (xs < width))[None, :]
        window = x[n][np.clip(ys, 0, height - 1)][:, np.clip(xs, 0, width - 1)]
        if inside.all():
            glimpses.append(window)
            continue
        filler = _glimpse_noise(x[n], window.shape, noise)
        glimpses.append(jnp.where(inside[..., None], window, filler))
    return jnp.stack(glimpses)


ExtractGlimpse = primitive("ExtractGlimpse", functional(_extract_glimpse), check=_check_glimpse,
                           centered=True, normalized=True, uniform_noise=True, noise="uniform")
