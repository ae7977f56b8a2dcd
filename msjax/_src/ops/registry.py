"""The one op table.

Each operation is implemented once, as a function on `jax.Array`s, and registered under its
MindSpore functional name with `@op`. The decorator returns the Tensor-level function users call
(`ops.add`): Tensors are unwrapped and results wrapped here, at the boundary, and nowhere else.

An op's `@op` line is its whole record: its functional names, the Primitive classes that call it
with the same inputs (`primitive="Add"`: built here by `primitive`, and made attributes of the
op's module, where `msjax/ops` re-exports them from) and the names under which it is a Tensor
method (`tensor_method=True`: installed by `msjax._src.ops.tensor_methods`). An op that is one eager
program on its inputs names it (`program=_matmul_program`): its Tensor-level function then calls
the program's C++ dispatch itself (`one_program_functional`). Adding an op is that line plus
`python tools/gen_ops_init.py` (tests/ops proves the generated modules current).
Primitives and methods whose inputs differ from the op's are adapters: primitives.py and
tensor_methods.py. Registering a name twice is an error.
"""
from __future__ import annotations

import functools
import inspect
import os
import re
import sys

import jax

from msjax._src.core import dtype as mstype
from msjax._src.core import integer_inputs, strided_views, traceback_filter, x64
from msjax._src.backend.interface import CONCRETE_ARRAY
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.ops import dtype_rules, input_rules, keyword_inputs, primitive_arity, shape_rules
from msjax._src.ops import primitive_callings
from msjax._src.core.amp_strategy import LOW_DTYPE
from msjax._src.ops.amp_auto import inputs_cast, with_amp
from msjax._src.parallel.parallel_layout import Layout
from msjax._src.parallel import strategy_file
from msjax._src.parallel.strategy_checks import check_operator_strategy, tensor_input_strategies
from msjax._src.parallel.strategy_sharding import constrain_inputs, strategies_apply

_new_tensor = object.__new__
_x64_swap, _x64_restore = x64.swap_and_restore()  # every op runs with 64-bit types on (x64.py)
_user_traceback = traceback_filter.user_traceback  # errors show the user's frames only

OPS: dict[str, object] = {}
PRIMITIVES: dict[str, type] = {}
TENSOR_METHODS: dict[str, object] = {}  # method name -> op, for ops whose signature fits as is

_ARRAY = jax.Array
_SCALARS = frozenset((int, float, bool, type(None)))  # what `unwrap` returns as it is
# the concrete array type: an exact type check is ten times cheaper than isinstance
_ARRAY_IMPL = CONCRETE_ARRAY


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


# Arguments no op takes where a Tensor goes (JAX's error would name its own internals): the op
# raises MindSpore's "Failed calling Add with ..." instead, when a parameter gets one.
_NOT_AN_ARRAY_TYPES = frozenset({str, bytes, dict, set})
_JAX_NOT_AN_ARRAY = "as an abstract array"  # in JAX's TypeError for such an argument
_MS_TYPE_NAMES = {str: "string", bytes: "bytes", int: "int", float: "float", bool: "bool",
                  type(None): "None", list: "list", tuple: "tuple", dict: "dict", set: "set"}


def _failed_calling(impl, args, kwargs) -> TypeError:
    """MindSpore's TypeError for an op called with an argument of a type it does not take:
    `Failed calling Add with "Add()(input=Tensor, other=string)".`, followed by the valid
    calling where MindSpore's is recorded (ops/primitive_callings.py)."""
    name = _primitive_name(impl)
    recorded = primitive_callings.failed_calling(name, impl, args, kwargs)
    if recorded is not None:
        return recorded
    try:
        bound = inspect.signature(impl).bind_partial(*args, **kwargs).arguments
    except TypeError:
        bound = {f"arg{i}": a for i, a in enumerate(args)} | kwargs
    described = ", ".join(f"{key}={_ms_type_name(value)}" for key, value in bound.items())
    return TypeError(f'Failed calling {name} with "{name}()({described})".')


