"""mindspore.scipy.linalg (msjax/_src/scipy/linalg.py): MindSpore 2.10's values, dtypes, returned
structures and errors (tests/goldens/scripts/scipy_linalg_probe.py run unchanged), then a table of
the functions against SciPy, eagerly and under `jit`."""
import numpy as np
import pytest
import scipy.linalg

import msjax
from msjax import Tensor
from msjax.scipy import linalg
from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.support import assert_close

GOLDEN = golden_cases("scipy/scipy_linalg_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("scipy_linalg_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_scipy_linalg_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


_rng = np.random.default_rng(0)
_M = _rng.standard_normal((4, 4)).astype(np.float32)
SPD = _M @ _M.T + 4 * np.eye(4, dtype=np.float32)
B = _rng.standard_normal((4, 2)).astype(np.float32)
TRI = np.triu(_M) + 4 * np.eye(4, dtype=np.float32)

# (name, msjax call, SciPy call)
CASES = [
    ("inv", lambda a, b: linalg.inv(a), lambda a, b: scipy.linalg.inv(a)),
    ("cholesky", lambda a, b: linalg.cholesky(a), lambda a, b: scipy.linalg.cholesky(a)),
    ("cholesky lower", lambda a, b: linalg.cholesky(a, lower=True),
     lambda a, b: scipy.linalg.cholesky(a, lower=True)),
    ("cho_solve", lambda a, b: linalg.cho_solve(linalg.cho_factor(a), b),
     lambda a, b: scipy.linalg.cho_solve(scipy.linalg.cho_factor(a), b)),
    ("eigh values", lambda a, b: linalg.eigh(a, eigvals_only=True),
     lambda a, b: scipy.linalg.eigh(a, eigvals_only=True)),
    ("lu_factor", lambda a, b: linalg.lu_factor(a)[0], lambda a, b: scipy.linalg.lu_factor(a)[0]),
    ("lu u", lambda a, b: linalg.lu(a)[2], lambda a, b: scipy.linalg.lu(a)[2]),
    ("solve_triangular", lambda a, b: linalg.solve_triangular(a, b),
     lambda a, b: scipy.linalg.solve_triangular(a, b)),
    ("lstsq", lambda a, b: linalg.lstsq(a, b)[0], lambda a, b: scipy.linalg.lstsq(a, b)[0]),
    ("block_diag", lambda a, b: linalg.block_diag(a, b), lambda a, b: scipy.linalg.block_diag(a, b)),
]


@pytest.mark.parametrize("name, ours, reference", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "jit"])
def test_against_scipy(name, ours, reference, compiled):
    a = TRI if name == "solve_triangular" else SPD
    got = (msjax.jit(ours) if compiled else ours)(Tensor(a), Tensor(B))
    assert_close(got.asnumpy(), reference(a.astype(np.float64), B.astype(np.float64)).astype(np.float32),
                 rtol=1e-4, atol=1e-4)


def test_eigh_vectors_diagonalise_the_matrix():
    w, v = linalg.eigh(Tensor(SPD))
    v = v.asnumpy()
    assert_close(v.T @ SPD @ v, np.diag(w.asnumpy()), rtol=1e-4, atol=1e-3)
