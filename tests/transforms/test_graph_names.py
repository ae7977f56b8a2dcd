"""Graph-mode errors for names without a value (msjax/_src/transforms/control_flow_rewrite.py's
compile-time check of undefined names, control_flow.py's use site of a variable one branch
leaves undefined), as MindSpore 2.10 raises them: tests/goldens/scripts/graph_names_probe.py run
unchanged."""
import numpy as np
import pytest

import msjax
from msjax import Tensor
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_names_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_names_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_names_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_names_of_the_closure_builtins_and_comprehensions_are_defined():
    offset = Tensor(np.float32(1))

    @msjax.jit
    def uses_closure(x):
        squares = [v * v for v in range(3)]
        return x + offset + len(squares) + max(squares)

    assert uses_closure(Tensor(np.float32(1))).asnumpy() == 9


def test_parameter_read_beside_a_discarded_unpacked_name_is_defined():
    """CPython 3.11's symtable calls the parameters of a function compiled from its own source
    global; the undefined-name check must still take `v` for the parameter it is."""
    import numpy as np
    import msjax as ms

    def top(v):
        values, _ = v.argmax_with_value(axis=1)
        return values.sum()

    x = ms.Tensor(np.array([[1.0, 5.0], [5.0, 2.0]], np.float32))
    assert float(ms.jit(top)(x)) == 10.0
