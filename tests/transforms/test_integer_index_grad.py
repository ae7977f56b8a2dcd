"""A differentiated integer Tensor read as a Python index (a list indexed by it) inside the
function being differentiated, in PyNative and in a jit-compiled Cell under `GradOperation`:
msjax differentiates an integer input through a Float32 copy (core/integer_inputs.py), and
`Tensor.__index__` reads the copy as the integer it stands for, so the function runs (eagerly
where the index is a traced argument) and the index's gradient is MindSpore's integer zero. A
float or many-element Tensor used as an index raises MindSpore's ValueError, traced or not.
Golden: tests/goldens/transforms/pyn17_integer_index_grad_probe.out, from
tests/goldens/scripts/pyn17_integer_index_grad_probe.py. Compared exactly: the values are small
integers and sums of them, exact in float32."""
import warnings

import pytest

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "transforms" / "pyn17_integer_index_grad_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    with warnings.catch_warnings():
        # a list indexed by a traced argument: the jit Cell runs eagerly, as graph mode's
        # fallback does
        warnings.simplefilter("ignore", GraphFallbackWarning)
        return run_script_on_msjax("pyn17_integer_index_grad_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
