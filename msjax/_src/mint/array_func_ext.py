"""Functions of MindSpore's `mindspore.ops.function.array_func` that are not names of
`mindspore.ops` (MindSpore's own tests import them from there): the `_ext` forms behind
`mint`'s functions, with their parameters.

`min_ext(input, dim=None, keepdim=False)` is `mint.min` without its `other` keyword: the smallest
element (no `dim`), or the (values, Int64 indices) along `dim`; `max_ext` likewise.
`split_ext(tensor, split_size, dim=0)` is `mint.split`: chunks of `split_size` (an int), or of
the sizes a list or tuple gives, along `dim`.
`gather_ext(input, dim, index)` is `mint.gather` (GatherD: the index's shape, its indices checked).
`new_ones(input, size, dtype=None)` and `new_zeros` are `Tensor.new_ones`/`new_zeros` as
functions (MindSpore's NewOnes/NewZeros): a Tensor of shape `size` (an int, a tuple or list of
ints, or an integer Tensor) in `dtype` (a MindSpore dtype), or `input`'s dtype.
"""
from __future__ import annotations

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor
from msjax._src.mint import functions as _mint
from msjax._src.ops import array_ops as _array_ops
from msjax._src.ops.primitive_callings import type_text


def min_ext(input, dim=None, keepdim=False):
    """`array_func.min_ext`: `mint.min(input)`, or `mint.min(input, dim, keepdim)`."""
    return _mint.min(input) if dim is None else _mint.min(input, dim, keepdim)


def max_ext(input, dim=None, keepdim=False):
    """`array_func.max_ext`: `mint.max(input)`, or `mint.max(input, dim, keepdim)`."""
    return _mint.max(input) if dim is None else _mint.max(input, dim, keepdim)


def split_ext(tensor, split_size, dim=0):
    """`array_func.split_ext`: `mint.split(tensor, split_size, dim)`."""
    return _mint.split(tensor, split_size, dim)


def gather_ext(input, dim, index):
    """`array_func.gather_ext`: `mint.gather(input, dim, index)`."""
    return _mint.gather(input, dim, index)


def _new_filled(name, make, input, size, dtype):
    """NewOnes/NewZeros: MindSpore's TypeError for an `input` that is no Tensor, a `size` that is
    no int, sequence or Tensor, a `dtype` that is no MindSpore dtype; `make(size, dtype)`."""
    if not isinstance(input, Tensor) or isinstance(size, (float, complex, str, bool)) or (
            size is None):
        raise TypeError(f'Failed calling {name} with "{name}()(input={type_text(input)}, '
                        f'size={type_text(size)}, dtype=mindspore.dtype)".')
    if dtype is not None and not isinstance(dtype, mstype.Type):
        raise TypeError(f"For '{name}', the input 'dtype' should be mindspore dtype, but got "
                        f"{dtype}.")
    return make(size, input.dtype if dtype is None else dtype)


def new_ones(input, size, dtype=None):
    """`array_func.new_ones(input, size, dtype=None)`: `input.new_ones(size, dtype)`."""
    return _new_filled("NewOnes", _array_ops.ones, input, size, dtype)


def new_zeros(input, size, dtype=None):
    """`array_func.new_zeros(input, size, dtype=None)`: `input.new_zeros(size, dtype)`."""
    return _new_filled("NewZeros", _array_ops.zeros, input, size, dtype)
