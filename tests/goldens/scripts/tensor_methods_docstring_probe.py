"""MindSpore 2.10's Tensor methods that its docstring examples call and msjax lacked
(tools/docstring_conformance.py): argmax_with_value, argmin_with_value, index_add, masked_scatter,
sum_to_size, short, is_signed, is_pinned, is_shared and the property mH; and view(dtype), which
reads the same bytes as another dtype. Tensor.index_add writes
into the Tensor as well as returning the sum (MindSpore's IndexAdd kernel works in place).

Prints `label -> result` lines; tests/api/test_tensor_methods_docstring.py runs it unchanged on
msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor_methods_docstring_probe.py \\
        | grep -- " -> " > tests/goldens/api/tensor_methods_docstring_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={v.asnumpy().tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


x = Tensor(np.array([[4.0, -1.0, 4.0], [0.5, 7.0, -3.0]], np.float32))
for name in ["argmax_with_value", "argmin_with_value"]:
    show(f"{name} default", lambda: getattr(x, name)())
    show(f"{name} axis=1", lambda: getattr(x, name)(axis=1))
    show(f"{name} axis=-1 keep_dims", lambda: getattr(x, name)(axis=-1, keep_dims=True))
    show(f"{name} axis=None", lambda: getattr(x, name)(axis=None))
    show(f"{name} axis=None keep_dims", lambda: getattr(x, name)(axis=None, keep_dims=True))
    show(f"{name} int32", lambda: getattr(Tensor(np.array([3, 9, 9, -2], np.int32)), name)())
base = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
show("index_add axis=0", lambda: base.index_add(Tensor(np.array([2, 0], np.int32)),
                                                Tensor(np.ones((2, 4), np.float32)), 0))
show("index_add wrote into the Tensor", lambda: base)
show("index_add axis=1 repeated", lambda: base.index_add(
    Tensor(np.array([1, 1, 3], np.int32)), Tensor(np.full((3, 3), 0.5, np.float32)), axis=1))
show("masked_scatter", lambda: base.masked_scatter(
    Tensor(np.array([True, False, False, True])), Tensor(np.arange(100, 112, dtype=np.float32))))
show("masked_scatter 2-D mask", lambda: Tensor(np.zeros((2, 2), np.int32)).masked_scatter(
    Tensor(np.array([[False, True], [True, True]])), Tensor(np.array([7, 8, 9, 10], np.int32))))
y = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
show("sum_to_size tuple", lambda: y.sum_to_size((3, 1)))
show("sum_to_size ints", lambda: y.sum_to_size(1, 3, 4))
show("sum_to_size same", lambda: y.sum_to_size(2, 3, 4))
show("short", lambda: Tensor(np.array([1.7, -2.2, 40000.0, -40000.0], np.float32)).short())
show("short int32", lambda: Tensor(np.array([70000, -32769], np.int32)).short())
for dtype in (ms.int8, ms.uint8, ms.int16, ms.uint16, ms.int32, ms.uint32, ms.int64, ms.uint64,
              ms.float16, ms.bfloat16, ms.float32, ms.float64, ms.bool_, ms.complex64, ms.complex128):
    show(f"is_signed {dtype}", lambda: Tensor(np.array([1, 0]), dtype).is_signed())
show("is_pinned", lambda: base.is_pinned())
show("is_shared", lambda: base.is_shared())
c = Tensor(np.array([[[1 + 2j, 3 - 1j], [0 + 1j, 2 + 0j]]], np.complex64))
show("mH complex", lambda: c.mH)
show("mH real", lambda: base.mH)
v = Tensor(np.array([[1, -2], [300, 4]], np.int64))
show("view Int64 as Int32", lambda: v.view(ms.int32))
show("view Int64 as UInt8", lambda: v.view(ms.uint8))
show("view Float32 as Int32", lambda: Tensor(np.array([1.0, -2.5], np.float32)).view(ms.int32))
show("view Int16 as Int64", lambda: Tensor(np.arange(8, dtype=np.int16).reshape(2, 4)).view(ms.int64))
show("view Float32 as Float16", lambda: Tensor(np.array([1.0, -2.5], np.float32)).view(ms.float16))
show("view shape", lambda: v.view(4, 1))
