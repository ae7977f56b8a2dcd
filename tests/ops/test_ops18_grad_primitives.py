"""MaxPoolGradGradWithArgmax and PadV3Grad (`ops.operations._grad_ops`,
msjax/_src/ops/grad_primitives.py) against MindSpore 2.10: tests/goldens/scripts/
ops18_grad_primitives_probe.py run unchanged, compared with MindSpore's output
(tests/goldens/ops/ops18_grad_primitives_probe.out). Errors, dtypes, shapes, reprs and attributes
exactly; values exactly too (gathers and sums of small integers, exact in every dtype probed).
In GRAPH_MODE a Tensor `paddings` sets PadV3Grad's output shape from a value: msjax runs that
Cell eagerly, with its GraphFallbackWarning, and gives MindSpore's result."""
import warnings

import pytest

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/ops18_grad_primitives_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GraphFallbackWarning)
        return run_script_on_msjax("ops18_grad_primitives_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
