"""The element-type tables of `mindspore.train.serialization` that code reading checkpoints by
hand imports: `tensor_to_np_type` and `tensor_to_ms_type`, keyed by the type names a `.ckpt`
stores ("Float32", "Int64", ...)."""
from __future__ import annotations

import ml_dtypes
import numpy as np

from msjax._src.core import dtype as mstype

_NUMPY_TYPES = {
    "Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16, "UInt16": np.uint16,
    "Int32": np.int32, "UInt32": np.uint32, "Int64": np.int64, "UInt64": np.uint64,
    "Float16": np.float16, "Float32": np.float32, "Float64": np.float64, "Bool": np.bool_,
    "str": "U", "BFloat16": ml_dtypes.bfloat16,
}

# `mindspore.train.serialization.tensor_to_ms_type`: MindSpore's table less "str" and "Int4",
# element types msjax's Tensors do not have.
tensor_to_ms_type = {
    "Int8": mstype.int8, "UInt8": mstype.uint8, "Int16": mstype.int16, "UInt16": mstype.uint16,
    "Int32": mstype.int32, "UInt32": mstype.uint32, "Int64": mstype.int64,
    "UInt64": mstype.uint64, "Float16": mstype.float16, "Float32": mstype.float32,
    "Float64": mstype.float64, "Bool": mstype.bool_, "BFloat16": mstype.bfloat16,
}


def tensor_to_np_type(tensor_type_str):
    """`mindspore.train.serialization.tensor_to_np_type(tensor_type_str)`: the NumPy type of a
    checkpoint's type name ("BFloat16": ml_dtypes' bfloat16; "str": 'U'); None for another name."""
    return _NUMPY_TYPES.get(tensor_type_str)
