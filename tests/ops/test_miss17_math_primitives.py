"""Histogram, UnravelIndex, NuclearNorm, DataFormatVecPermute, IdentityN, ComplexAbs, NthElement,
TridiagonalMatMul, LuSolve, Lstsq, MatrixLogarithm, CompareAndBitpack, CheckNumerics and
ScatterAddWithAxis against MindSpore 2.10: tests/goldens/scripts/miss17_math_primitives_probe.py
run unchanged on msjax, compared with MindSpore's output
(tests/goldens/ops/miss17_math_primitives_probe.out). Dtypes, shapes, reprs and errors must match
exactly; values (printed to 5 decimals) to 2e-5 relative, 2e-4 for float16 results: the
singular values, least squares, LU solves and matrix logarithms are computed by XLA's
factorisations, not Eigen's, and round in their own order."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax
from tests.ops.primitive_goldens import assert_same_outcome

GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_math_primitives_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("miss17_math_primitives_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert_same_outcome(cases[label], GOLDEN[label], rtol=2e-5, atol=1e-5, rtol16=2e-4)


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
