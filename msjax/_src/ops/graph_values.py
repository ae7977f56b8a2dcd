"""`mindspore.mutable` and `mindspore.get_grad`: helpers around compiled programs and gradients."""
from __future__ import annotations

import inspect

import jax

from msjax._src.core import dtype as mstype
from msjax._src.core.parameter import Parameter
from msjax._src.core.state import tracing_depth
from msjax._src.core.tensor import Tensor


class _Int(int):
    """A Python int `mutable` marked variable (MindSpore's `_Int`)."""


class _Float(float):
    """A Python float `mutable` marked variable (MindSpore's `_Float`)."""


class _Tuple(tuple):
    """A tuple `mutable` marked variable (MindSpore's `_Tuple`)."""

    def __add__(self, other):
        return _joined(self, other, tuple.__add__(self, other))

    def __radd__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return _joined(other, self, tuple.__add__(other, self))


class _List(list):
    """A list `mutable` marked variable (MindSpore's `_List`). Inside a compiled function a
    dynamic-length one takes only items of its elements' type (MindSpore's TypeErrors), and
    each item it takes is a variable (`isconstant` is False)."""

    def __setitem__(self, index, value):
        if tracing_depth() and _is_dynamic_length(self) and self and isinstance(index, int):
            if not _same_abstract(self[0], value):
                raise TypeError(
                    "For list_setitem, when the queue is dynamic length, the element within "
                    f"dynamic length sequence abstract '{_abstract(self[0], True)}' is not same "
                    f"with the target element abstract '{_abstract(value, False)}'.")
            if not -len(self) <= index < len(self):
                raise ValueError(f"idx is out of range: {-len(self)} <= idx < {len(self)}, but "
                                 f"got {index}.")
            value = _variable(value)
        list.__setitem__(self, index, value)

    def append(self, value):
        if tracing_depth() and _is_dynamic_length(self):
            if self and (isinstance(self[0], (tuple, list)) or isinstance(value, (tuple, list))):
                raise TypeError(
                    "The prim 'ListAppend', the input_data must be list and target must be "
                    f"scalar or tensor, but got {_abstract(self, True)} and "
                    f"{_abstract(value, False)}.")
            if self and not _same_abstract(self[0], value):
                raise TypeError(
                    "For ListAppend, the mutable list existing item abstract "
                    f"'{_abstract(self[0], True)}' is not same with the new added item abstract "
                    f"'{_abstract(value, False)}'.")
            value = _variable(value)
        list.append(self, value)

    def __add__(self, other):
        return _joined(self, other, list.__add__(self, other))

    def __radd__(self, other):
        if not isinstance(other, list):
            return NotImplemented
        return _joined(other, self, list.__add__(other, self))


class _Dict(dict):
    """A dict `mutable` marked variable (MindSpore's `_Dict`)."""


_MARKED = {int: _Int, float: _Float, tuple: _Tuple, list: _List, dict: _Dict}


def _flatten_sequence(marked):
    return list(marked), (type(marked), _is_mutable(marked), _is_dynamic_length(marked))


def _flatten_dict(marked):
    keys = tuple(marked)
    return [marked[k] for k in keys], (keys, _is_mutable(marked))


def _marked_again(value, mutable_flag, dynamic):
    if mutable_flag:
        value.__ms_mutable__ = True
        value.__ms_dynamic_len__ = dynamic
        value.__ms_origin_object__ = value
    return value


# A marked sequence or dict is a container to JAX, as the plain ones are: its Tensors are the
# leaves a compiled function takes and returns (none stays a tracer inside it).
for _cls in (_Tuple, _List):
    jax.tree_util.register_pytree_node(
        _cls, _flatten_sequence,
        lambda aux, children: _marked_again(aux[0](children), aux[1], aux[2]))
jax.tree_util.register_pytree_node(
    _Dict, _flatten_dict,
    lambda aux, children: _marked_again(_Dict(zip(aux[0], children)), aux[1], False))


def _variable(value):
    """`value` as an item of a dynamic-length sequence inside a compiled function: a Python int
    or float is marked a variable, as MindSpore's items of such a sequence are (a bool cannot be
    marked: bool cannot be subclassed)."""
    if type(value) in (int, float):
        marked = _MARKED[type(value)](value)
        marked.__ms_mutable__ = True
        marked.__ms_dynamic_len__ = False
        marked.__ms_origin_object__ = value
        marked.__ms_graph_made__ = True
        return marked
    return value


