"""MindSpore 2.10 on the ops its tests/st/ops and tests/st/tensor files exercise (session 12):
IndexAdd's gradient with an Int32 index input and its index dtype errors, Tensor.index_add's two
overloads (in place, as MindSpore's kernel works). Printed `label -> RESULT`;
tests/ops/test_st_ops12.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/st_ops12_probe.py \
        | grep -- " -> " > tests/goldens/ops/st_ops12_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, ParameterTuple, nn, ops


def shown(out, decimals=4):
    if isinstance(out, (tuple, list)):
        return [shown(o, decimals) for o in out]
    if isinstance(out, Tensor):
        a = out.asnumpy()
        if np.iscomplexobj(a):  # (+ 0.0: a -0.0 that rounding leaves is 0.0)
            return (str(out.dtype), (np.round(a.real.astype(np.float64), decimals) + 0.0).tolist(),
                    (np.round(a.imag.astype(np.float64), decimals) + 0.0).tolist())
        return (str(out.dtype), (np.round(a.astype(np.float64), decimals) + 0.0).tolist())
    return out


def show(label, fn, decimals=4):
    try:
        print(label, "->", shown(fn(), decimals))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


# -- IndexAdd: gradients with an integer index input; index dtypes ---------------------------
class IndexAddNet(nn.Cell):
    def __init__(self, dtype):
        super().__init__()
        self.x = Parameter(Tensor(np.arange(15).reshape(5, 3).astype(dtype)), name="x")
        self.index_add = ops.IndexAdd(1)

    def construct(self, idx, y):
        return self.index_add(self.x, idx, y)


def index_add_grads(dtype, mode):
    ms.set_context(mode=mode)
    net = IndexAddNet(dtype)
    grad = ops.GradOperation(get_all=True, sens_param=True, get_by_list=True)
    dout = Tensor(np.arange(63, 78).reshape(5, 3).astype(dtype))
    return grad(net, ParameterTuple(net.trainable_params()))(
        Tensor(np.array([1]), ms.int32), Tensor(np.arange(5).reshape(5, 1).astype(dtype)), dout)


for dtype in (np.float32, np.int32, np.uint8):
    for mode in (ms.GRAPH_MODE, ms.PYNATIVE_MODE):
        show(f"IndexAdd grads {dtype.__name__} mode{mode}", lambda: index_add_grads(dtype, mode))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("gather grad int index", lambda: ops.GradOperation(get_all=True)(
    lambda i, x: ops.gather(x, i, 0) * 2)(Tensor([1, 0], ms.int32), Tensor([1., 2., 3.])))

src = Tensor([[0.5, 1.0], [1.0, 1.5], [2.0, 2.5]], ms.float32)
for label, call in [
        ("Tensor.index_add dim", lambda x: x.index_add(1, Tensor([0, 2], ms.int32), src)),
        ("Tensor.index_add dim alpha", lambda x: x.index_add(1, Tensor([0, 2], ms.int32), src,
                                                             alpha=2)),
        ("Tensor.index_add indices", lambda x: x.index_add(Tensor([0, 2], ms.int32), src, 1)),
        ("Tensor.index_add float index", lambda x: x.index_add(1, Tensor([0., 2.]), src)),
        ("ops.index_add float index", lambda x: ops.index_add(x, Tensor([0., 2.]), src, 1)),
        ("ops.index_add int64 index", lambda x: ops.index_add(x, Tensor([0, 2], ms.int64), src, 1)),
        ("IndexAdd float index", lambda x: ops.IndexAdd(1)(x, Tensor([0., 2.]), src))]:
    def case(call=call):
        x = Tensor(np.arange(1, 10).reshape(3, 3).astype(np.float32))
        return call(x), x
    show(label, case)


# -- the 2-D and Hermitian FFTs over any axes -------------------------------------------------
x23 = Tensor(np.array([[1., 2., -1.], [0.5, 3., 2.]], np.float32))
x234 = Tensor(np.arange(24).reshape(2, 3, 4).astype(np.float32) % 5)
show("rfft2 s=(2,) dim=(0,)", lambda: ops.rfft2(x23, (2,), (0,)))
show("fft2 dim=(1,)", lambda: ops.fft2(x23, None, (1,)))
show("irfft2 3 axes", lambda: ops.irfft2(ops.rfft2(x234, None, (0, 1, 2)), None, (0, 1, 2)))
show("rfft2 grad dim=(0,)", lambda: ops.GradOperation(sens_param=True)(
    lambda x: ops.rfft2(x, (2,), (0,)))(x23, Tensor(np.ones((2, 3), np.complex64))))
for norm in (None, "forward", "ortho"):
    show(f"hfft2 {norm}", lambda: ops.hfft2(x234, None, (-2, -1), norm))
    show(f"ihfft2 {norm}", lambda: ops.ihfft2(x234, None, (-2, -1), norm))
    show(f"hfftn {norm}", lambda: ops.hfftn(x234, (2, 3, 4), None, norm))
    show(f"ihfftn {norm}", lambda: ops.ihfftn(x234, None, None, norm))
show("hfftn int", lambda: ops.hfftn(Tensor(np.arange(6).reshape(2, 3), ms.int32)))
show("ihfft2 grad", lambda: ops.GradOperation(sens_param=True)(
    lambda x: ops.ihfft2(x))(x234, Tensor(np.ones((2, 3, 3), np.complex64))))


# -- FillDiagonal (ops.operations.array_ops) ------------------------------------------------------
from mindspore.ops.operations import array_ops as AP  # noqa: E402

z73 = Tensor(np.zeros((7, 3), np.float32))
show("FillDiagonal wrap", lambda: AP.FillDiagonal(5., True)(z73))
show("FillDiagonal nowrap", lambda: AP.FillDiagonal(5., False)(z73))
show("FillDiagonal wide int32", lambda: AP.FillDiagonal(2., True)(Tensor(np.zeros((3, 5), np.int32))))
show("FillDiagonal 3d", lambda: AP.FillDiagonal(2.5)(Tensor(np.zeros((2, 2, 2), np.float32))))
show("FillDiagonal 3d unequal", lambda: AP.FillDiagonal(2.5)(Tensor(np.zeros((2, 3, 2), np.float32))))
show("FillDiagonal 1d", lambda: AP.FillDiagonal(2.5)(Tensor(np.zeros((3,), np.float32))))
show("FillDiagonal int fill_value", lambda: AP.FillDiagonal(2))
show("FillDiagonal 2.7 in int32", lambda: AP.FillDiagonal(2.7)(Tensor(np.zeros((3, 3), np.int32))))
show("FillDiagonal 300 in int8", lambda: AP.FillDiagonal(300.)(Tensor(np.zeros((3, 3), np.int8))))
show("FillDiagonal bool", lambda: AP.FillDiagonal(1.)(Tensor(np.zeros((3, 3), np.bool_))))
show("FillDiagonal repr", lambda: repr(AP.FillDiagonal(5., True)))
show("Tensor.fill_diagonal", lambda: Tensor(np.zeros((3, 3), np.float32)).fill_diagonal(4.))


# -- deformable_conv2d and DeformableOffsets ----------------------------------------------------
from mindspore.ops.operations import nn_ops as NNP  # noqa: E402

rng = np.random.RandomState(0)
dx = Tensor(rng.randn(1, 4, 5, 6).astype(np.float32))
dw = Tensor(rng.randn(2, 4, 2, 3).astype(np.float32))
doff = Tensor((rng.randn(1, 3 * 2 * 2 * 3, 4, 4) * 1.5).astype(np.float32))
dw2 = Tensor(rng.randn(2, 2, 2, 3).astype(np.float32))
doff2 = Tensor((rng.randn(1, 3 * 2 * 3, 3, 3) * 1.5).astype(np.float32))
show("deformable_conv2d deformable_groups=2", lambda: ops.deformable_conv2d(
    dx, dw, doff, (2, 3), (1, 1, 1, 1), (0, 0, 0, 0), deformable_groups=2))
show("deformable_conv2d groups=2 strided padded bias", lambda: ops.deformable_conv2d(
    dx, dw2, doff2, (2, 3), (1, 1, 2, 2), (1, 0, 0, 1), Tensor([0.5, -1.], ms.float32), groups=2))
show("deformable_conv2d dilated", lambda: ops.deformable_conv2d(
    dx, dw2[:, :, :, :2], Tensor(np.ones((1, 3 * 2 * 2, 3, 4), np.float32) * 0.3), (2, 2),
    (1, 1, 1, 1), (0, 0, 0, 0), dilations=(1, 1, 2, 2), groups=2))
show("deformable_conv2d offsets size", lambda: ops.deformable_conv2d(
    dx, dw2, doff2[:, :, :, :2], (2, 3), (1, 1, 2, 2), (1, 0, 0, 1), groups=2))
show("DeformableOffsets", lambda: NNP.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 3),
                                                         deformable_groups=2)(dx, doff))
show("DeformableOffsets not modulated", lambda: NNP.DeformableOffsets(
    (1, 1, 1, 1), (0, 0, 0, 0), (2, 3), deformable_groups=2, modulated=False)(dx, doff))
show("DeformableOffsets repr", lambda: repr(NNP.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0),
                                                                  (2, 3))))
show("deformable_conv2d grads", lambda: ops.GradOperation(get_all=True)(
    lambda x, w, o: ops.deformable_conv2d(x, w, o, (2, 3), (1, 1, 1, 1), (0, 0, 0, 0),
                                          deformable_groups=2))(dx, dw, doff), decimals=2)


# -- Median (NaN, empty inputs) and LpNorm of a high power ------------------------------------
xn = Tensor(np.array([[1., np.nan, 3., 2.], [4., 0., 2., 6.], [np.nan, 5., np.nan, 1.]],
                     np.float32))
for ignore_nan in (False, True):
    show(f"Median axis ignore_nan={ignore_nan}", lambda: ops.Median(False, 1, True, ignore_nan)(xn))
    # (the global median's index is left uninitialised by MindSpore's kernel: not compared)
    show(f"Median global ignore_nan={ignore_nan}", lambda: ops.Median(True, 0, False,
                                                                    ignore_nan)(xn)[0])
    show(f"Median global empty float ignore_nan={ignore_nan}", lambda: ops.Median(
        True, ignore_nan=ignore_nan)(Tensor(np.zeros((2, 0, 3), np.float32)))[0])
    show(f"Median global empty int ignore_nan={ignore_nan}", lambda: ops.Median(
        True, ignore_nan=ignore_nan)(Tensor(np.zeros((2, 0, 3), np.int32)))[0])
    show(f"Median axis empty ignore_nan={ignore_nan}", lambda: ops.Median(
        False, 1, ignore_nan=ignore_nan)(Tensor(np.zeros((1, 1, 1, 0), np.float32))))
show("ops.median nan", lambda: ops.median(xn, 1))
show("Tensor.median nan", lambda: xn.median(0))
show("ops.nanmedian", lambda: ops.nanmedian(xn, 1))
show("LpNorm p=90", lambda: ops.LpNorm(0, 90)(Tensor(np.array([[0.33854103], [-0.13209231]],
                                                            np.float32))))
show("LpNorm p=2 keep_dims", lambda: ops.LpNorm((0, 1), 2, True)(xn[1:2]))
show("LpNorm p=3 zeros", lambda: ops.LpNorm(1, 3)(Tensor(np.zeros((2, 3), np.float32))))
show("LpNorm p=1 grad", lambda: ops.GradOperation()(lambda x: ops.LpNorm(1, 1)(x).sum())(
    Tensor(np.array([[1., -2.], [3., 4.]], np.float32))))
show("LpNorm p=2 grad", lambda: ops.GradOperation()(lambda x: ops.LpNorm(1, 2)(x).sum())(
    Tensor(np.array([[1., -2.], [3., 4.]], np.float32))))


# -- PadV3 circular with negative paddings -----------------------------------------------------
from mindspore.ops.operations import nn_ops as NNOPS  # noqa: E402

x4 = Tensor(np.arange(9).reshape(1, 1, 3, 3).astype(np.float64))
x5 = Tensor(np.arange(18).reshape(1, 1, 2, 3, 3).astype(np.float32))
show("PadV3 circular (1,-1,1,2)", lambda: NNOPS.PadV3("circular")(x4, Tensor((1, -1, 1, 2),
                                                                            ms.int32)))
show("PadV3 circular (0,1,1,-1,0,-1)", lambda: NNOPS.PadV3("circular")(
    x5, Tensor((0, 1, 1, -1, 0, -1), ms.int32)))
show("PadV3 circular (-1,2,-2,0)", lambda: NNOPS.PadV3("circular")(x4, (-1, 2, -2, 0)))
show("PadV3 circular not contiguous", lambda: NNOPS.PadV3("circular", False)(
    x4, Tensor((1, -1, -1, 2), ms.int64)))


# -- TensorCopySlices (ops.operations._inner_ops); AdaptiveMaxPool3d of an empty input -----------
from mindspore.ops.operations import _inner_ops as INNER  # noqa: E402

zeros55 = Tensor(np.zeros((5, 5)), ms.int32)
show("TensorCopySlices rows", lambda: INNER.TensorCopySlices()(
    zeros55, Tensor(np.ones((2, 5)), ms.int32), (3, 0), (5, 5), (1, 1)))
show("TensorCopySlices fewer axes", lambda: INNER.TensorCopySlices()(
    zeros55, Tensor(np.arange(5), ms.int32), (1,), (2,), (1,)))
show("TensorCopySlices scalar", lambda: INNER.TensorCopySlices()(
    zeros55, Tensor(7, ms.int32), (1, 1), (2, 2), (1, 1)))
show("TensorCopySlices larger value", lambda: INNER.TensorCopySlices()(
    zeros55, Tensor(np.arange(15).reshape(3, 5), ms.int32), (3, 0), (5, 5), (1, 1)))
show("TensorCopySlices float64", lambda: INNER.TensorCopySlices()(
    Tensor(np.zeros((3, 4))), Tensor(np.ones((2, 2))), (0, 1), (2, 3), (1, 1)))
show("TensorCopySlices strides", lambda: INNER.TensorCopySlices()(
    zeros55, Tensor(np.arange(6).reshape(2, 3), ms.int32), (0, 0), (4, 5), (2, 2)))
show("TensorCopySlices repr", lambda: repr(INNER.TensorCopySlices()))


def error_type(fn):
    """The type of the error `fn()` raises (for messages that name a kernel by a counter)."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        return type(e).__name__
    return "no error"


