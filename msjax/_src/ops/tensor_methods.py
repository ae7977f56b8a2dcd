"""Tensor operators and methods, installed on `Tensor` from the op table by one loop.

An op whose signature already takes the Tensor first says so in its record (`@op(...,
tensor_method=True)`, registry.TENSOR_METHODS). Methods whose MindSpore signature differs from
the functional op (varargs shapes, NumPy-style axis keywords, the torch-style `max(dim)` overload
that returns indices) are small adapters below (`_METHODS`), each over the one implementation of
its op.
"""
from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import context
from msjax._src.core import dtype as mstype
from msjax._src.core import random, strided_views
from msjax._src.core import tensor_hooks
from msjax._src.core import x64
from msjax._src.core.parameter import Parameter
from msjax._src.core.state import tracing_depth
from msjax._src.ops import array_ops as A
from msjax._src.ops import linalg_ops as L
from msjax._src.ops import math_ops as M
from msjax._src.ops import nn_ops as N
from msjax._src.ops import reduce_ops as R
from msjax._src.ops import scatter_ops
from msjax._src.ops import tensor_methods_used, tensor_storage
from msjax._src.ops import overloads
from msjax._src.ops import catalog  # noqa: F401  (fills the table)
from msjax._src.ops.adapters import operator_impl
from msjax._src.ops.registry import OPS, TENSOR_METHODS, functional, one_program_method, unwrap
from msjax._src.core import tensor as tensor_module
from msjax._src.core.numpy_view import from_numpy
from msjax._src.core.sparse_tensor import COOTensor, dense_to_coo, dense_to_csr
from msjax._src.core.tensor import Tensor, _wrap, written
from msjax._src.backend.interface import eager_jit


def _swap(fn):
    """The reflected operator: `other OP self`."""
    def reflected(self, other):
        return fn(other, self)
    reflected.__name__ = f"r{fn.__name__}"
    return reflected


# MindSpore's Tensor operators hand a COOTensor operand to the COOTensor's reflected operator
# (`dense + coo` is `coo.__radd__(dense)`): core/sparse_tensor.py computes them.
_SPARSE_REFLECTED = {"__add__": "__radd__", "__sub__": "__rsub__", "__mul__": "__rmul__",
                     "__truediv__": "__rtruediv__"}


def _sparse_aware(fn, reflected: str):
    """Tensor operator `fn`, except with a COOTensor operand (see _SPARSE_REFLECTED)."""
    def operator(self, other):
        if other.__class__ is COOTensor:  # (`type` is Tensor.type in this module)
            return getattr(other, reflected)(self)
        return fn(self, other)
    operator.__name__ = operator.__qualname__ = getattr(fn, "__name__", "operator")
    operator.__doc__ = getattr(fn, "__doc__", None)
    return operator


# MindSpore's `t + seq`, `seq + t`, `t - seq` and `seq - t` take a tuple or list operand as the
# Tensor made of it (Tensors in it stacked); its other operators refuse one.
_SEQUENCE_OPERAND = ("__add__", "__sub__")
# MindSpore's `other + t` and `other * t` are `t + other` and `t.mul(other)`: the same value,
# and an error names the Tensor first ("Add()(input=Tensor, other=string)")
_SELF_FIRST_REFLECTED = ("__add__", "__mul__")


def _operand_of_sequence(seq, tensor):
    """A tuple or list operand of `+`/`-` as a Tensor (see _SEQUENCE_OPERAND): its Tensors
    stacked, or its numbers as a Tensor of `tensor`'s dtype (`int32_t - (1.5, 2)` is Int32)."""
    if builtins.any(isinstance(leaf, Tensor) for leaf in jax.tree_util.tree_leaves(
            seq, is_leaf=lambda t: isinstance(t, Tensor))):
        return _wrap(jnp.asarray(unwrap(seq)))
    return Tensor(seq, dtype=tensor.dtype)


def _sequence_aware(fn):
    """Tensor operator `fn` with a tuple or list operand made a Tensor first."""
    def operator(self, other):
        if other.__class__ is tuple or other.__class__ is list:
            other = _operand_of_sequence(other, self)
        return fn(self, other)
    operator.__name__ = operator.__qualname__ = getattr(fn, "__name__", "operator")
    operator.__doc__ = getattr(fn, "__doc__", None)
    return operator


def _sequence_and_alpha_aware(fn, method: str):
    """MindSpore's `t + other` / `t - other` (`__add__`, `__sub__`): Tensor operator `fn`, with a
    tuple or list operand made a Tensor first; called with more (`t.__sub__(y, alpha=2)`) or with
    None, the Tensor method `method` (`sub`), as MindSpore's operator is, errors included."""
    def operator(self, other, *args, **kwargs):
        if args or kwargs or other is None:
            return getattr(Tensor, method)(self, other, *args, **kwargs)
        if other.__class__ is tuple or other.__class__ is list:
            other = _operand_of_sequence(other, self)
        return fn(self, other)
    operator.__name__ = operator.__qualname__ = getattr(fn, "__name__", "operator")
    operator.__doc__ = getattr(fn, "__doc__", None)
    return operator


# MindSpore's augmented assignments (`t += other`, ...) are its in-place methods (`add_`, ...):
# they refuse what those refuse (`t += [1, 2]`: "Failed calling add_ with ..."), and `__iadd__`
# takes `add_`'s alpha. In PyNative mode MindSpore 2.10's CPU build computes them as a new
# Tensor, the operator's value (the Tensor, a Parameter too, keeps its own); in graph mode they
# write the Tensor in place, in its dtype, and return it. msjax does both. (`t -= other` is
# `isub` below.)
_AUGMENTED = {"__iadd__": ("add_", "add"), "__imul__": ("mul_", "__mul__"),
              "__itruediv__": ("div_", "__truediv__"),
              "__ifloordiv__": ("floor_divide_", "__floordiv__"),
              "__imod__": ("remainder_", "__mod__")}


def _augmented(in_place: str, computed: str):
    """`t OP= other`: the Tensor's `computed` (an operator or method), with the overload errors of
    the in-place method `in_place` (ops/overloads.py)."""
    def compute(self, *args, **kwargs):
        if overloads.is_traced(self):  # graph mode: the in-place method itself
            return getattr(Tensor, in_place)(self, *args, **kwargs)
        return getattr(Tensor, computed)(self, *args, **kwargs)
    compute.__name__ = in_place
    return overloads.resolved(in_place, compute)


