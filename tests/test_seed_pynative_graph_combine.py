"""The PyNative/graph combination tutorial (MindSpore 1.x, with ms_function) runs unchanged on
msjax and prints what MindSpore 2.10 printed for the same notebook with ms_function renamed jit
(MindSpore 2.10 no longer has ms_function; msjax keeps it)."""
import re

import pytest

from tests.seed_notebooks import SEEDS, reference, run_on_msjax

pytestmark = pytest.mark.skipif(not SEEDS.exists(), reason="../shared/seeds is not present")
NOTEBOOK = "pynative_graph_combine_zh.ipynb"


@pytest.fixture(scope="module")
def cells():
    return run_on_msjax(NOTEBOOK)


@pytest.fixture(scope="module")
def expected():
    return reference("pynative_graph_combine_zh.ms_function_renamed_jit.mindspore-2.10-cpu.out")


def _lines(text):
    """The printed lines, blank ones aside (the recorded reference dropped blank lines)."""
    return [line for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("cell", [1, 3, 5, 7, 9, 11])
def test_deterministic_cell_prints_what_mindspore_printed(cell, cells, expected):
    assert _lines(cells[cell]) == _lines(expected[cell])


def test_conv_cell_with_free_variable_parameters_prints_an_array_of_mindspore_shape(cells, expected):
    """Cell 13 draws random input and weights; the printed array has MindSpore's layout."""
    def layout(text):
        return re.sub(r"-?\d+\.\d*(e[-+]\d+)?", "N", "\n".join(_lines(text))).replace(" ", "")
    assert layout(cells[13]) == layout(expected[13])
    assert len(re.findall(r"-?\d+\.\d*", cells[13])) == 16
