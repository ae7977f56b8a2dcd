"""`nn.SSIM` and `nn.PSNR`: image similarity of two NCHW batches (and `nn.ImageGradients`, one
batch's neighbour differences), with MindSpore 2.10's
arguments, checks and formulas (SSIM's Gaussian window is a frozen 1→1 `Conv2d` child named
`conv`, applied to every channel). MindSpore 2.10 itself fails calling either in PyNative mode
("For 'ScalarCast', the supported type is ... but got Float32"); msjax computes them."""
from __future__ import annotations

import math

import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import check_int, check_value_type
from msjax._src.nn.containers import CellList
from msjax._src.nn.layers.activation import ReLU
from msjax._src.nn.layers.conv import Conv2d
from msjax._src.nn.layers.pooling import AvgPool2d
from msjax._src.nn.optim.argument_checks import check_positive_float
from msjax._src.ops import array_ops
from msjax._src.core.tensor import Tensor, _wrap


def _check_max_val(max_val, cls_name):
    check_value_type("max_val", max_val, [int, float], cls_name)
    if max_val <= 0:
        raise ValueError(f"For '{cls_name}', the argument 'max_val' must > 0.0, but got "
                         f"{max_val}.")
    return max_val


def _gaussian_window(size, sigma):
    """MindSpore's `_create_window`: a normalised size×size Gaussian as a (1, 1, size, size)
    kernel."""
    x, y = np.mgrid[-size // 2 + 1:size // 2 + 1, -size // 2 + 1:size // 2 + 1]
    g = np.exp(-(x.astype(np.float32) ** 2 + y.astype(np.float32) ** 2) / (2 * sigma ** 2))
    return (g / g.sum()).astype(np.float32)[None, None]


def _check_4d(shape, name, cls_name):
    if len(shape) != 4:
        raise ValueError(f"For '{cls_name}', the dimension of '{name}' must be 4d, but got "
                         f"{len(shape)}.")


def _same_type_shape(img1, img2):
    """MindSpore's SameTypeShape check (its messages: tests/goldens/scripts/msssim_probe.py)."""
    if img1.shape != img2.shape:
        raise ValueError(f"For 'SameTypeShape', the x shape should be = y shape: {img2.shape}, "
                         f"but got {img1.shape}.")
    if img1.dtype != img2.dtype:
        raise TypeError(f"For 'SameTypeShape', the x dtype should be = y dtype: {img2.dtype}, "
                        f"but got {img1.dtype}.")


def _to_unit_float(img, max_val):
    """MindSpore's `_convert_img_dtype_to_float32`: integer images scaled to [0, 1]."""
    dtype_max = (float(np.iinfo(mstype.to_numpy_dtype(img.dtype)).max)
                 if mstype.to_numpy_dtype(img.dtype).kind in "iu" else 1.0)
    scaled = array_ops.cast(img, mstype.float32)
    if dtype_max > 1.0:
        scaled = scaled * (1.0 / dtype_max)
        max_val = max_val / dtype_max
    return scaled, max_val


class SSIM(Cell):
    """`nn.SSIM(max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03)`: the mean
    structural similarity of `img1` and `img2` (N, C, H, W), one value per image."""

    def __init__(self, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        self.max_val = _check_max_val(max_val, self.cls_name)
        self.filter_size = check_int(filter_size, 1, "filter_size", self.cls_name, strict=False)
        self.filter_sigma = check_positive_float(filter_sigma, "filter_sigma", self.cls_name)
        self.k1 = check_value_type("k1", k1, [float], self.cls_name)
        self.k2 = check_value_type("k2", k2, [float], self.cls_name)
        self.conv = Conv2d(1, 1, filter_size, weight_init=Tensor(
            _gaussian_window(filter_size, filter_sigma)), pad_mode="valid")
        self.conv.weight.requires_grad = False

    def construct(self, img1, img2):
        if img1.dtype not in (mstype.float32, mstype.float16):
            raise TypeError(f"For '{self.cls_name}', the 'img1' should be one of "
                            f"[mindspore.float32, mindspore.float16], but got '{img1.dtype}'.")
        _check_4d(img1.shape, "img1", self.cls_name)
        for axis in (2, 3):
            if img1.shape[axis] < self.filter_size:
                raise ValueError(f"For '{self.cls_name}', the img1 shape[{axis}] should be >= "
                                 f"filter_size: {self.filter_size}, but got {img1.shape[axis]}.")
        _same_type_shape(img1, img2)
        img1, max_val = _to_unit_float(img1, self.max_val)
        img2, _ = _to_unit_float(img2, self.max_val)
        c1 = (self.k1 * max_val) ** 2
        c2 = (self.k2 * max_val) ** 2
        ssim, _ = _ssim_maps(img1, img2, self.conv, c1, c2)
        return ssim.mean(axis=(1, 2))


def _ssim_maps(img1, img2, conv, c1, c2):
    """The SSIM index and its contrast-structure part at each position of each channel of
    `img1` and `img2` (N, C, H, W), `conv` (one channel in, one out) the Gaussian window:
    both (N, C, positions)."""
    n, c, h, w = img1.shape

    def window_mean(x):
        return array_ops.reshape(conv(array_ops.reshape(x, (n * c, 1, h, w))), (n, c, -1))

    mu1, mu2 = window_mean(img1), window_mean(img2)
    sigma1 = window_mean(img1 * img1) - mu1 * mu1
    sigma2 = window_mean(img2 * img2) - mu2 * mu2
    sigma12 = window_mean(img1 * img2) - mu1 * mu2
    contrast = (2 * sigma12 + c2) / (sigma1 + sigma2 + c2)
    return (2 * mu1 * mu2 + c1) / (mu1 * mu1 + mu2 * mu2 + c1) * contrast, contrast


class MSSSIM(Cell):
    """`nn.MSSSIM(max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333),
    filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03)`: the multi-scale structural similarity
    of `img1` and `img2` (N, C, H, W; float or uint8), one value per image: at each of
    len(power_factors) scales (halved by 2×2 average pooling) the per-channel mean contrast-
    structure term, at the last the SSIM, each raised to its power factor, multiplied, then
    averaged over channels (values: tests/goldens/scripts/msssim_probe.py)."""

    def __init__(self, max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333),
                 filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        self.max_val = _check_max_val(max_val, self.cls_name)
        check_value_type("power_factors", power_factors, [tuple, list], self.cls_name)
        self.filter_size = check_int(filter_size, 1, "filter_size", self.cls_name, strict=False)
        self.filter_sigma = check_positive_float(filter_sigma, "filter_sigma", self.cls_name)
        self.k1 = check_value_type("k1", k1, [float], self.cls_name)
        self.k2 = check_value_type("k2", k2, [float], self.cls_name)
        window = Tensor(_gaussian_window(filter_size, filter_sigma))
        self.level = len(power_factors)
        convs = [Conv2d(1, 1, filter_size, weight_init=window, pad_mode="valid")
                 for _ in range(self.level)]
        for conv in convs:
            conv.weight.requires_grad = False
        self.multi_convs_list = CellList(convs)
        self.weight_tensor = Tensor(power_factors, mstype.float32)
        self.avg_pool = AvgPool2d(kernel_size=2, stride=2, pad_mode="valid")
        self.relu = ReLU()

    def construct(self, img1, img2):
        name = self.cls_name
        _check_4d(img1.shape, "img1", name)
        _check_4d(img2.shape, "img2", name)
        if img1.dtype not in (mstype.float64, mstype.float32, mstype.float16, mstype.uint8):
            raise TypeError(f"For '{name}', the 'img1' should be one of [mindspore.float64, "
                            "mindspore.float32, mindspore.float16, mindspore.uint8], but got "
                            f"'mindspore.{str(img1.dtype).lower()}'.")
        _same_type_shape(img1, img2)
        img1, max_val = _to_unit_float(img1, self.max_val)
        img2, _ = _to_unit_float(img2, self.max_val)
        c1 = (self.k1 * max_val) ** 2
        c2 = (self.k2 * max_val) ** 2
        scales = []
        for conv in self.multi_convs_list:
            ssim, contrast = _ssim_maps(img1, img2, conv, c1, c2)
            scales.append(self.relu(contrast.mean(axis=2)))
            img1, img2 = self.avg_pool(img1), self.avg_pool(img2)
        scales[-1] = self.relu(ssim.mean(axis=2))
        weighted = array_ops.stack(scales, -1) ** self.weight_tensor
        return weighted.prod(-1).mean(-1)


class PSNR(Cell):
    """`nn.PSNR(max_val=1.0)`: 10·log10(max_val² / MSE) of `img1` and `img2` (N, C, H, W), one
    value per image."""

    def __init__(self, max_val=1.0):
        super().__init__()
        self.max_val = _check_max_val(max_val, self.cls_name)

    def construct(self, img1, img2):
        _check_4d(img1.shape, "img1", self.cls_name)
        _check_4d(img2.shape, "img2", self.cls_name)
        _same_type_shape(img1, img2)
        img1, max_val = _to_unit_float(img1, self.max_val)
        img2, _ = _to_unit_float(img2, self.max_val)
        mse = ((img1 - img2) ** 2).mean(axis=(-3, -2, -1))
        return 10 * (max_val ** 2 / mse).log() / math.log(10.0)


class CentralCrop(Cell):
    """`nn.CentralCrop(central_fraction)`: the central region of a CHW or NCHW image batch,
    `central_fraction` (in (0, 1]) of its height and width: as many rows (columns) are cut at
    each side, `int((h - h·fraction) / 2)` computed in float32 as MindSpore's (a 5×5 image at 0.6
    keeps 3×3)."""

    def __init__(self, central_fraction):
        super().__init__()
        check_value_type("central_fraction", central_fraction, [float], self.cls_name)
        if not 0.0 < central_fraction <= 1.0:
            raise ValueError(f"For '{self.cls_name}', the 'central_fraction' must be in range of "
                             f"(0.0, 1.0], but got {central_fraction} with type 'float'.")
        self.central_fraction = central_fraction

    def construct(self, image):
        shape = tuple(image.shape)
        if len(shape) not in (3, 4):
            raise ValueError(f"CentralCrop image must be 3d or 4d, but got shape {shape}")
        if self.central_fraction == 1.0:
            return image
        h, w = shape[-2:]
        top = int(np.float32((h - h * self.central_fraction) / 2))
        left = int(np.float32((w - w * self.central_fraction) / 2))
        return image[..., top:h - top, left:w - left]


class ImageGradients(Cell):
    """`nn.ImageGradients()(images)`: `(dy, dx)` of an NCHW batch, each pixel's difference to the
    next one down (dy) and to the right (dx), zero in the last row (dy) and column (dx)."""

    def construct(self, images):
        _check_4d(images.shape, "images", self.cls_name)
        data = images._data
        dy = jnp.zeros_like(data).at[:, :, :-1, :].set(data[:, :, 1:, :] - data[:, :, :-1, :])
        dx = jnp.zeros_like(data).at[:, :, :, :-1].set(data[:, :, :, 1:] - data[:, :, :, :-1])
        return _wrap(dy), _wrap(dx)
