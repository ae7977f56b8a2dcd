"""MindSpore 2.10: ROIAlign's adaptive grid (sample_num <= 0) on boxes far larger than the feature
map, in PyNative and graph mode; SoftmaxBackward (`ops.auto_generate`) and its gradient in graph
mode (MindSpore's CPU has no PyNative kernel for it), its `dim` check; the ValueError of legacy
Primitives checking their input count (PSROIPoolingGrad, ROIAlign, BoundingBoxEncode) in
PyNative and graph mode.
Golden: tests/goldens/ops/ops17_roi_softmax_arity_probe.out (tests/ops/test_ops17_roi_softmax_arity.py).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops17_roi_softmax_arity_probe.py \
        | grep -- " -> " > tests/goldens/ops/ops17_roi_softmax_arity_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G
from mindspore.common.api import _pynative_executor


def show(label, fn):
    try:
        r = fn()
        _pynative_executor.sync()
        rs = r if isinstance(r, (tuple, list)) else [r]
        print(label, "->", "OK", [(str(x.dtype), x.shape,
                                   np.asarray(x.asnumpy(), np.float64).ravel().tolist())
                                  for x in rs])
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


class Call(nn.Cell):
    def __init__(self, prim):
        super().__init__()
        self.prim = prim

    def construct(self, *args):
        return self.prim(*args)


rng = np.random.default_rng(0)
features = {"f32": Tensor(rng.normal(size=(2, 3, 6, 7)).astype(np.float32)),
            "f16": Tensor(rng.normal(size=(2, 3, 6, 7)).astype(np.float16))}
rois = np.array([[0, -2.0, -2.0, 22.0, 22.0], [1, -30.0, 5.0, 40.0, 9.0],
                 [0, 3.0, -25.0, 5.0, 31.0], [1, 1.5, 2.5, 4.0, 5.0],
                 [0, -60.0, -70.0, -20.0, 50.0]], np.float32)
attrs = [(2, 2, 1.0, -1, 0), (3, 2, 0.5, 0, 1), (1, 3, 2.0, -1, 1), (2, 3, 0.25, -2, 0)]
for mode, m in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for dtype, x in features.items():
        for args in attrs:
            show(f"{m} ROIAlign{args} {dtype}",
                 lambda: Call(P.ROIAlign(*args))(x, Tensor(rois.astype(x.asnumpy().dtype))))


class SoftmaxBackwardNet(nn.Cell):
    def __init__(self, dim):
        super().__init__()
        self.op = ops.auto_generate.SoftmaxBackward()
        self.dim = dim

    def construct(self, dout, out):
        return self.op(dout, out, self.dim)


class SoftmaxBackwardGrad(nn.Cell):
    def __init__(self, dim):
        super().__init__()
        self.net = SoftmaxBackwardNet(dim)

    def construct(self, dout, out):
        return ops.grad(self.net, (0, 1))(dout, out)


ms.set_context(mode=ms.GRAPH_MODE)
dout = rng.normal(size=(3, 4)).astype(np.float32)
out = rng.uniform(0, 1, size=(3, 4)).astype(np.float32)
for dim in (-1, 0, 1, -2):
    for dtype in (np.float32, np.float16, np.float64):
        show(f"SoftmaxBackward dim={dim} {dtype.__name__}",
             lambda: SoftmaxBackwardNet(dim)(Tensor(dout.astype(dtype)), Tensor(out.astype(dtype))))
        show(f"SoftmaxBackward grad dim={dim} {dtype.__name__}",
             lambda: SoftmaxBackwardGrad(dim)(Tensor(dout.astype(dtype)), Tensor(out.astype(dtype))))
show("SoftmaxBackward dim=2", lambda: SoftmaxBackwardNet(2)(Tensor(dout), Tensor(out)))
show("SoftmaxBackward dim=-3", lambda: SoftmaxBackwardNet(-3)(Tensor(dout), Tensor(out)))
print("SoftmaxBackward repr ->", repr(ops.auto_generate.SoftmaxBackward()))

t = Tensor([1.0], ms.float32)
for mode, m in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for name, prim, count in [("PSROIPoolingGrad", G.PSROIPoolingGrad(100, 1 / 16, 7, 3), 2),
                              ("ROIAlign", P.ROIAlign(2, 2, 1.0), 2),
                              ("BoundingBoxEncode", P.BoundingBoxEncode(), 2)]:
        for given in (0, count - 1, count + 1, count + 2):
            show(f"{m} {name} with {given} inputs", lambda: Call(prim)(*([t] * given)))
