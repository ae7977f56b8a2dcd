"""ops.ResizeNearestNeighborV2: each (align_corners, half_pixel_centers, size) case's output
(one image of the batch), dtypes, bad inputs' errors and a gradient; `label -> result` lines."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops


def show(label, fn):
    try:
        print(label, "->", fn(), flush=True)
    except Exception as error:  # noqa: BLE001 - the error is the result
        print(label, "-> ERR", type(error).__name__, "|", str(error).strip().splitlines()[0],
              flush=True)


x = Tensor(np.arange(2 * 3 * 4 * 5).reshape(2, 3, 4, 5).astype(np.float32))
show("repr", lambda: ops.ResizeNearestNeighborV2(True, False))
for ac, hp in [(False, False), (True, False), (False, True)]:
    for size in [(2, 2), (7, 3), (4, 9), (1, 1)]:
        show(f"{ac} {hp} {size}", lambda: (lambda out: (out.shape, out.asnumpy()[1, 2].tolist()))(
            ops.ResizeNearestNeighborV2(ac, hp)(x, size)))
show("tensor size", lambda: ops.ResizeNearestNeighborV2()(x, Tensor(np.array([3, 6], np.int32))).shape)
for dt in [np.float16, np.float64, np.uint8]:
    show(dt.__name__, lambda: ops.ResizeNearestNeighborV2()(Tensor(x.asnumpy().astype(dt)), (3, 2)).dtype)
try:
    ops.ResizeNearestNeighborV2()(Tensor(np.ones((1, 1, 2, 2), np.int32)), (3, 2))
except TypeError as error:
    print("int32 -> TypeError, unsupported data type:", "Unsupported data type" in str(error))
show("rank 3", lambda: ops.ResizeNearestNeighborV2()(Tensor(np.ones((3, 4, 5), np.float32)), (2, 2)))
show("three sizes", lambda: ops.ResizeNearestNeighborV2()(x, (2, 2, 2)))
show("zero size", lambda: ops.ResizeNearestNeighborV2()(x, (0, 2)))
show("float sizes", lambda: ops.ResizeNearestNeighborV2()(x, (2.0, 2.0)))
show("both flags", lambda: ops.ResizeNearestNeighborV2(True, True)(x, (2, 2)))
show("grad", lambda: ops.grad(lambda v: ops.ResizeNearestNeighborV2(False, True)(v, (3, 7)))(x)
     .asnumpy()[0, 0].tolist())


@ms.jit
def resized(v):
    return ops.ResizeNearestNeighborV2(True, False)(v, (3, 3))


show("jit", lambda: resized(x).asnumpy()[0, 1].tolist())
