"""Tensors to and from other holders of memory: `mindspore.frombuffer`, `mindspore.from_dlpack`,
`mindspore.to_dlpack` and `mindspore.swap_tensors`.

Differences (docs/migration.md): a JAX array never shares the memory of a Python buffer, so
`frombuffer` copies it (MindSpore's Tensor shares it); `from_dlpack` takes a capsule made on JAX's
default device (a DLPack capsule does not say its device to Python); `swap_tensors` swaps two
Tensors or two Parameters, not a Parameter with a Tensor (msjax's Parameter has another object
layout, so Python cannot swap their classes). Results and messages are MindSpore 2.10's
(tests/goldens/api/top_level_probe.out).
"""
from __future__ import annotations

import jax
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import x64
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap

_CAPSULE_ERROR = ("from_dlpack received an invalid capsule. Note that DLTensor capsules can be "
                  "consumed only once, so you might have already constructed a tensor from it "
                  "once.")
_DLPACK_CPU, _DLPACK_CUDA, _DLPACK_ROCM = 1, 2, 10
_PARAMETER_FIELDS = ("_value", "_name", "_requires_grad", "layerwise_parallel",
                     "parallel_optimizer")


@x64.scoped
def frombuffer(buffer, dtype, count=-1, offset=0):
    """`mindspore.frombuffer(buffer, dtype, count=-1, offset=0)`: a 1-D Tensor of `count`
    elements (all, when -1) of `dtype` read from `buffer` (bytes, bytearray, array.array, ...)
    from byte `offset` on; copied (see the module doc)."""
    try:
        view = memoryview(buffer)
    except TypeError:
        raise RuntimeError("object does not implement Python buffer protocol.") from None
    length = view.nbytes
    if length == 0 or count == 0:
        raise RuntimeError(f"both buffer length ({length}) and count ({count}) must not be 0")
    if offset < 0 or offset > length - 1:
        raise RuntimeError(f"offset ({offset} bytes) must be non-negative and no greater than "
                           f"buffer length ({length} bytes) minus 1.")
    np_dtype = np.dtype(mstype.dtype_to_nptype(dtype))
    size = np_dtype.itemsize
    if count < 0:
        if (length - offset) % size:
            raise RuntimeError(f"buffer length ({length - offset} bytes) after offset ({offset} "
                               f"bytes) must be a multiple of element size ({size}).")
        count = (length - offset) // size
    elif count * size > length - offset:
        raise RuntimeError(f"buffer length ({length - offset} bytes) after offset ({offset} bytes) "
                           f"is not enough for the requested count of elements ({count} elements "
                           f"of size {size} bytes each, total {count * size} bytes).")
    values = np.frombuffer(view.cast("B"), np_dtype, count=count, offset=offset)
    return Tensor(values.copy(), dtype)


def to_dlpack(tensor):
    """`mindspore.to_dlpack(tensor)`: a DLPack capsule of the Tensor's array (JAX's
    `__dlpack__`), to be consumed once by another framework's `from_dlpack`."""
    if not isinstance(tensor, Tensor):
        kind = type(tensor)
        name = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"
        raise AttributeError(f"'{name}' object has no attribute 'has_init'")
    return tensor._data.__dlpack__()


class _Capsule:
    """A DLPack capsule as JAX's `from_dlpack` takes it: an object with `__dlpack__`."""

    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, *args, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        device = jax.devices()[0]
        kind = {"cpu": _DLPACK_CPU, "gpu": _DLPACK_CUDA, "cuda": _DLPACK_CUDA,
                "rocm": _DLPACK_ROCM}.get(device.platform, _DLPACK_CPU)
        return kind, 0 if kind == _DLPACK_CPU else device.local_hardware_id or 0


@x64.scoped
def from_dlpack(dlpack):
    """`mindspore.from_dlpack(dlpack)`: the Tensor of a DLPack capsule (another framework's
    `to_dlpack`), sharing its memory where JAX can (see the module doc)."""
    if type(dlpack).__name__ != "PyCapsule":
        raise RuntimeError(_CAPSULE_ERROR)
    try:
        return _wrap(jax.dlpack.from_dlpack(_Capsule(dlpack)))
    except (TypeError, ValueError, RuntimeError):
        raise RuntimeError(_CAPSULE_ERROR) from None


def swap_tensors(t1, t2):
    """`mindspore.swap_tensors(t1, t2)`: `t1` and `t2` exchange everything (values, dtypes,
    shapes, attributes, a Parameter's name); returns None. Two Parameters exchange their values
    through the state rule, so inside a transform they are written as any assignment."""
    for tensor in (t1, t2):
        if not isinstance(tensor, Tensor):
            raise TypeError("__class__ assignment only supported for mutable types or ModuleType "
                            "subclasses")
    if t1 is t2:
        return None
    if isinstance(t1, Parameter) != isinstance(t2, Parameter):
        raise NotImplementedError(
            "msjax: swap_tensors of a Parameter and a Tensor is not supported: msjax's Parameter "
            "has another object layout than its Tensor, so Python cannot swap their classes. "
            "Swap two Parameters, or two Tensors (docs/migration.md).")
    if type(t1) is not type(t2):
        raise NotImplementedError(f"msjax: swap_tensors of a {type(t1).__name__} and a "
                                  f"{type(t2).__name__} is not supported (docs/migration.md).")
    first, second = t1._data, t2._data
    if isinstance(t1, Parameter):
        fields = [(field, getattr(t1, field), getattr(t2, field))
                  for field in _PARAMETER_FIELDS[1:]]
        for field, one, two in fields:
            object.__setattr__(t1, field, two)
            object.__setattr__(t2, field, one)
    t1._data, t2._data = second, first  # (a Parameter's through the state rule)
    t1.__dict__, t2.__dict__ = t2.__dict__, t1.__dict__
    return None
