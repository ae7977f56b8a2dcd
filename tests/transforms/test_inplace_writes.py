"""Tensors written in place inside a traced `if`/`while`/`for` (msjax/_src/transforms/
inplace_writes.py, used by control_flow.py).

The MindSpore probe script runs unchanged on msjax and must print what MindSpore 2.10 printed
(tests/goldens/transforms/inplace_control_flow_probe.out); the table below checks the same rule
under `ms.jit` functions, and that a block's trace leaves no tracer in any Tensor.
"""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from msjax._src.core.tensor import _wrap
from msjax._src.transforms.inplace_writes import InPlaceWrites
from msjax.ops import operations as P
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/inplace_control_flow_probe.out")


@pytest.fixture(scope="module")
def probe():
    return run_script_on_msjax("inplace_control_flow_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_probe_case_matches_mindspore(label, probe):
    assert probe.get(label) == GOLDEN[label]


def f32(*values):
    return Tensor(np.array(values, np.float32))


@ms.jit
def written_in_if(a, b):
    if a.sum() > b.sum():
        a.add_(b)
    return a * 1


@ms.jit
def written_in_nested_if(a, b):
    if a.sum() > 0:
        if b.sum() > 0:
            P.AssignSub()(a, b)
    return a * 1


@ms.jit
def written_in_while(a, n):
    while n > 0:
        a[0] = a[0] + n
        n = n - 1
    return a * 1


@ms.jit
def written_in_traced_range(a, n):
    for i in range(n):
        P.AssignAdd()(a, ops.ones_like(a) * i)
    return a * 1


# (function, arguments, expected result)
CASES = [
    (written_in_if, (f32(5, 6), f32(1, 1)), [6, 7]),
    (written_in_if, (f32(1, 1), f32(5, 6)), [1, 1]),
    (written_in_nested_if, (f32(5, 6), f32(1, 1)), [4, 5]),
    (written_in_nested_if, (f32(5, 6), f32(-1, -1)), [5, 6]),
    (written_in_while, (f32(1, 2), Tensor(3, ms.float32)), [7, 2]),
    (written_in_traced_range, (f32(1, 2), Tensor(3, ms.int32)), [4, 5]),
]


@pytest.mark.parametrize("fn,args,expected", CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_in_place_write_inside_traced_block_is_seen_after_it(fn, args, expected):
    before = [a.asnumpy().copy() for a in args]
    np.testing.assert_allclose(fn(*args).asnumpy(), expected)
    for arg, value in zip(args, before):  # the caller's Tensors keep their values (migration.md)
        np.testing.assert_array_equal(arg.asnumpy(), value)


def test_run_gives_back_every_value_when_the_block_raises():
    a, b = f32(1, 2), f32(3, 4)
    old_a, old_b = a._data, b._data
    writes = InPlaceWrites({"a": a, "b": b, "n": 3}, carried_names=("b",))
    assert writes.outer == [a]

    def block():
        a._data = a._data + 1
        copy = writes.rebox((b,), lambda vs: tuple(_wrap(v._data) for v in vs))[0]
        copy._data = copy._data * 2
        raise ValueError("inside the block")

    with pytest.raises(ValueError, match="inside the block"):
        writes.run(block)
    assert a._data is old_a and b._data is old_b


def test_run_reports_writes_of_outer_tensors_and_of_copies():
    a, b = f32(1, 2), f32(3, 4)
    writes = InPlaceWrites({"a": a, "b": b}, carried_names=("b",))

    def block():
        a._data = a._data + 1
        copy = writes.rebox((b,), lambda vs: tuple(_wrap(v._data) for v in vs))[0]
        copy._data = copy._data * 2
        return "result"

    result, written = writes.run(block)
    assert result == "result"
    assert {id(t): np.asarray(v).tolist() for t, v in written.values()} == {
        id(a): [2, 3], id(b): [6, 8]}
    np.testing.assert_array_equal(a.asnumpy(), [1, 2])  # given back


def test_a_numpy_backed_tensor_read_in_a_traced_if_keeps_its_numpy_storage():
    storage = np.array([1.0, 2.0], np.float32)
    shared = Tensor.from_numpy(storage)

    @ms.jit
    def scaled(x):
        if x.sum() > 0:
            y = x * shared
        else:
            y = x - shared
        return y

    np.testing.assert_allclose(scaled(f32(1, 1)).asnumpy(), [1, 2])
    storage += 1  # still the Tensor's memory: no traced value was left in it
    np.testing.assert_allclose(shared.asnumpy(), [2, 3])
