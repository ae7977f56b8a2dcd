"""Operands of different dtypes raise where MindSpore 2.10 raises (MatMul, BatchMatMul, Concat,
Stack) and promote where it promotes: the probe tests/goldens/scripts/dtype_mixing_probe.py runs
unchanged on msjax and prints what MindSpore printed, eagerly and under `ms.jit`."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/dtype_mixing_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return run_script_on_msjax("dtype_mixing_probe.py")
    finally:
        import msjax.compat
        msjax.compat.uninstall()


@pytest.mark.parametrize("label", list(GOLDEN))
def test_dtype_mixing_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]


def test_compiled_matmul_of_two_dtypes_raises_mindspore_error():
    @ms.jit
    def product(a, b):
        return ops.matmul(a, b)

    with pytest.raises(TypeError, match="For 'MatMulExt', the type of 'x2' should be same as "
                                        "'x1', but got 'x1' with type Tensor\\[Int32\\]"):
        product(Tensor(np.ones((2, 2), np.int32)), Tensor(np.ones((2, 2), np.float32)))
    np.testing.assert_allclose(product(Tensor(np.ones((2, 2), np.float32)),
                                       Tensor(np.ones((2, 2), np.float32))).asnumpy(),
                               np.full((2, 2), 2.0))


def test_matmul_of_one_dtype_keeps_it():
    out = ops.matmul(Tensor(np.ones((2, 2), np.float16)), Tensor(np.ones((2, 2), np.float16)))
    assert out.dtype == ms.float16
