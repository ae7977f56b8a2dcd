"""MindSpore's initializers' random numbers, bit for bit (core/init_streams.py): each random
initializer after `np.random.seed`/`set_seed`, at small, odd and multi-threaded (over 1024
values) sizes and in other dtypes, Dense's and Conv2d's default weights, the order in which
Tensors drawn later take their seeds, and the NumPy generator's state afterwards. Golden:
tests/goldens/core/pyn17_initializer_streams_probe.out from
tests/goldens/scripts/pyn17_initializer_streams_probe.py. Compared exactly: every line is an md5
of the float32 bytes, and MindSpore's values are reproduced bit for bit."""
import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "core" / "pyn17_initializer_streams_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    state = np.random.get_state()  # (the probe seeds NumPy's global generator)
    try:
        return run_script_on_msjax("pyn17_initializer_streams_probe.py")
    finally:
        np.random.set_state(state)


@pytest.mark.parametrize("label", list(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]

