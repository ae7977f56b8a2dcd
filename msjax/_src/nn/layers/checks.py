"""Argument checks of MindSpore's layer constructors, raising MindSpore's exception types with its
messages (`mindspore._checkparam`)."""
from __future__ import annotations

from msjax._src.core.tensor import Tensor
from msjax._src.core.type_text import type_of as type_of


def _prefix(cls_name):
    return f"For '{cls_name}', the" if cls_name else "The"


def check_int(value, lower, arg_name, cls_name, strict=True):
    """`value` is an int `> lower` (`>= lower` when not `strict`)."""
    info = f"{_prefix(cls_name)} '{arg_name}'"
    if not isinstance(value, int):
        raise TypeError(f"{info} must be int, but got '{type(value).__name__}'")
    relation = ">" if strict else ">="
    if isinstance(value, bool) or not (value > lower if strict else value >= lower):
        message = (f"{info} must be int and must {relation} {lower}, but got '{value}' with type "
                   f"'{type(value).__name__}'.")
        raise (TypeError if isinstance(value, bool) else ValueError)(message)
    return value


def check_positive_int(value, arg_name, cls_name):
    return check_int(value, 0, arg_name, cls_name)


def check_bool(value, arg_name, cls_name):
    if not isinstance(value, bool):
        raise TypeError(f"{_prefix(cls_name)} '{arg_name}' must be a bool, but got "
                        f"{type(value).__name__}.")
    return value


def check_value_type(arg_name, value, valid_types, cls_name):
    """`value` is an instance of one of `valid_types` (a bool only if bool is listed)."""
    valid_types = tuple(valid_types)
    names = [t.__name__ for t in valid_types]
    if ((isinstance(value, bool) and bool not in valid_types)
            or not isinstance(value, valid_types)):
        expected = f"one of '{names}'" if len(names) > 1 else f"'{names[0]}'"
        raise TypeError(f"{_prefix(cls_name)} type of '{arg_name}' should be {expected}, but got "
                        f"type '{type(value).__name__}'.")
    return value


def check_string(value, valid_values, arg_name, cls_name):
    if not (isinstance(value, str) and value in valid_values):
        raise ValueError(f"{_prefix(cls_name)} '{arg_name}' must be str and must be in "
                         f"'{list(valid_values)}', but got '{value}'.")
    return value


def check_positive_float(value, arg_name, cls_name):
    """`value` is a float > 0 (MindSpore's `Validator.check_positive_float`)."""
    info = f"{_prefix(cls_name)} '{arg_name}'"
    if isinstance(value, bool) or not isinstance(value, float):
        raise TypeError(f"{info} must be float, but got '{type(value).__name__}'")
    if not value > 0:
        raise ValueError(f"{info} must be float and must > 0, but got '{value}' with type "
                         "'float'.")
    return value


def check_is_tensor(arg_name, value, cls_name):
    if value is not None and not isinstance(value, Tensor):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be "
                        f"'<class 'mindspore._c_expression.typing.TensorType'>', but got "
                        f"'{type_of(value)}'")


def check_dtype_in(arg_name, dtype, allowed, cls_name):
    """`dtype` is one of `allowed` (MindSpore's `_check_input_dtype` message)."""
    if dtype not in allowed:
        names = ", ".join(f"mindspore.{repr(d).split('.')[-1]}" for d in allowed)
        raise TypeError(f"For '{cls_name}', the '{arg_name}' should be one of [{names}], but got "
                        f"'mindspore.{repr(dtype).split('.')[-1]}'.")
