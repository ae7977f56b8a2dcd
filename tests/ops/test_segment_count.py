"""`num_segments` of the segment reductions as an int or a one-element Tensor
(msjax/_src/ops/scatter_ops.py), as MindSpore 2.10 takes it:
tests/goldens/scripts/segment_count_probe.py run unchanged. (In GRAPH_MODE a Tensor
`num_segments` sets the output's shape from a value: msjax runs that Cell eagerly, with its
GraphFallbackWarning, and gives MindSpore's result.)"""
import warnings

import pytest

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/segment_count_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GraphFallbackWarning)
        return run_script_on_msjax("segment_count_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_segment_count_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
