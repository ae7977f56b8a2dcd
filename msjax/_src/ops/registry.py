"""The one op table.

Each operation is implemented once, as a function on `jax.Array`s, and registered under its
MindSpore functional name with `@op`. The decorator returns the Tensor-level function users call
(`ops.add`): Tensors are unwrapped and results wrapped here, at the boundary, and nowhere else.

An op's `@op` line is its whole record: its functional names, the Primitive classes that call it
with the same inputs (`primitive="Add"`: built here by `primitive`, and made attributes of the
op's module, where `msjax/ops` re-exports them from) and the names under which it is a Tensor
method (`tensor_method=True`: installed by `msjax._src.tensor_methods`). Adding an op is that
line plus `python tools/gen_ops_init.py` (tests/ops proves the generated modules current).
Primitives and methods whose inputs differ from the op's are adapters: primitives.py and
tensor_methods.py. Registering a name twice is an error.
"""
from __future__ import annotations

import functools
import inspect
import sys

import jax

from msjax._src.tensor import Tensor, _wrap

_new_tensor = object.__new__

OPS: dict[str, object] = {}
PRIMITIVES: dict[str, type] = {}
TENSOR_METHODS: dict[str, object] = {}  # method name -> op, for ops whose signature fits as is

_ARRAY = jax.Array
try:  # the concrete array type: an exact type check is ten times cheaper than isinstance
    from jax._src.array import ArrayImpl as _ARRAY_IMPL
except ImportError:  # pragma: no cover
    _ARRAY_IMPL = jax.Array


def unwrap(x):
    """Tensors (at any depth of tuples and lists) as their jax.Arrays."""
    if type(x) is Tensor:
        return x._data
    if isinstance(x, Tensor):  # Parameter: its value goes through the state accessor.
        return x._data
    if type(x) is tuple:
        return tuple(unwrap(e) for e in x)
    if type(x) is list:
        return [unwrap(e) for e in x]
    return x


def wrap(y):
    """jax.Arrays (at any depth of tuples and lists) as Tensors."""
    if type(y) is _ARRAY_IMPL or isinstance(y, _ARRAY):
        return _wrap(y)
    if type(y) is tuple:
        return tuple(wrap(e) for e in y)
    if type(y) is list:
        return [wrap(e) for e in y]
    return y


def _register(table: dict, name: str, value) -> None:
    if name in table:
        raise ValueError(f"msjax: the op '{name}' is registered twice; each op has one "
                         "implementation. Remove one of the registrations.")
    table[name] = value


def functional(impl):
    """The Tensor-level function of a jax-level implementation `impl`.

    A binary op's implementation may carry `positional`: the same computation without the
    MindSpore parameter names (which only keyword calls need), called by the two-argument hot
    path to save a Python call (math_ops._binary)."""
    positional = getattr(impl, "positional", impl)

    @functools.wraps(impl)
    def call(*args, **kwargs):
        if kwargs:
            kwargs = {k: unwrap(v) for k, v in kwargs.items()}
            y = impl(*[a._data if isinstance(a, Tensor) else unwrap(a) for a in args], **kwargs)
        elif len(args) == 2:  # the hot path: binary ops and operators, without a comprehension
            a, b = args
            y = positional(a._data if isinstance(a, Tensor) else unwrap(a),
                           b._data if isinstance(b, Tensor) else unwrap(b))
        else:
            y = impl(*[a._data if isinstance(a, Tensor) else unwrap(a) for a in args])
        if type(y) is _ARRAY_IMPL:
            tensor = _new_tensor(Tensor)
            tensor._data = y
            return tensor
        return wrap(y)
    call.impl = impl
    return call


