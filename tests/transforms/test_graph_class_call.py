"""GRAPH_MODE's fast call belongs to the Cell, never to its class (backend/graph_call.py): after
`net(x)`, a Cell class's `__call__` is the one it defines or inherits, and every instance runs
its own program with its own Parameters through `Cell.__call__`.

Each test defines its own Cell class, so no test sees another's calls.
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


def _warm(net, x=X):
    net(Tensor(x))
    net(Tensor(x))
    return net


def _full_path_forbidden(monkeypatch):
    def refuse(*args):
        raise AssertionError("the full compiled-call path was taken")
    monkeypatch.setattr(compiled.CompiledFunction, "call_cell", refuse)


def test_a_called_cell_leaves_its_class_and_its_bases_as_they_were():
    scale = _scale_class()
    before = {cls: dict(cls.__dict__) for cls in scale.__mro__}
    net = _warm(scale())
    dense = nn.Dense(3, 2)
    _warm(dense)
    assert "__call__" not in scale.__dict__
    assert "__call__" not in nn.Dense.__dict__
    assert type(net).__call__ is Cell.__call__ and type(dense).__call__ is Cell.__call__
    for cls, attributes in before.items():
        assert dict(cls.__dict__) == attributes, cls


def test_a_repeated_call_runs_through_cell_call_and_the_cells_fast_call(monkeypatch):
    scale = _scale_class()
    net = _warm(scale())
    calls = []
    cell_call = Cell.__call__

    def counted(self, *args, **kwargs):
        calls.append(self)
        return cell_call(self, *args, **kwargs)
    monkeypatch.setattr(Cell, "__call__", counted)
    _full_path_forbidden(monkeypatch)
    out = net(Tensor(X))
    assert calls == [net]
    assert type(out) is Tensor
    np.testing.assert_array_equal(out.asnumpy(), X * [1.0, 2.0, 3.0])
    net.w.set_data(Tensor(np.array([3.0, 3.0, 3.0], np.float32)))  # read at each call
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * 3.0)


def test_instances_of_one_class_each_run_their_own_parameters():
    scale = _scale_class()
    first = _warm(scale())
    second = _warm(scale((5.0, 5.0, 5.0)))
    sub = _warm(_scale_class(scale)((7.0, 7.0, 7.0)))
    assert first._fast_call is not second._fast_call
    for _ in range(3):
        np.testing.assert_array_equal(second(Tensor(X)).asnumpy(), X * 5.0)
        np.testing.assert_array_equal(first(Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])
        np.testing.assert_array_equal(sub(Tensor(X)).asnumpy(), X * 7.0)


def test_keywords_other_arguments_and_refused_inputs_take_the_full_path():
    scale = _scale_class()
    net = _warm(scale())
    np.testing.assert_array_equal(net(x=Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(net(Tensor(X[:1])).asnumpy(), X[:1] * [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(net(X).asnumpy(), X * [1.0, 2.0, 3.0])  # not a Tensor
    with pytest.raises(TypeError):
        net()
    with pytest.raises(TypeError):
        net(Tensor(X), Tensor(X))
    net.w.set_data(Tensor(np.array([2.0], np.float32)))  # a box value of another shape
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * 2.0)
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * 2.0)


def test_a_class_with_its_own_call_has_it_called_every_time():
    calls = []

    class Counted(_scale_class()):
        def __call__(self, *args, **kwargs):
            calls.append(1)
            return super().__call__(*args, **kwargs)

    own = Counted.__dict__["__call__"]
    net = _warm(Counted())
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])
    assert len(calls) == 3
    assert Counted.__dict__["__call__"] is own


def test_a_freed_cell_frees_its_program_and_parameters():
    scale = _scale_class()
    net = _warm(scale())
    weight = weakref.ref(net.w)
    del net
    gc.collect()
    assert weight() is None
    other = _warm(scale((4.0, 4.0, 4.0)))
    np.testing.assert_array_equal(other(Tensor(X)).asnumpy(), X * 4.0)


def test_a_mode_change_and_a_trace_take_the_full_path():
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
