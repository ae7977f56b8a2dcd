"""MindSpore's overload resolution of Tensor methods: a call that matches none of a method's
signatures raises MindSpore's TypeError naming the call and every valid signature.

MindSpore 2.10 generates one overload table per Tensor method (`Tensor.add`, `Tensor.max`, ...);
`tools/record_overload_signatures.py` records them from MindSpore into
`_src/reference/mindspore_2.10.0_overloads.json`: each signature as MindSpore displays it in
PyNative mode and in graph mode (`ms.jit`), with its parameters' types, required parameters and
keyword-only marks. `resolved(name, fn)` wraps a method: the types of a call's arguments are
checked against the table once per type pattern (a dict lookup after the first call), a pattern
that matches a signature runs `fn` as before, and one that matches none raises

    Failed calling add with "add(Tensor, int)".
    The valid calling should be:
    "Tensor.add(other=<number>, *, alpha=<number>)"
        match failed because invalid types: (Tensor, int)
                                             ~~~~~~~~~~~~~

in graph mode's words when the Tensor is being traced (`ms.jit`, GRAPH_MODE) and in PyNative
mode's otherwise (`<Number, Tensor>`, `List<int>`), as MindSpore does.
"""
from __future__ import annotations

import json
import pathlib
from numbers import Number

import jax
import numpy as np

from msjax._src.core import traceback_filter, x64
from msjax._src.core.dtype import Type
from msjax._src.core.tensor import Tensor

TABLE_FILE = (pathlib.Path(__file__).resolve().parents[1] / "reference"
              / "mindspore_2.10.0_overloads.json")
_TABLES: dict = {}
_KEYWORD_PAD = "\t"  # graph mode indents a keyword reason with a tab, PyNative with 4 spaces
_TYPES_PREFIX = "    match failed because invalid types: ("
_SEQUENCES = frozenset((tuple, list))
_CACHE_SIZE = 512  # type patterns remembered per method
_x64_swap, _x64_restore = x64.swap_and_restore()


def tables() -> dict:
    """The recorded tables: {"methods": {name: {"graph": [...], "pynative": [...]}}, ...}."""
    if not _TABLES:
        _TABLES.update(json.loads(TABLE_FILE.read_text()))
    return _TABLES


# Methods whose recorded table is Ascend's: MindSpore 2.10's CPU build calls their Python
# function straight away, without the overload parser (`x.count_nonzero(axis=1)` alone works
# there, its `(axis, keep_dims, dtype)` signature wanting both of the first two). They keep
# their own signatures in msjax (`count_nonzero` also takes Ascend's `dim`).
_CPU_PYTHON_METHODS = frozenset(("count_nonzero",))


def method_names() -> tuple:
    """The Tensor methods resolved against their recorded tables."""
    return tuple(n for n in tables()["methods"] if n not in _CPU_PYTHON_METHODS)


# ---- argument types as MindSpore names them ----

def _is_tensor(value) -> bool:
    return isinstance(value, (Tensor, jax.Array))


def describe(value, graph: bool) -> str:
    """A value's type as MindSpore's overload errors print it: Tensor, int, float, bool, string,
    None, tuple<int, int> (graph) / Tuple<int, int> (PyNative), list<...>, mindspore.dtype."""
    if _is_tensor(value):
        return "Tensor"
    if value is None:
        return "None"
    if isinstance(value, (bool, np.bool_)):
        return "bool"
    if isinstance(value, (int, np.integer)):
        return "int"
    if isinstance(value, (float, np.floating)):
        return "float"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (tuple, list)):
        kind = ("tuple" if isinstance(value, tuple) else "list")
        if not graph:
            kind = kind.capitalize()
        return f"{kind}<{', '.join(describe(v, graph) for v in value)}>"
    if isinstance(value, Type):
        return "mindspore.dtype"
    return type(value).__name__ if graph else str(type(value))  # "<class 'numpy.ndarray'>"


