"""Behaviours added for MindSpore's st/ops sample s15b (Inv on integers, ApproximateEqual's
checks, array_func.new_ones/new_zeros, ops.ones/zeros with a negative size, NumPy's binary
operators with a Tensor operand, the gather ops' gradients with a differentiated integer index,
MaxPoolWithArgmaxV2, SparseTensorDenseMatmul and nn.SparseTensorDenseMatmul/nn.SparseToDense)
as MindSpore 2.10 computes them: the probe scripts tests/goldens/scripts/ops15b_*_probe.py run
unchanged on msjax and print what MindSpore printed (tests/goldens/ops/ops15b_*_probe.out)."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = ("ops15b_misc_probe", "ops15b_maxpool_v2_probe", "ops15b_sparse_matmul_probe")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"ops/{probe}.out").items()}


@pytest.fixture(scope="module")
def msjax_cases():
    return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}


@pytest.mark.parametrize("probe, label", sorted(GOLDEN))
def test_ops15b_probe_matches_mindspore(probe, label, msjax_cases):
    assert msjax_cases[probe].get(label) == GOLDEN[probe, label]


def test_traced_tensor_computes_numpy_left_operand():
    """Beyond MindSpore (docs/migration.md): inside `grad`, `jit` and `vmap` a Tensor has no values
    for NumPy, so `ndarray op t` is the Tensor's operator, a Tensor, differentiable in `t`."""
    a = np.array([1.0, 2.0, 3.0], np.float32)
    t = Tensor(np.array([1.0, 2.0, 2.0], np.float32))
    gradient = ops.grad(lambda x: (a * x).sum())(t)
    np.testing.assert_array_equal(gradient.asnumpy(), a)
    traced = ms.jit(lambda x: a - x)(t)
    assert isinstance(traced, Tensor)
    np.testing.assert_array_equal(traced.asnumpy(), a - t.asnumpy())
    mapped = ops.vmap(lambda x: a - x)(Tensor(np.ones((2, 3), np.float32)))
    np.testing.assert_array_equal(mapped.asnumpy(), a - np.ones((2, 3), np.float32))
