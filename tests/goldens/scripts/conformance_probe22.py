"""Gradient and sparse Primitives MindSpore's tests call directly: _grad_ops.DropoutGrad,
LRNGrad, auto_generate.CdistGrad, SparseToDense (and its gradient), sparse_ops'
SparseSegment{Mean,Sum,SqrtN}[WithNumSegments], SparseDenseCwise{Add,Mul} (its CPU has no
SparseDenseCwiseDiv: tests/ops/test_sparse_primitives.py checks msjax's against NumPy),
SparseSparseMinimum/Maximum, Padding, MaskedSelect with its gradient in a graph-mode Cell and
ApplyAdagradDA (its Parameters after the step too): MindSpore 2.10's results.
Golden: tests/goldens/api/conformance_probe22.out."""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Tensor, context, nn
from mindspore.common import dtype as mstype
from mindspore.ops import auto_generate as gen
from mindspore.ops import composite as C
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G
from mindspore.ops.operations import sparse_ops as S
from mindspore.ops.operations.math_ops import SparseSegmentMean


def show(label, f):
    try:
        r = f()
        for i, t in enumerate(r if isinstance(r, (tuple, list)) else (r,)):
            values = np.round(t.asnumpy().astype(np.float64), 4) if t.dtype in (
                mstype.float16, mstype.float32, mstype.float64) else t.asnumpy()
            print(f"{label}[{i}]", "->", t.dtype, t.shape, values.tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


f32, f16 = mstype.float32, mstype.float16
dy = Tensor(np.array([[[3., 1., 2.]], [[4., 1., 4.]]]), f16)
mask = Tensor(np.array([[[1., 0, 0]], [[0., 0., 1.]]]), f16)
show("DropoutGrad f16", lambda: G.DropoutGrad(0.3333333333)(dy, mask))
show("DropoutGrad f32", lambda: G.DropoutGrad()(Tensor(dy.asnumpy(), f32), Tensor(mask.asnumpy(), f32)))
show("DropoutGrad keep 1", lambda: G.DropoutGrad(1.)(Tensor([[6.]], f32), Tensor([[1.]], f32)))
show("DropoutGrad repr", lambda: (print(G.DropoutGrad(0.25)) or Tensor(0)))


class DropoutGradNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = G.DropoutGrad(0.3333333333)

    def construct(self, dy, mask):
        return self.op(dy, mask)


show("DropoutGrad second order", lambda: C.GradOperation(get_all=True)(DropoutGradNet())(dy, mask))

rng = np.random.RandomState(0)
x = rng.randn(2, 5, 2, 3).astype(np.float32)
grad_y = rng.randn(2, 5, 2, 3).astype(np.float32)
y = P.LRN(depth_radius=2, bias=1.0, alpha=0.1, beta=0.75)(Tensor(x))
show("LRNGrad", lambda: G.LRNGrad(depth_radius=2, bias=1.0, alpha=0.1, beta=0.75)(
    Tensor(grad_y), Tensor(x), y))
show("LRNGrad defaults", lambda: G.LRNGrad()(Tensor(grad_y), Tensor(x),
                                              P.LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5)(Tensor(x))))
show("LRNGrad y given", lambda: G.LRNGrad(depth_radius=1, bias=2.0, alpha=0.5, beta=0.5)(
    Tensor(grad_y), Tensor(x), Tensor(x * 0.5)))

g = rng.randn(2, 3, 4).astype(np.float32)
x1 = rng.randn(2, 3, 2).astype(np.float32)
x2 = rng.randn(2, 4, 2).astype(np.float32)
for p in (0.0, 1.0, 2.0, 3.0, 0.5, float("inf")):
    d = P.Cdist(p)(Tensor(x1), Tensor(x2))
    show(f"CdistGrad p={p}", lambda: gen.CdistGrad(p)(Tensor(g), Tensor(x1), Tensor(x2), d))
show("CdistGrad given dist", lambda: gen.CdistGrad(3.)(
    Tensor(np.array([[[1.0, 1.0], [2.0, 2.0]]]), f32), Tensor(np.array([[[1.0, 1.0], [2.0, 2.0]]]), f32),
    Tensor(np.array([[[3.0, 3.0], [3.0, 3.0]]]), f32), Tensor(np.array([[[3.0, 3.0], [3.0, 0.0]]]), f32)))
