"""mindspore.scipy.fft (msjax/_src/scipy/fft.py): MindSpore 2.10's values, dtypes, gradients and
errors (tests/goldens/scripts/scipy_fft_probe.py run unchanged), and the gradients of dct and
dctn, which MindSpore gets wrong, against SciPy's adjoint transforms."""
import numpy as np
import pytest
import scipy.fft

import msjax
from msjax import Tensor, ops
from msjax.scipy.fft import dct, dctn, idct, idctn
from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.support import assert_close

GOLDEN = golden_cases("scipy/scipy_fft_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("scipy_fft_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_scipy_fft_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


X = np.arange(12, dtype=np.float32).reshape(3, 4) / 5 - 1
SENS = (np.arange(12, dtype=np.float32).reshape(3, 4) % 5 - 2)

# (transform, its adjoint in SciPy: the gradient for an output sensitivity SENS)
ADJOINTS = [
    (dct, lambda s: scipy.fft.idct(s, norm="ortho")),
    (idct, lambda s: scipy.fft.dct(s, norm="ortho")),
    (dctn, lambda s: scipy.fft.idctn(s, norm="ortho")),
    (idctn, lambda s: scipy.fft.dctn(s, norm="ortho")),
]


@pytest.mark.parametrize("transform, adjoint", ADJOINTS, ids=lambda v: getattr(v, "__name__", ""))
@pytest.mark.parametrize("compiled", [False, True])
def test_gradient_is_the_adjoint_transform(transform, adjoint, compiled):
    grad = ops.GradOperation(sens_param=True)(transform)
    if compiled:
        grad = msjax.jit(grad)
    assert_close(grad(Tensor(X), Tensor(SENS)), adjoint(SENS), rtol=1e-5, atol=1e-5)


def test_dct_matches_scipy_with_padding_and_axis():
    assert_close(dct(Tensor(X), n=6, axis=0), scipy.fft.dct(X, n=6, axis=0, norm="ortho"),
                 rtol=1e-5, atol=1e-5)
    assert_close(idctn(Tensor(X), s=(2, 5)), scipy.fft.idctn(X, s=(2, 5), norm="ortho"),
                 rtol=1e-5, atol=1e-5)
