"""A GraphCell writes back the Parameters the exported network assigns (msjax/_src/train/
export.py: the program returns their final values, `written` in its metadata):
tests/goldens/scripts/graph_cell_writes_probe.py run unchanged against MindSpore 2.10's output."""
import numpy as np
import pytest

import msjax
from msjax import Parameter, Tensor, nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("train/graph_cell_writes_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_cell_writes_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_cell_writes_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


class _ReadOnly(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.ones(2, np.float32)), name="w")

    def construct(self, x):
        return x * self.w


def test_a_failed_call_writes_nothing(tmp_path):
    class Counting(_ReadOnly):
        def construct(self, x):
            self.w += 1.0
            return x * self.w
    x = Tensor(np.ones(2, np.float32))
    msjax.export(Counting(), x, file_name=str(tmp_path / "n"), file_format="MINDIR")
    cell = nn.GraphCell(msjax.load(str(tmp_path / "n.mindir")))
    with pytest.raises(Exception):
        cell(Tensor(np.ones(3, np.float32)))  # not the exported shape
    assert cell.get_parameters().__next__().asnumpy().tolist() == [1.0, 1.0]


def test_a_program_without_writes_returns_its_result(tmp_path):
    x = Tensor(np.full(2, 3, np.float32))
    msjax.export(_ReadOnly(), x, file_name=str(tmp_path / "r"), file_format="MINDIR")
    graph = msjax.load(str(tmp_path / "r.mindir"))
    assert graph.written == []
    assert nn.GraphCell(graph)(x).asnumpy().tolist() == [3.0, 3.0]
