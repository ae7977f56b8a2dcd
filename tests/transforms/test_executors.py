"""`mindspore.common.api._pynative_executor` and `_cell_graph_executor` (transforms/executors.py).

MindSpore 2.10's own tape calls (`check_run` with a GradOperation) fail on its CPU build
(`'GradOperation' object has no attribute '__name__'`), so the tape is checked here against
msjax's `grad`; the rest has goldens in tests/goldens/api/conformance_probe1.out."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from msjax.common.api import _cell_graph_executor, _pynative_executor
from msjax.common.api import _no_grad


def square(t):
    return t * t


def through_tape(t, create_graph):
    grad_op = ops.GradOperation()
    _pynative_executor.check_run(grad_op, square, None, None, t, create_graph=create_graph)
    _pynative_executor.new_graph(square, t)
    out = square(t)
    _pynative_executor.end_graph(square, out, t)
    return _pynative_executor.grad(square, grad_op, None, None) + t


@pytest.mark.parametrize("create_graph, expected", [(False, 1.0), (True, 3.0)])
def test_tape_gradient_is_a_constant_unless_create_graph(create_graph, expected):
    x = Tensor([2.0], ms.float32)
    np.testing.assert_allclose(through_tape(x, create_graph).asnumpy(), [6.0])  # 2·2 + 2
    np.testing.assert_allclose(ms.grad(through_tape)(x, create_graph).asnumpy(), [expected])


def test_tape_grad_needs_a_recorded_forward_pass():
    with pytest.raises(RuntimeError, match="was not recorded"):
        _pynative_executor.grad(square, ops.GradOperation(), None, None)
    with pytest.raises(RuntimeError, match="no graph"):
        _pynative_executor.end_graph(square, None)


def test_grad_flags_follow_no_grad():
    assert _pynative_executor.enable_grad()
    with _no_grad():
        assert not _pynative_executor.enable_grad()
    _pynative_executor.set_enable_grad(False)
    try:
        with pytest.raises(RuntimeError, match="In no_grad context"):
            ms.grad(square)(Tensor([1.0]))
    finally:
        _pynative_executor.set_enable_grad(True)
    _pynative_executor.set_grad_flag(True)
    assert _pynative_executor.requires_grad()
    _pynative_executor.set_grad_flag(False)
    assert not _pynative_executor.requires_grad()


def test_cell_graph_executor_compiles_then_runs():
    net = nn.Dense(3, 2)
    x = Tensor(np.ones((4, 3), np.float32))
    phase, compiled_now = _cell_graph_executor.compile(net, x, phase="train")
    assert compiled_now and _cell_graph_executor.has_compiled(phase)
    assert _cell_graph_executor.compile(net, x, phase="train") == (phase, False)
    np.testing.assert_allclose(_cell_graph_executor(net, x, phase="train").asnumpy(),
                               net(x).asnumpy(), rtol=1e-6)
    with pytest.raises(KeyError, match="graph is not exist"):
        _cell_graph_executor.run(nn.Dense(3, 2), x)
    assert ms.get_context("mode") == ms.PYNATIVE_MODE  # compile left the mode as it was
