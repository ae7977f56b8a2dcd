"""The graph-syntax helper Primitives of `mindspore.ops` that MindSpore 2.10's PyNative mode runs
on Python values: is_, is_not, in_dict, not_in_dict, bool_not, shape_mul, tuple_reversed,
tuple_getitem, list_getitem, list_len, make_list, typeof, reduced_shape, DtypeToEnum, list_equal,
tuple_equal, make_slice, dict_getitem, tuple_setitem, list_setitem, tuple_div, hastype,
tensor_muls, hyper_add, augassign_add/sub/mul/div/floordiv/mod, broadcast_gradient_args,
is_tensor_bool_cond, and tensor_range, tensor_slice and reshape_ (a Range, Slice and Reshape
Primitive's results). Each returns what
MindSpore's does, a Python value (bool_not a Bool Tensor), with its errors
(tests/goldens/scripts/miss17_graph_helpers_probe.py). MindSpore's PyNative kernels of is_,
is_not, make_list and tuple_getitem fail on Tensor arguments; msjax answers as its graph mode
does (docs/migration.md)."""
from __future__ import annotations

import functools
import inspect
import math

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor
from msjax._src.core.type_ids import type_to_type_id
from msjax._src.ops.array_ops import Reshape, Slice
from msjax._src.ops.math_ops import add, div, floor_div, floor_mod, mul, sub
from msjax._src.ops.primitives import Range
from msjax._src.ops.registry import primitive

_RANGE, _SLICE, _RESHAPE = Range(), Slice(), Reshape()


def tensor_range(start, end, step):
    """A Range Primitive's result."""
    return _RANGE(start, end, step)


def tensor_slice(input, begin, size):
    """A Slice Primitive's result."""
    return _SLICE(input, begin, size)


def reshape_(input, shape):
    """A Reshape Primitive's result."""
    return _RESHAPE(input, shape)


def variadic(fn):
    """`fn` with the call signature of MindSpore's graph-syntax function objects, `(*args)`: its
    arguments by position only."""
    @functools.wraps(fn)
    def call(*args):
        return fn(*args)
    call.__signature__ = inspect.Signature(
        [inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL)])
    return call


def typeof(x):
    """MindSpore's type of a value: `mindspore.tensor[float32]` for a Tensor, `int64`,
    `float32` and `bool` for Python numbers, `tuple_`/`list_` for sequences."""
    if isinstance(x, Tensor):
        return mstype.TensorType(x.dtype)
    for kind, answer in ((bool, mstype.bool_), (int, mstype.int64), (float, mstype.float32),
                         (tuple, mstype.tuple_), (list, mstype.list_)):
        if isinstance(x, kind):
            return answer
    raise TypeError(f"For 'typeof', the input {x!r} has no MindSpore type msjax knows.")


def _abstract(value) -> str:
    """MindSpore's name of a Python value's abstract type in its messages: `List[String]`,
    `List[Int64*2]`."""
    if isinstance(value, (list, tuple)):
        kinds = [_abstract(v) for v in value]
        inner = (kinds[0] if len(kinds) == 1 else f"{kinds[0]}*{len(kinds)}") \
            if kinds and len(set(kinds)) == 1 else ", ".join(kinds)
        return f"{'List' if isinstance(value, list) else 'Tuple'}[{inner}]"
    if isinstance(value, dict):
        return "Dictionary"
    if isinstance(value, str):
        return "String"
    if isinstance(value, Tensor):
        return f"Tensor[{value.dtype}]"
    return str(typeof(value)).replace("mindspore.", "").capitalize()


def _require(name, position, value, kind, shown):
    if not isinstance(value, kind):
        raise TypeError(f"For '{name}', input[{position}] should be {shown}, but got "
                        f"{_abstract(value)}.")


def is_(x, y):
    """`x is y`."""
    return x is y


def is_not(x, y):
    """`x is not y`."""
    return x is not y


def in_dict(key, dictionary):
    """Whether `key` is a key of the dict `dictionary`."""
    _require("in_dict", 1, dictionary, dict, "Dictionary")
    return key in dictionary


