"""Tensors and Parameters whose values are not made yet: MindSpore's `init=`.

**A Tensor made with `init=`** (`Tensor(shape=(2, 3), dtype=ms.float32, init=One())`, every
`initializer(...)` result) holds no values until `init_data()`, as in MindSpore 2.10
(tests/goldens/api/uninitialized_tensor.out): `str`/`print` show `value=<uninitialized>` (on a
line of its own when the rank is above 1); its storage is not filled yet, so `repr`, `item()`,
`tolist()`, `float()` and `bool()` read zeros; any op on it raises MindSpore's RuntimeError ("...
is uninitialized. ... You need to call Tensor.init_data before using this Tensor ...").
`init_data()` draws the values into it and returns it (TypeError when it has no `init`: a second
call, a plain Tensor). What MindSpore initialises on the way does so here too: `asnumpy()` and
NumPy conversion, a compiled function given it as an input (`lifting.flatten_args`), a Parameter
made from it, `Parameter.set_data(it)`. Its `init` is kept as given: a string (`init='ones'`) is
not resolved, and `init_data()` fails on it as MindSpore's does ("'str' object is not callable");
`initializer('ones', ...)` resolves names to Initializers.

The key is taken from the global key when the Tensor is made, so the values drawn later are the
ones drawing at once would have given, and the draws made in between are not shifted. Inside a
trace (a Cell built in a compiled function) the key is a tracer: the values are drawn at once.

**`mindspore.nn.utils.no_init_parameters`**: under the context manager MindSpore sets
`Parameter.init_param = False`, and a Parameter made from an initializer (`Parameter(initializer(
'normal', shape))`, every layer's weights) keeps the initializer instead of its values: `has_init`
is True, its shape and dtype are known, and no memory holds its values. Loading a checkpoint
(`set_data`) gives it values without ever drawing the initializer; `init_parameters_data()`,
`init_data()`, `asnumpy()` or running the network draw it. Parameters made from Tensors or NumPy
data are initialised as usual. An optimizer made inside the block reads only its Parameters'
shapes and dtypes, and its states are not made either. One difference: running a network on a
Parameter that is not initialised raises RuntimeError in MindSpore 2.10; msjax initialises it then.

Both are classes that differ from `Tensor` and `Parameter` only in where their value comes from:
the value slot (`Tensor._data`, `Parameter._value`) is a property (raising, or drawing on first
read for the Parameter); `init_data()` stores the values in the slot and turns the object back
into a plain `Tensor` / `Parameter`, so nothing is left on any later path.
"""
from __future__ import annotations

import contextlib

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import state, x64
from msjax._src.core.parameter import Parameter, _flatten as _flatten_parameter
from msjax._src.core.random import next_key
from msjax._src.core.initializer import Constant, Initializer, initializer
from msjax._src.core.tensor import (INITIALIZERS, PLAIN_TENSOR_TYPES, Tensor, _flatten as _flatten_tensor,
                                    _unflatten)
from msjax._src.core.tensor import _wrap
from msjax._src.core.tensor_repr import tensor_repr

_TENSOR_DATA = Tensor.__dict__["_data"]  # the slots the properties below stand in for
_PARAMETER_VALUE = Parameter.__dict__["_value"]
_DOCS = "https://www.mindspore.cn/docs/zh-CN/master/api_python/mindspore/mindspore.Tensor.html"


@contextlib.contextmanager
def no_init_parameters():
    """`mindspore.nn.utils.no_init_parameters()`: a context manager under which Parameters made
    from an initializer are not initialised until `init_parameters_data()`, a checkpoint load
    (`load_checkpoint(..., net=net)`, `set_data`) or their first use.

    Example:
        >>> with no_init_parameters():
        ...     net = nn.Dense(784, 64)          # no weights drawn
        >>> load_checkpoint("dense.ckpt", net=net)  # the weights come from the file
        >>> net.init_parameters_data()             # anything the file lacked is drawn now
    """
    Parameter.init_param = False
    try:
        yield
    finally:
        Parameter.init_param = True  # as MindSpore, also after an inner block ends


def deferring() -> bool:
    """Whether a Parameter made now from an initializer stays uninitialised."""
    return (getattr(Parameter, "init_param", True) is False and state.current_frame() is None
            and not state.tracing_depth())


def uninitialized_text(shape, dtype) -> str:
    """MindSpore's `str` of a Tensor not initialised yet."""
    gap = "\n" if len(shape) > 1 else ""
    return f"Tensor(shape={list(shape)}, dtype={dtype}, value={gap}<uninitialized>)"


def uninitialized_error(shape, dtype) -> RuntimeError:
    return RuntimeError(
        f"The {uninitialized_text(shape, dtype)} is uninitialized. Maybe the Tensor is create by "
        "initializer. You need to call Tensor.init_data before using this Tensor. For more detail "
        f"with 'Tensor', Please refer to {_DOCS}")


