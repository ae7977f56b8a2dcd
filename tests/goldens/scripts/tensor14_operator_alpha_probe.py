"""MindSpore 2.10's Tensor arithmetic with `alpha` and its augmented assignments: `Tensor.add`/
`sub` (and `__add__`/`__sub__`, `mint.add`/`mint.sub`, `ops.subtract`) with `alpha=`, the rules
on alpha's type (a float alpha needs floating operands, a bool one Bool operands), and
`__iadd__`, `__isub__`, `__imul__`, `__itruediv__`, `__ifloordiv__`, `__imod__`, which compute
a new Tensor (the Tensor itself, and a Parameter, keep their values) and refuse the operands
their in-place method (`add_`, `mul_`, ...) refuses; `Tensor.select(condition, y)` with a Python
number `y`; overload errors naming a NumPy array's type. Printed `label -> RESULT`;
tests/test_tensor_operator_alpha.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor14_operator_alpha_probe.py \
        | grep -- " -> " > tests/goldens/core/tensor14_operator_alpha_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, mint, ops
from mindspore.common.api import _pynative_executor


def result_of(out):
    if isinstance(out, Tensor):
        return (type(out).__name__, str(out.dtype), out.asnumpy().tolist())
    return out


def show(label, fn):
    try:
        out = fn()
        _pynative_executor.sync()
        result = result_of(out)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


xf = Tensor(np.array([4, 5, 6]), ms.float32)
xi = Tensor(np.array([4, 5, 6]), ms.int32)
x16 = Tensor(np.array([1.0, 2.0]), ms.float16)
yi = Tensor(1, ms.int32)
yf = Tensor(1.0, ms.float32)
bt = Tensor([True, False])
bf = Tensor([True, True])

# alpha: values, result dtypes and the checks on alpha's type
CASES = [("f,i,2", xf, yi, 2), ("f,i,1.5", xf, yi, 1.5), ("i,i,1.5", xi, yi, 1.5),
         ("i,f,1.5", xi, yf, 1.5), ("i,i,True", xi, yi, True), ("f,f,True", xf, yf, True),
         ("i,2,1.5", xi, 2, 1.5), ("i,2.0,1.5", xi, 2.0, 1.5), ("i,i,3", xi, yi, 3),
         ("i,i,-2", xi, yi, -2), ("f16,i,0.5", x16, yi, 0.5), ("i,b,0.5", xi, Tensor([True]), 0.5),
         ("b,i,True", Tensor([True]), yi, True), ("i,i,False", xi, yi, False),
         ("f,f,1", xf, yf, 1), ("i,i,1.0", xi, yi, 1.0), ("b,b,2", bt, bf, 2),
         ("b,b,0.5", bt, bf, 0.5), ("f,f,None", xf, yf, None),
         ("u8,i,2", Tensor([5, 6], ms.uint8), yi, 2),
         ("f,f,Tensor(2.0)", xf, yf, Tensor(2.0, ms.float32)), ("i,i,Tensor(2)", xi, yi, Tensor(2)),
         ("i,i,Tensor(2.5)", xi, yi, Tensor(2.5)), ("i,i,Tensor(True)", xi, yi, Tensor(True)),
         ("f,f,Tensor([2.0])", xf, yf, Tensor([2.0]))]
# (not here: `ops.subtract(a, b, alpha=None)`: docs/migration.md)
for label, a, b, alpha in CASES:
    show(f"{label}: a.add(b, alpha)", lambda: a.add(b, alpha=alpha))
    show(f"{label}: a.sub(b, alpha)", lambda: a.sub(b, alpha=alpha))
    show(f"{label}: a.__add__(b, alpha)", lambda: a.__add__(b, alpha=alpha))
    show(f"{label}: a.__sub__(b, alpha)", lambda: a.__sub__(b, alpha=alpha))
    show(f"{label}: a.__iadd__(b, alpha)", lambda: a.__iadd__(b, alpha=alpha))
    show(f"{label}: a.__isub__(b, alpha)", lambda: a.__isub__(b, alpha=alpha))
    show(f"{label}: mint.add(a, b, alpha)", lambda: mint.add(a, b, alpha=alpha))
    show(f"{label}: mint.sub(a, b, alpha)", lambda: mint.sub(a, b, alpha=alpha))
    if alpha is not None:
        show(f"{label}: ops.subtract(a, b, alpha)", lambda: ops.subtract(a, b, alpha=alpha))
show("ops.subtract(bool, bool)", lambda: ops.subtract(bt, bf))
show("ops.subtract(int32, int32)", lambda: ops.subtract(xi, yi))
show("x.sum(0, None, False, Tensor(1.0)): a 0-d Tensor for a number",
     lambda: xf.sum(0, None, False, Tensor(1.0)))
@ms.jit
def add_with_alpha(x, a):
    return x.add(x, alpha=a)


show("jit: x.add(x, alpha=Tensor(2.0))", lambda: add_with_alpha(xf, Tensor(2.0)))
show("a.sub(b, 2)", lambda: xf.sub(yi, 2))
show("a.__sub__(b, 2)", lambda: xf.__sub__(yi, 2))
show("a.__isub__(b, 2)", lambda: xf.__isub__(yi, 2))
show("a.__iadd__(b, 2)", lambda: xf.__iadd__(yi, 2))

# augmented assignment: a new Tensor of the operator's value and dtype
OPERANDS = [("Tensor(int32)", yi), ("int", 2), ("float", 2.5), ("Tensor(float64)", Tensor([1.0, 2.0, 4.0], ms.float64)),
            ("Tensor(2x3)", Tensor(np.ones((2, 3)), ms.float32)), ("tuple", (1, 2, 3)), ("list", [1, 2, 3]),
            ("string", "a"), ("None", None), ("ndarray", np.array([1.0, 2.0, 3.0]))]
for name in ("__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__", "__imod__"):
    for x_label, x in (("f32", xf), ("i32", xi)):
        for label, other in OPERANDS:
            if name == "__isub__" and label == "ndarray":
                continue  # msjax's `t - ndarray` computes (docs/migration.md)
            show(f"{x_label}.{name}({label})", lambda: getattr(x, name)(other))
    show(f"f32.{name}(b, alpha=2)", lambda: getattr(xf, name)(yi, alpha=2))


def augmented(label, update):
    x = Tensor(np.array([4, 5, 6]), ms.float32)
    before = x
    try:
        x = update(x)
        _pynative_executor.sync()
        print(f"{label} -> {(result_of(x), x is before, result_of(before))}")
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(f"{label} -> ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}")


def isub(x):
    x -= 1
    return x


def iadd(x):
    x += Tensor([1, 2, 3], ms.int32)
    return x


def imul(x):
    x *= 2
    return x


def itruediv(x):
    x /= 4
    return x


def ifloordiv(x):
    x //= 4
    return x


def imod(x):
    x %= 4
    return x


for fn in (isub, iadd, imul, itruediv, ifloordiv, imod):
    augmented(f"x = {fn.__name__}(x): (x, x is the Tensor before, the Tensor before)", fn)
p = Parameter(Tensor(np.array([4, 5, 6]), ms.float32), name="p")
show("p.__isub__(1)", lambda: p.__isub__(1))
show("p.__iadd__(Tensor([1, 2, 3]))", lambda: p.__iadd__(Tensor([1, 2, 3], ms.float32)))
show("p after p.__isub__ and p.__iadd__", lambda: p.value())


# sequences of numbers as an operand of `+` and `-` are Tensors of the Tensor's dtype
show("i32 - (1, 2, 3)", lambda: xi - (1, 2, 3))
show("i32 - (1.5, 2, 3)", lambda: xi - (1.5, 2, 3))
show("i32 + [1, 2, 3]", lambda: xi + [1, 2, 3])
show("(1, 2, 3) - i32", lambda: (1, 2, 3) - xi)
show("f32 - (1, 2, 3)", lambda: xf - (1, 2, 3))
show("i32.sub((1, 2, 3))", lambda: xi.sub((1, 2, 3)))

# floor_divide_ and remainder_ return the quotient and the remainder
show("f32.floor_divide_(2)", lambda: xf.copy().floor_divide_(2))
show("i32.floor_divide_(Tensor(int32))", lambda: xi.copy().floor_divide_(Tensor(3, ms.int32)))
show("f32.remainder_(4)", lambda: xf.copy().remainder_(4))
show("i32.remainder_(Tensor(int32))", lambda: xi.copy().remainder_(Tensor(4, ms.int32)))


# graph mode: the augmented assignments write the Tensor in place, in its dtype; `__isub__` with
# alpha 1 is the operator `-`
@ms.jit
def jitted(x, y):
    x -= y
    x += y * 2
    x *= 2
    x /= 4
    return x, x.__isub__(y, alpha=2), x.__iadd__(y, alpha=3)


@ms.jit
def jitted_isub(x, y):
    z = x.__isub__(y)
    return z, x


@ms.jit
def jitted_int(x):
    z = x.__itruediv__(2)
    w = x.__imul__(3)
    return z, w, x


show("jit: x -= y; x += 2y; x *= 2; x /= 4; (x, x.__isub__(y, alpha=2), x.__iadd__(y, alpha=3))",
     lambda: [result_of(t) for t in jitted(Tensor(np.array([4, 5, 6]), ms.float32), yf)])
show("jit: (x.__isub__(y), x)",
     lambda: [result_of(t) for t in jitted_isub(Tensor(np.array([4, 5, 6]), ms.float32), yf)])
show("jit: (x.__itruediv__(2), x.__imul__(3), x) of Int32",
     lambda: [result_of(t) for t in jitted_int(Tensor(np.array([4, 5, 6]), ms.int32))])

# Tensor.select(condition, y): a Python number y needs x of its own type's 32-bit dtype
cond = Tensor([True, False])
SELECT = [("f32, int", Tensor([2, 3], ms.float32), 1), ("i32, float", Tensor([2, 3], ms.int32), 1.0),
          ("i32, int", Tensor([2, 3], ms.int32), 1), ("f32, float", Tensor([2, 3], ms.float32), 1.5),
          ("f16, float", Tensor([2, 3], ms.float16), 1.5), ("i64, int", Tensor([2, 3], ms.int64), 1),
          ("f64, float", Tensor([2, 3], ms.float64), 1.5), ("i8, int", Tensor([2, 3], ms.int8), 1),
          ("bool, int", Tensor([True, False]), 1), ("bool, bool", Tensor([True, False]), True),
          ("f32, bool", Tensor([2, 3], ms.float32), True), ("f32, Tensor(int32)", Tensor([2, 3], ms.float32),
                                                             Tensor([1, 2], ms.int32))]
for label, x, y in SELECT:
    show(f"select({label})", lambda: x.select(cond, y))
show("select(int condition)", lambda: xf.select(1, Tensor([1, 2, 3], ms.float32)))

# a None operand where the overload table takes any object
show("x.add(None)", lambda: xf.add(None))
show("x.sub(None)", lambda: xf.sub(None))
show("x.mul(None)", lambda: xf.mul(None))
show("x.sub_(None)", lambda: xf.copy().sub_(None))
show("x.sub_('a')", lambda: xf.copy().sub_("a"))
show("x.__add__(None)", lambda: xf.__add__(None))
show("x.__sub__(None)", lambda: xf.__sub__(None))
show("x.add_(ndarray)", lambda: xf.copy().add_(np.array([1.0, 2.0, 3.0])))
show("x.add_(dict)", lambda: xf.copy().add_({}))