def not_in_dict(key, dictionary):
    """Whether `key` is not a key of the dict `dictionary`."""
    _require("not_in_dict", 1, dictionary, dict, "Dictionary")
    return key not in dictionary


def bool_not(x):
    """The negation of a bool (or a Bool Tensor), as a 0-D Bool Tensor."""
    value = bool(x.asnumpy()) if isinstance(x, Tensor) else x
    return Tensor(np.array(not value))


def shape_mul(input_data):
    """The product of the entries of the tuple `input_data` (1 for an empty one)."""
    if not isinstance(input_data, tuple):
        raise ValueError("For primitive [shape_mul], input must be tuple")
    return math.prod(input_data) if input_data else 1


def tuple_reversed(data):
    """The tuple `data` reversed."""
    _require("tuple_reversed", 0, data, tuple, "Tuple")
    return data[::-1]


def _item(name, data, index):
    if not -len(data) <= index < len(data):
        raise IndexError(f"{name} evaluator index should be in range[{-len(data)}, {len(data)}), "
                         f"but got {index}.")
    return data[index]


def tuple_getitem(data, index):
    """`data[index]` of a tuple."""
    return _item("TupleGetItem", data, index)


def list_getitem(data, index):
    """`data[index]` of a list."""
    return _item("list_getitem", data, index)


def list_len(data):
    """The length of a list (or tuple)."""
    return len(data)


def make_list(*elements):
    """The list of the arguments."""
    return list(elements)


def reduced_shape(shape, axes):
    """`shape` with each axis of `axes` (negative ones counted from the end) set to 1; every
    axis when `axes` is empty."""
    axes = {a % len(shape) for a in axes} if axes else set(range(len(shape)))
    return tuple(1 if i in axes else d for i, d in enumerate(shape))


def _dtype_to_enum(op_name, arg_name, dtype):
    """MindSpore's type id of `dtype` (`mindspore.float32` -> 43)."""
    if not isinstance(dtype, mstype.Type):
        raise TypeError(f"For '{op_name}', the input '{arg_name}' should be mindspore dtype, but "
                        f"got {dtype}.")
    return type_to_type_id(dtype)


DtypeToEnum = primitive("DtypeToEnum", _dtype_to_enum)


def list_equal(x, y):
    """Whether two lists are equal."""
    return x == y


def tuple_equal(x, y):
    """Whether two tuples are equal."""
    return x == y


def make_slice(start, stop, step):
    """`slice(start, stop, step)`."""
    return slice(start, stop, step)


def dict_getitem(dictionary, key):
    """`dictionary[key]`; MindSpore's ValueError for a missing key."""
    if key not in dictionary:
        raise ValueError(f"The key {key} does not exist in the dict:{dictionary}")
    return dictionary[key]


def _set_item(name, data, index, value):
    if not -len(data) <= index < len(data):
        raise IndexError(f"{name} evaluator the index: {index} to set out of range: "
                         f"[{-len(data)},{len(data) - 1}].")
    changed = list(data)
    changed[index] = value
    return changed


def tuple_setitem(data, index, value):
    """A copy of the tuple `data` with `value` at `index`."""
    return tuple(_set_item("tuple_setitem", data, index, value))


def list_setitem(data, index, value):
    """A copy of the list `data` with `value` at `index`."""
    return _set_item("list_setitem", data, index, value)


