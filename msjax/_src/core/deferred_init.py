"""`mindspore.nn.utils.no_init_parameters`: Parameters whose initializer is drawn on first use.

Under the context manager MindSpore sets `Parameter.init_param = False`, and a Parameter made
from an initializer (`Parameter(initializer('normal', shape))`, every layer's weights) keeps the
initializer instead of its values: `has_init` is True, its shape and dtype are known, and no
memory holds its values. Loading a checkpoint (`set_data`) gives it values without ever drawing
the initializer; `init_parameters_data()`, `init_data()`, `asnumpy()` or running the network
draw it. Parameters made from Tensors or NumPy data are initialised as usual. An optimizer made inside
the block reads only its Parameters' shapes and dtypes, and its states are not made either.

msjax does the same with two classes that differ from `Tensor` and `Parameter` only in where
their value comes from: the value slot (`Tensor._data`, `Parameter._value`) is a property that
draws the initializer on first read, stores the values in the slot and turns the object back
into a plain `Tensor` / `Parameter` (so nothing is left on any later path). Every read of a
value, eager, compiled (the state machinery reads `Parameter._value`) or pytree flattening, goes
through that slot. The key is taken from the global key when the Parameter is created, so the
values drawn later are the ones `initializer` would have drawn at once, and the draws made in
between are not shifted.

One difference: an op on a Parameter that is not initialised raises RuntimeError in MindSpore
2.10 ("... is uninitialized ... You need to call Tensor.init_data"); msjax initialises it then.
"""
from __future__ import annotations

import contextlib
import weakref

import jax
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import state
from msjax._src.core.parameter import Parameter, _flatten as _flatten_parameter
from msjax._src.core.random import next_key
from msjax._src.core.initializer import Constant, checked_initializer, initializer
from msjax._src.core.tensor import (INITIALIZERS, PLAIN_TENSOR_TYPES, Tensor, _flatten as _flatten_tensor,
                                    _unflatten)
from msjax._src.core.tensor_repr import tensor_repr

_TENSOR_DATA = Tensor.__dict__["_data"]  # the slots the properties below stand in for
_PARAMETER_VALUE = Parameter.__dict__["_value"]
# id(uninitialized Tensor) -> (initializer, shape, dtype, key); Parameters keep theirs in __dict__.
_PENDING_TENSORS: dict[int, tuple] = {}


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
    return getattr(Parameter, "init_param", True) is False and defers_tensor_init()


def defers_tensor_init() -> bool:
    """Whether a `Tensor(shape=..., dtype=..., init=...)` made now waits for `init_data()`: outside
    compiled calls and eager transactions (inside, its values are drawn at once from the call's key)."""
    return state.current_frame() is None and not state.tracing_depth()


def _pending(init, shape, dtype) -> tuple:
    return init, tuple(shape), dtype, next_key()


class UninitializedTensor(Tensor):
    """What `initializer(...)` returns under `no_init_parameters`: its initializer, shape and
    dtype, drawn into a plain Tensor on the first read of its values."""

    __slots__ = ()

    @property
    def _data(self):
        init, shape, dtype, key = _PENDING_TENSORS[id(self)]
        values = init.generate(shape, dtype, key)
        del _PENDING_TENSORS[id(self)]
        _TENSOR_DATA.__set__(self, values)
        self.__class__ = Tensor
        return values

    @_data.setter
    def _data(self, values):
        _PENDING_TENSORS.pop(id(self), None)
        _TENSOR_DATA.__set__(self, values)
        self.__class__ = Tensor

    @property
    def has_init(self) -> bool:
        return True

    @property
    def init(self):
        return _PENDING_TENSORS[id(self)][0]

    @property
    def shape(self) -> tuple:
        return _PENDING_TENSORS[id(self)][1]

    @property
    def dtype(self):
        return _PENDING_TENSORS[id(self)][2]

    def init_data(self, slice_index=None, shape=None, opt_shard_group=None) -> Tensor:
        """Draw the values now; returns this Tensor (a plain Tensor from now on)."""
        self._data  # noqa: B018 - the read draws
        return self

    def __str__(self) -> str:
        """MindSpore's print of a Tensor not drawn yet: no values (on a line of their own when
        the rank is above 1)."""
        gap = "\n" if len(self.shape) > 1 else ""
        return f"Tensor(shape={list(self.shape)}, dtype={self.dtype}, value={gap}<uninitialized>)"

    def __repr__(self) -> str:
        """MindSpore's repr of a Tensor not drawn yet shows zeros of its shape (its memory is not
        filled yet); nothing is drawn."""
        return tensor_repr(np.zeros(self.shape, mstype.to_numpy_dtype(self.dtype)), str(self.dtype))


