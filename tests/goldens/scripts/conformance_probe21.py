"""_grad_ops.SliceGrad, and StridedSliceGrad of Bool values and of a dy in another shape of the
slice's size: MindSpore 2.10's results. Golden: tests/goldens/api/conformance_probe21.out."""
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.common import dtype as mstype
from mindspore.ops.operations import _grad_ops as G


def show(label, f):
    try:
        r = f()
        print(label, "->", r.dtype, r.shape, r.asnumpy().tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:200])


x = Tensor(np.arange(18).reshape(3, 2, 3), mstype.float32)
dy = Tensor(np.array([[[3., 1., 2.]], [[4., 1., 4.]]]), mstype.float32)
show("SliceGrad", lambda: G.SliceGrad()(dy, x, (0, 1, 0), (2, 1, 3)))
show("SliceGrad to end", lambda: G.SliceGrad()(Tensor(np.ones((2, 1, 2)), mstype.float32), x,
                                                (1, 1, 1), (-1, 1, -1)))
show("SliceGrad int32", lambda: G.SliceGrad()(Tensor(np.ones((1, 2, 3)), mstype.int32),
                                              Tensor(np.zeros((3, 2, 3)), mstype.int32),
                                              (2, 0, 0), (1, 2, 3)))
b = Tensor(np.zeros((3, 2, 3)), mstype.bool_)
show("StridedSliceGrad bool", lambda: G.StridedSliceGrad()(
    Tensor([False, True, False], mstype.bool_), (3, 2, 3), (1, 0, 0), (2, 1, 3), (1, 1, 1)))
show("StridedSliceGrad flat dy", lambda: G.StridedSliceGrad()(
    Tensor([3., 3., 3.], mstype.float32), (3, 2, 3), (1, 0, 0), (2, 1, 3), (1, 1, 1)))
show("StridedSliceGrad stride 2", lambda: G.StridedSliceGrad()(
    Tensor(np.ones((2, 1, 2)), mstype.float32), (3, 2, 3), (0, 1, 0), (3, 2, 3), (2, 1, 2)))
