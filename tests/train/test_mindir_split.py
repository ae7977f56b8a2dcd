"""`export` of a MINDIR split into NAME_graph.mindir and NAME_variables/data_N past
`mindspore.train.serialization.TOTAL_SAVE`, `load` of it, and `nn.GraphCell`'s `params_init` checks
(msjax/_src/train/export.py), as MindSpore 2.10 does them: tests/goldens/scripts/mindir_split_probe.py
run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("train/mindir_split_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("mindir_split_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_mindir_split_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
