"""Which values the branches of a tensor condition may give one variable
(msjax/_src/transforms/control_flow.py `_difference`, `_reconcile`), as MindSpore 2.10's graph
joins them: tests/goldens/scripts/control_flow_join_probe.py run unchanged on msjax."""
import warnings

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/control_flow_join_probe.out")

# label -> (msjax's line, why it differs from MindSpore 2.10's).
DIFFERENCES = {
    "scalar accumulator in a while": (
        "Tensor () Float32 9.0",
        "msjax runs what MindSpore refuses: a loop's carry that grows from a Python number to a "
        "tensor is promoted (MindSpore's own tests rely on it under MS_DEV_PRECOMPILE_ONLY)"),
    "early return of a number": (
        "ERR TypeError | Cannot join the return values of different branches, perhaps you need "
        "to make them equal. | Type Join Failed: Abstract type AbstractScalar cannot join with "
        "AbstractTensor.",
        "the two types named in the other order: msjax's return guard does not know which "
        "branch of the `if` returned first"),
}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("control_flow_join_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_join_matches_mindspore(label, msjax_cases):
    expected = DIFFERENCES[label][0] if label in DIFFERENCES else GOLDEN[label]
    assert msjax_cases.get(label) == expected


def test_branches_of_different_shapes_run_eagerly_with_a_warning():
    @ms.jit
    def pick(x, y):
        if x[0] < y:
            a = x
        else:
            a = x[:2]
        return a

    v = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    with pytest.warns(GraphFallbackWarning, match="which one compiled program cannot return"):
        assert pick(v, Tensor(0.0, ms.float32)).shape == (2,)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the signature runs eagerly from now on, silently
        assert pick(v, Tensor(6.0, ms.float32)).shape == (3,)


def test_join_error_shows_each_branch_line():
    @ms.jit
    def tensor_or_number(x, y):
        if x < y:
            a = Tensor([1, 2, 3])
        else:
            a = 0
        return a

    with pytest.raises(TypeError) as info:
        tensor_or_number(Tensor(2.0, ms.float32), Tensor(6.0, ms.float32))
    message = str(info.value)
    assert "a = Tensor([1, 2, 3])" in message and "a = 0" in message
    assert "if x < y:" in message


COMMENT_GOLDEN = golden_cases("transforms/jit_cond_comment_probe.out")


@pytest.fixture(scope="module")
def comment_cases():
    return run_script_on_msjax("jit_cond_comment_probe.py")


@pytest.mark.parametrize("label", sorted(COMMENT_GOLDEN))
def test_jit_cond_comment_folds_as_in_mindspore(label, comment_cases):
    """`# @jit.cond: True|False` on an `if` line (control_flow_rewrite.py)."""
    assert comment_cases.get(label) == COMMENT_GOLDEN[label]
