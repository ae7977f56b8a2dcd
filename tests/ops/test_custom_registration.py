"""`ops.CustomRegOp` and `ops.DataType` (ops/custom_registration.py):
tests/goldens/scripts/custom_reg_op_probe.py run unchanged on msjax against MindSpore 2.10's output."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/custom_reg_op_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("custom_reg_op_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_custom_reg_op_matches_mindspore(msjax_cases, label):
    assert msjax_cases[label] == GOLDEN[label]


def test_custom_keeps_the_registration_information():
    import numpy as np

    import msjax as ms
    from msjax import ops

    info = ops.CustomRegOp().input(0, "x").output(0, "y") \
        .dtype_format(ops.DataType.F32_Default, ops.DataType.F32_Default).target("CPU").get_op_info()
    op = ops.Custom(lambda x: x * 2, lambda x: x, lambda x: x, "pyfunc", reg_info=info)
    assert op.reg_info is info
    np.testing.assert_array_equal(op(ms.Tensor(np.ones(2, np.float32))).asnumpy(), [2.0, 2.0])
