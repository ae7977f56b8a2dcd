"""`mindspore.train.BackupAndRestore` in `Model.train` against MindSpore 2.10: the probe
tests/goldens/scripts/ut19_backup_and_restore_probe.py run unchanged on msjax, compared with
MindSpore's output (tests/goldens/train/ut19_backup_and_restore_probe.out). Weights are printed
rounded to 5 decimals (a few float32 Momentum steps of a Dense layer; XLA and MindSpore's CPU
kernels agree far below that) and compared as text; errors exactly."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "train" / "ut19_backup_and_restore_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut19_backup_and_restore_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
