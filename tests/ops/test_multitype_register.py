"""`ops.MultitypeFuncGraph.register`: every type name MindSpore 2.10 takes (and the errors for
those it refuses), what each name matches, and a RowTensor dispatched in GRAPH_MODE, as MindCV's
train step registers ("Tensor", "RowTensor").

Golden: tests/goldens/ops/multitype_register.txt, made by
tests/goldens/scripts/multitype_register_probe.py (run unchanged on msjax here).
"""
import re

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

EXPECTED = golden_cases("ops/multitype_register.txt")


@pytest.fixture(scope="module")
def cases():
    return run_script_on_msjax("multitype_register_probe.py")


def _class_path_free(text):
    """The class MindSpore names in one message is its own C++ type's Python path."""
    return re.sub(r"<class '[\w.]+\.Type'>", "<class 'Type'>", text)


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_register_and_dispatch_as_mindspore(label, cases):
    assert _class_path_free(cases[label]) == _class_path_free(EXPECTED[label])


FLOATS = golden_cases("ops/multitype_float.txt")


@pytest.fixture(scope="module")
def float_cases():
    return run_script_on_msjax("multitype_float_probe.py")


@pytest.mark.parametrize("label", sorted(FLOATS))
def test_python_floats_dispatch_as_mindspore(label, float_cases):
    """Inside jit a Python float is MindSpore's Float32 scalar; in PyNative mode a Float64."""
    assert float_cases[label] == FLOATS[label]
