"""mindspore.scipy's Primitives and linalg additions (msjax/_src/scipy/ops.py, linalg.py,
utils.py, msjax/_src/ops/linalg_primitives.py) as MindSpore 2.10 has them:
tests/goldens/scripts/scipy_ops_probe.py run unchanged."""
import numpy as np
import pytest

import msjax
from msjax.ops.operations.linalg_ops import Eigh  # noqa: F401 - the path MindSpore code imports
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("scipy/scipy_ops_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("scipy_ops_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_scipy_ops_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_eigh_gradient_reaches_the_read_triangle_only():
    a = np.array([[2., 5., 7.], [1., 3., 9.], [0., 1., 4.]], np.float32)

    def total(x):
        w, v = Eigh(True, True)(x)
        return w.sum() + (v * v).sum()

    grad = msjax.grad(total)(msjax.Tensor(a)).asnumpy()
    assert np.all(grad[np.triu_indices(3, 1)] == 0)
    assert np.allclose(np.diag(grad), 1.0, atol=1e-5)
