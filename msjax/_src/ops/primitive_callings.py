"""MindSpore's valid callings of its generated Primitives, and the TypeError that names them.

MindSpore 2.10 checks each argument of a Primitive generated from its op YAML against the types
the YAML allows, and a call with an argument of another type raises

    TypeError: Failed calling Mul with "Mul()(input=Tensor, other=None)".
    The valid calling should be:
    "Mul()(input=<Number, Tensor>, other=<Number, Tensor>)".

`tools/record_primitive_callings.py` records those types into
`_src/reference/mindspore_2.10.0_primitive_callings.json` (the constructor's attributes and the
inputs, each with its accepted types). msjax's ops compute on JAX, which takes many of those
arguments anyway (`ops.exp(1.0)` runs); where an op's implementation fails, the registry asks
`refused` whether an argument is of a type MindSpore refuses (a string, a sequence, None where
a value is required; not a number, which MindSpore's functional forms often convert) and, if so,
raises `failed_calling` with MindSpore's words instead of JAX's.
"""
from __future__ import annotations

import functools
import inspect
import json
import pathlib
from numbers import Number

import jax
import numpy as np

from msjax._src.core.dtype import Type
from msjax._src.core.tensor import Tensor

TABLE_FILE = (pathlib.Path(__file__).resolve().parents[1] / "reference"
              / "mindspore_2.10.0_primitive_callings.json")
_SCALAR_NAMES = {str: "string", int: "int", float: "float", bool: "bool", type(None): "None"}


@functools.cache
def _table() -> dict:
    return json.loads(TABLE_FILE.read_text())


def calling(name: str):
    """MindSpore's recorded calling of Primitive `name` ({'attributes': [[name, types]],
    'inputs': [[name, types]]}), or None where it has none recorded."""
    return _table().get(name)


def type_text(value) -> str:
    """An argument's type as MindSpore's "Failed calling" names it: Tensor, int, string,
    List<int>, Tuple<>, ..."""
    if isinstance(value, (Tensor, jax.Array, np.ndarray)):
        return "Tensor"
    if isinstance(value, (tuple, list)):
        items = ", ".join(type_text(v) for v in value)  # (each element: Tuple<int, int, int>)
        return f"{'Tuple' if isinstance(value, tuple) else 'List'}<{items}>"
    return _SCALAR_NAMES.get(type(value)) or str(type(value))  # "<class 'dict'>"


def _accepts(types, value, optional) -> bool:
    """Whether an argument of `value`'s type is one MindSpore takes where it allows `types`
    (None where msjax's op gives the parameter a default: the recorded types leave None out)."""
    if value is None:
        return optional
    if isinstance(value, (Tensor, jax.Array, np.ndarray)):
        return "Tensor" in types
    if isinstance(value, (Number, np.generic)):
        # MindSpore's functional forms turn many a number into a Tensor before the Primitive
        # sees it (`ops.linspace(0.0, 1.0, 5)`), which its recorded types do not say
        return True
    if isinstance(value, str):
        return "string" in types
    if isinstance(value, (tuple, list)):
        return any(t.startswith(("tuple of", "list of")) for t in types)
    if isinstance(value, Type):
        return "mindspore.dtype" in types
    return False


def _arguments(impl, entry, args, kwargs):
    """The call's arguments as MindSpore's names: (attributes, inputs, optional): two dicts in
    the recorded order, and the names the implementation gives a default. The implementation's
    parameters that are not attributes are the inputs, renamed by position where msjax names
    them differently (`a`, `b` for `input`, `other`)."""
    optional = set()
    try:
        signature = inspect.signature(impl)
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        given = dict(bound.arguments)
        optional = {k for k, p in signature.parameters.items() if p.default is not p.empty}
    except (TypeError, ValueError):
        given = {f"arg{i}": a for i, a in enumerate(args)} | kwargs
    attribute_names = [name for name, _ in entry["attributes"]]
    attributes = {name: given.pop(name) for name in attribute_names if name in given}
    input_names = [name for name, _ in entry["inputs"]]
    if not set(given) <= set(input_names):
        renamed = dict(zip(given, input_names))
        optional = {renamed.get(k, k) for k in optional}
        given = dict(zip(input_names, given.values()))
    inputs = {name: given[name] for name in input_names if name in given}
    return attributes, inputs, optional


def refused(name: str, impl, args, kwargs, error) -> bool:
    """Whether the failure `error` of a call of op `name` is MindSpore's "Failed calling": an
    input is of a type its Primitive refuses. An error msjax words as MindSpore does ("For
    'Op', ...": a value MindSpore checks) stays; the attributes are not checked (MindSpore
    records them after its constructor converts them: `kernel_size=1` is a tuple)."""
    entry = calling(name)
    if entry is None or str(error).startswith("For ") or getattr(
            impl, "__module__", "").startswith("msjax._src.numpy"):
        return False  # (mindspore.numpy's functions are no Primitives: `select` is not Select)
    _, inputs, optional = _arguments(impl, entry, args, kwargs)
    types = dict(entry["inputs"])
    return any(not _accepts(types[key], value, key in optional) for key, value in inputs.items())


def failed_calling(name: str, impl, args, kwargs):
    """MindSpore's TypeError for Primitive `name` called with these arguments, naming its valid
    calling; None where MindSpore's calling of `name` is not recorded."""
    entry = calling(name)
    if entry is None:
        return None
    attributes, inputs, _ = _arguments(impl, entry, args, kwargs)
    given = (f"{name}({_listed((k, type_text(v)) for k, v in attributes.items())})"
             f"({_listed((k, type_text(v)) for k, v in inputs.items())})")
    valid = (f"{name}({_listed((k, '<' + ', '.join(t) + '>') for k, t in entry['attributes'])})"
             f"({_listed((k, '<' + ', '.join(t) + '>') for k, t in entry['inputs'])})")
    return TypeError(f'Failed calling {name} with "{given}".\n'
                     f'The valid calling should be: \n"{valid}".')


def _listed(pairs) -> str:
    return ", ".join(f"{key}={text}" for key, text in pairs)
