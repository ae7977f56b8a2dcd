"""mint.prod / ops.prod with and without `dtype` (the input cast first, Int64 for integer and Bool
inputs), and array_func.min_ext / max_ext: MindSpore 2.10's results. Golden:
tests/goldens/api/missing_ops_probe3.out."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, mint, ops
from mindspore.ops.function.array_func import max_ext, min_ext


def show(label, f):
    try:
        r = f()
        r = r if isinstance(r, tuple) else (r,)
        print(label, "->", [(t.dtype, t.shape, t.asnumpy().tolist()) for t in r])
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:300])


x = Tensor(np.array([[1.5, 2.5], [-1.5, 3.7]]), ms.float16)
show("mint.prod f16 dtype int8", lambda: mint.prod(x, -1, False, dtype=ms.int8))
show("mint.prod f16 dtype uint8", lambda: mint.prod(Tensor(np.array([[1.5, 2.5], [10.2, 3.7]]),
                                                           ms.float16), None, False,
                                                    dtype=ms.uint8))
show("mint.prod uint8", lambda: mint.prod(Tensor(np.array([200, 3], np.uint8)), None, False))
show("mint.prod int8 keepdim", lambda: mint.prod(Tensor(np.array([100, 3], np.int8)), -1, True))
show("mint.prod bool", lambda: mint.prod(Tensor(np.array([True, True]))))
show("mint.prod int32 dtype float32", lambda: mint.prod(Tensor(np.array([100, 3], np.int32)),
                                                        dtype=ms.float32))
show("mint.prod f16", lambda: mint.prod(x, 0))
show("ops.prod f16 dtype int8", lambda: ops.prod(x, -1, False, ms.int8))
show("ops.prod uint8", lambda: ops.prod(Tensor(np.array([200, 3], np.uint8))))
show("ops.prod int8", lambda: ops.prod(Tensor(np.array([[100, 3], [2, 2]], np.int8)), 1))
y = Tensor(np.array([[1., 5., 3.], [4., 2., 6.]]), ms.float32)
show("min_ext all", lambda: min_ext(y))
show("min_ext dim", lambda: min_ext(y, 1))
show("min_ext dim keepdim", lambda: min_ext(y, 0, True))
show("max_ext dim", lambda: max_ext(y, dim=1, keepdim=False))
show("max_ext all", lambda: max_ext(y))
show("max_ext int32", lambda: max_ext(Tensor(np.array([[3, 9], [7, 1]]), ms.int32), -1))
