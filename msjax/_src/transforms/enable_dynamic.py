"""`mindspore.enable_dynamic(**kwargs)`: declares arguments of a `jit` function dynamic in shape
(a `None` dimension) or in rank (`shape=None`).

MindSpore then compiles one graph for every shape the declaration admits. XLA compiles a program
per shape, so in msjax the declaration changes no value; what it keeps is MindSpore's contract: the
declaration's checks when it is made, and at each call the check of the declared arguments
against it (a Tensor of the declared dtype, rank and fixed dimensions; a declared sequence only as
a `mutable` tuple/list of such Tensors), with MindSpore's errors. The declaration is kept on the
innermost function as `__enable_dynamic__` ({index: (name, Tensor)}), as MindSpore keeps it.
"""
from __future__ import annotations

import inspect
import types

from msjax._src.core.tensor import Tensor
from msjax._src.ops.graph_values import _List, _Tuple

ENABLE_DYNAMIC = "__enable_dynamic__"
_ANY_DIM, _ANY_RANK = -1, (-2,)


def _check_type(arg, name):
    if isinstance(arg, (tuple, list)):
        for item in arg:
            _check_type(item, name)
    elif not isinstance(arg, Tensor):
        raise TypeError("The decorator enable_dynamic only supports Tensor or a tuple/list of "
                        f"Tensor, but the argument : {name} is type of:{type(arg)}.")


def _has_dynamic_shape(arg, name) -> bool:
    """Whether `arg` (a Tensor or a sequence of them) declares a dimension or the rank dynamic;
    a dimension below 1 is MindSpore's TypeError."""
    if isinstance(arg, Tensor):
        shape = tuple(arg.shape)
        if shape == _ANY_RANK:
            return True
        if _ANY_DIM not in shape:
            return False
        for dim in shape:
            if dim != _ANY_DIM and dim <= 0:
                raise TypeError(f"The argument '{name}' has invalid shape '{shape}', only supports "
                                "None or a tuple/list of positive integers and None.")
        return True
    return any(_has_dynamic_shape(item, name) for item in arg)


def _parameter_names(func):
    return [p for p in inspect.signature(func).parameters if p != "self"]


def enable_dynamic(**kwargs):
    """`mindspore.enable_dynamic(**kwargs)`: a decorator for a `jit` function (or method)
    declaring the arguments named in `kwargs` dynamic: each a Tensor (or a tuple/list of Tensors)
    whose shape has a `None` dimension or is `None`. Returns the function itself."""
    if not kwargs:
        raise ValueError("When using decorator enable_dynamic, the input cannot be empty!")
    for name, arg in kwargs.items():
        _check_type(arg, name)
        if not _has_dynamic_shape(arg, name):
            raise TypeError(f"When using decorator enable_dynamic, the shape of argument '{name}' "
                            "at least have one None.")

    def decorator(func):
        inner = inspect.unwrap(func, stop=lambda f: not hasattr(f, "__wrapped__"))
        if not isinstance(inner, (types.FunctionType, types.MethodType)):
            raise ValueError("Decorator enable_dynamic can only be used for function or method "
                             f"decrocated by ms.jit, but got {func}.")
        names = _parameter_names(func)
        if len(kwargs) > len(names):
            raise ValueError(f"When using decorator enable_dynamic, the number of arguments "
                             f"{len(kwargs)} exceeds the number of function arguments "
                             f"{len(names)}.")
        declared = {names.index(key): (key, value) for key, value in kwargs.items()}
        setattr(getattr(inner, "__func__", inner), ENABLE_DYNAMIC, declared)
        return func
    return decorator


def _shape_text(shape):
    return str(list(shape))


def _check_tensor(value, declared, name):
    if not isinstance(value, Tensor):
        raise TypeError("When using decorator enable_dynamic, the corresponding inputs only "
                        "supports Tensor or a tuple/list of Tensors, Additionally, the type "
                        f"between argument '{name}' and corresponding input should be the same.")
    if value.dtype != declared.dtype:
        raise TypeError(f"When using decorator enable_dynamic, input tensor dtype = {value.dtype}, "
                        f"dynamic tensor dtype = {declared.dtype}, tensor dtypes are not the same.")
    shape, dynamic = tuple(value.shape), tuple(declared.shape)
    if dynamic == _ANY_RANK:
        return
    if len(shape) != len(dynamic):
        raise ValueError(f"When using decorator enable_dynamic, input tensor shape = "
                         f"({_shape_text(shape)}), dynamic tensor shape = "
                         f"({_shape_text(dynamic)}), tensor shapes are not the same.")
    if any(d != _ANY_DIM and d != s for s, d in zip(shape, dynamic)):
        raise ValueError(f"When using decorator enable_dynamic, input tensor shape = "
                         f"{_shape_text(shape)}, dynamic tensor shape = {_shape_text(dynamic)}, "
                         "tensor shapes are not the same.")


def _check_value(value, declared, name):
    if isinstance(declared, Tensor):
        _check_tensor(value, declared, name)
        return
    if type(value) not in (_List, _Tuple):
        raise ValueError("When using decorator enable_dynamic, the corresponding attribute of "
                         "input should be mutable(tuple/list)")
    if len(value) != len(declared):
        raise ValueError("Input sequences must have the same structure and length.")
    for item, declared_item in zip(value, declared):
        _check_value(item, declared_item, name)


def check_inputs(declared, args, skip_self):
    """MindSpore's check of a call's positional `args` (after `self` when `skip_self`) against a
    function's `enable_dynamic` declaration."""
    offset = 1 if skip_self else 0
    for index, (name, value) in declared.items():
        if index + offset < len(args):
            _check_value(args[index + offset], value, name)
