"""MindSpore 2.10's image and pooling Primitives that msjax lacked: RGBToHSV, HSVToRGB, AdjustHue,
AdjustSaturation, ResizeArea, ResizeBicubic, AdaptiveMaxPool2D, AdaptiveAvgPool3D,
AdaptiveMaxPool3D, UpsampleNearest3D, UpsampleTrilinear3D, MaxPool3DWithArgmax, Col2Im: values,
dtypes, shapes, reprs and the errors of bad input.
Golden: tests/goldens/ops/miss17_image_primitives_probe.out
(tests/ops/test_miss17_image_primitives.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor

rng = np.random.default_rng(0)


def f(*shape, dtype=np.float32):
    return Tensor(rng.standard_normal(shape).astype(dtype))


def u(*shape, dtype=np.float32):
    return Tensor(rng.uniform(size=shape).astype(dtype))


def fmt(t):
    a = t.asnumpy()
    values = np.round(a.astype(np.float64), 4).ravel().tolist()
    return f"{t.dtype} {tuple(t.shape)} {values}"


def show(label, fn):
    try:
        r = fn()
        r = r if isinstance(r, (tuple, list)) else (r,)
        print(label, "->", "OK", " | ".join(fmt(t) for t in r))
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


def rep(label, fn):
    try:
        print(label, "->", "REPR", repr(fn()))
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


# colour space
rgb = u(2, 2, 3)
show("RGBToHSV", lambda: ops.RGBToHSV()(rgb))
show("RGBToHSV grey and pure", lambda: ops.RGBToHSV()(Tensor(np.array(
    [[0.5, 0.5, 0.5], [1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0], [1, 1, 0]], np.float32))))
show("RGBToHSV float64", lambda: ops.RGBToHSV()(u(1, 3, dtype=np.float64)))
show("RGBToHSV int", lambda: ops.RGBToHSV()(Tensor(np.ones((1, 3), np.int32))))
show("RGBToHSV last 4", lambda: ops.RGBToHSV()(u(2, 4)))
show("RGBToHSV 0d", lambda: ops.RGBToHSV()(Tensor(1.0, ms.float32)))
hsv = u(1, 2, 2, 3)
show("HSVToRGB", lambda: ops.HSVToRGB()(hsv))
show("HSVToRGB hue 1", lambda: ops.HSVToRGB()(Tensor(np.array(
    [[[[1.0, 1.0, 1.0], [0.0, 0.0, 0.7], [0.5, 0.5, 0.5]]]], np.float32))))
show("HSVToRGB float64", lambda: ops.HSVToRGB()(u(1, 1, 1, 3, dtype=np.float64)))
show("HSVToRGB 3d", lambda: ops.HSVToRGB()(u(2, 2, 3)))
show("HSVToRGB last 2", lambda: ops.HSVToRGB()(u(1, 2, 2, 2)))
show("HSVToRGB int", lambda: ops.HSVToRGB()(Tensor(np.ones((1, 1, 1, 3), np.int32))))
image = u(2, 2, 3)
show("AdjustHue", lambda: ops.AdjustHue()(image, Tensor(0.2, ms.float32)))
show("AdjustHue negative", lambda: ops.AdjustHue()(image, Tensor(-0.7, ms.float32)))
show("AdjustHue float16", lambda: ops.AdjustHue()(u(1, 1, 3, dtype=np.float16),
                                                  Tensor(0.3, ms.float16)))
show("AdjustHue delta dtype", lambda: ops.AdjustHue()(image, Tensor(0.2, ms.float16)))
show("AdjustHue delta 1d", lambda: ops.AdjustHue()(image, Tensor(np.array([0.2], np.float32))))
show("AdjustHue 2d", lambda: ops.AdjustHue()(u(2, 3), Tensor(0.2, ms.float32)))
show("AdjustHue last 2", lambda: ops.AdjustHue()(u(2, 2, 2), Tensor(0.2, ms.float32)))
show("AdjustHue int", lambda: ops.AdjustHue()(Tensor(np.ones((1, 1, 3), np.int32)),
                                              Tensor(0.2, ms.float32)))
show("AdjustSaturation", lambda: ops.AdjustSaturation()(image, Tensor(0.5, ms.float32)))
show("AdjustSaturation 2x", lambda: ops.AdjustSaturation()(image, Tensor(2.0, ms.float32)))
show("AdjustSaturation 4d", lambda: ops.AdjustSaturation()(u(1, 2, 1, 3), Tensor(0.3, ms.float32)))
show("AdjustSaturation float64", lambda: ops.AdjustSaturation()(
    u(1, 1, 3, dtype=np.float64), Tensor(0.3, ms.float32)))
show("AdjustSaturation scale 1d", lambda: ops.AdjustSaturation()(
    image, Tensor(np.array([0.5], np.float32))))

# resizing
nhwc = f(1, 4, 6, 2)
show("ResizeArea", lambda: ops.ResizeArea()(nhwc, Tensor(np.array([2, 3], np.int32))))
show("ResizeArea up", lambda: ops.ResizeArea()(nhwc, Tensor(np.array([5, 7], np.int32))))
show("ResizeArea align", lambda: ops.ResizeArea(align_corners=True)(
    nhwc, Tensor(np.array([3, 4], np.int32))))
show("ResizeArea int", lambda: ops.ResizeArea()(
    Tensor(np.arange(16, dtype=np.int32).reshape(1, 4, 4, 1)), Tensor(np.array([2, 2], np.int32))))
show("ResizeArea float16", lambda: ops.ResizeArea()(
    f(1, 2, 2, 1, dtype=np.float16), Tensor(np.array([1, 1], np.int32))))
show("ResizeArea 3d", lambda: ops.ResizeArea()(f(4, 4, 1), Tensor(np.array([2, 2], np.int32))))
show("ResizeArea size 3", lambda: ops.ResizeArea()(nhwc, Tensor(np.array([2, 2, 2], np.int32))))
show("ResizeArea size int64", lambda: ops.ResizeArea()(nhwc, Tensor(np.array([2, 2], np.int64))))
show("ResizeArea size 0", lambda: ops.ResizeArea()(nhwc, Tensor(np.array([0, 2], np.int32))))
show("ResizeArea bool", lambda: ops.ResizeArea()(Tensor(np.ones((1, 2, 2, 1), bool)),
                                                 Tensor(np.array([1, 1], np.int32))))
nchw = f(1, 2, 4, 5)
size23 = Tensor(np.array([2, 3], np.int32))
show("ResizeBicubic", lambda: ops.ResizeBicubic()(nchw, size23))
show("ResizeBicubic up", lambda: ops.ResizeBicubic()(nchw, Tensor(np.array([6, 7], np.int32))))
show("ResizeBicubic align", lambda: ops.ResizeBicubic(align_corners=True)(
    nchw, Tensor(np.array([6, 7], np.int32))))
show("ResizeBicubic half", lambda: ops.ResizeBicubic(half_pixel_centers=True)(
    nchw, Tensor(np.array([6, 3], np.int32))))
show("ResizeBicubic both", lambda: ops.ResizeBicubic(align_corners=True,
                                                     half_pixel_centers=True)(nchw, size23))
show("ResizeBicubic float64", lambda: ops.ResizeBicubic()(f(1, 1, 2, 2, dtype=np.float64),
                                                          Tensor(np.array([3, 3], np.int32))))
show("ResizeBicubic float16", lambda: ops.ResizeBicubic()(f(1, 1, 2, 2, dtype=np.float16),
                                                          Tensor(np.array([3, 3], np.int32))))
show("ResizeBicubic 3d", lambda: ops.ResizeBicubic()(f(1, 4, 5), size23))
show("ResizeBicubic size int64", lambda: ops.ResizeBicubic()(nchw, Tensor(np.array([2, 3], np.int64))))
show("ResizeBicubic size tuple", lambda: ops.ResizeBicubic()(nchw, (2, 3)))
rep("ResizeBicubic repr", lambda: ops.ResizeBicubic(True, False))
rep("ResizeArea repr", lambda: ops.ResizeArea(True))

# adaptive pooling
x4 = f(1, 2, 5, 7)
show("AdaptiveMaxPool2D", lambda: ops.AdaptiveMaxPool2D((2, 3))(x4))
show("AdaptiveMaxPool2D int", lambda: ops.AdaptiveMaxPool2D(3)(x4))
show("AdaptiveMaxPool2D 3d", lambda: ops.AdaptiveMaxPool2D((2, 2))(f(2, 4, 4)))
show("AdaptiveMaxPool2D float64", lambda: ops.AdaptiveMaxPool2D((1, 1))(f(1, 1, 2, 2, dtype=np.float64)))
show("AdaptiveMaxPool2D 2d", lambda: ops.AdaptiveMaxPool2D((1, 1))(f(2, 2)))
rep("AdaptiveMaxPool2D repr", lambda: ops.AdaptiveMaxPool2D((2, 3)))
x5 = f(1, 2, 4, 5, 6)
show("AdaptiveAvgPool3D", lambda: ops.AdaptiveAvgPool3D((2, 3, 4))(x5))
show("AdaptiveAvgPool3D int", lambda: ops.AdaptiveAvgPool3D(2)(x5))
show("AdaptiveAvgPool3D None", lambda: ops.AdaptiveAvgPool3D((None, 2, None))(x5))
show("AdaptiveAvgPool3D 4d", lambda: ops.AdaptiveAvgPool3D((1, 2, 3))(f(2, 4, 5, 6)))
show("AdaptiveAvgPool3D 3d", lambda: ops.AdaptiveAvgPool3D((1, 2, 3))(f(4, 5, 6)))
show("AdaptiveAvgPool3D int input", lambda: ops.AdaptiveAvgPool3D((1, 1, 1))(
    Tensor(np.ones((1, 1, 2, 2, 2), np.int32))))
rep("AdaptiveAvgPool3D repr", lambda: ops.AdaptiveAvgPool3D((2, 3, 4)))
show("AdaptiveMaxPool3D", lambda: ops.AdaptiveMaxPool3D()(x5, Tensor(np.array([2, 3, 4], np.int32))))
show("AdaptiveMaxPool3D 4d", lambda: ops.AdaptiveMaxPool3D()(f(2, 3, 4, 5),
                                                             Tensor(np.array([1, 2, 2], np.int32))))
show("AdaptiveMaxPool3D size int64", lambda: ops.AdaptiveMaxPool3D()(
    x5, Tensor(np.array([2, 3, 4], np.int64))))
show("AdaptiveMaxPool3D size 2", lambda: ops.AdaptiveMaxPool3D()(
    x5, Tensor(np.array([2, 3], np.int32))))
show("AdaptiveMaxPool3D int input", lambda: ops.AdaptiveMaxPool3D()(
    Tensor(np.arange(8, dtype=np.int32).reshape(1, 1, 2, 2, 2)), Tensor(np.array([1, 1, 1], np.int32))))

# 3-D upsampling
small = f(1, 2, 2, 3, 2)
show("UpsampleNearest3D size", lambda: ops.UpsampleNearest3D()(small, [4, 5, 3], None))
show("UpsampleNearest3D scales", lambda: ops.UpsampleNearest3D()(small, None, [2.0, 1.5, 1.0]))
show("UpsampleNearest3D both", lambda: ops.UpsampleNearest3D()(small, [4, 4, 4], [2.0, 2.0, 2.0]))
show("UpsampleNearest3D none", lambda: ops.UpsampleNearest3D()(small, None, None))
show("UpsampleNearest3D 4d", lambda: ops.UpsampleNearest3D()(f(2, 2, 2, 2), [3, 3, 3], None))
show("UpsampleNearest3D uint8", lambda: ops.UpsampleNearest3D()(
    Tensor(np.ones((1, 1, 1, 1, 2), np.uint8)), [1, 1, 3], None))
show("UpsampleTrilinear3D size", lambda: ops.UpsampleTrilinear3D()(small, [4, 5, 3], None))
show("UpsampleTrilinear3D align", lambda: ops.UpsampleTrilinear3D(True)(small, [4, 5, 3], None))
show("UpsampleTrilinear3D scales", lambda: ops.UpsampleTrilinear3D()(small, None, [2.0, 1.5, 1.0]))
show("UpsampleTrilinear3D float64", lambda: ops.UpsampleTrilinear3D()(
    f(1, 1, 2, 2, 2, dtype=np.float64), [3, 3, 3], None))
show("UpsampleTrilinear3D size 2", lambda: ops.UpsampleTrilinear3D()(small, [4, 5], None))
rep("UpsampleTrilinear3D repr", lambda: ops.UpsampleTrilinear3D(True))

# MaxPool3DWithArgmax
x6 = f(1, 2, 4, 4, 5)
show("MaxPool3DWithArgmax", lambda: ops.MaxPool3DWithArgmax(2, 2, 0)(x6))
show("MaxPool3DWithArgmax pads", lambda: ops.MaxPool3DWithArgmax((2, 2, 3), (1, 2, 2), (1, 0, 1))(x6))
show("MaxPool3DWithArgmax dilation", lambda: ops.MaxPool3DWithArgmax(2, 1, 0, dilation=(1, 2, 2))(x6))
show("MaxPool3DWithArgmax ceil", lambda: ops.MaxPool3DWithArgmax(2, 2, 0, ceil_mode=True)(x6))
show("MaxPool3DWithArgmax int32 argmax", lambda: ops.MaxPool3DWithArgmax(
    2, 2, 0, argmax_type=ms.int32)(x6))
show("MaxPool3DWithArgmax int", lambda: ops.MaxPool3DWithArgmax(1, 1, 0)(
    Tensor(np.ones((1, 1, 1, 1, 1), np.int32))))
show("MaxPool3DWithArgmax 4d", lambda: ops.MaxPool3DWithArgmax(2, 2, 0)(f(2, 4, 4, 4)))
show("MaxPool3DWithArgmax pad too big", lambda: ops.MaxPool3DWithArgmax(2, 2, 2)(x6))
show("MaxPool3DWithArgmax argmax float", lambda: ops.MaxPool3DWithArgmax(
    2, 2, 0, argmax_type=ms.float32))
show("MaxPool3DWithArgmax NDHWC", lambda: ops.MaxPool3DWithArgmax(
    2, 2, 0, data_format="NDHWC"))
rep("MaxPool3DWithArgmax repr", lambda: ops.MaxPool3DWithArgmax(2, (1, 2, 2), 1))

# Col2Im
cols = f(1, 2, 4, 6)
show("Col2Im", lambda: ops.Col2Im((2, 2))(cols, Tensor(np.array([3, 4], np.int32))))
show("Col2Im stride pad", lambda: ops.Col2Im((2, 2), dilation=1, padding=1, stride=2)(
    f(1, 1, 4, 6), Tensor(np.array([3, 5], np.int32))))
show("Col2Im dilation", lambda: ops.Col2Im(2, dilation=2)(f(2, 1, 4, 4), Tensor(np.array([4, 4], np.int32))))
show("Col2Im float64", lambda: ops.Col2Im(1)(f(1, 1, 1, 4, dtype=np.float64),
                                            Tensor(np.array([2, 2], np.int32))))
show("Col2Im 3d", lambda: ops.Col2Im((2, 2))(f(1, 4, 6), Tensor(np.array([3, 4], np.int32))))
show("Col2Im wrong L", lambda: ops.Col2Im((2, 2))(f(1, 2, 4, 5), Tensor(np.array([3, 4], np.int32))))
show("Col2Im wrong kernel", lambda: ops.Col2Im((2, 2))(f(1, 2, 3, 6), Tensor(np.array([3, 4], np.int32))))
show("Col2Im size int64", lambda: ops.Col2Im((2, 2))(cols, Tensor(np.array([3, 4], np.int64))))
show("Col2Im kernel 0", lambda: ops.Col2Im(0))
show("Col2Im kernel 3", lambda: ops.Col2Im((1, 2, 3)))
rep("Col2Im repr", lambda: ops.Col2Im((2, 2), padding=1))
