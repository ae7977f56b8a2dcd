"""MindSpore 2.10's remaining nn Cells (the `*Ext` names, Moments, ImageGradients,
TripletMarginWithDistanceLoss, MultilabelMarginLoss, Jvp, Vjp, MatDet, MatInverse, MatrixDiag,
MatrixDiagPart, MatrixSetDiag).

tests/goldens/scripts/nn_deprecated_cells_probe.py runs unchanged on msjax and is compared with
MindSpore's output (tests/goldens/nn/nn_deprecated_cells_probe.out): errors and dtypes exactly,
values to 4 units in the last place of each result's largest value (MindSpore's kernels
sum in their own order; a near-cancelling sum is off by more units of its own).
MindSpore's CPU build has no kernel for MultilabelMarginLoss, MatDet, MatInverse and the MatrixDiag
Cells ("Kernel select failed"); msjax computes them, and they are checked against NumPy here."""
import ast

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "nn_deprecated_cells_probe.out").read_text())
NO_CPU_KERNEL = "RuntimeError - Kernel select failed:"


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("nn_deprecated_cells_probe.py"))


@pytest.mark.parametrize("label", [k for k, v in GOLDEN.items() if v != NO_CPU_KERNEL])
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if not want.startswith("OK "):
        assert got == want
        return
    assert got.startswith("OK "), got
    got, want = ast.literal_eval(got[3:]), ast.literal_eval(want[3:])
    assert [(d, s) for d, s, _ in got] == [(d, s) for d, s, _ in want]
    for (dtype, _, a), (_, _, b) in zip(got, want):
        a, b = np.asarray(a), np.asarray(b)
        largest = np.abs(b).max(initial=0).astype(np.float16 if dtype == "Float16" else np.float32)
        assert np.abs(a - b).max(initial=0) <= 4 * np.spacing(largest), label


def test_the_cells_without_a_mindspore_cpu_kernel_are_the_ones_computed_here():
    assert sorted(k for k, v in GOLDEN.items() if v == NO_CPU_KERNEL) == sorted(
        [f"MultilabelMarginLoss {r}" for r in ("mean", "sum", "none", "1d")]
        + ["MatDet", "MatInverse", "MatrixDiag", "MatrixDiagPart", "MatrixSetDiag"])


@pytest.fixture
def spd():
    rng = np.random.default_rng(3)
    m = rng.standard_normal((2, 4, 4)).astype(np.float32)
    return m @ m.transpose(0, 2, 1) + 2 * np.eye(4, dtype=np.float32)


def test_mat_det_and_inverse_against_numpy(spd):
    np.testing.assert_allclose(nn.MatDet()(Tensor(spd)).asnumpy(), np.linalg.det(spd), rtol=1e-5)
    inverse = nn.MatInverse()(Tensor(spd))
    assert inverse.dtype == ms.float32
    np.testing.assert_allclose(inverse.asnumpy(), np.linalg.inv(spd), rtol=1e-4, atol=1e-6)
    half = nn.MatInverse()(Tensor(spd.astype(np.float16)))
    assert half.dtype == ms.float16
    np.testing.assert_allclose(half.asnumpy(), np.linalg.inv(spd.astype(np.float16).astype(np.float64)),
                               rtol=2e-3, atol=1e-3)


def test_matrix_diag_cells_against_numpy():
    rng = np.random.default_rng(4)
    v = rng.standard_normal((2, 3)).astype(np.float32)
    want = np.zeros((2, 3, 3), np.float32)
    want[:, range(3), range(3)] = v
    got = nn.MatrixDiag()(Tensor(v)).asnumpy()
    np.testing.assert_array_equal(got, want)
    assert not np.signbit(got[want == 0]).any()  # +0 off the diagonal
    for shape in ((2, 3, 4), (2, 4, 3), (3, 3)):
        x = rng.standard_normal(shape).astype(np.float32)
        np.testing.assert_array_equal(nn.MatrixDiagPart()(Tensor(x)).asnumpy(),
                                      np.diagonal(x, axis1=-2, axis2=-1))
        diagonal = rng.standard_normal(shape[:-2] + (min(shape[-2:]),)).astype(np.float32)
        want = x.copy()
        size = min(shape[-2:])
        want[..., range(size), range(size)] = diagonal
        np.testing.assert_array_equal(nn.MatrixSetDiag()(Tensor(x), Tensor(diagonal)).asnumpy(), want)
    ints = Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))
    assert nn.MatrixDiag()(ints).dtype == ms.int32


