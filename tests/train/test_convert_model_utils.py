"""mindspore.train.ConvertModelUtils (also train_thor's): scripts importing it for their THOR branch
run; with any optimizer msjax has it returns the Model given, as MindSpore 2.10 does
(tests/goldens/scripts/train_convert_model_utils.py)."""
import pytest

from msjax.train import ConvertModelUtils
from tests.golden_scripts import golden_cases, run_script_on_msjax


def test_convert_model_utils_prints_what_mindspore_prints():
    assert run_script_on_msjax("train_convert_model_utils.py") == golden_cases(
        "train/convert_model_utils.txt")


def test_a_thor_optimizer_is_refused_plainly():
    class ThorGpu:  # the class name convert_to_thor_model looks for
        pass

    with pytest.raises(NotImplementedError, match="msjax has no THOR"):
        ConvertModelUtils.convert_to_thor_model(object(), None, optimizer=ThorGpu())
