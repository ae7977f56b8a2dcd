"""Tensor methods' argument checks and result dtypes (chunk, flatten, index_select, lerp,
bincount, clamp, fliplr, hypot, i0, norm, subtract, t, tril, unbind, mean, trace, inner,
copysign, nanmedian, new_zeros, sum_to_size, cholesky, diagflat, diff, count_nonzero, their
`ops` forms, and indexing with too many indices or a float in a tuple).

tests/goldens/scripts/ten18_tensor_method_checks_probe.py runs unchanged on msjax and must print
what MindSpore 2.10 printed (tests/goldens/core/ten18_tensor_method_checks_probe.out), line for
line: exception types and messages, dtypes and shapes exactly; float values as the probe rounds
them, to 5 decimals (MindSpore's Float32 kernels and XLA's differ in the last digits of `hypot`).
"""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBE = "ten18_tensor_method_checks_probe"
GOLDEN = golden_cases(f"core/{PROBE}.out")


@pytest.fixture(scope="module")
def probe_cases():
    return run_script_on_msjax(f"{PROBE}.py")


def test_golden_has_every_case():
    assert len(GOLDEN) == 120


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, probe_cases):
    assert probe_cases.get(label) == GOLDEN[label]
