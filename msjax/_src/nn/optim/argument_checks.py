"""The argument checks of MindSpore's optimizers and learning-rate schedules, with its messages.

They mirror the few `mindspore._checkparam` validators those classes call, so a bad argument raises
the exception type and text MindSpore 2.10 raises (recorded in tests/goldens/nn/optim_extra.json).
"""
from __future__ import annotations

import math


def _subject(arg_name, prim_name) -> str:
    prefix = f"For '{prim_name}', the " if prim_name else "The "
    return prefix + (f"'{arg_name}'" if arg_name else "input value")


def _check_number(value, bound, relation, arg_type, arg_name, prim_name):
    subject = _subject(arg_name, prim_name)
    if not isinstance(value, arg_type):
        raise TypeError(f"{subject} must be {arg_type.__name__}, but got '{type(value).__name__}'")
    if math.isinf(value) or math.isnan(value):
        raise ValueError(f"{subject} must be a legal value, but got '{value}'.")
    passed = value > bound if relation == ">" else value >= bound
    if isinstance(value, bool) or not passed:
        message = (f"{subject} must be {arg_type.__name__} and must {relation} {bound}, "
                   f"but got '{value}' with type '{type(value).__name__}'.")
        raise (TypeError if isinstance(value, bool) else ValueError)(message)
    return value


def check_positive_int(value, arg_name=None, prim_name=None):
    return _check_number(value, 0, ">", int, arg_name, prim_name)


def check_positive_float(value, arg_name=None, prim_name=None):
    return _check_number(value, 0, ">", float, arg_name, prim_name)


def check_non_negative_float(value, arg_name=None, prim_name=None):
    return _check_number(value, 0, ">=", float, arg_name, prim_name)


def check_is_float(value, arg_name=None, prim_name=None):
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    name = f"'{arg_name}'" if arg_name else "input value"
    if not isinstance(value, float) or isinstance(value, bool):
        raise TypeError(f"{prefix} type of {name} must be 'float', but got '{type(value).__name__}'.")
    if math.isinf(value) or math.isnan(value):
        raise ValueError(f"{prefix} {name} must be a legal float, but got '{value}'.")
    return value


def check_value_type(arg_name, value, valid_types, prim_name=None):
    valid_types = tuple(valid_types)
    bad = (isinstance(value, bool) and bool not in valid_types) or not isinstance(value, valid_types)
    if bad:
        names = [t.__name__ for t in valid_types]
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        expected = f"one of '{names}'" if len(names) > 1 else f"'{names[0]}'"
        raise TypeError(f"{prefix} type of '{arg_name}' should be {expected}, "
                        f"but got type '{type(value).__name__}'.")
    return value


def check_open_float_range(value, lower, upper, arg_name=None, prim_name=None):
    """`lower < value < upper` for a float (MindSpore's check_float_range with INC_NEITHER)."""
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    name = f"'{arg_name}'" if arg_name else "input value"
    if not isinstance(value, float):
        raise TypeError(f"{prefix} {name} must be 'float',  but got '{type(value).__name__}'.")
    if not lower < value < upper:
        raise ValueError(f"{prefix} {name} must be in range of ({lower}, {upper}), "
                         f"but got {value} with type '{type(value).__name__}'.")
    return value


def check_bool(value, arg_name=None, prim_name=None):
    if not isinstance(value, bool):
        raise TypeError(f"{_subject(arg_name, prim_name)} must be a bool, but got {type(value).__name__}.")
    return value
