"""_grad_ops.PSROIPoolingGrad (position-sensitive ROI pooling's backward: each bin's gradient
spread evenly over the pixels of its bin, in its bin's channel): MindSpore 2.10's results and
errors. Golden: tests/goldens/api/conformance_probe25.out."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, context
from mindspore.ops.operations import _grad_ops as G


def show(label, f):
    try:
        r = f()
        values = np.round(r.asnumpy().astype(np.float64), 4)
        print(label, "->", r.dtype, r.shape, values.tolist())
    except Exception as e:  # the error a case raises is its result (a RuntimeError's type
        message = str(e).strip().split("\n")[0][:200]  # only: MindSpore's is a C++ call stack)
        print(label, "->", type(e).__name__, "" if isinstance(e, RuntimeError) else message)


rng = np.random.RandomState(1)
rois = np.zeros((2, 5, 3), np.float32)
rois[:, 0, :] = [[0, 1, 1], [1, 0, 1]]
corners = rng.uniform(0, 120, size=(2, 2, 3, 2))
rois[:, 1, :] = corners[:, 0, :, 0].min(0)[None] if False else np.minimum(corners[:, 0, :, 0], corners[:, 1, :, 0])
rois[:, 2, :] = np.minimum(corners[:, 0, :, 1], corners[:, 1, :, 1])
rois[:, 3, :] = np.maximum(corners[:, 0, :, 0], corners[:, 1, :, 0])
rois[:, 4, :] = np.maximum(corners[:, 0, :, 1], corners[:, 1, :, 1])
rois[0, 1:, 2] = [24.4, 8.0, 40.6, 55.5]  # a half-way coordinate
dy = rng.uniform(-1, 1, size=(6, 2, 3, 3)).astype(np.float32)
for mode in (context.GRAPH_MODE, context.PYNATIVE_MODE):
    context.set_context(mode=mode)
    show(f"{mode} group 3", lambda: G.PSROIPoolingGrad((7, 6), 1.0 / 16, 3, 2)(Tensor(dy), Tensor(rois)))
    show(f"{mode} group 3 f16", lambda: G.PSROIPoolingGrad((7, 6), 1.0 / 16, 3, 2)(
        Tensor(dy.astype(np.float16)), Tensor(rois.astype(np.float16))))
    show(f"{mode} scale 1/8", lambda: G.PSROIPoolingGrad((9, 8), 0.125, 3, 2)(Tensor(dy), Tensor(rois)))
    show(f"{mode} group 1", lambda: G.PSROIPoolingGrad((5, 5), 1.0 / 16, 1, 3)(
        Tensor(dy.reshape(6, 18, 1, 1)[:, :3]), Tensor(rois)))
    show(f"{mode} dy shape wrong", lambda: G.PSROIPoolingGrad((7, 6), 1.0 / 16, 3, 2)(
        Tensor(np.ones((7, 2, 3, 3), np.float32)), Tensor(rois)))
show("repr", lambda: (print(G.PSROIPoolingGrad((7, 6), 0.0625, 3, 2)) or Tensor(0)))

attrs = {"input_size": 100, "spatial_scale": 1 / 16, "group_size": 7, "output_dim": 3}
for name, value in (("input_size", 1.1), ("input_size", (1, 1.1)), ("input_size", (1, 2, 3)),
                    ("input_size", -1), ("input_size", 0), ("input_size", (100, -1)),
                    ("input_size", (0, 100)), ("spatial_scale", "x"), ("spatial_scale", -0.15),
                    ("spatial_scale", 2), ("group_size", 7.1), ("group_size", -1), ("group_size", 0),
                    ("output_dim", 7.1), ("output_dim", -1), ("input_size", [5, 6])):
    show(f"attribute {name}={value!r}", lambda: (print(G.PSROIPoolingGrad(**{**attrs, name: value}))
                                                 or Tensor(0)))
op = G.PSROIPoolingGrad(**attrs)
one = Tensor([1.0], ms.float32)
show("python float dy", lambda: op(1.0, one))
show("float64 inputs", lambda: op(Tensor([1.0], ms.float64), Tensor([1.0], ms.float64)))
show("rois rank 1", lambda: op(Tensor(np.ones((1, 3, 7, 7)), ms.float32), one))
