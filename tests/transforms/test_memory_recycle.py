"""`mindspore.ms_memory_recycle()` (msjax/_src/transforms/executors.py): compiled programs are
dropped and compiled again with the same results; tests/goldens/scripts/memory_recycle_probe.py
run unchanged against MindSpore 2.10's output."""
import numpy as np
import pytest

import msjax
from msjax import Tensor, context, nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/memory_recycle_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("memory_recycle_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_memory_recycle_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_recycled_programs_are_compiled_again():
    traces = []

    @msjax.jit
    def double(x):
        traces.append(1)
        return x * 2

    class Net(nn.Cell):
        def construct(self, x):
            traces.append(2)
            return x + 1

    context.set_context(mode=context.GRAPH_MODE)
    net, x = Net(), Tensor(np.array([1.0], np.float32))
    for _ in range(2):
        double(x), net(x)
    assert sorted(traces) == [1, 2]
    msjax.ms_memory_recycle()
    assert double(x).asnumpy().tolist() == [2.0] and net(x).asnumpy().tolist() == [2.0]
    assert sorted(traces) == [1, 1, 2, 2]
