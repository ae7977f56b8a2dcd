"""MindSpore 2.10's Generator state: (seed, offset), `_step` returning them and advancing the
offset, get_state/set_state as 16 bytes, manual_seed and seed resetting the offset, `_step` inside
a Cell in both modes. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/generator_state_probe.py \\
        | grep " -> " > tests/goldens/api/generator_state_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn
from mindspore.common.generator import Generator, default_generator

def show(label, fn):
    try:
        r = fn()
    except Exception as e:
        r = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {r}")

g = Generator()
show("fresh state", lambda: g.get_state().asnumpy().tolist())
g.manual_seed(5)
show("manual_seed state", lambda: g.get_state().asnumpy().tolist())
s = g._step(Tensor(3, ms.int64))
show("step types", lambda: [(type(x).__name__, x.dtype, x.shape, int(x)) for x in s])
show("step 3 state", lambda: g.get_state().asnumpy().tolist())
show("step again", lambda: [int(x) for x in g._step(Tensor(2, ms.int64))])
show("initial_seed after steps", lambda: g.initial_seed())
show("manual_seed resets offset", lambda: (g.manual_seed(7), [int(x) for x in g._step(Tensor(1, ms.int64))])[1])
show("step int", lambda: [int(x) for x in g._step(4)])
show("step negative", lambda: [int(x) for x in g._step(Tensor(-10, ms.int64))])
show("state after negative", lambda: np.frombuffer(g.get_state().asnumpy().tobytes(), "<i8").tolist())
show("seed() resets offset", lambda: (lambda sd: (g.initial_seed() == sd, int(g._step(Tensor(1, ms.int64))[1])))(g.seed()))
big = np.array([3, 2 ** 40], "<i8").view(np.uint8)
g.set_state(Tensor(big))
show("set_state big offset", lambda: [int(x) for x in g._step(Tensor(1, ms.int64))])
show("initial_seed after set_state", lambda: g.initial_seed())
show("step float tensor", lambda: [int(x) for x in g._step(Tensor(1.5, ms.float32))])
show("step int32 tensor", lambda: [int(x) for x in g._step(Tensor(1, ms.int32))])
ms.manual_seed(9)
show("default step", lambda: [int(x) for x in default_generator._step(Tensor(5, ms.int64))])
show("default state", lambda: np.frombuffer(ms.get_rng_state().asnumpy().tobytes(), "<i8").tolist())

class Net(nn.Cell):
    def construct(self, gen):
        return gen._step(Tensor(2, ms.int64))
for mode, name in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    ms.set_context(mode=mode)
    gen = Generator()
    gen.manual_seed(11)
    net = Net()
    show(f"{name} cell step 1", lambda: [int(x) for x in net(gen)])
    show(f"{name} cell step 2", lambda: [int(x) for x in net(gen)])
    show(f"{name} cell state", lambda: np.frombuffer(gen.get_state().asnumpy().tobytes(), "<i8").tolist())
ms.set_context(mode=ms.PYNATIVE_MODE)
