"""`str()`/`format()`/`str.format`/f-strings of a Tensor inside a compiled function show its
values, as MindSpore 2.10's graph mode does (msjax/_src/core/tensor.py `_value_to_print`: folded
constants, or the function run eagerly): tests/goldens/scripts/graph_tensor_format_probe.py run
unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_tensor_format_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_tensor_format_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_tensor_format_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