def _valid_mutable(value, seen=()) -> bool:
    if isinstance(value, (Tensor, bool, int, float)):
        return True
    if isinstance(value, (tuple, list, dict)) and id(value) not in seen:
        items = value.values() if isinstance(value, dict) else value
        return all(_valid_mutable(item, seen + (id(value),)) for item in items)
    return False


def _check_mutable(value, graph):
    if not _valid_mutable(value):
        detail = "" if graph else " with no self-reference"  # (MindSpore's two messages)
        raise TypeError(
            "For 'mutable', the 'input_data' should be one of (bool, int, float, Tensor, tuple, "
            f"list, dict) or their nested structures{detail}, but got "
            f"{type(value).__name__}: {value}.")


def _is_dynamic_length(value) -> bool:
    return type(value) in (_Tuple, _List) and getattr(value, "__ms_dynamic_len__", False)


_GRAPH_TYPE_NAMES = {bool: "Bool", int: "int", float: "float", tuple: "Tuple", list: "List",
                     dict: "Dictionary", str: "String", type(None): "None"}


def _graph_type_name(value) -> str:
    """The name MindSpore's graph compiler gives the type of `value` (`mutable(x)` has x's)."""
    if isinstance(value, Tensor):
        return "Tensor"
    for plain in _GRAPH_TYPE_NAMES:  # (bool before int: a bool is an int to Python)
        if isinstance(value, plain):
            return _GRAPH_TYPE_NAMES[plain]
    return type(value).__name__


def _mixed_dynamic_length(value, detail=False) -> None:
    """MindSpore's ValueError for a dynamic-length sequence of mixed element types (inside a
    compiled function its message names the first two types that differ)."""
    types = [_graph_type_name(e) for e in value]
    if len(set(types)) > 1:
        message = "In graph mode, the element type of dynamic length array must be the same."
        if detail:
            other = next(i for i, t in enumerate(types) if t != types[0])
            message += ("The element type do not match, can not convert to dynamic length "
                        f"sequence. The 0th element type is: {types[0]}. The {other}th element "
                        f"type is: {types[other]}")
        raise ValueError(message)


def _carried_scalar(value) -> bool:
    """Whether `value` is a Python scalar carried through a loop on a tensor condition (msjax
    carries it as a 0-d weakly typed Tensor; MindSpore's graph has a variable scalar)."""
    return (isinstance(value, Tensor) and value.ndim == 0
            and getattr(jax.typeof(value._data), "weak_type", False))


def _scalar_of(value):
    """A Python scalar of the kind of the carried scalar `value` (for its abstract)."""
    kind = value.dtype
    return False if kind == mstype.bool_ else 0.0 if kind.is_floating_point else 0


def _abstract(value, variable: bool) -> str:
    """How MindSpore's graph compiler describes an element's type (its 'abstract')."""
    if _carried_scalar(value):
        return _abstract(_scalar_of(value), True)
    if isinstance(value, Tensor):
        dims = ", ".join(str(d) for d in value.shape)
        return (f"AbstractTensor(shape: ({dims}), element: AbstractScalar(Type: {value.dtype}, "
                f"Value: ValueAny, Shape: NoShape))")
    if isinstance(value, (tuple, list)):
        kind = "AbstractTuple" if isinstance(value, tuple) else "AbstractList"
        return f"{kind}{{{', '.join(_abstract(v, variable) for v in value)}}}"
    kind = next((name for py_type, name in ((bool, "Bool"), (int, "Int64"), (float, "Float32"))
                 if isinstance(value, py_type)), type(value).__name__)
    if variable:
        shown = "ValueAny"
    elif isinstance(value, bool):
        shown = str(value).lower()
    elif isinstance(value, float):
        shown = f"{value:g}"  # (MindSpore prints 10.0 as 10)
    else:
        shown = value
    return f"AbstractScalar(Type: {kind}, Value: {shown}, Shape: NoShape)"