def _accepts(kind: str, value, elements: dict, scalar_tensors: bool = False) -> bool:
    """Whether a value is of one of the table's type names (graph's `number`, `Tuple`, ...;
    PyNative's `Number`, `tuple of int`, ...). With `scalar_tensors`, a 0-d Tensor is a number,
    as MindSpore's argument parser takes its value (`x.add(y, alpha=Tensor(2.0))`)."""
    kind = kind.lower()
    if scalar_tensors and kind == "number" and _is_tensor(value) and value.ndim == 0:
        return True
    if kind == "any":  # any object but None (`t.sub(None)` matches no signature)
        return value is not None
    if kind == "tensor":
        return _is_tensor(value)
    if kind == "none":
        return value is None
    if kind == "bool":
        return isinstance(value, (bool, np.bool_))
    if kind == "int":
        return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
    if kind == "float":
        return (isinstance(value, (float, int, np.floating, np.integer))
                and not isinstance(value, (bool, np.bool_)))
    if kind == "number":
        return isinstance(value, (Number, np.number, np.bool_)) and not _is_tensor(value)
    if kind in ("str", "string"):
        return isinstance(value, str)
    if kind in ("mstype", "type"):  # a dtype, or what MindSpore converts to one (bool, np.float32)
        return isinstance(value, (Type, type, np.dtype))
    if kind.startswith(("tuple", "list")):
        sequence = tuple if kind.startswith("tuple") else list
        if not isinstance(value, sequence):
            return False
        element = kind.partition(" of ")[2] or elements.get(sequence.__name__)
        return element is None or all(_accepts(element, v, {}) for v in value)
    return True  # a type msjax does not model (Storage): the call goes on to the method


# ---- matching ----

def _match(signature: dict, args: tuple, kwargs: dict, scalar_tensors: bool = False):
    """(reason, invalid, details): reason None when the call matches; 'arity' (too many
    arguments), 'keyword' (names not in the signature), 'missing' (a required parameter),
    'types' (invalid: the indices of the call's arguments, positional then keyword)."""
    params = signature["params"]
    packed = next((i for i, p in enumerate(params) if p["vararg"]), None)
    if packed is not None and len(args) > packed + 1:  # `reshape(2, 3)`: ints for `*shape`
        element = params[packed]["elements"].get("tuple", "int")
        invalid = [i for i in range(packed, len(args)) if not _accepts(element, args[i], {})]
        if invalid:
            return "types", invalid, ()
        args = args[:packed] + (tuple(args[packed:]),)
    if len(args) + len(kwargs) > len(params):
        return "arity", (), ()
    names = [p["name"] for p in params]
    unknown = [k for k in kwargs if k not in names]
    if unknown:
        return "keyword", (), unknown
    bound = {}
    invalid = []
    for i, value in enumerate(args):
        p = params[i]
        bound[p["name"]] = value
        if p["keyword_only"] or not any(_accepts(t, value, p["elements"], scalar_tensors)
                                        for t in p["types"]):
            invalid.append(i)
    for j, (key, value) in enumerate(kwargs.items()):
        p = params[names.index(key)]
        if key in bound or not any(_accepts(t, value, p["elements"], scalar_tensors)
                                   for t in p["types"]):
            invalid.append(len(args) + j)
        bound[key] = value
    if invalid:
        if invalid[-1] >= len(args):  # an invalid keyword: MindSpore marks every keyword
            invalid = sorted(set(invalid) | set(range(len(args), len(args) + len(kwargs))))
        return "types", invalid, ()
    missing = [p["name"] for p in params if p["required"] and p["name"] not in bound]
    if missing:
        return "missing", (), missing
    return None, (), ()


def _parts(args, kwargs, graph):
    return ([describe(v, graph) for v in args]
            + [f"{k}={describe(v, graph)}" for k, v in kwargs.items()])


def _expected(param: dict) -> str:
    """The type a Python-worded message asks for: the parser signature's first
    (`tensor|number other` asks for Tensor), else the displayed ones."""
    first = param.get("parser_types", "").lstrip("!").split("|")[0]
    if first:
        kind, _, element = first.partition("[")
        name = {"tensor": "Tensor", "number": "Number", "type": "mstype"}.get(kind, kind)
        return f"{name} of {element.rstrip(']')}" if element else name
    names = {"number": "Number", "Tuple": "tuple", "List": "list"}
    return ", ".join(names.get(t, t) for t in param["types"] if t not in ("None", "none"))


