"""The network whose strategy files msjax writes (checks_strategy_file.py) and MindSpore reads
(tests/goldens/scripts/strategy_file_probe.py): 8 devices, semi-auto parallel, a MatMul sharded
by a tuple strategy, one by Layouts, a Parameter no strategy splits and a frozen one.

    XLA_FLAGS=--xla_force_host_platform_device_count=8 python tests/parallel/strategy_net.py DIR

writes DIR/strategy.ckpt and DIR/strategy.json (the files under
tests/goldens/parallel/strategy_files/ were made so)."""
import os
import sys

import numpy as np

import msjax as ms
from msjax import Layout, Parameter, Tensor, nn, ops

X = np.random.default_rng(0).standard_normal((8, 16)).astype(np.float32)


class StrategyNet(nn.Cell):
    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(1)
        self.w1 = Parameter(Tensor(rng.standard_normal((16, 8)).astype(np.float32)), name="w1")
        self.w2 = Parameter(Tensor(rng.standard_normal((8, 4)).astype(np.float32)), name="w2")
        self.bias = Parameter(Tensor(rng.standard_normal((4,)).astype(np.float32)), name="bias")
        self.scale = Parameter(Tensor(np.float32(2.0)), name="scale", requires_grad=False)
        self.matmul1 = ops.MatMul().shard(((2, 1), (1, 4)))
        layout = Layout((2, 4), ("dp", "mp"))
        self.matmul2 = ops.MatMul().shard((layout("dp", "None"), layout("None", "mp")))

    def construct(self, x):
        return (self.matmul2(self.matmul1(x, self.w1), self.w2) + self.bias) * self.scale


def write_strategy_files(directory, only_trainable=True):
    """Compile StrategyNet in GRAPH_MODE with each strategy file as the save file; the output."""
    ms.set_context(mode=ms.GRAPH_MODE)
    out = None
    for name in ("strategy.ckpt", "strategy.json"):
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL,
                                     strategy_ckpt_config={
                                         "save_file": os.path.join(directory, name),
                                         "only_trainable_params": only_trainable})
        out = StrategyNet()(Tensor(X)).asnumpy()
    ms.reset_auto_parallel_context()
    return out


if __name__ == "__main__":
    write_strategy_files(sys.argv[1])