def _same_abstract(a, b) -> bool:
    if _carried_scalar(a) or _carried_scalar(b):
        return _abstract(a, True) == _abstract(b, True)
    if isinstance(a, Tensor) or isinstance(b, Tensor):
        return (isinstance(a, Tensor) and isinstance(b, Tensor) and a.shape == b.shape
                and a.dtype == b.dtype)
    if isinstance(a, (tuple, list)) or isinstance(b, (tuple, list)):
        return (isinstance(a, tuple) == isinstance(b, tuple) and isinstance(b, (tuple, list))
                and len(a) == len(b) and all(_same_abstract(x, y) for x, y in zip(a, b)))
    return _abstract(a, True) == _abstract(b, True)


def _joined(first, second, joined):
    """`first + second` (`joined`) where one is a `mutable` sequence: inside a compiled function
    the sum is a variable too (MindSpore's SequenceAdd), of dynamic length when either is, and
    a dynamic-length sequence takes only elements of its own type."""
    if not tracing_depth():
        return joined
    dynamic = _is_dynamic_length(first) or _is_dynamic_length(second)
    if dynamic and first and second and not _same_abstract(first[0], second[0]):
        raise TypeError(
            f"For primitive SequenceAdd, the element of first input abstract "
            f"'{_abstract(first[0], _is_mutable(first))}' is not same with the element of "
            f"second input abstract '{_abstract(second[0], _is_mutable(second))}'.")
    marked = _MARKED[type(joined)](joined)
    marked.__ms_mutable__ = True
    marked.__ms_dynamic_len__ = dynamic
    marked.__ms_origin_object__ = joined
    return marked


def _is_mutable(value) -> bool:
    return getattr(value, "__ms_mutable__", False)


def check_dynamic_length(args) -> None:
    """MindSpore's error, when a `jit` function is called, for a dynamic-length mutable
    sequence (`mutable(seq, True)`) whose elements are not all of one type."""
    for arg in args:
        if _is_dynamic_length(arg):
            _mixed_dynamic_length(arg)


_NO_INPUT = object()


def mutable(input_data=_NO_INPUT, dynamic_len=False):
    """`mindspore.mutable(input_data, dynamic_len=False)`: marks a constant input of a `jit`
    function as a variable.

    MindSpore compiles a graph once for a marked scalar or sequence instead of once per value.
    msjax returns the same marked types (`_Int`, `_Tuple`, ...; a Tensor is returned itself) and
    its values behave exactly as the unmarked ones; `jit` still specialises a compiled program
    on the value of a Python scalar (a Tensor argument is the way to share one program).
    Inside a compiled function the checks are MindSpore's graph-mode ones.
    """
    graph = bool(tracing_depth())
    if input_data is _NO_INPUT:
        if graph:
            raise RuntimeError("For 'mutable', the number of inputs should be 1 or 2, but got 0")
        raise TypeError("mutable() missing 1 required positional argument: 'input_data'")
    _check_mutable(input_data, graph)
    if not isinstance(dynamic_len, bool):  # (MindSpore's message names input_data's type)
        raise TypeError(f"For 'mutable', the second input should be bool, but got: "
                        f"{type(input_data).__name__}")
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise TypeError(f"For 'mutable', when the variable_len is True, the first input should "
                        f"be list or tuple, but got: {type(input_data).__name__}")
    if graph and not dynamic_len and _is_dynamic_length(input_data):
        raise RuntimeError("For 'mutable', can not convert a dynamic length sequence to constant "
                           "length.")
    if graph and dynamic_len:
        _mixed_dynamic_length(input_data, detail=True)
    marked = _MARKED.get(type(input_data))
    if graph and dynamic_len:  # (input_data may be marked already: `mutable(mutable(x, True), True)`)
        ret = _MARKED[tuple if isinstance(input_data, tuple) else list](
            _variable(item) for item in input_data)
    else:
        ret = input_data if marked is None else marked(input_data)
    if isinstance(ret, Tensor):
        ret.set_const_arg(False)
    if hasattr(ret, "__dict__"):  # (a bool is returned as it is: bool cannot be subclassed)
        ret.__ms_mutable__ = True
        ret.__ms_dynamic_len__ = dynamic_len
        ret.__ms_origin_object__ = input_data
        ret.__ms_graph_made__ = graph  # (graph mode returns one it made as a plain value)
    return ret


