"""MindSpore 2.10 behaviour of ops.add_flags / ops.composite.add_flags and
ops.composite.base.core (flags for the graph compiler, kept on the function or Cell), printed `label -> RESULT` as in used_names_probe.py;
tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe12.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe12.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.ops.composite import add_flags
from mindspore.ops.composite.base import core


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


def double(x):
    return x * 2


@add_flags(has_effect=True)
def triple(x):
    return x * 3


class Net(nn.Cell):
    @add_flags(defer_inline=True)
    def construct(self, x):
        return x + 1


show("same function", lambda: ops.add_flags is add_flags)
show("decorator", lambda: (triple._func_graph_flags, triple(2)))
show("direct", lambda: (add_flags(double, a=True, b=False) is double, double._func_graph_flags))
show("merged", lambda: (add_flags(double, b=True, c=True), double._func_graph_flags)[1])
show("no flags", lambda: add_flags(lambda x: x)._func_graph_flags)
show("no function", lambda: callable(add_flags(x=True)))
show("method", lambda: (Net.construct._func_graph_flags,
                        Net()(Tensor(np.array([1.0], np.float32))).asnumpy().tolist()))
show("cell", lambda: (lambda cell: (add_flags(cell, training=False) is cell,
                                    cell._func_graph_flags))(nn.ReLU()))
show("compiled", lambda: ms.jit(triple)(Tensor(np.array([1.0], np.float32))).asnumpy().tolist())


def quadruple(x):
    return x * 4


@core(loop_can_uroll=True)
def quintuple(x):
    return x * 5


show("core decorator", lambda: (quintuple._func_graph_flags, quintuple(2)))
show("core direct", lambda: (core(quadruple) is quadruple, quadruple._func_graph_flags))
show("core no function", lambda: callable(core(x=True)))
show("core compiled", lambda: ms.jit(quintuple)(Tensor(np.array([1.0], np.float32))).asnumpy().tolist())
