"""Histogram, UnravelIndex, NuclearNorm, DataFormatVecPermute, IdentityN, ComplexAbs, NthElement,
TridiagonalMatMul, LuSolve, Lstsq, MatrixLogarithm, CompareAndBitpack, CheckNumerics and
ScatterAddWithAxis against MindSpore 2.10: tests/goldens/scripts/miss17_math_primitives_probe.py
run unchanged on msjax, compared with MindSpore's output
(tests/goldens/ops/miss17_math_primitives_probe.out). Dtypes, shapes, reprs and errors must match
exactly; values (printed to 5 decimals) to 2e-5 relative, 2e-4 for float16 results: the
singular values, least squares, LU solves and matrix logarithms are computed by XLA's
factorisations, not Eigen's, and round in their own order."""
import json

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_math_primitives_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("miss17_math_primitives_probe.py"))


def _outputs(text):
    """[(dtype, shape, values)] of an "OK ..." line."""
    outputs = []
    for part in text[3:].split(" | "):
        dtype, rest = part.split(" ", 1)
        shape, values = rest.split(") ", 1)
        outputs.append((dtype, shape + ")", np.array(json.loads(values), np.float64)))
    return outputs


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if not want.startswith("OK "):
        assert got == want
        return
    assert got.startswith("OK "), got
    for (gdtype, gshape, gvalues), (wdtype, wshape, wvalues) in zip(
            _outputs(got), _outputs(want), strict=True):
        assert (gdtype, gshape) == (wdtype, wshape)
        rtol = 2e-4 if wdtype in ("Float16", "Complex32") else 2e-5
        np.testing.assert_allclose(gvalues, wvalues, rtol=rtol, atol=1e-5)


def test_value_checks_in_compiled_programs():
    """CheckNumerics' NaN and UnravelIndex's range are checked inside ms.jit too."""
    check = ops.CheckNumerics()
    unravel = ops.UnravelIndex()

    @ms.jit
    def checked(x):
        return check(x * 2)

    @ms.jit
    def unravelled(i, d):
        return unravel(i, d)

    assert checked(Tensor(np.array([1.0, 2.0], np.float32))).asnumpy().tolist() == [2.0, 4.0]
    with pytest.raises(RuntimeError, match="Tensor had NaN values"):
        checked(Tensor(np.array([1.0, np.nan], np.float32))).asnumpy()
    with pytest.raises(ValueError, match="Index out of boundary"):
        unravelled(Tensor(np.array([12], np.int32)), Tensor(np.array([3, 4], np.int32))).asnumpy()


def test_scatter_add_with_axis_out_of_rank():
    """MindSpore's kernel fails to build (an internal error) for an axis out of range; msjax
    raises a ValueError naming it (docs/migration.md)."""
    x = Tensor(np.zeros((3, 3), np.float32))
    with pytest.raises(ValueError, match="the axis 2 and the indices' rank 2"):
        ops.ScatterAddWithAxis(2)(x, Tensor(np.zeros((1, 3), np.int32)),
                                  Tensor(np.ones((1, 3), np.float32)))
