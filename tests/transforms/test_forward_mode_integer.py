"""Forward mode and grad of integer inputs, and tangents of another dtype, against MindSpore 2.10
(golden tests/goldens/transforms/forward_mode_integer.txt from
tests/goldens/scripts/forward_mode_integer_probe.py)."""
import ast

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/forward_mode_integer.txt")
#: Where msjax differs, and why (docs/migration.md, "Integer inputs under autodiff").
DIFFERENT = {
    # MindSpore's Sin/Exp kernels refuse Int32 inside a gradient; msjax computes in Float32
    "jvp sin": "msjax differentiates sin of an Int32 input in Float32",
    "grad sin": "msjax differentiates sin of an Int32 input in Float32",
    "grad exp": "msjax differentiates exp of an Int32 input in Float32",
}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("forward_mode_integer_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(DIFFERENT)))
def test_case_matches_mindspore(label, msjax_cases):
    want, got = GOLDEN[label], msjax_cases[label]
    if want.startswith("[") and got.startswith("["):
        want, got = ast.literal_eval(want), ast.literal_eval(got)
        assert [dtype for dtype, _ in got] == [dtype for dtype, _ in want]
        for (_, w), (_, g) in zip(want, got):  # float32 rounding: x/y's tangent is 7.5e-9, not 0
            np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-7)
    else:
        assert got == want


@pytest.mark.parametrize("label", sorted(DIFFERENT))
def test_documented_difference_is_still_the_one_documented(label, msjax_cases):
    """MindSpore raises; msjax returns values (its Float32 computation)."""
    assert GOLDEN[label].startswith("TypeError")
    assert msjax_cases[label].startswith("[('")
