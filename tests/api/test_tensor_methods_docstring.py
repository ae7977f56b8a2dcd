"""Tensor methods MindSpore 2.10's docstring examples call that msjax lacked
(tools/docstring_conformance.py): argmax_with_value, argmin_with_value, index_add (which writes
into the Tensor, as MindSpore's does), masked_scatter, sum_to_size, short, is_signed, is_pinned,
is_shared, mH and view(dtype) (the same bytes, not a cast), against MindSpore: tests/goldens/scripts/tensor_methods_docstring_probe.py runs
unchanged on msjax and prints what MindSpore printed
(tests/goldens/api/tensor_methods_docstring_probe.out).
"""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/tensor_methods_docstring_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tensor_methods_docstring_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]


def test_masked_scatter_matches_numpy_placement():
    rng = np.random.default_rng(3)
    data = rng.normal(size=(4, 5)).astype(np.float32)
    mask = rng.random((4, 5)) < 0.4
    source = rng.normal(size=20).astype(np.float32)
    expected = data.copy()
    expected[mask] = source[:mask.sum()]
    got = Tensor(data).masked_scatter(Tensor(mask), Tensor(source)).asnumpy()
    np.testing.assert_array_equal(got, expected)


def test_argmax_with_value_under_jit_and_grad():
    x = Tensor(np.array([[1.0, 5.0], [5.0, 2.0]], np.float32))

    def top(v):
        values, _ = v.argmax_with_value(axis=1)
        return values.sum()

    assert float(ms.jit(top)(x)) == 10.0
    np.testing.assert_array_equal(ms.grad(top)(x).asnumpy(), [[0.0, 1.0], [1.0, 0.0]])
