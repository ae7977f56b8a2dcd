"""auto_mixed_precision(function, "auto") (msjax/_src/amp.py, ops/amp_auto.py) as MindSpore 2.10 computes them:
tests/goldens/scripts/amp_auto_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("train/amp_auto_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("amp_auto_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_amp_auto_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_strategy_is_left_after_the_call_and_after_an_error():
    import numpy as np
    import msjax as ms
    from msjax import Tensor, ops
    from msjax._src.core.amp_strategy import LOW_DTYPE
    from msjax.train.amp import auto_mixed_precision

    def failing(a):
        ops.matmul(a, a)
        raise RuntimeError("inside")

    x = Tensor(np.ones((2, 2), np.float32))
    with pytest.raises(RuntimeError, match="inside"):
        auto_mixed_precision(failing, "auto")(x)
    assert LOW_DTYPE.get() is None
    assert auto_mixed_precision(lambda a: ops.matmul(a, a), "auto", ms.bfloat16)(x).dtype == ms.bfloat16
    assert ops.matmul(x, x).dtype == ms.float32