show("CdistGrad 2-D", lambda: gen.CdistGrad(2.)(Tensor(g[0]), Tensor(x1[0]), Tensor(x2[0]),
                                                  P.Cdist(2.)(Tensor(x1[0]), Tensor(x2[0]))))


class SparseToDenseNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = P.SparseToDense()

    def construct(self, indices, values, shape):
        return self.op(indices, values, shape)


idx = Tensor(np.array([[0, 1], [1, 2], [2, 0]]), mstype.int32)
show("SparseToDense f32", lambda: P.SparseToDense()(idx, Tensor([7.5, 8., 9.], f32), (3, 4)))
show("SparseToDense int64 idx bool", lambda: P.SparseToDense()(
    Tensor(np.array([[0, 1], [1, 2]]), mstype.int64), Tensor([True, True]), (2, 3)))
show("SparseToDense 1-D", lambda: P.SparseToDense()(Tensor(np.array([[2], [4]]), mstype.int32),
                                                     Tensor([1., 2.], f16), (6,)))
show("SparseToDense grad", lambda: C.GradOperation(get_all=True, sens_param=True)(SparseToDenseNet())(
    idx, Tensor([7.5, 8., 9.], f32), (3, 4), Tensor(np.arange(12).reshape(3, 4), f32)))

xs = Tensor([[0, 2, 0, 0], [0, 1, 1, 0], [2, 0, 2, 0]], f32)
ind = Tensor([0, 2, 1], mstype.int32)
seg = Tensor([0, 0, 2], mstype.int32)
show("SparseSegmentMeanWithNumSegments", lambda: S.SparseSegmentMeanWithNumSegments()(
    xs, ind, seg, Tensor([4], mstype.int32)))
show("SparseSegmentMeanWithNumSegments int64", lambda: S.SparseSegmentMeanWithNumSegments()(
    Tensor(xs.asnumpy(), mstype.float64), Tensor([0, 2, 1], mstype.int64), Tensor([0, 0, 2], mstype.int64),
    Tensor(5, mstype.int64)))
show("SparseSegmentSumWithNumSegments", lambda: S.SparseSegmentSumWithNumSegments()(
    xs, ind, seg, Tensor(4, mstype.int32)))
show("SparseSegmentSqrtNWithNumSegments", lambda: S.SparseSegmentSqrtNWithNumSegments()(
    xs, ind, seg, Tensor(3, mstype.int32)))
seg2 = Tensor([0, 0, 1], mstype.int32)
show("SparseSegmentMean", lambda: SparseSegmentMean()(xs, ind, seg2))
show("SparseSegmentMean gap", lambda: SparseSegmentMean()(xs, ind, seg))
show("SparseSegmentSum", lambda: S.SparseSegmentSum()(xs, ind, seg2))
show("SparseSegmentSqrtN", lambda: S.SparseSegmentSqrtN()(xs, ind, seg2))
show("SparseSegmentSum gap", lambda: S.SparseSegmentSum()(xs, ind, seg))
show("SparseSegmentSqrtN gap", lambda: S.SparseSegmentSqrtN()(xs, ind, seg))
show("SparseSegmentMeanWithNumSegments unsorted", lambda: S.SparseSegmentMeanWithNumSegments()(
    xs, ind, Tensor([2, 0, 0], mstype.int32), Tensor([4], mstype.int32)))


class SegmentMeanNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = S.SparseSegmentMeanWithNumSegments()

    def construct(self, x, indices, segment_ids, num_segments):
        return self.op(x, indices, segment_ids, num_segments)


show("SparseSegmentMeanWithNumSegments grad", lambda: C.GradOperation(sens_param=True)(SegmentMeanNet())(
    xs, ind, seg, Tensor([4], mstype.int32), Tensor(np.arange(16).reshape(4, 4), f32)))

sp_idx = Tensor([[0, 0], [1, 2], [2, 1]], mstype.int64)
sp_val = Tensor([4., 6., 9.], f32)
sp_shape = Tensor([3, 3], mstype.int64)
for name, dense in (("row", Tensor([1., 2., 3.], f32)), ("full", Tensor(np.arange(1, 10).reshape(3, 3), f32)),
                    ("column", Tensor([[2.], [3.], [4.]], f32))):
    show(f"SparseDenseCwiseAdd {name}", lambda: S.SparseDenseCwiseAdd()(sp_idx, sp_val, sp_shape, dense))
    show(f"SparseDenseCwiseMul {name}", lambda: S.SparseDenseCwiseMul()(sp_idx, sp_val, sp_shape, dense))
