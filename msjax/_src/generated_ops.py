"""`mindspore.ops.auto_generate`: MindSpore's generated operators, answered from msjax's own.

MindSpore generates most of its operators: a Primitive class per operator (`gen_ops_prim.SumExt`,
called with all its inputs: `SumExt()(x, dim, keepdim, dtype)`), one module-level instance
(`sum_ext_op`), a functional form calling it (`gen_ops_def.sum_ext`) and public names over that
(`mint.sum`). Real code (mindnlp, MindSpore's own tests) imports them from there. The facts
(each class's call signature, which function calls which instance, which public function is or
calls which generated one) were recorded from MindSpore 2.10
(`reference/mindspore_2.10.0_generated_ops.json`, tools/record_generated_primitives.py); the
computation is msjax's implementation of the same public name:

- a generated function is msjax's object for a public name that *is* it (`mint.cumsum` is
  `cumsum_ext`), else for a public function that calls it with the same parameters (`mint.sum`
  calls `sum_ext(input, dim, keepdim, dtype)`);
- a generated Primitive without constructor arguments is a class whose call binds MindSpore's
  call signature and calls what its functional form is;
- a name msjax's `ops` already has (`Add`, `ReLU`) is that object, as in MindSpore
  (`ops.Add is gen_ops_prim.Add`).

A generated name with no msjax implementation behind it raises AttributeError saying so
(`module_tree.not_implemented`): nothing here is a stub. The classes are built on first use.
"""
from __future__ import annotations

import functools
import importlib
import inspect
import re
import sys

from msjax._src import module_tree
from msjax._src.core import dtype as mstype
from msjax._src.core import random
from msjax._src.ops.grad_ops import softmax_backward
from msjax._src.ops.registry import PRIMITIVES, Primitive
from msjax._src.reference import mindspore_generated_ops

MODULES = ("mindspore.ops.auto_generate", "mindspore.ops.auto_generate.gen_ops_prim",
           "mindspore.ops.auto_generate.gen_ops_def",
           "mindspore.ops.auto_generate.pyboost_inner_prim")


@functools.cache
def _record() -> dict:
    return mindspore_generated_ops()


def _names(params) -> list[str]:
    return [p[0] for p in params or ()]


def _msjax_object(public_path: str):
    """msjax's object for MindSpore's public `mindspore.x.y.name`, or None."""
    module_path, _, name = public_path.rpartition(".")
    try:
        module = importlib.import_module("msjax" + module_path[len("mindspore"):])
        value = getattr(module, name)
    except (ImportError, AttributeError):
        return None
    return value if callable(value) else None


def _caller(fn, names: list[str]):
    """`call(*values)`: `fn` called with MindSpore's arguments `names` (in that order), each by
    position where `fn` takes it there, else by its name; None when `fn` cannot take them."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    by_name = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    var_positional = any(p.kind is p.VAR_POSITIONAL for p in params)
    var_keyword = any(p.kind is p.VAR_KEYWORD for p in params)
    plan = []  # per MindSpore argument: None (by position) or the keyword
    for i, name in enumerate(names):
        if i < len(positional) and (positional[i].name == name or name not in by_name):
            if plan and plan[-1] is not None:
                return None  # a positional argument after a keyword one
            plan.append(None)
        elif name in by_name or var_keyword:
            plan.append(name)
        elif var_positional and (not plan or plan[-1] is None):
            plan.append(None)
        else:
            return None
    if all(k is None for k in plan):
        return fn

    def call(*values):
        args = [v for v, k in zip(values, plan) if k is None]
        kwargs = {k: v for v, k in zip(values, plan) if k is not None}
        return fn(*args, **kwargs)
    return call


@functools.cache
def function(name: str):
    """msjax's implementation of the generated function `name` (`sum_ext`), or None."""
    record = _record()
    entry = record["functions"].get(name)
    if entry is None:
        return None
    names = _names(entry["signature"])
    if any(n.startswith("*") for n in names):
        return None
    candidates = list(entry["public"])
    candidates += [path for path, caller in record["callers"].items()
                   if name in caller["uses"] and _names(caller["signature"]) == names]
    for path in candidates:
        fn = _msjax_object(path)
        if fn is not None and not inspect.isclass(fn):
            call = _caller(fn, names)
            if call is not None:
                return call
    public = _SAME_AS_PUBLIC.get(name)
    if public is not None:
        fn = _msjax_object(public)
        return None if fn is None else _caller(fn, names)
    method = _TENSOR_METHODS.get(name)
    if method is not None and names == ["input"]:
        return _caller(_tensor_method(name, method), names)
    return None


