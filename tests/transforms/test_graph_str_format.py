"""A Cell formatted inside a compiled function (msjax/_src/transforms/graph_fallback.py
`graph_str_format`, `formatted`): tests/goldens/scripts/graph_cell_format_probe.py run unchanged
must print what MindSpore 2.10 printed; outside a compiled function `str.format` of a Cell is
Python's."""
import pytest

from msjax import nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_cell_format_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_cell_format_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_cell_format_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_str_format_of_a_cell_outside_a_compiled_function_is_pythons():
    class Holder(nn.Cell):
        def __init__(self):
            super().__init__()
            self.x = 7

    assert "x is {0.x}".format(Holder()) == "x is 7"
    assert f"{Holder()}" == "Holder()"
