"""`mindspore.common.np_dtype`: the NumPy scalar types MindSpore adds to NumPy.

MindSpore registers its own `bfloat16` NumPy type (what `Tensor.asnumpy()` of a BFloat16 Tensor
returns); msjax's is `ml_dtypes.bfloat16`, the type JAX's bfloat16 arrays have, which NumPy's
functions accept as MindSpore's does.
"""
from __future__ import annotations

import ml_dtypes

bfloat16 = ml_dtypes.bfloat16


def np_dtype_valid(check: bool) -> bool:
    """`np_dtype.np_dtype_valid(check)`: whether the custom NumPy types are registered (always,
    in msjax: ml_dtypes registers them on import)."""
    if not isinstance(check, bool):
        raise TypeError("np_dtype_valid(): incompatible function arguments. The following argument "
                        "types are supported:\n    1. (arg0: bool) -> bool")
    return True
