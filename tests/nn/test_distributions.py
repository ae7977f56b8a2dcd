"""The Normal, Laplace, Exponential, Logistic and Cauchy distributions
(msjax/_src/nn/probability/distribution.py) as MindSpore 2.10 has them
(tests/goldens/scripts/distributions_probe.py run unchanged), and their samples' statistics."""
import numpy as np
import pytest

import msjax
import msjax.nn.probability.distribution as msd
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/distributions_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("distributions_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_distribution_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


# (distribution, its mean, its standard deviation)
SAMPLED = [
    (lambda: msd.Normal(2.0, 0.5), 2.0, 0.5),
    (lambda: msd.Exponential(4.0), 0.25, 0.25),
    (lambda: msd.Logistic(-1.0, 0.5), -1.0, 0.5 * np.pi / np.sqrt(3)),
]


@pytest.mark.parametrize("make, mean, sd", SAMPLED)
def test_samples_have_the_distributions_moments(make, mean, sd):
    msjax.set_seed(5)
    draws = make().sample((40000,)).asnumpy()
    assert abs(draws.mean() - mean) < 0.02 and abs(draws.std() - sd) < 0.02


def test_cauchy_samples_have_its_quartiles():
    msjax.set_seed(5)
    draws = msd.Cauchy(1.0, 2.0).sample((40000,)).asnumpy()
    assert np.allclose(np.percentile(draws, [25, 50, 75]), [-1.0, 1.0, 3.0], atol=0.1)
