"""mindspore.boost.GradientAccumulation against MindSpore 2.10: the golden script
(tests/goldens/scripts/boost_gradient_accumulation.py) prints MindSpore's lines on msjax, and the
same training step compiled with jit reaches the same values."""
import json

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from msjax.boost import GradientAccumulation
from tests.golden_scripts import GOLDENS, golden_cases, run_script_on_msjax

GOLDEN = golden_cases("train/boost_gradient_accumulation.txt")


def test_gradient_accumulation_prints_what_mindspore_prints():
    assert run_script_on_msjax("boost_gradient_accumulation.py") == GOLDEN


def test_gradient_accumulation_inside_a_compiled_step_gives_the_same_values():
    rng = np.random.default_rng(0)
    net = nn.Dense(3, 2, weight_init=Tensor(rng.standard_normal((2, 3)).astype(np.float32)),
                   bias_init="zeros")
    loss_fn = nn.MSELoss()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    accumulation = GradientAccumulation(2, optimizer)
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, optimizer.parameters)

    @ms.jit
    def train_step(x, y):
        loss, grads = grad_fn(x, y)
        return accumulation(loss, grads)

    inputs = rng.standard_normal((5, 4, 3)).astype(np.float32)
    targets = rng.standard_normal((5, 4, 2)).astype(np.float32)
    for step in range(5):
        loss = train_step(Tensor(inputs[step]), Tensor(targets[step]))
        want = json.loads(GOLDEN[f"step {step}"])
        np.testing.assert_allclose(loss.asnumpy(), want["loss"], atol=1e-5)
        np.testing.assert_allclose(net.weight.asnumpy(), want["weight"], atol=1e-5)
        np.testing.assert_allclose(net.bias.asnumpy(), want["bias"], atol=1e-5)
        assert int(accumulation._accumulation_step.asnumpy()) == want["accumulation_step"]
        for accumulated, expected in zip(accumulation._grad_accumulation, want["accumulated"]):
            np.testing.assert_allclose(accumulated.asnumpy(), expected, atol=1e-5)


def test_the_rest_of_boost_says_it_is_not_implemented():
    import msjax.boost as boost
    with pytest.raises(AttributeError, match="msjax does not implement mindspore.boost.AutoBoost"):
        boost.AutoBoost  # pylint: disable=pointless-statement
    assert (GOLDENS / "scripts" / "boost_gradient_accumulation.py").is_file()


def test_a_subclass_written_as_training_libraries_write_it():
    """hyper_map over gradient_accumulation_op / gradient_clear_op, ``self._accumulation_step +=
    1``, a branch on the counter and ``self._accumulation_step = 0``: MindSpore's values in
    GRAPH_MODE (the branch compiled, with its Parameter writes), its TypeError in PyNative."""
    golden = golden_cases("train/boost_accumulation_subclass.txt")
    assert run_script_on_msjax("boost_accumulation_subclass.py") == golden


def test_gradient_accumulation_op_and_gradient_clear_op():
    from msjax import ops
    from msjax.boost.grad_accumulation import gradient_accumulation_op, gradient_clear_op
    accumulated = ms.Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="accumulated")
    result = ops.HyperMap()(ops.partial(gradient_accumulation_op, 4), (accumulated,),
                            (Tensor(np.array([2.0, -4.0], np.float32)),))
    assert result[0] is accumulated
    np.testing.assert_array_equal(accumulated.asnumpy(), [1.5, 1.0])
    ops.HyperMap()(ops.partial(gradient_clear_op), (accumulated,))
    np.testing.assert_array_equal(accumulated.asnumpy(), [0.0, 0.0])


@pytest.mark.parametrize("level, optimizer, metrics, outcome", [
    ("O0", True, True, "trains"),
    ("O3", True, True, "trains"),  # AutoBoost reads any other level as "O0"
    ("O1", False, True, "In boost mode, the optimizer must be defined."),
    ("O1", True, False, "In boost mode, the eval_network and metrics cannot be undefined"),
    ("O1", True, True, "LessBN, gradient centralization and GradientFreeze"),
    ("O2", True, True, "GradientFreeze, and AdaSum"),
])
def test_model_boost_level_is_mindspores_rule(level, optimizer, metrics, outcome, caplog):
    """Model(boost_level=...): where MindSpore applies no boost rewrite msjax trains (with
    MindSpore's warning); where MindSpore would rewrite the network msjax says it cannot."""
    from msjax.train import Model
    net = nn.Dense(3, 2)
    kwargs = {"loss_fn": nn.MSELoss(), "boost_level": level,
              "optimizer": nn.SGD(net.trainable_params()) if optimizer else None,
              "metrics": {"mae": nn.MAE()} if metrics else None}
    if outcome.startswith("LessBN") or outcome.startswith("GradientFreeze"):
        with pytest.raises(NotImplementedError, match=outcome):
            Model(net, **kwargs)
        return
    with caplog.at_level("WARNING", logger="msjax"):
        model = Model(net, **kwargs)
    assert model.train_network is not None
    if outcome != "trains":
        assert outcome in caplog.text
