"""`ops.xlogy`, `Tensor.xlogy` and `ops.Xlogy` as MindSpore 2.10's CPU kernel computes them
(msjax/_src/ops/math_ops.py): tests/goldens/scripts/xlogy_kernel_probe.py run unchanged.
Dtypes, NaN/inf placement, exception types and messages are compared exactly; finite values to
1e-12 relative, since MindSpore's float64 `log` and XLA's differ in the last bit (one case,
log(1e-30)). Integer operands, which MindSpore 2.10's CPU kernel refuses (no kernel), msjax
computes in Float32 like its other float ops: checked against NumPy's x * log(y)."""
import numpy as np
import pytest

from tests.golden_scripts import golden_cases, results_close, run_script_on_msjax

GOLDEN = golden_cases("ops/xlogy_kernel_probe.out")
# MindSpore's CPU kernel has no integer Xlogy; msjax computes it (NumPy's reference)
with np.errstate(divide="ignore", invalid="ignore"):
    BEYOND = {"ops.xlogy int32": "Float32 " + str((np.float32([0, 2]) * np.log(np.float32([0, 3])))
                                                  .tolist())}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("xlogy_kernel_probe.py")


def _parts(result):
    """[(dtype, values text)] of a printed result (`Float32 [..] | Float32 [..]`)."""
    return [tuple(part.split(" ", 1)) for part in result.split(" | ")]


@pytest.mark.parametrize("label", sorted(BEYOND))
def test_integers_are_computed_where_mindspores_cpu_kernel_has_none(label, msjax_cases):
    assert GOLDEN[label].startswith("ERR TypeError | Select CPU operator[Xlogy]")
    assert msjax_cases.get(label) == BEYOND[label]


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(BEYOND)))
def test_xlogy_matches_mindspore(label, msjax_cases):
    got, expected = msjax_cases.get(label), GOLDEN[label]
    if expected.startswith("ERR") or got == expected:
        assert got == expected
        return
    got_parts, expected_parts = _parts(got), _parts(expected)
    assert [d for d, _ in got_parts] == [d for d, _ in expected_parts]
    for (_, got_values), (_, expected_values) in zip(got_parts, expected_parts):
        assert results_close(got_values, expected_values, rtol=1e-12, atol=0.0), (got, expected)
