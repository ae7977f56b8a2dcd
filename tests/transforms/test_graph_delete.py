"""Graph syntax refuses the `del` statement (transforms/graph_scoping.py `delete_refusal`):
tests/goldens/scripts/graph_delete_probe.py runs unchanged on msjax and prints what MindSpore 2.10
printed, except the cases in DIFFERENCES (msjax's output, with the reason)."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_delete_probe.out")
_MESSAGE = ("ERR RuntimeError | Unsupported statement 'Delete'.\\nMore details please refer to "
            "syntax support at https://www.mindspore.cn\\n\\n"
            "----------------------------------------------------\\n"
            "- The Traceback of Net Construct Code:\\n"
            "----------------------------------------------------\\n\\n")
# A `del` in a function the compiled one calls: MindSpore's traceback shows the call site (and
# points to its analyze_fail.ir file); msjax's shows the called function and its `del`, as it
# does for the compiled function itself. The message is the same.
DIFFERENCES = {
    "del in a method construct calls": _MESSAGE + (
        "# In file graph_delete_probe.py:142~145, 4~16\\n    def helper(self, x):\\n    ^\\n\\n"
        "# In file graph_delete_probe.py:144, 8~13\\n        del y\\n        ^~~~~\\n\\n"),
    "jit calls a function with del": _MESSAGE + (
        "# In file graph_delete_probe.py:164~167\\ndef helper_with_del(x):\\n\\n"
        "# In file graph_delete_probe.py:166, 4~9\\n    del y\\n    ^~~~~\\n\\n"),
    # `ms.grad(fn)(x)` called outside compiled code differentiates `fn` as PyNative does, in
    # either mode (docs/migration.md); MindSpore's GRAPH_MODE compiles it
    "grad in graph mode": "Tensor[4.0]",
}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_delete_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_delete_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == DIFFERENCES.get(label, GOLDEN[label])


def test_differences_are_real():
    assert all(GOLDEN[label] != output and GOLDEN[label].startswith(_MESSAGE[:50])
               for label, output in DIFFERENCES.items())


class _Deleting(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = 1

    def construct(self, x):
        self.a = 2
        if self.a > 5:
            del self.a
        return x


@pytest.mark.parametrize("mode,deleted", [(ms.GRAPH_MODE, None), (ms.PYNATIVE_MODE, 2)])
def test_only_graph_mode_refuses_and_a_refused_call_changes_nothing(mode, deleted):
    """The refusal comes before the construct runs (the branch with the `del` is never taken);
    PyNative runs the same code as Python does."""
    ms.set_context(mode=mode)
    try:
        net = _Deleting()
        x = Tensor(np.ones(2, np.float32))
        if deleted is None:
            for _ in range(2):  # every call, not only the first
                with pytest.raises(RuntimeError, match="^Unsupported statement 'Delete'"):
                    net(x)
            assert net.a == 1
        else:
            net(x)
            assert net.a == deleted
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_traced_capture_runs_the_delete():
    """jit(capture_mode="trace") runs the function instead of parsing it: `del` is Python's."""
    def f(x):
        y = x + 1
        del y
        return x * 2

    assert ms.jit(f, capture_mode="trace")(Tensor([1.0], ms.float32)).asnumpy().tolist() == [2.0]
