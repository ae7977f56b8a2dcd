"""MindSpore 2.10's vmap of ops whose unbatched Tensor arguments are read as values (the
diagonal range `k` of MatrixDiagPartV3 and MatrixDiagV3), with in_axes and out_axes."""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.common import dtype as mstype


def show(label, fn, *args):
    try:
        with warnings.catch_warnings():  # (msjax warns that this vmap runs op by op)
            warnings.simplefilter("ignore")
            out = fn(*args)
        print(f"{label} -> {out.dtype} {out.shape} {out.asnumpy().tolist()}")
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


class DiagPart(nn.Cell):
    def __init__(self, align):
        super().__init__()
        self.op = ops.MatrixDiagPartV3(align=align)

    def construct(self, x, k, padding_value):
        return self.op(x, k, padding_value)


class Diag(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = ops.MatrixDiagV3()

    def construct(self, x, k, num_rows, num_cols, padding_value):
        return self.op(x, k, num_rows, num_cols, padding_value)


x = Tensor(np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4))
pad = Tensor(9, mstype.float32)
for align in ("RIGHT_LEFT", "LEFT_RIGHT"):
    for k in ((1, 3), (-1, 1), (0, 0)):
        show(f"diag part {align} k{k}", ops.vmap(DiagPart(align), (0, None, None)), x,
             Tensor(k, mstype.int32), pad)
show("diag part out_axes 1", ops.vmap(DiagPart("RIGHT_LEFT"), (0, None, None), 1), x,
     Tensor((0, 1), mstype.int32), pad)
show("diag part in_axes 2", ops.vmap(DiagPart("RIGHT_LEFT"), (2, None, None)), x,
     Tensor((0, 1), mstype.int32), pad)
m1 = Tensor(-1, mstype.int32)
show("diag", ops.vmap(Diag(), (0, None, None, None, None)),
     Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), Tensor(1, mstype.int32), m1, m1,
     Tensor(0, mstype.float32))
