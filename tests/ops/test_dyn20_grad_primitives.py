"""ops.auto_generate's MinimumGrad, MaximumGradGrad, LayerNormGradGrad and
ResizeNearestNeighborV2Grad, and ops.operations.PadAndShift, against MindSpore 2.10:
tests/goldens/scripts/dyn20_grad_primitives_probe.py run unchanged on msjax (eagerly and in
graph mode), compared with MindSpore's output (tests/goldens/ops/dyn20_grad_primitives_probe.out).
Dtypes, shapes and errors exactly; values to rtol 1e-5 and atol 1e-6: LayerNormGradGrad's
float32 sums run in XLA's order, not the CPU kernel's (a few units in the last place apart);
the other ops select or add values exactly. In GRAPH_MODE a Tensor `size`
(ResizeNearestNeighborV2Grad) or PadAndShift's `cum_sum_arr` sets the output shape from a value:
msjax runs that Cell eagerly, with its GraphFallbackWarning, and gives MindSpore's result."""
import ast
import warnings

import numpy as np
import pytest

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "ops" / "dyn20_grad_primitives_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GraphFallbackWarning)
        return parse_lines(script_output_on_msjax("dyn20_grad_primitives_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if not want.startswith("OK "):
        assert got == want
        return
    assert got.startswith("OK "), got
    got_parts, want_parts = ast.literal_eval(got[3:]), ast.literal_eval(want[3:])
    assert [p[:2] for p in got_parts] == [p[:2] for p in want_parts]
    for (_, _, got_values), (_, _, want_values) in zip(got_parts, want_parts):
        np.testing.assert_allclose(got_values, want_values, rtol=1e-5, atol=1e-6)
