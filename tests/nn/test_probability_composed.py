"""`nn.probability`'s `PowerTransform`, `ScalarAffine` (probability/bijector.py), `Categorical`
and `TransformedDistribution` (probability/composed.py) as MindSpore 2.10 has them:
tests/goldens/scripts/probability_probe.py run unchanged; and draws, which differ from
MindSpore's (JAX's generator), by their distribution."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from msjax.nn.probability import bijector as msb
from msjax.nn.probability import distribution as msd
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/probability_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("probability_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_categorical_draws_follow_its_probabilities():
    ms.set_seed(1)
    draws = msd.Categorical(probs=[0.2, 0.3, 0.5]).sample((4000,)).asnumpy()
    np.testing.assert_allclose(np.bincount(draws, minlength=3) / 4000, [0.2, 0.3, 0.5],
                               atol=0.03)


def test_transformed_draws_are_the_bijector_of_the_base_draws():
    ms.set_seed(2)
    log_normal = msd.TransformedDistribution(msb.Exp(), msd.Normal(0.0, 1.0, dtype=ms.float32))
    draws = log_normal.sample((4000,)).asnumpy()
    assert draws.min() > 0
    assert abs(np.median(np.log(draws))) < 0.08 and abs(np.log(draws).std() - 1) < 0.05


def test_power_transform_round_trips_and_differentiates():
    bijector = msb.PowerTransform(power=0.5)
    x = Tensor(np.array([0.1, 1.0, 3.0], np.float32))
    np.testing.assert_allclose(bijector.inverse(bijector.forward(x)).asnumpy(), x.asnumpy(),
                               rtol=1e-5)
    grad = ms.grad(lambda v: bijector.forward(v).sum())(x).asnumpy()
    np.testing.assert_allclose(np.log(grad), bijector.forward_log_jacobian(x).asnumpy(),
                               rtol=1e-5)
