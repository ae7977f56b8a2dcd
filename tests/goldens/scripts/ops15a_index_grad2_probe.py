"""Integer inputs used as indices, differentiated with GradOperation(get_all=True) in PyNative, as
MindSpore 2.10 (CPU) computes them: indices reshaped, tiled or indexed first (Tensor indexing,
scatters, gathers, repeat_interleave, cross-entropy labels, bincount, range bounds), each
index's gradient zero of its integer dtype. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15a_index_grad2_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15a_index_grad2_probe.out
"""
import numpy as np
from mindspore import Tensor, nn, ops
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C
from mindspore.ops import operations as P


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if not isinstance(value, Tensor):
        return repr(value)
    return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 4).tolist()}"


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


class W(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *a):
        return self.fn(*a)


g = C.GradOperation(get_all=True)
x = Tensor(np.arange(12).reshape(3, 4).astype(np.float32))
i1 = Tensor(np.array([2, 0]), mstype.int32)
seg = Tensor(np.array([0, 1, 1]), mstype.int32)
cases = {
 "unsorted_segment_sum": (lambda a, s: ops.unsorted_segment_sum(a, s, 2), (x, seg)),
 "unsorted_segment_max": (lambda a, s: ops.unsorted_segment_max(a, s, 2), (x, seg)),
 "unsorted_segment_min": (lambda a, s: ops.unsorted_segment_min(a, s, 2), (x, seg)),
 "unsorted_segment_prod": (lambda a, s: ops.unsorted_segment_prod(a, s, 2), (x, seg)),
 "UnsortedSegmentSum": (lambda a, s: P.UnsortedSegmentSum()(a, s, 2), (x, seg)),
 "getitem": (lambda a, i: a[i], (x, i1)),
 "getitem2": (lambda a, i: a[:, i], (x, i1)),
 "setitem": (lambda a, i: ops.tensor_scatter_update(a, i.reshape(2, 1), ops.ones((2, 4), mstype.float32)), (x, i1)),
 "gather P": (lambda a, i: P.Gather()(a, i, 1), (x, i1)),
 "take_along_dim": (lambda a, i: ops.gather_elements(a, 1, i.reshape(1, 2).tile((3, 1))), (x, i1)),
 "repeat_interleave": (lambda a, r: ops.repeat_interleave(a, r, 0), (Tensor(np.array([1.0, 2.0], np.float32)), i1)),
 "cross_entropy": (lambda a, t: ops.cross_entropy(a, t), (x[:2], i1)),
 "SparseSoftmaxCE": (lambda a, t: P.SparseSoftmaxCrossEntropyWithLogits()(a, t), (x[:2], i1)),
 "index_fill": (lambda a, i: ops.index_fill(a, 1, i, 0.0), (x, i1)),
 "inplace_index_add": (lambda a, i: ops.index_add(a, i, ops.ones((3, 2), mstype.float32), 1), (x, i1)),
 "scatter": (lambda a, i: ops.scatter(a, 1, i.reshape(1, 2).tile((3, 1)), ops.ones((3, 2), mstype.float32)), (x, i1)),
 "embedding nn": (lambda i, w: ops.gather(w, i, 0), (i1, x)),
 "ReverseSequence": (lambda a, l: P.ReverseSequence(1, 0)(a, l), (x, Tensor(np.array([2, 3, 1, 1]), mstype.int32))),
 "OneHot P": (lambda i: P.OneHot()(i, 3, Tensor(1.0, mstype.float32), Tensor(0.0, mstype.float32)), (i1,)),
 "argmax then gather": (lambda a, i: ops.gather(a, i, 0) + 0, (x, i1)),
 "bincount": (lambda i: ops.bincount(i) * 1.0, (i1,)),
 "SparseToDense": (lambda i, v: ops.SparseToDense()(i, v, (3, 4)), (Tensor(np.array([[0, 1], [2, 3]]), mstype.int32), Tensor(np.array([1.0, 2.0], np.float32)))),
 "searchsorted": (lambda a, v: ops.searchsorted(a, v).astype(mstype.float32), (Tensor(np.array([1.0, 2.0, 3.0], np.float32)), Tensor(np.array([2.5], np.float32)))),
 "Tensor.index_select": (lambda a, i: a.index_select(1, i), (x, i1)),
 "ops.select by int cond": (lambda a, i: ops.gather_nd(a, i.reshape(1, 2)), (x, i1)),
 "nn.Embedding": (nn.Embedding(5, 2), (i1,)),
 "nn.OneHot": (nn.OneHot(depth=3), (i1,)),
 "TensorScatterElements": (lambda a, i: P.TensorScatterElements(1)(a, i.reshape(1, 2).tile((3, 1)), ops.ones((3, 2), mstype.float32)), (x, i1)),
 "range int": (lambda a, n: a * ops.range(Tensor(0, mstype.int32), n[0], Tensor(1, mstype.int32)).sum(), (x, i1)),
 "sort idx gather": (lambda a: ops.gather(a, ops.sort(a[0])[1], 1), (x,)),
}
for name, (fn, args) in cases.items():
    net = fn if isinstance(fn, nn.Cell) else W(fn)
    show(name, lambda: g(net)(*args))
