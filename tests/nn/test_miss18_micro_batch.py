"""nn.MicroBatchInterleaved, nn.GradAccumulationCell (msjax/_src/nn/micro_batch.py) and
mindspore.parallel.nn's MicroBatchInterleaved and GradAccumulation (nn/parallel_cells.py) as
MindSpore 2.10 has them: tests/goldens/scripts/miss18_micro_batch_probe.py run unchanged (outputs
and gradients in PyNative and GRAPH_MODE, dtypes, parameter and cell names, errors), compared
exactly: the values are sums of small exact binary fractions, the same in float32 on both."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/miss18_micro_batch_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("miss18_micro_batch_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
