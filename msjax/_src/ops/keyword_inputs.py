"""A Primitive's inputs given by keyword: `ops.ReduceSum(keep_dims=True)(x=x, axis=1)`.

MindSpore's generated Primitives take their inputs by the names of their call signature (recorded
from MindSpore 2.10 in `reference/mindspore_2.10.0_generated_ops.json`, `primitives`); Python's
errors name `<Primitive>.__call__()` for a keyword the signature lacks, one given twice or an
input missing. A Primitive defined in Python (`BatchNorm`) takes no keywords in PyNative, while
graph mode binds them to its input names (here the parameters of msjax's implementation), and
graph mode's error for an unknown keyword is a RuntimeError. Values and messages are MindSpore
2.10's (tests/goldens/scripts/primitive_keywords_probe.py).
"""
from __future__ import annotations

import functools
import inspect
import json
import pathlib

import jax

# (read on the first call with keywords, as ops/overloads.py reads its table)
GENERATED_OPS_FILE = (pathlib.Path(__file__).resolve().parents[1] / "reference"
                      / "mindspore_2.10.0_generated_ops.json")
_REQUIRED = inspect.Parameter.empty


@functools.lru_cache(maxsize=None)
def _recorded_primitives() -> dict:
    return json.loads(GENERATED_OPS_FILE.read_text())["primitives"]


@functools.lru_cache(maxsize=None)
def _recorded_signature(name: str):
    """[(input name, default or _REQUIRED)] of MindSpore's generated Primitive `name` (None
    when MindSpore defines it in Python)."""
    record = _recorded_primitives().get(name)
    if record is None:
        return None
    return tuple((param, _REQUIRED if required else default)
                 for param, default, required in record["call"])


def _implementation_signature(fn, attributes) -> tuple:
    """[(input name, default)] of msjax's implementation `fn`, its attributes left out."""
    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return ()
    return tuple((p.name, p.default) for p in parameters
                 if p.name not in attributes
                 and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))


def _in_graph(values) -> bool:
    """Whether a compiled function (graph mode) is calling: one of the inputs is traced."""
    return any(isinstance(getattr(v, "_data", v), jax.core.Tracer) for v in values)


def bind(name: str, fn, attributes, inputs: tuple, keywords: dict) -> tuple:
    """The positional inputs of Primitive `name` called with `inputs` and `keywords`."""
    graph = _in_graph((*inputs, *keywords.values()))
    signature = _recorded_signature(name)
    if signature is None and graph:
        signature = _implementation_signature(fn, attributes)
    names = [param for param, _ in signature or ()]
    for key in keywords:
        if key not in names:
            if graph:
                raise RuntimeError(f"Got an unexpected keyword argument '{key}'.")
            raise TypeError(f"{name}.__call__() got an unexpected keyword argument '{key}'")
        if names.index(key) < len(inputs):
            raise TypeError(f"{name}.__call__() got multiple values for argument '{key}'")
    last = max(names.index(key) for key in keywords)
    bound, missing = list(inputs), []
    for param, default in signature[len(inputs):last + 1]:
        if param in keywords:
            bound.append(keywords[param])
        elif default is _REQUIRED:
            missing.append(param)
        else:
            bound.append(default)
    # the required inputs after the last keyword are missing too
    missing += [param for param, default in signature[last + 1:] if default is _REQUIRED]
    if missing:
        listed = " and ".join(f"'{m}'" for m in missing) if len(missing) <= 2 else \
            ", ".join(f"'{m}'" for m in missing[:-1]) + f", and '{missing[-1]}'"
        plural = "s" if len(missing) > 1 else ""
        raise TypeError(f"{name}.__call__() missing {len(missing)} required positional "
                        f"argument{plural}: {listed}")
    return tuple(bound)
