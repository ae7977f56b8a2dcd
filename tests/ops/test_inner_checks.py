"""SameTypeShape, IsSubClass and AntiQuant (msjax/_src/ops/inner_ops.py) as MindSpore 2.10 has
them: tests/goldens/scripts/inner_checks_probe.py run unchanged; AntiQuant's values (no CPU
kernel in MindSpore 2.10) against NumPy, eagerly and compiled."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from msjax.ops.operations._inner_ops import AntiQuant
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/inner_checks_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("inner_checks_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_inner_checks_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("sqrt_mode", [False, True])
@pytest.mark.parametrize("dtype", [ms.float16, ms.float32])
def test_anti_quant_computes_its_documented_formula(sqrt_mode, dtype):
    x = np.array([[50, -20, 7], [0, 127, -128]], np.int8)
    scale, offset = np.array([0.5, 2.0, 1.5], np.float32), np.array([1.0, -3.0, 0.0], np.float32)
    factor = scale * scale if sqrt_mode else scale
    expected = (factor * (x.astype(np.float32) + offset)).astype(ms.dtype_to_nptype(dtype))
    op = AntiQuant(sqrt_mode, dtype)
    for call in (op, ms.jit(lambda a, b, c: op(a, b, c))):
        out = call(Tensor(x), Tensor(scale), Tensor(offset))
        assert out.dtype == dtype
        np.testing.assert_array_equal(out.asnumpy(), expected)