def test_matrix_set_diag_refuses_a_diagonal_of_the_wrong_shape():
    x = Tensor(np.zeros((2, 3, 4), np.float32))
    with pytest.raises(ValueError, match=r"the shape of 'diagonal' must be \(2, 3\) for 'x' of shape "
                                         r"\(2, 3, 4\), but got \(2, 4\)"):
        nn.MatrixSetDiag()(x, Tensor(np.zeros((2, 4), np.float32)))
    with pytest.raises(ValueError, match="the rank of 'x' must be at least 2, but got 1"):
        nn.MatrixDiagPart()(Tensor(np.zeros(3, np.float32)))


def test_multilabel_margin_loss_is_the_primitive_s_loss():
    x = Tensor(np.array([[0.1, 0.2, 0.4, 0.8], [0.2, 0.3, 0.5, 0.9]], np.float32))
    target = Tensor(np.array([[1, 2, -1, 0], [0, 3, -1, 1]], np.int32))
    for reduction in ("mean", "sum", "none"):
        want, _ = ops.MultilabelMarginLoss(reduction=reduction)(x, target)
        np.testing.assert_array_equal(nn.MultilabelMarginLoss(reduction)(x, target).asnumpy(),
                                      want.asnumpy())
    # row 0: labels {1, 2}; the other classes 0 and 3 give hinge terms 1 - (x[j] - x[i])
    row = np.array([0.1, 0.2, 0.4, 0.8])
    terms = [max(0, 1 - (row[j] - row[i])) for j in (1, 2) for i in (0, 3)]
    np.testing.assert_allclose(nn.MultilabelMarginLoss("none")(x, target).asnumpy()[0],
                               sum(terms) / 4, rtol=1e-6)


def test_ext_layers_are_mint_s_classes():
    """MindSpore 2.10's `nn.*Ext` layers are mint.nn's classes (the golden's `is` lines)."""
    pairs = {nn.DropoutExt: ms.mint.nn.Dropout, nn.Dropout2dExt: ms.mint.nn.Dropout2d,
             nn.L1LossExt: ms.mint.nn.L1Loss, nn.LogSoftmaxExt: ms.mint.nn.LogSoftmax,
             nn.PReLUExt: ms.mint.nn.PReLU, nn.EmbeddingExt: ms.mint.nn.Embedding,
             nn.LayerNormExt: ms.mint.nn.LayerNorm, nn.AvgPool1dExt: ms.mint.nn.AvgPool1d,
             nn.AvgPool2dExt: ms.mint.nn.AvgPool2d, nn.AvgPool3dExt: ms.mint.nn.AvgPool3d,
             nn.MaxPool2dExt: ms.mint.nn.MaxPool2d}
    assert all(ext is mint for ext, mint in pairs.items())
    assert sum(line.endswith("-> True") for line in
               (GOLDENS / "nn" / "nn_deprecated_cells_probe.out").read_text().splitlines()) == 11
    x = Tensor(np.arange(12, dtype=np.float32).reshape(1, 1, 3, 4))
    np.testing.assert_array_equal(nn.AvgPool2dExt(2)(x).asnumpy(), [[[[2.5, 4.5]]]])
    np.testing.assert_array_equal(nn.MaxPool2dExt(2)(x).asnumpy(), [[[[5.0, 7.0]]]])