def uninitialized_tensor(init, shape, dtype, key=None) -> UninitializedTensor:
    """An UninitializedTensor of `init`, drawn from `key` (default: the global key's next)."""
    tensor = object.__new__(UninitializedTensor)
    _PENDING_TENSORS[id(tensor)] = ((init, tuple(shape), dtype, key) if key is not None
                                    else _pending(init, shape, dtype))
    weakref.finalize(tensor, _PENDING_TENSORS.pop, id(tensor), None)
    return tensor


def uninitialized_constant(fill, shape, dtype) -> UninitializedTensor:
    """A Tensor of `fill` not made yet (an optimizer's states under `no_init_parameters`). A fill
    draws nothing: it takes no key from the global key, as the states made at once take none."""
    return uninitialized_tensor(Constant(fill), shape, dtype, key=np.zeros(2, np.uint32))


def defer_tensor(tensor: Tensor, init, shape, dtype) -> bool:
    """`Tensor(shape=..., dtype=..., init=...)`: `tensor` becomes an UninitializedTensor of that
    initializer (checked as `initializer` checks it), its key taken now. False (nothing done)
    when `init` is a Tensor, which has its values already."""
    if shape is None or dtype is None:
        raise ValueError("init, dtype and shape must have values at the same time.")
    init, shape = checked_initializer(init, shape)
    if isinstance(init, Tensor):
        return False
    _PENDING_TENSORS[id(tensor)] = _pending(init, shape, mstype.tensor_dtype(dtype))
    weakref.finalize(tensor, _PENDING_TENSORS.pop, id(tensor), None)
    tensor.__class__ = UninitializedTensor
    return True


class UninitializedParameter(Parameter):
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

    @property
    def has_init(self) -> bool:
        return True

    @property
    def init(self):
        return self.__dict__["_pending_init"][0]

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
        size = 1
        for n in self.shape:
            size *= n
        return size

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
    Parameter is made); otherwise it is drawn now."""
    if (isinstance(default_input, UninitializedTensor) and deferring()
            and type(parameter) is Parameter):
        parameter.__dict__["_pending_init"] = _PENDING_TENSORS[id(default_input)]
        parameter.__class__ = UninitializedParameter
        return
    parameter._value = state.created(parameter, default_input._data)


def initialize_parameters(parameters) -> None:
    """Draw every one of `parameters` not initialised yet (`Cell.init_parameters_data`)."""
    for parameter in parameters:
        if type(parameter) is UninitializedParameter:
            parameter.init_data()


# Its type is MindSpore's Tensor to a user (`type(t).__name__`): only where its values come from differs.
UninitializedTensor.__name__ = UninitializedTensor.__qualname__ = "Tensor"
jax.tree_util.register_pytree_node(UninitializedTensor, _flatten_tensor, _unflatten)
PLAIN_TENSOR_TYPES.add(UninitializedTensor)
jax.tree_util.register_pytree_node(UninitializedParameter, _flatten_parameter, _unflatten)
INITIALIZERS.deferring = deferring
INITIALIZERS.defer_tensor = defer_tensor
INITIALIZERS.defers_tensor_init = defers_tensor_init
INITIALIZERS.uninitialized_tensor = uninitialized_tensor
INITIALIZERS.adopt = adopt
