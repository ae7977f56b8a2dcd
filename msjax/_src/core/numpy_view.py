"""`Tensor.from_numpy(array)` / `mindspore.from_numpy(array)`: a Tensor that shares its memory with
a NumPy array, as MindSpore's does.

JAX's arrays are immutable device buffers: a `jax.Array` cannot be a view of memory NumPy goes on
writing (on a CPU, `jax.device_put` may alias an aligned NumPy buffer, but JAX then assumes it
never changes and caches what it read). So the Tensor keeps the NumPy array as its storage
instead: each read of its values (`Tensor._data`, the slot every op, print, compiled call and
pytree flattening reads) copies the array as it is now, and each in-place write of the Tensor
(`t[i] = v`, `copy_`, the `*_` methods) writes into the array. What MindSpore shows therefore
shows here too: `np.add(n, 1, out=n)` is seen in `t`, and `t[1] = 5` in `n`.

As in MindSpore, `assign_value` and `set_dtype` give the Tensor storage of its own (the array is
no longer written), and results of ops are new Tensors. A write NumPy's array cannot take (a
traced value inside a compiled function, another shape or dtype) also gives the Tensor its own
storage. Each read is a copy: on an accelerator, a transfer per read; `Tensor(array)` copies once.
"""
from __future__ import annotations

import jax
import numpy as np

from msjax._src.core import x64
from msjax._src.core.tensor import PLAIN_TENSOR_TYPES, Tensor, _flatten, _to_array, _unflatten

_TENSOR_DATA = Tensor.__dict__["_data"]  # the slot the property below stands in for


class NumpyBackedTensor(Tensor):
    """A Tensor whose values live in a NumPy array (`from_numpy`); a plain Tensor once it has
    storage of its own."""

    __slots__ = ()

    @property
    def _data(self):
        with x64.on():
            return _to_array(self.__dict__["_numpy"], None, None, None)

    @_data.setter
    def _data(self, values):
        array = self.__dict__["_numpy"]
        if (not isinstance(values, jax.core.Tracer) and array.flags.writeable
                and tuple(values.shape) == array.shape and np.dtype(values.dtype) == array.dtype):
            np.copyto(array, np.asarray(values))
            return
        self._own_storage(values)

    def _own_storage(self, values) -> None:
        del self.__dict__["_numpy"]
        _TENSOR_DATA.__set__(self, values)
        self.__class__ = Tensor

    def __repr__(self) -> str:
        """MindSpore prints a Tensor that shares a NumPy array's memory with NumPy's layout
        (``value= [1., 1.]``), other Tensors with its own (``value= [ 1.00000000e+00, ...]``)."""
        array = self.__dict__["_numpy"]
        gap = "\n" if array.ndim > 1 else " "
        return (f"Tensor(shape={list(array.shape)}, dtype={self.dtype}, "
                f"value={gap}{np.array2string(array, separator=', ')})")

    def assign_value(self, value) -> Tensor:
        self._own_storage(self._data)
        return Tensor.assign_value(self, value)

    def set_dtype(self, dtype):
        self._own_storage(self._data)
        return Tensor.set_dtype(self, dtype)


# Its type is MindSpore's Tensor to a user (`type(t).__name__`): only where its values live differs.
NumpyBackedTensor.__name__ = NumpyBackedTensor.__qualname__ = "Tensor"
jax.tree_util.register_pytree_node(NumpyBackedTensor, _flatten, _unflatten)
PLAIN_TENSOR_TYPES.add(NumpyBackedTensor)


def from_numpy(array) -> Tensor:
    """`mindspore.from_numpy(array)` and `Tensor.from_numpy(array)`: a Tensor sharing `array`'s
    memory (see the module's doc for how).

    Example:
        >>> n = np.ones(5)
        >>> t = Tensor.from_numpy(n)
        >>> np.add(n, 1, out=n)
        >>> t
        Tensor(shape=[5], dtype=Float64, value= [ 2.00000000e+00, ...])
    """
    if not isinstance(array, np.ndarray):
        raise TypeError("Expected a NumPy array.")
    tensor = object.__new__(NumpyBackedTensor)
    tensor.__dict__["_numpy"] = array
    tensor._data  # noqa: B018 - a dtype msjax cannot hold fails here, as Tensor(array) would
    return tensor