# Generated functions no public function of MindSpore 2.10 calls, which are a Tensor method of
# the same meaning: `copy(input)` is `input.copy()`, a Tensor of the same values;
# `contiguous(input)` is `input.contiguous()`, the values in row-major order.
_TENSOR_METHODS = {"copy": "copy", "contiguous": "contiguous"}

# Generated functions MindSpore 2.10's public functions reach through its overload dispatch (not
# recorded as callers), with the same parameters: `sub_ext(input, other, alpha)` is
# `mint.sub(input, other, alpha=alpha)`, `input - alpha * other`.
_SAME_AS_PUBLIC = {"add_ext": "mindspore.mint.add", "sub_ext": "mindspore.mint.sub"}


def _tensor_method(name, method):
    def call(input):
        return getattr(input, method)()
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"`mindspore.ops.auto_generate.{name}(input)`: `input.{method}()`."
    return call


def _implementation_of_instances(instances, call_names):
    record = _record()
    for fname, entry in record["functions"].items():
        if set(entry["calls"]) & set(instances) and _names(entry["signature"]) == call_names:
            fn = function(fname)
            if fn is not None:
                return fn
    for path, caller in record["callers"].items():
        if set(caller["uses"]) & set(instances) and _names(caller["signature"]) == call_names:
            fn = _msjax_object(path)
            if fn is not None and not inspect.isclass(fn):
                call = _caller(fn, call_names)
                if call is not None:
                    return call
    return None


# Generated in-place Primitives (`InplaceAddExt()(input, other, alpha)`) are the Tensor method that
# does the same in place (`input.add_(other, alpha=alpha)`): {class: (method, its keyword-only
# arguments)}. The random ones (`InplaceUniform`, ... with `seed`, `offset`) are not here.
_INPLACE_METHODS = {
    "InplaceAddExt": ("add_", ("alpha",)), "InplaceAddsExt": ("add_", ("alpha",)),
    "InplaceSubExt": ("sub_", ("alpha",)), "InplaceSubScalar": ("sub_", ("alpha",)),
    "InplaceMul": ("mul_", ()), "InplaceMuls": ("mul_", ()),
    "InplaceDiv": ("div_", ()), "InplaceDivs": ("div_", ()),
    "InplaceDivMod": ("div_", ("rounding_mode",)), "InplaceDivMods": ("div_", ("rounding_mode",)),
    "InplaceFillScalar": ("fill_", ()), "InplaceFillTensor": ("fill_", ()),
    "InplaceIndexAddExt": ("index_add_", ("alpha",)), "InplaceCopy": ("copy_", ()),
    "InplaceClampScalar": ("clamp_", ()), "InplaceClampTensor": ("clamp_", ()),
    "InplaceZero": ("zero_", ()), "InplaceScatterSrc": ("scatter_", ()),
    "InplaceScatterValue": ("scatter_", ()),
}


def _inplace_method(name, call_names):
    """The Tensor method a generated in-place Primitive is (`_INPLACE_METHODS`), or None."""
    if name not in _INPLACE_METHODS or call_names[:1] != ["input"]:
        return None
    method, keyword_only = _INPLACE_METHODS[name]

    def call(input, *rest):
        positional = [v for n, v in zip(call_names[1:], rest) if n not in keyword_only]
        keywords = {n: v for n, v in zip(call_names[1:], rest) if n in keyword_only}
        return getattr(input, method)(*positional, **keywords)
    call.__name__ = call.__qualname__ = f"Tensor.{method}"
    return call