def _is_one(alpha) -> bool:
    """MindSpore's `alpha == 1` of `__isub__` (a 0-d Tensor by its value; a traced one is not)."""
    if isinstance(alpha, Tensor):
        return alpha.ndim == 0 and not overloads.is_traced(alpha) and bool(alpha.asnumpy() == 1)
    return alpha == 1


def _isub_value(self, other, alpha=1):
    if not _is_one(alpha):  # SubExt, its checks on alpha's type
        if overloads.is_traced(self):  # graph mode: in place, as `__iadd__`
            return Tensor.sub_(self, other, alpha=alpha)
        return Tensor.sub(self, other, alpha=alpha)
    return Tensor.__sub__(self, other)  # `alpha=1.0` and `alpha=True` too: the operator


_isub_resolved = overloads.resolved("sub_", _isub_value)


def isub(self, other, *args, **alpha):
    """MindSpore's `t -= other` (`Tensor.__isub__(other, *, alpha=1)`): a new Tensor, `t - other`
    (a tuple or list operand too) or, with an alpha other than 1, `t.sub(other, alpha=alpha)`;
    None and a None alpha are refused with `sub_`'s overload error."""
    if args:
        raise TypeError(f"tensor_inplace_sub() takes 2 positional arguments but "
                        f"{2 + len(args)} were given")
    return _isub_resolved(self, other, **alpha)


def _varargs_shape(shape):
    return shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape


_OPERATORS = {
    "__add__": M.add, "__sub__": M.sub, "__mul__": M.mul, "__truediv__": M.div,
    "__floordiv__": M.floor_div, "__mod__": M.floor_mod, "__pow__": M.pow,
    "__matmul__": M.matmul, "__and__": M.bitwise_and, "__or__": M.bitwise_or,
    "__xor__": M.bitwise_xor,
}
# MindSpore 2.10's Tensor has no `__rand__`, `__ror__`, `__rxor__` (`2 & t` is Python's
# TypeError there); msjax has them, as `t & 2` (the same result dtype, value or error).
_BITWISE_REFLECTED = ("__and__", "__or__", "__xor__")
_COMPARISONS = {
    "__eq__": M.equal, "__ne__": M.not_equal, "__lt__": M.less, "__le__": M.less_equal,
    "__gt__": M.greater, "__ge__": M.greater_equal,
}
# MindSpore 2.10's `~t` is logical_not for every dtype (a Bool Tensor; ops.invert is the bitwise one)
_UNARY = {"__neg__": M.neg, "__abs__": M.abs, "__invert__": M.logical_not}



def reshape(self, *shape):
    """`reshape(*shape)` or `reshape(shape)`; a float in the shape is MindSpore's TypeError, in
    its graph mode's words when traced (`ms.jit`) and in PyNative's otherwise."""
    packed = len(shape) == 1 and isinstance(shape[0], (tuple, list))
    shape = _varargs_shape(shape)
    position = A.first_float_dim(shape)
    if position is not None:
        if overloads.is_traced(self):
            raise TypeError(f"reshape(): argument 'shape' (position "
                            f"{1 if packed else position + 1}) must be tuple of int, not "
                            f"{shape[position].__class__.__name__}.")
        if len(shape) == 1 and not packed:
            raise TypeError("reshape(): argument 'shape' (position 1) must be tuple of int but "
                            f"found type of {shape[0].__class__.__name__} at pos 0.")
        raise TypeError(f"reshape(): argument 'shape'(position 0) should be tuple of int, but "
                        f"unpack failed at pos {position} (got float).")
    return A.reshape(self, shape)


def transpose(self, *axes, dim0=None, dim1=None):
    """`transpose(*axes)` (a permutation, NumPy's form) or `transpose(dim0, dim1)` (two
    dimensions swapped, the torch-style overload MindSpore 2.10 documents)."""
    if dim0 is not None or dim1 is not None:
        return OPS["swapaxes"](self, dim0, dim1)
    permutation = len(axes) == 1 and isinstance(axes[0], (tuple, list))  # `transpose((0, 1))`
    if axes == (None,):  # `transpose(None)` (NumPy's `np.transpose(t)` calls it): reversed
        axes = ()
    elif len(axes) > 1 and [a for a in axes if a is None]:
        shown = ", ".join("None" if a is None else a.__class__.__name__ for a in axes)
        raise TypeError(f'Failed calling Transpose with "Transpose()(input=Tensor, '
                        f'dims=Tuple<{shown}>)".\nThe valid calling should be: \n'
                        '"Transpose()(input=<Tensor>, dims=<list of int, tuple of int>)".')
    axes = _varargs_shape(axes)
    if len(axes) == 2 and self.ndim != 2 and not permutation:
        return OPS["swapaxes"](self, *axes)
    axes = tuple(axes) if axes else tuple(reversed(range(self.ndim)))
    if context.is_graph_mode():
        A.check_perm(axes, self.ndim, graph_method=True)
    return A.transpose(self, axes)


def permute(self, *dims):
    return A.permute(self, _varargs_shape(dims))