def _draw(init, shape, dtype, key):
    """The values of an initializer `init` for `shape` and `dtype` (a MindSpore dtype)."""
    if not isinstance(init, Initializer):  # (MindSpore calls it: a name is no callable)
        raise TypeError(f"'{type(init).__name__}' object is not callable")
    return init.generate(shape, dtype, key)


class _PendingInit:
    """What a Tensor or Parameter not initialised yet knows without its values: its `init`,
    shape and dtype, kept with its key as `__dict__['_pending_init']`."""

    __slots__ = ()

    @property
    def has_init(self) -> bool:
        return self.__dict__["_pending_init"][0] is not None

    @property
    def init(self):
        return self.__dict__["_pending_init"][0]

    @init.setter
    def init(self, init):
        _, shape, dtype, key = self.__dict__["_pending_init"]
        self.__dict__["_pending_init"] = (init, shape, dtype, key)

    @property
    def shape(self) -> tuple:
        return self.__dict__["_pending_init"][1]

    @property
    def dtype(self):
        return self.__dict__["_pending_init"][2]

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))


class UninitializedTensor(_PendingInit, Tensor):
    """A Tensor made with `init=`: its initializer, shape, dtype and key (`_pending_init`), its
    values drawn by `init_data()`. Its storage, not filled yet, reads as zeros."""

    __slots__ = ()

    @property
    def _data(self):  # every op reads its inputs' values here
        _, shape, dtype, _ = self.__dict__["_pending_init"]
        raise uninitialized_error(shape, dtype)

    @_data.setter
    def _data(self, values):  # (`assign_value`: the Tensor holds values from now on)
        self.__dict__.pop("_pending_init", None)
        _TENSOR_DATA.__set__(self, values)
        self.__class__ = Tensor

    # -- what is known without the values (and _PendingInit's) --------------------------------
    @property
    def itemsize(self) -> int:
        return mstype.to_numpy_dtype(self.dtype).itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.itemsize

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("Not support len of a 0-D tensor")
        return self.shape[0]

    # -- the storage, not filled yet ----------------------------------------------------------
    def _storage(self) -> Tensor:
        with x64.on():
            return _wrap(jnp.zeros(self.shape, mstype.to_numpy_dtype(self.dtype)))

    def item(self):
        return self._storage().item()

    def tolist(self):
        return self._storage().tolist()

    def __bool__(self) -> bool:
        return bool(self._storage())

    def _scalar(self):
        return self._storage()._scalar()

    def __repr__(self) -> str:
        return tensor_repr(np.zeros(self.shape, mstype.to_numpy_dtype(self.dtype)), str(self.dtype))

    def __str__(self) -> str:
        return uninitialized_text(self.shape, self.dtype)

    def __format__(self, spec):
        return format(self.item(), spec) if spec else str(self)

    # -- initialising -------------------------------------------------------------------------
    def init_data(self, slice_index=None, shape=None, opt_shard_group=None) -> Tensor:
        """Draw the values now; returns this Tensor (a plain Tensor from now on)."""
        init, shape_, dtype, key = self.__dict__["_pending_init"]
        if init is None:
            raise TypeError("init_data must be set Tensor.init, init can't be None")
        self._data = _draw(init, shape_, dtype, key)
        return self

    def asnumpy(self) -> np.ndarray:
        if self.has_init:
            return self.init_data().asnumpy()
        return np.zeros(self.shape, mstype.to_numpy_dtype(self.dtype))

    numpy = asnumpy

    def __array__(self, dtype=None, copy=None):
        array = self.asnumpy()
        return array if dtype is None else array.astype(dtype)

    def __copy__(self):
        return _uninitialized(self.__dict__["_pending_init"])

    def __deepcopy__(self, memo):
        return _uninitialized(self.__dict__["_pending_init"])


def _uninitialized(pending) -> UninitializedTensor:
    tensor = object.__new__(UninitializedTensor)
    tensor.__dict__["_pending_init"] = pending
    return tensor


def uninitialized_tensor(init, shape, dtype, key=None) -> Tensor:
    """A Tensor of `init` (an Initializer, or what `Tensor(init=...)` was given) not drawn yet,
    drawn later from `key` (default: the global key's next). Inside a trace, drawn now."""
    key = next_key() if key is None else key
    shape = tuple(shape)
    if isinstance(key, jax.core.Tracer):  # (a Cell built inside a compiled function)
        return _wrap(_draw(init, shape, dtype, key))
    return _uninitialized((init, shape, dtype, key))


def uninitialized_constant(fill, shape, dtype) -> UninitializedTensor:
    """A Tensor of `fill` not made yet (an optimizer's states under `no_init_parameters`). A fill
    draws nothing: it takes no key from the global key, as the states made at once take none."""
    return uninitialized_tensor(Constant(fill), shape, dtype, key=np.zeros(2, np.uint32))


