"""A jit method's `self` called from Python is its class's namespace (msjax/_src/transforms/
jit.py `JitFunction.namespace_self`): tests/goldens/scripts/jit_method_self_probe.py run unchanged
against MindSpore 2.10's output."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/jit_method_self_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("jit_method_self_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_jit_method_self_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