_SNAKE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_BY_NAME_MODULES = ("mindspore.mint", "mindspore.mint.nn.functional", "mindspore.mint.linalg",
                    "mindspore.mint.special", "mindspore.ops")


def _implementation_by_name(name, call_names):
    """For a Primitive whose functional form MindSpore implements in C++ (`SubExt` behind
    `mint.sub`): the public function named as the class (`Ext` dropped, snake case), when it
    takes every one of MindSpore's parameters by the same name."""
    base = name[:-3] if name.endswith("Ext") else name
    snake = _SNAKE.sub("_", base).lower()
    for module in _BY_NAME_MODULES:
        fn = _msjax_object(f"{module}.{snake}")
        if fn is None or inspect.isclass(fn):
            continue
        try:
            params = inspect.signature(fn).parameters
        except (TypeError, ValueError):
            continue
        if all(n in params for n in call_names):
            call = _caller(fn, call_names)
            if call is not None:
                return call
    return None


def _default_value(default):
    """A recorded default: MindSpore's dtypes were recorded by their repr (`mindspore.int64`)."""
    if isinstance(default, str) and default.startswith("mindspore."):
        return getattr(mstype, default[len("mindspore."):], default)
    return default


def _call_method(name, params, implementation):
    """`__call__(self, <MindSpore's parameters>)` calling `implementation` with them in order:
    a real function, so a wrong call raises Python's own TypeError
    (`SumExt.__call__() missing 1 required positional argument: 'input'`), as MindSpore's."""
    names = [p[0] for p in params]
    defaults = {f"_default_{i}": _default_value(default) for i, (_, default, required) in enumerate(params)
                if not required}
    signature = ", ".join(n if required else f"{n}=_default_{i}"
                          for i, (n, _, required) in enumerate(params))
    if implementation is None:  # a Primitive with constructor arguments: they follow the inputs
        source = (f"def __call__(self, {signature}):\n"
                  f"    return self._implementation({''.join(n + ', ' for n in names)}"
                  f"*self._init_values)\n")
    else:
        source = (f"def __call__(self, {signature}):\n"
                  f"    return _implementation({', '.join(names)})\n")
    namespace = {"_implementation": implementation, **defaults}
    exec(compile(source, f"<msjax generated {name}>", "exec"), namespace)  # noqa: S102 - ours
    call = namespace["__call__"]
    call.__qualname__ = f"{name}.__call__"
    return call


class GeneratedPrimitive(Primitive):
    """The base of MindSpore's generated Primitives answered by msjax: `Prim(*attrs)(*inputs)`
    takes MindSpore's constructor and call signatures and calls msjax's implementation of the
    operator's functional form with the inputs, then the constructor's arguments, in MindSpore's
    order."""

    _init_names: tuple = ()

    def __init__(self, *init_values):
        super().__init__(type(self).__name__)
        for key, value in zip(self._init_names, init_values):
            self.add_prim_attr(key, value)
        self._init_values = init_values


def _init_method(name, params):
    """`__init__(self, <MindSpore's constructor parameters>)`: a real function, so a wrong
    call raises Python's own TypeError, as MindSpore's."""
    names = [p[0] for p in params]
    defaults = {f"_default_{i}": _default_value(default)
                for i, (_, default, required) in enumerate(params) if not required}
    signature = ", ".join(n if required else f"{n}=_default_{i}"
                          for i, (n, _, required) in enumerate(params))
    source = (f"def __init__(self, {signature}):\n"
              f"    _base(self, {''.join(n + ', ' for n in names)})\n")
    namespace = {"_base": GeneratedPrimitive.__init__, **defaults}
    exec(compile(source, f"<msjax generated {name}>", "exec"), namespace)  # noqa: S102 - ours
    init = namespace["__init__"]
    init.__qualname__ = f"{name}.__init__"
    return init


