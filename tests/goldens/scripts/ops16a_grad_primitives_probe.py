"""MindSpore 2.10's gradient Primitives MaxPoolGradWithArgmaxV2, SigmoidCrossEntropyWithLogitsGrad
and L2NormalizeGrad (ops.operations._grad_ops): values, dtypes, reprs, vmap and errors."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops.operations import _grad_ops as G


def show(label, fn, *args):
    try:
        out = fn(*args)
        outs = out if isinstance(out, tuple) else (out,)
        print(f"{label} -> " + repr(tuple(
            (str(o.dtype), o.shape, np.round(o.asnumpy().astype(np.float64), 4).tolist())
            for o in outs)))
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


rng = np.random.RandomState(16)
x = Tensor(rng.randn(2, 3, 5, 6).astype(np.float32))
for label, attrs in (("k2s2", (2, 2, 0, 1, False)), ("k3s1p1", (3, 1, 1, 1, False)),
                     ("k3s2ceil", (3, 2, 0, 1, True)), ("k2s1d2", (2, 1, 0, 2, False))):
    fwd = ops.MaxPoolWithArgmaxV2(*attrs)
    out, arg = fwd(x)
    dy = Tensor(rng.rand(*out.shape).astype(np.float32))
    show(f"mpgv2 {label}", G.MaxPoolGradWithArgmaxV2(*attrs), x, dy, arg)
    show(f"mpgv2 {label} int32 argmax", G.MaxPoolGradWithArgmaxV2(*attrs, ms.int32), x, dy,
         arg.astype(ms.int32))
    show(f"mpgv2 {label} f16", G.MaxPoolGradWithArgmaxV2(*attrs), x.astype(ms.float16),
         dy.astype(ms.float16), arg)
print("mpgv2 repr ->", G.MaxPoolGradWithArgmaxV2(2, 2, 0, 1, False))
print("mpgv2 repr2 ->", G.MaxPoolGradWithArgmaxV2((3, 2), (1, 2), (1, 0), (1, 1), True, ms.int32))
xs = Tensor(np.arange(36).reshape(1, 1, 6, 6).astype(np.float32))
dys = Tensor(np.arange(9).reshape(1, 1, 3, 3).astype(np.float32))
idx = Tensor(np.array([[[[7, 9, 11], [19, 21, 23], [31, 33, 35]]]], np.int32))
class GradCell(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.grad = G.MaxPoolGradWithArgmaxV2(2, 2, 0, 1, False)

    def construct(self, x, dy, argmax):
        return self.grad(x, dy, argmax)


vm = ops.vmap(GradCell(), in_axes=(-1, -1, -1), out_axes=0)
show("mpgv2 vmap", vm, Tensor(np.arange(72).reshape(1, 1, 6, 6, 2).astype(np.float32)),
     Tensor(np.arange(18).reshape(1, 1, 3, 3, 2).astype(np.float32)),
     Tensor(np.stack([idx.asnumpy()] * 2, -1)))
show("mpgv2 rank3", G.MaxPoolGradWithArgmaxV2(2, 2, 0, 1, False), xs[0], dys[0], idx[0])

logits = Tensor(rng.randn(3, 4).astype(np.float32))
labels = Tensor(rng.rand(3, 4).astype(np.float32))
dout = Tensor(rng.rand(3, 4).astype(np.float32))
show("scewl grad", G.SigmoidCrossEntropyWithLogitsGrad(), logits, labels, dout)
show("scewl grad f16", G.SigmoidCrossEntropyWithLogitsGrad(), logits.astype(ms.float16),
     labels.astype(ms.float16), dout.astype(ms.float16))
show("scewl grad f64", G.SigmoidCrossEntropyWithLogitsGrad(), logits.astype(ms.float64),
     labels.astype(ms.float64), dout.astype(ms.float64))
print("scewl repr ->", G.SigmoidCrossEntropyWithLogitsGrad())

xn = rng.randn(2, 3, 4).astype(np.float32)
for axis in (0, 1, -1):
    xt = Tensor(xn)
    out = ops.L2Normalize(axis=axis)(xt)
    dout = Tensor(rng.randn(2, 3, 4).astype(np.float32))
    show(f"l2n grad axis{axis}", G.L2NormalizeGrad(axis, 1e-4), xt, out, dout)
z = Tensor(np.array([[0.001, 0.002], [3.0, 4.0]], np.float32))
show("l2n grad eps", G.L2NormalizeGrad(1, 1e-4), z, ops.L2Normalize(axis=1, epsilon=1e-4)(z),
     Tensor(np.ones((2, 2), np.float32)))
show("l2n grad eps default", G.L2NormalizeGrad(), z, ops.L2Normalize(axis=0)(z),
     Tensor(np.ones((2, 2), np.float32)))
z = Tensor(np.array([[1e-5, 2e-5], [0.0, 0.0]], np.float32))
y = Tensor(np.array([[0.1, 0.2], [0.6, 0.8]], np.float32))
show("l2n grad below eps", G.L2NormalizeGrad(1, 1e-4), z, y, Tensor(np.ones((2, 2), np.float32)))
show("l2n grad tiny eps", G.L2NormalizeGrad(1, 1e-12), z[:1], y[:1],
     Tensor(np.ones((1, 2), np.float32)))
print("l2n repr ->", G.L2NormalizeGrad(1, 1e-4))
print("l2n repr default ->", G.L2NormalizeGrad())
