"""`+` of `mindspore.mutable` sequences (msjax/_src/ops/graph_values.py) as MindSpore 2.10's
SequenceAdd: tests/goldens/scripts/sequence_add_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/sequence_add_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("sequence_add_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sequence_add_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
