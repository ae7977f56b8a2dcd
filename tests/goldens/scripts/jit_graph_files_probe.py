"""MindSpore 2.10's saved graphs (`MS_DEV_SAVE_GRAPHS=1`, `MS_DEV_DUMP_IR_PASSES=_validate`): how
many validated graphs (`*_validate*.ir`) are written as `jit` compiles a function, a Cell
instance twice (once), after `Cell._set_jit_graph_name` (again), a new instance (again) and a
Cell class jitted before; printed `label -> RESULT`; tests/transforms/test_graph_mode.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/jit_graph_files_probe.py \
        | grep -- " -> " > tests/goldens/transforms/jit_graph_files_probe.out
"""
import glob
import os
import shutil
import tempfile

directory = tempfile.mkdtemp()
os.environ["MS_DEV_SAVE_GRAPHS"] = "1"
os.environ["MS_DEV_SAVE_GRAPHS_PATH"] = directory
os.environ["MS_DEV_DUMP_IR_PASSES"] = "_validate"

from mindspore import Tensor, dtype as mstype, jit, nn, ops  # noqa: E402  (after the settings)


def validated():
    return len(glob.glob(os.path.join(directory, "*_validate*.ir")))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.add = ops.Add()

    def construct(self, x, y):
        return self.add(x, y)


x = Tensor([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], dtype=mstype.float32)


@jit
def double(a):
    return a * 2


double(x)
print("function ->", validated())
double(x)
print("function called again ->", validated())
net = Net()
jit(net)(x, x)
print("jit(net) ->", validated())
jit(net)(x, x)
print("jit(net) again ->", validated())
net._set_jit_graph_name("second_net")  # pylint: disable=protected-access
jit(net)(x, x)
print("after _set_jit_graph_name ->", validated())
jit(Net())(x, x)
print("jit of another instance ->", validated())


class Jitted(nn.Cell):
    def __init__(self):
        super().__init__()
        self.add = ops.Add()

    def construct(self, x, y):
        return self.add(x, y)


jit(Jitted, capture_mode="bytecode")()(x, x)
print("jitted class ->", validated())
jitted = Jitted()
jit(jitted)(x, x)
print("jit(instance) of a jitted class ->", validated())
jitted._set_jit_graph_name("other")  # pylint: disable=protected-access
jit(jitted)(x, x)
print("renamed instance of a jitted class ->", validated())
shutil.rmtree(directory)
for name in ("MS_DEV_SAVE_GRAPHS", "MS_DEV_SAVE_GRAPHS_PATH", "MS_DEV_DUMP_IR_PASSES"):
    os.environ.pop(name)
