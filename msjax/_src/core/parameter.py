"""`mindspore.Parameter` and `mindspore.ParameterTuple`.

A Parameter is a Tensor whose committed value lives in a mutable box (`_value`). Every read and
write of its value goes through the `_data` accessor below, which asks `msjax._src.core.state`: inside
a functionalised call (a trace, a transaction) the value is the one of the call's frame, and a
write stays in that frame until the call succeeds; see `state.py`.
"""
from __future__ import annotations

import copy as _copy

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import state
from msjax._src.core import x64
from msjax._src.core.tensor import INITIALIZERS, Tensor, _wrap

_current_frame = state.current_frame

_GENERATED_PREFIX = "Parameter#"
_NAME_MAX_LEN = 1024
_next_name_id = [0]


def _generate_name() -> str:
    name = _GENERATED_PREFIX + str(_next_name_id[0])
    _next_name_id[0] += 1
    return name


def is_generated_name(name: str) -> bool:
    return name.startswith(_GENERATED_PREFIX)


def _initial_array(default_input):
    if isinstance(default_input, Tensor):
        return default_input._data
    if isinstance(default_input, bool):
        raise ValueError("Parameter data can not be `bool`")
    if isinstance(default_input, int):
        return jnp.asarray(default_input, np.int32)  # MindSpore 2.10: Parameter(3) is Int32
    if isinstance(default_input, float):
        return jnp.asarray(default_input, np.float32)
    if isinstance(default_input, (np.ndarray, list)):
        return Tensor(default_input)._data
    if isinstance(default_input, jax.Array):
        return default_input
    return Tensor(default_input)._data  # MindSpore's Tensor error for anything else


