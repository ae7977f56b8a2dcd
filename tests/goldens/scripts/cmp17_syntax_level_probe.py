"""MindSpore 2.10's graph syntax level (STRICT 0, COMPATIBLE 1, LAX 2): where it comes from and
what it changes. A Cell's graph takes its JitConfig's `jit_syntax_level`, else the context's; a
`jit` function is LAX, STRICT with `fullgraph=True` (the context is not read; a function
captured from its bytecode is LAX whatever `fullgraph` says); the process
environment's MS_DEV_JIT_SYNTAX_LEVEL overrides both, read from the C environment (`os.putenv`
counts, `os.unsetenv` clears it though `os.environ` keeps it). Under STRICT and COMPATIBLE,
`asnumpy()` of a run-time Tensor raises AttributeError; under STRICT a returned dict is the tuple
of its values. Golden: tests/goldens/compiler/cmp17_syntax_level_probe.out
(tests/transforms/test_syntax_level.py)."""
import os

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
KEY = "MS_DEV_JIT_SYNTAX_LEVEL"


class Inner:
    def __init__(self):
        self.number = 2

    def func(self, x):
        return self.number * x.asnumpy()


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.cls = Inner()

    def construct(self, x):
        return self.cls.func(x)


class DictNet(nn.Cell):
    def construct(self, x):
        return {"a": x, "b": 1}


class NestedDictNet(nn.Cell):
    def construct(self, x):
        return x, {"a": x + 1, "b": [2, {"c": 3}]}


def show(label, fn):
    try:
        r = fn()
        kind = f"numpy {r.dtype}" if isinstance(r, np.generic) else type(r).__name__
        print(label, "->", "OK", kind, r)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


def called(cell_class, level):
    net = cell_class()
    if level is not None:
        net.set_jit_config(ms.JitConfig(jit_syntax_level=level))
    return net(Tensor(2))


def times_three(x):
    return 3 * x.asnumpy()


def as_dict(x):
    return {"a": x, "b": 2}


def plus_one(x):
    return x + 1


for level in (None, "STRICT", "COMPATIBLE", "LAX"):
    show(f"cell asnumpy config={level}", lambda: called(Net, level))
    show(f"cell dict config={level}", lambda: called(DictNet, level))
show("cell nested dict config=STRICT", lambda: called(NestedDictNet, "STRICT"))
show("jit asnumpy", lambda: ms.jit(times_three)(Tensor(2)))
show("jit fullgraph asnumpy", lambda: ms.jit(times_three, fullgraph=True)(Tensor(2)))
show("jit dict", lambda: ms.jit(as_dict)(Tensor(2)))
show("jit fullgraph dict", lambda: ms.jit(as_dict, fullgraph=True)(Tensor(2)))
show("jit bytecode fullgraph dict",
     lambda: ms.jit(as_dict, capture_mode="bytecode", fullgraph=True)(Tensor(2)))

ms.set_context(jit_syntax_level=ms.STRICT)
show("context STRICT cell asnumpy", lambda: called(Net, None))
show("context STRICT cell dict", lambda: called(DictNet, None))
show("context STRICT config LAX cell asnumpy", lambda: called(Net, "LAX"))
show("context STRICT jit asnumpy", lambda: ms.jit(times_three)(Tensor(2)))
show("context STRICT jit dict", lambda: ms.jit(as_dict)(Tensor(2)))
ms.set_context(jit_syntax_level=ms.COMPATIBLE)
show("context COMPATIBLE cell asnumpy", lambda: called(Net, None))
show("context COMPATIBLE cell dict", lambda: called(DictNet, None))
ms.set_context(jit_syntax_level=ms.LAX)

os.environ[KEY] = "0"
show("env 0 cell asnumpy config=LAX", lambda: called(Net, "LAX"))
show("env 0 jit asnumpy", lambda: ms.jit(times_three)(Tensor(3)))
show("env 0 cell dict", lambda: called(DictNet, None))
show("env 0 jit dict", lambda: ms.jit(as_dict)(Tensor(3)))
os.environ[KEY] = "1"
show("env 1 cell asnumpy", lambda: called(Net, None))
show("env 1 jit asnumpy", lambda: ms.jit(times_three)(Tensor(4)))
show("env 1 cell dict config=STRICT", lambda: called(DictNet, "STRICT"))
os.environ[KEY] = "2"
show("env 2 cell asnumpy config=STRICT", lambda: called(Net, "STRICT"))
show("env 2 cell dict config=STRICT", lambda: called(DictNet, "STRICT"))
show("env 2 jit fullgraph asnumpy", lambda: ms.jit(times_three, fullgraph=True)(Tensor(2)))
show("env 2 jit fullgraph dict", lambda: ms.jit(as_dict, fullgraph=True)(Tensor(2)))
os.environ[KEY] = "0"
os.unsetenv(KEY)
show("environ 0 then unsetenv jit asnumpy", lambda: ms.jit(times_three)(Tensor(5)))
show("environ 0 then unsetenv cell asnumpy", lambda: called(Net, None))
del os.environ[KEY]
os.putenv(KEY, "0")
show("putenv 0 jit asnumpy", lambda: ms.jit(times_three)(Tensor(6)))
show("putenv 0 cell asnumpy", lambda: called(Net, None))
os.unsetenv(KEY)
os.environ[KEY] = " 0"
show("env ' 0' jit asnumpy", lambda: ms.jit(times_three)(Tensor(7)))
os.environ[KEY] = "3"
show("env 3 jit asnumpy", lambda: ms.jit(times_three)(Tensor(8)))
show("env 3 jit plus_one", lambda: ms.jit(plus_one)(Tensor(8)))
show("env 3 cell dict", lambda: called(DictNet, None))
os.environ[KEY] = ""
show("env empty jit asnumpy", lambda: ms.jit(times_three)(Tensor(9)))
del os.environ[KEY]
show("unset jit asnumpy", lambda: ms.jit(times_three)(Tensor(9)))

ms.set_context(mode=ms.PYNATIVE_MODE, jit_syntax_level=ms.STRICT)
show("pynative context STRICT cell asnumpy", lambda: called(Net, None))
show("pynative config STRICT cell asnumpy", lambda: called(Net, "STRICT"))
show("pynative context STRICT jit asnumpy", lambda: ms.jit(times_three)(Tensor(2)))
ms.set_context(jit_syntax_level=ms.LAX)
os.environ[KEY] = "0"
show("pynative env 0 cell asnumpy", lambda: called(Net, None))
show("pynative env 0 jit asnumpy", lambda: ms.jit(times_three)(Tensor(2)))
del os.environ[KEY]
