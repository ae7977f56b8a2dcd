"""The generated in-place Primitives (msjax/_src/generated_ops.py), PReLUGrad (ops/grad_ops.py),
Assign with a Python number (ops/state_ops.py), common.file_system.FileSystem, CellDict's checks
(nn/containers.py) and HalfNormal/StudentT (nn/probability/distribution.py) as MindSpore 2.10
has them: tests/goldens/scripts/gen7a_ops_nn_probe.py run unchanged.

MindSpore 2.10 registers the in-place kernels (`InplaceAddExt`, ...) for Ascend only: on its CPU
they raise "The kernel ... unregistered" (the golden's lines). msjax runs them on every backend,
as the Tensor methods they are (docs/migration.md); those cases are checked against NumPy."""
import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/gen7a_ops_nn_probe.out")
ASCEND_ONLY = sorted(k for k, v in GOLDEN.items() if "unregistered" in v)
X = [1., -2., 3., 4.]
# label -> the values MindSpore's in-place kernel leaves in x (its documented computation)
INPLACE_VALUES = {
    "InplaceAddExt": [3., 0., 5., 6.], "InplaceAddExt default alpha": [2., -1., 4., 5.],
    "InplaceAddsExt": [4., 1., 6., 7.], "InplaceSubExt": [-2., -5., 0., 1.],
    "InplaceSubScalar": [0., -3., 2., 3.], "InplaceMul": [3., -6., 9., 12.],
    "InplaceMuls": [0.5, -1., 1.5, 2.], "InplaceDiv": [0.5, -1., 1.5, 2.],
    "InplaceDivs": [0.25, -0.5, 0.75, 1.], "InplaceDivMods floor": [0., -1., 1., 1.],
    "InplaceFillScalar": [7.] * 4, "InplaceFillTensor": [5.] * 4,
    "InplaceClampScalar": [1., 0., 3., 3.], "InplaceZero": [0.] * 4,
    "InplaceIndexAddExt": [4., -2., 6., 4.], "InplaceScatterSrc": [20., -2., 3., 10.],
}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("gen7a_ops_nn_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(ASCEND_ONLY)))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_every_ascend_only_case_has_its_values():
    assert sorted(INPLACE_VALUES) == ASCEND_ONLY


@pytest.mark.parametrize("label", sorted(INPLACE_VALUES))
def test_inplace_primitive_writes_its_input(label, msjax_cases):
    values = f"Float32[4] {np.round(np.array(INPLACE_VALUES[label]), 3).tolist()}"
    shown = f"({values}, {values})"  # the result, and the input it was written into
    assert msjax_cases.get(label) == shown