class Parameter(Tensor):
    """`mindspore.Parameter(default_input, name=None, requires_grad=True, layerwise_parallel=False,
    parallel_optimizer=True, storage_format='', device=None)`.

    A named, mutable Tensor. Arithmetic on it gives plain Tensors. `set_data` replaces its value
    (cast to its dtype); inside compiled code `ops.assign` does the same and is written back when
    the call succeeds.
    """

    __slots__ = ("_value", "_name", "_requires_grad", "layerwise_parallel", "parallel_optimizer")

    @x64.scoped
    def __init__(self, default_input, name=None, requires_grad=True, layerwise_parallel=False,
                 parallel_optimizer=True, storage_format="", device=None):
        if getattr(default_input, "has_init", False):  # an initializer's, not drawn yet
            INITIALIZERS.adopt(self, default_input)  # core/deferred_init.py
            initial = None
        elif state.tracing_depth() and not isinstance(default_input, (Tensor, jax.Array)):
            # Python or NumPy data inside a trace (a Cell built inside jit): a concrete initial
            # value, which the compiled program can keep between calls (state.Frame.adopt).
            with jax.ensure_compile_time_eval():
                initial = _initial_array(default_input)
        else:
            initial = _initial_array(default_input)
        if initial is not None:
            self._value = state.created(self, initial)
        self.name = name
        self.requires_grad = requires_grad
        if not isinstance(layerwise_parallel, bool):
            raise TypeError("The argument `layerwise_parallel` must be bool type.")
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer
        if device is not None and device not in ("CPU", "Remote"):
            raise ValueError(f"Only 'CPU' and 'Remote' is supported for device, but got ${device}.")

    # -- the one accessor of the value --------------------------------------------------------
    @property
    def _data(self):
        frame = _current_frame()
        if frame is None:
            return self._value
        return frame.read(self)

    @_data.setter
    def _data(self, value):
        state.write(self, value)

    # -- MindSpore's Parameter API ------------------------------------------------------------
    @property
    def name(self) -> str:
        return self._name

    @name.setter
    def name(self, name_):
        if name_ is None:
            name_ = _generate_name()
        elif isinstance(name_, str):
            name_ = name_.strip() or _generate_name()
            if len(name_) > _NAME_MAX_LEN:
                raise ValueError(f"The length of the '{name_}' name should be less than "
                                 f"{_NAME_MAX_LEN}.")
        else:
            raise ValueError("The type of the Parameter's name should be 'string' or 'None', "
                             f"but got {type(name_)}.")
        self._name = name_

    @property
    def requires_grad(self) -> bool:
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        if not isinstance(value, bool):
            raise TypeError("The argument `requires_grad` must be bool type")
        self._requires_grad = value

    @property
    def data(self) -> Parameter:
        return self

    # Parallel-training settings MindSpore keeps on a Parameter; XLA decides these itself (its
    # all-reduce combiner fuses gradient reductions; msjax has no embedding cache), so msjax
    # checks and keeps them, as MindSpore does, and nothing reads them.
    @property
    def comm_fusion(self) -> int:
        """`Parameter.comm_fusion` (default 1): the fusion group of this Parameter's gradient
        all-reduce in MindSpore's data parallelism. Kept, not used: XLA's all-reduce combiner
        fuses msjax's gradient reductions."""
        return self.__dict__.get("_comm_fusion", 1)

    @comm_fusion.setter
    def comm_fusion(self, comm_fusion_):
        self.__dict__["_comm_fusion"] = check_non_negative_int(comm_fusion_)

    def add_pipeline_stage(self, stage) -> None:
        """`Parameter.add_pipeline_stage(stage)`: record a pipeline-parallel stage that uses
        this Parameter (an int >= 0). Kept: msjax does not split a network into stages."""
        if not isinstance(stage, int) or isinstance(stage, bool) or stage < 0:
            raise TypeError("`stage` must be a positive number of int type")
        self.__dict__.setdefault("_pipeline_stage_list", []).append(stage)

    @property
    def cache_shape(self) -> list:
        """`Parameter.cache_shape`: the shape of the host cache of an embedding table in
        MindSpore's parameter-server mode; [] (msjax keeps no such cache)."""
        return list(self.__dict__.get("_cache_shape", []))

    @property
    def cache_enable(self) -> bool:
        """`Parameter.cache_enable` (default False): MindSpore's host-cache flag of an embedding
        table. Kept, not used: msjax keeps every Parameter on the device."""
        return self.__dict__.get("_cache_enable", False)

    @cache_enable.setter
    def cache_enable(self, value=True):
        if not isinstance(value, bool):
            raise TypeError("The argument `cache_enable` must be bool type.")
        self.__dict__["_cache_enable"] = value

    @property
    def inited_param(self):
        return None

    @property
    def is_init(self) -> bool:
        return False

    @property
    def sliced(self) -> bool:
        return False

    @property
    def unique(self) -> bool:
        return False

    def value(self) -> Tensor:
        """The current value as a plain Tensor."""
        return _wrap(self._data)

    @x64.scoped
    def set_data(self, data, slice_shape=False) -> Parameter:
        """Replace the value; numbers and other dtypes are cast to this Parameter's dtype,
        but a float number is refused by a signed integer Parameter (MindSpore lets an unsigned
        one, and a bool one, truncate it)."""
        if not isinstance(data, (Tensor, int, float)):
            raise TypeError("Parameter data must be [`Tensor`, `int`, `float`] or a kind of `Tensor` "
                            f"(like `Tensor`). But with type {type(data)}.")
        current = self._data
        if isinstance(data, (int, float)):
            if current.dtype.kind == "i" and isinstance(data, float):
                raise TypeError("Incoming Parameter dtype can not be converted to current dtype "
                                f"implicitly. Current dtype is {self.dtype}, and incoming is "
                                "Float. Use .set_dtype(xxx) to change the dtype.")
            new = jnp.asarray(data, current.dtype)
        else:
            new = INITIALIZERS.values_of(data)  # (one made with `init=`: initialised now)
            if new.dtype != current.dtype:
                new = new.astype(current.dtype)
        self._data = new
        return self

    def init_data(self, layout=None, set_sliced=False) -> Parameter:
        return self

    @x64.scoped
    def clone(self, init="same") -> Parameter:
        """A new Parameter with this one's name, flags and value (or `init`'s values)."""
        cloned = _copy.copy(self)
        if init != "same":
            cloned._value = state.created(cloned, INITIALIZERS.values_of(
                INITIALIZERS.initializer(init, self.shape, self.dtype)))
        return cloned

    def __copy__(self):
        new = object.__new__(type(self))
        new._value = state.created(new, self._data)
        new._name = self._name
        new._requires_grad = self._requires_grad
        new.layerwise_parallel = self.layerwise_parallel
        new.parallel_optimizer = self.parallel_optimizer
        new.__dict__.update(self.__dict__)
        return new

    @x64.scoped
    def __deepcopy__(self, memo):
        new = self.__copy__()
        new._value = jnp.array(self._data, copy=True)
        return new

    def __reduce__(self):
        return (_rebuild, (np.asarray(self._data), self.name, self.requires_grad))

    def __str__(self) -> str:
        return (f"Parameter (name={self.name}, shape={self.shape}, dtype={self.dtype}, "
                f"requires_grad={self.requires_grad})")

    __repr__ = __str__


