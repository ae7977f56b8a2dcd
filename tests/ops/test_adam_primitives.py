"""`ops.Adam` and `ops.AdamWeightDecay` against MindSpore 2.10
(tests/goldens/scripts/adam_primitives_probe.py -> tests/goldens/adam_primitives.out): var, m and
v after a step, their errors and reprs; the step returns the updated Parameters (MindSpore's GPU
and Ascend kernels do; its CPU kernel returns zeros), and a step that fails writes nothing."""
import ast

import numpy as np
import pytest

import msjax as ms
from msjax import ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("adam_primitives.out")


@pytest.fixture(scope="module")
def msjax_outcomes():
    return run_script_on_msjax("adam_primitives_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_adam_primitives_match_mindspore(label, msjax_outcomes):
    expected, got = GOLDEN[label], msjax_outcomes[label]
    if expected.startswith(("ERR", "Prim")):
        assert got == expected
    else:
        atol = 1e-3 if "float16" in label else 2e-5
        np.testing.assert_allclose(ast.literal_eval(got), ast.literal_eval(expected), atol=atol)


def test_the_step_returns_the_updated_parameters_and_a_failed_step_writes_none():
    boxes = [ms.Parameter(ms.Tensor(np.full((2, 3), k, np.float32)), name=f"adam_p{k}")
             for k in (1, 2, 3)]
    out = ops.AdamWeightDecay()(*boxes, 0.1, 0.9, 0.999, 1e-8, 0.01,
                                ms.Tensor(np.ones((2, 3), np.float32)))
    for tensor, box in zip(out, boxes):
        np.testing.assert_array_equal(tensor.asnumpy(), box.asnumpy())
    before = [box.asnumpy().copy() for box in boxes]
    with pytest.raises(ValueError, match="var_shape"):
        ops.AdamWeightDecay()(*boxes, 0.1, 0.9, 0.999, 1e-8, 0.01,
                              ms.Tensor(np.ones((3, 2), np.float32)))
    for box, value in zip(boxes, before):
        np.testing.assert_array_equal(box.asnumpy(), value)
