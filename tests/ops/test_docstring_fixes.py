"""Values msjax printed differently from MindSpore 2.10 in MindSpore's own docstring examples
(tools/docstring_conformance.py), against MindSpore: tests/goldens/scripts/docstring_fixes_probe.py
runs unchanged on msjax and prints what MindSpore printed (tests/goldens/ops/docstring_fixes_probe.out):
ops.assign/assign_add/assign_sub and the scatter Primitives keep an Int64 or Float64 Parameter's
dtype and values, and HSigmoid/HSwish compute as MindSpore's kernels do. Float32 results of
hardsigmoid/hardswish agree to one unit in the last place: XLA's CPU division multiplies by a
reciprocal where MindSpore's kernel divides (docs/migration.md, "Same seed, different numbers").
"""
import ast
import re
import warnings

import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/docstring_fixes_probe.out")
FLOAT32_DIVISION = {"hardsigmoid Float32", "hardswish Float32"}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("docstring_fixes_probe.py")


def _values(result):
    match = re.fullmatch(r"T\[\[(\d+)\],Float32\]=(\[.*\])", result)
    assert match, result
    return np.array(ast.literal_eval(match.group(2)), np.float32)


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    if label in FLOAT32_DIVISION:
        expected, got = _values(GOLDEN[label]), _values(msjax_cases[label])
        np.testing.assert_array_max_ulp(got, expected, maxulp=1)
        np.testing.assert_array_equal(np.signbit(got), np.signbit(expected))
    else:
        assert msjax_cases[label] == GOLDEN[label]


def test_int64_assign_add_warns_nothing_under_jit():
    step = Parameter(Tensor(np.array([2**40], np.int64)), name="step")

    @ms.jit
    def advance(amount):
        return ops.assign_add(step, amount)

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        advance(Tensor(np.array([3], np.int64)))
    assert step.dtype == ms.int64 and step.asnumpy().tolist() == [2**40 + 3]


def test_hard_activations_keep_their_kink_slopes():
    x = Tensor(np.array([-3.0, -1.0, 3.0], np.float32))
    np.testing.assert_allclose(ms.grad(lambda v: ops.hardswish(v).sum())(x).asnumpy(),
                               [-0.5, 1 / 6, 1.5], rtol=1e-6)
    np.testing.assert_allclose(ms.grad(lambda v: ops.hardsigmoid(v).sum())(x).asnumpy(),
                               [0.0, 1 / 6, 0.0], rtol=1e-6)
