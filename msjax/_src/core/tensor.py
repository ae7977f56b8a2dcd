"""`mindspore.Tensor`: a thin box around one `jax.Array`.

The box holds one field, `_data`: a concrete array or a JAX tracer. `Tensor` is a JAX pytree node,
so `jax.jit`, `jax.vmap` and `jax.grad` see straight through it. Its operators and most methods are
installed from the op table by `msjax._src.ops.tensor_methods`; this module holds only construction,
conversion, attributes, indexing and printing.

Construction follows MindSpore 2.10 exactly (tests/goldens/tensor_constructor.json): Python
floats are Float32, Python ints Int64 (UInt64 from 2**63), complex numbers Complex128, a list
goes through NumPy and then Float64 becomes Float32 and Int32 Int64, NumPy inputs keep their
dtype. Two kinds of data are not JAX arrays: string tensors (`Tensor(np.array(['a']))`, dtype
String) hold a NumPy array, and a tensor declared by dtype and a shape with unknown dimensions
(`Tensor(shape=[None, 3], dtype=ms.float32)`, MindSpore's input signature for dynamic shapes)
holds a `ShapePlaceholder`.
"""
from __future__ import annotations

import itertools
import operator

import weakref

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import grad_mode, index_checks, integer_inputs, state, strided_views, x64
from msjax._src.core.type_ids import type_to_type_id
from msjax._src.core.tensor_repr import tensor_repr, tensor_str
from msjax._src.core.symbol import Symbol

_DTYPE_OF_NUMPY = mstype._BY_NUMPY
_raise_pending = index_checks.raise_pending
_INPUT_TYPES = ("['TensorPy', 'Tensor', 'ndarray', 'str_', 'list', 'tuple', 'float', 'int', "
                "'bool', 'complex', 'bytes']")
# A list goes through NumPy, then MindSpore narrows these defaults (also on Windows, where
# NumPy's default integer is int32).
_SEQUENCE_DTYPE = {np.dtype(np.float64): np.dtype(np.float32),
                   np.dtype(np.int32): np.dtype(np.int64)}
_NUMPY_ELEMENT_TYPES = "".join(f"\n<class 'numpy.{name}'>" for name in (
    "int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float32 float64 bool_ str_ "
    "complex64 complex128").split())
_INDEX_TYPES_TEXT = ("Only support integers, slices(`:`), ellipsis(`...`), None, bool, tensor, "
                     "int, list and tuple as index")
_UNSUPPORTED_INDEX_TEXT = ("Supported types for tensor indexing are: list, int, float, tuple, "
                           "slice, ellipsis, None, array, bool, or Tensor.")


class ShapePlaceholder:
    """The data of a Tensor that only declares a dtype and a shape with unknown dimensions.

    MindSpore prints such a tensor with dimension -1 for each unknown size (-2 for an unknown
    rank, `Tensor(dtype=ms.float32)`), and reading its value fails as it does there.
    """

    __slots__ = ("shape", "dtype", "symbols")

    def __init__(self, shape, dtype, symbols=None):
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.symbols = symbols  # a `Symbol` (or None) per dimension, when any was declared

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    def __array__(self, dtype=None, copy=None):
        return np.empty(self.shape, self.dtype)  # ValueError: negative dimensions are not allowed


_CONST_SERIALS = itertools.count()  # `Tensor.set_const_arg`: one number per constant Tensor



def _value_to_print(data):
    """The value a traced Tensor's `str()`/`format()`/`repr()` shows. MindSpore formats a Tensor's
    values: PyNative knows every value, under `grad` too (a forward hook's or a `print`'s Tensor),
    and graph mode folds a Tensor made from constants and formats the others at run time.
    - A differentiation tracer shows its ``primal``'s value.
    - A tracer with a known value gives it.
    - Inside an msjax trace, a tracer without one raises JAX's ConcretizationTypeError, so that
      graph mode folds the constants or runs the function eagerly (transforms/graph_fallback.py,
      control_flow.fall_back).
    - Outside msjax's traces (a user's own `jax.jit`) the tracer itself is shown."""
    while isinstance(data, jax.core.Tracer) and getattr(data, "primal", None) is not None:
        data = data.primal
    if not isinstance(data, jax.core.Tracer):
        return data
    value = data.to_concrete_value()
    if value is not None:
        return value
    if state.tracing_depth():
        raise jax.errors.ConcretizationTypeError(
            data, "str() or format() of a Tensor needs its value (MindSpore formats it at run time).")
    return data



# NumPy's ufuncs of the binary operators: (Tensor operator, its reflection), for `ufunc(a, b)`
# with a traced Tensor operand (see `Tensor.__array_ufunc__`)
_UFUNC_OPERATORS = {
    np.add: ("__add__", "__radd__"), np.subtract: ("__sub__", "__rsub__"),
    np.multiply: ("__mul__", "__rmul__"), np.true_divide: ("__truediv__", "__rtruediv__"),
    np.floor_divide: ("__floordiv__", "__rfloordiv__"), np.remainder: ("__mod__", "__rmod__"),
    np.power: ("__pow__", "__rpow__"), np.matmul: ("__matmul__", "__rmatmul__"),
    np.bitwise_and: ("__and__", "__rand__"), np.bitwise_or: ("__or__", "__ror__"),
    np.bitwise_xor: ("__xor__", "__rxor__"), np.equal: ("__eq__", "__eq__"),
    np.not_equal: ("__ne__", "__ne__"), np.less: ("__lt__", "__gt__"),
    np.less_equal: ("__le__", "__ge__"), np.greater: ("__gt__", "__lt__"),
    np.greater_equal: ("__ge__", "__le__"),
}

