"""AffineGrid, MatrixSolveLs, NonMaxSuppressionWithOverlaps, coalesce, col2im, diff_ext, isnan_ext
and float_power_ext against MindSpore 2.10: tests/goldens/scripts/miss17_more_ops_probe.py run
unchanged on msjax, compared with MindSpore's output (tests/goldens/ops/miss17_more_ops_probe.out).
Dtypes, shapes, reprs and errors must match exactly; values (printed to 5 decimals) to 2e-5
relative and 2e-5 absolute (XLA's solves and sums round in their own order), 2e-3 for float16
results. The graph-syntax helpers (is_, in_dict, shape_mul, typeof, DtypeToEnum, tensor_range,
...: miss17_graph_helpers_probe.py) and the sparse and augmented-assignment helpers
(miss17_sparse_helpers_probe.py) must print what MindSpore prints: exactly, but for Tensor
values (conv3d_transpose's sums) to 2e-5."""
import json
import numpy as np
import pytest

from msjax import RowTensor, Tensor, ops

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax
from tests.ops.primitive_goldens import assert_same_outcome

GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_more_ops_probe.out").read_text())
HELPERS_GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_graph_helpers_probe.out").read_text())
SPARSE_GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_sparse_helpers_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("miss17_more_ops_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert_same_outcome(cases[label], GOLDEN[label], rtol=2e-5, atol=2e-5, rtol16=2e-3)


@pytest.fixture(scope="module")
def helper_cases():
    return parse_lines(script_output_on_msjax("miss17_graph_helpers_probe.py"))


@pytest.mark.parametrize("label", list(HELPERS_GOLDEN))
def test_graph_helpers_match_mindspore(helper_cases, label):
    assert helper_cases[label] == HELPERS_GOLDEN[label]


def test_graph_helpers_take_tensors():
    """Where MindSpore 2.10's PyNative kernels fail on Tensors (docs/migration.md), msjax
    answers as Python (and MindSpore's graph mode) does."""
    t = Tensor(np.ones(2, np.float32))
    assert ops.is_(t, t) and not ops.is_not(t, t)
    assert ops.make_list(t)[0] is t
    assert ops.tuple_getitem((t, 1), 0) is t


@pytest.fixture(scope="module")
def sparse_cases():
    return parse_lines(script_output_on_msjax("miss17_sparse_helpers_probe.py"))


@pytest.mark.parametrize("label", list(SPARSE_GOLDEN))
def test_sparse_helpers_match_mindspore(sparse_cases, label):
    got, want = sparse_cases[label], SPARSE_GOLDEN[label]
    if not want.startswith("TENSOR "):
        assert got == want
        return
    head, values = want.rsplit(") ", 1)
    assert got.startswith(head + ") "), got
    np.testing.assert_allclose(np.array(json.loads(got[len(head) + 2:])),
                               np.array(json.loads(values)), rtol=2e-5, atol=2e-5)


def test_row_tensor_getters():
    """MindSpore 2.10's PyNative mode refuses a RowTensor here ("got External",
    docs/migration.md); msjax returns its parts, as MindSpore's graph mode does."""
    rows = RowTensor(Tensor(np.array([0, 2], np.int32)), Tensor(np.ones((2, 3), np.float32)),
                     (4, 3))
    assert ops.row_tensor_get_indices(rows).asnumpy().tolist() == [0, 2]
    assert ops.row_tensor_get_values(rows).shape == (2, 3)
    assert ops.row_tensor_get_dense_shape(rows) == (4, 3)
    with pytest.raises(TypeError, match="should be RowTensor"):
        ops.row_tensor_get_values(Tensor(np.ones(2, np.float32)))
