"""A compiled graph reading a global, closure or captured Cell's Parameter whose name another of
its Parameters has is MindSpore's RuntimeError (msjax/_src/transforms/compiled.py
`check_free_parameter_names`): tests/goldens/scripts/ut20_free_parameter_names_probe.py run
unchanged against MindSpore 2.10's output (messages from ' , ' on: MindSpore numbers its graphs'
names). Exact comparison: small float32 values and messages."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ut20_free_parameter_names_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut20_free_parameter_names_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_free_parameter_names_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
