"""The parallel context, the communication API without a cluster, the collective Primitives and
DistributedGradReducer's construction: MindSpore's probe script, run unchanged on msjax, prints
what MindSpore 2.10 printed (tests/goldens/parallel/parallel_probe.out)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("parallel/parallel_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("parallel_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_parallel_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
