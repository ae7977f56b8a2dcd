"""ops.pad with negative paddings (each crops its side, then the rest pads, in every mode) and
PadV3's size checks, TensorCopySlices' dtypes, scatter_nd's rank checks, the complex gradients of
atan/asin/acos/asinh/acosh (dy / conj(slope)), NextAfter's gradient, and float16 linear resampling
(computed in float32), as MindSpore 2.10 (CPU) gives them.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16c_misc_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16c_misc_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, nn
from mindspore.ops import operations as P
from mindspore.ops.operations import _inner_ops as INNER
from mindspore.ops.operations import _grad_ops as G
from mindspore.ops.operations.math_ops import NextAfter
from mindspore.ops.operations.image_ops import ResizeLinear1D


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if isinstance(value, Tensor):
        a = value.asnumpy()
        if a.dtype.kind == "c":
            return f"{value.dtype} {value.shape} {[str(z) for z in np.round(a, 5).tolist()]}"
        return f"{value.dtype} {value.shape} {np.round(a.astype(np.float64), 5).tolist()}"
    return repr(value)


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        lines = [line for line in str(e).split("\n") if line.strip() and line[0] != "-"]
        print(label, "->", type(e).__name__, lines[0][:300])


# -- ops.pad with negative paddings: crop, then pad -------------------------------------------
x = Tensor(np.arange(24).reshape((1, 2, 3, 4)), ms.float64)
for mode in ("constant", "reflect", "replicate", "circular"):
    show(f"pad negative {mode}", lambda: ops.pad(x, [-1, 2, 2, 1], mode, 6 if mode == "constant" else None))
    show(f"pad negative both {mode}", lambda: ops.pad(x, [-1, -1, 1, -1], mode, 6 if mode == "constant" else None))
for pads in ([-3, -2], [-5, 0], [-3, -2, -1, 0], [0, 0, -3, 0], [-4, 0, 1, 1], [1, 1, -3, -1]):
    show(f"pad {pads}", lambda: ops.pad(x, pads))
show("pad negative 1d reflect", lambda: ops.pad(Tensor(np.arange(6.0).reshape(1, 6)), (-2, 3), "reflect"))
show("ZeroPad2d negative", lambda: nn.ZeroPad2d((-1, 1, 0, 0))(x))

# -- TensorCopySlices' dtypes ------------------------------------------------------------------
for dt in (np.int64, np.int32, np.int16, np.int8, np.uint8, np.float16, np.float32, np.complex64, np.bool_):
    show(f"TensorCopySlices {np.dtype(dt).name}", lambda: INNER.TensorCopySlices()(
        Tensor(np.zeros((4,), dt)), Tensor(np.ones((2,), dt)), (1,), (3,), (1,)))

# -- scatter_nd's rank checks ------------------------------------------------------------------
show("scatter_nd scalar indices", lambda: ops.scatter_nd(
    Tensor(np.array(3, np.int64)), Tensor(np.ones((2,), np.float32)), (-23, 9, 36, -4)))
show("ScatterNd scalar indices", lambda: P.ScatterNd()(
    Tensor(np.array(3, np.int32)), Tensor(np.ones((2,), np.float32)), (4, 2)))
show("scatter_nd scalar updates", lambda: ops.scatter_nd(
    Tensor(np.array([[1]], np.int32)), Tensor(np.array(2.0, np.float32)), (4,)))
show("scatter_nd negative shape", lambda: ops.scatter_nd(
    Tensor(np.array([[1]], np.int32)), Tensor(np.array([2.0], np.float32)), (-4,)))

# -- the inverse trigonometric gradients of complex inputs -------------------------------------
for dt in (np.complex64, np.complex128):
    c = np.array([-0.5, 0, 0.5, 2.0, 1.0]).astype(dt)
    c = c + 0.5j * c * (np.arange(5) < 3)
    d = np.array([1, 0, -1, 1, 1]).astype(dt)
    d = d + 0.3j * d
    for name in ("AtanGrad", "AsinGrad", "ACosGrad", "AsinhGrad", "AcoshGrad"):
        show(f"{name} {np.dtype(dt).name}", lambda: getattr(G, name)()(Tensor(c), Tensor(d)))
for name in ("AtanGrad", "AsinGrad", "ACosGrad", "AsinhGrad", "AcoshGrad"):
    show(f"{name} float32", lambda: getattr(G, name)()(
        Tensor(np.array([0.0, 0.0, 0.5, 1.0], np.float32)), Tensor(np.array([0.0, 1.0, 2.0, 1.0], np.float32))))
    show(f"{name} complex64 zeros", lambda: getattr(G, name)()(
        Tensor(np.array([0.0, 0.0, 1.0], np.complex64)), Tensor(np.array([0.0, 1.0, 2.0], np.complex64))))

# -- NextAfter's gradient: the cotangent to x1, none to x2 ------------------------------------
a = Tensor(np.array([0.0, 1.0, -2.0], np.float32))
b = Tensor(np.array([0.1, 0.0, 3.0], np.float32))
show("NextAfter grad", lambda: ms.grad(lambda p, q: NextAfter()(p, q), grad_position=(0, 1))(a, b))
show("nextafter grad scaled", lambda: ms.grad(lambda p, q: ops.nextafter(p, q) * 3, grad_position=(0, 1))(a, b))
show("nextafter grad float64", lambda: ms.grad(lambda p, q: ops.nextafter(p, q), grad_position=(0, 1))(
    Tensor(np.array([0.0, 2.0]), ms.float64), Tensor(np.array([1.0, 1.0]), ms.float64)))

# -- linear resampling of float16, computed in float32 -----------------------------------------
xr = Tensor(np.array([[[1, 2, 3], [4, 5, 6]]]), ms.float16)
show("ResizeLinear1D f16 align", lambda: ResizeLinear1D("align_corners")(xr, Tensor(np.array([6], np.int64))))
show("ResizeLinear1D f16 half", lambda: ResizeLinear1D("half_pixel")(xr, Tensor(np.array([6], np.int64))))
show("ResizeLinear1D f16 wide", lambda: ResizeLinear1D("align_corners")(
    Tensor(np.linspace(-3, 7, 14).reshape(1, 2, 7), ms.float16), Tensor(np.array([17], np.int64))))
show("interpolate linear f16 align", lambda: ops.interpolate(xr, size=6, mode="linear", align_corners=True))
show("interpolate linear f16", lambda: ops.interpolate(xr, size=7, mode="linear"))
x2 = Tensor(np.linspace(-2, 5, 2 * 3 * 4).reshape(1, 2, 3, 4), ms.float16)
show("interpolate bilinear f16 align", lambda: ops.interpolate(x2, size=(5, 7), mode="bilinear", align_corners=True))
show("interpolate bilinear f16", lambda: ops.interpolate(x2, size=(5, 7), mode="bilinear"))
