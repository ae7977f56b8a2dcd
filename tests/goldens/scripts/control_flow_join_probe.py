"""MindSpore 2.10: which values the branches of a tensor condition may give one variable (the
graph's type join): tensors of different shapes join (a dynamic shape: the taken branch's
value), None joins with a tensor, a tensor does not join with a Python number, nor numbers of
different types, nor tensors of different dtypes, nor a tuple with a tensor; an early return
in one branch leaves the other branch's variables defined. Printed `label -> result` (an
error: its type and first two lines). tests/transforms/test_control_flow_join.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/control_flow_join_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/control_flow_join_probe.out
"""
import warnings

import numpy as np
import mindspore as ms
from mindspore import jit, Tensor

warnings.simplefilter("ignore")  # msjax runs the dynamic joins eagerly, with a warning


def show(label, f, *args):
    try:
        r = f(*args)
        text = (f"Tensor {r.shape} {r.dtype} {r.asnumpy().tolist()}" if isinstance(r, Tensor)
                else repr(r))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).splitlines() + ["", ""]
        text = f"ERR {type(e).__name__} | {lines[0]} | {lines[1]}"
    print(f"{label} -> {text}")


@jit
def tensor_or_zero(x, y):
    if x < y:
        a = Tensor(1.0)
    else:
        a = 0
    return a


@jit
def tensor_or_float(x, y):
    if x < y:
        a = x * 2
    else:
        a = 1.5
    return a


@jit
def shapes_differ(x, y):
    if x[0] < y:
        a = x
    else:
        a = x[:2]
    return a


@jit
def ranks_differ(x, y):
    if x[0] < y:
        a = x
    else:
        a = x.reshape(1, 3)
    return a


@jit
def dtypes_differ(x, y):
    if x[0] < y:
        a = x
    else:
        a = x.astype(ms.int32)
    return a


@jit
def int_or_float(x, y):
    if x < y:
        a = 1
    else:
        a = 2.5
    return a


@jit
def int_or_int(x, y):
    if x < y:
        a = 1
    else:
        a = 2
    return a


@jit
def scalar_accumulator(x):
    s = 0
    while x < 5:
        s = s + x
        x = x + 1
    return s


@jit
def tuple_or_tensor(x, y):
    if x < y:
        return x, y
    return x


@jit
def none_or_tensor(x, y):
    if x < y:
        a = None
    else:
        a = x
    return a


@jit
def early_return_other_defined(x, y):
    if x < y:
        a = x + 1
    else:
        return x
    return a


@jit
def early_return_number(x, y):
    if x < y:
        a = Tensor([1, 2, 3])
    else:
        return 0
    return a


x, y = Tensor(2, ms.float32), Tensor(6, ms.float32)
v = Tensor(np.array([1., 2., 3.], np.float32))
show("tensor or zero", tensor_or_zero, x, y)
show("tensor or float", tensor_or_float, x, y)
show("shapes differ, true", shapes_differ, v, y)
show("shapes differ, false", shapes_differ, v, Tensor(0, ms.float32))
show("ranks differ, true", ranks_differ, v, y)
show("ranks differ, false", ranks_differ, v, Tensor(0, ms.float32))
show("dtypes differ", dtypes_differ, v, y)
show("int or float", int_or_float, x, y)
show("int or int", int_or_int, x, y)
show("scalar accumulator in a while", scalar_accumulator, x)
show("tuple or tensor", tuple_or_tensor, x, y)
show("none or tensor, true", none_or_tensor, x, y)
show("none or tensor, false", none_or_tensor, y, x)
show("early return, other branch defines, taken", early_return_other_defined, x, y)
show("early return, other branch defines, returned", early_return_other_defined, y, x)
show("early return of a number", early_return_number, x, y)