# Generated random Primitives take MindSpore's generator state as two inputs, `seed` and `offset`
# (what `default_generator._step(n)` returns): msjax draws with a Generator at that state, so
# the same (seed, offset) draws the same numbers. {class: (what draws, by its inputs)}.
_RANDOM_DRAWS = {
    "InplaceUniform": ("Tensor.uniform_", ("input", "from_", "to")),
    "InplaceNormal": ("Tensor.normal_", ("input", "mean", "std")),
    "MultinomialExt": ("mindspore.mint.multinomial", ("input", "num_samples", "replacement")),
    "BernoulliExt": ("mindspore.mint.bernoulli", ("input",)),
    "RandInt": ("mindspore.mint.randint", ("low", "high", "shape")),
}


def _random_draw(name, call_names):
    """For a generated random Primitive (`_RANDOM_DRAWS`): its call, drawing from a Generator at
    the `seed` and `offset` it is given; None for any other."""
    if name not in _RANDOM_DRAWS:
        return None
    path, positional = _RANDOM_DRAWS[name]
    if path.startswith("Tensor."):
        method = path[len("Tensor."):]
        def draw(first, *rest, **keywords):
            return getattr(first, method)(*rest, **keywords)
    else:
        draw = _msjax_object(path)
        if draw is None:
            return None
    keyword_names = [n for n in call_names if n not in positional + ("seed", "offset")]

    def call(*values):
        given = dict(zip(call_names, values))
        keywords = {n: given[n] for n in keyword_names if given.get(n) is not None
                    and n != "device"}
        generator = random.generator_at(given["seed"], given["offset"])
        return draw(*(given[n] for n in positional), generator=generator, **keywords)
    call.__name__ = call.__qualname__ = path
    return call


def _max_pool_with_indices(x, kernel_size, strides, pads, dilation, ceil_mode, argmax_type):
    """`MaxPoolWithIndices(kernel_size, strides, pads, dilation, ceil_mode, argmax_type)(x)`:
    `mint.nn.functional.max_pool2d(..., return_indices=True)`, the indices (each within its
    plane, H·W) in `argmax_type`."""
    pool = _msjax_object("mindspore.mint.nn.functional.max_pool2d")
    out, indices = pool(x, kernel_size, kernel_size if strides is None else strides, pads,
                        dilation, ceil_mode, return_indices=True)
    return out, indices.astype(_default_value(argmax_type))


def _sequence_concat(x, axis):
    """`SequenceConcat(axis)(x)`: the Tensors of the tuple or list `x` joined along `axis`
    (`ops.concat`)."""
    return _msjax_object("mindspore.ops.concat")(x, axis)


# Generated Primitives computed by a public function under other parameter names, or (a
# gradient Primitive with no public form: SoftmaxBackward) by msjax's own.
_PUBLIC_FORMS = {"MaxPoolWithIndices": _max_pool_with_indices,
                 "SequenceConcat": _sequence_concat, "SoftmaxBackward": softmax_backward}


@functools.cache
def primitive(name: str):
    """The generated Primitive class `name` (`SumExt`, `StackExt(dim)`), or None where msjax
    has no implementation of it."""
    entry = _record()["primitives"].get(name)
    if entry is None or entry["call"] is None:
        return None
    call_names = _names(entry["call"])
    init_names = _names(entry["init"])
    if any(n.startswith("*") or not n.isidentifier() for n in call_names + init_names):
        return None
    implementation = _random_draw(name, call_names) if not init_names else None
    if implementation is None:
        names = call_names + init_names
        implementation = (_PUBLIC_FORMS.get(name)
                          or _implementation_of_instances(entry["instances"], names)
                          or _implementation_by_name(name, names)
                          or (None if init_names else _inplace_method(name, call_names)))
    if implementation is None:
        return None
    doc = (f"`mindspore.ops.auto_generate.{name}`: `{name}({', '.join(init_names)})"
           f"({', '.join(call_names)})` calls msjax's "
           f"`{getattr(implementation, '__qualname__', name)}`.")
    namespace = {"__doc__": doc, "__module__": "msjax.ops.auto_generate",
                 "_init_names": tuple(init_names)}
    if init_names:
        namespace["__init__"] = _init_method(name, entry["init"])
        namespace["_implementation"] = staticmethod(implementation)
        call = _call_method(name, entry["call"], None)
        namespace["__call__"] = call
    else:
        namespace["__call__"] = _call_method(name, entry["call"], implementation)
    return type(name, (GeneratedPrimitive,), namespace)


