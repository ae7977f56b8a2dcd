"""MindSpore 2.10's MaxPoolGradGradWithArgmax and PadV3Grad (`ops.operations._grad_ops`): values
(PyNative, graph mode, vmap), attributes, reprs and the errors of their checks.
Golden: tests/goldens/ops/ops18_grad_primitives_probe.out (tests/ops/test_ops18_grad_primitives.py).
Not probed: indices out of `grad`'s buffer (MindSpore's kernel reads memory outside it), negative
PadV3Grad paddings or ones as large as the input's axis (docs/migration.md)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, context, nn, ops
from mindspore.ops.operations import _grad_ops as G


def show(label, fn):
    try:
        r = fn()
        print(label, "->", "OK", r.dtype, r.shape,
              np.asarray(r.asnumpy().real, np.float64).ravel().tolist())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


def show_op(label, make):
    try:
        op = make()
        print(label, "->", "OK", repr(op), op.kernel_size, op.strides, op.pad_mode)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


x = Tensor(np.arange(2 * 2 * 4 * 4, dtype=np.float32).reshape(2, 2, 4, 4))
g = Tensor(np.arange(2 * 2 * 4 * 4, dtype=np.float32).reshape(2, 2, 4, 4) / 10)
a = Tensor(np.array([[[[0, 1], [5, 7]], [[7, 16], [20, 31]]],
                     [[[3, 2], [9, 15]], [[0, 17], [31, 30]]]], np.int32))
shifted = Tensor(np.array([30, 0], np.int32).reshape(2, 1, 1, 1))  # sample 0's past its own
for mode in (context.PYNATIVE_MODE, context.GRAPH_MODE):
    context.set_context(mode=mode)
    op = G.MaxPoolGradGradWithArgmax(2, 2, "VALID")
    show(f"mpgg {mode} basic", lambda: op(x, g, a))
    show(f"mpgg {mode} f16", lambda: op(x.astype(ms.float16), g.astype(ms.float16), a))
    show(f"mpgg {mode} int64 argmax", lambda: op(x, g, a.astype(ms.int64)))
    show(f"mpgg {mode} into next sample", lambda: op(x, g, a + shifted))
    show(f"mpgg {mode} same", lambda: G.MaxPoolGradGradWithArgmax(3, 1, "same")(
        x, g, Tensor(np.ones((2, 2, 4, 4), np.int64))))
    show(f"mpgg {mode} argmax shape", lambda: op(x, g, a[:, :, :1]))
    show(f"mpgg {mode} f64", lambda: op(x.astype(ms.float64), g.astype(ms.float64), a))
    show(f"mpgg {mode} int32", lambda: op(x.astype(ms.int32), g.astype(ms.int32), a))
    show(f"mpgg {mode} argmax f32", lambda: op(x, g, a.astype(ms.float32)))
    show(f"mpgg {mode} mixed", lambda: op(x, g.astype(ms.float16), a))
    show(f"mpgg {mode} x f64", lambda: op(x.astype(ms.float64), g, a))
    show(f"mpgg {mode} grad shape", lambda: op(x, g[:, :1], a))
    show(f"mpgg {mode} x rank3", lambda: op(x[0], g[0], a[0]))
    show(f"mpgg {mode} grad rank3", lambda: op(x, g[0], a))
    show(f"mpgg {mode} argmax rank3", lambda: op(x, g, a[0]))
context.set_context(mode=context.PYNATIVE_MODE)
rng = np.random.default_rng(0)
xs = Tensor(rng.standard_normal((2, 3, 4, 4, 3)).astype(np.float32))
gs = Tensor(rng.standard_normal((2, 3, 4, 4, 3)).astype(np.float32))
am = Tensor(rng.integers(0, 48, (2, 3, 4, 4, 3)).astype(np.int32))
show("mpgg vmap", lambda: ops.vmap(G.MaxPoolGradGradWithArgmax(3, 1, "SAME"), in_axes=-1)(
    xs, gs, am))


class GradGrad(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = G.MaxPoolGradGradWithArgmax(3, 1, "SAME")

    def construct(self, x, grad, argmax):
        return self.op(x, grad, argmax)


show("mpgg vmap cell", lambda: ops.vmap(GradGrad(), in_axes=-1)(xs, gs, am))
show_op("mpgg attrs", lambda: G.MaxPoolGradGradWithArgmax(3, (1, 2), "same"))
show_op("mpgg default", lambda: G.MaxPoolGradGradWithArgmax())
show_op("mpgg 4-tuple", lambda: G.MaxPoolGradGradWithArgmax((1, 1, 2, 3), 1, "valid"))
show_op("mpgg bad pad", lambda: G.MaxPoolGradGradWithArgmax(2, 2, "FULL"))
show_op("mpgg pad int", lambda: G.MaxPoolGradGradWithArgmax(2, 2, 1))
show_op("mpgg kernel 3-tuple", lambda: G.MaxPoolGradGradWithArgmax((2, 2, 2), 2, "VALID"))
show_op("mpgg kernel 0", lambda: G.MaxPoolGradGradWithArgmax(0, 2, "VALID"))
show_op("mpgg kernel float", lambda: G.MaxPoolGradGradWithArgmax(2.0, 2, "VALID"))
show_op("mpgg kernel list", lambda: G.MaxPoolGradGradWithArgmax([2, 2], 2, "VALID"))
show_op("mpgg strides neg", lambda: G.MaxPoolGradGradWithArgmax(2, (1, -1), "VALID"))

x3 = Tensor(np.arange(2 * 3 * 7, dtype=np.float32).reshape(2, 3, 7))
x4 = Tensor(np.arange(2 * 5 * 6, dtype=np.float32).reshape(1, 2, 5, 6))
x5 = Tensor(np.arange(2 * 4 * 5 * 6, dtype=np.float32).reshape(1, 2, 4, 5, 6))
pads = Tensor(np.array([1, 1, 1, 1], np.int64))
for mode in ("reflect", "edge", "circular"):
    op = G.PadV3Grad(mode)
    show(f"padg {mode} 3d", lambda: op(x3, Tensor(np.array([2, 1], np.int64))))
    show(f"padg {mode} 3d zero", lambda: op(x3, Tensor(np.array([0, 0], np.int64))))
    show(f"padg {mode} 4d", lambda: op(x4, Tensor(np.array([1, 2, 1, 1], np.int32))))
    show(f"padg {mode} 4d not contiguous", lambda: G.PadV3Grad(mode, False)(
        x4, Tensor(np.array([1, 1, 2, 1], np.int32))))
    show(f"padg {mode} 5d", lambda: op(x5, Tensor(np.array([1, 1, 2, 0, 1, 0], np.int64))))
    show(f"padg {mode} tuple", lambda: op(x4, (1, 1, 1, 1)))
    for dtype in (ms.float64, ms.float16, ms.int32, ms.uint8, ms.complex64, ms.bool_):
        show(f"padg {mode} {dtype}", lambda: op(x4.astype(dtype), pads))
    show(f"padg {mode} 4d 2 paddings", lambda: op(x4, Tensor(np.array([1, 2], np.int64))))
    show(f"padg {mode} 2d", lambda: op(x4[0, 0], Tensor(np.array([1, 1], np.int64))))
    show(f"padg {mode} 3 paddings", lambda: op(x4, Tensor(np.array([1, 1, 1], np.int64))))


class PadGrad(nn.Cell):
    def __init__(self, mode):
        super().__init__()
        self.op = G.PadV3Grad(mode)

    def construct(self, x, paddings):
        return self.op(x, paddings)


context.set_context(mode=context.GRAPH_MODE)
show("padg graph edge", lambda: PadGrad("edge")(x4, Tensor(np.array([1, 2, 1, 0], np.int64))))
show("padg graph circular", lambda: PadGrad("circular")(x5, Tensor(np.array([1, 0, 1, 1, 1, 1],
                                                                             np.int64))))
context.set_context(mode=context.PYNATIVE_MODE)
for label, make in (("padg default", lambda: G.PadV3Grad()),
                    ("padg circular", lambda: G.PadV3Grad("circular", False)),
                    ("padg constant", lambda: G.PadV3Grad("constant")),
                    ("padg mode int", lambda: G.PadV3Grad(1)),
                    ("padg contiguous int", lambda: G.PadV3Grad("edge", 1))):
    try:
        op = make()
        print(label, "->", "OK", repr(op), op.mode, op.paddings_contiguous)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])
