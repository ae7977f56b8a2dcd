"""AutoParallel in one process of one device: MindSpore's checks, its settings, the parallel mode
its network runs in. Sharded runs on 8 devices: tests/parallel/checks_semi_auto.py."""
import numpy as np
import pytest

import msjax as ms
from msjax import Layout, Tensor, nn, ops
from msjax.parallel.auto_parallel import AutoParallel
from msjax._src.parallel import parallel_context


class Probe(nn.Cell):
    def construct(self, x):
        self.seen = parallel_context.parallel_mode()
        return x * 2


def test_the_network_runs_in_semi_auto_mode_and_the_context_is_restored():
    probe = Probe()
    out = AutoParallel(probe)(Tensor(np.ones(2, np.float32)))
    assert out.asnumpy().tolist() == [2.0, 2.0]
    assert probe.seen == "semi_auto_parallel"
    assert parallel_context.parallel_mode() == "stand_alone"


def test_a_model_trains_an_auto_parallel_network_as_the_network():
    def train(wrap):
        ms.set_seed(3)
        net = nn.Dense(4, 2)
        model = ms.train.Model(wrap(net), nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        x = np.random.default_rng(0).standard_normal((8, 4)).astype(np.float32)
        rows = [(x, np.ones((8, 2), np.float32))] * 3
        model.train(1, rows)
        return net.weight.asnumpy()

    np.testing.assert_allclose(train(lambda n: AutoParallel(n, "sharding_propagation")),
                               train(lambda n: n), rtol=1e-6)


def test_settings_are_kept():
    net = AutoParallel(nn.Dense(2, 2))
    net.dataset_strategy("full_batch")
    net.enable_gradients_mean()
    net.disable_gradient_fp32_sync()
    net.disable_loss_repeated_mean()
    net.no_init_parameters_in_compile()
    assert (net._full_batch, net._gradients_mean, net._gradient_fp32_sync,
            net._loss_repeated_mean, net._init_param_in_compile) == (True, True, False, False, False)
    layout = Layout((1, 1), ("dp", "mp"))
    net.dataset_strategy(((1, 1), layout("dp", "mp")))
    assert net._dataset_strategy_config[0] == (1, 1) and net.get_pipeline_stages() == 1


@pytest.mark.parametrize("call, error, message", [
    (lambda: AutoParallel(nn.Dense(2, 2), "auto"), ValueError,
     r"the argument 'parallel_mode' must be one of \['semi_auto', 'sharding_propagation', "
     r"'recursive_programming'\], but got the value : auto ."),
    (lambda: AutoParallel(nn.Dense(2, 2)).dataset_strategy(None), ValueError,
     "dataset_strategy is none in config!"),
    (lambda: AutoParallel(nn.Dense(2, 2)).dataset_strategy("half"), ValueError,
     "must be 'full_batch' or 'data_parallel', but got the value : half."),
    (lambda: AutoParallel(nn.Dense(2, 2)).dataset_strategy([1]), TypeError,
     "must be str or tuple type, but got the type : <class 'list'>."),
    (lambda: AutoParallel(nn.Dense(2, 2)).dataset_strategy(((1, 1.5),)), TypeError,
     "the element of argument 'config' must be int type, but got the type : <class 'float'> ."),
    (lambda: AutoParallel(nn.Dense(2, 2)).dataset_strategy((1,)), TypeError,
     "must be tuple or Layout, but got the type : <class 'int'> ."),
])
def test_bad_arguments_raise_mindspores_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_strategies_act_only_inside_the_auto_parallel_network():
    matmul = ops.MatMul().shard(((2, 1), (1, 1)))  # 2 devices; this process has 1
    x = Tensor(np.ones((2, 2), np.float32))

    class Net(nn.Cell):
        def construct(self, a):
            return matmul(a, a)

    assert ms.jit(lambda a: matmul(a, a))(x).shape == (2, 2)  # stand-alone: ignored
    with pytest.raises(RuntimeError, match="^Failure:operator MatMul init failed"):
        ms.jit(lambda a: AutoParallel(Net())(a))(x)
