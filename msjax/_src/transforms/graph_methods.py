"""Methods and attributes of Python values in a compiled function, with MindSpore's graph errors.

MindSpore's graph compiler evaluates `list.insert`, `tuple.index`, `list.index` and
`dict.fromkeys` itself (its ListInplaceInsert, SequenceIndex and dict operations) and refuses some
calls Python accepts, or words the refusal its own way (tests/goldens/scripts/
gs19_graph_methods_probe.py):

- `lst.insert(i, x)` needs an int index: a float, bool or str index raises TypeError "The second
  input to ListInplaceInsert must be int scalar but got FP32Imm" (BoolImm, StringImm); at the
  STRICT syntax level "Integer argument expected, but got FP32Imm type value: 1";
- `seq.index(x)` of a value not in the sequence raises ValueError "5 is not in ..." (the value
  as the graph writes a constant: graph_joined_str.constant_text), and a Tensor never equals a
  number there: `(1, 2).index(Tensor(2))` is not found (a Tensor is found among Tensors);
- `dict.fromkeys(123, v)` raises RuntimeError "Int64 object is not iterable" (a float keeps
  Python's TypeError);
- `seq.count(x)` counts the items equal to `x` and of its type: `[1, 1.0, True].count(1)` is 1,
  `[[1, 2], [1, 2.0]].count([1, 2])` is 1, and a Tensor counts only a Tensor of its dtype, shape
  and values (`[Tensor([1, 2]), Tensor([1, 3])].count(Tensor([1, 2]))` is 1, where Python's `==`
  cannot decide).

The control-flow rewrite calls `control_flow.call` for each call of converted code, which asks
`graph_method` for a bound built-in method; anything else runs as Python's method. It reads each
attribute of converted code through `read_attribute` (but those of a module: `ops.add`):
MindSpore's AttributeError names its own types ("'Int' object has no attribute 'shape'").
"""
from __future__ import annotations

import functools

import numpy as np

from msjax._src.core.deferred_init import UninitializedTensor
from msjax._src.core.tensor import Tensor
from msjax._src.transforms.graph_fallback import in_graph, strict
from msjax._src.transforms.graph_joined_str import constant_text

_IMMEDIATES = {float: "FP32Imm", bool: "BoolImm", str: "StringImm"}  # the graph's scalar kinds


def list_insert(lst, index, obj):
    """`lst.insert(index, obj)` of a compiled function (MindSpore's ListInplaceInsert; at the
    STRICT syntax level its constant folding words the refusal, with the index's value)."""
    kind = _IMMEDIATES.get(type(index))
    if kind is not None and strict():
        raise TypeError(f"Integer argument expected, but got {kind} type value: "
                        f"{constant_text(index)}")
    if kind is not None:
        raise TypeError(f"The second input to ListInplaceInsert must be int scalar but got {kind}")
    lst.insert(index, obj)


def sequence_index(seq, value, *bounds):
    """`seq.index(value[, start[, end]])` of a compiled function (MindSpore's SequenceIndex):
    a Tensor matches only a Tensor, a number only a non-Tensor."""
    start, end, _ = slice(*(bounds + (None,))[:2]).indices(len(seq))
    for position in range(start, end):
        item = seq[position]
        if isinstance(item, Tensor) is isinstance(value, Tensor) and (item is value
                                                                      or item == value):
            return position
    raise ValueError(f"{constant_text(value)} is not in {constant_text(seq)}")


def _constant_equal(a, b) -> bool:
    """Whether the constants `a` and `b` are equal as MindSpore's graph compares them in
    `count`: of one type, Tensors of one dtype, shape and values. A Tensor's values are read:
    the trace folds the Tensors made from constants (graph_fallback.run_folding_when_needed),
    and one computed from the inputs runs the function eagerly."""
    if isinstance(a, Tensor) or isinstance(b, Tensor):
        if not (isinstance(a, Tensor) and isinstance(b, Tensor)):
            return False
        return (a.dtype == b.dtype and a.shape == b.shape
                and bool(np.array_equal(np.asarray(a._data), np.asarray(b._data))))
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_constant_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_constant_equal(a[k], b[k]) for k in a)
    return a == b


def sequence_count(seq, value) -> int:
    """`seq.count(value)` of a compiled function: the items equal to `value` and of its type
    (`_constant_equal`)."""
    return sum(_constant_equal(item, value) for item in seq)


def dict_fromkeys(owner, keys, value=None):
    """`dict.fromkeys(keys, value)` of a compiled function: an int is no iterable of keys."""
    if type(keys) is int:
        raise RuntimeError("Int64 object is not iterable")
    return owner.fromkeys(keys, value)


_METHODS = {(list, "insert"): list_insert, (list, "index"): sequence_index,
            (tuple, "index"): sequence_index, (list, "count"): sequence_count,
            (tuple, "count"): sequence_count, (type, "fromkeys"): dict_fromkeys}


def graph_method(bound):
    """The graph-mode form of the bound built-in method `bound` of a list, tuple or dict (the
    class itself for `dict.fromkeys`), or None when it has none."""
    owner = getattr(bound, "__self__", None)
    method = _METHODS.get((type(owner), getattr(bound, "__name__", None)))
    if method is None or (method is dict_fromkeys and not issubclass(owner, dict)):
        return None
    return functools.partial(method, owner)


# MindSpore's names of Python's types in "'Int' object has no attribute 'shape'".
_TYPE_NAMES = {int: "Int", float: "Float", bool: "Bool", str: "String", tuple: "Tuple",
               list: "List", dict: "Dictionary"}


def read_attribute(owner, name):
    """`owner.name` read in a compiled function. A number, string, tuple, list, dict or
    namedtuple without that attribute raises AttributeError with MindSpore's name of its type
    ("'Int' object has no attribute 'shape'", 'NamedTuple' for any namedtuple); any other
    error is Python's. A Tensor made with `init=` and not initialised (`self.t =
    initializer('one', ...)`) is, in a graph-mode program, the constant of its storage, which
    is not filled: zeros, as MindSpore's graph reads it (core/deferred_init.py)."""
    try:
        value = getattr(owner, name)
    except AttributeError as error:
        kind = type(owner)
        graph_name = ("NamedTuple" if issubclass(kind, tuple) and hasattr(kind, "_fields")
                      else _TYPE_NAMES.get(kind))
        if graph_name is None or error.obj is not owner or error.name != name:
            raise
        raise AttributeError(f"'{graph_name}' object has no attribute '{name}'") from None
    if type(value) is UninitializedTensor and in_graph():
        return value._storage()
    return value
