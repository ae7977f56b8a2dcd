"""Whether gradients flow where code runs: MindSpore's `_no_grad` blocks (and
`_pynative_executor.set_enable_grad(False)`).

Inside such a block `grad` refuses to run, and what is computed there carries no gradient: a
Tensor boxing a value that an enclosing `grad` differentiates is boxed with its gradient stopped
(`stop_if_no_grad`, called by the one boxing function, core/tensor.py `_wrap`). A value traced
inside a compiled function called from the block is not touched (the compiled program is the
same outside the block); its result, back in the block, is.
"""
from __future__ import annotations

import contextvars

import jax

# How many `no_grad` blocks enclose the running code (per thread and task).
DEPTH: contextvars.ContextVar = contextvars.ContextVar("msjax_no_grad", default=0)
# Whether a block was ever entered: until then boxing a Tensor reads no ContextVar.
SEEN = [False]
# `differentiated(values, through_programs)`: whether a value is being differentiated, installed
# by backend/interface.py (core imports no backend); until then every value is.
DIFFERENTIATED = [lambda values, through_programs=True: True]


def set_depth(depth):
    """Set the running code's depth (returns the ContextVar's token)."""
    if depth:
        SEEN[0] = True
    return DEPTH.set(depth)


def stop_if_no_grad(array):
    """`array`, or inside a `no_grad` block, `array` with its gradient stopped when it is
    being differentiated."""
    if DEPTH.get() and DIFFERENTIATED[0]([array], through_programs=False):
        return jax.lax.stop_gradient(array)
    return array