def as_sequence(kind, value):
    """`tuple(value)` or `list(value)` (`kind`) as MindSpore's graph mode makes it: of a
    dynamic-length `mutable` sequence, a sequence of dynamic length too (its items as they
    are); of anything else, Python's."""
    if not (tracing_depth() and _is_dynamic_length(value)):
        return kind(value)
    ret = _MARKED[kind](value)
    ret.__ms_mutable__ = True
    ret.__ms_dynamic_len__ = True
    ret.__ms_origin_object__ = value
    return ret


def isconstant(x):
    """`ops.isconstant(x)`: whether `x` is a constant of the graph it is used in: a Python value
    that is not `mutable`, or a Tensor marked `const_arg`; a Tensor or a mutable value is a
    variable. Outside a compiled function (PyNative) every value is a constant."""
    if not tracing_depth():
        return True
    if isinstance(x, Tensor):
        return bool(x.const_arg)
    return not getattr(x, "__ms_mutable__", False)


def get_grad(gradients, identifier):
    """`mindspore.get_grad`: the gradient for input position `identifier` (an int) or Parameter
    `identifier`, out of what `grad(..., return_ids=True)` returned."""
    key = identifier.name if isinstance(identifier, Parameter) else identifier

    def search(node):
        if isinstance(node, tuple) and len(node) == 2 and not isinstance(node[0], (tuple, list)) \
                and isinstance(node[1], Tensor) and node[0] == key \
                and type(node[0]) is type(key):
            return node[1]
        if isinstance(node, (tuple, list)):
            for item in node:
                found = search(item)
                if found is not None:
                    return found
        return None

    found = search(gradients)
    if found is None:
        raise RuntimeError(f"Can not find the gradient for position or Parameter {identifier}")
    return found


mutable.__signature__ = inspect.Signature([  # MindSpore's: `input_data` is required
    inspect.Parameter("input_data", inspect.Parameter.POSITIONAL_OR_KEYWORD),
    inspect.Parameter("dynamic_len", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=False)])


def _one_sequence(name, args):
    """The one argument of MindSpore's `is_sequence_*_unknown(*args)`, a tuple or list."""
    if len(args) != 1:
        raise TypeError(f"{name}() takes 1 positional argument but {len(args)} were given")
    x = args[0]
    if not isinstance(x, (tuple, list)):
        raise TypeError(f"The input of IsShapeUnKnown should be tuple or list but got "
                        f"{type(x).__name__}: {x!r}")
    return x


def is_sequence_value_unknown(*args):
    """`ops.functional.is_sequence_value_unknown(x)`: whether a sequence's values are unknown
    when its compiled function is traced: a `mutable` sequence's are; a Tensor's shape is
    always known (msjax's programs have static shapes), and outside a compiled function every
    value is known."""
    x = _one_sequence("is_sequence_value_unknown", args)
    return bool(tracing_depth()) and getattr(x, "__ms_mutable__", False)


def is_sequence_shape_unknown(*args):
    """`ops.functional.is_sequence_shape_unknown(x)`: whether a sequence's length is unknown
    when its compiled function is traced: that of a dynamic-length `mutable` sequence is."""
    x = _one_sequence("is_sequence_shape_unknown", args)
    return bool(tracing_depth()) and _is_dynamic_length(x)


def is_dynamic_sequence_element_unknown(*args):
    """`ops.functional.is_dynamic_sequence_element_unknown(x)`: whether the element type of a
    dynamic-length sequence is still unknown when its compiled function is traced (it is while
    the sequence is empty). Any other input is MindSpore's TypeError: a value that is not a
    tuple or list, or one that is not of dynamic length (outside a compiled function no sequence
    is)."""
    if len(args) != 1:
        raise TypeError(f"is_dynamic_sequence_element_unknown() takes 1 positional argument but "
                        f"{len(args)} were given")
    x = args[0]
    if not isinstance(x, (tuple, list)):
        raise TypeError(f"The input of IsElementUnknown should be tuple or list but got "
                        f"{_abstract(x, False)}")
    if not (tracing_depth() and _is_dynamic_length(x)):
        raise TypeError("The input of IsElementUnknown should be variable length sequence.")
    return not x