def tuple_div(dividend, divisor):
    """The quotients of two tuples of ints, each of which must divide exactly."""
    if len(dividend) != len(divisor):
        raise RuntimeError("The size of inputs of 'tuple_div' operator must be the same, but the "
                           f"size of divisor tuple is {len(divisor)}, the size of dividend tuple "
                           f"is {len(dividend)}.")
    for a, b in zip(dividend, divisor):
        if a % b:
            raise RuntimeError("The inputs of 'tuple_div' operator should be divisible, but they "
                               f"are not divisible now, the dividend is {a}, the divisor is {b}.")
    return tuple(a // b for a, b in zip(dividend, divisor))


def hastype(x, type_):
    """Whether `x`'s MindSpore type is `type_` (any Tensor has `mindspore.tensor_type`)."""
    if type_ is mstype.tensor_type:
        return isinstance(x, Tensor)
    return typeof(x) == type_


def tensor_muls(input, other):
    """`input * other` (ops.mul's promotion: an integer Tensor times a float is Float32)."""
    return mul(input, other)


def hyper_add(x, y):
    """`x + y`, element by element through nested tuples and lists (a HyperMap of add)."""
    if isinstance(x, (tuple, list)):
        return type(x)(hyper_add(a, b) for a, b in zip(x, y))
    if isinstance(x, Tensor) or isinstance(y, Tensor):
        return add(x, y)
    return x + y


def _augmented(operator, tensor_op, checked=False):
    """The augmented assignment `x op= y` of the graph syntax: `tensor_op` where a Tensor is
    involved, Python's `operator` otherwise. MindSpore's `/=` and `//=` of two Tensors test the
    divisor's truth first, so a divisor of more than one element is refused (`checked`)."""
    def augmented(x, y):
        if not (isinstance(x, Tensor) or isinstance(y, Tensor)):
            return operator(x, y)
        if checked and isinstance(x, Tensor) and isinstance(y, Tensor) and y.size != 1:
            raise ValueError(f"The tensor should have only one element, but got {y.size}, more "
                             "than one element is ambiguous.")
        return tensor_op(x, y)
    return augmented


augassign_add = _augmented(lambda x, y: x + y, add)
augassign_sub = _augmented(lambda x, y: x - y, sub)
augassign_mul = _augmented(lambda x, y: x * y, mul)
augassign_div = _augmented(lambda x, y: x / y, div, checked=True)
augassign_floordiv = _augmented(lambda x, y: x // y, floor_div, checked=True)
augassign_mod = _augmented(lambda x, y: x % y, floor_mod)


def broadcast_gradient_args(x_shape, y_shape):
    """The axes each of two broadcast shapes was expanded along (its gradient's reduction
    axes), in the broadcast result's numbering."""
    rank = max(len(x_shape), len(y_shape))
    padded = [(1,) * (rank - len(s)) + tuple(s) for s in (x_shape, y_shape)]
    out = [max(a, b) for a, b in zip(*padded)]
    return tuple(tuple(i for i in range(rank) if (i < rank - len(s)) or (p[i] == 1 and out[i] != 1))
                 for s, p in zip((x_shape, y_shape), padded))


def is_tensor_bool_cond(x):
    """Whether a condition is a Tensor (the graph syntax turns it into a tensor branch)."""
    return isinstance(x, Tensor)


# MindSpore's are MultitypeFuncGraph or Primitive objects called `(*args)`
is_ = variadic(is_)
is_not = variadic(is_not)
in_dict = variadic(in_dict)
not_in_dict = variadic(not_in_dict)
bool_not = variadic(bool_not)
tuple_reversed = variadic(tuple_reversed)
tuple_getitem = variadic(tuple_getitem)
list_getitem = variadic(list_getitem)
list_len = variadic(list_len)
make_list = variadic(make_list)
typeof = variadic(typeof)
reduced_shape = variadic(reduced_shape)
list_equal = variadic(list_equal)
tuple_equal = variadic(tuple_equal)
make_slice = variadic(make_slice)
dict_getitem = variadic(dict_getitem)
tuple_setitem = variadic(tuple_setitem)
list_setitem = variadic(list_setitem)
tuple_div = variadic(tuple_div)
hastype = variadic(hastype)
hyper_add = variadic(hyper_add)
augassign_add = variadic(augassign_add)
augassign_sub = variadic(augassign_sub)
augassign_mul = variadic(augassign_mul)
augassign_div = variadic(augassign_div)
augassign_floordiv = variadic(augassign_floordiv)
augassign_mod = variadic(augassign_mod)
broadcast_gradient_args = variadic(broadcast_gradient_args)
is_tensor_bool_cond = variadic(is_tensor_bool_cond)
