"""Semi-auto parallel on 8 host devices (run by test_multi_device.py in a subprocess with 8 host
devices): Primitive.shard strategies become shardings XLA partitions the op by (the compiled
program's per-device shapes show it), and results and training equal the unsharded ones."""
import jax
import numpy as np
import pytest

import msjax as ms
from msjax import Layout, Parameter, Tensor, nn, ops
from tests.support import assert_close

A = np.random.default_rng(0).standard_normal((8, 16)).astype(np.float32)
B = np.random.default_rng(1).standard_normal((16, 8)).astype(np.float32)
LAYOUT = Layout((2, 4), ("dp", "mp"))
# strategy -> the partitioned program's per-device signature, and whether it sums partial
# products over devices (a contracted dimension split)
STRATEGIES = {
    "rows and columns": (((2, 1), (1, 4)), "(param: f32[4,16], param.1: f32[16,2]) -> f32[4,2]",
                         False),
    "layouts": ((LAYOUT("dp", "None"), LAYOUT("None", "mp")),
                "(param: f32[4,16], param.1: f32[16,2]) -> f32[4,2]", False),
    "contracted": (((2, 4), (4, 1)), "(param: f32[4,4], param.1: f32[4,8]) -> f32[4,8]", True),
}


def setup_module():
    assert jax.device_count() == 8, "these checks run with 8 host devices"


def _semi_auto():
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL)


@pytest.mark.parametrize("kind", sorted(STRATEGIES))
def test_the_compiled_matmul_runs_on_the_strategys_shards(kind):
    strategy, signature, sums = STRATEGIES[kind]
    _semi_auto()
    matmul = ops.MatMul().shard(strategy)
    compiled = jax.jit(lambda a, b: matmul(Tensor(a), Tensor(b))._data).lower(A, B).compile()
    text = compiled.as_text()
    assert f"ENTRY %main.0_spmd {signature}" in text, text[:3000]
    assert ("all-reduce(" in text) == sums
    assert_close(compiled(A, B), A @ B, rtol=1e-5, atol=1e-5)


def test_outside_semi_auto_parallel_the_program_is_not_partitioned():
    matmul = ops.MatMul().shard(((2, 1), (1, 4)))
    text = jax.jit(lambda a, b: matmul(Tensor(a), Tensor(b))._data).lower(A, B).as_text()
    assert "sharding" not in text


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
def test_a_cell_with_sharded_ops_computes_the_unsharded_result(mode):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.matmul = ops.MatMul().shard(((2, 1), (1, 4)))
            self.relu = ops.ReLU().shard(((2, 4),))

        def construct(self, a, b):
            return self.relu(self.matmul(a, b))

    ms.set_context(mode=mode)
    _semi_auto()
    assert_close(Net()(Tensor(A), Tensor(B)), np.maximum(A @ B, 0), rtol=1e-5, atol=1e-5)


def test_training_with_sharded_ops_equals_unsharded_training():
    class Linear(nn.Cell):
        def __init__(self, strategy):
            super().__init__()
            self.weight = Parameter(Tensor(B[:, :4].copy()), name="weight")
            self.matmul = ops.MatMul() if strategy is None else ops.MatMul().shard(strategy)

        def construct(self, x):
            return self.matmul(x, self.weight)

    def train(strategy):
        net = Linear(strategy)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                   nn.SGD(net.trainable_params(), 0.05))
        for _ in range(3):
            step(Tensor(A), Tensor(np.ones((8, 4), np.float32)))
        return net.weight.asnumpy()

    ms.set_context(mode=ms.GRAPH_MODE)
    expected = train(None)
    _semi_auto()
    assert_close(train(((8, 1), (1, 1))), expected, rtol=1e-5, atol=1e-6)


class ShardedNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.matmul = ops.MatMul().shard(((2, 1), (1, 4)))

    def construct(self, a, b):
        return self.matmul(a, b)


def test_auto_parallel_shards_its_network_without_the_global_mode():
    from msjax.parallel.auto_parallel import AutoParallel
    net = AutoParallel(ShardedNet(), parallel_mode="semi_auto")
    compiled = jax.jit(lambda a, b: net(Tensor(a), Tensor(b))._data).lower(A, B).compile()
    assert "ENTRY %main.0_spmd (param: f32[4,16], param.1: f32[16,2]) -> f32[4,2]" in \
        compiled.as_text()
    assert_close(compiled(A, B), A @ B, rtol=1e-5, atol=1e-5)
    plain = jax.jit(lambda a, b: ShardedNet()(Tensor(a), Tensor(b))._data).lower(A, B)
    assert "sharding" not in plain.as_text()  # the same network outside AutoParallel