for shape in ((0, 3, 3, 4), (2, 0, 3, 3, 4), (2, 3, 0, 3, 4)):
    show(f"AdaptiveMaxPool3d empty {shape}", lambda: error_type(
        lambda: nn.AdaptiveMaxPool3d([1, 1, 2])(Tensor(np.zeros(shape, np.float32)))))


# -- ops.auto_generate.SequenceConcat -----------------------------------------------------------
from mindspore.common import mutable  # noqa: E402
from mindspore.ops.auto_generate import SequenceConcat  # noqa: E402


class SequenceConcatNet(nn.Cell):
    def __init__(self, axis):
        super().__init__()
        self.op = SequenceConcat(axis)

    def construct(self, seq):
        return self.op(seq)


pieces = (Tensor([[1, 2], [2, 3]]), Tensor([[2, 3], [3, 4]]), Tensor([[3, 4], [4, 5]]))
ms.set_context(mode=ms.GRAPH_MODE)  # (MindSpore's CPU kernel takes a dynamic-length sequence)
for axis in (0, 1, -1):
    show(f"SequenceConcat graph axis={axis}", lambda: SequenceConcatNet(axis)(
        mutable(pieces, True)))
show("SequenceConcat graph list", lambda: SequenceConcatNet(0)(mutable(list(pieces[:2]), True)))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("SequenceConcat repr", lambda: repr(SequenceConcat(1)))


