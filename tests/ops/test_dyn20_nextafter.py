"""ops.nextafter (ops.NextAfter, Tensor.nextafter) against MindSpore 2.10:
tests/goldens/scripts/dyn20_nextafter_probe.py run unchanged on msjax (eagerly and in graph mode),
compared with MindSpore's output (tests/goldens/ops/dyn20_nextafter_probe.out): its dtype errors
exactly, its float64 values exactly. Float32 is the one difference (docs/migration.md): MindSpore
2.10's CPU kernel returns `x` itself (it steps in float64 and rounds back), msjax the next float32
towards `other`, which these tests check against NumPy's nextafter."""
import ast

import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "ops" / "dyn20_nextafter_probe.out").read_text())
X32 = np.array([1.5, -2.0, 0.0, 3.0], np.float32)
O32 = np.array([3.0, -5.0, 1.0, 3.0], np.float32)


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("dyn20_nextafter_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if label in ("pynative float32", "graph float32"):
        assert want == "OK Float32 (4,) [1.5, -2.0, 0.0, 3.0]"  # MindSpore's: `x` itself
        prefix = "OK Float32 (4,) "
        assert got.startswith(prefix), got
        expected = np.nextafter(X32, O32).astype(np.float64).tolist()
        assert ast.literal_eval(got[len(prefix):]) == expected
    else:
        assert got == want
