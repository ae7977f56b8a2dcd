"""A NumPy array or scalar on the left of a Tensor operator, and NumPy ufuncs of Tensors: an
ndarray computed by NumPy, as MindSpore 2.10 answers
(tests/goldens/scripts/tensor15_numpy_operands_probe.py run unchanged,
tests/goldens/core/tensor15_numpy_operands_probe.out); under `jit` (no values to read) the
Tensor operator's Tensor, checked against NumPy."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("core/tensor15_numpy_operands_probe.out")
_A = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tensor15_numpy_operands_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_numpy_operand_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("expr", ["A - x", "A * x", "np.float32(2) * x", "A @ x", "A ** x",
                                  "A == x", "A < x", "A >= x", "np.subtract(A, x)"])
def test_traced_tensor_takes_the_tensor_operator(expr):
    """Under `jit` the Tensor has no value for NumPy: the result is the Tensor operator's."""
    def fn(x):
        return eval(expr, {"A": _A, "np": np, "x": x})  # noqa: S307 - the test's own table

    out = ms.jit(fn)(Tensor(_A))
    assert isinstance(out, Tensor)
    np.testing.assert_allclose(out.asnumpy(), fn(_A), rtol=1e-6)


def test_numpy_cannot_write_into_a_tensor():
    """`out=` a Tensor is refused by NumPy (a Tensor is not writable memory); the Tensor keeps
    its value."""
    x = Tensor(_A)
    with pytest.raises(TypeError):
        np.add(_A, _A, out=(x,))
    np.testing.assert_array_equal(x.asnumpy(), _A)