show("SparseDenseCwiseAdd int32", lambda: S.SparseDenseCwiseAdd()(
    Tensor([[0, 0], [2, 2]], mstype.int64), Tensor([1, 2], mstype.int32), sp_shape, Tensor([1, 2, 3], mstype.int32)))

a_idx = Tensor(np.array([[0, 0, 0], [0, 1, 0], [0, 1, 1]]), mstype.int64)
a_val = Tensor([1., -2., 3.], f32)
b_idx = Tensor(np.array([[0, 0, 0], [0, 1, 0], [1, 0, 0]]), mstype.int64)
b_val = Tensor([2., 4., -5.], f32)
shape3 = Tensor([2, 2, 2], mstype.int64)
show("SparseSparseMinimum", lambda: S.SparseSparseMinimum()(a_idx, a_val, shape3, b_idx, b_val, shape3))
show("SparseSparseMaximum", lambda: S.SparseSparseMaximum()(a_idx, a_val, shape3, b_idx, b_val, shape3))


class MaskedSelectNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = P.MaskedSelect()

    def construct(self, x, m):
        return self.op(x, m)


context.set_context(mode=context.GRAPH_MODE)
mx = Tensor(np.array([1, 2, 3, 4]).astype(np.float32))
mm = Tensor(np.array([[0], [1], [0], [1]]).astype(np.bool_))
with warnings.catch_warnings():  # (msjax warns that the Cell runs eagerly: a data-dependent shape)
    warnings.simplefilter("ignore")
    show("MaskedSelect in graph", lambda: MaskedSelectNet()(mx, mm))
    show("MaskedSelect grad in graph", lambda: C.GradOperation(get_all=True, sens_param=True)(
        MaskedSelectNet())(mx, mm, Tensor(np.arange(8).astype(np.float32))))


class PaddingNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = P.Padding(4)

    def construct(self, x):
        return self.op(x)


context.set_context(mode=context.PYNATIVE_MODE)
show("Padding", lambda: P.Padding(4)(Tensor(np.array([[8.], [10.]]), f16)))
show("Padding default", lambda: P.Padding()(Tensor(np.array([[[1], [2]]]), mstype.int32)))
show("Padding repr", lambda: (print(P.Padding(3)) or Tensor(0)))
show("Padding grad", lambda: C.GradOperation(sens_param=True)(PaddingNet())(
    Tensor(np.array([[8.], [10.]]), f32), Tensor(np.arange(8).reshape(2, 4), f32)))
show("Padding last dim not 1", lambda: P.Padding(4)(Tensor(np.ones((2, 2)), f32)))
show("Padding size 1", lambda: P.Padding(1)(Tensor(np.ones((2, 1)), f32)))


class AdagradDANet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = P.ApplyAdagradDA()
        self.var = ms.Parameter(Tensor(np.array([[0.6, 0.4], [0.1, 0.5]]), f32), name="var")
        self.accum = ms.Parameter(Tensor(np.array([[0.1, -0.3], [0.1, 0.5]]), f32), name="accum")
        self.squared = ms.Parameter(Tensor(np.array([[0.2, 0.1], [0.1, 0.2]]), f32), name="squared")

    def construct(self, grad, lr, l1, l2, global_step):
        return self.op(self.var, self.accum, self.squared, grad, lr, l1, l2, global_step)


for l1 in (0.05, 0.0):
    net = AdagradDANet()
    show(f"ApplyAdagradDA l1={l1}", lambda: net(Tensor(np.array([[0.3, 0.4], [-0.1, 0.2]]), f32),
                                               Tensor(0.01, f32), Tensor(l1, f32), Tensor(0.1, f32),
                                               Tensor(2, mstype.int32)))
    show(f"ApplyAdagradDA l1={l1} parameters", lambda: (net.var.value(), net.accum.value(),
                                                         net.squared.value()))
show("ApplyAdagradDA repr", lambda: (print(P.ApplyAdagradDA()) or Tensor(0)))
