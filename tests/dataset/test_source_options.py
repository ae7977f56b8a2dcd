"""SUN397Dataset and the sampler / shuffle / sharding arguments of the sources, as MindSpore 2.10
has them: tests/goldens/scripts/dataset_source_options_probe.py run unchanged on msjax against the
oracle's output (native sources raise RuntimeErrors for a conflict, Python sources ValueErrors)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("dataset/dataset_source_options_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("dataset_source_options_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_source_options_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
