"""Cell.set_inputs with a declared rank-2 Tensor given a 0-D one (accepted, its dtype still
checked) or one of another rank (refused): MindSpore 2.10's results. Golden:
tests/goldens/api/set_inputs_scalar_probe.out."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
ms.set_context(mode=ms.GRAPH_MODE)
class Net(nn.Cell):
    def construct(self, x, y, alpha):
        return x - y * alpha
def run(label, y, first=True):
    net = Net()
    if first:
        net(ms.tensor(np.ones((2, 3, 4), np.float32)), ms.tensor(np.ones((2, 3, 1), np.float32)), 2.0)
    net.set_inputs(ms.tensor(shape=[None, None], dtype=ms.float32), ms.tensor(shape=[None, None], dtype=ms.float32), 2.0)
    try:
        r = net(ms.tensor(np.ones((4, 3), np.float32)), y, 2.0)
        print(label, "->", r.shape)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:200])
run("0-d after call", ms.tensor(1.))
run("0-d fresh", ms.tensor(1.), False)
run("1-d fresh", ms.tensor(np.ones(3, np.float32)), False)
run("3-d fresh", ms.tensor(np.ones((1, 1, 3), np.float32)), False)
run("0-d float64", ms.tensor(np.float64(1.)), False)
run("0-d int", ms.tensor(1), False)
