"""`ops.ApplyRMSProp` (msjax/_src/ops/grad_ops.py) as MindSpore 2.10 has it:
tests/goldens/scripts/apply_rms_prop_probe.py run unchanged."""
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/apply_rms_prop_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("apply_rms_prop_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_apply_rms_prop_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_float16_state_is_updated_in_half_precision():
    var = Parameter(Tensor(np.array([1.0, 2.0], np.float16)), name="var")
    square = Parameter(Tensor(np.array([0.5, 0.2], np.float16)), name="square")
    moment = Parameter(Tensor(np.array([0.3, 0.4], np.float16)), name="moment")
    ops.ApplyRMSProp()(var, square, moment, 0.01, Tensor(np.array([0.1, -0.2], np.float16)),
                       0.9, 0.5, 1e-6)
    assert {var.dtype, square.dtype, moment.dtype} == {ms.float16}
    np.testing.assert_allclose(var.asnumpy(), [0.8486, 1.8047], atol=1e-3)
