"""MindSpore 2.10's scalar Primitives of `ops.functional` (`scalar_add`, ...) and `switch`, on
Python scalars and Tensors, in PyNative and inside `jit`; printed `label -> RESULT`;
tests/ops/test_scalar_switch.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/scalar_switch_probe.py \
        | grep -- " -> " > tests/goldens/ops/scalar_switch_probe.out
"""
from mindspore import Tensor, jit
from mindspore.ops import functional as F


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


BINARY = (F.scalar_add, F.scalar_sub, F.scalar_mul, F.scalar_div, F.scalar_floordiv, F.scalar_mod,
          F.scalar_pow, F.scalar_eq, F.scalar_ne, F.scalar_lt, F.scalar_gt, F.scalar_le,
          F.scalar_ge, F.scalar_max, F.scalar_min)
for name, op in zip(("scalar_add", "scalar_sub", "scalar_mul", "scalar_div", "scalar_floordiv",
                     "scalar_mod", "scalar_pow", "scalar_eq", "scalar_ne", "scalar_lt",
                     "scalar_gt", "scalar_le", "scalar_ge", "scalar_max", "scalar_min"), BINARY):
    show(f"{name}(7, 2)", lambda: op(7, 2))
    show(f"{name}(7.5, 2)", lambda: op(7.5, 2))
    show(f"{name} name", lambda: op.name)
for name, op in (("scalar_uadd", F.scalar_uadd), ("scalar_usub", F.scalar_usub),
                 ("scalar_log", F.scalar_log)):
    show(f"{name}(3)", lambda: op(3))
    show(f"{name}(2.5)", lambda: op(2.5))
show("scalar_add(Tensor(1), 2)", lambda: F.scalar_add(Tensor(1), 2))


@jit
def scalars_in_jit(a, b):
    return (F.scalar_add(a, b), F.scalar_div(a, b), F.scalar_floordiv(a, b), F.scalar_mod(a, b),
            F.scalar_pow(a, b), F.scalar_sub(a, b), F.scalar_mul(a, b), F.scalar_lt(a, b))


show("scalars in jit (7, 2)", lambda: scalars_in_jit(7, 2))
show("switch(True, 1, 2)", lambda: F.switch(True, 1, 2))
show("switch(False, 1, 2)", lambda: F.switch(False, 1, 2))


@jit
def switch_in_jit(cond, x, y):
    return F.switch(cond, x, y)


show("switch in jit true", lambda: switch_in_jit(Tensor(True), Tensor([1.0]), Tensor([2.0])))
show("switch in jit false", lambda: switch_in_jit(Tensor(False), Tensor([1.0]), Tensor([2.0])))
x = Tensor([[1, 1], [2, 2]])
y = Tensor([[3, 3], [4, 4]])
show("switch in jit, condition of 4 elements", lambda: switch_in_jit(x > y, x, y))
show("switch, condition of 4 elements", lambda: F.switch(x > y, x, y))