def _plain(value) -> str:
    return "Tensor" if _is_tensor(value) else type(value).__name__


def _taken(name: str, count: int, given: int) -> str:
    return (f"{name}() takes {count} positional argument{'' if count == 1 else 's'} but "
            f"{given} {'was' if given == 1 else 'were'} given.")


def single_message(name: str, signature: dict, args: tuple, kwargs: dict, graph: bool,
                   first: int = 1):
    """MindSpore's message when one signature is left to match: Python's words, for its first
    problem (`max(): argument 'keepdims' (position 2) must be bool, not int.`). `first` is the
    position of the first argument: 1 (a method's, after self; a function's in PyNative), 0
    (a function's in graph mode)."""
    params = signature["params"]
    positional = [p for p in params if not p["keyword_only"]]
    if len(args) > len(positional):
        return _taken(name, len(positional), len(args))
    names = [p["name"] for p in params]
    for i, value in enumerate(args):
        p = params[i]
        if not any(_accepts(t, value, p["elements"]) for t in p["types"]):
            got = describe(value, True).split("<")[0] if graph else _plain(value)
            return (f"{name}(): argument '{p['name']}' (position {i + first}) must be "
                    f"{_expected(p)}, not {got}.")
    for key, value in kwargs.items():
        if key not in names:
            return (f"match failed because incorrect keyword name: {key}" if graph else
                    f"{name}() got an unexpected keyword argument '{key}'.")
        p = params[names.index(key)]
        if not any(_accepts(t, value, p["elements"]) for t in p["types"]):
            got = "None" if graph and value is None else _plain(value)
            if graph and isinstance(value, (tuple, list)):
                return f"{name}(): argument '{key}' must be {_expected(p)} but got {got} of Any"
            return (f"{name}(): argument '{key}' must be {_expected(p)} but got {got}"
                    + ("" if graph else "."))
    missing = [p["name"] for p in params if p["required"] and p["name"] not in kwargs
               and names.index(p["name"]) >= len(args)]
    if missing:
        return f"{name}() missing 1 required positional argument: {missing[0]}."
    return None


def mismatch_message(name: str, signatures: list, fallback: list, args: tuple, kwargs: dict,
                     graph: bool, first: int = 1):
    """MindSpore's message for a call that matches none of `signatures`; None if one matches.
    `fallback` is the graph-mode list PyNative prints when no signature got a reason."""
    parts = _parts(args, kwargs, graph)
    lines, any_reason, candidates = [], False, []
    for signature in signatures:
        reason, invalid, details = _match(signature, args, kwargs)
        if reason is None:
            return None
        if reason != "arity":
            candidates.append(signature)
        elif not graph:  # PyNative lists the signatures the call's arguments fit
            continue
        lines.append(f'"{signature["display"]}"')
        if reason == "keyword":
            any_reason = True
            shown = details[0] if graph else ", ".join(details)
            pad = _KEYWORD_PAD if graph else "    "
            lines.append(f"{pad}match failed because incorrect keyword name: {shown}")
        elif reason == "types":
            any_reason = True
            lines.append(f"{_TYPES_PREFIX}{', '.join(parts)})")
            # graph mode marks every Tensor argument too, as MindSpore's graph mode does
            marked = [i in invalid or (graph and part.endswith("Tensor"))
                      for i, part in enumerate(parts)]
            underline = "".join(("~" if mark else " ") * (len(part) + 2)
                                for mark, part in zip(marked, parts))
            lines.append(" " * (len(_TYPES_PREFIX)) + underline)
    if len(signatures) > 1 and len(candidates) == 1:
        single = single_message(name, candidates[0], args, kwargs, graph, first)
        if single is not None:
            return single
    if not graph and not any_reason:
        lines = [f'"{s["display"]}"' for s in fallback]
    header = (f'Failed calling {name} with "{name}({", ".join(parts)})".\n'
              "The valid calling should be:\n")
    return header + "\n".join(lines)


