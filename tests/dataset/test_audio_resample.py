"""`mindspore.dataset.audio.BassBiquad` and `Resample` (msjax/_src/dataset/audio.py) as
MindSpore 2.10 has them: tests/goldens/scripts/audio_resample_probe.py run unchanged. Values are
compared to 2e-4 (MindSpore filters in float32, msjax in float64: a 30 dB boost differs in the
fourth decimal), everything else exactly."""
import ast

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("dataset/audio_resample_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("audio_resample_probe.py")


def _values(result):
    """(dtype and shape, values) of a printed array, or None."""
    head, _, rest = result.partition(" ")
    if not head.startswith("float") or not rest.startswith("["):
        return None
    return head, np.array(ast.literal_eval(rest))


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    expected, got = GOLDEN[label], msjax_cases.get(label)
    if _values(expected) is None:
        assert got == expected
        return
    (kind, values), (got_kind, got_values) = _values(expected), _values(got)
    assert got_kind == kind
    np.testing.assert_allclose(got_values, values, atol=2e-4)
