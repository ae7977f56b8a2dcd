"""MindSpore's checks of an op's inputs, made where msjax registers the op.

MindSpore checks an op's input dtypes and shapes before it runs (its C++ type and shape
inference, or the Python of a functional op) and raises its own exception and message; msjax's
implementations would compute in a promoted dtype, broadcast, or fail in JAX's words instead.
Two tables say what MindSpore checks: `dtype_rules.RULES` and `shape_rules.RULES`, each keyed by
the name msjax registers the op under (a functional op of `registry.op`/`tensor_op`, or a
Primitive class of `registry.primitive`). The registry wraps an op that has rules with
`checked`; no op checks them in its own code.

A rule is a list of checks, in MindSpore's order. A check is a function of the checked
arguments' descriptions (by position, or by parameter name for a keyword argument such as a
Primitive's attribute) that raises MindSpore's error or returns None. A check declares `keys`
(what it reads) and `level`: `DTYPE` (a dtype check sees an array's NumPy dtype) or `SHAPE` (it
sees `Aval(dtype, shape)`, and Python values such as axes and shape tuples as they are).

The checks run once per description of the inputs: `checked` keeps the descriptions that passed
(at most `PASSED_LIMIT`), so a later call with one of them pays one tuple and one set lookup.
"""
from __future__ import annotations

import functools
import inspect
import typing

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import integer_inputs, state
from msjax._src.core.tensor import Tensor

DTYPE, SHAPE = 0, 1
# The entry of a failing call's descriptions that holds the keys whose argument is a Parameter:
# MindSpore's messages show a Parameter's type as `Ref[Tensor[Float16]]`. (Only a failing call
# reads it: whether an argument is a Parameter never decides whether a check passes.)
PARAMETERS = ("parameters",)
PASSED_LIMIT = 4096  # descriptions kept per op; more (new shapes without end) start it afresh


class Aval(typing.NamedTuple):
    """An array argument as a shape check sees it."""
    dtype: np.dtype
    shape: tuple


def ms_name(dtype) -> str:
    """MindSpore's name of a NumPy dtype, as its messages print it (`Float32`)."""
    return str(mstype.from_numpy(np.dtype(dtype)))


def dtype_of(description):
    """The dtype in an argument's description (None where it is not an array)."""
    if isinstance(description, np.dtype):
        return description
    if isinstance(description, Aval):
        return description.dtype
    return None


def check(*keys, level=DTYPE):
    """Declare a check function: the arguments it reads (positions, or parameter names) and
    the level of their descriptions."""
    def declare(fn):
        fn.keys, fn.level = keys, level
        return fn
    return declare


class Rule:
    """An op's checks, in MindSpore's order. `scalars`: Python numbers count as arrays of
    MindSpore's dtype for them (Int64, Float32) at the dtype level."""

    def __init__(self, *checks, scalars=False):
        self.checks = checks
        levels = {}
        for c in checks:
            for key in c.keys:
                levels[key] = max(levels.get(key, DTYPE), c.level)
        self.levels = levels
        self.scalars = scalars

    def __add__(self, other: Rule) -> Rule:
        return Rule(*self.checks, *other.checks, scalars=self.scalars or other.scalars)

    def run(self, descriptions: dict) -> None:
        for c in self.checks:
            c(descriptions)


_SCALAR_DTYPES = {bool: np.dtype(np.bool_), int: np.dtype(np.int64),
                  float: np.dtype(np.float32)}
_PLAIN = (int, float, bool, str, type(None))


def describe(value, level: int, scalars: bool = False):
    """An argument as a check sees it, hashable: an array's (a Tensor's array's) dtype, or
    `Aval` at the shape level; a tuple of descriptions for a sequence; at the shape level a
    plain Python value as it is; otherwise None (Python numbers at the dtype level too, unless
    `scalars`)."""
    if type(value) is Tensor:
        value = value._data
    elif isinstance(value, Tensor):
        # a Parameter: its value in the running call (under vmap, one slice of it), read
        # without reporting a read to a trace
        current = state.peek(value) if hasattr(value, "_value") else None
        value = current if hasattr(current, "shape") else value._data
    dtype = getattr(value, "dtype", None)
    if isinstance(dtype, np.dtype):
        # a differentiated integer input's Float32 copy is checked as the integer it stands for
        dtype = integer_inputs.integer_dtype(value) or dtype
        return dtype if level == DTYPE else Aval(dtype, tuple(value.shape))
    if type(value) in (tuple, list):
        return tuple(describe(v, level, scalars) for v in value)
    if level == SHAPE and type(value) in _PLAIN:
        return value
    if scalars:
        return _SCALAR_DTYPES.get(type(value))
    return None


def _is_parameter(value) -> bool:
    """Whether an argument is a Parameter (a Tensor with a `_value` box)."""
    return isinstance(value, Tensor) and hasattr(value, "_value")


