"""MindSpore 2.10's graph-mode errors for names without a value: a read of an undefined name
anywhere in a compiled function (a branch never taken included) is a NameError at compile time,
and a variable assigned in one branch of a tensor condition only is an UnboundLocalError where
it is used; each message names the variable and shows the line that uses it. Printed
`label -> RESULT` (the error's type, its first line, the last line number of this file it cites
and whether it quotes the line); tests/transforms/test_graph_names.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_names_probe.py \
        | grep -- " -> " > tests/goldens/transforms/graph_names_probe.out
"""
import os
import re

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit

ms.set_context(mode=ms.GRAPH_MODE)
HERE = os.path.basename(__file__)


def show(label, f, quoted):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        text = str(e)
        lines = re.findall(re.escape(HERE) + r":(\d+)", text)
        result = (f"ERR {type(e).__name__} | {text.strip().splitlines()[0]} | "
                  f"line {lines[-1] if lines else None} | quoted {quoted in text}")
    print(f"{label} -> {result}")


class UsesUndefined(nn.Cell):
    def construct(self, x):
        ret = x + undefined_a  # noqa: F821 - the golden is MindSpore's error for it
        return ret


class UndefinedInBranch(nn.Cell):
    def construct(self, x):
        if x.sum() > 100:
            x = undefined_b * x  # noqa: F821
        return x


@jit
def undefined_in_lambda(x):
    scale = lambda v: v * undefined_c  # noqa: E731, F821
    return scale(x)


@jit
def defined_global(x):
    return x * np.float32(2) + GLOBAL_OFFSET


GLOBAL_OFFSET = 1


class OneBranch(nn.Cell):
    def construct(self, x):
        if x < 0:
            y = 0
        return y


class OtherBranch(nn.Cell):
    def construct(self, x):
        if x < 0:
            x = x + 1
        else:
            y = 0
        return y


one = Tensor(np.ones((1,), np.float32))
show("undefined in construct", lambda: UsesUndefined()(one), "ret = x + undefined_a")
show("undefined in untaken branch", lambda: UndefinedInBranch()(one), "x = undefined_b * x")
show("undefined in lambda", lambda: undefined_in_lambda(one), "undefined_c")
show("global defined", lambda: defined_global(one).asnumpy().tolist(), "")
show("defined in true branch only", lambda: OneBranch()(one), "return y")
show("defined in false branch only", lambda: OtherBranch()(one), "return y")