# -- geqrf (ops.geqrf, ops.Geqrf, Tensor.geqrf) and Cauchy draws (ops.Cauchy, Tensor.cauchy) -----
show("geqrf 3x2", lambda: ops.geqrf(Tensor(np.array(
    [[15.5862, 10.6579], [0.1885, -10.0553], [4.4496, 0.7312]], np.float32))))
show("geqrf zero diagonal", lambda: ops.geqrf(Tensor(np.arange(6).reshape(2, 3).astype(np.float64))))
show("geqrf zero columns", lambda: ops.geqrf(Tensor(np.array([[0., 1.], [0., 2.], [0., 0.]],
                                                             np.float32))))
show("geqrf negative diagonal", lambda: ops.geqrf(Tensor(np.array([[-2., 1.], [0., 2.], [0., 1.]],
                                                                  np.float32))))
show("geqrf wide", lambda: ops.geqrf(Tensor(np.array([[1., 1., 3.], [2., 2., 1.]], np.float32))))
show("geqrf float16", lambda: ops.Geqrf()(Tensor(np.array([[1., 2.], [3., 1.]], np.float16))))
show("Tensor.geqrf batched", lambda: Tensor(np.arange(24).reshape(2, 4, 3).astype(np.float32)
                                            % 7).geqrf())
