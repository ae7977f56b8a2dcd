"""MindSpore 2.10: `mindspore.Symbol` and the checks a compiled Cell (GRAPH_MODE; PyNative runs
unchecked) makes of its arguments against `set_inputs`: construct's argument count, each
Tensor's dtype, rank and static dimensions, and the Symbols' max/min/divisor/unique. Printed
`label -> result`. tests/nn/test_set_inputs.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/set_inputs_symbol_probe.py \\
        | grep -- " -> " > tests/goldens/nn/set_inputs_symbol_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Symbol, jit

class Net(nn.Cell):
    def construct(self, x, y):
        return x + y

def show(label, f):
    try:
        r = f()
        print(label, "->", r.shape)
    except Exception as e:
        print(label, "->", type(e).__name__, "|", str(e).splitlines()[0])

for mode in (ms.GRAPH_MODE, ms.PYNATIVE_MODE):
    ms.set_context(mode=mode)
    s1 = Symbol(max=16, divisor=8)
    s2 = Symbol(unique=True)
    net = Net()
    net.set_inputs(Tensor(shape=[s1, s2, s2], dtype=ms.float32), Tensor(shape=[s1, s1, s2], dtype=ms.float32))
    one = lambda *s: Tensor(np.ones(s, np.float32))
    show(f"{mode} over max", lambda: net(one(32, 32, 32), one(32, 32, 32)))
    show(f"{mode} unique differs", lambda: net(one(16, 8, 8), one(16, 8, 1)))
    show(f"{mode} divisor", lambda: net(one(10, 8, 8), one(10, 8, 8)))
    show(f"{mode} ok", lambda: net(one(16, 8, 8), one(16, 8, 8)))
    net2 = Net()
    net2.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32), Tensor(shape=[None, 3], dtype=ms.float32))
    show(f"{mode} static dim differs", lambda: net2(one(2, 4), one(2, 4)))
    show(f"{mode} rank differs", lambda: net2(one(2, 3, 1), one(2, 3, 1)))
    show(f"{mode} dtype differs", lambda: net2(Tensor(np.ones((2, 3), np.int32)), one(2, 3)))
    show(f"{mode} count differs", lambda: net2(one(2, 3)))
    show(f"{mode} ok none", lambda: net2(one(5, 3), one(5, 3)))
    net3 = Net()
    net3.set_inputs(Tensor(shape=None, dtype=ms.float32), Tensor(shape=[Symbol(min=4)], dtype=ms.float32))
    show(f"{mode} dyn rank + min", lambda: net3(one(2, 3, 4), one(2)) if mode == ms.GRAPH_MODE
         else net3(one(2, 3, 4), one(1)))
print("Symbol str ->", Symbol(max=16, divisor=8), Symbol(), Symbol(min=9, divisor=4, remainder=1))
for bad in (dict(min=0), dict(divisor=0), dict(remainder=3, divisor=2), dict(max=1.5), dict(unique=1)):
    try:
        Symbol(**bad)
    except Exception as e:
        print(bad, "->", type(e).__name__, "|", e)