def make_uninitialized(tensor: Tensor, input_data, dtype, shape, init) -> bool:
    """`Tensor(shape=..., dtype=..., init=...)`, or `Tensor(t)` of such a Tensor (which copies
    its storage, not filled, and not its `init`): makes `tensor` one, and says whether it did."""
    if input_data is None and init is not None:
        if shape is None or dtype is None:
            raise ValueError("init, dtype and shape must have values at the same time.")
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        made = uninitialized_tensor(init, shape, mstype.tensor_dtype(dtype))
    elif type(input_data) is UninitializedTensor:
        _, shape, own_dtype, key = input_data.__dict__["_pending_init"]
        made = _uninitialized((None, shape, own_dtype if dtype is None else
                               mstype.tensor_dtype(dtype), key))
    else:
        return False
    if type(made) is Tensor:  # drawn now (inside a trace)
        _TENSOR_DATA.__set__(tensor, made._data)
        return True
    tensor.__dict__["_pending_init"] = made.__dict__["_pending_init"]
    tensor.__class__ = UninitializedTensor
    return True


def values_of(tensor: Tensor):
    """The values of `tensor`, drawing them first if it has an initializer not drawn yet (what
    MindSpore does with a Tensor given to a Parameter or to a compiled function)."""
    if type(tensor) is UninitializedTensor and tensor.has_init:
        tensor.init_data()
    return tensor._data


class UninitializedParameter(_PendingInit, Parameter):
    """A Parameter made from an initializer under `no_init_parameters`: named, shaped and typed,
    its values drawn on the first read (or replaced by `set_data` without drawing)."""

    __slots__ = ()

    @property
    def _value(self):
        init, shape, dtype, key = self.__dict__["_pending_init"]
        values = init.generate(shape, dtype, key)
        del self.__dict__["_pending_init"]
        _PARAMETER_VALUE.__set__(self, values)
        self.__class__ = Parameter
        return values

    @_value.setter
    def _value(self, values):
        self.__dict__.pop("_pending_init", None)
        _PARAMETER_VALUE.__set__(self, values)
        self.__class__ = Parameter

    def init_data(self, layout=None, set_sliced=False) -> Parameter:
        """Draw the values now; returns this Parameter (a plain Parameter from now on)."""
        self._value  # noqa: B018 - the read draws
        return self

    def clone(self, init="same") -> Parameter:
        """A copy (`init='same'` draws this Parameter first); with another `init`, a Parameter
        of that initializer, not drawn either under `no_init_parameters`."""
        if init == "same":
            return Parameter.clone(self.init_data(), init)
        cloned = Parameter(initializer(init, self.shape, self.dtype), name=self.name,
                           requires_grad=self.requires_grad,
                           layerwise_parallel=self.layerwise_parallel,
                           parallel_optimizer=self.parallel_optimizer)
        cloned.__dict__.update((k, v) for k, v in self.__dict__.items() if k != "_pending_init")
        return cloned

    def set_data(self, data, slice_shape=False) -> Parameter:
        """Replace the values without drawing the initializer (a checkpoint's values)."""
        if isinstance(data, Tensor) and not data.has_init and data.shape == self.shape:
            self._data = data._data.astype(mstype.to_numpy_dtype(self.dtype))
            return self
        self.init_data()
        return Parameter.set_data(self, data, slice_shape)


def adopt(parameter: Parameter, default_input) -> None:
    """`Parameter(default_input)` where `default_input` has an initializer not drawn yet: under
    `no_init_parameters` the Parameter keeps it (MindSpore reads `Parameter.init_param` when the
    Parameter is made); otherwise `default_input` is initialised now and gives its values."""
    if (type(default_input) is UninitializedTensor and deferring()
            and type(parameter) is Parameter and isinstance(default_input.init, Initializer)):
        parameter.__dict__["_pending_init"] = default_input.__dict__["_pending_init"]
        parameter.__class__ = UninitializedParameter
        return
    parameter._value = state.created(parameter, values_of(default_input))


def initialize_parameters(parameters) -> None:
    """Draw every one of `parameters` not initialised yet (`Cell.init_parameters_data`)."""
    for parameter in parameters:
        if type(parameter) is UninitializedParameter:
            parameter.init_data()


# What code written for MindSpore reads of their class: MindSpore's (compat/identity.py reports
# the module of a subclass carrying its class's name as that class's)
for _cls, _public in ((UninitializedTensor, Tensor), (UninitializedParameter, Parameter)):
    _cls.__name__ = _cls.__qualname__ = _public.__name__
jax.tree_util.register_pytree_node(UninitializedTensor, _flatten_tensor, _unflatten)
PLAIN_TENSOR_TYPES.add(UninitializedTensor)
jax.tree_util.register_pytree_node(UninitializedParameter, _flatten_parameter, _unflatten)
INITIALIZERS.deferring = deferring
INITIALIZERS.make_uninitialized = make_uninitialized
INITIALIZERS.uninitialized_tensor = uninitialized_tensor
INITIALIZERS.values_of = values_of
INITIALIZERS.adopt = adopt
