"""GRAPH_MODE's fast call (transforms/graph_call.py): a Cell called again with its last signature
runs its program directly, and gives what the full compiled-call path gives.

The probe tests/goldens/scripts/graph_call_cache_probe.py runs unchanged on msjax and prints what
MindSpore 2.10 printed (what a compiled Cell keeps after its first call: a replaced Parameter or
a hook registered later leaves the graph as compiled; a new shape, dtype or mode selects another),
except where msjax's cache key differs (listed, with the reason). The other tests check that each
change a fast call must notice sends the call to the full path, by comparing with NumPy and with
a Cell that never had a fast call.
"""
import copy
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn, ops
from msjax._src.transforms import compiled
from msjax._src.backend import graph_call
from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.support import PRIVATE_JAX

GOLDEN = golden_cases("transforms/graph_call_cache_probe.out")
# msjax's program key holds the Cell's `training` flag as well as its phase string: a fresh
# MindSpore Cell's phase is already 'train', so MindSpore's set_train(True) reuses the graph
# compiled with training False; msjax compiles the training branch (as Dropout needs).
DIFFERENCES = {"set_train(True)": "([[20.0, 20.0, 20.0], [20.0, 20.0, 20.0]], 'Float32')",
               "set_train(True) again": "([[20.0, 20.0, 20.0], [20.0, 20.0, 20.0]], 'Float32')"}


@pytest.fixture(autouse=True)
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return run_script_on_msjax("graph_call_cache_probe.py")
    finally:
        import msjax.compat
        msjax.compat.uninstall()
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_call_case_matches_mindspore(label, msjax_cases):
    assert GOLDEN[label] != DIFFERENCES.get(label)
    assert msjax_cases.get(label) == DIFFERENCES.get(label, GOLDEN[label])


class _Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")

    def construct(self, x):
        return x * self.w


class _Counter(nn.Cell):
    """Writes a Parameter inside construct and takes two inputs (the general fast call)."""

    def __init__(self):
        super().__init__()
        self.count = Parameter(Tensor(np.array([0.0], np.float32)), name="count")

    def construct(self, x, y):
        ops.assign(self.count, self.count + 1)
        return x + y, self.count * 1


X = np.array([[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]], np.float32)


def _warm(net, *args):
    """Call twice: the second call installs nothing new, the fast call is in place."""
    net(*args)
    net(*args)
    assert net._fast_call is not None
    return net


def _full_path_forbidden(monkeypatch):
    def refuse(*args):
        raise AssertionError("the full compiled-call path was taken")
    monkeypatch.setattr(compiled.CompiledFunction, "call_cell", refuse)


def test_a_repeated_call_takes_the_fast_call_and_reads_the_parameters_current_values(monkeypatch):
    net = _warm(_Scale(), Tensor(X))
    _full_path_forbidden(monkeypatch)
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])
    net.w.set_data(Tensor(np.array([3.0, 3.0, 3.0], np.float32)))
    out = net(Tensor(X))
    assert type(out) is Tensor
    np.testing.assert_array_equal(out.asnumpy(), X * 3.0)


def test_set_data_with_a_new_shape_gives_the_new_values_on_both_paths():
    net = _warm(_Scale(), Tensor(X))
    net.w.set_data(Tensor(np.array([5.0], np.float32)))  # broadcasts: another program input shape
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * 5.0)
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * 5.0)
    net.w.set_data(Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])


@pytest.mark.parametrize("arg", [np.ones((1, 3), np.float32), np.ones((2, 3), np.float16),
                                 np.ones((2, 3), np.int32)], ids=["shape", "float16", "int32"])
def test_a_new_input_shape_or_dtype_takes_the_full_path_and_then_its_own_fast_call(arg):
    net = _warm(_Scale(), Tensor(X))
    first = net._fast_call
    expected = _Scale()(Tensor(arg))  # a Cell without a fast call: the full path
    out = net(Tensor(arg))
    assert net._fast_call is not first
    assert (out.shape, out.dtype) == (expected.shape, expected.dtype)
    np.testing.assert_array_equal(out.asnumpy(), expected.asnumpy())
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])


def test_the_fast_call_refuses_what_is_not_its_signature():
    net = _warm(_Scale(), Tensor(X))
    fast = net._fast_call
    missed = graph_call.MISSED
    assert fast(net, (Tensor(X),)) is not missed
    assert fast(net, (Tensor(X), Tensor(X))) is missed  # another number of arguments
    assert fast(net, (X,)) is missed  # not a Tensor
    assert fast(net, (net.w,)) is missed  # a Parameter is passed by identity
    assert fast(net, (Tensor(X[:1]),)) is missed
    assert fast(_Scale(), (Tensor(X),)) is missed  # another Cell