show("geqrf rank 1", lambda: ops.geqrf(Tensor(np.arange(3).astype(np.float32))))
show("geqrf int32", lambda: error_type(lambda: ops.geqrf(Tensor(np.ones((2, 2), np.int32)))))

ms.set_seed(3)
for label, make in [("Cauchy size tuple", lambda: ops.Cauchy((2, 3))),
                    ("Cauchy median int", lambda: ops.Cauchy([2, 3], 1)),
                    ("Cauchy sigma int", lambda: ops.Cauchy([2, 3], 1.0, 2)),
                    ("Cauchy size float", lambda: ops.Cauchy([2.0, 3])),
                    ("Cauchy size negative", lambda: ops.Cauchy([2, -3]))]:
    show(label, lambda: repr(make()))
show("Cauchy repr", lambda: repr(ops.Cauchy([2, 3], 1.0, 0.5)))


def cauchy_summary(draws, median, sigma):
    """Shape, dtype, and whether the sample median and quartile are the distribution's."""
    values = draws.asnumpy().astype(np.float64)
    return (draws.shape, str(draws.dtype), bool(abs(np.median(values) - median) < 0.1 * sigma),
            bool(abs(np.percentile(values, 75) - (median + sigma)) < 0.15 * sigma))


show("Cauchy draws", lambda: cauchy_summary(ops.Cauchy([100, 100], 1.0, 0.5)(), 1.0, 0.5))
zeros64 = Tensor(np.zeros((100, 100)), ms.float64)
show("Tensor.cauchy draws", lambda: cauchy_summary(zeros64.cauchy(-2.0, 3.0), -2.0, 3.0))
show("Tensor.cauchy leaves the Tensor", lambda: bool((zeros64.cauchy(), zeros64)[1].asnumpy().any()))
show("Tensor.cauchy float16", lambda: str(Tensor(np.zeros((2, 2)), ms.float16).cauchy().dtype))