class Tensor:
    """`mindspore.Tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None)`.

    Dtype inference follows MindSpore: `Tensor(1.5)` is Float32, `Tensor(1)` Int64,
    `Tensor([1, 2.5])` Float32, `Tensor(1 + 2j)` Complex128, `Tensor([])` Float32, while NumPy
    inputs keep their dtype (`Tensor(np.float64(1.5))` is Float64). `Tensor(t, dtype)` casts;
    `dtype` must be a MindSpore dtype. Without `input_data`, `shape`, `dtype` and `init` (an
    Initializer) make a Tensor not initialised yet, as MindSpore's: `init_data()` draws its values
    (core/deferred_init.py); `shape` and `dtype` alone give zeros.
    """

    # `__dict__`: MindSpore's Tensors take attributes (`x.tensor = y` in a custom function, a
    # registered hook); the dict is made only for a Tensor that is given one
    __slots__ = ("_data", "__weakref__", "__dict__")
    # Views (MindSpore's basic indexing shares memory: `x[0][1] = 5` writes x): a view holds
    # `(base, index)` in `_view_of`; a Tensor with views holds them in `_views` (see `written`)
    _view_of = None
    _views = None
    # MindSpore's strides and storage offset of a view op's result (core/strided_views.py)
    _strided = None

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, const_arg=False,
                 device=None):
        if const_arg is not False and const_arg is not True:
            raise TypeError(f"For 'Tensor', the type of 'const_arg' should be 'bool', but got "
                            f"type '{type(const_arg).__name__}'.")
        if (init is not None or isinstance(input_data, Tensor)) and type(self) is Tensor:
            # `init=` (or a copy of a Tensor made so): no values yet (core/deferred_init.py)
            if INITIALIZERS.make_uninitialized(self, input_data, dtype, shape, init):
                if const_arg:
                    self.set_const_arg(True)
                return
        with x64.on():  # MindSpore's dtypes: Int64 for Python ints (core/x64.py)
            self._data = _to_array(input_data, dtype, shape, init)
        if const_arg:
            self.set_const_arg(True)

    # -- attributes ---------------------------------------------------------------------------
    def set_const_arg(self, const_arg=True):
        """`Tensor.set_const_arg(const_arg=True)`: mark the Tensor as a constant of the graphs it
        is passed to (MindSpore compiles one graph per value of such a Tensor). msjax compiles
        one program per shape and dtype either way and gives the same results; the mark is kept
        (`const_arg`) for code that reads it. Returns the Tensor."""
        if not isinstance(const_arg, bool):
            raise TypeError(f"For 'set_const_arg', the type of 'const_arg' should be 'bool', but "
                            f"got type '{type(const_arg).__name__}'.")
        self.__dict__["const_arg"] = const_arg
        if const_arg:  # a constant is its own graph input: a number that outlives its id
            self.__dict__["_const_serial"] = next(_CONST_SERIALS)
        return self

    @property
    def const_arg(self) -> bool:
        """Whether the Tensor is marked a graph constant (`set_const_arg`)."""
        return self.__dict__.get("const_arg", False)

    @property
    def shape(self) -> tuple:
        return tuple(self._data.shape)

    @property
    def dtype(self) -> mstype.Type:
        dt = self._data.dtype
        return _DTYPE_OF_NUMPY.get(dt) or mstype.from_numpy(dt)

    @property
    def ndim(self) -> int:
        return self._data.ndim

    @property
    def size(self) -> int:
        return int(self._data.size)

    @property
    def itemsize(self) -> int:
        return self._data.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return int(self._data.size) * self._data.dtype.itemsize

    @property
    def strides(self) -> tuple:
        strides, step = [], self.itemsize
        for dim in reversed(self.shape):
            strides.append(step)
            step *= dim
        return tuple(reversed(strides))

    @property
    @x64.scoped
    def T(self) -> Tensor:
        result = _wrap(jnp.transpose(self._data))
        strided_views.record(result, strided_views.reversed_axes(strided_views.layout_of(self)))
        return result

    # -- conversion ---------------------------------------------------------------------------
    def asnumpy(self) -> np.ndarray:
        """The value as a new, writable NumPy array."""
        _raise_pending()  # an earlier compiled call's failed index check (core/index_checks.py)
        return np.array(self._data)

    numpy = asnumpy

    def item(self):
        """The value of a one-element Tensor as a Python scalar (MindSpore takes no index)."""
        data = self._data
        if data.size != 1:
            raise ValueError(f"The tensor should have only one element, but got {int(data.size)}, "
                             "more than one element is ambiguous.")
        _raise_pending()
        return np.asarray(data).reshape(()).item()

    def tolist(self):
        _raise_pending()
        array = np.asarray(self._data)
        if array.dtype.kind not in "biufcU":  # bfloat16 and the float8 types: Python floats.
            array = array.astype(np.float32)
        return array.tolist()

    @x64.scoped
    def astype(self, dtype, copy=True) -> Tensor:
        """`Tensor.astype(dtype)`: dtype is a MindSpore dtype, a NumPy or Python scalar type, or a
        name such as 'float16' (as in NumPy, `float` and 'float' mean Float64)."""
        return _wrap(_cast(self._data, mstype.astype_dtype(dtype)._np))

    def to(self, dtype=None, non_blocking=False, copy=False) -> Tensor:
        """`Tensor.to(dtype)`: a cast (msjax places arrays with JAX; there is no device move)."""
        return self if dtype is None else self.astype(dtype)

    def __array__(self, dtype=None, copy=None):
        _raise_pending()
        array = np.asarray(self._data)
        return array if dtype is None else array.astype(dtype)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """NumPy's ufuncs, and so `ndarray OP t` and `np.float32(2) * t`: as MindSpore's Tensor,
        which NumPy reads through `__array__`, NumPy computes them from the Tensors' values and
        answers with an ndarray. A traced Tensor (graph mode, `jit`) has no value: there a
        binary operator's ufunc is the Tensor's operator (its reflected one for `ndarray OP t`)
        and answers with a Tensor, as MindSpore's graph mode does for `np.float32(2) * t`."""
        if any(isinstance(getattr(v, "_data", None), jax.core.Tracer) for v in inputs):
            names = _UFUNC_OPERATORS.get(ufunc)
            if method != "__call__" or names is None or kwargs or len(inputs) != 2:
                return NotImplemented  # NumPy raises its TypeError naming the ufunc
            left, right = inputs
            if isinstance(left, Tensor):
                return getattr(left, names[0])(right)
            return getattr(right, names[1])(left)
        if any(isinstance(v, Tensor) for v in kwargs.get("out", ())):
            return NotImplemented  # a Tensor cannot be written by NumPy
        inputs = [np.asarray(v) if isinstance(v, Tensor) else v for v in inputs]
        if any(np.ndim(v) for v in inputs):
            # MindSpore 2.10 ships NumPy 1.x, whose 0-d operands of an array do not widen its
            # dtype (`np.int64(2) + float32_t` is float32): NumPy 2 does so for Python numbers
            inputs = [v.item() if isinstance(v, (np.ndarray, np.generic)) and v.ndim == 0 else v
                      for v in inputs]
        kwargs = {k: (np.asarray(v) if isinstance(v, Tensor) else v) for k, v in kwargs.items()}
        return getattr(ufunc, method)(*inputs, **kwargs)

    def __jax_array__(self):
        return self._data

    @x64.scoped
    def __bool__(self) -> bool:
        data = self._data
        if data.size != 1:
            raise ValueError(f"The tensor should have only one element, but got {int(data.size)}, "
                             "more than one element is ambiguous.")
        _raise_pending()
        return bool(data.reshape(()) if data.ndim else data)

    def _scalar(self):
        data = self._data
        if data.size != 1:
            raise ValueError("Only one element tensors can be converted to Python scalars")
        _raise_pending()
        return data.reshape(()) if data.ndim else data

    @x64.scoped
    def __int__(self) -> int:
        return int(self._scalar())

    @x64.scoped
    def __float__(self) -> float:
        return float(self._scalar())

    @x64.scoped
    def __complex__(self) -> complex:
        return complex(self._scalar())

    @x64.scoped
    def __index__(self) -> int:
        """MindSpore reads a one-element integer (or bool) Tensor of any rank as an index; any
        other Tensor raises ValueError, also where the Tensor is being differentiated."""
        data = self._data
        if isinstance(data, jax.core.Tracer):
            # (a differentiated integer input's Float32 copy is read as the integer it is)
            data = integer_inputs.as_index(data)
        if data.size != 1 or not (jnp.issubdtype(data.dtype, jnp.integer)
                                  or data.dtype == jnp.bool_):
            raise ValueError("Only integer tensors of a single element can be converted to an "
                             "index.")
        if isinstance(data, jax.core.Tracer):  # JAX's error where the value is not known yet
            return data.reshape(()).__index__()  # (graph mode folds a constant one, retraces)
        return int(data.reshape(()))

    @x64.scoped
    def __round__(self, ndigits=None) -> Tensor:
        return _wrap(jnp.round(self._data, ndigits or 0))

    def __len__(self) -> int:
        if self._data.ndim == 0:
            raise TypeError("Not support len of a 0-D tensor")
        return self._data.shape[0]

    def __iter__(self):
        data = self._data
        if data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        for i in range(data.shape[0]):
            with x64.on():
                row = data[i]
            yield self._row(row, i)  # (each row a view, as `self[i]`)

    def _row(self, row, i) -> Tensor:
        """Row `i` (its value `row`) as `self[i]`: a view of this Tensor."""
        result = _view(self, row, i)
        strided_views.record(result, strided_views.indexed(strided_views.layout_of(self), i))
        return result

    def __hash__(self):
        return id(self)

    def __reduce__(self):
        return (Tensor, (np.asarray(self._data),))

    def __copy__(self):
        return _wrap(self._data)

    @x64.scoped
    def __deepcopy__(self, memo):
        data = self._data
        if isinstance(data, ShapePlaceholder):  # (a declared shape holds no values to copy)
            return _wrap(ShapePlaceholder(data.shape, data.dtype))
        return _wrap(np.array(data) if isinstance(data, np.ndarray) else jnp.array(data, copy=True))

    # -- indexing -----------------------------------------------------------------------------
    @x64.scoped
    def __getitem__(self, index) -> Tensor:
        data = self._data
        if type(index) is int:
            _check_int_index(index, data.shape, 0, setting=False)
            result = self._row(_basic_index(data, index), index)
        else:
            jax_index = _index_for(index, data.shape, setting=False)
            result = _wrap(_basic_index(data, jax_index))
            if _is_view_index(jax_index):
                _link_view(self, result, jax_index)
                strided_views.record(result, strided_views.indexed(
                    strided_views.layout_of(self), index))
        if integer_inputs.recording():  # (an element of an integer input's copy stays one)
            integer_inputs.carried("getitem", data, result._data)
        return result

    @x64.scoped
    def __setitem__(self, index, value) -> None:
        """Writes into this Tensor: in place eagerly, a new traced value under a JAX transform."""
        if index is False or (type(index) is tuple and any(item is False for item in index)):
            return  # a False index selects nothing: MindSpore writes nothing (as NumPy)
        data = self._data
        index = _index_for(index, data.shape, setting=True)
        value = _setitem_value(value, data.dtype)
        try:
            self._data = data.at[index].set(value)
        except (ValueError, TypeError) as error:  # the value's shape does not broadcast
            target = jax.eval_shape(lambda d: d[index], data).shape
            self._data = data.at[index].set(_fit_value(value, target, error))
        written(self)  # (nothing for a Tensor in no view relation)

    # -- printing -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        data = self._data
        if isinstance(data, jax.core.Tracer):
            data = _value_to_print(data)
            if isinstance(data, jax.core.Tracer):
                return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value={data})"
        if isinstance(data, ShapePlaceholder):  # (MindSpore: no values, on a line of their own
            gap = "\n" if data.ndim > 1 else " "  # when the rank is above 1)
            return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value={gap})"
        _raise_pending()
        return tensor_repr(np.asarray(data), str(self.dtype))

    def __str__(self) -> str:
        data = self._data
        if isinstance(data, jax.core.Tracer):
            data = _value_to_print(data)
            if isinstance(data, jax.core.Tracer):
                return str(data)
        _raise_pending()
        return tensor_str(np.asarray(data), str(self.dtype))

    def __format__(self, spec):
        if spec:
            return format(self.item(), spec)
        return str(self)

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None) -> Tensor:
        """`Tensor.init_data()`: draws the values of a Tensor made with `init=` (core/
        deferred_init.py); a Tensor that holds its values has no `init` to draw."""
        raise TypeError("init_data must be set Tensor.init, init can't be None")

    def is_contiguous(self) -> bool:
        """`Tensor.is_contiguous()`: whether the Tensor's strides are row-major (a view made by
        transpose, a strided slice or broadcast_to is not: core/strided_views.py)."""
        return strided_views.is_contiguous(strided_views.layout_of(self))

    def contiguous(self) -> Tensor:
        """`Tensor.contiguous()`: the Tensor itself when contiguous, else a row-major copy."""
        if self.is_contiguous():
            return self
        return _wrap(self._data)

    @x64.scoped
    def copy(self) -> Tensor:
        return _wrap(jnp.array(self._data, copy=True))

    def clone(self) -> Tensor:
        return self.copy()

    @x64.scoped
    def set_dtype(self, dtype):
        """`Tensor.set_dtype`: casts this Tensor in place; returns the dtype, as MindSpore does."""
        self._data = _cast(self._data, mstype.to_numpy_dtype(dtype))
        return dtype

    @x64.scoped
    def assign_value(self, value) -> Tensor:
        self._data = value._data if isinstance(value, Tensor) else jnp.asarray(value)
        return self

    @property
    def has_init(self) -> bool:
        return False

    @property
    def is_leaf(self) -> bool:
        return True


