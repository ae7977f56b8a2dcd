"""Losses at the edges of their inputs against MindSpore 2.10:
tests/goldens/scripts/nn17_losses_probe.py run unchanged on msjax, compared with MindSpore's
output (tests/goldens/nn/nn17_losses_probe.out). Dtypes, shapes, exception types and messages
exactly; values to rtol 2e-6 (float32 logarithms, exponentials and means of XLA and of
MindSpore's CPU kernels round apart by a few units in the last place)."""
import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, outcome_parts, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "nn17_losses_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("nn17_losses_probe.py"))



@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if not want.startswith("OK ") or "(" not in want:  # an error, or a Cell built
        assert got == want
        return
    assert got.startswith("OK "), got
    got_parts, want_parts = outcome_parts(got), outcome_parts(want)
    assert [p[:2] for p in got_parts] == [p[:2] for p in want_parts]
    for (_, _, g), (_, _, w) in zip(got_parts, want_parts):
        np.testing.assert_allclose(g, w, rtol=2e-6, atol=1e-6)