def _type_key(value):
    kind = type(value)
    if kind is tuple or kind is list:
        return (kind, *map(_type_key, value))
    return kind


def is_traced(value) -> bool:
    """Whether a Tensor is being traced (`ms.jit`, GRAPH_MODE): MindSpore's graph mode."""
    return isinstance(getattr(value, "_data", value), jax.core.Tracer)


_NO_SELF = object()


def _resolution(name: str, table: dict):
    """(verdicts, check) for one name's table: `verdicts` maps a call's flat type pattern to
    True once it matched; `check(key, self, args, kwargs)` decides the rest and raises
    MindSpore's TypeError for a call that matches no signature."""
    # "every": all of a name's signatures in graph mode's words (PyNative lists them so when
    # no signature fits the arguments); "graph" and "pynative": as each mode lists them
    every = table.get("every") or table.get("graph") or table["pynative"]
    graph_signatures = table.get("graph") or every
    pynative_signatures = table.get("pynative") or graph_signatures
    takes_no_arguments = table["takes_no_arguments"]
    name = table["shown_as"]  # an alias's messages name its target: `clip` shows `clamp`
    one_in_graph = table["one_in_graph"]  # graph mode has one signature: Python's words
    verdicts: dict = {}  # (type(self), argument types[, keyword names and types]) -> bool
    by_contents: dict = {}  # the same with sequences' element types, for patterns holding one

    def check(key, self, args, kwargs):
        if self is not _NO_SELF and not isinstance(self, Tensor):
            raise TypeError(f"descriptor '{name}' for 'TensorPy' objects doesn't apply to a "
                            f"'{type(self).__name__}' object")
        deep = (*map(_type_key, args), *kwargs, *map(_type_key, kwargs.values()))
        ok = by_contents.get(deep)
        if ok is None:
            ok = ((takes_no_arguments and not args and not kwargs)
                  or any(_match(sig, args, kwargs)[0] is None for sig in every))
            if len(by_contents) < _CACHE_SIZE:
                by_contents[deep] = ok
        if ok:
            if _SEQUENCES.isdisjoint(key) and len(verdicts) < _CACHE_SIZE:
                verdicts[key] = True  # a sequence's elements decide: looked up each call
            return
        if any(_match(sig, args, kwargs, scalar_tensors=True)[0] is None for sig in every):
            return  # a 0-d Tensor for a number (not remembered: the Tensor's rank decides)
        values = (*args, *kwargs.values()) if self is _NO_SELF else (self,)
        graph = any(is_traced(v) for v in values)
        first = 0 if graph and self is _NO_SELF else 1  # graph mode counts a function's input
        message = None
        if graph and one_in_graph:
            fits = [sig for sig in graph_signatures
                    if len(args) + len(kwargs) <= len(sig["params"])]
            message = single_message(name, (fits or graph_signatures)[0], args, kwargs, True,
                                     first)
        message = message or mismatch_message(
            name, graph_signatures if graph else pynative_signatures, every, args, kwargs, graph,
            first)
        if message is not None:
            raise TypeError(message)

    return verdicts, check


