"""Signatures as MindSpore 2.10's: every public function, Primitive class and Tensor method msjax
provides accepts every parameter MindSpore's accepts, by name, with the same default
(MindSpore's signatures are recorded in msjax/_src/reference/ by tools/record_mindspore_api.py).

MindSpore names whose recorded signature is a generic `(*args, **kwargs)` (C++-bound methods,
classes built by metaclasses) state no parameters and are not checked here.
"""
import inspect
import re

import numpy as np
import pytest

import msjax
from msjax._src.reference import mindspore_api

API = mindspore_api()
MODULES = {"mindspore": msjax, "mindspore.ops": msjax.ops, "mindspore.nn": msjax.nn,
           "mindspore.numpy": msjax.numpy,
           "mindspore.common.initializer": msjax.common.initializer}
# Where msjax knowingly differs, and why.
KNOWN_DIFFERENCES = {
    "mindspore.numpy.negative": "msjax.numpy's unary table names the input `x` (MindSpore: `a`)",
    "mindspore.numpy.positive": "msjax.numpy's unary table names the input `x` (MindSpore: `a`)",
}


def split_parameters(text):
    """[(kind, name, default text or None)] of a recorded signature string `(a, b=1, *, c)`."""
    body = text.strip()[1:text.rindex(")")]
    parts, depth, current = [], 0, ""
    for char in body:
        depth += char in "([{<"
        depth -= char in ")]}>"
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current.strip())
    result = []
    for part in parts:
        if part in ("*", "/"):
            continue
        kind = "var_keyword" if part.startswith("**") else (
            "var_positional" if part.startswith("*") else "named")
        name, _, default = part.lstrip("*").partition("=")
        result.append((kind, name.split(":")[0].strip(), default.strip() or None))
    return result


def normalise(default_text):
    text = default_text.replace("mindspore.", "").replace("common.dtype.", "")
    return re.sub(r"dtype\('(\w+)'\)", r"\1", text)


def our_default_text(value):
    if isinstance(value, np.dtype):
        return str(value)
    return normalise(repr(value))


def differences(theirs_text, ours):
    found = []
    params = ours.parameters
    takes_kwargs = any(p.kind == p.VAR_KEYWORD for p in params.values())
    takes_varargs = any(p.kind == p.VAR_POSITIONAL for p in params.values())
    for kind, name, default in split_parameters(theirs_text):
        if kind == "var_positional":
            if not takes_varargs:
                found.append(f"*{name} is refused")
            continue
        if kind == "var_keyword":
            if not takes_kwargs:
                found.append(f"**{name} is refused")
            continue
        if name not in params:
            if not takes_kwargs:
                found.append(f"{name}= is refused")
            continue
        mine = params[name]
        if default is None:
            continue
        if mine.default is inspect.Parameter.empty:
            found.append(f"{name} is required (MindSpore: {default})")
        elif our_default_text(mine.default) != normalise(default):
            found.append(f"{name} defaults to {mine.default!r} (MindSpore: {default})")
    return found


def _generic(text):
    text = text and text.replace("(/, ", "(")  # a constructor hidden by C++: object's signature
    return text is None or "*args" in text and "**kwargs" in text and text.count(",") <= 1


def _function_cases():
    for module, namespace in MODULES.items():
        for name, record in sorted(API[module].items()):
            if record["kind"] not in ("function", "class") or _generic(record["signature"]):
                continue
            obj = getattr(namespace, name, None)
            if obj is None or inspect.ismodule(obj) or inspect.isbuiltin(obj):
                continue  # (a builtin: a standard-library name MindSpore's module imports)
            yield pytest.param(f"{module}.{name}", obj, record["signature"],
                               id=f"{module}.{name}")


def _method_cases():
    for name, record in sorted(API["mindspore.Tensor"].items()):
        if record["kind"] not in ("method", "staticmethod") or _generic(record["signature"]):
            continue
        if hasattr(msjax.Tensor, name):
            yield pytest.param(name, record["signature"], id=f"Tensor.{name}")


# Documented forms msjax does not take, and why.
KNOWN_METHOD_DIFFERENCES = {
    "nansum": "MindSpore 2.10's CPU build takes axis/keepdims (deprecated_tensor_nansum refuses "
              "dim=); its documented dim/keepdim form is another backend's",
    "repeat": "MindSpore 2.10 documents the torch-style `repeat(*repeats)` (a tile) but its CPU "
              "build refuses it; msjax keeps NumPy's `repeat(repeats, axis)`, which real code "
              "calls",
}


def _our_signature(obj):
    if isinstance(obj, type):
        signature = inspect.signature(obj.__init__)
        return signature.replace(parameters=list(signature.parameters.values())[1:])
    return inspect.signature(getattr(obj, "impl", obj))


def _documented_method_cases():
    """C++-bound methods have no introspectable signature: their docstrings list the call forms
    (`sum(dim=None, keepdim=False, *, dtype=None)`), recorded as `documented_forms`."""
    for name, record in sorted(API["mindspore.Tensor"].items()):
        if hasattr(msjax.Tensor, name):
            for number, form in enumerate(record.get("documented_forms", ())):
                if form.endswith(")") and "==" not in form:  # a call form, not an equation
                    yield pytest.param(name, form, id=f"Tensor.{name}-{number}")


@pytest.mark.parametrize("qualified, obj, theirs", list(_function_cases()))
def test_function_and_class_signatures(qualified, obj, theirs):
    found = differences(theirs, _our_signature(obj))
    if qualified in KNOWN_DIFFERENCES:
        assert found, f"{qualified} now matches: remove it from KNOWN_DIFFERENCES"
        return
    assert found == [], f"{qualified}{theirs}"


@pytest.mark.parametrize("name, theirs", list(_method_cases()) + list(_documented_method_cases()))
def test_tensor_method_signatures(name, theirs):
    method = inspect.getattr_static(msjax.Tensor, name)
    method = method.__func__ if isinstance(method, staticmethod) else getattr(msjax.Tensor, name)
    signature = inspect.signature(getattr(method, "impl", method))
    parameters = list(signature.parameters.values())
    if not isinstance(inspect.getattr_static(msjax.Tensor, name), staticmethod) and parameters:
        signature = signature.replace(parameters=parameters[1:])  # the Tensor itself
    found = differences(theirs, signature)
    if "documented_forms" in API["mindspore.Tensor"][name]:
        # One of several call forms: each parameter is accepted by name; the defaults are the
        # form's own (msjax's method tells the forms apart by None sentinels).
        found = [f for f in found if "defaults to" not in f and "is required" not in f]
    if name in KNOWN_METHOD_DIFFERENCES:
        assert found, f"Tensor.{name} now matches: remove it from KNOWN_METHOD_DIFFERENCES"
        return
    assert found == [], f"Tensor.{name}{theirs}"


def test_the_checker_finds_what_it_should():
    def refuses(x, axis=None):
        pass

    ours = inspect.signature(refuses)
    assert differences("(x, axis=None, keep_dims=False)", ours) == ["keep_dims= is refused"]
    assert differences("(x, axis=())", ours) == ["axis defaults to None (MindSpore: ())"]
    assert differences("(x, *args)", ours) == ["*args is refused"]
    assert differences("(x, dtype=mindspore.float32)", inspect.signature(
        lambda x, dtype=np.dtype("float32"): x)) == []


def test_enough_is_checked():
    assert len(list(_function_cases())) > 1000
    assert len(list(_method_cases())) > 75
