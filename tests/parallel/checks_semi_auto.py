"""Semi-auto parallel on 8 host devices (run by test_multi_device.py in a subprocess with 8 host
devices): Primitive.shard strategies become shardings XLA partitions the op by (the compiled
program's per-device shapes show it), and results and training equal the unsharded ones."""
import jax
import numpy as np
import pytest

import msjax as ms
from msjax import Layout, Parameter, Tensor, nn, ops
from tests.parallel.support import dot_signature
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


# -- Cell.shard and parallel.shard ---------------------------------------------------------------
W = np.random.default_rng(2).standard_normal((16, 8)).astype(np.float32)


class Projection(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor(W.copy()), name="weight")

    def construct(self, x):
        return ops.relu(ops.matmul(x, self.weight))


class Model(nn.Cell):
    """A Projection sharded by Cell.shard (inputs, outputs and its weight), then a plain op."""

    def __init__(self, in_strategy, out_strategy, plan):
        super().__init__()
        self.projection = Projection()
        self.projection.shard(in_strategy, out_strategy=out_strategy, parameter_plan=plan)

    def construct(self, x):
        return self.projection(x) * 2.0


# strategy -> the partitioned dot's per-device signature
CELL_STRATEGIES = {
    "tuples": ((((2, 1),), ((2, 4),), {"self.projection.weight": (1, 4)}),
               "dot(f32[4,16], f32[16,2])"),
    "layouts": (((LAYOUT("dp", "None"),), (LAYOUT("dp", "mp"),),
                 {"projection.weight": LAYOUT("None", "mp")}), "dot(f32[4,16], f32[16,2])"),
    "weight rows": ((((1, 1),), None, {"projection.weight": (8, 1)}),
                    "dot(f32[8,2], f32[2,8])"),
}


@pytest.mark.parametrize("kind", sorted(CELL_STRATEGIES))
def test_cell_shard_partitions_the_cells_program(kind):
    (in_strategy, out_strategy, plan), signature = CELL_STRATEGIES[kind]
    _semi_auto()
    net = Model(in_strategy, out_strategy, plan)
    params, apply = ms.functional(net)
    compiled = jax.jit(apply).lower(params, A).compile()
    text = compiled.as_text()
    # the dot's operands are the shards the strategies give, and the result is the unsharded one
    assert signature in dot_signature(text), dot_signature(text)
    assert_close(compiled(params, A), np.maximum(A @ W, 0) * 2.0, rtol=1e-5, atol=1e-5)


def test_cell_shard_does_nothing_outside_semi_auto_parallel():
    net = Model(((2, 1),), None, {"projection.weight": (1, 4)})
    params, apply = ms.functional(net)
    assert "sharding" not in jax.jit(apply).lower(params, A).as_text()
    assert_close(net(Tensor(A)), np.maximum(A @ W, 0) * 2.0, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
def test_a_sharded_cell_computes_and_trains_as_the_unsharded_one(mode):
    def train(sharded):
        if sharded:
            _semi_auto()
        else:
            ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.STAND_ALONE)
        net = Model(((2, 1),), ((2, 4),), {"projection.weight": (1, 4)})
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                   nn.SGD(net.trainable_params(), 0.05))
        losses = [float(step(Tensor(A), Tensor(np.ones((8, 8), np.float32))).asnumpy())
                  for _ in range(3)]
        return losses, net.projection.weight.asnumpy(), net(Tensor(A)).asnumpy()

    ms.set_context(mode=mode)
    expected = train(False)
    for got, want in zip(train(True), expected):
        assert_close(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-6)


def test_parallel_shard_of_a_function_constrains_inputs_and_outputs():
    from msjax.parallel import shard
    _semi_auto()
    add = shard(lambda x, y: ops.abs(x) + y, in_strategy=((2, 4), (2, 4)),
                out_strategy=((8, 1),))
    out = add(Tensor(A), Tensor(A))  # eagerly: compiled, as MindSpore's
    assert out._data.sharding.shard_shape(out.shape) == (1, 16)
    assert_close(out, np.abs(A) + A, rtol=1e-6, atol=1e-6)
    text = jax.jit(lambda a: add(Tensor(a), Tensor(a))._data).lower(A).compile().as_text()
    assert "ENTRY %main.0_spmd (param: f32[4,4]) -> f32[1,16]" in text, text[:2000]


