"""`ops.operations._rl_inner_ops.GRUV2` (msjax/_src/ops/rl_inner_ops.py) against MindSpore 2.10:
tests/goldens/scripts/ops18_gruv2_probe.py run unchanged, compared with MindSpore's output
(tests/goldens/ops/ops18_gruv2_probe.out). Errors, reprs, dtypes and shapes exactly; values
(printed to 5 decimals) to 2e-5: oneDNN's float32 GRU and XLA's scan round the last printed
digit apart now and then."""
import ast

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/ops18_gruv2_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ops18_gruv2_probe.py")


def _outcome(text):
    """`([(dtype, shape, values), ...], reserve dtype, state dtype)` of an `OK` line."""
    tensors, rest = text[3:].rsplit("] ", 1)
    return ast.literal_eval(tensors + "]"), rest


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    got, want = msjax_cases.get(label), GOLDEN[label]
    if not want.startswith("OK ["):
        assert got == want
        return
    assert got is not None and got.startswith("OK ["), got
    (got_tensors, got_rest), (want_tensors, want_rest) = _outcome(got), _outcome(want)
    assert got_rest == want_rest
    for (g_dtype, g_shape, g_values), (w_dtype, w_shape, w_values) in zip(got_tensors,
                                                                          want_tensors):
        assert (g_dtype, g_shape) == (w_dtype, w_shape)
        np.testing.assert_allclose(g_values, w_values, rtol=0, atol=2e-5)
