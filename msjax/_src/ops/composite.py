"""Graph-mode composite ops: `MultitypeFuncGraph`, `HyperMap`, `Map`, `partial`.

In msjax these are plain Python run while tracing, so their dispatch costs nothing at run time.
Type names follow MindSpore's registration strings: 'Tensor', 'Number', 'Int', 'Float', 'Bool',
'Tuple', 'List', 'Dict', 'String', 'None', 'Function', or MindSpore dtypes.
"""
from __future__ import annotations

import functools

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor
from msjax._src.core.state import tracing_depth

_TYPE_CHECKS = {
    "Tensor": lambda x: isinstance(x, Tensor),
    "Number": lambda x: isinstance(x, (int, float)) and not isinstance(x, Tensor),
    "Int": lambda x: isinstance(x, int) and not isinstance(x, bool),
    "Float": lambda x: isinstance(x, float),
    "Bool": lambda x: isinstance(x, bool),
    "Tuple": lambda x: isinstance(x, tuple),
    "List": lambda x: isinstance(x, list),
    "Dict": lambda x: isinstance(x, dict),
    "String": lambda x: isinstance(x, str),
    "None": lambda x: x is None,
    "Function": callable,
}


def _type_check(type_input):
    if isinstance(type_input, str):
        if type_input in _TYPE_CHECKS:
            return _TYPE_CHECKS[type_input]
        dtype = mstype.to_mstype(type_input)
    elif isinstance(type_input, mstype.Type):
        dtype = type_input
    else:
        raise TypeError("For 'MultitypeFuncGraph', register only support str or "
                        f"{mstype.Type}, but got 'type_input': {type_input}.")
    return lambda x: isinstance(x, Tensor) and x.dtype is dtype


def _type_name(x) -> str:
    if isinstance(x, Tensor):
        return f"Tensor[{x.dtype}]"
    return {bool: "Bool", int: "Int64", float: "Float32", str: "String", tuple: "Tuple",
            list: "List", dict: "Dict", type(None): "None"}.get(type(x), type(x).__name__)


class MultitypeFuncGraph:
    """`ops.MultitypeFuncGraph(name, read_value=False)`: dispatch on argument types; the first
    registered match wins."""

    def __init__(self, name, read_value=False):
        self.name = name
        self.entries = []
        self.default_func = None

    def register(self, *type_names):
        checks = tuple(_type_check(t) for t in type_names)

        def deco(fn):
            self.entries.append((type_names, checks, fn))
            return fn
        return deco

    def __call__(self, *args):
        if callable(self.default_func):
            return self.default_func(*args)
        for arg in args:
            if isinstance(arg, np.ndarray):
                raise TypeError("For 'MultitypeFuncGraph', the input can not be numpy.ndarray")
        if len(self.entries) == 1:
            return self.entries[0][2](*args)
        for _, checks, fn in self.entries:
            if len(checks) == len(args) and all(c(a) for c, a in zip(checks, args)):
                return fn(*args)
        sigs = [(names, fn) for names, _, fn in self.entries]
        raise ValueError(f"For 'MultitypeFuncGraph', cannot find fn match given args. Got "
                         f"(sigs, fn): {sigs}, and (dtype, args): "
                         f"{tuple(_type_name(a) for a in args)}.")


class HyperMap:
    """`ops.HyperMap(ops=None, reverse=False)`: apply `ops` leaf-wise over nested tuples/lists,
    returning tuples; with `ops=None` the first argument is the function."""

    def __init__(self, ops=None, reverse=False):
        self.ops = ops
        self.reverse = reverse

    def __call__(self, *args):
        func, args_list, hypermap = self.ops, args, self
        if self.ops is None:
            func, args_list = args[0], args[1:]
            hypermap = functools.partial(self, func)
        if not isinstance(args_list[0], (tuple, list)):
            return func(*args_list)
        return tuple(map(hypermap, *args_list))


class Map:
    """`ops.Map(ops=None, reverse=False)`: apply `ops` to the elements of sequences (one level)."""

    def __init__(self, ops=None, reverse=False):
        self.ops = ops
        self.reverse = reverse

    def __call__(self, *args):
        func, args_list = (self.ops, args) if self.ops is not None else (args[0], args[1:])
        return tuple(map(func, *args_list))


def partial(func, *args, **kwargs):
    """`ops.partial(func, *args, **kwargs)`: bind leading arguments and keywords (MindSpore's
    graph mode takes keywords, `ops.partial(add, x=2)(y=3)`; its PyNative mode refuses them, with
    the TypeError below)."""
    if kwargs and not tracing_depth():
        raise TypeError(f"Partial.__call__() got an unexpected keyword argument "
                        f"'{next(iter(kwargs))}'")
    return functools.partial(func, *args, **kwargs)


class Partial:
    """`ops.Partial()`: the Primitive form of `partial`."""

    def __call__(self, func, *args, **kwargs):
        return partial(func, *args, **kwargs)
