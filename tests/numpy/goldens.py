"""Reading tests/goldens/numpy_functions.json: decoding its arguments as msjax values and its
results as NumPy values (the encoding is described in tests/goldens/scripts/numpy_goldens.py)."""
from __future__ import annotations

import json
import math
import pathlib

import numpy as np

import msjax
import msjax.numpy as mnp

PATH = pathlib.Path(__file__).resolve().parents[1] / "goldens" / "numpy_functions.json"
GOLDENS = json.loads(PATH.read_text())["cases"]

# The Python functions some cases pass (apply_along_axis, piecewise, pad), as in the script.
FUNCTIONS = {
    "sum": lambda x: mnp.sum(x),
    "sum_axis": lambda x, axis: mnp.sum(x, axis=axis),
    "cumsum": lambda x: mnp.cumsum(x),
    "negate": lambda x: mnp.negative(x),
    "square": lambda x: mnp.square(x),
    "pad_with_7": lambda vector, width, axis, kwargs: mnp.concatenate((
        mnp.full((width[0],), 7, vector.dtype), vector[width[0]:vector.shape[0] - width[1]],
        mnp.full((width[1],), 7, vector.dtype))),
}


def _values(x):
    if isinstance(x, list):
        return [_values(v) for v in x]
    return float(x) if isinstance(x, str) else x


def host_array(record) -> np.ndarray:
    """A `{"T": values, "dtype": name}` record as a NumPy array."""
    array = np.asarray(_values(record["T"]), dtype=record["dtype"])
    return array.reshape(record["shape"]) if "shape" in record else array


def decode_arg(value):
    """An encoded argument as the msjax value MindSpore was called with."""
    if isinstance(value, dict):
        if "T" in value:
            return msjax.Tensor(host_array(value))
        if "D" in value:
            return msjax.bool_ if value["D"] == "bool" else getattr(msjax, value["D"])
        if "tuple" in value:
            return tuple(decode_arg(v) for v in value["tuple"])
        if "F" in value:
            return FUNCTIONS[value["F"]]
    if isinstance(value, list):
        return [decode_arg(v) for v in value]
    return value


def decode_result(value):
    """A recorded result as NumPy arrays (in the same tuple/list nesting) or a Python value."""
    if "T" in value:
        return host_array(value)
    if "tuple" in value:
        return tuple(decode_result(v) for v in value["tuple"])
    if "list" in value:
        return [decode_result(v) for v in value["list"]]
    if "py" in value:
        py = value["py"]
        return float(py) if isinstance(py, str) and value["type"] == "float" else py
    return value  # {"D": name}


def case_id(case) -> str:
    return case["id"]


def is_nan(x) -> bool:
    return isinstance(x, float) and math.isnan(x)
