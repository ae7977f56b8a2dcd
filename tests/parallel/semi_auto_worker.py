"""One process of a semi-auto parallel job, written as a MindSpore script is: init(),
SEMI_AUTO_PARALLEL, operators and Cells with shard strategies, Model.train; or AutoParallel.

    python tests/parallel/semi_auto_worker.py OUT.npz [stand_alone]

The job comes from the environment (MS_SCHED_HOST, MS_SCHED_PORT, MS_WORKER_NUM, MS_NODE_ID);
`stand_alone` runs the same networks unsharded in one process on the whole batches, the
reference. Saves the outputs, the trained parameters and, in the job, the compiled programs'
per-device dot shapes.
"""
import sys

import numpy as np

import msjax as ms
from msjax import Layout, Tensor, nn, ops
from msjax.communication import get_group_size, get_rank, init
from msjax.parallel.auto_parallel import AutoParallel
from msjax.train import Model

init()
STAND_ALONE = len(sys.argv) > 2 and sys.argv[2] == "stand_alone"
rank, size = get_rank(), get_group_size()
ms.set_context(mode=ms.GRAPH_MODE)
rng = np.random.default_rng(0)
A = rng.standard_normal((8, 16)).astype(np.float32)
B = rng.standard_normal((16, 8)).astype(np.float32)
X = rng.standard_normal((4, 16, 6)).astype(np.float32)  # 4 global batches of 16 rows
Y = rng.standard_normal((4, 16, 4)).astype(np.float32)
out = {}


class MatMulReLU(nn.Cell):
    def __init__(self):
        super().__init__()
        self.matmul = ops.MatMul().shard(((2, 1), (1, 2)))  # a's rows over 2, b's columns over 2
        layout = Layout((2, 2), ("dp", "mp"))
        self.relu = ops.ReLU().shard((layout("dp", "mp"),))

    def construct(self, a, b):
        return self.relu(self.matmul(a, b))


class Regressor(nn.Cell):
    """x @ w1 (rows over 4 devices) -> ReLU -> x @ w2 (w2's columns over 2)."""

    def __init__(self):
        super().__init__()
        self.w1 = ms.Parameter(Tensor(rng.standard_normal((6, 8)).astype(np.float32) * 0.3),
                               name="w1")
        self.w2 = ms.Parameter(Tensor(rng.standard_normal((8, 4)).astype(np.float32) * 0.3),
                               name="w2")
        self.matmul1 = ops.MatMul().shard(((4, 1), (1, 1)))
        self.relu = ops.ReLU().shard(((4, 1),))
        self.matmul2 = ops.MatMul().shard(((2, 1), (1, 2)))

    def construct(self, x):
        return self.matmul2(self.relu(self.matmul1(x, self.w1)), self.w2)


def dataset(full_batch):
    """The global batches; in the job without full_batch, this rank's rows of each."""
    share = 16 // size
    rows = slice(None) if full_batch or STAND_ALONE else slice(rank * share, (rank + 1) * share)
    data = [(X[i, rows], Y[i, rows]) for i in range(4)]
    return ms.dataset.GeneratorDataset(lambda: iter(data), ["x", "y"], shuffle=False)


def train(net, full_batch, wrap=None, sink=False):
    loss = nn.MSELoss()
    optimizer = nn.SGD(net.trainable_params(), 0.1)
    model = Model(net if wrap is None else wrap(net), loss, optimizer)
    model.train(2, dataset(full_batch), dataset_sink_mode=sink)
    return {p.name: p.asnumpy() for p in net.trainable_params()}


def program_text(cell, *args):
    """The compiled program of `cell(*args)`: one program over every process's devices."""
    return cell._global_program.program_of((cell, args, {})).compiled.as_text()


if not STAND_ALONE:
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL,
                                 full_batch=True)
net = MatMulReLU()
out["matmul_relu"] = net(Tensor(A), Tensor(B)).asnumpy()
ms.set_context(mode=ms.PYNATIVE_MODE)
out["matmul_relu_pynative"] = MatMulReLU()(Tensor(A), Tensor(B)).asnumpy()
ms.set_context(mode=ms.GRAPH_MODE)
if not STAND_ALONE:
    out["matmul_relu_hlo"] = np.array(program_text(net, Tensor(A), Tensor(B)))
add = ms.parallel.shard(lambda x, y: x * 2 + y, in_strategy=((2, 2), (2, 2)))
out["shard_fn"] = add(Tensor(A), Tensor(A)).asnumpy()



class Projection(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w1 = ms.Parameter(Tensor(rng.standard_normal((6, 8)).astype(np.float32)), name="w1")

    def construct(self, x):
        return ops.relu(ops.matmul(x, self.w1))


projection = Projection()
projection.shard(in_strategy=((4, 1),), parameter_plan={"w1": (1, 4)})  # nothing on one device
out["cell_shard"] = projection(Tensor(X[0])).asnumpy()

# Training with the whole batch on every rank (full_batch=True)
for name, value in train(Regressor(), full_batch=True).items():
    out["full/" + name] = value
# Training with each rank's share (dataset_strategy "data_parallel", MindSpore's default), in
# dataset sink mode
if not STAND_ALONE:
    ms.set_auto_parallel_context(full_batch=False)
regressor = Regressor()
for name, value in train(regressor, full_batch=False, sink=True).items():
    out["dp/" + name] = value
share = X[0] if STAND_ALONE else X[0, rank * (16 // size):(rank + 1) * (16 // size)]
out["dp_forward"] = regressor(Tensor(share)).asnumpy()
if not STAND_ALONE:
    out["dp_forward_hlo"] = np.array(program_text(regressor, Tensor(share)))
# AutoParallel, the global mode left stand-alone
if not STAND_ALONE:
    ms.reset_auto_parallel_context()
wrapped = Regressor()
for name, value in train(wrapped, full_batch=False,
                         wrap=None if STAND_ALONE else AutoParallel).items():
    out["auto/" + name] = value
# AutoParallel with a dataset strategy per input: rows over the 4 devices
def with_strategy(net):
    parallel = AutoParallel(net)
    parallel.dataset_strategy(((4, 1), (4, 1)))
    return parallel


for name, value in train(Regressor(), full_batch=False,
                         wrap=None if STAND_ALONE else with_strategy).items():
    out["auto_tuple/" + name] = value
np.savez(sys.argv[1], rank=rank, size=size, **out)
