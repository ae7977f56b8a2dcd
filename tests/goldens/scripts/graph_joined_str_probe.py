"""MindSpore 2.10's f-strings inside a compiled function (its graph `JoinedStr`): an f-string of
constants is written as MindSpore's C++ writes each value (a Tensor made from constants as
`Tensor(shape=..., dtype=..., value=[1 2])`, `value=[...]` from 30 elements on, a NumPy array as `PythonObject(...)`, `true`, `%g`
floats, strings in tuples unquoted), conversions and format specs ignored; one holding a value
computed at run time is each value's `str`. Printed `label -> RESULT`;
tests/transforms/test_graph_joined_str.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_joined_str_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/graph_joined_str_probe.out
"""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Tensor, context, jit, nn

warnings.simplefilter("ignore")  # msjax warns when a function runs eagerly; MindSpore does not


def show(label, f, *args):
    try:
        result = repr(f(*args))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


class Box:
    def __str__(self):
        return "box-str"


box = Box()


@jit
def numpy_values():
    x = np.array([1, 2, 3])
    return (f"{x}", f"x: {x!r}", f"{x[0]}", f"{np.float32(1.5)}", f"{np.bool_(True)}",
            "{}".format(x), f"{np.array([1.5, 2.0]) + 1}")


@jit
def constant_tensors():
    t = Tensor([1, 2])
    return (f"{t}", f"{t!s}", f"{Tensor(2.5)}", f"{Tensor(np.array([[1.5, 2]], np.float32))}",
            f"{Tensor(True)}", f"{Tensor([True, False])}", f"{Tensor(np.float32(0.1))}",
            f"{(Tensor([1]), 2)}")


@jit
def constant_tensor_sizes():
    return (f"{Tensor(np.arange(20, dtype=np.float32))}", f"{Tensor(np.arange(29))}",
            f"{Tensor(np.arange(30))}", f"{Tensor(np.zeros((5, 6), np.int32))}",
            f"{Tensor(np.float32(-123456.7))}", f"{Tensor(np.arange(24).reshape(2, 3, 4))}")


@jit
def python_values():
    return (f"{[1, 2]}", f"{(1, 'a')}", f"{ {'a': 1} }", f"{None}", f"{1.5:.3f}", f"{True}",
            f"{0.1}", f"{1e-8}", f"{-2}", f"{(True, 'b', None)}", f"{((1, 2), [3])}", f"{()}",
            f"{['a', 'b']}", f"{1 / 3}", f"{3.0}", f"{7:>5}", f"{ms.float32}")


@jit
def objects():
    return f"{box}", f"{[np.array([1])]}", f"{ {'a': np.array([1])} }"


@jit
def run_time_values(x):
    return (f"{x}", f"{x + 1}", f"{x!r}", f"{x:.2f}", f"a{x.shape}b", f"{x.dtype}",
            f"{[x, 1]}", f"{x.shape[0]}", f"{(x, 1)}")


class Mixed(nn.Cell):
    def construct(self, x):
        y = np.array([1, 2])
        return f"{y} {x}"


show("numpy values", numpy_values)
show("constant tensors", constant_tensors)
show("constant tensor sizes", constant_tensor_sizes)
show("python values", python_values)
show("objects", objects)
show("run-time values", run_time_values, Tensor(np.array([0.5, 1], np.float32)))
context.set_context(mode=context.GRAPH_MODE)
show("graph cell, a run-time value beside a constant", Mixed(), Tensor([1]))