def op(name: str | None = None, *aliases: str, primitive: str | tuple = (),
       tensor_method: bool | str | tuple = False):
    """Register `impl` under MindSpore functional name `name` (default: its own name).

    Args:
        name, aliases: the functional names (`ops.add`, `ops.tensor_add`).
        primitive: the name(s) of MindSpore Primitive classes that are this op with the same
            inputs and no attributes (`ops.Add()(x, y)` is `ops.add(x, y)`); each is built by
            `primitive` and set on the op's module.
        tensor_method: whether the op is also a Tensor method with the same signature (the Tensor
            first): True for all its names, or the name(s) that are methods.

    Returns the Tensor-level function; the jax-level implementation stays reachable as `.impl`.
    """
    def register(impl):
        fn = functional(impl)
        names = (name or impl.__name__,) + aliases
        for n in names:
            _register(OPS, n, fn)
        methods = names if tensor_method is True else _names(tensor_method or ())
        for method in methods:
            _register(TENSOR_METHODS, method, fn)
        module = sys.modules[impl.__module__]
        for class_name in _names(primitive):
            setattr(module, class_name, _build_primitive(class_name, fn))
        return fn
    return register


def _names(names) -> tuple:
    return (names,) if isinstance(names, str) else tuple(names)


def tensor_op(name: str | None = None, *aliases: str):
    """Register a function that works on Tensors themselves (it needs the Parameter object, e.g.
    `ops.assign`), under its MindSpore name(s); it is returned unchanged."""
    def register(fn):
        for n in (name or fn.__name__,) + aliases:
            _register(OPS, n, fn)
        return fn
    return register


class Primitive:
    """`mindspore.ops.Primitive`: the base of MindSpore's operator classes.

    msjax's built-in Primitives call the registered functional op with their attributes; a user
    subclass may define `__call__` itself, as in MindSpore's Python-defined ops.
    """

    def __init__(self, name: str | None = None):
        self.name = name or type(self).__name__
        self.attrs = {}

    def add_prim_attr(self, name, value):
        self.attrs[name] = value
        return self

    def del_prim_attr(self, name):
        self.attrs.pop(name, None)
        return self

    def set_prim_instance_name(self, instance_name):
        self.instance_name = instance_name
        return self

    def init_prim_io_names(self, inputs, outputs):
        self.add_prim_attr("input_names", inputs)
        self.add_prim_attr("output_names", outputs)

    def shard(self, *args, **kwargs):
        return self

    def recompute(self, mode=True):
        return self

    def set_device(self, device_target):
        return self

    def __repr__(self) -> str:
        shown = {k: v for k, v in self.attrs.items() if k not in ("input_names", "output_names")}
        if not shown:
            return f"Prim[{self.name}]"
        return f"Prim[{self.name}]<" + ", ".join(f"{k}={v}" for k, v in shown.items()) + ">"


def primitive(name: str, fn, *, display=None, **init_defaults) -> type:
    """Build the Primitive class `name`: `name(**attrs)(*inputs)` is `fn(*inputs, **attrs)`.

    `init_defaults` are the class's constructor arguments with MindSpore's defaults
    (`inspect.Parameter.empty` for a required one); each is kept as an attribute (shown in the
    repr) and passed to `fn` as a keyword. Where the functional op names an argument differently,
    `fn` is a small adapter over it. `display`, when given, maps the attributes to those
    MindSpore's repr shows (it normalises some: `Squeeze(0)` shows `axis=(0,)`).
    """
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(k, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=v)
               for k, v in init_defaults.items()]
    signature = inspect.Signature(params)

    def __init__(self, *args, **kwargs):
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        Primitive.__init__(self, name)
        for key, value in list(bound.arguments.items())[1:]:
            self.attrs[key] = value
            setattr(self, key, value)
        self._kwargs = {k: self.attrs[k] for k in init_defaults}
        if display is not None:
            self.attrs = display(dict(self.attrs))

    __init__.__signature__ = signature

    def __call__(self, *inputs):
        return fn(*inputs, **self._kwargs)

    cls = type(name, (Primitive,), {"__init__": __init__, "__call__": __call__,
                                    "__doc__": f"`mindspore.ops.{name}`: calls `{fn.__name__}`.",
                                    "__module__": "msjax.ops",
                                    "op_function": staticmethod(fn)})
    _register(PRIMITIVES, name, cls)
    return cls


_build_primitive = primitive  # `op`'s keyword `primitive` hides the function's name there
