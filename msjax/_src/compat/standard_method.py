"""`mindspore._extends.parse.standard_method`: MindSpore's graph compiler's table of the methods
and builtins it resolves on Tensors and sequences, each a function of the object first
(`standard_method.argmax(x, 1)` is `x.argmax(1)`).

msjax runs the functions of that table MindSpore's tests and user code call: every Tensor method
msjax has (one generated function each, calling the method), `ms_len` (`len`), `bool_` and
`tensor_bool` (a one-element Tensor's truth). The table's other entries are internals of
MindSpore's parser.
"""
from __future__ import annotations

from msjax._src.core.tensor import Tensor
from msjax._src.reference import mindspore_modules

__all__ = ["ms_len", "bool_", "tensor_bool"]


def ms_len(input_data):
    """`len(input_data)` as MindSpore's graph compiler takes it: a Tensor's first dimension (a 0-D
    Tensor has none: TypeError); any other object's `__len__()`."""
    if isinstance(input_data, Tensor):
        if input_data.ndim == 0:
            raise TypeError("Not support len of a 0-D tensor")
        return input_data.shape[0]
    return input_data.__len__()


def bool_(x):
    """`bool(x)`, where a Tensor must have one element (MindSpore's ValueError otherwise)."""
    if isinstance(x, Tensor) and x.size != 1:
        raise ValueError(f"The tensor should have only one element, but got {x.size}, more than "
                         "one element is ambiguous.")
    return bool(x)


def tensor_bool(x):
    """The truth of a Tensor of shape () or (1,) (MindSpore's ValueError for any other shape)."""
    if tuple(x.shape) not in ((), (1,)):
        raise ValueError("Only tensor which shape is () or (1,) can be converted to bool, but got "
                         f"tensor shape is {tuple(x.shape)}")
    return bool(x)


def _tensor_method_function(name: str):
    def function(x, *args, **kwargs):
        return getattr(x, name)(*args, **kwargs)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"`x.{name}(*args, **kwargs)`: the Tensor method `{name}` as a function."
    return function


def _add_tensor_methods() -> None:
    names = mindspore_modules()["mindspore._extends.parse.standard_method"]["names"]
    for name in names:
        if name not in globals() and callable(getattr(Tensor, name, None)):
            globals()[name] = _tensor_method_function(name)
            __all__.append(name)


_add_tensor_methods()
