"""`Tensor == other` / `Tensor != other` with an operand that is not a number or a Tensor, in
PyNative mode and under `jit`, against MindSpore 2.10
(tests/goldens/scripts/tensor_compare_operands_probe.py)."""
from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor

_GOLDEN = json.loads((pathlib.Path(__file__).parent / "goldens" / "core"
                      / "tensor_compare_operands.json").read_text())
_X = Tensor(np.array([1.0, 2.0], np.float32))


def _compare_with_string(a):
    return a == "zero", a != "zero"


def _compare_with_tuple(a):
    return a == (1.0, 2.0), a != (1.0, 2.0)


_JIT = {"jit: (x == 'zero', x != 'zero')": _compare_with_string,
        "jit: (x == (1.0, 2.0), x != (1.0, 2.0))": _compare_with_tuple}


def _run(expr):
    if expr in _JIT:
        return ms.jit(_JIT[expr])(_X)
    return eval(expr, {"x": _X, "ms": ms, "np": np, "Tensor": Tensor})


@pytest.mark.parametrize("record", _GOLDEN["records"], ids=lambda r: r["expr"])
def test_comparison_matches_mindspore(record):
    value = _run(record["expr"])
    expected = record["value"]
    if isinstance(expected, dict):
        assert isinstance(value, Tensor)
        assert str(value.dtype) == expected["dtype"]
        assert value.asnumpy().tolist() == expected["tensor"]
    elif isinstance(expected, list):
        assert [bool(v) if isinstance(v, Tensor) else v for v in value] == expected
        assert all(type(v) is bool for v in value)
    else:
        assert type(value) is bool and value == expected


def test_numpy_operands_compare_elementwise():
    """msjax's difference (docs/migration.md): `t == ndarray` compares elementwise into a Bool
    Tensor (MindSpore: False); `ndarray != t` is NumPy's elementwise ndarray, as MindSpore's
    (tests/goldens/scripts/ops15b_misc_probe.py records `ndarray == t`)."""
    other = np.array([1.0, 3.0], np.float32)
    np.testing.assert_array_equal((_X == other).asnumpy(), [True, False])
    reversed_operands = other != _X
    assert type(reversed_operands) is np.ndarray
    np.testing.assert_array_equal(reversed_operands, [False, True])