_PYTHON_COMPARISON = "not supported between instances of"  # Python's TypeError for `<`
# A Python number where the op reads an array's attribute: MindSpore's "Failed calling" too
_PYTHON_NUMBERS = (int, float, bool, complex)
_PYTHON_NUMBER_ATTRIBUTE = re.compile(r"'(int|float|bool|complex)' object has no attribute ")
_JAX_BROADCAST = "incompatible shapes for broadcasting"  # in JAX's TypeError
_JAX_RANKS_BROADCAST = "Incompatible shapes for broadcasting"  # its ValueError (ranks differ)
# JAX's TypeErrors for shapes that do not fit, where MindSpore raises a ValueError
_JAX_SHAPE_TYPE_ERRORS = ("Cannot concatenate arrays", "must have every element be nonnegative",
                          "dot_general requires", "cannot reshape array")
# An input of too low a rank, met by an implementation reading an axis it lacks: MindSpore's
# shape inference raises a ValueError there
_SHAPE_INDEX_ERROR = "tuple index out of range"


def _mindspores_error(impl, args, kwargs, error):
    """What an op raises for `error` (a TypeError, AttributeError or JAX's ValueError for shapes
    that do not broadcast, raised by its implementation):
    MindSpore's TypeError "Failed calling Add with ..." when an argument is of a type no op takes
    where a Tensor goes (JAX's words, or an attribute a string lacks); MindSpore's ValueError for
    shapes that do not broadcast (JAX raises a TypeError); otherwise `error` itself. Its
    traceback shows the user's frames only (core/traceback_filter.py)."""
    if isinstance(error, (jax.errors.JAXTypeError, jax.errors.JAXIndexError)):
        # a traced value where the op needs a concrete one: the caller (graph mode's eager
        # fallback) acts on JAX's own error, whatever the arguments are
        return error
    values = (*args, *kwargs.values())
    for value in values:  # a variable converted control flow left without a value (a branch
        if getattr(type(value), "is_msjax_undefined", False):  # join of two shapes): its error
            value.fail()  # (the function then runs eagerly, as MindSpore's dynamic shape)
    text = str(error)
    shapes = [tuple(a.shape) for a in values if isinstance(a, (Tensor, jax.Array))]
    name = _primitive_name(impl)
    if (isinstance(error, AttributeError) or _JAX_NOT_AN_ARRAY in text
            or _PYTHON_COMPARISON in text  # a string `dim` compared with the rank
            or type(error) not in (TypeError, AttributeError, ValueError, IndexError)) and any(
                type(a) in _NOT_AN_ARRAY_TYPES for a in values):  # (NumPy's UFuncTypeError)
        error = _failed_calling(impl, args, kwargs)
    elif isinstance(error, AttributeError) and _PYTHON_NUMBER_ATTRIBUTE.match(text) and any(
            type(a) in _PYTHON_NUMBERS for a in values):  # `ops.sum(1)`: an int has no `ndim`
        error = _failed_calling(impl, args, kwargs)
    elif primitive_callings.refused(name, impl, args, kwargs, error):  # `ops.mul(x, None)`
        error = _failed_calling(impl, args, kwargs)
    elif (_JAX_BROADCAST in text or _JAX_RANKS_BROADCAST in text) and len(shapes) >= 2:
        error = broadcast_error(name, shapes[0], shapes[1])
    elif isinstance(error, TypeError) and any(p in text for p in _JAX_SHAPE_TYPE_ERRORS):
        error = ValueError(f"For '{name}', the input shapes do not fit: {text}")
    elif isinstance(error, IndexError) and text == _SHAPE_INDEX_ERROR:
        error = ValueError(f"For '{name}', an input's rank is too low for the op (input shapes "
                           f"{', '.join(str(list(s)) for s in shapes)}).")
    else:
        return _user_traceback(error)
    error.__suppress_context__ = True
    return _user_traceback(error)


