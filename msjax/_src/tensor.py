"""`mindspore.Tensor`: a thin box around one `jax.Array`.

The box holds one field, `_data`: a concrete array or a JAX tracer. `Tensor` is a JAX pytree node,
so `jax.jit`, `jax.vmap` and `jax.grad` see straight through it. Its operators and most methods are
installed from the op table by `msjax._src.tensor_methods`; this module holds only construction,
conversion, attributes, indexing and printing.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src import dtype as mstype

_PY_SCALAR_DTYPE = {bool: np.bool_, int: np.int64, float: np.float32, complex: np.complex64}
# A list of Python numbers becomes NumPy's dtype, then MindSpore's default width.
_SEQUENCE_DTYPE = {np.dtype(np.float64): np.float32, np.dtype(np.complex128): np.complex64}
_SUPPORTED_INPUTS = ("Tensor", "tuple", "list", "numpy.ndarray", "bool", "int", "float",
                     "complex", "numpy.number", "numpy.bool_")


class Tensor:
    """`mindspore.Tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None)`.

    Dtype inference follows MindSpore: `Tensor(1.5)` is Float32, `Tensor(1)` Int64,
    `Tensor([1, 2.5])` Float32, while NumPy inputs keep their dtype (`Tensor(np.float64(1.5))` is
    Float64). `Tensor(t, dtype)` casts. With `shape`, `dtype` and `init` (an initializer or its
    name) the Tensor is filled by that initializer.
    """

    __slots__ = ("_data", "__weakref__")
    __array_priority__ = 100

    def __init__(self, input_data=None, dtype=None, shape=None, init=None, const_arg=False,
                 device=None):
        self._data = _to_array(input_data, dtype, shape, init)

    # -- attributes ---------------------------------------------------------------------------
    @property
    def shape(self) -> tuple:
        return tuple(self._data.shape)

    @property
    def dtype(self) -> mstype.Type:
        return mstype.from_numpy(self._data.dtype)

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
    def T(self) -> Tensor:
        return _wrap(jnp.transpose(self._data))

    # -- conversion ---------------------------------------------------------------------------
    def asnumpy(self) -> np.ndarray:
        """The value as a new, writable NumPy array."""
        return np.array(self._data)

    numpy = asnumpy

    def item(self, index=None):
        data = self._data if index is None else self._data[index]
        if data.size != 1:
            raise ValueError("The tensor should have only one element, but got "
                             f"{int(data.size)} elements.")
        return np.asarray(data).reshape(()).item()

    def tolist(self):
        return np.asarray(self._data).tolist()

    def astype(self, dtype, copy=True) -> Tensor:
        return _wrap(self._data.astype(mstype.to_numpy_dtype(dtype)))

    def to(self, dtype) -> Tensor:
        return self.astype(dtype)

    def __array__(self, dtype=None, copy=None):
        array = np.asarray(self._data)
        return array if dtype is None else array.astype(dtype)

    def __jax_array__(self):
        return self._data

    def __bool__(self) -> bool:
        return bool(self._data)

    def __int__(self) -> int:
        return int(self._data)

    def __float__(self) -> float:
        return float(self._data)

    def __complex__(self) -> complex:
        return complex(self._data)

    def __index__(self) -> int:
        return int(self._data)

    def __len__(self) -> int:
        if self._data.ndim == 0:
            raise TypeError("Not support len of a 0-D tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return (_wrap(self._data[i]) for i in range(self._data.shape[0]))

    def __hash__(self):
        return id(self)

    def __reduce__(self):
        return (Tensor, (np.asarray(self._data),))

    def __copy__(self):
        return _wrap(self._data)

    def __deepcopy__(self, memo):
        return _wrap(jnp.array(self._data, copy=True))

    # -- indexing -----------------------------------------------------------------------------
    def __getitem__(self, index) -> Tensor:
        return _wrap(self._data[_unwrap_index(index)])

    def __setitem__(self, index, value) -> None:
        value = value._data if isinstance(value, Tensor) else value
        data = self._data
        self._data = data.at[_unwrap_index(index)].set(jnp.asarray(value).astype(data.dtype))

    # -- printing -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        from msjax._src.tensor_repr import tensor_repr
        if isinstance(self._data, jax.core.Tracer):
            return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value={self._data})"
        return tensor_repr(np.asarray(self._data), str(self.dtype))

    def __str__(self) -> str:
        from msjax._src.tensor_repr import tensor_str
        if isinstance(self._data, jax.core.Tracer):
            return str(self._data)
        return tensor_str(np.asarray(self._data), str(self.dtype))

    def __format__(self, spec):
        if spec:
            return format(self.item(), spec)
        return str(self)

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None) -> Tensor:
        """MindSpore's lazy-initialisation hook; msjax tensors are always initialised."""
        return self

    def is_contiguous(self) -> bool:
        return True

    def contiguous(self) -> Tensor:
        return self

    def copy(self) -> Tensor:
        return _wrap(jnp.array(self._data, copy=True))

    def clone(self) -> Tensor:
        return self.copy()

    def set_dtype(self, dtype) -> Tensor:
        self._data = self._data.astype(mstype.to_numpy_dtype(dtype))
        return self

    def assign_value(self, value) -> Tensor:
        self._data = value._data if isinstance(value, Tensor) else jnp.asarray(value)
        return self

    @property
    def has_init(self) -> bool:
        return False

    @property
    def is_leaf(self) -> bool:
        return True


