"""`ops.FusedWeightScaleApplyMomentum` (ops/grad_ops.py): MindSpore 2.10 has a GPU kernel only
(its CPU raises a RuntimeError and leaves the Parameters as they were); its formula, checked
against NumPy: ApplyMomentum on `(gradient + weight_decay·variable)·loss_scale`."""
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, ops


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_updates_both_parameters(dtype):
    v0, a0 = np.array([1., 2., -3.], dtype), np.array([0.5, 0.5, 0.], dtype)
    grad = np.array([2., 4., 1.], dtype)
    variable, accumulation = Parameter(Tensor(v0), name="v"), Parameter(Tensor(a0), name="a")
    out = ops.FusedWeightScaleApplyMomentum()(
        Tensor(0.1, ms.float32), Tensor(0.5, ms.float32), variable, accumulation,
        Tensor(0.1, ms.float32), Tensor(grad), Tensor(0.9, ms.float32))
    accum = a0 * 0.9 + (grad + 0.1 * v0) * 0.5
    expected = v0 - 0.1 * accum
    tolerance = 1e-3 if dtype == np.float16 else 1e-6
    np.testing.assert_allclose(accumulation.asnumpy(), accum, rtol=tolerance)
    np.testing.assert_allclose(variable.asnumpy(), expected, rtol=tolerance)
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=tolerance)
    assert variable.dtype == Tensor(v0).dtype


def test_repr_is_mindspores():
    assert repr(ops.FusedWeightScaleApplyMomentum()) == "Prim[FusedWeightScaleApplyMomentum]"


def test_in_a_compiled_step():
    variable = Parameter(Tensor(np.ones(2, np.float32)), name="w")
    accumulation = Parameter(Tensor(np.zeros(2, np.float32)), name="m")
    step = ms.jit(lambda g: ops.FusedWeightScaleApplyMomentum()(
        Tensor(0.0, ms.float32), Tensor(1.0, ms.float32), variable, accumulation,
        Tensor(0.5, ms.float32), g, Tensor(0.9, ms.float32)))
    step(Tensor(np.array([1., 2.], np.float32)))
    step(Tensor(np.array([1., 2.], np.float32)))
    np.testing.assert_allclose(accumulation.asnumpy(), [1.9, 3.8], rtol=1e-6)
    np.testing.assert_allclose(variable.asnumpy(), [1 - 0.5 - 0.95, 1 - 1.0 - 1.9], rtol=1e-6)
