"""GRAPH_MODE's class call (transforms/graph_call.py, `_install_class_call`): the one-Tensor fast
call of a Cell is also its class's `__call__`, which serves that Cell only, in one frame.

Each test defines its own Cell class: a class holds the class call of one Cell at a time.
"""
import gc
import weakref

import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn
from msjax._src.nn.cell import Cell
from msjax._src.transforms import compiled

X = np.array([[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]], np.float32)


@pytest.fixture(autouse=True)
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _scale_class(base=nn.Cell):
    class Scale(base):
        def __init__(self, w=(1.0, 2.0, 3.0)):
            super().__init__()
            self.w = Parameter(Tensor(np.array(w, np.float32)), name="w")

        def construct(self, x):
            return x * self.w
    return Scale


def _warm(net):
    net(Tensor(X))
    net(Tensor(X))
    return net


def _only_the_class_call(monkeypatch, net):
    """Any call that reaches Cell.__call__ (the instance's fast call or the full path) fails."""
    def refuse(*args, **kwargs):
        raise AssertionError("Cell.__call__ was reached")
    monkeypatch.setattr(Cell, "__call__", refuse)
    monkeypatch.setattr(compiled.CompiledFunction, "call_cell", refuse)


def test_a_called_cells_class_runs_its_program_without_cell_call(monkeypatch):
    scale = _scale_class()
    net = _warm(scale())
    assert "__call__" in scale.__dict__
    _only_the_class_call(monkeypatch, net)
    out = net(Tensor(X))
    assert type(out) is Tensor
    np.testing.assert_array_equal(out.asnumpy(), X * [1.0, 2.0, 3.0])
    net.w.set_data(Tensor(np.array([3.0, 3.0, 3.0], np.float32)))  # read at each call
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * 3.0)


def test_another_instance_of_the_class_gets_its_own_parameters():
    scale = _scale_class()
    first = _warm(scale())
    class_call = scale.__dict__["__call__"]
    second = scale((5.0, 5.0, 5.0))
    for _ in range(3):
        np.testing.assert_array_equal(second(Tensor(X)).asnumpy(), X * 5.0)
        np.testing.assert_array_equal(first(Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])
    assert scale.__dict__["__call__"] is class_call  # the first Cell keeps it
    sub = _scale_class(scale)((7.0, 7.0, 7.0))  # inherits the class call of `first`
    for _ in range(3):
        np.testing.assert_array_equal(sub(Tensor(X)).asnumpy(), X * 7.0)


def test_keywords_other_arguments_and_refused_inputs_take_cell_call():
    scale = _scale_class()
    net = _warm(scale())
    np.testing.assert_array_equal(net(x=Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(net(Tensor(X[:1])).asnumpy(), X[:1] * [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(net(X).asnumpy(), X * [1.0, 2.0, 3.0])  # not a Tensor
    with pytest.raises(TypeError):
        net()
    with pytest.raises(TypeError):
        net(Tensor(X), Tensor(X))
    net.w.set_data(Tensor(np.array([2.0], np.float32)))  # the executable refuses the shape
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * 2.0)


def test_a_class_with_its_own_call_keeps_it():
    calls = []

    class Counted(_scale_class()):
        def __call__(self, *args, **kwargs):
            calls.append(1)
            return super().__call__(*args, **kwargs)

    net = _warm(Counted())
    net(Tensor(X))
    assert len(calls) == 3
    assert Counted.__dict__["__call__"].__code__.co_name == "__call__"
    assert not hasattr(Counted.__dict__["__call__"], "msjax_cell")


def test_the_class_forgets_the_call_of_a_freed_cell():
    scale = _scale_class()
    net = _warm(scale())
    assert "__call__" in scale.__dict__
    weight = weakref.ref(net.w)
    del net
    gc.collect()
    assert "__call__" not in scale.__dict__
    assert weight() is None  # the program and its Parameters are freed with the Cell
    other = _warm(scale((4.0, 4.0, 4.0)))  # the next Cell of the class takes it
    assert scale.__dict__["__call__"].msjax_cell() is other
    np.testing.assert_array_equal(other(Tensor(X)).asnumpy(), X * 4.0)


def test_a_mode_change_and_a_trace_leave_the_class_call():
    runs = []
    scale = _scale_class()

    class Logged(scale):
        def construct(self, x):
            runs.append(1)
            return x * self.w

    net = _warm(Logged())
    traced = len(runs)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])
    assert len(runs) == traced + 1  # construct ran eagerly
    ms.set_context(mode=ms.GRAPH_MODE)

    @ms.jit
    def doubled(x):
        return net(x) * 2

    np.testing.assert_array_equal(doubled(Tensor(X)).asnumpy(), X * [2.0, 4.0, 6.0])