def test_the_one_tensor_fast_call_lets_the_executable_check_the_signature():
    """One Tensor in, one out: the fast call runs the compiled executable's C++ call, which
    refuses inputs (and box values) of another shape or dtype; the call then takes the full
    path, which gives the new values. Without JAX's private fast paths there is no such C++
    call: the general fast call checks the inputs and runs the jitted function, which compiles
    a box value of another shape itself."""
    net = _warm(_Scale(), Tensor(X))
    fast = net._fast_call
    assert fast.__code__.co_filename.startswith("<msjax fast call") is PRIVATE_JAX
    missed = graph_call.MISSED
    assert fast(net, (Tensor(X.astype(np.float16)),)) is missed
    assert fast(net, (Tensor(X.astype(np.int32)),)) is missed
    net.w.set_data(Tensor(np.array([5.0], np.float32)))  # a program input of another shape
    if PRIVATE_JAX:
        assert fast(net, (Tensor(X),)) is missed
    else:
        np.testing.assert_array_equal(fast(net, (Tensor(X),)).asnumpy(), X * 5.0)
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * 5.0)
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * 5.0)


_DEBUG_NANS_SCRIPT = """
import jax, numpy as np, msjax as ms
from msjax import nn, ops, Tensor
ms.set_context(mode=ms.GRAPH_MODE)
class Log(nn.Cell):
    def construct(self, x):
        return ops.log(x)
net, x = Log(), np.array([1.0, 2.0], np.float32)
net(Tensor(x)); net(Tensor(x))
from msjax._src.backend import jax_private  # without its fast paths: the general fast call
assert net._fast_call.__code__.co_filename.startswith("<msjax fast call") is jax_private.ENABLED
jax.config.update("jax_debug_nans", True)
for _ in range(2):
    try:
        net(Tensor(-x))
    except FloatingPointError:
        print("FloatingPointError")
"""


def test_debug_nans_raises_floating_point_error_on_the_fast_call_too():
    """Under jax_debug_nans the executable's own check raises JAX's internal error; the fast
    call leaves it to the full path, which raises FloatingPointError as jax.jit does. (In a
    fresh process: after other tests have run, JAX's jit here no longer checks at all.)"""
    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", _DEBUG_NANS_SCRIPT], capture_output=True,
                          text=True, timeout=120, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines().count("FloatingPointError") == 2, done.stdout[-2000:]


def test_a_copied_cell_gets_a_fast_call_of_its_own():
    net = _warm(_Scale(), Tensor(X))
    twin = copy.copy(net)  # shares the Parameters, not net's compiled programs
    assert "_fast_call" not in twin.__dict__ and "_graph_call" not in twin.__dict__
    np.testing.assert_array_equal(twin(Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])
    assert twin._fast_call is not net._fast_call
    assert net._fast_call(net, (Tensor(X),)) is not graph_call.MISSED


def test_a_mode_change_runs_construct_eagerly():
    runs = []

    class Logged(_Scale):
        def construct(self, x):
            runs.append(1)
            return x * self.w

    net = _warm(Logged(), Tensor(X))
    traced = len(runs)
    net(Tensor(X))
    assert len(runs) == traced  # compiled: construct does not run
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(net(Tensor(X)).asnumpy(), X * [1.0, 2.0, 3.0])
    assert len(runs) == traced + 1
    ms.set_context(mode=ms.GRAPH_MODE)
    net(Tensor(X))
    net(Tensor(X))
    assert len(runs) == traced + 1


def test_a_train_flag_set_on_the_cell_selects_its_program():
    net = _warm(nn.Dropout(p=0.5), Tensor(np.ones((64, 8), np.float32)))
    net.training = True  # a plain assignment, not set_train
    dropped = net(Tensor(np.ones((64, 8), np.float32))).asnumpy()
    assert set(np.unique(dropped)) == {0.0, 2.0}
    net.set_train(False)
    np.testing.assert_array_equal(net(Tensor(np.ones((64, 8), np.float32))).asnumpy(), 1.0)


def test_a_parameter_written_inside_construct_is_written_back_by_every_fast_call(monkeypatch):
    net = _warm(_Counter(), Tensor(X), Tensor(X))
    _full_path_forbidden(monkeypatch)
    total, count = net(Tensor(X), Tensor(X))
    np.testing.assert_array_equal(total.asnumpy(), 2 * X)
    assert count.asnumpy().tolist() == [3.0]
    net(Tensor(X), Tensor(X))
    assert net.count.asnumpy().tolist() == [4.0]


def test_a_call_inside_a_transaction_or_a_trace_takes_the_full_path():
    net = _warm(_Scale(), Tensor(X))

    @ms.jit
    def doubled(x):
        return net(x) * 2

    np.testing.assert_array_equal(doubled(Tensor(X)).asnumpy(), X * [2.0, 4.0, 6.0])
    fast = net._fast_call
    from msjax._src.core import state
    with state.transaction():
        assert fast(net, (Tensor(X),)) is graph_call.MISSED


def test_a_deep_copy_of_a_called_cell_compiles_its_own_program():
    net = nn.Dense(3, 2)
    x = Tensor(np.ones((1, 3), np.float32))
    before = net(x).asnumpy()  # the Cell now holds compiled programs (not copyable)
    twin = copy.deepcopy(net)
    np.testing.assert_array_equal(twin(x).asnumpy(), before)
    twin.weight.set_data(Tensor(np.zeros((2, 3), np.float32)))
    np.testing.assert_array_equal(twin(x).asnumpy(), twin.bias.asnumpy()[None])
    np.testing.assert_array_equal(net(x).asnumpy(), before)  # the original is untouched
