"""A `while` loop on a tensor whose float carry a gradient differentiates (`ops.grad` directly,
inside `jit`, nested twice; `value_and_grad` of a GRAPH_MODE Cell's weight; `GradOperation`)
against MindSpore 2.10: tests/goldens/scripts/ut18_float_loop_grad_probe.py run unchanged on
msjax, compared with MindSpore's output (tests/goldens/transforms/ut18_float_loop_grad_probe.out).
The values are exact in float32 (sums and products of small dyadic numbers), rounded to 4
decimals by the probe on both sides, and compared exactly. msjax runs such a loop as Python under
the gradient, with JAX's private tracer classes (which show that the loop is differentiated) and
with public JAX only (where JAX's refusal makes the gradient run again): both are tested, in the
two MSJAX_PRIVATE_JAX modes of the suite, and warn that the loop runs eagerly."""
import warnings

import pytest

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ut18_float_loop_grad_probe.out")


@pytest.fixture(scope="module")
def run():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", GraphFallbackWarning)
        cases = run_script_on_msjax("ut18_float_loop_grad_probe.py")
    return cases, [str(w.message) for w in caught if w.category is GraphFallbackWarning]


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(run, label):
    assert run[0].get(label) == GOLDEN[label]


def test_the_differentiated_loop_is_named_in_a_warning(run):
    assert any("ut18_float_loop_grad_probe.py:" in message
               and "JAX cannot differentiate a loop of unknown length in reverse mode" in message
               for message in run[1])
