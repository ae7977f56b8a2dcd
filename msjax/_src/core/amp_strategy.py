"""The automatic mixed-precision strategy in force (`auto_mixed_precision(fn, "auto")`).

MindSpore's "auto" level runs a function with a strategy pushed for the call: white-listed
primitives (MatMul, Conv2D, Dense, ...) compute in the low float type, black-listed ones
(Exp, Softmax, SumExt, ...) in float32, the rest as their inputs are. msjax keeps the strategy's
low dtype (a JAX dtype, or None: no strategy) in a ContextVar set for the call
(`amp.auto_mixed_precision`); the ops layer reads it at its listed ops (ops/amp_auto.py). As in
MindSpore, the strategy is not part of a compiled function's cache key: a `jit` function first
compiled under a strategy keeps its casts outside it, and one compiled outside ignores it
(tests/goldens/scripts/amp_auto_probe.py).
"""
from __future__ import annotations

import contextlib
import contextvars

LOW_DTYPE: contextvars.ContextVar = contextvars.ContextVar("msjax_amp_low_dtype", default=None)


@contextlib.contextmanager
def strategy(low_dtype):
    """Run the block with the "auto" strategy of `low_dtype` (a JAX float dtype)."""
    token = LOW_DTYPE.set(low_dtype)
    try:
        yield
    finally:
        LOW_DTYPE.reset(token)
