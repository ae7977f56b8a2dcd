"""Gradients through Assign/AssignAdd/AssignSub of a Parameter, as MindSpore 2.10 gives them
(tests/goldens/scripts/assign_grad_probe.py, run unchanged on msjax): the value written takes no
cotangent from later reads, which pass theirs to the Parameter."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/assign_grad_probe.out")
# MindSpore's PyNative records `p * x` with the Parameter itself, which the later Assign
# overwrites, so its backward multiplies by the new value (dx = 2 * p_new); its graph mode, and
# msjax in both modes, use the value each read saw (docs/migration.md).
PYNATIVE_ALIAS = "pynative read_before_and_after"


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("assign_grad_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - {PYNATIVE_ALIAS}))
def test_assign_gradients_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_pynative_read_before_a_write_uses_the_value_read(msjax_cases):
    assert GOLDEN[PYNATIVE_ALIAS] != GOLDEN["graph read_before_and_after"]
    assert msjax_cases[PYNATIVE_ALIAS] == GOLDEN["graph read_before_and_after"]
