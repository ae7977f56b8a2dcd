"""`ops.auto_generate.GridSampler2DGrad`, `GridSampler3DGrad` and `NLLLossGrad` (MindSpore's
generated gradient Primitives, used by its dynamic-shape tests), and `ops.NLLLoss` with an
ignored label outside the classes (-100, the default: msjax returned NaN there), against
MindSpore 2.10: golden tests/goldens/ops/sampler_nll_grad_primitives_probe.out, made by
tests/goldens/scripts/sampler_nll_grad_primitives_probe.py under the oracle and run unchanged here.

Dtypes, shapes, reprs and errors exactly; values to 2e-6 relative (float32: the gradients of
grid sampling are sums of products whose order differs from MindSpore's kernel by one rounding)
and one float16 unit (a float16 gradient is computed in float32 and rounded once, as
MindSpore's is)."""
import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, outcome_parts, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "ops" / "sampler_nll_grad_primitives_probe.out").read_text())


@pytest.fixture(scope="module")
def got():
    return parse_lines(script_output_on_msjax("sampler_nll_grad_primitives_probe.py"))


def test_every_case_is_recorded(got):
    assert len(GOLDEN) == 44 and sorted(got) == sorted(GOLDEN)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(got, label):
    want, have = GOLDEN[label], got[label]
    if not want.startswith("OK "):
        assert have == want
        return
    assert have.startswith("OK ")
    for (w_dtype, w_shape, w_values), (h_dtype, h_shape, h_values) in zip(
            outcome_parts(want), outcome_parts(have), strict=True):
        assert (h_dtype, h_shape) == (w_dtype, w_shape)
        w_values, h_values = np.asarray(w_values), np.asarray(h_values)
        assert np.isfinite(h_values).all()
        if w_dtype == "Float16":
            np.testing.assert_allclose(h_values, w_values, rtol=2 ** -10, atol=2 ** -14)
        else:
            np.testing.assert_allclose(h_values, w_values, rtol=2e-6, atol=1e-7)
