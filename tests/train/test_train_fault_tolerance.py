"""`mindspore.train.TrainFaultTolerance` (MindIO fault tolerance, Ascend only) against MindSpore
2.10 on a CPU: the probe tests/goldens/scripts/ut19_train_fault_tolerance_probe.py run unchanged
on msjax, compared exactly with MindSpore's output
(tests/goldens/train/ut19_train_fault_tolerance_probe.out): the same ValueErrors for each
`MS_ENABLE_TFT` setting. The configurations MindSpore builds without a device check raise
NotImplementedError in msjax (docs/migration.md), tested here."""
import pytest

from msjax.train import TrainFaultTolerance
from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "train" / "ut19_train_fault_tolerance_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut19_train_fault_tolerance_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]


@pytest.mark.parametrize("env, extra", [("{ATO:1}", {}), ("{TRE:1}", {}),
                                        ("", {"MS_ENABLE_CKPT_D2H_ASYNC": "1"})])
def test_configurations_without_mindio_are_refused(monkeypatch, env, extra):
    monkeypatch.setenv("MS_ENABLE_TFT", env)
    for name, value in extra.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(NotImplementedError, match="mindio_ttp"):
        TrainFaultTolerance(ckpt_save_path="./ckpt")
