"""Functions of MindSpore's `mindspore.ops.function.array_func` that are not names of
`mindspore.ops` (MindSpore's own tests import them from there): the `_ext` forms behind
`mint`'s functions, with their parameters.

`min_ext(input, dim=None, keepdim=False)` is `mint.min` without its `other` keyword: the smallest
element (no `dim`), or the (values, Int64 indices) along `dim`; `max_ext` likewise.
`split_ext(tensor, split_size, dim=0)` is `mint.split`: chunks of `split_size` (an int), or of
the sizes a list or tuple gives, along `dim`.
"""
from __future__ import annotations

from msjax._src.mint import functions as _mint


def min_ext(input, dim=None, keepdim=False):
    """`array_func.min_ext`: `mint.min(input)`, or `mint.min(input, dim, keepdim)`."""
    return _mint.min(input) if dim is None else _mint.min(input, dim, keepdim)


def max_ext(input, dim=None, keepdim=False):
    """`array_func.max_ext`: `mint.max(input)`, or `mint.max(input, dim, keepdim)`."""
    return _mint.max(input) if dim is None else _mint.max(input, dim, keepdim)


def split_ext(tensor, split_size, dim=0):
    """`array_func.split_ext`: `mint.split(tensor, split_size, dim)`."""
    return _mint.split(tensor, split_size, dim)
