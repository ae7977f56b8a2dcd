"""ops.inv / Inv on integers, ApproximateEqual's checks, array_func.new_ones/new_zeros,
ops.ones/zeros with a negative size, NumPy's binary operators with a Tensor operand, and GatherD's
gradient with an integer index that is differentiated too, as MindSpore 2.10 (CPU) gives them.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15b_misc_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15b_misc_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops import operations as P
from mindspore.ops.function import array_func


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if isinstance(value, Tensor):
        return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 5).tolist()}"
    if isinstance(value, np.ndarray):
        return f"ndarray {value.dtype} {value.shape} {value.astype(np.float64).tolist()}"
    return repr(value)


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        lines = [line for line in str(e).split("\n") if line.strip() and line[0] != "-"]
        print(label, "->", type(e).__name__, lines[0][:200])


ints = np.array([1, -1, 2, 5, -3, 0], np.int32)
show("Inv int32", lambda: P.Inv()(Tensor(ints)))
show("Inv int64", lambda: P.Inv()(Tensor(ints.astype(np.int64))))
show("ops.inv int32", lambda: ops.inv(Tensor(ints)))
show("Inv float32", lambda: P.Inv()(Tensor(np.array([2.0, -0.5], np.float32))))
show("Inv int8", lambda: P.Inv()(Tensor(np.array([1, 2], np.int8))))
show("Inv uint8", lambda: P.Inv()(Tensor(np.array([1, 2], np.uint8))))
show("Inv int16", lambda: P.Inv()(Tensor(np.array([1, 2, 0], np.int16))))
show("Inv bool", lambda: P.Inv()(Tensor(np.array([True]))))

ones7 = Tensor(np.ones((1,) * 7, np.float32))
x86 = Tensor(np.ones((8, 6, 1), np.float32))
x76 = Tensor(np.ones((7, 6, 1), np.float32))
show("ApproximateEqual shapes differ", lambda: P.ApproximateEqual(0.5)(x86, x76))
show("ApproximateEqual shapes broadcast", lambda: P.ApproximateEqual(0.5)(
    Tensor(np.ones((1, 6), np.float32)), Tensor(np.ones((7, 6), np.float32))))
show("ApproximateEqual tolerance str", lambda: P.ApproximateEqual("str")(
    Tensor(np.ones((3,), np.float16)), Tensor(np.ones((3,), np.int64))))
show("ApproximateEqual tolerance int", lambda: P.ApproximateEqual(1)(x86, x86))
show("ApproximateEqual rank 8", lambda: P.ApproximateEqual(0.5)(
    Tensor(np.ones((1,) * 8, np.float32)), Tensor(np.ones((1,) * 8, np.float32))))
show("ApproximateEqual rank 7", lambda: P.ApproximateEqual(0.5)(ones7, ones7 * 1.2))
show("ops.approximate_equal shapes differ", lambda: ops.approximate_equal(x86, x76, 0.5))

x = Tensor(np.ones((2, 3), np.float32))
for name in ("new_ones", "new_zeros"):
    f = getattr(array_func, name)
    show(f"{name} 0", lambda: f(x, 0))
    show(f"{name} 1 int32", lambda: f(x, 1, dtype=ms.int32))
    show(f"{name} (2, 3)", lambda: f(x, (2, 3)))
    show(f"{name} [2]", lambda: f(x, [2]))
    show(f"{name} Tensor size", lambda: f(x, Tensor(3)))
    show(f"{name} -1", lambda: f(x, -1))
    show(f"{name} float size", lambda: f(x, 1.5))
    show(f"{name} dtype str", lambda: f(x, 2, dtype="float32"))
    show(f"{name} input list", lambda: f([1.0], 2))
    show(f"{name} grad", lambda: ms.grad(lambda t: f(t, (2, 2)), (0,))(x))
show("ops.ones -2", lambda: ops.ones(-2))
show("ops.zeros -2", lambda: ops.zeros(-2))
show("ops.ones (2, -1)", lambda: ops.ones((2, -1)))

a = np.array([1.0, 2.0, 3.0], np.float32)
t = Tensor(np.array([1.0, 2.0, 2.0], np.float32))
show("ndarray - Tensor", lambda: a - t)
show("ndarray + Tensor", lambda: a + t)
show("ndarray * Tensor", lambda: a * t)
show("ndarray / Tensor", lambda: a / t)
show("ndarray == Tensor", lambda: a == t)
show("ndarray < Tensor", lambda: a < t)
show("ndarray ** Tensor", lambda: a ** t)
show("2-D ndarray - Tensor", lambda: np.ones((2, 3), np.float32) - t)
show("np.float32 - Tensor", lambda: np.float32(2) - t)
show("ndarray - Parameter", lambda: a - ms.Parameter(t, name="p"))
show("np.all(ndarray - Tensor < 1e-4)", lambda: bool(np.all((a - t) < 1e-4)))

data = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
index = Tensor(np.array([[0, 0], [1, 0]], np.int32))
show("GatherD grad with its index", lambda: ops.GradOperation(get_all=True)(
    lambda d, i: ops.gather_elements(d, 1, i))(data, index))
show("gather_d grad with its index", lambda: ops.GradOperation(get_all=True)(
    lambda d, i: ops.gather_d(d, 1, i))(data, index))
show("gather_nd grad with its index", lambda: ops.GradOperation(get_all=True)(
    lambda d, i: ops.gather_nd(d, i))(data, Tensor(np.array([[1, 0]], np.int32))))
show("index_select grad with its index", lambda: ops.GradOperation(get_all=True)(
    lambda d, i: ops.index_select(d, 0, i))(data, Tensor(np.array([1], np.int32))))