def broadcast_error(name: str, x_shape, y_shape, inputs=("input1", "input2")) -> ValueError:
    """MindSpore's ValueError for an elementwise op whose inputs' shapes do not broadcast (its
    axis numbers as MindSpore prints them: the position in the input plus the second input's
    rank, recorded by tests/goldens/scripts/robustness_probe.py); `inputs`: the inputs' names in
    the message (('input', 'other') for AddExt)."""
    rank = max(len(x_shape), len(y_shape))
    padded_x = (1,) * (rank - len(x_shape)) + tuple(x_shape)
    padded_y = (1,) * (rank - len(y_shape)) + tuple(y_shape)
    axis = next((k for k in range(rank) if padded_x[k] != padded_y[k]
                 and 1 not in (padded_x[k], padded_y[k])), rank - 1)
    at_x = axis - (rank - len(x_shape)) + len(y_shape)
    at_y = axis - (rank - len(y_shape)) + len(y_shape)
    listed = [", ".join(str(d) for d in shape) for shape in (x_shape, y_shape)]
    x, y = inputs
    return ValueError(f"For '{name}', {x}.shape and {y}.shape need to broadcast. The value "
                      f"of {x}.shape[{at_x}] or {y}.shape[{at_y}] must be 1 or -1 when they "
                      f"are not the same, but got {x}.shape = [{listed[0]}] and {y}.shape "
                      f"= [{listed[1]}]")


def _primitive_name(impl) -> str:
    return getattr(impl, "primitive_name", None) or "".join(
        part.capitalize() for part in impl.__name__.split("_"))


def _ms_type_name(value) -> str:
    if isinstance(value, (Tensor, jax.Array)):
        return "Tensor"
    return _MS_TYPE_NAMES.get(type(value), type(value).__name__)


def _register(table: dict, name: str, value) -> None:
    if name in table:
        raise ValueError(f"msjax: the op '{name}' is registered twice; each op has one "
                         "implementation. Remove one of the registrations.")
    table[name] = value


_recording_integers = integer_inputs.recording


def functional(impl, amp=None):
    """The Tensor-level function of a jax-level implementation `impl`.

    A binary op's implementation may carry `positional`: the same computation without the
    MindSpore parameter names (which only keyword calls need), called by the two-argument hot
    path to save a Python call (math_ops._binary). `amp`: for an op on mixed precision "auto"'s
    lists, the cast of its arguments (`amp_auto.inputs_cast`), made while a strategy is in force."""
    positional = getattr(impl, "positional", impl)

    @functools.wraps(impl)
    def call(*args, **kwargs):
        if amp is not None and LOW_DTYPE.get() is not None:
            args, kwargs = amp(args, kwargs)
        previous = _x64_swap(True)
        try:
            if kwargs:
                kwargs = {k: unwrap(v) for k, v in kwargs.items()}
                y = impl(*[a._data if isinstance(a, Tensor) else unwrap(a) for a in args],
                         **kwargs)
            elif len(args) == 2:  # the hot path: binary ops and operators, no comprehension
                a, b = args
                y = positional(a._data if isinstance(a, Tensor) else unwrap(a),
                               b if b.__class__ in _SCALARS else
                               b._data if isinstance(b, Tensor) else unwrap(b))
            elif len(args) == 1:  # unary ops, reductions over all axes
                a, = args
                y = impl(a._data if isinstance(a, Tensor) else unwrap(a))
            elif len(args) == 3:  # reductions with axis and keepdims (`x.sum(0)`)
                a, b, c = args
                y = impl(a._data if isinstance(a, Tensor) else unwrap(a),
                         b._data if isinstance(b, Tensor) else unwrap(b),
                         c._data if isinstance(c, Tensor) else unwrap(c))
            else:
                y = impl(*[a._data if isinstance(a, Tensor) else unwrap(a) for a in args])
        except (TypeError, AttributeError) as error:
            raise _mindspores_error(impl, args, kwargs, error)  # noqa: B904 - (or `error`)
        except ValueError as error:
            if _JAX_RANKS_BROADCAST in str(error) or primitive_callings.refused(
                    _primitive_name(impl), impl, args, kwargs, error):  # (`ops.mul(x, None)`)
                raise _mindspores_error(impl, args, kwargs, error)  # noqa: B904
            _user_traceback(error)  # the user's frames only (core/traceback_filter.py)
            raise
        except IndexError as error:
            if str(error) == _SHAPE_INDEX_ERROR:
                raise _mindspores_error(impl, args, kwargs, error)  # noqa: B904
            _user_traceback(error)
            raise
        except Exception as error:
            _user_traceback(error)
            raise
        finally:
            _x64_restore(previous)
        if _recording_integers() and args:  # (an integer input's copy rearranged stays one)
            first = args[0]
            integer_inputs.carried(impl.__name__, first._data if isinstance(first, Tensor)
                                   else first, y)
        if type(y) is _ARRAY_IMPL:
            tensor = _new_tensor(Tensor)
            tensor._data = y
            return tensor
        return wrap(y)
    call.impl = impl
    return call