_NO_GRAD_SEEN = grad_mode.SEEN  # (a module global: one lookup fewer on the hot path)


# -- views ---------------------------------------------------------------------------------
def _view(base, array, index) -> Tensor:
    """`array` (= base's data at `index`, a basic index) as a Tensor that is a view of `base`."""
    view = _wrap(array)
    _link_view(base, view, index)
    return view


def _is_view_index(index) -> bool:
    """Whether `index` (as JAX takes it) makes a view in MindSpore: integers (a 0-D integer
    Tensor too), slices, None and Ellipsis, alone or in a tuple."""
    for item in (index if type(index) is tuple else (index,)):
        kind = type(item)
        if kind is int or kind is slice or item is None or item is Ellipsis:
            continue
        if kind is not bool and not isinstance(item, (list, tuple)) and np.ndim(item) == 0 and (
                np.issubdtype(getattr(item, "dtype", np.dtype(type(item))), np.integer)):
            continue
        return False
    return True


def _link_view(base, view, index) -> None:
    view._view_of = (base, index)
    views = base._views
    if views is None:
        views = base._views = {}
    elif len(views) > 64:  # (views dropped since: forget them)
        for key in [k for k, ref in views.items() if ref() is None]:
            del views[key]
    views[id(view)] = weakref.ref(view)


