"""Messages for inputs of the wrong kind, against MindSpore 2.10: `ops.DType` / `ops.dtype` of a
non-Tensor, a user Bijector's `_check_value_dtype` (None, a number, an integer, another float
dtype), Categorical's dtype list (unsigned types first, as its message lists them),
`Parameter.set_data` of a float number (refused by signed integer Parameters only),
hinge_embedding_loss of shapes that do not broadcast (named as its `Mul`), and its value where
they do.
tests/goldens/scripts/ut18_value_checks_probe.py run unchanged on msjax and compared with
MindSpore's output (tests/goldens/ops/ut18_value_checks_probe.out) exactly: exception types,
messages, dtypes and small integer or float values."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/ut18_value_checks_probe.out")


@pytest.fixture(scope="module")
def cases():
    return run_script_on_msjax("ut18_value_checks_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases.get(label) == GOLDEN[label]
