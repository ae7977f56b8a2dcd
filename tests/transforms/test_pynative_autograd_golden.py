"""PyNative autograd as MindSpore 2.10 runs it (a Tensor passed twice is one variable, `_no_grad`,
a Cell's own weights by first read, vjp's state writes, a jit loop under grad), Cell hooks with
their options, Cell buffers, `t + seq`, MaxPool3d's indices, float Tensor indices and the inner
operators MindSpore's tests import: tests/goldens/scripts/pynative_autograd_probe.py runs
unchanged on msjax and prints what MindSpore printed
(tests/goldens/transforms/pynative_autograd_probe.out)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.support import PRIVATE_JAX

GOLDEN = golden_cases("transforms/pynative_autograd_probe.out")
#: Cases that depend on seeing whether a value is being differentiated in reverse mode, which
#: only JAX's private tracer classes show (backend/jax_private.py `differentiated`): without them
#: msjax cannot tell a weights-only backward pass or a `no_grad` jit call. (A loop a grad
#: differentiates it learns from JAX's refusal, and the grad runs again: transforms/grad.py.)
NEEDS_PRIVATE_JAX = {"backward hooks by weights then inputs", "no_grad jit then grad"}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("pynative_autograd_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_pynative_autograd_case_matches_mindspore(label, msjax_cases):
    if label in NEEDS_PRIVATE_JAX and not PRIVATE_JAX:
        pytest.skip("needs JAX's private tracer classes to see what a grad differentiates "
                    "(MSJAX_PRIVATE_JAX=0)")
    assert msjax_cases.get(label) == GOLDEN[label]