def written(tensor) -> None:
    """After an in-place write of `tensor`'s value: the write reaches the Tensors it is a view of
    (`x[0][1] = 5` writes x, as MindSpore's views share memory), and every view of those follows
    (a row taken before the write reads the new values). A Tensor in no view relation: nothing."""
    link = tensor._view_of
    while link is not None:
        base, index = link
        data, value = base._data, tensor._data
        if isinstance(value, jax.core.Tracer) and not isinstance(data, jax.core.Tracer):
            break  # (a view written inside a trace, of a Tensor made outside it: the view only)
        base._data = data.at[index].set(value.astype(data.dtype))
        tensor, link = base, base._view_of
    refresh_views(tensor)


def refresh_views(tensor) -> None:
    """The views of `tensor` (and theirs) read its value again after it was written."""
    views = tensor._views
    if not views:
        return
    data = tensor._data
    for key, ref in list(views.items()):
        view = ref()
        if view is None or view._view_of is None or view._view_of[0] is not tensor:
            del views[key]
            continue
        current = view._data
        if isinstance(data, jax.core.Tracer) and not isinstance(current, jax.core.Tracer):
            continue  # (written inside a trace: a view made outside it keeps its value)
        fresh = data[view._view_of[1]]
        if fresh.shape == current.shape:
            view._data = fresh.astype(view._data.dtype)
            refresh_views(view)


