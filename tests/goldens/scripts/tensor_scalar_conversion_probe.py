"""MindSpore 2.10's conversions of a Tensor to Python numbers and indices (int, float, bool,
complex, `__index__`) across dtypes, and mindspore.common.np_dtype's bfloat16 (the NumPy type
a BFloat16 Tensor's asnumpy() has), printed `label -> RESULT`;
tests/test_tensor_scalar_conversion.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor_scalar_conversion_probe.py \
        | grep -- " -> " > tests/goldens/tensor_scalar_conversion_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore.common import np_dtype


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


for dt in (ms.float32, ms.int32, ms.bfloat16, ms.bool_, ms.float16):
    x3 = ms.Tensor([1, 2, 3], dtype=dt)
    x1 = ms.Tensor([1], dtype=dt)
    x0 = ms.Tensor(1, dtype=dt)
    show(f"int 3 {dt}", lambda: int(x3))
    show(f"float 3 {dt}", lambda: float(x3))
    show(f"int 1 {dt}", lambda: int(x1))
    show(f"float 0 {dt}", lambda: float(x0))
    show(f"bool 3 {dt}", lambda: bool(x3))
    show(f"index {dt}", lambda: [1, 2, 3][x0])
    show(f"index 1-element {dt}", lambda: [1, 2, 3][x1])
    show(f"index 3 {dt}", lambda: [1, 2, 3][x3])
    show(f"complex 3 {dt}", lambda: complex(x3))
show("int empty", lambda: int(ms.Tensor(np.zeros((0,), np.float32))))
show("int 2d", lambda: int(ms.Tensor(np.ones((1, 1), np.float32))))
show("range stop", lambda: list(range(ms.Tensor(3, ms.int64))))
show("np_dtype bfloat16", lambda: (np.dtype(np_dtype.bfloat16).name,
                                   [float(v) for v in np.array([1, 2.5], dtype=np_dtype.bfloat16)]))
show("asnumpy bfloat16", lambda: ms.Tensor([1, 2], ms.bfloat16).asnumpy().dtype == np_dtype.bfloat16)
show("Tensor of np bfloat16", lambda: ms.Tensor(np.array([1.5], dtype=np_dtype.bfloat16)).dtype)
show("np_dtype_valid", lambda: (np_dtype.np_dtype_valid(True), np_dtype.np_dtype_valid(False)))
