"""MultiMarginLoss (ops.multi_margin_loss, ops.MultiMarginLoss, nn.MultiMarginLoss) against MindSpore
2.10: tests/goldens/scripts/multi_margin_loss_probe.py run unchanged on msjax, compared with
MindSpore's output (tests/goldens/nn/multi_margin_loss_probe.out). Errors must match exactly.
Values to float32 rounding: MindSpore's CPU kernel sums each row's terms one after another, XLA
in its own order (at most one unit in the last place apart here)."""
import json

import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "multi_margin_loss_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("multi_margin_loss_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if want.startswith("OK "):
        assert got.startswith("OK "), got
        np.testing.assert_allclose(json.loads(got[3:]), json.loads(want[3:]), rtol=3e-7)
    else:
        assert got == want
