"""grid_sample's 'nearest' rounding, cross, EqualCount, L2Normalize, igamma/igammac,
logcumsumexp, positive, index_select, ScatterNdUpdate and Im2Col against MindSpore 2.10:
tests/goldens/scripts/ops19_ops_checks_probe.py run unchanged on msjax, compared with
MindSpore's output (tests/goldens/ops/ops19_ops_checks_probe.out, each case run in a process
of its own). Dtypes, shapes, exception types and messages exactly; values to 2e-6 relative
(float32: XLA's incomplete gamma and log-sum-exp differ from MindSpore's kernels by an ulp or
two; float16 results are compared exactly after rounding to float16 on both sides, which the
tolerance keeps below one float16 unit), NaN and infinities in the same places."""
import json

import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "ops" / "ops19_ops_checks_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("ops19_ops_checks_probe.py"))


def parts(outcome: str) -> list:
    """[(dtype, shape, values)] of an `OK dtype (shape) [values] ; ...` outcome."""
    out = []
    for part in outcome[3:].split(" ; "):
        if part.startswith("built "):  # a Primitive built, no values
            out.append((part, "", []))
            continue
        dtype, rest = part.split(" ", 1)
        shape, _, values = rest.partition(") ")
        out.append((dtype, shape + ")", json.loads(values)))
    return out


def test_the_golden_has_every_case(cases):
    assert set(cases) == set(GOLDEN)


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if not want.startswith("OK "):
        assert got == want
        return
    assert got.startswith("OK "), got
    for (dtype, shape, values), (want_dtype, want_shape, want_values) in zip(
            parts(got), parts(want), strict=True):
        assert (dtype, shape) == (want_dtype, want_shape)
        np.testing.assert_allclose(values, want_values, rtol=2e-6, atol=0)
