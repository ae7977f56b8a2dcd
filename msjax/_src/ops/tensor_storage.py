"""Tensor methods about a Tensor's memory and device that real MindSpore code calls:
`storage()`/`untyped_storage()` (an `UntypedStorage`), `get_bytes()`,
`Tensor.convert_bytes_to_tensor`, `data_sync()`, `move_to()`, `flush_from_cache()`, and `index(indices)` (advanced
indexing by a tuple of Tensors). Installed on Tensor by `tensor_methods.install`.

An msjax Tensor holds an immutable XLA array, so its storage is the Tensor's bytes seen as one
buffer: `copy_` replaces the Tensor's array by one with the source's bytes, and a storage cannot
change size (`resize_` to another size raises NotImplementedError: docs/migration.md).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor, _wrap

_DEVICES = ["Ascend", "GPU", "CPU"]


class UntypedStorage:
    """`mindspore.common.storage.UntypedStorage`: the bytes of a Tensor (`Tensor.
    untyped_storage()`). `size()` and `nbytes()` count bytes; `dtype` is the Tensor's."""

    def __init__(self, tensor):
        self._tensor = tensor

    @property
    def dtype(self):
        return self._tensor.dtype

    @property
    def device(self) -> str:
        return self._tensor.device

    def size(self) -> int:
        return self.nbytes()

    def nbytes(self) -> int:
        return int(self._tensor._data.nbytes)

    def element_size(self) -> int:
        """1: a storage's elements are bytes."""
        return 1

    def data_ptr(self) -> int:
        return self._tensor._data.unsafe_buffer_pointer()

    def is_shared(self) -> bool:
        return False

    def copy_(self, src, non_blocking=False):
        """Copy the bytes of storage `src` (of the same size) into this one: the Tensor takes
        them, reinterpreted as its dtype."""
        if not isinstance(src, UntypedStorage):
            raise TypeError(f"copy_(): argument 'src' must be UntypedStorage, but got "
                            f"{type(src).__name__}.")
        if src.nbytes() != self.nbytes():
            raise RuntimeError(f"Size does not match, self was {self.nbytes()} bytes but src "
                               f"was {src.nbytes()} bytes")
        target = self._tensor._data
        source = src._tensor._data
        if source.dtype != target.dtype:
            source = _bytes_as(np.asarray(source).tobytes(), target.dtype)
        self._tensor._data = jnp.reshape(source, target.shape)
        return self

    def resize_(self, size):
        """Resize the storage to `size` bytes: only to its own size (an XLA array's buffer has
        a fixed size; MindSpore frees a Tensor's memory with `resize_(0)`, see
        docs/migration.md)."""
        if size != self.nbytes():
            raise NotImplementedError(
                f"UntypedStorage.resize_({size}): an msjax Tensor's storage is an XLA array of "
                f"fixed size ({self.nbytes()} bytes) and cannot be resized in place; drop the "
                "Tensor (or give the Parameter new data with set_data) to free its memory.")
        return self

    def __repr__(self):
        return f"UntypedStorage(nbytes={self.nbytes()}, device={self.device})"


def _bytes_as(data: bytes, dtype) -> jax.Array:
    return jnp.asarray(np.frombuffer(data, dtype=np.dtype(dtype)))


def untyped_storage(self) -> UntypedStorage:
    """`Tensor.untyped_storage()` (and `Tensor.storage()`): the Tensor's bytes, one storage
    object per Tensor."""
    storage = self.__dict__.get("_storage")
    if storage is None:
        storage = self.__dict__["_storage"] = UntypedStorage(self)
    return storage


def get_bytes(self) -> bytes:
    """`Tensor.get_bytes()`: the Tensor's values as bytes, in row-major order (a bool as one
    byte)."""
    return np.asarray(self._data).tobytes()


def convert_bytes_to_tensor(bytes_data, shape, dtype) -> Tensor:
    """`Tensor.convert_bytes_to_tensor(bytes_data, shape, dtype)`: a Tensor of `shape` and
    `dtype` holding `bytes_data` (`get_bytes`'s inverse)."""
    if not isinstance(bytes_data, bytes):
        raise TypeError(f"For 'convert_bytes_to_tensor', the 'bytes_data' must be bytes, but got "
                        f"{type(bytes_data).__name__}.")
    np_dtype = mstype.dtype_to_nptype(dtype)
    count = int(np.prod(shape))
    if len(bytes_data) != count * np.dtype(np_dtype).itemsize:
        raise ValueError(f"For 'convert_bytes_to_tensor', {len(bytes_data)} bytes cannot hold a "
                         f"Tensor of shape {tuple(shape)} and dtype {dtype}.")
    return Tensor(np.frombuffer(bytes_data, np_dtype).reshape(shape), dtype)


def data_sync(self, waiting=True) -> None:
    """`Tensor.data_sync(waiting=True)`: make the Tensor's value ready on the host side. JAX
    dispatches asynchronously: with `waiting`, wait until the value is computed."""
    if waiting and not isinstance(self._data, jax.core.Tracer):
        self._data.block_until_ready()


def move_to(self, to, blocking=True) -> Tensor:
    """`Tensor.move_to(to, blocking=True)`: a copy of the Tensor on device `to` ("CPU", "GPU",
    "Ascend"), which must be the device target (as on MindSpore's CPU build), or "CPU", the host,
    for a Tensor on an accelerator."""
    if to not in _DEVICES:
        raise ValueError(f"The value of 'to' must be one of {_DEVICES}, but got {to}")
    if not isinstance(blocking, bool):
        raise ValueError(f"The type of 'blocking' must be bool, but got {blocking}")
    from_device = self.device
    if to != from_device and to != "CPU":
        raise RuntimeError(f"The value of arg 'to' of method 'move_to' should be same with "
                           f"device target, bug got to:{to}, device target: {from_device}")
    if to == "CPU" and from_device != "CPU":
        moved = jax.device_put(self._data, jax.local_devices(backend="cpu")[0])
    else:
        moved = jnp.array(self._data, copy=True)
    if blocking:
        moved.block_until_ready()
    return _wrap(moved)


def flush_from_cache(self) -> None:
    """`Tensor.flush_from_cache()`: write an embedding table's host cache (MindSpore's
    parameter-server cache) back to the Tensor. msjax keeps no such cache: the Tensor holds its
    values already."""


def index(self, indices) -> Tensor:
    """`Tensor.index(indices)`: advanced indexing by a tuple (or list) of index Tensors, one
    per leading axis: `x.index((i, j))` is `x[i, j]`, the Tensors broadcast together; a bool
    Tensor selects where it is True. MindSpore 2.10 runs it on Ascend only."""
    if not isinstance(indices, (tuple, list)):
        raise TypeError(f"index(): argument 'indices' (position 1) must be tuple of Tensor, not "
                        f"{type(indices).__name__}.")
    for position, item in enumerate(indices):
        if not isinstance(item, Tensor):
            raise TypeError(f"index(): argument 'indices' (position 1) must be tuple of Tensor "
                            f"but found type of {type(indices).__name__} at pos {position}.")
    if len(indices) > self.ndim:
        raise IndexError(f"too many indices for tensor of dimension {self.ndim} (got "
                         f"{len(indices)})")
    return self[tuple(indices)]


METHODS = dict(storage=untyped_storage, untyped_storage=untyped_storage, get_bytes=get_bytes,
               data_sync=data_sync, move_to=move_to, index=index,
               flush_from_cache=flush_from_cache)
STATIC_METHODS = dict(convert_bytes_to_tensor=convert_bytes_to_tensor)
