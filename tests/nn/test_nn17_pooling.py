"""Pooling, reflection padding and PReLU at their edges against MindSpore 2.10:
tests/goldens/scripts/nn17_pooling_probe.py run unchanged on msjax, compared with MindSpore's
output (tests/goldens/nn/nn17_pooling_probe.out): AvgPool3D's 'same' divisor, nn.AvgPool1d's
single-window mean, and the rank, dtype and padding-size errors. Dtypes, shapes, exception types
and messages exactly; values to rtol 1e-6 (window sums of float32 add in another order in XLA
than in MindSpore's CPU kernels: a unit or two in the last place)."""
import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, outcome_parts, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "nn17_pooling_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("nn17_pooling_probe.py"))



@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if not want.startswith("OK "):
        assert got == want
        return
    assert got.startswith("OK "), got
    got_parts, want_parts = outcome_parts(got), outcome_parts(want)
    assert [p[:2] for p in got_parts] == [p[:2] for p in want_parts]
    for (_, _, g), (_, _, w) in zip(got_parts, want_parts):
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-7)
