"""Ops MindSpore's tests/st/ops and tests/st/tensor files exercise, as MindSpore 2.10 computes
them: tests/goldens/scripts/st_ops12_probe.py run unchanged (IndexAdd's gradients with an
integer index input, Tensor.index_add's overloads, ...)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/st_ops12_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("st_ops12_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