@pytest.mark.parametrize("args, kwargs, error, message", [
    (([(2, 1)],), {}, TypeError, "For 'Shard', the 'in_strategy' should be a tuple, but got list."),
    ((((2, 1), LAYOUT("dp", "mp")),), {}, TypeError,
     "For 'Shard', the strategy can only pass in consistent type for all dimensions."),
    (((2,),), {}, TypeError, "The 'in_strategy' should be a tuple(tuple(int)) or "
                             "tuple(mindspore.parallel.Layout), but got int"),
    ((((2, 1),),), {"out_strategy": [(2, 1)]}, TypeError,
     "For 'Shard', the 'out_strategy' should be None or tuple, but got list."),
    ((((2, 1),),), {"parameter_plan": [1]}, TypeError,
     "For 'Shard', the 'parameter_plan' should be a dict or None, but got list"),
    ((((2, 1),),), {"parameter_plan": {"weight": (3, 1)}}, ValueError,
     "For 'weight', the param_shape is (16, 8) and the setting param_strategy is (3, 1). The "
     "param_shape[0]: 16 cannot be divisible by param_strategy[0]: 3."),
])
def test_shard_checks_its_arguments_as_mindspore(args, kwargs, error, message):
    """MindSpore's messages (its mindspore/parallel/shard.py), raised where it raises them: in a
    job of more than one rank (device, here)."""
    import re
    with pytest.raises(error, match=re.escape(message)):
        Projection().shard(*args, **kwargs)


def test_cell_shard_acts_inside_auto_parallel_without_the_global_mode():
    from msjax.parallel.auto_parallel import AutoParallel
    net = AutoParallel(Model(((2, 1),), ((2, 4),), {"projection.weight": (1, 4)}))
    params, apply = ms.functional(net)
    compiled = jax.jit(apply).lower(params, A).compile()
    assert "dot(f32[4,16], f32[16,2])" in dot_signature(compiled.as_text())
    assert_close(compiled(params, A), np.maximum(A @ W, 0) * 2.0, rtol=1e-5, atol=1e-5)


def test_a_dense_layers_matmul_strategy_partitions_it():
    """`dense.matmul.shard(...)` (MindSpore's Dense computes with its `matmul` and `bias_add`
    Primitives): the rows of x over 2 devices, the weight's rows (the output columns) over 4."""
    _semi_auto()
    dense = nn.Dense(16, 8)
    dense.matmul.shard(((2, 1), (4, 1)))
    dense.bias_add.shard(((2, 4), (4,)))
    params, apply = ms.functional(dense)
    compiled = jax.jit(apply).lower(params, A).compile()
    assert "dot(f32[4,16], f32[2,16])" in dot_signature(compiled.as_text()), (
        dot_signature(compiled.as_text()))
    weight, bias = dense.weight.asnumpy(), dense.bias.asnumpy()
    assert_close(compiled(params, A), A @ weight.T + bias, rtol=1e-5, atol=1e-5)
    x3 = A.reshape(2, 4, 16)  # more than 2 dimensions: as rows, as MindSpore's Dense does
    assert_close(dense(Tensor(x3)).asnumpy(), x3 @ weight.T + bias, rtol=1e-5, atol=1e-5)


def test_a_conv_layers_conv2d_strategy_partitions_it():
    """`conv.conv2d.shard(...)`: the batch over 8 devices, each convolving one image."""
    _semi_auto()
    conv = nn.Conv2d(3, 4, 3, has_bias=True, bias_init="normal")
    conv.conv2d.shard(((8, 1, 1, 1), (1, 1, 1, 1)))
    conv.bias_add.shard(((8, 1, 1, 1), (1,)))
    images = np.random.default_rng(2).standard_normal((8, 3, 6, 6)).astype(np.float32)
    params, apply = ms.functional(conv)
    compiled = jax.jit(apply).lower(params, images).compile()
    assert "f32[1,3,6,6]" in compiled.as_text()
    ms.reset_auto_parallel_context()
    assert_close(compiled(params, images), conv(Tensor(images)).asnumpy(), rtol=1e-5, atol=1e-5)