# The Tensor-level function of an op that is one eager program (`one_program_functional`), with
# the implementation's own parameters; `_op_` names cannot clash with them.
_ONE_PROGRAM_SOURCE = """
def {name}({header}):{guard}{amp}
    _op_previous = _op_x64_swap(True)
    try:
        _op_out = _op_program.dispatch({arrays})
    except Exception:
        _op_out = _op_FAILED  # the implementation says what is wrong, with MindSpore's message
    finally:
        _op_x64_restore(_op_previous)
    if type(_op_out) is _op_ArrayImpl:
        _op_tensor = _op_new(_op_Tensor)
        _op_tensor._data = _op_out
        return _op_tensor
    if _op_out is _op_FAILED:
        try:
            return _op_implementation({params})
        except Exception as _op_error:
            _op_user_traceback(_op_error)  # without this frame either
            raise
    return _op_wrap(_op_out)
"""


def one_program_functional(impl, program, amp=None):
    """The Tensor-level function of an op whose implementation `impl` is the eager program
    `program` (`one_program.eager_jit`) called with its arguments by position, apart from the
    errors `impl` raises for bad input.

    It takes `impl`'s parameters by the same names (so a call pays for no `*args`/`**kwargs`)
    and passes their arrays straight to the program's C++ dispatch: a call with a signature run
    before executes without Python in between; any other (a new signature, a traced input, a
    JAX setting changed) goes through the program's own miss handler, the same path as
    `impl`'s call of `program`. When the dispatch raises, the call is made again as
    `functional(impl)` (which raises `impl`'s error, with MindSpore's message; an op is pure, so
    the second call computes the same). Where this JAX has no C++ dispatch it is
    `functional(impl)`. `amp` as `functional`'s: while a strategy is in force, such an op is
    called as `functional(impl, amp)`."""
    implementation = functional(impl, amp)
    dispatch = getattr(program, "positional_dispatch", None)
    dispatch = dispatch() if dispatch is not None else None
    parameters = inspect.signature(impl).parameters.values()
    if any(p.kind is not p.POSITIONAL_OR_KEYWORD or p.default is not p.empty
           or p.name.startswith("_op_") for p in parameters):
        raise TypeError(f"op(program=...): {impl.__name__}{inspect.signature(impl)} must take "
                        "only required parameters by position or keyword (no defaults, *args, "
                        "**kwargs or '_op_' names): those are what its program is called with. "
                        "Register it without `program`.")
    if dispatch is None:
        implementation.program = program
        return implementation
    names = [p.name for p in parameters]
    source = _ONE_PROGRAM_SOURCE.format(
        name=impl.__name__, header=", ".join(names), guard="", params=", ".join(names),
        amp="" if amp is None else ("\n    if _op_LOW_DTYPE.get() is not None:\n"
                                    f"        return _op_implementation({', '.join(names)})"),
        arrays=", ".join(f"{n}._data if isinstance({n}, _op_Tensor) else _op_unwrap({n})"
                         for n in names))
    call = functools.wraps(impl)(_generated(source, impl.__name__, program, implementation))
    call.impl = impl
    call.program = program
    call.parameters = tuple(names)
    call.amp = amp
    return call


def _generated(source: str, name: str, program, implementation, **extra):
    """The function `name` defined by `source` (a `_ONE_PROGRAM_SOURCE`), with its names."""
    # the program's dispatch is read at each call: a program re-optimised after quick runs
    # (`quick_compile`) makes a new one, the old one sending that signature to Python for good
    namespace = {"_op_program": program, "_op_ArrayImpl": _ARRAY_IMPL, "_op_new": _new_tensor,
                 "_op_Tensor": Tensor, "_op_wrap": wrap, "_op_unwrap": unwrap,
                 "_op_implementation": implementation, "_op_x64_swap": _x64_swap,
                 "_op_x64_restore": _x64_restore, "_op_FAILED": object(),
                 "_op_user_traceback": _user_traceback, "_op_LOW_DTYPE": LOW_DTYPE,
                 "__builtins__": __builtins__, **extra}
    # named as a file of msjax's own, so that jit's control-flow conversion leaves it as it is
    filename = os.path.join(os.path.dirname(__file__), f"<op {name}, generated>")
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - our own source
    return namespace[name]