def _inner_class(name: str):
    """The class of `pyboost_inner_prim`'s instance `name` (`argmax_with_value_impl` is a
    `_PyboostArgMaxWithValuePrim`): called with the generated Primitive's inputs and then its
    constructor's arguments (`(input, axis, keep_dims)`), it is
    `ArgMaxWithValue(axis, keep_dims)(input)`; None where msjax has no such Primitive."""
    record = _record()
    cls_name = record["inner"][name]
    base = cls_name[len("_Pyboost"):-len("Prim")]
    entry = record["primitives"].get(base)
    params = record.get("inner_calls", {}).get(name)
    cls = lookup_class(base)
    if entry is None or params is None or cls is None:
        return None
    call_names = _names(entry["call"])
    init_names = _names(entry["init"])
    if [p[0] for p in params] != call_names + init_names:
        return None
    make = _caller(cls, init_names) if init_names else cls
    if make is None:
        return None

    def implementation(*values):
        inputs, attributes = values[:len(call_names)], values[len(call_names):]
        return make(*attributes)(*inputs)
    doc = (f"`mindspore.ops.auto_generate.pyboost_inner_prim.{name}`: `{name}"
           f"({', '.join(call_names + init_names)})` is `{base}({', '.join(init_names)})"
           f"({', '.join(call_names)})`.")
    return type(cls_name, (GeneratedPrimitive,), {
        "__doc__": doc, "__module__": "msjax.ops.auto_generate.pyboost_inner_prim",
        "__call__": _call_method(cls_name, params, implementation)})


@functools.cache
def _instance_classes() -> dict:
    out = {}
    for name, entry in _record()["primitives"].items():
        for instance in entry["instances"]:
            out[instance] = name
    return out


@functools.cache
def instance(name: str):
    """The module-level instance `name` (`sum_ext_op`), or None."""
    if name in _record()["inner"]:
        cls = _inner_class(name)
        return None if cls is None else cls()
    cls_name = _instance_classes().get(name)
    if cls_name is None:
        return None
    cls = lookup_class(cls_name)
    return None if cls is None else cls()


def lookup_class(name: str):
    """msjax's `ops.name` Primitive class where it has one, else the generated class."""
    if name.startswith("_"):
        return primitive(name)
    for home in ("mindspore.ops", "mindspore.ops.operations._grad_ops"):  # (gradients' there)
        existing = _msjax_object(f"{home}.{name}")
        if inspect.isclass(existing):
            return existing
    registered = PRIMITIVES.get(name)  # msjax's class of a name only auto_generate has (CdistGrad)
    if inspect.isclass(registered):
        return registered
    return primitive(name)


def lookup(name: str):
    """What `mindspore.ops.auto_generate.<name>` is in msjax, or None."""
    record = _record()
    if name in record["primitives"]:
        return lookup_class(name)
    if name in record["functions"]:
        existing = _msjax_object(f"mindspore.ops.{name}")
        if existing is not None and not inspect.isclass(existing):
            return existing
        return function(name)
    if name in _instance_classes() or name in record["inner"]:
        return instance(name)
    return None


def module_getattr(msjax_module_name: str):
    """The module `__getattr__` of `msjax.ops.auto_generate[.x]`: a generated name is built (and
    kept on the module); any other name is answered as every MindSpore module path is
    (`module_tree.missing_names`: msjax's `ops`, or an AttributeError naming what is missing)."""
    fallback = module_tree.missing_names(msjax_module_name)

    def __getattr__(name: str):
        if not name.startswith("__"):
            value = lookup(name)
            if value is not None:
                setattr(sys.modules[msjax_module_name], name, value)
                return module_tree.identified(f"{module_tree.mindspore_path(msjax_module_name)}.{name}",
                                              value)
        return fallback(name)

    return __getattr__
