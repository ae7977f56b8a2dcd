"""ops.DepthwiseConv2dNative and ops.Eps (msjax/_src/ops/legacy_ops.py, alias_primitives.py) as
MindSpore 2.10 has them: tests/goldens/scripts/miss18_depthwise_eps_probe.py run unchanged.

MindSpore 2.10's CPU build has no DepthwiseConv2dNative kernel (its call is a RuntimeError, in
the golden); msjax computes it everywhere (docs/migration.md), and its values must be those of
the grouped `ops.conv2d` MindSpore printed beside it, to float32 rounding at 4 decimals (1e-3
relative, 2e-4 absolute: the two are different XLA/oneDNN convolutions). Everything else
(attributes, the constructor's errors, Eps's values, dtypes and errors) is compared exactly."""
import pytest

from tests.golden_scripts import golden_cases, results_close, run_script_on_msjax

GOLDEN = golden_cases("ops/miss18_depthwise_eps_probe.out")
COMPUTED_ON_MSJAX_ONLY = {"DepthwiseConv2dNative valid": "conv2d grouped valid",
                          "DepthwiseConv2dNative pad": "conv2d grouped pad"}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("miss18_depthwise_eps_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(COMPUTED_ON_MSJAX_ONLY)))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("label", sorted(COMPUTED_ON_MSJAX_ONLY))
def test_depthwise_is_the_grouped_conv2d(label, msjax_cases):
    assert GOLDEN[label].startswith("ERR RuntimeError")  # MindSpore's CPU build: no kernel
    assert results_close(msjax_cases[label], GOLDEN[COMPUTED_ON_MSJAX_ONLY[label]])