def one_program_method(fn, otherwise):
    """The Tensor method of `fn`, a one-program op of one input (`one_program_functional`)
    that MindSpore's Tensor method calls with no arguments (`x.abs()`): `fn`'s call, made in the
    method's own frame; a call with arguments is `otherwise`'s (the method with MindSpore's
    count of them, ops/overloads.counted, which raises its error). None when `fn` is no such
    op (its Tensor method is then `otherwise`)."""
    if len(getattr(fn, "parameters", ())) != 1 or getattr(fn, "program", None) is None:
        return None
    (name,) = fn.parameters
    amp = fn.amp
    source = _ONE_PROGRAM_SOURCE.format(
        name=fn.__name__, header=f"{name}, *_op_args, **_op_kwargs", params=name,
        guard=("\n    if _op_args or _op_kwargs:\n"
               "        try:\n"
               f"            return _op_otherwise({name}, *_op_args, **_op_kwargs)\n"
               "        except Exception as _op_error:\n"
               "            _op_user_traceback(_op_error)  # the user's frames only\n"
               "            raise"),
        amp="" if amp is None else ("\n    if _op_LOW_DTYPE.get() is not None:\n"
                                    f"        return _op_implementation({name})"),
        arrays=f"{name}._data if isinstance({name}, _op_Tensor) else _op_unwrap({name})")
    method = _generated(source, fn.__name__, fn.program, fn, _op_otherwise=otherwise)
    method.__name__ = fn.__name__
    method.__qualname__ = otherwise.__qualname__
    method.__doc__ = fn.__doc__
    method.__wrapped__ = fn
    return method


