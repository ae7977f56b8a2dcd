"""`ops.Conv3D`, `ops.Conv3DTranspose`, `ops.MatrixDiagV3`, `MatrixDiagPartV3`,
`MatrixSetDiagV3` and `ops.matrix_diag`, `matrix_diag_part`, `matrix_set_diag`: the probe script
run unchanged on msjax prints what MindSpore 2.10 printed (values, gradients, reprs, checks:
tests/goldens/ops/new_ops_probe.out); compiled and vectorised calls give the eager values; the
diagonal ops are each other's inverses."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/new_ops_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("new_ops_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_new_op_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def _i32(v):
    return Tensor(np.array(v, np.int32))


_RNG = np.random.RandomState(0)
_X = Tensor(_RNG.rand(2, 4, 3, 4, 3).astype(np.float32))
_W = Tensor(_RNG.rand(4, 3, 2, 3, 2).astype(np.float32))
_PAD9 = Tensor(np.array(9.0, np.float32))
_M = Tensor(_RNG.rand(2, 4, 5).astype(np.float32))
_CASES = [
    ("Conv3DTranspose", lambda: ops.Conv3DTranspose(4, 3, (2, 3, 2), pad_mode="pad",
                                                    pad=(1, 0, 0, 1, 1, 1), stride=2,
                                                    output_padding=1), (_X, _W)),
    ("Conv3D", lambda: ops.Conv3D(4, (2, 3, 2), pad_mode="same", stride=(1, 2, 1)),
     (_X, Tensor(_RNG.rand(4, 4, 2, 3, 2).astype(np.float32)))),
    ("MatrixDiagPartV3", lambda: (lambda p, k: lambda m: p(m, k, _PAD9))(
        ops.MatrixDiagPartV3("LEFT_RIGHT"), _i32([-2, 1])), (_M,)),
    ("MatrixSetDiagV3", lambda: (lambda p, k: lambda m, d: p(m, d, k))(
        ops.MatrixSetDiagV3("RIGHT_RIGHT"), _i32([-1, 2])),
     (_M, Tensor(_RNG.rand(2, 4, 4).astype(np.float32)))),
    ("MatrixDiagV3", lambda: (lambda p, k, rows, cols: lambda d: p(d, k, rows, cols, _PAD9))(
        ops.MatrixDiagV3("LEFT_LEFT"), _i32([0, 1]), _i32(-1), _i32(6)),
     (Tensor(_RNG.rand(2, 2, 4).astype(np.float32)),)),
]


@pytest.mark.parametrize("name, make, args", _CASES, ids=[c[0] for c in _CASES])
def test_compiled_and_vectorised_calls_match_eager(name, make, args):
    fn = make()
    eager = fn(*args).asnumpy()
    np.testing.assert_allclose(ms.jit(fn)(*args).asnumpy(), eager, rtol=1e-6, atol=1e-6)
    in_axes = (0,) + (None,) * (len(args) - 1) if name.startswith("Conv") else 0
    mapped = ms.vmap(lambda *a: fn(*[t[None] if axis == 0 else t for t, axis in zip(
        a, in_axes if isinstance(in_axes, tuple) else (0,) * len(a))])[0], in_axes=in_axes)(*args)
    np.testing.assert_allclose(mapped.asnumpy(), eager, rtol=1e-5, atol=1e-6)


def test_conv3d_transpose_is_nn_conv3d_transpose():
    net = nn.Conv3dTranspose(4, 3, (2, 3, 2), stride=2, pad_mode="pad", padding=1,
                             weight_init=_W)
    prim = ops.Conv3DTranspose(4, 3, (2, 3, 2), pad_mode="pad", pad=1, stride=2)
    np.testing.assert_allclose(prim(_X, _W).asnumpy(), net(_X).asnumpy(), rtol=1e-6)


@pytest.mark.parametrize("align", ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"])
@pytest.mark.parametrize("band", [(-3, 4), (-1, 1), (2, 2), (-2, 0)])
def test_diag_part_of_set_diag_is_the_diagonal(align, band):
    k = _i32(list(band))
    part = ops.MatrixDiagPartV3(align)(_M, k, Tensor(np.array(0.0, np.float32)))
    new = Tensor(_RNG.rand(*part.shape).astype(np.float32)) * (part != 0)
    replaced = ops.MatrixSetDiagV3(align)(_M, new, k)
    again = ops.MatrixDiagPartV3(align)(replaced, k, Tensor(np.array(0.0, np.float32)))
    np.testing.assert_array_equal(again.asnumpy(), new.asnumpy())


@pytest.mark.parametrize("made_inside", [True, False])
def test_diagonal_offsets_under_jit(made_inside):
    """`k` decides the output's shape: made from constants inside a compiled function it is
    folded (as MindSpore's graph mode folds it); given as an argument, the function runs eagerly
    (graph_fallback), so the values are the eager ones either way."""
    @ms.jit
    def part(m, k):
        k = _i32([-1, 1]) if made_inside else k
        return ops.matrix_diag_part(m, k, _PAD9)

    expected = ops.matrix_diag_part(_M, _i32([-1, 1]), _PAD9).asnumpy()
    if made_inside:
        got = part(_M, _i32([-1, 1]))
    else:
        with pytest.warns(GraphFallbackWarning, match="runs eagerly"):
            got = part(_M, _i32([-1, 1]))
    np.testing.assert_array_equal(got.asnumpy(), expected)
