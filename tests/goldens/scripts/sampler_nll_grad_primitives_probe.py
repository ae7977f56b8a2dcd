"""MindSpore 2.10's generated gradient Primitives GridSampler2DGrad, GridSampler3DGrad and
NLLLossGrad (`mindspore.ops.auto_generate`): both gradients of grid sampling for every mode,
padding and align_corners, NLLLoss's logits gradient for each reduction and an ignored class,
their reprs, the errors of bad attributes and inputs, and NLLLoss with an ignored label outside
the classes.
Golden: tests/goldens/ops/sampler_nll_grad_primitives_probe.out
(tests/ops/test_sampler_nll_grad_primitives.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor
from mindspore.ops import auto_generate as gen

rng = np.random.default_rng(0)
x = Tensor(rng.normal(size=(2, 3, 4, 5)).astype(np.float32))
grid = Tensor(rng.uniform(-1.2, 1.2, size=(2, 3, 2, 2)).astype(np.float32))
g = Tensor(rng.normal(size=(2, 3, 3, 2)).astype(np.float32))
x3 = Tensor(rng.normal(size=(1, 2, 3, 4, 3)).astype(np.float32))
grid3 = Tensor(rng.uniform(-1.2, 1.2, size=(1, 2, 2, 2, 3)).astype(np.float32))
g3 = Tensor(rng.normal(size=(1, 2, 2, 2, 2)).astype(np.float32))


def values(r):
    items = r if isinstance(r, tuple) else (r,)
    return " ; ".join(f"{o.dtype} {o.shape} {np.asarray(o.asnumpy(), np.float64).ravel().tolist()}"
                      for o in items)


def show(label, fn):
    try:
        print(label, "->", "OK", values(fn()))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


for mode in ("bilinear", "nearest"):
    for pad in ("zeros", "border", "reflection"):
        for corners in (False, True):
            show(f"2d {mode} {pad} {corners}",
                 lambda: gen.GridSampler2DGrad(mode, pad, corners)(g, x, grid))
            show(f"3d {mode} {pad} {corners}",
                 lambda: gen.GridSampler3DGrad(mode, pad, corners)(g3, x3, grid3))
show("2d output_mask (1, 0)", lambda: gen.GridSampler2DGrad("bilinear", "zeros", False,
                                                            (1, 0))(g, x, grid))
show("2d float16", lambda: gen.GridSampler2DGrad()(g.astype(ms.float16), x.astype(ms.float16),
                                                   grid.astype(ms.float16)))
print("repr 2d ->", repr(gen.GridSampler2DGrad()))
print("repr 3d ->", repr(gen.GridSampler3DGrad("nearest", "border", True)))
show("2d mode bicubic", lambda: gen.GridSampler2DGrad("bicubic")(g, x, grid))
show("3d padding wrap", lambda: gen.GridSampler3DGrad("bilinear", "wrap")(g3, x3, grid3))
show("2d grid last axis 1", lambda: gen.GridSampler2DGrad()(g, x, grid[:, :, :, :1]))
show("3d grid last axis 2", lambda: gen.GridSampler3DGrad()(g3, x3, grid3[..., :2]))

logits = Tensor(rng.normal(size=(3, 4)).astype(np.float32))
labels = Tensor(np.array([1, 0, 3], np.int32))
weight = Tensor(np.array([0.5, 1.0, 2.0, 1.5], np.float32))
for reduction in ("none", "mean", "sum"):
    loss, total = ops.NLLLoss(reduction)(logits, labels, weight)
    loss_grad = Tensor(np.full(loss.shape, 0.7, np.float32))
    show(f"nll {reduction}",
         lambda: gen.NLLLossGrad(reduction)(logits, loss_grad, labels, weight, total))
show("nll mean ignore_index 1",
     lambda: gen.NLLLossGrad("mean", 1)(logits, Tensor(np.float32(1.0)), labels, weight,
                                         Tensor(np.float32(3.5))))
show("nll int64 labels",
     lambda: gen.NLLLossGrad("sum")(logits, Tensor(np.float32(2.0)), labels.astype(ms.int64),
                                     weight, Tensor(np.float32(5.0))))
print("repr nll ->", repr(gen.NLLLossGrad()))
show("nll reduction avg", lambda: gen.NLLLossGrad("avg")(logits, Tensor(np.float32(1.0)), labels,
                                                         weight, Tensor(np.float32(1.0))))

# NLLLoss itself with a label equal to ignore_index outside the classes (the default -100, as
# padded token batches have): the row counts 0 in the loss and the total weight
padded = Tensor(np.array([1, -100, 3], np.int32))
for reduction in ("none", "mean", "sum"):
    show(f"NLLLoss {reduction} label -100", lambda: ops.NLLLoss(reduction)(logits, padded, weight))
show("nll_loss label -100", lambda: ops.nll_loss(logits, padded, weight))
show("grad NLLLoss mean label -100",
     lambda: ops.grad(lambda a: ops.NLLLoss("mean")(a, padded, weight)[0])(logits))