def check_non_negative_int(value) -> int:
    """MindSpore's `Validator.check_non_negative_int(value)` with its messages."""
    if isinstance(value, bool):
        raise TypeError(f"The input value must be int and must >= 0, but got '{value}' with type "
                        "'bool'.")
    if not isinstance(value, int):
        raise TypeError(f"The input value must be int, but got '{type(value).__name__}'")
    if value < 0:
        raise ValueError(f"The input value must be int and must >= 0, but got '{value}' with "
                         "type 'int'.")
    return value


def _rebuild(array, name, requires_grad):
    return Parameter(Tensor(array), name, requires_grad)


def _flatten(param):
    return (param._data,), None


def _unflatten(_, children):
    return _wrap(children[0])


jax.tree_util.register_pytree_node(Parameter, _flatten, _unflatten)


class ParameterTuple(tuple):
    """`mindspore.ParameterTuple(iterable)`: a tuple of uniquely named Parameters."""

    def __new__(cls, iterable):
        data = tuple(iterable)
        ids, names = set(), set()
        for x in data:
            if not isinstance(x, Parameter):
                raise TypeError("For ParameterTuple initialization, ParameterTuple input should be "
                                f"'Parameter' collection, but got a {type(iterable)}. ")
            if id(x) not in ids:
                if x.name in names:
                    raise ValueError(f"The value {x} , its name '{x.name}' already exists. "
                                     "Please set a unique name for the parameter.")
                names.add(x.name)
                ids.add(id(x))
        return tuple.__new__(ParameterTuple, data)

    def clone(self, prefix, init="same") -> ParameterTuple:
        """Copies named `prefix + '.' + name` (how optimizers name their moments)."""
        _check_prefix(prefix)
        cloned = []
        for x in self:
            x1 = x.clone(init)
            x1.name = prefix + "." + x1.name
            cloned.append(x1)
        return ParameterTuple(cloned)


def _check_prefix(prefix):
    import re
    if not isinstance(prefix, str):
        raise TypeError(f"The args 'prefix' must be str, but got {type(prefix)}.")
    if not re.fullmatch(r"[\w\-./]*", prefix):
        raise ValueError(f"The args 'prefix' is illegal: '{prefix}'.")



class _Buffer(Tensor):
    """`mindspore.common.parameter._Buffer(data, persistent=True)`: marks a Tensor as a Cell's
    buffer. As in MindSpore, what it makes is a plain `Tensor` (holding `data`'s values, with
    `persistent`); assigned to a Cell's attribute it is registered as that Cell's buffer
    (`Cell.register_buffer`), so it is in `named_buffers` and `state_dict`."""

    def __new__(cls, data, persistent=True):
        if not isinstance(data, Tensor):
            raise TypeError("For create Buffer, type of input data should be Tensor")
        buffer = _wrap(data._data)
        buffer.__dict__["persistent"] = persistent
        buffer.__dict__[BUFFER_MARK] = True
        return buffer


BUFFER_MARK = "_is_buffer"  # in a Tensor's __dict__: made by `_Buffer` (Cell.__setattr__ reads it)


def is_buffer(value) -> bool:
    """Whether `value` is a Tensor `_Buffer` made."""
    return type(value) is Tensor and value.__dict__.get(BUFFER_MARK, False)
