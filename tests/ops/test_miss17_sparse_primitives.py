"""SGD, RaggedRange, EditDistance, SparseSlice, Coalesce, CombinedNonMaxSuppression and
ExtractGlimpse against MindSpore 2.10: tests/goldens/scripts/miss17_sparse_primitives_probe.py and
miss17_extract_glimpse_probe.py run unchanged on msjax, compared with MindSpore's output
(tests/goldens/ops/miss17_sparse_primitives_probe.out, miss17_extract_glimpse_probe.out). Dtypes,
shapes, reprs and errors must match exactly; values (printed to 5 decimals) to 1e-5 (float32
steps of the same formulas), 1e-3 relative for float16 results (MindSpore rounds each step to
float16, msjax computes the step in float32 and stores it in float16)."""
import numpy as np
import pytest

from msjax import Tensor, ops
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax
from tests.ops.primitive_goldens import assert_same_outcome

GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_sparse_primitives_probe.out").read_text())
GLIMPSE_GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_extract_glimpse_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("miss17_sparse_primitives_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert_same_outcome(cases[label], GOLDEN[label], rtol=1e-5, atol=1e-5, rtol16=1e-3)


@pytest.fixture(scope="module")
def glimpse_cases():
    return parse_lines(script_output_on_msjax("miss17_extract_glimpse_probe.py"))


@pytest.mark.parametrize("label", list(GLIMPSE_GOLDEN))
def test_extract_glimpse_matches_mindspore(glimpse_cases, label):
    assert_same_outcome(glimpse_cases[label], GLIMPSE_GOLDEN[label], rtol=0, atol=0, rtol16=0)


def test_extract_glimpse_noise_outside_the_image():
    """Uniform noise lies in the image's [min, max); Gaussian noise is finite; pixels inside
    the image are the image's (MindSpore's draws are not reproduced: docs/migration.md)."""
    image = Tensor(np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1) + 10)
    offsets = Tensor(np.array([[-1.0, -1.0]], np.float32))
    size = Tensor(np.array([3, 3], np.int32))
    uniform = ops.ExtractGlimpse()(image, size, offsets).asnumpy()[0, ..., 0]
    assert uniform[1:, 1:].tolist() == [[10.0, 11.0], [14.0, 15.0]]
    assert ((uniform >= 10) & (uniform < 25)).all()
    normal = ops.ExtractGlimpse(uniform_noise=False, noise="gaussian")(image, size, offsets)
    assert np.isfinite(normal.asnumpy()).all()


def test_coalesce_of_a_non_square_tensor_sorts_and_sums():
    """MindSpore's CPU kernel returns unwritten memory for such a shape (docs/migration.md);
    msjax gives what MindSpore documents: each index once, sorted, its values summed."""
    indices, values, shape = ops.Coalesce()(
        Tensor(np.array([[1, 0, 1, 0], [2, 3, 0, 3]], np.int64)),
        Tensor(np.array([1.0, 2.0, 3.0, 5.0], np.float32)), Tensor(np.array([2, 4], np.int64)))
    assert indices.asnumpy().tolist() == [[0, 1, 1], [3, 0, 2]]
    assert values.asnumpy().tolist() == [7.0, 3.0, 1.0]
    assert shape.asnumpy().tolist() == [2, 4]