def check_inputs(rule: Rule, *args) -> None:
    """Run `rule`'s checks on `args` (by position) now, a Parameter named as MindSpore names it:
    for a layer that passes its Parameter to an op whose checks see arrays only (nn.Conv2d's
    weight: MindSpore's Conv2D message shows it as `Ref[Tensor[Float16]]`)."""
    descriptions = {key: describe(args[key], level) for key, level in rule.levels.items()
                    if isinstance(key, int) and key < len(args)}
    descriptions[PARAMETERS] = frozenset(key for key in descriptions
                                         if _is_parameter(args[key]))
    rule.run(descriptions)


def _fast(description):
    """An array's description as the fast path of `checked` keys it: the dtype's class (one
    class per NumPy dtype of an array's; hashed by identity, ten times faster than the dtype),
    with the shape at the shape level."""
    if isinstance(description, Aval):
        return type(description.dtype), description.shape
    return type(description)


def checked(fn, rule: Rule | None):
    """`fn` (an op's implementation or a Primitive's function, called with the op's inputs by
    position or by its parameter names) running `rule`'s checks first, once per description of
    the inputs; `fn` itself where there is no rule."""
    if rule is None:
        return fn
    try:
        parameters = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        parameters = {}
    names = list(parameters)
    defaults = {name: p.default for name, p in parameters.items() if p.default is not p.empty}
    # each key read: (its position or None, its parameter name or None, level)
    keys = tuple(rule.levels)
    reads = []
    for key in keys:
        if isinstance(key, int):
            reads.append((key, names[key] if key < len(names) else None, rule.levels[key]))
        else:
            reads.append((names.index(key) if key in names else None, key, rule.levels[key]))
    scalars = rule.scalars
    passed = set()  # the descriptions that passed the rule
    # the descriptions of inputs all arrays (or Tensors) by position that passed: the fast path
    fast_passed = set()
    fast = not scalars and all(isinstance(key, int) for key in keys) and len(keys) <= 2

    def run_checks(args, kwargs):
        count = len(args)
        described = []
        for position, name, level in reads:
            if position is not None and position < count:
                value = args[position]
            else:
                value = kwargs.get(name, defaults.get(name)) if name is not None else None
            described.append(describe(value, level, scalars))
        key = tuple(described)
        try:
            known = key in passed
        except TypeError:  # (an unhashable value: checked each time)
            known, key = False, None
        if not known:
            descriptions = dict(zip(keys, described))
            descriptions[PARAMETERS] = frozenset(
                key for key, (position, name, _) in zip(keys, reads)
                if _is_parameter(args[position] if position is not None and position < count
                                 else kwargs.get(name)))
            rule.run(descriptions)
            if key is not None:
                if len(passed) >= PASSED_LIMIT:
                    passed.clear()
                    fast_passed.clear()
                passed.add(key)
                if fast and all(isinstance(d, (np.dtype, Aval)) for d in key):
                    fast_key = tuple(_fast(d) for d in key)
                    fast_passed.add(fast_key[0] if len(key) == 1 else fast_key)

    if fast and len(keys) == 1:  # one array read: its dtype (and shape) looked up directly
        (p,), shaped = keys, rule.levels[keys[0]] == SHAPE

        @functools.wraps(fn)
        def input_checked(*args, **kwargs):
            if len(args) > p:
                x = args[p]
                if type(x) is Tensor:
                    x = x._data
                kind = type(getattr(x, "dtype", None))
                if ((kind, getattr(x, "shape", None)) if shaped else kind) in fast_passed:
                    return fn(*args, **kwargs)
            run_checks(args, kwargs)
            return fn(*args, **kwargs)
    elif fast:  # two arrays read
        (p, q), count = keys, max(keys) + 1
        shaped_x, shaped_y = (rule.levels[key] == SHAPE for key in keys)

        @functools.wraps(fn)
        def input_checked(*args, **kwargs):
            if len(args) >= count:
                x, y = args[p], args[q]
                if type(x) is Tensor:
                    x = x._data
                if type(y) is Tensor:
                    y = y._data
                kx, ky = type(getattr(x, "dtype", None)), type(getattr(y, "dtype", None))
                if ((kx, getattr(x, "shape", None)) if shaped_x else kx,
                        (ky, getattr(y, "shape", None)) if shaped_y else ky) in fast_passed:
                    return fn(*args, **kwargs)
            run_checks(args, kwargs)
            return fn(*args, **kwargs)
    else:
        @functools.wraps(fn)
        def input_checked(*args, **kwargs):
            run_checks(args, kwargs)
            return fn(*args, **kwargs)
    input_checked.__dict__.pop("positional", None)  # (registry.functional's two-argument path)
    return input_checked
