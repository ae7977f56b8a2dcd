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