# -- Transpose's checks of its permutation (Tensor.transpose words them its own way in graph mode)
class TransposeNet(nn.Cell):
    def construct(self, x, axes):
        return x.transpose(axes)


def synced(fn):
    """`fn()`, its errors raised here (MindSpore's PyNative runs ops asynchronously: an op's
    error otherwise surfaces at a later op)."""
    def call():
        try:
            return fn()
        finally:
            _pynative_executor.sync()
    return call


from mindspore.common.api import _pynative_executor  # noqa: E402

x223 = Tensor(np.arange(12).reshape(2, 2, 3), ms.float32)
for mode in (ms.GRAPH_MODE, ms.PYNATIVE_MODE):
    ms.set_context(mode=mode)
    for axes in [(0, 2, 1), (0, 1, 3), (0, 1, -4), (0, 0, 1), (0, 1), (1, 0, 2, 3)]:
        show(f"Tensor.transpose mode{mode} {axes}", synced(lambda: TransposeNet()(x223,
                                                                                 axes).shape))
        show(f"ops.transpose mode{mode} {axes}", synced(lambda: ops.transpose(x223, axes).shape))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("Tensor.transpose(0, 1) 3-D", synced(lambda: x223.transpose(0, 1).shape))


# -- Tensor.float_power, true_divide, qr, nansum ------------------------------------------------
t23 = Tensor(np.array([[0.5, 2.0, -1.5], [3.0, np.nan, 1.0]], np.float32))
i23 = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
show("Tensor.float_power tensor", lambda: i23.float_power(Tensor(np.array([2., 0.5, -1.]))))
show("Tensor.float_power scalar", lambda: t23.float_power(2))
show("Tensor.true_divide", lambda: i23.true_divide(Tensor(np.array([2, 4, 5], np.int32))))
show("Tensor.true_divide scalar", lambda: i23.true_divide(2))
q3 = Tensor(np.array([[20, -31, 7], [4, 270, -90], [-8, 17, -32]], np.float32))
show("Tensor.qr", lambda: q3.qr())
show("Tensor.qr some=False", lambda: Tensor(np.arange(6).reshape(3, 2).astype(np.float32)).qr(
    False))
