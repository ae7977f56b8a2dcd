"""msjax's dtypes against MindSpore 2.10: names, str/repr, classes and predicates, and the helpers
dtype_to_nptype, dtype_to_pytype, pytype_to_dtype and get_py_obj_dtype.

Goldens: `dtype_strs` of tests/goldens/tensor_constructor.json (str and repr of every dtype name
in the `mindspore` namespace) and tests/goldens/dtype.json (tests/goldens/scripts/dtype_probe.py).
The implementation (`msjax._src.core.dtype`) is checked against every record; the public namespaces
(`msjax`, `msjax.dtype`) are checked to export each name the goldens use.
"""
from __future__ import annotations

import copy
import json
import pathlib
import pickle
import re
import types

import ml_dtypes
import numpy as np
import pytest

import msjax
from msjax import Tensor
from msjax._src.core import dtype as mstype
from tests.test_tensor import check_record

_GOLDENS = pathlib.Path(__file__).parent / "goldens"
_DTYPE_STRS = json.loads((_GOLDENS / "tensor_constructor.json").read_text())["dtype_strs"]
_RECORDS = json.loads((_GOLDENS / "dtype.json").read_text())["expressions"]

# The implementation, seen through MindSpore's names: `ms.X` is a public msjax name or a dtype
# name, `ms.dtype.X` / `ms.common.dtype.X` a name of msjax's dtype module.
_DTYPE_MODULE = types.SimpleNamespace(**{k: getattr(mstype, k) for k in dir(mstype)
                                         if not k.startswith("__")})
_MS = types.SimpleNamespace(**{k: getattr(msjax, k) for k in dir(msjax) if not k.startswith("__")})
for _name in dir(mstype):
    if not _name.startswith("__") and not hasattr(_MS, _name):
        setattr(_MS, _name, getattr(mstype, _name))
_MS.dtype = _DTYPE_MODULE
_MS.common = types.SimpleNamespace(dtype=_DTYPE_MODULE)
_MS.int, _MS.float, _MS.bool = mstype.int, mstype.float, mstype.bool_

# Errors whose message names MindSpore's C++ classes: only the exception type is compared.
_PYBIND_MESSAGE = "mindspore._c_expression"


@pytest.mark.parametrize("record", _DTYPE_STRS, ids=lambda r: r["name"])
def test_str_and_repr_of_every_dtype_name(record):
    dtype = getattr(mstype, record["name"])
    assert str(dtype) == record["str"]
    assert repr(dtype) == record["repr"]


def test_int_float_and_bool_are_the_concrete_types():
    """`mindspore.int` is Int32 and `mindspore.float` Float32 (not the abstract int_/float_)."""
    assert msjax.int is mstype.int32
    assert msjax.float is mstype.float32
    assert msjax.bool is mstype.bool_
    assert mstype.int_ is not mstype.int32 and str(mstype.int_) == "Int"


@pytest.mark.parametrize("record", _RECORDS, ids=lambda r: r["expr"])
def test_dtype_expression_matches_mindspore(record):
    run = lambda: eval(record["expr"], {"ms": _MS, "np": np, "Tensor": Tensor})
    if record["kind"] == "error" and _PYBIND_MESSAGE in record["message"]:
        with pytest.raises(Exception) as info:
            run()
        assert type(info.value).__name__ == record["type"]
        return
    if record["kind"] == "python" and _PYBIND_MESSAGE in record["repr"]:  # a dtype class
        value = run()
        assert isinstance(value, type) and value.__name__ == record["repr"].split(".")[-1][:-2]
        return
    check_record(record, run)


def _public_names():
    """The dtype names the goldens use, as `msjax.<name>` or `msjax.dtype.<name>`."""
    names = {("msjax", r["name"]) for r in _DTYPE_STRS}
    for record in _RECORDS:
        for dotted in re.findall(r"\bms\.((?:dtype\.)?[A-Za-z_]\w*)", record["expr"]):
            module, _, name = dotted.rpartition(".")
            if name not in ("dtype", "common"):
                names.add(("msjax.dtype" if module else "msjax", name))
    return sorted(names)



@pytest.mark.parametrize("module,name", _public_names(), ids=lambda v: v)
def test_public_namespace_exports(module, name):
    namespace = msjax if module == "msjax" else msjax.dtype
    assert getattr(namespace, name) is getattr(_MS if module == "msjax" else _DTYPE_MODULE, name)


def test_dtypes_are_singletons_through_pickle_and_copy():
    for dtype in mstype.all_types + (mstype.string, mstype.type_none, mstype.number):
        assert pickle.loads(pickle.dumps(dtype)) is dtype
        assert copy.deepcopy(dtype) is dtype
    t = mstype.get_py_obj_dtype(Tensor([1.5]))
    assert pickle.loads(pickle.dumps(t)) == t


def test_tensor_dtype_is_the_singleton():
    for dtype in mstype.ALL_TYPES:
        if dtype in (mstype.float8_e4m3fn, mstype.float8_e5m2, mstype.qint4x2):
            continue  # storage types: XLA's CPU backend does not cast into them
        assert Tensor([1], dtype).dtype is dtype


def test_numpy_dtypes_map_both_ways():
    for dtype in (mstype.float32, mstype.bfloat16, mstype.complex128, mstype.uint16):
        assert mstype.from_numpy(dtype.to_numpy()) is dtype
        assert mstype.to_numpy_dtype(dtype) == dtype.to_numpy()
    assert mstype.to_numpy_dtype("float16") == np.float16
    assert mstype.to_numpy_dtype(np.int8) == np.int8
    assert mstype.dtype_to_nptype(mstype.bfloat16) is ml_dtypes.bfloat16


def test_astype_names_follow_numpy():
    """As in NumPy, `float` and 'float' mean Float64 for astype, 'int' Int64."""
    assert mstype.astype_dtype(float) is mstype.float64
    assert mstype.astype_dtype("float") is mstype.float64
    assert mstype.astype_dtype("int") is mstype.int64
    assert mstype.astype_dtype("Float32") is mstype.float32
    with pytest.raises(TypeError, match="For Tensor.astype, the input type must be one of"):
        mstype.astype_dtype(np.dtype("float64"))
