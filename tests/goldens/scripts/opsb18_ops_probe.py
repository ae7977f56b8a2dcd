"""MindSpore 2.10 on what MindSpore's tests/st/ops files of session 18 (opsb18) exercise:
Slice with Tensor begin/size, _grad_ops.MaxPoolGradGrad, ops.shuffle / RandomShuffle on 0-d
input and their seed checks, nn_ops.SparseSoftmaxCrossEntropyWithLogitsV2, and a value-dependent
op (SparseSegmentMean, Unique) inside a GRAPH_MODE Cell at the STRICT syntax level.
Golden: tests/goldens/ops/opsb18_ops_probe.out (tests/ops/test_opsb18_ops.py)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, context, nn, ops
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G
from mindspore.ops.operations.nn_ops import SparseSoftmaxCrossEntropyWithLogitsV2


def show(label, fn):
    try:
        r = fn()
        rs = r if isinstance(r, tuple) else (r,)
        print(label, "->", "OK", [(str(t.dtype), list(t.shape), np.asarray(t.asnumpy(), np.float64)
                                   .ravel().tolist()) for t in rs])
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


def show_text(label, fn):
    try:
        print(label, "->", "TEXT", fn())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


class Wrapped(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        return self.fn(*args)


rng = np.random.default_rng(0)
x3 = Tensor(np.arange(18).reshape(3, 2, 3).astype(np.float32))
begin, size = Tensor(np.array([0, 1, 0]), ms.int64), Tensor(np.array([2, 1, 2]), ms.int64)
for mode, name in ((context.PYNATIVE_MODE, "pynative"), (context.GRAPH_MODE, "graph")):
    context.set_context(mode=mode)
    show(f"Slice tensor begin/size {name}", lambda: Wrapped(P.Slice())(x3, begin, size))
    show(f"Slice tensor begin/size grad {name}",
         lambda: Wrapped(ops.GradOperation()(Wrapped(P.Slice())))(x3, begin, size))
context.set_context(mode=context.PYNATIVE_MODE)
show("Slice size tuple too long", lambda: P.Slice()(x3, (0, 0, 0), (1, 1, 1, 1)))

data16 = np.arange(1 * 3 * 4 * 4).astype(np.float16).reshape(1, 3, 4, 4)
show("MaxPoolGradGrad VALID k2 s2 fp16",
     lambda: G.MaxPoolGradGrad(pad_mode="VALID", kernel_size=2, strides=2)(
         Tensor(data16), Tensor(np.zeros((1, 3, 2, 2), np.float16)), Tensor(data16 / 10)))
xr = rng.standard_normal((2, 3, 5, 5)).astype(np.float32)
gr = rng.standard_normal((2, 3, 5, 5)).astype(np.float32)
show("MaxPoolGradGrad SAME k3 s1 fp32",
     lambda: G.MaxPoolGradGrad(pad_mode="SAME", kernel_size=3, strides=1)(
         Tensor(xr), Tensor(xr), Tensor(gr)))
show("MaxPoolGradGrad SAME k(2,3) s2 fp32",
     lambda: G.MaxPoolGradGrad(pad_mode="same", kernel_size=(2, 3), strides=2)(
         Tensor(xr), Tensor(np.zeros((2, 3, 3, 3), np.float32)), Tensor(gr)))
show("MaxPoolGradGrad VALID k3 s2 fp32",
     lambda: G.MaxPoolGradGrad(pad_mode="VALID", kernel_size=3, strides=2)(
         Tensor(xr), Tensor(np.zeros((2, 3, 2, 2), np.float32)), Tensor(gr)))
show_text("MaxPoolGradGrad repr",
          lambda: G.MaxPoolGradGrad(pad_mode="VALID", kernel_size=2, strides=(1, 2)))
show_text("MaxPoolGradGrad bad pad_mode", lambda: G.MaxPoolGradGrad(pad_mode="full"))

xs = Tensor(np.arange(6).reshape(3, 2).astype(np.float32))
scalar = Tensor(np.array(2.5, np.float32))
show("shuffle 0-d", lambda: ops.shuffle(scalar, seed=3))
show("RandomShuffle 0-d", lambda: ops.RandomShuffle(seed=3, seed2=1)(scalar))
show("shuffle int input", lambda: ops.shuffle(2, seed=3))
show("RandomShuffle int input", lambda: ops.RandomShuffle(seed=1)(3))
for seed in (-3, 1.6, True, "1"):
    show(f"shuffle seed {seed!r}", lambda: ops.shuffle(xs, seed=seed))
for seed, seed2 in ((-1, 0), (1, -1), (1.5, 0), (True, 0), (0, False)):
    show_text(f"RandomShuffle seed {seed!r} seed2 {seed2!r}",
              lambda: type(ops.RandomShuffle(seed=seed, seed2=seed2)).__name__)
show_text("shuffle seed None shape", lambda: ops.shuffle(xs, seed=None).shape)

logits = Tensor(rng.standard_normal((4, 5)).astype(np.float32))
labels = Tensor(np.array([0, 4, 2, 1], np.int32))
show("SparseSoftmaxCrossEntropyWithLogitsV2 f32 int32",
     lambda: SparseSoftmaxCrossEntropyWithLogitsV2()(logits, labels))
show("SparseSoftmaxCrossEntropyWithLogitsV2 f16 int64",
     lambda: SparseSoftmaxCrossEntropyWithLogitsV2()(
         Tensor(rng.standard_normal((3, 6)).astype(np.float16)),
         Tensor(np.array([5, 0, 3], np.int64))))
show("SparseSoftmaxCrossEntropyWithLogitsV2 float labels",
     lambda: SparseSoftmaxCrossEntropyWithLogitsV2()(logits, Tensor(np.zeros(4, np.float32))))
show("SparseSoftmaxCrossEntropyWithLogitsV2 int logits",
     lambda: SparseSoftmaxCrossEntropyWithLogitsV2()(Tensor(np.zeros((4, 5), np.int32)), labels))
show_text("SparseSoftmaxCrossEntropyWithLogitsV2 repr",
          lambda: SparseSoftmaxCrossEntropyWithLogitsV2())

context.set_context(mode=context.GRAPH_MODE, jit_syntax_level=ms.STRICT)
segments = (Tensor(rng.random((4, 3)).astype(np.float32)), Tensor(np.array([0, 1, 3], np.int32)),
            Tensor(np.array([0, 2, 2], np.int32)))
show("STRICT graph sparse_segment_mean", lambda: Wrapped(ops.sparse_segment_mean)(*segments))
show("STRICT graph Unique", lambda: Wrapped(P.Unique())(Tensor(np.array([3, 1, 3, 2], np.int32))))


class UsesAsnumpy(nn.Cell):
    def construct(self, x):
        return Tensor(x.asnumpy() + 1)


show("STRICT graph user asnumpy", lambda: UsesAsnumpy()(Tensor(np.ones(2, np.float32))))
