"""`mindspore._c_expression`'s in-place random fills (`_random_normal`, `_random_uniform`,
`_truncated_normal`, core/init_streams.py) against MindSpore 2.10: the probe
tests/goldens/scripts/ut19_c_random_fill_probe.py run unchanged on msjax, compared with
MindSpore's output (tests/goldens/core/ut19_c_random_fill_probe.out). Compared exactly: the
values are md5s of the float32 bytes (MindSpore's Philox stream is reproduced bit for bit), and
exception types and messages must be MindSpore's."""
import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "core" / "ut19_c_random_fill_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut19_c_random_fill_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]


def test_fill_writes_the_callers_array():
    """The array passed is filled in place (MindSpore's initializers rely on it)."""
    from msjax._c_expression import _random_uniform
    arr = np.zeros((4, 3), np.float32)
    assert _random_uniform(9, arr, 2.0, 3.0) is None
    assert ((arr >= 2.0) & (arr < 3.0)).all()
