"""A Primitive called with the wrong number of inputs (msjax/_src/ops/primitive_arity.py, checked
by registry.primitive's `__call__`): tests/goldens/scripts/primitive_arity_probe.py run unchanged
must print MindSpore 2.10's errors, and msjax's table of Primitives with a signature is the one
primitive_signatures_probe.py recorded."""
import pytest

from msjax._src.ops.primitive_arity import SIGNATURE_PRIMITIVES
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/primitive_arity_probe.out")

# label -> (msjax's line, why msjax differs from MindSpore 2.10 there)
DIFFERENCES = {
    "pynative ReLU 2": ("[1.0]", "msjax's ReLU Primitive shares mint's relu(input, inplace)"),
    "graph ReLU 2": ("[1.0]", "msjax's ReLU Primitive shares mint's relu(input, inplace)"),
    "pynative Sub 3": ("ERR TypeError | Sub.__call__() takes 3 positional arguments but 4 were "
                       "given", "MindSpore's Sub has its own input count message in PyNative"),
}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("primitive_arity_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_primitive_arity_errors_match_mindspore(label, msjax_cases):
    expected = DIFFERENCES[label][0] if label in DIFFERENCES else GOLDEN[label]
    assert msjax_cases.get(label) == expected


def test_signature_primitives_are_mindspores():
    recorded = golden_cases("ops/primitive_signatures_probe.out")["with signature"].split()
    assert SIGNATURE_PRIMITIVES == frozenset(recorded)