def op(name: str | None = None, *aliases: str, primitive: str | tuple = (),
       tensor_method: bool | str | tuple = False, program=None, view=None):
    """Register `impl` under MindSpore functional name `name` (default: its own name).

    Args:
        name, aliases: the functional names (`ops.add`, `ops.tensor_add`).
        primitive: the name(s) of MindSpore Primitive classes that are this op with the same
            inputs and no attributes (`ops.Add()(x, y)` is `ops.add(x, y)`); each is built by
            `primitive` and set on the op's module.
        tensor_method: whether the op is also a Tensor method with the same signature (the Tensor
            first): True for all its names, or the name(s) that are methods.
        program: the eager program (`one_program.eager_jit`) that `impl` is, called with its
            arguments by position, apart from its errors for bad input: the Tensor-level
            function then calls the program's C++ dispatch itself (`one_program_functional`).
        view: for a MindSpore view op (its result shares its input's memory in PyNative mode),
            the rule of `core/strided_views` that gives the result's strides and offset.

    Returns the Tensor-level function; the jax-level implementation stays reachable as `.impl`
    (without MindSpore's input checks of `dtype_rules`/`shape_rules`, which the Tensor-level
    function makes).
    """
    def register(impl):
        if primitive:
            impl.primitive_name = _names(primitive)[0]  # named in errors (`_failed_calling`)
        names = (name or impl.__name__,) + aliases
        rule = _input_rule(*names)
        if rule is not None and program is not None:
            raise TypeError(f"op(program=...): '{names[0]}' has input rules, which its "
                            "program's C++ dispatch would skip; register it without `program`.")
        raw = impl
        impl = input_rules.checked(impl, rule)  # MindSpore's input checks, where it has them
        amp = inputs_cast(names + _names(primitive))  # mixed precision "auto" (amp_auto.py)
        fn = (functional(impl, amp) if program is None
              else one_program_functional(impl, program, amp))
        if view is not None:
            fn = strided_views.view_op(view, raw)(fn)
        fn.impl = raw  # (what other implementations build on: without the op's input checks)
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
    `ops.assign`), under its MindSpore name(s); it is returned run with 64-bit types on (x64.py:
    an Int64 Parameter's `assign_add` stays Int64), checking MindSpore's input rules first where
    it has any."""
    def register(fn):
        names = (name or fn.__name__,) + aliases
        checked = input_rules.checked(x64.scoped(fn), _input_rule(*names))
        for n in names:
            _register(OPS, n, checked)
        return checked
    return register


def _input_rule(*names):
    """MindSpore's checks of the inputs of the op registered under `names`: its dtype rules,
    then its shape rules (dtype_rules.RULES, shape_rules.RULES); None where it has none."""
    rules = [table[n] for table in (dtype_rules.RULES, shape_rules.RULES) for n in names
             if n in table]
    return sum(rules[1:], rules[0]) if rules else None


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
        self.__dict__[name] = value
        return self

    def del_prim_attr(self, name):
        self.attrs.pop(name, None)
        return self

    def set_user_data(self, key, value):
        """Keep `value` under `key` on this Primitive (MindSpore's user data)."""
        self.__dict__.setdefault("_user_data", {})[key] = value

    def get_user_data(self, key):
        """The value `set_user_data` kept under `key` (RuntimeError if none, as MindSpore)."""
        data = self.__dict__.get("_user_data", {})
        if key not in data:
            raise RuntimeError("The pointer[primitive_data] is null.")
        return data[key]

    def set_prim_instance_name(self, instance_name):
        self.instance_name = instance_name
        return self

    def init_prim_io_names(self, inputs, outputs):
        self.add_prim_attr("input_names", inputs)
        self.add_prim_attr("output_names", outputs)

    _in_strategy = None  # Primitive.shard's input strategy, applied in semi-auto parallel mode
    _out_strategy = None  # and its output strategy, checked there (XLA propagates the output's)

    def shard(self, in_strategy=None, out_strategy=None):
        """`Primitive.shard(in_strategy=None, out_strategy=None)`: how to split the inputs (a
        tuple per input of split counts, or Layouts), kept as MindSpore's attributes. In
        SEMI_AUTO_PARALLEL and AUTO_PARALLEL mode the inputs are constrained to those
        shardings where the op is compiled, and XLA runs it sharded (parallel/
        strategy_sharding.py); the output strategy is left to XLA's sharding propagation. In
        other modes strategies are ignored, as in MindSpore."""
        if in_strategy is None and out_strategy is None:
            return self
        kinds = [_check_shard_strategy(self.name, value, label)
                 for value, label in ((in_strategy, "in_strategy"), (out_strategy, "out_strategy"))
                 if value is not None]
        kinds = [kind for kind in kinds if kind is not None]
        if len(set(kinds)) > 1:
            raise ValueError("The in_strategy type must equal to the out_strategy type, one using "
                             "tuple(tuple) and the other using tuple(Layout) is not allowed.")
        for value, label in ((in_strategy, "in"), (out_strategy, "out")):
            if value is None:
                continue
            if kinds and kinds[0]:
                self.add_prim_attr(f"{label}_layout", tuple(
                    {k: v for k, v in item.to_dict().items() if k != "rank_list"}
                    for item in value))
            else:
                self.add_prim_attr(f"{label}_strategy", value)
        if in_strategy:
            self._in_strategy = in_strategy
        if out_strategy:
            self._out_strategy = out_strategy
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


def _check_shard_strategy(name, strategy, label):
    """MindSpore's checks of a shard strategy; whether it is made of Layouts (None: empty)."""
    if not isinstance(strategy, tuple):
        raise TypeError(f"{label} must be tuple type, but got:{type(strategy)}")
    if strategy == ():
        return None
    kinds = []
    for item in strategy:
        if not isinstance(item, (tuple, Layout)):
            raise TypeError(f"The element of strategy must be tuple/Layout type, but "
                            f"got:{type(item)}")
        if isinstance(item, tuple):
            for value in item:
                if not isinstance(value, int):
                    raise TypeError(f"The {label}: {strategy} of {name} is not valid, the value "
                                    f"of strategy must be int type, but got:{type(value)}")
        kinds.append(isinstance(item, Layout))
    return kinds[0]  # MindSpore lets tuples and Layouts mix; the first says which attribute


def _sharded_inputs(prim, inputs):
    """The Tensor inputs of a traced call constrained to `prim`'s input strategy (in semi-auto
    and auto parallel mode; otherwise the inputs as they are)."""
    if not strategies_apply():
        return inputs
    positions = [i for i, x in enumerate(inputs) if isinstance(x, Tensor)]
    arrays = [inputs[i]._data for i in positions]
    if not any(isinstance(a, jax.core.Tracer) for a in arrays):
        return inputs
    strategy = tensor_input_strategies(prim.name, prim._in_strategy,
                                       [isinstance(x, Tensor) for x in inputs], prim.attrs)
    check_operator_strategy(prim.name, strategy, [tuple(a.shape) for a in arrays],
                            prim._out_strategy, prim.attrs)
    constrained = constrain_inputs(prim.name, strategy, arrays)
    strategy_file.record_operator(prim.name, strategy, [inputs[i] for i in positions])
    inputs = list(inputs)
    for i, array in zip(positions, constrained):
        inputs[i] = _wrap(array)
    return tuple(inputs)


def prim_attr_register(fn):
    """`mindspore.ops.prim_attr_register`: the decorator of a Primitive subclass's `__init__`.
    It initialises the Primitive under its class name, then records each argument of the call
    (defaults included, in order) as an attribute (`prim.a`, shown in the repr) and in
    `init_attrs`, and then runs the decorated `__init__`."""
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        Primitive.__init__(self, type(self).__name__)
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        self.init_attrs = {}
        for name, value in list(bound.arguments.items())[1:]:
            self.add_prim_attr(name, value)
            self.init_attrs[name] = value
        fn(self, *args, **kwargs)

    return deco


#: {name: (implementation, the Primitive attributes it reads)}: kernels MindSpore has in C++
#: under a name no Primitive class of its Python API carries (ops/named_kernels.py fills it)
NAMED_KERNELS: dict = {}


class PrimitiveWithInfer(Primitive):
    """`mindspore.ops.PrimitiveWithInfer`: a Primitive whose subclass may define `infer_shape`,
    `infer_dtype` and `infer_value` (MindSpore's graph compiler calls them; msjax computes
    shapes and dtypes by tracing, and calls them only through `__infer__`). Each default
    returns None."""

    def __init__(self, name):
        super().__init__(name)

    def infer_shape(self, *args):
        return None

    def infer_dtype(self, *args):
        return None

    def infer_value(self, *args):
        return None

    def __call__(self, *inputs):
        """A subclass with no `__call__` of its own: MindSpore runs its `__infer__` where the
        subclass defines one, else its `infer_dtype` and `infer_shape`, on the inputs (their
        errors are the call's), then runs the kernel of its name: msjax's where it has one
        (ops/named_kernels.py), else a NotImplementedError."""
        def abstract(x, dtype):
            if isinstance(x, Tensor):
                return mstype.TensorType(x.dtype) if dtype else list(x.shape)
            return (mstype.get_py_obj_dtype(x) if dtype else []) if x is not None else None
        if type(self).__infer__ is not PrimitiveWithInfer.__infer__:
            self.__infer__(*({"dtype": abstract(x, True), "shape": abstract(x, False),
                              "value": None} for x in inputs))
        else:
            self.infer_dtype(*(abstract(x, True) for x in inputs))
            self.infer_shape(*(abstract(x, False) for x in inputs))
        if self.name in NAMED_KERNELS:
            kernel, attribute_names = NAMED_KERNELS[self.name]
            return kernel(*inputs, **{k: self.attrs[k] for k in attribute_names
                                      if k in self.attrs})
        raise NotImplementedError(
            f"msjax: the Primitive '{self.name}' has no implementation: MindSpore runs a C++ "
            "kernel registered under its name; msjax runs Python. Define its `__call__` (on "
            "Tensors and msjax ops), and its gradient with `bprop_getters.register` if autodiff's "
            "should not be used.")

    def __infer__(self, *args):
        """`{'shape', 'dtype', 'value'}` from the inputs' abstract values (dicts of those
        keys)."""
        return {"dtype": self.infer_dtype(*(a["dtype"] for a in args)),
                "shape": self.infer_shape(*(a["shape"] for a in args)),
                "value": self.infer_value(*(a["value"] for a in args))}


class PrimitiveWithCheck(Primitive):
    """`mindspore.ops.PrimitiveWithCheck`: a Primitive whose subclass may define `check_shape`
    and `check_dtype` (checks of the inputs' shapes and dtypes; each default returns None)."""

    def __init__(self, name):
        super().__init__(name)

    def check_shape(self, *args):
        return None

    def check_dtype(self, *args):
        return None

    def __check__(self, *args):
        self.check_dtype(*(a["dtype"] for a in args))
        self.check_shape(*(a["shape"] for a in args))


def primitive(name: str, fn, *, display=None, check=None, state=None, **init_defaults) -> type:
    """Build the Primitive class `name`: `name(**attrs)(*inputs)` is `fn(*inputs, **attrs)`.

    `init_defaults` are the class's constructor arguments with MindSpore's defaults
    (`inspect.Parameter.empty` for a required one); each is kept as an attribute (shown in the
    repr) and passed to `fn` as a keyword. Where the functional op names an argument differently,
    `fn` is a small adapter over it. `display`, when given, maps the attributes to those
    MindSpore's repr shows (it normalises some: `Squeeze(0)` shows `axis=(0,)`). `check`, when
    given, is called with the constructor's arguments (a dict) and raises MindSpore's error for
    those its constructor refuses. `state`, when given, makes each instance's own state (called
    with the constructor's arguments, a dict), passed to `fn` as the keyword `state`: what a
    MindSpore kernel keeps from one call of its op to the next (a seeded op's random stream).
    """
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(k, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=v)
               for k, v in init_defaults.items()]
    signature = inspect.Signature(params)
    low, high = _input_counts(fn, init_defaults)
    input_number = primitive_arity.INPUT_NUMBERS.get(name)  # counted by MindSpore's inference
    implementation = fn  # (its parameters name the inputs in graph mode: ops/keyword_inputs.py)
    fn = input_rules.checked(fn, _input_rule(name))  # MindSpore's input checks, if it has any
    fn = with_amp((name,), fn)  # mixed precision "auto" (amp_auto.py)

    def __init__(self, *args, **kwargs):
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        if check is not None:
            check(dict(list(bound.arguments.items())[1:]))
        Primitive.__init__(self, name)
        for key, value in list(bound.arguments.items())[1:]:
            self.attrs[key] = value
            setattr(self, key, value)
        self._kwargs = {k: self.attrs[k] for k in init_defaults}
        self._op_state = {} if state is None else {
            "state": state(dict(list(bound.arguments.items())[1:]))}
        if display is not None:
            self.attrs = display(dict(self.attrs))
            for key in getattr(display, "attribute_names", ()):
                setattr(self, key, self.attrs[key])

    __init__.__signature__ = signature

    def __call__(self, *inputs, **keywords):
        if keywords:  # inputs by name (ops/keyword_inputs.py)
            inputs = keyword_inputs.bind(name, implementation, init_defaults, inputs, keywords)
        if input_number is not None and len(inputs) != input_number:
            raise primitive_arity.wrong_input_number(name, len(inputs))
        if len(inputs) > high:
            raise primitive_arity.too_many(name, low, high, len(inputs))
        if self._in_strategy is not None:  # Primitive.shard
            inputs = _sharded_inputs(self, inputs)
        try:
            return fn(*inputs, **self._kwargs, **self._op_state)
        except Exception as error:
            if len(inputs) < low and isinstance(error, TypeError):
                mindspores = primitive_arity.too_few(name, low, len(inputs), error)
                if mindspores is not None:
                    raise mindspores from None
            if (isinstance(error, (TypeError, AttributeError, ValueError))
                    and primitive_callings.refused(name, implementation, inputs, self._kwargs,
                                                   error)):
                raise _user_traceback(primitive_callings.failed_calling(
                    name, implementation, inputs, self._kwargs)) from None
            _user_traceback(error)  # the user's frames only (core/traceback_filter.py)
            raise

    cls = type(name, (Primitive,), {"__init__": __init__, "__call__": __call__,
                                    "__doc__": f"`mindspore.ops.{name}`: calls `{fn.__name__}`.",
                                    "__module__": "msjax.ops",
                                    "op_function": staticmethod(fn)})
    _register(PRIMITIVES, name, cls)
    return cls


def _input_counts(fn, attributes) -> tuple[int, int]:
    """(required, most) positional inputs of the Primitive over `fn`: `fn`'s positional
    parameters that are not the Primitive's attributes."""
    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return 0, sys.maxsize
    low = high = 0
    for p in parameters:
        if p.name in attributes or p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            if p.kind is p.VAR_POSITIONAL:
                return low, sys.maxsize
            continue
        high += 1
        low += p.default is p.empty
    return low, high


_build_primitive = primitive  # `op`'s keyword `primitive` hides the function's name there