def _wrap(array) -> Tensor:
    """Box a jax.Array (or tracer) as a Tensor without any checks: the hot path."""
    tensor = object.__new__(Tensor)
    if _NO_GRAD_SEEN[0] and isinstance(array, jax.core.Tracer):  # a value in a `no_grad` block
        array = grad_mode.stop_if_no_grad(array)
    tensor._data = array
    return tensor


def _flatten(tensor):
    return (tensor._data,), None


def _unflatten(_, children):
    return _wrap(children[0])


jax.tree_util.register_pytree_node(Tensor, _flatten, _unflatten)
mstype.TENSOR_CLASS.append(Tensor)


class InitializerHooks:
    """What `Tensor(shape=..., dtype=..., init=...)`, `Parameter(initializer(...))` and
    `Parameter.clone(init)` call of the initializers. Those make Tensors and Parameters, so
    they are imported after this module and fill these at their import: `initializer` (core/
    initializer.py: `mindspore.common.initializer.initializer`); `deferring`,
    `make_uninitialized`, `uninitialized_tensor`, `values_of` and `adopt` (core/deferred_init.py:
    Tensors not initialised yet, `nn.utils.no_init_parameters`).
    """

    initializer = uninitialized_tensor = adopt = None
    deferring = staticmethod(lambda: False)  # (no `no_init_parameters` before deferred_init)
    make_uninitialized = staticmethod(lambda tensor, input_data, dtype, shape, init: False)
    values_of = staticmethod(lambda tensor: tensor._data)


INITIALIZERS = InitializerHooks()

#: The classes of plain Tensors (not Parameters): Tensor, and the stand-ins that differ from it only
#: in where its values come from (core/deferred_init.py: not initialised yet; core/numpy_view.py: a
#: NumPy array), which add themselves. Code that treats a plain Tensor apart from a Parameter
#: checks `type(x) in PLAIN_TENSOR_TYPES`.
PLAIN_TENSOR_TYPES = {Tensor}


# -- casting -------------------------------------------------------------------------------------
def _cast(array, np_dtype):
    """`array` as `np_dtype`; a complex value loses its imaginary part, as in MindSpore."""
    if array.dtype == np_dtype:
        return array
    if array.dtype.kind == "c" and np_dtype.kind != "c":
        array = jnp.real(array)
    return array.astype(np_dtype)


# -- indexing ------------------------------------------------------------------------------------
def _shape_text(shape) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ")"


def _check_int_index(index, shape, axis, setting):
    if not shape:
        return
    size = shape[axis]
    if not -size <= index < size:
        if setting and axis == 0:
            raise IndexError(f"Index {index} is out of bounds for axis 0 with size {size}")
        raise IndexError(f"index {index} is out of bounds for dimension with size {size}")


def _index_item(item):
    """One element of an index as JAX takes it, with MindSpore's checks."""
    if isinstance(item, Tensor):
        return item._data
    if isinstance(item, (slice, type(Ellipsis), type(None), jax.Array, np.ndarray, np.bool_)):
        return item
    if type(item) is bool:
        if not item:
            raise IndexError("When tensor is indexed by a bool object, the value only support "
                             "'True'.")
        return item
    if isinstance(item, (int, np.integer)):
        return item
    if isinstance(item, (list, tuple)):  # (a tuple inside an index tuple indexes as a list)
        if not item:  # `t[[]]`: no element (an integer index of none, not a float array)
            return jnp.zeros((0,), jnp.int32)
        if not any(isinstance(e, Tensor) for e in item):
            # a constant: NumPy's array, which stays concrete in a compiled function (a boolean
            # mask must be)
            return np.asarray(item)
        return jnp.asarray([e._data if isinstance(e, Tensor) else e for e in item])
    if isinstance(item, (float, np.floating)):
        raise IndexError(f"{_INDEX_TYPES_TEXT}, but got {item} with type {type(item)}")
    try:  # a value that raises its own error when used is let raise it (graph mode's variable
        operator.index(item)  # the branches of a tensor condition left without one value)
    except TypeError as error:
        if type(error) is not TypeError:
            raise
    raise IndexError(f"Unsupported Python object type received: {type(item)}. "
                     f"{_UNSUPPORTED_INDEX_TEXT} Received value: {item!r}")


def _axes_used(item) -> int:
    """How many axes of the indexed array one index element consumes."""
    if item is None or item is Ellipsis or type(item) is bool:
        return 0
    dtype = getattr(item, "dtype", None)
    if dtype is not None and dtype == np.bool_:
        return max(np.ndim(item), 1)
    return 1


def _basic_index(data, index):
    """`data[index]`; an index of integers, slices, None and Ellipsis (numpy's basic indexing)
    as one eager program (jnp's indexing dispatches a slice and a squeeze, each a program per
    shape), kept in msjax's eager program cache; inside a trace `data[index]` itself."""
    key = _basic_index_key(index)
    if key is None or not BASIC_INDEX_PROGRAM:  # (not made yet: msjax is being imported)
        return data[index]
    return BASIC_INDEX_PROGRAM[0](data, key=key)


# [the backend's `eager_jit` of `_index_by_key`]: ops/tensor_methods.install() makes it (core
# imports no backend).
BASIC_INDEX_PROGRAM: list = []