def resolved(name: str, fn, x64_scope: bool = False):
    """`fn` (a Tensor method) with MindSpore's overload resolution in front: a call whose
    argument types match none of `name`'s recorded signatures raises MindSpore's TypeError.
    With `x64_scope`, `fn` runs with 64-bit types on (core/x64.py's `scoped`, switched in this
    frame: an adapter of tensor_methods.py, where `fn` is the function `scoped` wrapped)."""
    verdicts, check = _resolution(name, tables()["methods"][name])

    if x64_scope:
        def method(self, *args, **kwargs):
            previous = _x64_swap(True)
            try:  # errors show the user's frames only, not this one
                # the success path: one lookup of the call's type pattern
                if kwargs:
                    key = (type(self), *map(type, args), *kwargs, *map(type, kwargs.values()))
                    if verdicts.get(key) is not True:
                        check(key, self, args, kwargs)
                    return fn(self, *args, **kwargs)
                key = ((type(self), type(args[0])) if len(args) == 1
                       else (type(self), *map(type, args)))
                if verdicts.get(key) is not True:
                    check(key, self, args, kwargs)
                return fn(self, *args)
            except Exception as error:  # noqa: BLE001 - re-raised as it is, frames filtered
                traceback_filter.user_traceback(error)
                raise
            finally:
                _x64_restore(previous)
        return _named(method, fn, name, f"Tensor.{name}")

    def method(self, *args, **kwargs):
        try:  # (free when nothing is raised) errors show the user's frames only, not this one
            # the success path: one lookup of the call's type pattern
            if kwargs:
                key = (type(self), *map(type, args), *kwargs, *map(type, kwargs.values()))
                if verdicts.get(key) is not True:
                    check(key, self, args, kwargs)
                return fn(self, *args, **kwargs)
            key = (type(self), type(args[0])) if len(args) == 1 else (type(self), *map(type, args))
            if verdicts.get(key) is not True:
                check(key, self, args, kwargs)
            return fn(self, *args)
        except Exception as error:  # noqa: BLE001 - re-raised as it is, frames filtered
            traceback_filter.user_traceback(error)
            raise

    return _named(method, fn, name, f"Tensor.{name}")


def resolved_function(name: str, fn):
    """`fn` (a functional op: `mint.add`, `mint.clamp`, ...) with the overload resolution of
    MindSpore's functional table of the same name."""
    verdicts, check = _resolution(name, tables()["functional"][name])

    def function(*args, **kwargs):
        try:  # (free when nothing is raised) errors show the user's frames only, not this one
            key = (*map(type, args), *kwargs, *map(type, kwargs.values())) if kwargs else (
                tuple(map(type, args)))
            if verdicts.get(key) is not True:
                check(key, _NO_SELF, args, kwargs)
            return fn(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - re-raised as it is, frames filtered
            traceback_filter.user_traceback(error)
            raise

    return _named(function, fn, name, getattr(fn, "__qualname__", name))


def functional_names() -> tuple:
    return tuple(tables().get("functional", ()))


def _named(method, fn, name, qualname):
    method.__dict__.update(getattr(fn, "__dict__", {}))
    method.__name__ = getattr(fn, "__name__", name)
    method.__qualname__ = qualname
    method.__doc__ = getattr(fn, "__doc__", None)
    method.__wrapped__ = fn
    return method


def single_names() -> tuple:
    return tuple(tables().get("single", ()))


def counted(name: str, fn, x64_scope: bool = False):
    """`fn` (a Tensor method of one signature) with MindSpore's count of its positional
    parameters: more arguments raise `abs() takes 0 positional arguments but 1 was given.`
    `x64_scope` as `resolved`'s."""
    entry = tables()["single"][name]
    count, shown = entry["positional"], entry["shown_as"]

    if x64_scope:
        def method(self, *args, **kwargs):
            previous = _x64_swap(True)
            try:  # errors show the user's frames only, not this one
                if len(args) > count:
                    raise TypeError(_taken(shown, count, len(args)))
                return fn(self, *args, **kwargs)
            except Exception as error:  # noqa: BLE001 - re-raised as it is, frames filtered
                traceback_filter.user_traceback(error)
                raise
            finally:
                _x64_restore(previous)
        return _named(method, fn, name, f"Tensor.{name}")

    def method(self, *args, **kwargs):
        try:  # (free when nothing is raised) errors show the user's frames only, not this one
            if len(args) > count:
                raise TypeError(_taken(shown, count, len(args)))
            return fn(self, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - re-raised as it is, frames filtered
            traceback_filter.user_traceback(error)
            raise

    return _named(method, fn, name, f"Tensor.{name}")


def positional_count(name: str) -> int:
    """How many positional arguments the Tensor method `name` of one signature takes."""
    return tables()["single"][name]["positional"]
