"""ops.csr_<op> and ops.coo_<op> (msjax/_src/ops/sparse_ops.py) as MindSpore 2.10 has them:
tests/goldens/scripts/sparse_unary_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/sparse_unary_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("sparse_unary_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sparse_unary_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