def _basic_index_key(index):
    """`index` as a hashable tuple when it is a basic index, else None."""
    items = index if type(index) is tuple else (index,)
    key = []
    for item in items:
        kind = type(item)
        if kind is int or (isinstance(item, np.integer) and kind is not np.bool_):
            key.append(("int", int(item)))
        elif item is None:
            key.append(("new",))
        elif item is Ellipsis:
            key.append(("...",))
        elif kind is slice and all(type(v) is int or v is None
                                   for v in (item.start, item.stop, item.step)):
            key.append(("slice", item.start, item.stop, item.step))
        else:
            return None
    return tuple(key)


def _index_by_key(data, key):
    index = tuple(None if kind == "new" else Ellipsis if kind == "..." else
                  item[1] if kind == "int" else slice(*item[1:])
                  for item in key for kind in (item[0],))
    return data[index]


def _as_index_tensor(item):
    """A Tensor index that is a differentiated integer input's Float32 copy, as the integer
    Tensor it stands for (core/integer_inputs.py); any other item unchanged."""
    if isinstance(item, Tensor):
        data = integer_inputs.as_index(item._data)
        if data is not item._data:
            return Tensor(data)
    return item


def _raise_too_many_indices(items, count, rank, setting) -> None:
    """MindSpore's IndexError for a tuple index naming `count` axes of a rank-`rank` Tensor:
    its words for a read with a Bool mask among the items, else NumPy's."""
    masked = any(getattr(item, "dtype", None) == np.bool_ and np.ndim(item) for item in items)
    if masked and not setting:
        raise IndexError(f"The dim of index cannot be greater than indexed data, but got dim of "
                         f"index:{count}, dim of data:{rank}")
    raise IndexError(f"too many indices for tensor of dimension{rank}")


def _index_for(index, shape, setting):
    """A MindSpore index (Tensors, lists, ints, slices, ...) as JAX takes it, with MindSpore's
    IndexError for out-of-range integers (JAX would clamp them)."""
    if integer_inputs.recording():
        index = (tuple(_as_index_tensor(item) for item in index) if type(index) is tuple
                 else _as_index_tensor(index))
    if type(index) is not tuple:
        if type(index) is list:
            _check_list_index(index, shape, setting)
        elif isinstance(index, Tensor):
            _check_index_dtype(index, setting, in_tuple=False)
        index = _index_item(index)
        if isinstance(index, (int, np.integer)) and type(index) is not bool:
            _check_int_index(int(index), shape, 0, setting)
        elif setting and shape:
            _check_mask_shape(index, shape)
            _check_set_array_index(index, shape[0], (), ())
        elif shape:
            _check_bool_index(index, shape, 0)
            _check_array_index(index, shape[0])
        return index
    for item in index:
        if isinstance(item, Tensor):
            _check_index_dtype(item, setting, in_tuple=True)
        elif item is False:
            raise IndexError("Bool element of tuple index must be 'True', but got 'False'.")
        elif isinstance(item, (float, np.floating)):
            raise TypeError("For tuple index, the types only support 'Slice', 'Ellipsis', "
                            "'None', 'Tensor', 'int', 'List', 'Tuple', 'bool', but got type "
                            f"'Float', value: {item}")
    items = tuple(_index_item(item) for item in index)
    # Check integer positions against their axes (an Ellipsis stands for the axes not named).
    used = [_axes_used(item) for item in items]
    if sum(used) > len(shape):
        _raise_too_many_indices(items, sum(used), len(shape), setting)
    axis = 0
    starts = _first_positions(items, used, shape) if setting else ()
    for item, n in zip(items, used):
        if item is Ellipsis:
            axis += len(shape) - sum(used)
            continue
        if isinstance(item, (int, np.integer)) and type(item) is not bool and axis < len(shape):
            _check_int_index(int(item), shape, axis, False)
        elif setting and axis < len(shape) and n == 1:
            _check_bool_index(item, shape, axis)
            _check_set_array_index(item, shape[axis], starts[:axis], starts[axis + 1:])
        elif not setting and axis < len(shape):
            _check_bool_index(item, shape, axis)
            _check_array_index(item, shape[axis])
        axis += n
    return items


def _check_index_dtype(index, setting, in_tuple) -> None:
    """A Tensor index must be of a bool or integer dtype: MindSpore's IndexError (its messages
    for reading and writing, alone or in a tuple)."""
    if np.dtype(index._data.dtype).kind in "biu":
        return
    dtype = mstype.to_mstype(index._data.dtype)
    if setting and in_tuple:
        raise IndexError(f"For 'tensor setitem', the index tensor data type '{dtype}' is not "
                         f"supported.")
    if setting:
        raise IndexError(f"For tensor set item, the index tensor data type"
                         f"{type_to_type_id(dtype)} is not supported.")
    if in_tuple:
        raise IndexError(f"The tensor element in tuple index must be int or bool type, but got "
                         f"{dtype}")
    shown = (dtype if isinstance(index._data, jax.core.Tracer)
             else np.asarray(index._data.astype(jnp.float32)
                             if index._data.dtype == jnp.bfloat16 else index._data))
    raise IndexError(f"The tensor index must be int or bool type, but got {shown}")


