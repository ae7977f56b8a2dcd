"""MindSpore 2.10's ops.one_hot (and the OneHot Primitive) with `on_value`/`off_value` given as
Python numbers (a float is Float32, an int Int64, as `Tensor(value)`) or as Tensors of each dtype:
the result's dtype and values, and the errors for the dtypes it refuses. The model zoo's
SwinTransformer builds its relative-position table with `ops.one_hot(index, depth, 1.0, 0.0)`.
Golden: tests/goldens/ops/zoo18_one_hot_values_probe.out (tests/ops/test_one_hot_values.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor


def show(label, fn):
    try:
        r = fn()
        print(label, "->", "OK", r.dtype, r.shape, r.asnumpy().astype(np.float64).ravel().tolist())
    except Exception as e:
        lines = []
        for line in str(e).strip().splitlines():  # the message, without MindSpore's call stack
            if line.startswith("--") or "Call Stack" in line:
                break
            lines.append(line)
        print(label, "->", type(e).__name__, " ".join(lines).strip())


values = {"float": (1.0, 0.0), "int": (1, 0), "bool": (True, False), "float and int": (2.5, 0),
          "int and float": (3, -0.5), "negative float": (-1.5, 0.25)}
for dtype in (ms.float16, ms.float32, ms.float64, ms.int8, ms.int32, ms.int64, ms.bool_):
    values[f"Tensor {dtype}"] = (Tensor(1, dtype), Tensor(0, dtype))
values["Tensor float32 and float"] = (Tensor(1.0, ms.float32), 0.0)
values["Tensor int32 and int"] = (Tensor(2, ms.int32), 0)

for index_dtype in (np.int32, np.int64):
    indices = Tensor(np.array([[0, 2], [1, 3]], index_dtype))
    for name, (on, off) in values.items():
        show(f"{np.dtype(index_dtype).name} ops {name}", lambda: ops.one_hot(indices, 3, on, off))
    show(f"{np.dtype(index_dtype).name} ops axis 0 float",
         lambda: ops.one_hot(indices, 3, 1.0, 0.0, axis=0))
    show(f"{np.dtype(index_dtype).name} Primitive Tensors",
         lambda: ops.OneHot()(indices, 3, Tensor(1.0), Tensor(0.0)))
ms.set_context(mode=ms.GRAPH_MODE)


@ms.jit
def one_hot_in_graph(indices):
    return ops.one_hot(indices, 4, 1.0, 0.0)


show("graph ops float", lambda: one_hot_in_graph(Tensor(np.array([1, 3]))))