def _wrap(array) -> Tensor:
    """Box a jax.Array (or tracer) as a Tensor without any checks: the hot path."""
    tensor = object.__new__(Tensor)
    tensor._data = array
    return tensor


def _unwrap_index(index):
    if isinstance(index, Tensor):
        return index._data
    if type(index) is tuple:
        return tuple(i._data if isinstance(i, Tensor) else i for i in index)
    if type(index) is list:
        return jnp.asarray([i._data if isinstance(i, Tensor) else i for i in index])
    return index


def _flatten(tensor):
    return (tensor._data,), None


def _unflatten(_, children):
    return _wrap(children[0])


jax.tree_util.register_pytree_node(Tensor, _flatten, _unflatten)


def _sequence_to_numpy(data):
    """A nested list/tuple of numbers and Tensors as a NumPy array with MindSpore's dtype."""
    def to_plain(x):
        if isinstance(x, Tensor):
            return np.asarray(x._data)
        if isinstance(x, (list, tuple)):
            return [to_plain(e) for e in x]
        return x
    plain = to_plain(data)
    try:
        array = np.array(plain)
    except ValueError:
        array = None
    if array is None or array.dtype == object or array.dtype.kind in "USV":
        raise TypeError(f"For Tensor, the input_data is {data} that contain unsupported element.")
    if _all_python_scalars(plain):
        array = array.astype(_SEQUENCE_DTYPE.get(array.dtype, array.dtype))
    return array


def _all_python_scalars(x) -> bool:
    if isinstance(x, list):
        return all(_all_python_scalars(e) for e in x)
    return isinstance(x, (bool, int, float, complex))


def _to_array(input_data, dtype, shape, init):
    if input_data is None:
        if init is None or shape is None:
            raise ValueError("For 'Tensor', 'input_data' and 'init' can not be None at the same time "
                             "unless 'shape' is given with 'init'.")
        from msjax._src.initializer import initializer
        return initializer(init, shape, mstype.float32 if dtype is None else dtype)._data
    if isinstance(input_data, Tensor):
        array = input_data._data
    elif isinstance(input_data, jax.Array):
        array = input_data
    elif isinstance(input_data, (np.ndarray, np.generic)):
        array = jnp.asarray(input_data)
    elif type(input_data) in _PY_SCALAR_DTYPE:
        array = jnp.asarray(np.asarray(input_data, _PY_SCALAR_DTYPE[type(input_data)]))
    elif isinstance(input_data, (list, tuple)):
        array = jnp.asarray(_sequence_to_numpy(input_data))
    else:
        raise TypeError(f"For 'Tensor', the type of 'input_data' should be one of "
                        f"'{list(_SUPPORTED_INPUTS)}', but got type '{type(input_data).__name__}'.")
    if dtype is not None:
        array = array.astype(mstype.to_numpy_dtype(dtype))
    if shape is not None and tuple(array.shape) != tuple(shape):
        array = jnp.broadcast_to(array, tuple(shape))
    return array


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
    """`mindspore.tensor`: the same as the `Tensor` constructor."""
    return Tensor(input_data, dtype, shape, init, const_arg, device)


def is_tensor(obj) -> bool:
    """`mindspore.is_tensor`."""
    return isinstance(obj, Tensor)


def from_numpy(array) -> Tensor:
    """`mindspore.from_numpy`."""
    return Tensor(np.asarray(array))