def _first_positions(items, used, shape) -> list:
    """For each axis an index names, the position its first element writes (a slice's start,
    an integer; 0 for an array or the axes of an Ellipsis): the other coordinates of an index
    row in MindSpore's TensorScatterUpdate message."""
    starts = []
    for item, n in zip(items, used):
        if item is Ellipsis:
            starts += [0] * (len(shape) - sum(used))
        elif isinstance(item, slice) and len(starts) < len(shape):
            starts.append(item.indices(shape[len(starts)])[0])
        elif isinstance(item, (int, np.integer)) and type(item) is not bool and \
                len(starts) < len(shape):
            starts.append(int(item) % shape[len(starts)] if shape[len(starts)] else 0)
        else:
            starts += [0] * n
    return starts


def _check_set_array_index(item, size, before, after) -> None:
    """An integer array index of `x[...] = v` is checked as MindSpore's TensorScatterUpdate
    checks it (core/index_checks.py)."""
    dtype = getattr(item, "dtype", None)
    if dtype is not None and np.issubdtype(dtype, np.integer):
        index_checks.check_setitem(item, size, "".join(f"{p}, " for p in before),
                                   "".join(f", {p}" for p in after))


def _check_mask_shape(item, shape) -> None:
    """A boolean mask of `x[mask] = v` must broadcast to `x`'s shape, its axes aligned at the
    left (MindSpore's ValueError, NumPy's broadcasting message)."""
    dtype = getattr(item, "dtype", None)
    if dtype is None or dtype != np.bool_ or not np.ndim(item):
        return
    mask_shape = tuple(np.shape(item))
    padded = mask_shape + (1,) * (len(shape) - len(mask_shape))
    try:
        np.broadcast_to(np.empty(padded, np.bool_), tuple(shape))
    except ValueError as error:
        raise ValueError(str(error)) from None


def _check_bool_index(item, shape, axis) -> None:
    """A Bool Tensor index must have the sizes of the axes it stands for (MindSpore's ValueError;
    JAX's is an IndexError). MindSpore's graph compiler takes a shorter one inside a tuple as
    its True positions; msjax refuses it (docs/migration.md)."""
    dtype = getattr(item, "dtype", None)
    if dtype is None or dtype != np.bool_ or not np.ndim(item):
        return
    for k, size in enumerate(np.shape(item)):
        if axis + k < len(shape) and size != shape[axis + k]:
            raise ValueError(f"The shape of index [const vector]{{{', '.join(map(str, np.shape(item)))}}}"
                             f"does not match the shape of the indexed data [const vector]"
                             f"{{{', '.join(map(str, shape))}}} at dim index{axis + k}")


def _check_array_index(item, size) -> None:
    """An integer array index (a Tensor's) is checked as MindSpore's Gather checks it."""
    dtype = getattr(item, "dtype", None)
    if dtype is not None and np.issubdtype(dtype, np.integer):
        index_checks.check_gather(item, size)


def _check_list_index(index, shape, setting=False):
    """MindSpore's IndexError for indexing with a list: reading with an empty one (or all False:
    it selects nothing), and an integer out of the first axis's range."""
    if not setting and (not index or all(type(e) is bool and not e for e in index)):
        raise IndexError("When tensor is indexed by list, the list can't be empty.")
    if shape and all(type(e) is int for e in index):
        for element in index:
            if not -shape[0] <= element < shape[0]:
                raise IndexError(f"index {element} out of bounds for dimension with size "
                                 f"{shape[0]}")


def _fit_value(value, target, error):
    """A right-hand side with extra leading 1-sized axes, fitted to the indexed shape `target`,
    or MindSpore's error when it does not fit."""
    shape = tuple(np.shape(value))
    if not target:
        if shape in ((), (1,)):
            return value.reshape(())
        raise ValueError("For SetItem, the shape of right value must be () or (1, ) when shape of "
                         "left value is 0, but got[const vector]{"
                         + ", ".join(str(d) for d in shape) + "}") from error
    while len(shape) > len(target) and shape[0] == 1:
        shape = shape[1:]
    fitted = value.reshape(shape)
    try:
        if jnp.broadcast_shapes(shape, tuple(target)) != tuple(target):
            raise ValueError(shape)  # `shape` broadcasts with `target`, not to it
    except ValueError:
        raise ValueError(
            "For 'BroadcastTo', in order to broadcast, each dimension pair must be equal or "
            "input dimension is 1 or target dimension is -1. But got x_shape: "
            f"{_shape_text(shape)}, target shape: {_shape_text(target)}.") from error
    if len(shape) > len(target):
        raise error
    return fitted


def _setitem_value(value, dtype):
    """The right-hand side of `t[i] = value` as an array of the Tensor's dtype."""
    if isinstance(value, Tensor):
        value = value._data
    elif isinstance(value, (bool, int, float, complex, np.number, np.bool_)):
        pass
    elif isinstance(value, (tuple, list)):
        value = jnp.asarray([v._data if isinstance(v, Tensor) else v for v in value])
    elif isinstance(value, str):
        raise IndexError(f"Unsupported Python object type received: {type(value)}. "
                         f"{_UNSUPPORTED_INDEX_TEXT} Received value: {value!r}")
    elif not isinstance(value, jax.Array):
        raise TypeError("only support numbers, Tensor, tuple, list as value, but got "
                        f"{value} with type {type(value)}")
    return _cast(jnp.asarray(value), dtype)


# -- construction --------------------------------------------------------------------------------
def _input_type_error(input_data) -> TypeError:
    return TypeError(f"For 'Tensor', the type of 'input_data' should be one of '{_INPUT_TYPES}', "
                     f"but got type '{type(input_data).__name__}'.")


def _unsupported_element(data) -> TypeError:
    return TypeError(f"For Tensor, the input_data is {data} that contain unsupported element.")


