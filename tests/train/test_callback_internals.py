"""The callback internals of `mindspore.train.callback` (`_checkpoint_cb_for_save_op`,
`_set_cur_net`, `_checkpoint._chg_ckpt_file_name_if_same_exist`) and `OnRequestExit`'s
attributes, against MindSpore 2.10: tests/goldens/scripts/ut19_callback_internals_probe.py run
unchanged on msjax, compared with MindSpore's output
(tests/goldens/train/ut19_callback_internals_probe.out). Compared exactly: the values are small
integers and halves, exact in float32."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "train" / "ut19_callback_internals_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut19_callback_internals_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
