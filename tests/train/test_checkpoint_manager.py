"""mindspore.train.callback._CheckpointManager (msjax/_src/train/checkpoint.py) and
serialization._save_graph (msjax/_src/train/export.py), as MindSpore 2.10 behaves
(tests/goldens/scripts/checkpoint_manager_probe.py run unchanged)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("train/checkpoint_manager_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("checkpoint_manager_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_checkpoint_manager_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
