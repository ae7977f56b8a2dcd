"""MindSpore 2.10's `str()`, `repr()`, `format()`, `str.format`, `%` and f-strings of a Tensor
inside a compiled function: the Tensor's values, whether it was made from constants (folded while
compiling) or is an argument (formatted at run time); printed `label -> RESULT`;
tests/transforms/test_graph_tensor_format.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_tensor_format_probe.py \
        | grep -- " -> " > tests/goldens/transforms/graph_tensor_format_probe.out
"""
import warnings

import numpy as np
from mindspore import Tensor, context, jit

warnings.simplefilter("ignore")  # msjax warns when a function runs eagerly; MindSpore does not
context.set_context(mode=context.GRAPH_MODE)


def show(label, f, *args):
    try:
        result = repr(f(*args))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


@jit
def const_str_format():
    a = Tensor([1])
    return "{} is {}".format("string", a)


@jit
def const_format_builtin():
    a = Tensor([1, 2])
    s = format(a)
    return s, format(s, "6")


@jit
def const_str_of_sum():
    a = Tensor(np.array([1.5, 2.0], np.float32))
    return str(a + 1)


@jit
def arg_str_format(x):
    return "x is {}".format(x)


@jit
def arg_fstring(x):
    return f"<{x}>", x + 1


@jit
def const_repr():
    return repr(Tensor([1, 2]))


@jit
def arg_repr_and_percent(x):
    return repr(x), "%s" % x, "a" + str(x * 2)


show("constant str.format", const_str_format)
show("constant format()", const_format_builtin)
show("constant str() of a sum", const_str_of_sum)
show("argument str.format", arg_str_format, Tensor([3, 4]))
show("argument str.format 2-D", arg_str_format, Tensor(np.array([[1.5, 2.0], [3, 4]], np.float32)))
show("argument f-string", arg_fstring, Tensor(np.array([0.5], np.float32)))
show("constant repr", const_repr)
show("argument repr, %, str", arg_repr_and_percent, Tensor([1, 2]))
