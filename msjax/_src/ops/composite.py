"""Graph-mode composite ops: `MultitypeFuncGraph`, `HyperMap`, `Map`, `partial`.

In msjax these are plain Python run while tracing, so their dispatch costs nothing at run time.
`MultitypeFuncGraph.register` takes MindSpore's type names ('Tensor', 'RowTensor', 'Number',
'Int64', 'Tuple', 'Function', ...; msjax/_src/ops/multitype.py) or MindSpore types.
"""
from __future__ import annotations

import functools

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.ops import multitype
from msjax._src.core.tensor import Tensor
from msjax._src.core.state import tracing_depth


class MultitypeFuncGraph:
    """`ops.MultitypeFuncGraph(name, read_value=False)`: dispatch on argument types; the first
    registered match wins."""

    def __init__(self, name, read_value=False):
        self.name = name
        self.entries = []
        self.default_func = None

    def register(self, *type_names):
        """`register(*type_names)`: a decorator; the names are checked when it is applied, as in
        MindSpore (msjax/_src/ops/multitype.py lists them)."""
        def deco(fn):
            signatures = tuple(multitype.parse_type(t) for t in type_names)
            self.entries.append((signatures, fn))
            return fn
        return deco

    def __call__(self, *args):
        if callable(self.default_func):
            return self.default_func(*args)
        for arg in args:
            if isinstance(arg, np.ndarray):
                raise TypeError("For 'MultitypeFuncGraph', the input can not be numpy.ndarray")
        if len(self.entries) == 1:
            return self.entries[0][1](*args)
        types = tuple(multitype.value_type(a) for a in args)
        candidates = [types]
        if tracing_depth() and any(type(a) is float for a in args):
            # MindSpore's graph takes a Python float as a Float32 scalar (and as the Float64 it
            # is to Python when no Float32 signature matches).
            candidates.insert(0, tuple(("number", mstype.float32) if type(a) is float else t
                                       for a, t in zip(args, types)))
        for candidate in candidates:
            for signatures, fn in self.entries:
                if len(signatures) == len(candidate) and all(
                        s.holds(kind, detail) for s, (kind, detail) in zip(signatures, candidate)):
                    return fn(*args)
        raise ValueError(f"For 'MultitypeFuncGraph', cannot find fn match given args. Got "
                         f"(sigs, fn): {self.entries}, and (dtype, args): "
                         f"({', '.join(multitype.describe(*t) for t in types)}).")


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