def squeeze(self, *axis, **kwargs):
    """`squeeze(axis=None)`, or the documented `squeeze(*axis)` / `squeeze(dim=...)`."""
    chosen = kwargs.pop("axis", kwargs.pop("dim", None))
    if kwargs:
        raise TypeError(f"squeeze() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if axis:
        chosen = axis[0] if len(axis) == 1 else tuple(axis)
    return A.squeeze(self, chosen)


def flatten(self, *args, order="C", start_dim=0, end_dim=-1):
    """`Tensor.flatten`: MindSpore's overloads `flatten(start_dim=0, end_dim=-1)` (ints by
    position) and `flatten(order='C', start_dim=0, end_dim=-1)`."""
    if args and isinstance(args[0], str):
        order, args = args[0], args[1:]
    if args:
        start_dim = args[0]
    if len(args) > 1:
        end_dim = args[1]
    result = A.flatten(self, order, start_dim=start_dim, end_dim=end_dim)
    strided_views.record_reshape(self, result)  # (a view in MindSpore, as `view`)
    return result


def expand(self, *size):
    """`Tensor.expand(*size)`: sizes as ints, one tuple or list, or one Tensor of them."""
    if len(size) == 1 and isinstance(size[0], Tensor):
        return A.expand(self, size[0])
    return A.broadcast_to(self, _varargs_shape(size))


def expand_as(self, other=None, *, x=None):
    """`Tensor.expand_as(other)`, or the older overload's `expand_as(x=...)`."""
    return A.broadcast_to(self, (other if x is None else x).shape)


def sum(self, axis=None, *more, dtype=None, keepdims=False, initial=None, dim=None,  # noqa: A001
        keepdim=None):
    """`Tensor.sum`: MindSpore's overloads `sum(dim=None, keepdim=False, *, dtype=None)` and
    `sum(axis=None, dtype=None, keepdims=False, initial=None)`, tried in that order (ops/
    overloads.py has refused calls that match neither): a bool second argument is `keepdim`,
    any other the second overload's `dtype`, then `keepdims` and `initial`."""
    if more:
        if len(more) == 1 and more[0].__class__ in _BOOLS:
            keepdim = more[0]
        else:  # sum(axis, dtype, keepdims, initial)
            dtype = more[0]
            if len(more) > 1:
                keepdims = more[1]
            if len(more) > 2:
                initial = more[2]
    # (`_axis_or_dim` inline, and the op called by position where it can: `x.sum(0)` is common)
    if dim is not None:
        axis = dim
    if keepdim is not None:
        keepdims = keepdim
    if dtype is not None:
        out = R.sum(self, axis, keepdims, dtype=dtype)
    else:  # (two arguments take the op's quickest path)
        out = R.sum(self, axis) if keepdims is False else R.sum(self, axis, keepdims)
    if initial is None:
        return out
    out = out + initial
    # the result keeps the dtype asked for (`sum(dtype=bool_, initial=12)` is True, as MindSpore)
    return out if dtype is None or out.dtype == dtype else out.astype(dtype)


_BOOLS = (bool, np.bool_)


def prod(self, axis=None, keep_dims=False, dtype=None, *, dim=None, keepdim=None):
    return R.prod(self, *_axis_or_dim(axis, keep_dims, dim, keepdim), dtype)


def mean(self, axis=None, keep_dims=False, *, dim=None, keepdim=None, dtype=None):
    """`Tensor.mean`: with a `dtype`, the Tensor cast to it first (an Int32 [1, 2] averaged as
    Float64 is 1.5, as MindSpore computes it)."""
    return R.mean(self if dtype is None else self.astype(dtype),
                  *_axis_or_dim(axis, keep_dims, dim, keepdim))


def _dim_overload(reduce, self, args, kwargs):
    """The overload `max(dim, keepdim=False)` (and min's) named by its keywords: (values,
    indices)."""
    dim = kwargs.pop("dim") if "dim" in kwargs else args[0]
    keepdim = kwargs.pop("keepdim") if "keepdim" in kwargs else (args[1] if len(args) > 1
                                                                 else False)
    return reduce(self, dim, keepdim)


# The keywords of the older overload `max(axis=None, keepdims=False, *, initial=None,
# where=True, return_indices=False)`: any of them picks it over `max(dim, keepdim=False)`.
_AXIS_OVERLOAD_KEYWORDS = frozenset(("axis", "keepdims", "initial", "where", "return_indices"))


def _picks_dim_overload(self, args, kwargs) -> bool:
    """Whether MindSpore 2.10 resolves a `Tensor.max`/`min` call to the overload
    `max(dim, keepdim=False)`, which returns (values, indices): named by `dim`/`keepdim`, or in
    PyNative mode an int first argument with none of the older overload's keywords. Graph mode
    (a compiled Cell or `jit` function) tries the older overload first, so there `x.max(0)` is
    the values alone; PyNative's gradient functions trace too, but keep PyNative's choice."""
    if "dim" in kwargs or "keepdim" in kwargs:
        return True
    return (bool(args) and args[0].__class__ is int and _AXIS_OVERLOAD_KEYWORDS.isdisjoint(kwargs)
            and not tracing_depth())


def max(self, *args, **kwargs):  # noqa: A001
    """`x.max(dim, keepdim=False)`: (values, indices); `x.max(axis, keepdims, *, initial,
    where, return_indices=False)`: the values (and the indices with `return_indices=True`)."""
    if _picks_dim_overload(self, args, kwargs):
        return _dim_overload(R.max, self, args, kwargs)
    return _with_indices(self, R.amax, R.max, args, kwargs)


def min(self, *args, **kwargs):  # noqa: A001
    """`x.min(dim, keepdim=False)`: (values, indices); `x.min(axis, keepdims, *, initial,
    where, return_indices=False)`: the values (and the indices with `return_indices=True`)."""
    if _picks_dim_overload(self, args, kwargs):
        return _dim_overload(R.min, self, args, kwargs)
    return _with_indices(self, R.amin, R.min, args, kwargs)


def _with_indices(self, reduce, reduce_with_indices, args, kwargs):
    """`max(axis, keepdims, *, initial, where, return_indices=False)`: the values, and with
    `return_indices=True` the Int64 indices too (index 0 over all axes, as MindSpore gives)."""
    if not kwargs.pop("return_indices", False):
        return reduce(self, *args, **kwargs)
    values = reduce(self, *args, **kwargs)
    axis = args[0] if args else kwargs.get("axis")
    keepdims = args[1] if len(args) > 1 else kwargs.get("keepdims", False)
    return values, reduce_with_indices(self, axis, keepdims)[1]


def argmax(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    """`Tensor.argmax(axis=None, keepdims=False)` or the overload's `argmax(dim, keepdim)`."""
    return R.argmax(self, *_axis_or_dim(axis, keepdims, dim, keepdim))


def argmin(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    """`Tensor.argmin(axis=None, keepdims=False)` or the overload's `argmin(dim, keepdim)`."""
    return R.argmin(self, *_axis_or_dim(axis, keepdims, dim, keepdim))


def median(self, axis=-1, keepdims=False, *, dim=None, keepdim=None):
    """`Tensor.median(axis=-1, keepdims=False)` or the overload's `median(dim, keepdim)`:
    (values, indices)."""
    return R.median(self, *_axis_or_dim(axis, keepdims, dim, keepdim))


def remainder(self, other=None, *, divisor=None):
    """`Tensor.remainder(other)`, or the older overload's `remainder(divisor=...)`."""
    return M.remainder(self, other if divisor is None else divisor)


def _axis_or_dim(axis, keep_dims, dim, keepdim):
    """MindSpore 2.10's Tensor methods take NumPy-style `axis`/`keep_dims` or the overload's
    torch-style `dim`/`keepdim`."""
    return (axis if dim is None else dim), (keep_dims if keepdim is None else keepdim)


def all(self, axis=None, keep_dims=False, *, dim=None, keepdim=None):  # noqa: A001
    return R.all(self, *_axis_or_dim(axis, keep_dims, dim, keepdim))


def any(self, axis=None, keep_dims=False, *, dim=None, keepdim=None):  # noqa: A001
    return R.any(self, *_axis_or_dim(axis, keep_dims, dim, keepdim))


def index_select(self, axis=None, index=None, *, dim=None):
    return A.index_select(self, axis if dim is None else dim, index)


def t(self):
    """`Tensor.t()`: `ops.t`, the transpose of a 2-D Tensor; MindSpore 2.10 returns a Tensor of
    any other rank unchanged (a 3-D one too)."""
    return A.t(self)


def stride(self, dim=None):
    """`Tensor.stride(dim=None)`: the strides (in elements) of MindSpore's PyNative Tensor, all
    or that of `dim` (a view's own: core/strided_views.py)."""
    strides = list(strided_views.layout_of(self)[1])
    return strides if dim is None else strides[dim]


def is_floating_point(self):
    return self.dtype in mstype.float_type


def type_as(self, other):
    return self.astype(other.dtype)


def top_k(self, k, sorted=True):  # noqa: A002
    return OPS["topk"](self, k, sorted=sorted)


def reverse(self, axis):
    return A.flip(self, axis)


def diff(self, n=1, axis=-1, prepend=None, append=None):
    """`Tensor.diff`: `ops.diff` (first differences only, as MindSpore 2.10's)."""
    return R.diff(self, n, axis, prepend, append)


def broadcast_to(self, *shape):
    return A.broadcast_to(self, _varargs_shape(shape))


def chunk(self, chunks, dim=0, *, axis=None):
    return OPS["chunk"](self, chunks, dim if axis is None else axis)


def gather(self, *args, **kwargs):
    """`gather(input_indices, axis, batch_dims=0)` or the overload `gather(dim, index)`
    (values along `dim` at `index`, as `gather_elements`)."""
    if "dim" in kwargs or "index" in kwargs or (
            len(args) == 2 and isinstance(args[0], int) and isinstance(args[1], Tensor)):
        bound = dict(zip(("dim", "index"), args), **kwargs)
        return OPS["gather_elements"](self, bound["dim"], bound["index"])
    return OPS["gather"](self, *args, **kwargs)


def matmul(self, tensor2):
    return M.matmul(self, tensor2)


def repeat_interleave(self, repeats, dim=None, *, output_size=None):
    return OPS["repeat_interleave"](self, repeats, dim)


def scatter(self, axis=None, index=None, src=None, *, dim=None, value=None, reduce=None):
    if reduce is not None:
        raise ValueError(f"For 'Tensor.scatter', msjax supports reduce=None only, but got "
                         f"reduce={reduce!r}: use Tensor.scatter_add or ops.tensor_scatter_"
                         "elements(reduction=...) for an accumulation.")
    source = value if src is None else src
    if not isinstance(source, Tensor):
        source = A.full_like(A.cast(index, self.dtype), source)
    return OPS["scatter"](self, axis if dim is None else dim, index, source)


def sort(self, axis=-1, descending=False, *, dim=None, stable=False):
    return OPS["sort"](self, axis if dim is None else dim, descending)


def _sequence_operand(self, other):
    """A list or tuple operand of a Tensor method as a Tensor: of the Tensor's dtype when its
    numbers fit that dtype's kind (as a Python number would), else of its own."""
    if not isinstance(other, (list, tuple)):
        return other
    values = np.asarray(other)
    fits = values.dtype.kind in "biu" or (values.dtype.kind == "f" and self.is_floating_point())
    return Tensor(values, dtype=self.dtype if fits else None)


_add_scaled = functional(M.add_scaled)
_sub_scaled = functional(M.sub_scaled)


def add(self, other, *, alpha=1):
    """`Tensor.add`: self + alpha * other (a list or tuple `other` is a Tensor of self's
    dtype, as MindSpore makes it); with an alpha, MindSpore's AddExt and its checks on alpha's
    type (math_ops.add_scaled)."""
    other = _sequence_operand(self, other)
    if alpha.__class__ is int and alpha == 1:  # (`type` is Tensor.type here)
        return M.add(self, other)
    return _add_scaled(self, other, alpha)


def choose(self, choices, mode="clip"):
    """`Tensor.choose(choices, mode='clip')`: NumPy's choose, this Tensor indexing `choices` (a
    Tensor whose first axis holds the choices, or a sequence of Tensors), broadcast together;
    an index out of range wraps (`mode='wrap'`) or is clipped (any other mode, as MindSpore)."""
    if isinstance(choices, (tuple, list)):
        arrays = [c._data if isinstance(c, Tensor) else jnp.asarray(c) for c in choices]
    else:
        arrays = choices._data if isinstance(choices, Tensor) else jnp.asarray(choices)
    return _wrap(jnp.choose(self._data, arrays, mode="wrap" if mode == "wrap" else "clip"))


def round(self, decimals=0):  # noqa: A001
    """`Tensor.round(decimals=0)`: `ops.round(self, decimals=decimals)` (MindSpore's CPU and
    GPU kernels take only decimals=0; msjax rounds to any number of decimals)."""
    return M.round(self, decimals=decimals)


def sub(self, other, *, alpha=1):
    """`Tensor.sub`: self - alpha * other; with an alpha, MindSpore's SubExt and its checks on
    alpha's type (math_ops.sub_scaled). A list or tuple `other` as `add`'s."""
    other = _sequence_operand(self, other)
    if alpha.__class__ is int and alpha == 1 and self.dtype != mstype.bool_:  # (`type` is
        return M.sub(self, other)  # Tensor.type here; SubExt takes Bool: its exclusive or)
    return _sub_scaled(self, other, alpha)


def subtract(self, other, *, alpha=1):
    """`Tensor.subtract(other, *, alpha=1)`: MindSpore's SubExt, `self - alpha * other` in the
    operands' promoted dtype with its checks on alpha's type (math_ops.sub_scaled); Bool
    operands give their exclusive or. (`ops.subtract` is the two operators one after the
    other.)"""
    if isinstance(other, (list, tuple)):
        raise TypeError(f"subtract(): argument 'other' (position 1) must be Tensor, not "
                        f"{other.__class__.__name__}.")
    return _sub_scaled(self, other, alpha)


def topk(self, k, dim=-1, largest=True, sorted=True):  # noqa: A002
    return OPS["topk"](self, k, dim, largest, sorted)


def count_nonzero(self, axis=(), keep_dims=False, dtype=mstype.int32, *, dim=None):
    """`Tensor.count_nonzero(axis=(), keep_dims=False, dtype=mstype.int32)`: MindSpore's CPU
    function, every argument optional (and by keyword); `dim` is its Ascend overload's name
    for the axes."""
    return R.count_nonzero(self, () if dim is None and axis is None else (
        axis if dim is None else dim), keep_dims, dtype)


def narrow(self, axis=None, start=None, length=None, *, dim=None):
    return OPS["narrow"](self, axis if dim is None else dim, start, length)


def unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002
    """`Tensor.unique`: the sorted distinct values, and optionally the inverse indices and the
    counts (NumPy's `unique`; eager only, as the output size depends on the values)."""
    result = np.unique(self.asnumpy(), return_inverse=return_inverse,
                       return_counts=return_counts, axis=dim)
    if not (return_inverse or return_counts):
        return Tensor(result)
    values, *extra = result
    extra = [Tensor(e.reshape(self.shape) if return_inverse and i == 0 and dim is None else e)
             for i, e in enumerate(extra)]
    return (Tensor(values), *extra)


def value(self):
    """`Tensor.value()`: the value as a Tensor (of a Parameter: a plain Tensor)."""
    return _wrap(self._data)


def select(self, dim, index):
    """`Tensor.select(dim, index)`: the slice at `index` along `dim`, without that dimension;
    the older overload `select(condition, y)` (a Tensor first): this Tensor where `condition`
    holds, else `y`."""
    if isinstance(dim, Tensor):
        if isinstance(index, (int, float)):  # a number `y` needs this Tensor of its own kind
            kind, dtype = ("float", mstype.float32) if isinstance(index, float) else (
                "int", mstype.int32)  # (a bool is an int here)
            if self.dtype != dtype:
                raise TypeError(f"For 'Tensor.select', if the argument 'y' is {kind}, then the "
                                f"tensor type should be {kind}32 but got {self.dtype}")
        return A.select(dim, self, index)
    result = _wrap(jnp.take(self._data, index, axis=dim))
    strided_views.record(result, strided_views.selected(strided_views.layout_of(self), dim, index))
    return result


def approximate_equal(self, other, tolerance=1e-05):
    """`Tensor.approximate_equal(other, tolerance=1e-05)`: `ops.approximate_equal`."""
    return OPS["approximate_equal"](self, other, tolerance)


def reverse_sequence(self, seq_lengths, seq_dim=0, batch_dim=0):
    """`Tensor.reverse_sequence(seq_lengths, seq_dim=0, batch_dim=0)`: `ops.reverse_sequence`."""
    return OPS["reverse_sequence"](self, seq_lengths, seq_dim, batch_dim)


def _tensor_scatter(name: str):
    def method(self, indices, updates):
        return OPS[f"tensor_scatter_{name}"](self, indices, updates)
    method.__name__ = method.__qualname__ = f"scatter_{name}"
    method.__doc__ = (f"`Tensor.scatter_{name}(indices, updates)`: "
                      f"`ops.tensor_scatter_{name}(self, indices, updates)`.")
    return method


def new_empty(self, size, *, dtype=None, device=None):
    """`Tensor.new_empty(size, *, dtype=None, device=None)`: a Tensor of that shape and dtype
    (this Tensor's by default) whose values MindSpore leaves uninitialised; msjax's are zeros."""
    return A.zeros((size,) if isinstance(size, int) else tuple(size),
                   self.dtype if dtype is None else dtype)


def multiply(self, value):
    return M.mul(self, value)


def searchsorted(self, v, side="left", sorter=None):
    return OPS["searchsorted"](self, v, side=side, sorter=sorter)


def _device(self) -> str:
    """`Tensor.device`: the platform holding the value, in MindSpore's spelling ("CPU", "GPU")."""
    devices = getattr(self._data, "devices", None)
    try:
        platform = next(iter(devices())).platform
    except (TypeError, StopIteration, AttributeError):  # a tracer: the default backend
        import jax
        platform = jax.default_backend()
    return platform.upper()


def std(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None):
    """`Tensor.std(axis=None, ddof=0, keepdims=False)`, or, named by its keywords, the overload
    `std(dim=None, *, correction, keepdim=False)`, whose `correction` is 0 when not given, as
    MindSpore 2.10's CPU kernel takes it (its signature says 1)."""
    return R.std(self, axis if dim is None else dim, ddof if correction is None else correction,
                 keepdims if keepdim is None else keepdim)


def var(self, axis=None, ddof=0, keepdims=False):
    return R.var(self, axis, ddof, keepdims)


def cumsum(self, axis=None, dtype=None, *, dim=None):
    axis = axis if dim is None else dim
    return R.cumsum(self.reshape(-1) if axis is None else self, 0 if axis is None else axis, dtype)


def cumprod(self, dim, dtype=None):
    return R.cumprod(self, dim, dtype)


def norm(self, ord=None, dim=None, keepdim=False, *, dtype=None):  # noqa: A002
    return R.norm(self, ord, dim, keepdim, dtype=dtype)


def clip(self, min=None, max=None):  # noqa: A002
    return M.clamp(self, min, max)


def ptp(self, axis=None, keepdims=False):
    return R.amax(self, axis, keepdims) - R.amin(self, axis, keepdims)


def split(self, split_size_or_sections=None, axis=0, *, split_size=None, dim=None):
    sizes = split_size_or_sections if split_size is None else split_size
    return A.split(self, sizes, axis if dim is None else dim)


def view(self, *shape):
    """`Tensor.view(*shape)`, or `Tensor.view(dtype)`: the same bytes read as `dtype` (not a
    cast: Int64 [1, 2] viewed as Int32 is [1, 0, 2, 0]), the last axis scaled by the ratio of
    the item sizes."""
    if len(shape) == 1 and not isinstance(shape[0], (int, tuple, list)):
        return _view_as_dtype(self._data, mstype.to_numpy_dtype(shape[0]))
    return A.reshape(self, _varargs_shape(shape))


def _view_as_dtype(data, dtype):
    old, new = np.dtype(data.dtype).itemsize, np.dtype(dtype).itemsize
    if old == new:
        return _wrap(jax.lax.bitcast_convert_type(data, dtype))
    if data.ndim == 0 or (new > old and data.shape[-1] % (new // old)):
        raise ValueError(f"For 'Tensor.view', the last dimension of a {data.dtype} Tensor of "
                         f"shape {tuple(data.shape)} cannot be viewed as {np.dtype(dtype)}: "
                         f"it must be a multiple of {new // old}.")
    if new < old:  # each item becomes old // new items, side by side in the last axis
        pieces = jax.lax.bitcast_convert_type(data, dtype)
        return _wrap(pieces.reshape(data.shape[:-1] + (data.shape[-1] * (old // new),)))
    grouped = data.reshape(data.shape[:-1] + (data.shape[-1] // (new // old), new // old))
    return _wrap(jax.lax.bitcast_convert_type(grouped, dtype))


def view_as(self, other):
    return A.reshape(self, other.shape)


def ravel(self):
    result = A.ravel(self)
    strided_views.record_reshape(self, result)  # (a view in MindSpore, as `view`)
    return result


def repeat(self, repeats, axis=None):
    return A.repeat_elements(self.reshape(-1) if axis is None else self, repeats,
                             0 if axis is None else axis)


def take(self, indices, axis=None, mode="clip"):
    data = self.reshape(-1) if axis is None else self
    return A.gather(data, indices, 0 if axis is None else axis)


def diagonal(self, offset=0, axis1=0, axis2=1):
    return A.diagonal(self, offset, axis1, axis2)


def trace(self, offset=0, axis1=0, axis2=1, dtype=None):
    """`Tensor.trace`: the sum of the diagonal, as MindSpore's Tracev2 gives it: integers summed
    as Int64, Bools to a Bool (whether any diagonal entry is True), in `dtype` where given."""
    data = self._data
    if data.ndim < 2:
        raise RuntimeError(f"For Primitive[Tracev2], the dim of input 'x' should greater or equal "
                           f"to 2, but got 'x' at {data.ndim}-dimention")
    kind = data.dtype.kind
    out = jnp.trace(data, offset, axis1, axis2, dtype=np.int64 if kind in "biu" else None)
    out = out != 0 if kind == "b" else out
    return _wrap(out if dtype is None else out.astype(mstype.to_numpy_dtype(dtype)))


def fill(self, value):
    return A.full_like(self, value)


def new_zeros(self, size, dtype=None):
    """`Tensor.new_zeros(size, dtype=None)`: zeros of `size` (an int, or a tuple or list of
    them), in `dtype` (a MindSpore dtype) or this Tensor's; MindSpore's TypeErrors otherwise."""
    if isinstance(size, Tensor):
        raise TypeError("new_zeros(): argument 'size' (position 1) must be tuple of int, not "
                        "Tensor.")
    if dtype is not None and not isinstance(dtype, mstype.Type):
        raise TypeError(f"new_zeros(): argument 'dtype' (position 2) must be mstype, not "
                        f"{dtype.__class__.__name__}.")
    return A.zeros(size, dtype or self.dtype)


def new_ones(self, size, dtype=None):
    """`Tensor.new_ones(size, dtype=None)`: ones of `size`, in `dtype` or this Tensor's."""
    return A.ones(size, dtype or self.dtype)


def where(self, condition, y):
    return A.where(condition, self, y)


def type(self, dtype=None):  # noqa: A001
    return str(self.dtype) if dtype is None else self.astype(dtype)


def dim(self):
    return self.ndim


def numel(self):
    return self.size


def _cast_to(dtype):
    def method(self):
        return self.astype(dtype)
    return method


def _in_place(fn):
    """`x.add_(y)`: compute, then store into this Tensor (a Parameter goes through its setter)."""
    def method(self, *args, **kwargs):
        self._data = fn(self, *args, **kwargs)._data.astype(self._data.dtype)
        tensor_hooks.forget_hooks(self)
        written(self)  # (nothing for a Tensor in no view relation)
        return self
    return method


def requires_grad_(self, requires_grad=True):
    """`Tensor.requires_grad_(requires_grad=True)`: on a Parameter, sets `requires_grad` (what
    `trainable_params` and the optimizers read); returns None, as MindSpore 2.10's.

    On a plain Tensor MindSpore 2.10 sets a flag of its C++ autograd engine that its Python API
    does not show (such a Tensor has no `requires_grad` attribute) and returns None. msjax takes
    gradients of functions with respect to their arguments (`grad`, `value_and_grad`), which
    need no flag on the Tensor, so for a plain Tensor the call returns None and changes nothing.
    """
    if isinstance(self, Parameter):
        self.requires_grad = bool(requires_grad)


def inv(self):
    """`Tensor.inv()`: `ops.inv(self)`, 1 / self elementwise (an Int16/Int32/Int64 Tensor keeps
    its dtype, the quotient truncated toward zero: `Tensor([2, 4]).inv()` is [0, 0])."""
    return M.inv(self)


def data_ptr(self) -> int:
    """`Tensor.data_ptr()`: the address of the Tensor's device buffer (XLA's; for an array on
    one device)."""
    return self._data.unsafe_buffer_pointer()


def storage_offset(self) -> int:
    """`Tensor.storage_offset()`: where the Tensor starts in its storage, in elements: 0 but for
    a view that starts further in (`x[1]` of a (2, 3) `x` starts at 3: core/strided_views.py)."""
    return strided_views.layout_of(self)[2]


def conjugate_transpose(self):
    """`Tensor.H`: a 2-D Tensor transposed and, when complex, conjugated."""
    if self.ndim != 2:
        raise ValueError(f"For tensor.H, only 2-D Tensor is supported, but got {self.ndim}-D.")
    data = self._data.T
    return _wrap(jnp.conj(data) if jnp.iscomplexobj(data) else data)


def uniform(self, from_=0.0, to=1.0, generator=None):
    """`Tensor.uniform(from_=0., to=1., generator=None)`: a new Tensor of this one's shape and
    dtype, drawn uniformly from [from_, to) with the key of `generator`'s state (None: the
    global one, `manual_seed`, `set_seed`). MindSpore 2.10 runs it on Ascend only (its CPU build
    has no UniformExt kernel)."""
    if from_ > to:
        raise TypeError(f"For 'Tensor.uniform', 'from_' must not be larger than 'to', but got "
                        f"from_={from_} and to={to}.")
    import jax
    key = random.generator_key("Tensor.uniform", generator)
    values = jax.random.uniform(key, self._data.shape, jnp.float32, jnp.float32(from_),
                                jnp.float32(to))
    return _wrap(values.astype(self._data.dtype))


_SCATTER_REDUCTIONS = {"none": "set", "add": "add", "multiply": "multiply"}


def scatter_(self, dim, index, src=None, *, value=None, reduce="none"):
    """`Tensor.scatter_(dim, index, src, *, reduce='none')` (or `value` for `src`): writes
    `src[i][j]` (or `value`) into this Tensor at `index` along `dim`, in place, replacing,
    adding (`reduce='add'`) or multiplying (`reduce='multiply'`); returns this Tensor.
    MindSpore 2.10's CPU build has no kernel for it (InplaceScatterSrc / InplaceScatterValue)."""
    if reduce not in _SCATTER_REDUCTIONS:
        raise ValueError(f'Failed to convert the value "{reduce}" of input \'reduce\' of '
                         "'scatter_' to enum.")
    source = value if src is None else src
    indices = index._data
    if isinstance(source, Tensor):
        updates = source._data[tuple(slice(0, n) for n in indices.shape)]
    else:
        updates = jnp.full(indices.shape, source)
    target = self._data.at[scatter_ops.elements_index(indices, dim % self.ndim)]
    self._data = getattr(target, _SCATTER_REDUCTIONS[reduce])(updates.astype(self._data.dtype))
    written(self)  # (nothing for a Tensor in no view relation)
    return self


def zero_(self):
    self._data = jnp.zeros_like(self._data)
    written(self)  # (nothing for a Tensor in no view relation)
    return self


def copy_(self, src, non_blocking=False):
    self._data = jnp.broadcast_to(jnp.asarray(src._data if isinstance(src, Tensor) else src,
                                              self._data.dtype), self._data.shape)
    written(self)  # (nothing for a Tensor in no view relation)
    return self


def fill_diagonal(self, fill_value, wrap=False):
    """`Tensor.fill_diagonal(fill_value, wrap=False)`: NumPy's fill_diagonal: the main diagonal
    (all dimensions equal beyond 2-D); a tall matrix's restarts every ncols + 1 rows when
    `wrap`."""
    return _wrap(A.filled_diagonal(self._data, fill_value, wrap))


def resize(self, *new_shape):
    """`Tensor.resize`: the values in row-major order, cut or padded with zeros to the shape."""
    new_shape = tuple(_varargs_shape(new_shape))
    flat = self._data.reshape(-1)
    size = int(np.prod(new_shape))
    flat = flat[:size] if flat.size >= size else jnp.pad(flat, (0, size - flat.size))
    return _wrap(flat.reshape(new_shape))


_CASTS = {"float": mstype.float32, "half": mstype.float16, "double": mstype.float64,
            "int": mstype.int32, "long": mstype.int64, "bool": mstype.bool_}


def qr(self, some=True):
    """`Tensor.qr(some=True)`: `ops.qr` with mode 'reduced' (`some`) or 'complete'."""
    return L.qr(self, "reduced" if some else "complete")


def float_power(self, other):
    """`Tensor.float_power(other)`: `ops.float_power(self, other)` (MindSpore names the method's
    parameter `other`, the function's `exponent`)."""
    return M.float_power(self, other)


def true_divide(self, other):
    """`Tensor.true_divide(other)`: `ops.true_divide(self, other)`."""
    return M.true_divide(self, other)


def nansum(self, axis=None, keepdims=False, *, dtype=None):
    """`Tensor.nansum(axis=None, keepdims=False, *, dtype=None)`: `ops.nansum`; an empty `axis`
    sums all axes. (MindSpore 2.10's `dim`/`keepdim` overload is Ascend's: its CPU build takes
    neither keyword.)"""
    return R.nansum(self, None if axis == () else axis, keepdims, dtype=dtype)


_METHODS = dict(qr=qr, nansum=nansum, float_power=float_power, true_divide=true_divide, 
    reshape=reshape, transpose=transpose, permute=permute, squeeze=squeeze, flatten=flatten,
    expand=expand, expand_as=expand_as, sum=sum, prod=prod, mean=mean, max=max, min=min,
    amax=R.amax, amin=R.amin, argmax=argmax, argmin=argmin, all=all, any=any, std=std, var=var,
    cumsum=cumsum, cumprod=cumprod, norm=norm, clip=clip, ptp=ptp, split=split, view=view,
    view_as=view_as, ravel=ravel, repeat=repeat, take=take, diagonal=diagonal, trace=trace,
    fill=fill, new_zeros=new_zeros, new_ones=new_ones, where=where, type=type, dim=dim,
    numel=numel, nelement=numel, zero_=zero_, copy_=copy_, fill_diagonal=fill_diagonal,
    resize=resize, abs_=_in_place(M.abs), index_select=index_select, t=t, stride=stride,
    is_floating_point=is_floating_point, type_as=type_as, top_k=top_k, reverse=reverse,
    diff=diff, multiply=multiply, searchsorted=searchsorted, value=value, select=select,
    median=median, remainder=remainder,
    broadcast_to=broadcast_to, chunk=chunk, gather=gather, matmul=matmul,
    repeat_interleave=repeat_interleave, scatter=scatter, sort=sort, add=add, sub=sub, topk=topk,
    subtract=subtract,
    round=round, choose=choose,
    count_nonzero=count_nonzero, narrow=narrow, unique=unique,
    absolute=M.abs, fill_=_in_place(lambda self, value: A.full_like(self, value)),
    add_=_in_place(add), sub_=_in_place(sub), mul_=_in_place(M.mul), div_=_in_place(M.div),
    floor_divide_=_in_place(M.floor_divide), remainder_=_in_place(remainder),
    exp_=_in_place(M.exp), reverse_sequence=reverse_sequence, new_empty=new_empty,
    approximate_equal=approximate_equal,
    **{f"scatter_{name}": _tensor_scatter(name) for name in ("div", "max", "min", "mul", "sub")},
    clamp_=_in_place(M.clamp), bitwise_not=M.invert, allclose=M.allclose,
    requires_grad_=requires_grad_, inv=inv, uniform=uniform, scatter_=scatter_,
    data_ptr=data_ptr, storage_offset=storage_offset,
)
_METHODS.update({name: _cast_to(t) for name, t in _CASTS.items()})
_METHODS.update(to_coo=dense_to_coo, to_csr=dense_to_csr)  # (core/sparse_tensor.py)


# Methods that are the op of the same name with the Tensor as its first argument (MindSpore 2.10's
# Tensor method takes the op's other parameters, by the same names: reference/mindspore_2.10.0_api
# .json; `arccosh`, `arcsinh`, `arctanh` are the `acosh` family's NumPy names).
_SAME_AS_OPS = (
    "addbmm", "adjoint", "aminmax", "arccosh", "arcsinh", "arctanh", "bitwise_left_shift",
    "bitwise_right_shift", "cholesky", "cholesky_inverse",
    "cholesky_solve", "cov", "diagflat",
    "diagonal_scatter", "dsplit", "eigvals", "fills", "fold", "gather_nd", "gcd", "ger",
    "hardshrink", "heaviside", "histc", "hsplit", "i0", "igamma", "igammac", "index_fill",
    "isreal", "lcm", "ldexp", "log_matrix_determinant", "logcumsumexp", "logdet", "lstsq",
    "lu_solve", "matrix_determinant", "movedim", "msort", "mvlgamma", "nanmean", "nanmedian",
    "nanquantile", "nextafter", "positive", "quantile", "random_categorical", "renorm",
    "select_scatter", "sgn", "slice_scatter", "slogdet", "soft_shrink", "swapdims", "unfold",
    "inplace_update", "unique_consecutive", "unsorted_segment_max", "unsorted_segment_min",
    "unsorted_segment_prod", "vsplit", "xdivy")


# Adapters that make no array themselves, only call ops of the table (which switch 64-bit
# dtypes on themselves): run as they are, a switch a call fewer (`Tensor.sum` is called often)
_OPS_ONLY = frozenset((sum,))


def _with_x64(fn):
    """An adapter run with MindSpore's 64-bit dtypes on (core/x64.py); an op of the table
    (`functional`) switches them on itself, and so do the ops an adapter of `_OPS_ONLY` calls."""
    return fn if hasattr(fn, "impl") or fn in _OPS_ONLY else x64.scoped(fn)


def install() -> None:
    """Put the operators and methods on Tensor (once, at import of msjax), and give its basic
    indexing its eager program (core/tensor.py: core imports no backend)."""
    tensor_module.BASIC_INDEX_PROGRAM.append(eager_jit(
        tensor_module._index_by_key, static_argnames="key", inline_in_traces=True))
    for name, fn in TENSOR_METHODS.items():
        setattr(Tensor, name, fn)
    for name in _SAME_AS_OPS:
        setattr(Tensor, name, OPS[name])
    for name, fn in _METHODS.items():
        setattr(Tensor, name, _with_x64(fn))
    for name, fn in tensor_methods_used.METHODS.items():
        setattr(Tensor, name, _with_x64(fn))
    for name, fn in tensor_storage.METHODS.items():
        setattr(Tensor, name, _with_x64(fn))
    for name, fn in tensor_storage.STATIC_METHODS.items():
        setattr(Tensor, name, staticmethod(_with_x64(fn)))
    for name, fn in tensor_methods_used.PROPERTIES.items():
        setattr(Tensor, name, property(_with_x64(fn)))
    for name, fn in {**_OPERATORS, **_COMPARISONS}.items():
        impl = operator_impl(name, fn.impl)  # the operators' own MindSpore quirks
        fn = fn if impl is fn.impl else functional(impl)
        method = _sparse_aware(fn, _SPARSE_REFLECTED[name]) if name in _SPARSE_REFLECTED else fn
        setattr(Tensor, name, _sequence_and_alpha_aware(method, name.strip("_"))
                if name in _SEQUENCE_OPERAND else method)
        if name in _BITWISE_REFLECTED:  # commutative: `1 & t` is `t & 1`, errors included
            setattr(Tensor, "__r" + name[2:], fn)
        elif name in _SEQUENCE_OPERAND:
            reflected = fn if name in _SELF_FIRST_REFLECTED else _swap(fn)
            setattr(Tensor, "__r" + name[2:], _sequence_aware(reflected))
        elif name in _OPERATORS:
            setattr(Tensor, "__r" + name[2:],
                    fn if name in _SELF_FIRST_REFLECTED else _swap(fn))
    for name, fn in _UNARY.items():
        setattr(Tensor, name, fn)
    for name, (in_place, computed) in _AUGMENTED.items():
        setattr(Tensor, name, _augmented(in_place, computed))
    Tensor.__isub__ = isub
    Tensor.__pos__ = functional(lambda x: x)
    Tensor.data = property(lambda self: self, doc="`Tensor.data`: the Tensor itself.")
    Tensor.device = property(_device)
    Tensor.H = property(x64.scoped(conjugate_transpose))
    Tensor.is_meta = property(lambda self: False, doc="`Tensor.is_meta`: whether the Tensor is "
                              "on MindSpore's meta device (shape and dtype without data); an "
                              "msjax Tensor always holds its array: False.")
    Tensor.init = property(lambda self: None, doc="`Tensor.init`: the Initializer of a Tensor "
                           "made with `init=` and not initialised yet (core/deferred_init.py); "
                           "None for a Tensor that holds its values.")
    Tensor.from_numpy = staticmethod(from_numpy)
    Tensor.register_hook = tensor_hooks.register_hook
    Tensor.hooks = tensor_hooks.hooks
    Tensor.__hash__ = lambda self: id(self)
    # MindSpore's overload errors (ops/overloads.py); an adapter's 64-bit scope (`_with_x64`) is
    # switched in the same frame, one frame and one switch a call fewer
    for name in overloads.method_names():
        if name in vars(Tensor):
            fn = vars(Tensor)[name]
            adapter = x64.unscoped(fn)
            setattr(Tensor, name, overloads.resolved(name, adapter or fn,
                                                     x64_scope=adapter is not None))
    for name in overloads.single_names():
        if name in vars(Tensor):
            fn = vars(Tensor)[name]
            adapter = x64.unscoped(fn)
            method = overloads.counted(name, adapter or fn, x64_scope=adapter is not None)
            if overloads.positional_count(name) == 0:  # `x.abs()`: the op's program in one frame
                method = one_program_method(fn, method) or method
            setattr(Tensor, name, method)
    for name, result in (("__eq__", False), ("__ne__", True)):
        setattr(Tensor, name, _comparable_operands_only(vars(Tensor)[name], result))


_COMPARED_OPERANDS = (int, float, Tensor, jax.Array, np.ndarray, np.generic)


def _comparable_operands_only(method, result: bool):
    """MindSpore's `t == other` / `t != other`: an `other` that is not a Python int or float (bool
    included) or a Tensor (a string, None, a list, a NumPy array or scalar, a dtype) is not
    compared: `==` is False and `!=` True, in PyNative mode and under `jit` alike. msjax
    compares with a `jax.Array` too, and with a NumPy array or scalar elementwise, as NumPy's
    `ndarray == t` does (and a traced `ndarray == t` through this method: docs/migration.md)."""
    def compare(self, other):
        if isinstance(other, _COMPARED_OPERANDS):
            return method(self, other)
        return result
    compare.__name__ = compare.__qualname__ = method.__name__
    compare.__doc__ = method.__doc__
    return compare
