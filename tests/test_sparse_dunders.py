"""CSRTensor's operators (`-csr`, `csr + csr`, `csr - csr`), `Tensor.to_csr()`/`to_coo()` and
`ops.dense_to_sparse_csr/coo`, `ops.csr_to_coo`, `ops.csr_to_dense` (msjax/_src/core/
sparse_tensor.py, ops/sparse_ops.py): tests/goldens/scripts/sparse_dunders_probe.py run unchanged
must print what MindSpore 2.10 printed; the table checks the conversions against NumPy, eagerly
and under PyNative `grad` (the entries' count depends on the values, which an eager grad knows)."""
import warnings

import numpy as np
import pytest

from msjax import Tensor, ops
from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/sparse_dunders_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    with warnings.catch_warnings():  # jit of a conversion or merge runs eagerly, same values
        warnings.simplefilter("ignore", GraphFallbackWarning)
        return run_script_on_msjax("sparse_dunders_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sparse_dunders_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


DENSE = [
    np.array([[2, 0, -1], [0, 0, 1]], np.float32),
    np.array([[0, 0], [0, 5.5], [3, 0]], np.float64),
    np.eye(4, dtype=np.float32),
]


@pytest.mark.parametrize("dense", DENSE, ids=lambda d: f"{d.shape}-{d.dtype}")
@pytest.mark.parametrize("kind", ["coo", "csr"])
def test_conversions_round_trip_and_differentiate(dense, kind):
    rows, columns = np.nonzero(dense)
    sparse = getattr(Tensor(dense), f"to_{kind}")()
    np.testing.assert_array_equal(sparse.to_dense().asnumpy(), dense)
    np.testing.assert_array_equal(sparse.values.asnumpy(), dense[rows, columns])
    if kind == "csr":
        np.testing.assert_array_equal(ops.csr_to_dense(sparse).asnumpy(), dense)
        np.testing.assert_array_equal(ops.csr_to_coo(sparse).indices.asnumpy(),
                                      np.stack([rows, columns], 1))
    weights = Tensor(np.arange(1, len(rows) + 1, dtype=dense.dtype))

    def weighted_values(x):
        return (getattr(ops, f"dense_to_sparse_{kind}")(x).values * weights).sum()

    expected = np.zeros_like(dense)
    expected[rows, columns] = np.arange(1, len(rows) + 1)
    np.testing.assert_array_equal(ops.grad(weighted_values)(Tensor(dense)).asnumpy(), expected)
