"""`ops.unique` and the `Unique` Primitive: the distinct values keep the input's dtype and the
index is Int64 for an Int64 input, Int32 for every other dtype, in PyNative and in a GRAPH_MODE
Cell. Golden: tests/goldens/ops/ten18_unique_index_dtype_probe.out
(tests/ops/test_unique_index_dtype.py)."""
import mindspore as ms
from mindspore import nn, ops, Tensor


class Unique(nn.Cell):
    def construct(self, a):
        return ops.unique(a)


DTYPES = (ms.int64, ms.int32, ms.int16, ms.int8, ms.uint8, ms.float64, ms.float32, ms.float16)
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for dtype in DTYPES:
        values, index = Unique()(Tensor([2, 4, 1, 0, 0, 4], dtype))
        print(f"{name} ops.unique {dtype} ->", values.dtype, values.asnumpy().tolist(),
              index.dtype, index.asnumpy().tolist())
ms.set_context(mode=ms.PYNATIVE_MODE)
for dtype in (ms.int64, ms.int32, ms.float32):
    values, index = ops.Unique()(Tensor([3, 3, 1], dtype))
    print(f"Unique() {dtype} ->", values.dtype, values.asnumpy().tolist(), index.dtype,
          index.asnumpy().tolist())
