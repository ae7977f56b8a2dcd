"""nn.Conv2d/nn.Conv1d's `conv2d` (Conv2D Primitive) and `bias_add` (BiasAdd) attributes against
MindSpore 2.10: tests/goldens/scripts/cv18_conv_primitives_probe.py run unchanged on msjax (a
subclass computing through them, as MindCV's BiT StdConv2d does), compared with MindSpore's
output (tests/goldens/nn/cv18_conv_primitives_probe.out). Reprs, dtypes and shapes exactly;
values (printed rounded to 5 decimals) to 1e-5 relative + 2e-5 absolute: the convolutions and
the standardisation's reductions sum in another order in XLA than in MindSpore's CPU kernels
(one unit in the 5th decimal of values near 100 apart here)."""
import json

import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "cv18_conv_primitives_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("cv18_conv_primitives_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if " [" in want and want.startswith("OK Float"):
        head, values = want.split(" [", 1)
        got_head, got_values = got.split(" [", 1)
        assert got_head == head
        np.testing.assert_allclose(json.loads("[" + got_values), json.loads("[" + values),
                                   rtol=1e-5, atol=2e-5)
    else:
        assert got == want
