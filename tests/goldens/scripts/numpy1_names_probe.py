"""NumPy 1's names that NumPy 2 removed, as a MindSpore script uses them.

Run with `../shared/tools/mindspore-oracle` (MindSpore 2.10 with NumPy 1.26) to make
tests/goldens/compat/numpy1_names.txt; msjax runs it with NumPy 2 (tests/compat/test_numpy1.py).
"""
import numpy as np
import mindspore as ms


def show(label, fn):
    try:
        value = fn()
    except Exception as error:  # the error a case raises is its result
        value = f"{type(error).__name__}: {error}"
    print(f"{label} -> {value!r}")


show("NINF", lambda: np.NINF)
show("PINF", lambda: np.PINF)
show("NZERO sign", lambda: str(np.NZERO) + " " + str(np.copysign(1.0, np.NZERO)))
show("PZERO", lambda: np.PZERO)
show("Inf Infinity infty", lambda: (np.Inf, np.Infinity, np.infty))
show("NaN", lambda: str(np.NaN))
for name, same in [("float_", "float64"), ("complex_", "complex128"), ("cfloat", "complex128"),
                   ("singlecomplex", "complex64"), ("longfloat", "longdouble"),
                   ("longcomplex", "clongdouble"), ("clongfloat", "clongdouble"),
                   ("string_", "bytes_"), ("unicode_", "str_"), ("bool8", "bool_"),
                   ("int0", "intp"), ("uint0", "uintp"), ("object0", "object_"),
                   ("str0", "str_"), ("bytes0", "bytes_"), ("void0", "void")]:
    show(f"{name} is {same}", lambda name=name, same=same: getattr(np, name) is getattr(np, same))
show("complex_(1.3+0.4j)", lambda: str(np.complex_(1.3 + 0.4j)))
show("zeros float_ dtype", lambda: str(np.zeros((2,), np.float_).dtype))
show("array unicode_", lambda: repr(np.array(["Welcome"], dtype=np.unicode_)))
show("round_", lambda: np.round_([1.25, 2.5, -0.5], 1).tolist())
show("product", lambda: int(np.product([[1, 2], [3, 4]])))
show("product axis", lambda: np.product([[1, 2], [3, 4]], axis=0).tolist())
show("cumproduct", lambda: np.cumproduct([1, 2, 3, 4]).tolist())
show("alltrue", lambda: bool(np.alltrue([True, False])))
show("alltrue axis", lambda: np.alltrue([[True, False], [True, True]], axis=1).tolist())
show("sometrue", lambda: bool(np.sometrue([False, True])))
show("trapz", lambda: float(np.trapz([1, 2, 3])))
show("trapz x", lambda: float(np.trapz([1, 2, 3], x=[0, 1, 3])))
show("trapz dx axis", lambda: np.trapz([[1, 2], [3, 4]], dx=0.5, axis=0).tolist())
show("in1d", lambda: np.in1d([[1, 2], [3, 4]], [2, 4]).tolist())
show("in1d invert", lambda: np.in1d([1, 2, 3], [2], invert=True).tolist())
show("in1d assume_unique", lambda: np.in1d([1, 2, 3], [3, 1], assume_unique=True).tolist())
show("asfarray int", lambda: str(np.asfarray([1, 2]).dtype))
show("asfarray float32", lambda: str(np.asfarray(np.array([1, 2], np.float32)).dtype))
show("asfarray dtype int", lambda: str(np.asfarray([1, 2], dtype=np.int32).dtype))
show("asfarray dtype float16", lambda: str(np.asfarray([1, 2], dtype=np.float16).dtype))
show("issubclass_", lambda: (np.issubclass_(np.float64, np.floating), np.issubclass_(1, int)))
show("Tensor from float_", lambda: str(ms.Tensor(np.array([1.5], np.float_)).dtype))
show("Tensor from complex_", lambda: str(ms.Tensor(np.asarray(np.complex_(1.5 + 0.4j))).dtype))
