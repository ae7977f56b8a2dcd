"""`ops.operations._grad_ops.StridedSliceGrad`: `dy` written into zeros of `shapex` where
StridedSlice reads, with its masks. One `label -> result` line per case
(tests/ops/test_strided_slice_grad.py)."""
import numpy as np

from mindspore import Tensor, ops
from mindspore.ops.operations import _grad_ops as G


def case(label, fn):
    try:
        result = fn()
        result = result if isinstance(result, str) else repr(result)
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    print(f"{label} -> {result}".replace("\n", "\\n"), flush=True)


DY = Tensor(np.arange(1, 5, dtype=np.float32).reshape(2, 2))
case("repr", lambda: G.StridedSliceGrad(begin_mask=1))
case("strides", lambda: G.StridedSliceGrad()(DY, (3, 4), (0, 1), (3, 4), (2, 2)))
case("begin and end masks", lambda: G.StridedSliceGrad(begin_mask=1, end_mask=2)(
    DY, (3, 4), (1, 0), (2, 3), (1, 2)))
case("shrink axis", lambda: G.StridedSliceGrad(shrink_axis_mask=1)(
    Tensor(np.array([5., 6.], np.float32)), (3, 2), (1, 0), (2, 2), (1, 1)))
case("negative stride", lambda: G.StridedSliceGrad()(
    Tensor(np.array([1., 2.], np.float32)), (5,), (4,), (0,), (-2,)))
case("3d", lambda: G.StridedSliceGrad()(
    Tensor(np.ones((1, 2, 2), np.float32)), (2, 3, 4), (1, 0, 0), (2, 3, 4), (1, 2, 3)))
# MindSpore 2.10's CPU gradient kernel disagrees with its StridedSlice on these two (the test
# says so): the slices StridedSlice reads.
X = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
case("forward begin and end masks", lambda: ops.StridedSlice(begin_mask=1, end_mask=2)(
    X, (1, 0), (2, 3), (1, 2)))
case("forward negative stride", lambda: ops.StridedSlice()(
    Tensor(np.arange(5, dtype=np.float32)), (4,), (0,), (-2,)))
