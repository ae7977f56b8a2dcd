"""mindspore.scipy.ops_wrapper.matrix_set_diag: an int k, a (low, high) band and a one-element k,
each alignment, a batch, and a k that is neither; `label -> result` lines."""
import numpy as np

from mindspore import Tensor
from mindspore.scipy.ops_wrapper import matrix_set_diag


def show(label, fn):
    try:
        print(label, "->", fn(), flush=True)
    except Exception as error:  # noqa: BLE001 - the error is the result
        print(label, "-> ERR", type(error).__name__, "|", str(error).strip().splitlines()[0],
              flush=True)


x = Tensor(np.arange(2 * 4 * 5).reshape(2, 4, 5).astype(np.float32))
show("k=0", lambda: matrix_set_diag(x, Tensor(-np.ones((2, 4), np.float32))).asnumpy().tolist())
show("k=2", lambda: matrix_set_diag(x, Tensor(-np.ones((2, 3), np.float32)), k=2).asnumpy().tolist())
show("k=-1", lambda: matrix_set_diag(x, Tensor(-np.ones((2, 3), np.float32)), k=-1)
     .asnumpy()[0].tolist())
band = Tensor(-np.arange(1, 2 * 3 * 4 + 1).reshape(2, 3, 4).astype(np.float32))
for align in ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"]:
    show(f"band {align}", lambda: matrix_set_diag(x, band, k=(-1, 1), alignment=align)
         .asnumpy()[1].tolist())
show("k list", lambda: matrix_set_diag(x, Tensor(-np.ones((2, 4), np.float32)), k=[1])
     .asnumpy()[0].tolist())
show("int", lambda: matrix_set_diag(Tensor(np.full((3, 3), 7, np.int32)),
                                    Tensor(np.array([1, 2, 3], np.int32))))
show("k tensor", lambda: matrix_set_diag(x, Tensor(-np.ones((2, 4), np.float32)),
                                         k=Tensor(np.array([0, 0], np.int32))))
show("k float", lambda: matrix_set_diag(x, Tensor(-np.ones((2, 4), np.float32)), k=0.0))
show("bad align", lambda: matrix_set_diag(x, Tensor(-np.ones((2, 4), np.float32)), alignment="UP"))
