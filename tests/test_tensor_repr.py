"""Checks msjax's Tensor repr() and str() text against MindSpore 2.10 goldens.

The goldens (tests/goldens/tensor_repr.json) come from
tests/goldens/scripts/tensor_repr_goldens.py run under real MindSpore; each case records the
tensor's data, MindSpore's dtype name and the exact repr() and str() text.
"""
import json
import math
import pathlib

import ml_dtypes
import numpy as np
import pytest

from msjax._src.core.tensor_repr import tensor_repr, tensor_str

_GOLDEN_PATH = pathlib.Path(__file__).parent / "goldens" / "tensor_repr.json"
_CASES = json.loads(_GOLDEN_PATH.read_text())["cases"]
_NON_FINITE = {"nan": math.nan, "-nan": -math.nan, "inf": math.inf, "-inf": -math.inf}


def _decode(value):
    """Inverts the golden script's encoding: non-finite floats as strings, complex as pairs."""
    if isinstance(value, str):
        return _NON_FINITE[value]
    if isinstance(value, list) and len(value) == 2 and not isinstance(value[0], list):
        return complex(_decode(value[0]), _decode(value[1]))
    return value


def _decode_nested(values, depth):
    if depth == 0:
        return _decode(values)
    return [_decode_nested(v, depth - 1) for v in values]


def _sign_bits(values, depth):
    """True where a decoded float was "-nan", whose sign NumPy's list conversion may drop."""
    if depth == 0:
        return values == "-nan"
    return [_sign_bits(v, depth - 1) for v in values]


def golden_array(case):
    """Rebuilds the tensor's data as a NumPy array (bfloat16 as ml_dtypes.bfloat16)."""
    shape = tuple(case["shape"])
    dtype = ml_dtypes.bfloat16 if case["dtype"] == "bfloat16" else np.dtype(case["dtype"])
    build_dtype = np.float32 if case["dtype"] == "bfloat16" else dtype
    values = _decode_nested(case["values"], len(shape))
    array = np.array(values, dtype=build_dtype).reshape(shape)
    negative_nan = np.array(_sign_bits(case["values"], len(shape)), dtype=bool).reshape(shape)
    if negative_nan.any():
        array = np.where(negative_nan, np.copysign(array, -1), array)
    return array.astype(dtype)


@pytest.mark.parametrize("case", _CASES, ids=[case["id"] for case in _CASES])
def test_repr_matches_mindspore(case):
    array = golden_array(case)
    assert tensor_repr(array, case["dtype_name"]) == case["repr"]


@pytest.mark.parametrize("case", _CASES, ids=[case["id"] for case in _CASES])
def test_str_matches_mindspore(case):
    array = golden_array(case)
    assert tensor_str(array, case["dtype_name"]) == case["str"]


def test_goldens_cover_every_dtype_and_edge_shape():
    dtypes = {case["dtype_name"] for case in _CASES}
    assert {"Bool", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64",
            "Float16", "Float32", "Float64", "BFloat16", "Complex64", "Complex128"} <= dtypes
    shapes = {tuple(case["shape"]) for case in _CASES}
    assert {(), (0,), (2, 0), (1001,), (10, 3), (3, 10), (8, 8, 8)} <= shapes


def test_a_tensor_being_differentiated_prints_its_value():
    """MindSpore's PyNative prints a Tensor's value inside a function being differentiated (the
    hook tutorial's forward hook; tests/goldens/tutorials/hook_program.out: ``forward inputs:
    (Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00]),)`` and ``forward outputs: [2.]``)."""
    import msjax
    from msjax import Tensor, ops

    seen = []

    def f(x):
        seen.append((repr(x), str(x)))
        return x * x

    msjax.grad(f)(Tensor(np.array([2.0], np.float32)))
    assert seen == [("Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00])", "[2.]")]
    # A compiled function's input has no value while it is traced: MindSpore formats it at run
    # time, and msjax runs that call eagerly, saying so (transforms/graph_fallback.py).
    from msjax._src.transforms.control_flow import GraphFallbackWarning
    traced = []
    with pytest.warns(GraphFallbackWarning, match="could not be compiled and runs eagerly"):
        msjax.jit(lambda x: traced.append(repr(x)) or ops.abs(x))(Tensor(np.array([2.0], np.float32)))
    assert traced == ["Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00])"]