def _python_int(value: int) -> np.ndarray:
    if -2**63 <= value < 2**63:
        return np.asarray(value, np.int64)
    if 2**63 <= value < 2**64:
        return np.asarray(value, np.uint64)
    raise RuntimeError("Unsupported tensor type!")


def _python_float(value: float) -> np.ndarray:
    with np.errstate(over="ignore"):
        return np.asarray(value, np.float32)


_PY_SCALAR = {bool: lambda v: np.asarray(v, np.bool_), int: _python_int, float: _python_float,
              complex: lambda v: np.asarray(v, np.complex128)}


def _plain(data):
    """A nested list/tuple with Tensors as NumPy arrays and tuples as lists."""
    if isinstance(data, Tensor):
        return np.asarray(data._data)
    if isinstance(data, (list, tuple)):
        return [_plain(e) for e in data]
    if isinstance(data, (str, bytes)) or data is None:
        raise _NotANumber
    return data


class _NotANumber(Exception):
    pass


def _sequence_to_numpy(data) -> np.ndarray:
    """A nested list/tuple of numbers, NumPy values and Tensors, with MindSpore's dtype."""
    try:
        array = np.array(_plain(data))
    except (_NotANumber, ValueError, OverflowError, TypeError):
        raise _unsupported_element(data) from None
    if array.dtype == object or array.dtype.kind in "USV":
        raise _unsupported_element(data)
    target = _SEQUENCE_DTYPE.get(array.dtype)
    if target is not None:
        with np.errstate(over="ignore"):
            array = array.astype(target)
    return array


def _object_array_error(array: np.ndarray) -> TypeError:
    for position in np.ndindex(array.shape):
        element = array[position]
        if not isinstance(element, (int, float, complex, np.number, np.bool_, np.str_)):
            return TypeError(
                "initializing tensor by numpy array failed, because the element type "
                f"'{type(element)}' of array is not supported.\nThe element index in array: "
                f"{position}, numpy array: {array}.\nThe supported element type of ndarray as "
                f"follow: {_NUMPY_ELEMENT_TYPES}")
    return TypeError(f"initializing tensor by numpy array failed, numpy array: {array}, data type: "
                     f"{array.dtype}.\nThe supported element type of ndarray as follow: "
                     f"{_NUMPY_ELEMENT_TYPES}")


def _numpy_to_array(array: np.ndarray):
    kind = array.dtype.kind
    if kind == "O":
        raise _object_array_error(array)
    if kind in "US":
        return np.asarray(array, np.str_)  # a String tensor keeps its NumPy array
    # A copy on the default device, dtype canonicalised as jnp.asarray does; jnp.asarray itself
    # compiles a program per new shape (~20 ms: a model's first build paid it per Parameter).
    # The copy is made on the host first: device_put's own copy may run after it returns, and
    # would then see the caller's later writes to the array.
    return jax.device_put(np.array(array, copy=True))


def _without_data(dtype, shape, init):
    """The data of `Tensor(None, dtype, shape, init)`."""
    if init is not None:
        if shape is None or dtype is None:
            raise ValueError("init, dtype and shape must have values at the same time.")
        return INITIALIZERS.values_of(INITIALIZERS.initializer(init, shape, dtype))
    if dtype is None:
        raise _input_type_error(None)
    if shape is None:
        return ShapePlaceholder((-2,), dtype._np)
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if any(isinstance(d, Symbol) for d in shape):
        return ShapePlaceholder((-1 if d is None or isinstance(d, Symbol) else d for d in shape),
                                dtype._np, tuple(d if isinstance(d, Symbol) else None
                                                 for d in shape))
    if any(d is None or d < 0 for d in shape):
        return ShapePlaceholder((-1 if d is None else d for d in shape), dtype._np)
    return jnp.zeros(shape, dtype._np)


def _to_array(input_data, dtype, shape, init):
    if dtype is not None:
        dtype = mstype.tensor_dtype(dtype)
    if input_data is None:
        return _without_data(dtype, shape, init)
    if shape is not None:
        raise ValueError("When initializing a tensor with 'input_data', 'shape' should be set to "
                         f"None.But got shape: {shape}.")
    convert = _PY_SCALAR.get(type(input_data))
    if convert is not None:
        array = jnp.asarray(convert(input_data))
    elif isinstance(input_data, Tensor):
        array = input_data._data
    elif isinstance(input_data, jax.Array):
        array = input_data
    elif isinstance(input_data, np.ndarray):
        array = _numpy_to_array(input_data)
    elif isinstance(input_data, np.generic):
        array = _numpy_to_array(np.asarray(input_data))
    elif isinstance(input_data, (list, tuple)):
        array = jnp.asarray(_sequence_to_numpy(input_data))
    elif isinstance(input_data, bytes):
        array = np.asarray(str(input_data), np.str_)
    else:
        raise _input_type_error(input_data)
    if dtype is not None and dtype._np is not None and isinstance(array, jax.Array):
        array = _cast(array, dtype._np)
    return array


def on_device(array: np.ndarray) -> Tensor:
    """A Tensor of `array` put on the default device as it is (`jax.device_put`: on a CPU its
    memory may become the device buffer), with its dtype (core/x64.py)."""
    with x64.on():
        return _wrap(jax.device_put(array))


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
    """`mindspore.tensor`: the same as the `Tensor` constructor."""
    return Tensor(input_data, dtype, shape, init, const_arg, device)


def is_tensor(obj) -> bool:
    """`mindspore.is_tensor`."""
    return isinstance(obj, Tensor)


