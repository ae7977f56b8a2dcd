"""Calls of `mindspore.common.initializer`, `context` and `log` APIs inside a compiled function
raise MindSpore's RuntimeError (msjax/_src/transforms/graph_forbidden.py):
tests/goldens/scripts/graph_forbidden_probe.py run unchanged against MindSpore 2.10's output."""
import pytest

from msjax._src.transforms.graph_forbidden import FORBIDDEN
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_forbidden_probe.out")
METHODS_GOLDEN = golden_cases("transforms/ut20_graph_forbidden_methods_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_forbidden_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_forbidden_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("name", ["mindspore.common.initializer.XavierUniform",
                                  "mindspore.context.set_auto_parallel_context",
                                  "mindspore.context.ParallelMode", "mindspore.log.warning"])
def test_forbidden_table_has_each_module(name):
    assert name in {full for full, _ in FORBIDDEN.values()}


@pytest.fixture(scope="module")
def msjax_method_cases():
    return run_script_on_msjax("ut20_graph_forbidden_methods_probe.py")


@pytest.mark.parametrize("label", sorted(METHODS_GOLDEN))
def test_graph_forbidden_methods_match_mindspore(label, msjax_method_cases):
    """Cell's get_parameters/hook/state-dict methods, hook handles' remove, Tensor's
    set_const_arg/assign_value and Parameter's set_data, called in graph mode (and PyNative)."""
    assert msjax_method_cases.get(label) == METHODS_GOLDEN[label]
