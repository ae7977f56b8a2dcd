"""`mindspore.ops`' *_ext functions that MindSpore 2.10's CPU build runs and msjax lacked:
diff_ext, isnan_ext and float_power_ext (mint's forms of diff, isnan and float_power), with
MindSpore's dtype refusals (tests/goldens/scripts/miss17_more_ops_probe.py)."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from msjax._src.ops import math_ops
from msjax._src.ops.registry import op

_DIFF_REFUSED = (np.complex64, np.complex128, np.float64, np.int16)


@op()
def diff_ext(input, n=1, dim=-1, prepend=None, append=None):  # noqa: A002 - MindSpore's name
    """The n-th forward difference along `dim` (`prepend`/`append` joined first; n = 0 gives
    `input`); MindSpore refuses complex, Float64 and Int16 inputs."""
    if input.dtype in _DIFF_REFUSED:
        raise TypeError("For 'diff', 'input' do not support complex64/complex128/float64/int16")
    return jnp.diff(input, n, axis=dim, prepend=prepend, append=append)


@op()
def isnan_ext(tensor):
    """Whether each value is NaN (never for integers and bools)."""
    return jnp.isnan(tensor)


@op()
def float_power_ext(input, exponent):  # noqa: A002 - MindSpore's name
    """`ops.float_power` in Float64, complex Tensors refused."""
    for value in (input, exponent):
        if hasattr(value, "dtype") and jnp.iscomplexobj(value):
            raise TypeError("The type of 'input' must be Tensor or Number (excluding complex), "
                            "but got <class 'mindspore.common.tensor.Tensor'>.")
    return math_ops.float_power.impl(input, exponent)