show("Tensor.nansum", lambda: t23.nansum())
show("Tensor.nansum axis keepdims", lambda: t23.nansum(1, True))
show("Tensor.nansum empty axis", lambda: t23.nansum((), False))
show("Tensor.nansum dtype", lambda: t23.nansum(0, True, dtype=ms.float64))
show("Tensor.nansum dim", lambda: error_type(lambda: t23.nansum(dim=0)))
show("Tensor.nansum int", lambda: i23.nansum(0))
show("ops.nansum dtypes", lambda: [str(ops.nansum(Tensor(np.ones(3, d))).dtype)
                                   for d in (np.int32, np.uint8, np.bool_, np.float16)])


# -- swapaxes/swapdims's axis checks; clamp/clip with neither bound ------------------------------
x2x3 = Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
show("Tensor.swapaxes tuple axis", lambda: x2x3.swapaxes(0, (1,)))
show("ops.swapdims tuple axis", lambda: ops.swapdims(x2x3, 0, (1,)))
show("Tensor.swapaxes float axis", lambda: x2x3.swapaxes(0.0, 1))
show("Tensor.swapaxes out of range", lambda: x2x3.swapaxes(0, 3))
show("ops.swapdims out of range", lambda: ops.swapdims(x2x3, -3, 1))
show("Tensor.swapdims", lambda: x2x3.swapdims(-1, 0))
show("Tensor.clip no bounds", lambda: x2x3.clip(None, None))
show("ops.clamp no bounds", lambda: ops.clamp(x2x3, None, None))


# -- Tensor.log_normal ---------------------------------------------------------------------------
def log_normal_summary(draws, mean, std):
    """Shape, dtype, and whether the logarithms' median and spread are N(mean, std²)'s."""
    logs = np.log(draws.asnumpy().astype(np.float64))
    return (draws.shape, str(draws.dtype), bool(abs(np.median(logs) - mean) < 0.1 * std),
            bool(abs(np.std(logs) - std) < 0.1 * std))


zeros32 = Tensor(np.zeros((100, 100)), ms.float32)
show("Tensor.log_normal draws", lambda: log_normal_summary(zeros32.log_normal(1.0, 0.5), 1.0, 0.5))
show("Tensor.log_normal leaves the Tensor", lambda: bool((zeros32.log_normal(),
                                                           zeros32)[1].asnumpy().any()))
show("Tensor.log_normal float16", lambda: str(Tensor(np.zeros((2, 2)), ms.float16).log_normal()
                                              .dtype))
show("Tensor.log_normal int32", lambda: Tensor(np.zeros((2, 2)), ms.int32).log_normal())
