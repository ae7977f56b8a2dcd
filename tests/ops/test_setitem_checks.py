"""`x[index] = v` with an index out of range or of the wrong shape, and convolutions given the
wrong number of input channels, raise MindSpore's exception and message, eagerly and compiled
(core/tensor.py's `_index_for`, core/index_checks.py's `check_setitem`, ops/nn_ops.py's
`check_conv_input`).

The probe tests/goldens/scripts/setitem_checks_probe.py runs unchanged on msjax; its golden is
what MindSpore 2.10 printed. The cases below differ, each for the reason given."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/setitem_checks_probe.out")
OUT_OF_RANGE = ("ERR ValueError | For 'TensorScatterUpdate', indices out of range for input_x. "
                "Please check the indices which is [const vector]")
DIFFERENT = {
    # MindSpore names row {1, 3} of the two bad rows {0, 3}, {1, 3}; msjax names the first.
    "eager matrix column tensor 3": OUT_OF_RANGE + "{0, 3}",
    # MindSpore's compiled setitem with a Tensor index fails even in range ("Invalid output
    # number for flatten stub output nodes", an empty RuntimeError in GRAPH_MODE): a MindSpore
    # defect. msjax sets the value, and a negative index out of range gives the eager error.
    "jit tensor -7": "ERR RuntimeError | The int value(-4) is less than 0.",
    "jit tensor 1": [10.0, 5.0, 30.0],
    "graph tensor -7": "ERR RuntimeError | The int value(-4) is less than 0.",
    "graph tensor 1": [10.0, 5.0, 30.0],
    # MindSpore's Conv2DTranspose fails inside oneDNN with a RuntimeError naming no shape;
    # msjax raises the same type with Conv3DTranspose's message.
    "eager Conv2dTranspose 3 for 4": "ERR RuntimeError | For primitive[Conv2DTranspose], the "
                                     "filter's batch, input x's channel must be equal to 4, but "
                                     "got 3.",
    "eager Conv1dTranspose 3 for 4": "ERR RuntimeError | For primitive[Conv2DTranspose], the "
                                     "filter's batch, input x's channel must be equal to 4, but "
                                     "got 3.",
}


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return run_script_on_msjax("setitem_checks_probe.py")
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("label", list(GOLDEN))
def test_setitem_and_conv_errors_match_mindspore(label, msjax_cases):
    expected = DIFFERENT.get(label, GOLDEN[label])
    if label in DIFFERENT and GOLDEN[label].startswith("ERR") and str(expected).startswith("ERR"):
        assert GOLDEN[label].split(" | ")[0] == expected.split(" | ")[0]  # the same type
    assert msjax_cases[label] == str(expected)


def test_a_failed_setitem_leaves_the_tensor_as_it_was():
    x = Tensor(np.array([10.0, 20.0, 30.0], np.float32))
    with pytest.raises(ValueError, match="indices out of range"):
        x[Tensor(np.array([0, 5], np.int32))] = 9.0
    np.testing.assert_array_equal(x.asnumpy(), [10.0, 20.0, 30.0])


def test_a_compiled_setitem_out_of_range_raises_after_the_call_and_the_next_call_runs():
    @ms.jit
    def put(x, i):
        x[i] = 5.0
        return x * 1

    x = Tensor(np.array([10.0, 20.0, 30.0], np.float32))
    with pytest.raises(ValueError, match=r"\[const vector\]\{7\}"):
        put(x, Tensor(np.array([7], np.int32))).asnumpy()
    np.testing.assert_array_equal(put(x, Tensor(np.array([2], np.int32))).asnumpy(),
                                  [10.0, 20.0, 5.0])


def test_conv_channel_error_inside_a_graph_mode_training_step():
    net = nn.Conv2d(3, 2, 3)
    with pytest.raises(RuntimeError, match="'C_in' of input 'x' shape: 5, and 'group': 1"):
        ms.jit(net)(Tensor(np.ones((1, 5, 6, 6), np.float32)))
