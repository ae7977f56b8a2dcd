"""`mindspore._checkparam`: MindSpore's argument validators, with its exception types and texts.

Library code built on MindSpore (mindnlp, MindCV, MindSpore's own test helpers) validates its
arguments with these (`from mindspore import _checkparam as validator`). Each check returns the
value it checked, as MindSpore's do. The relations are MindSpore's constants (`EQ`, `GE`,
`INC_LEFT`, ...). Messages follow MindSpore 2.10 (tests/goldens/api/checkparam.json).
"""
from __future__ import annotations

import functools
import inspect
import math
import re
from collections.abc import Iterable

import jax

from msjax._src.core import dtype as mstype
from msjax._src.core.type_ids import is_subclass

EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10
IN, NOT_IN = 11, 12

_ONE_VALUE = {EQ: ("=", lambda a, b: a == b), NE: ("!=", lambda a, b: a != b),
              LT: ("<", lambda a, b: a < b), LE: ("<=", lambda a, b: a <= b),
              GT: (">", lambda a, b: a > b), GE: (">=", lambda a, b: a >= b),
              IN: ("in", lambda a, b: a in b), NOT_IN: ("not in", lambda a, b: a not in b)}
_RANGE = {INC_NEITHER: ("({}, {})", lambda v, lo, hi: lo < v < hi),
          INC_LEFT: ("[{}, {})", lambda v, lo, hi: lo <= v < hi),
          INC_RIGHT: ("({}, {}]", lambda v, lo, hi: lo < v <= hi),
          INC_BOTH: ("[{}, {}]", lambda v, lo, hi: lo <= v <= hi)}


def _holds(value, bound, rel) -> bool:
    return rel in _ONE_VALUE and _ONE_VALUE[rel][1](value, bound)


def _relation(bound, rel) -> str:
    return f"{_ONE_VALUE[rel][0]} {bound}" if rel in _ONE_VALUE else ""


def _the(prim_name) -> str:
    return f"For '{prim_name}', the" if prim_name else "The"


def _quoted_name(arg_name) -> str:
    return f"'{arg_name}'" if arg_name else "input value"


def _is_illegal_number(value) -> bool:
    try:
        return math.isinf(value) or math.isnan(value)
    except (TypeError, OverflowError):
        return False


def _check_number(value, bound, rel, arg_type, arg_name, prim_name):
    subject = (f"For '{prim_name}', the " if prim_name else "The ") + _quoted_name(arg_name)
    if not isinstance(value, arg_type):
        raise TypeError(f"{subject} must be {arg_type.__name__}, but got '{type(value).__name__}'")
    if _is_illegal_number(value):
        raise ValueError(f"{subject} must be a legal value, but got '{value}'.")
    if isinstance(value, bool) or not _holds(value, bound, rel):
        message = (f"{subject} must be {arg_type.__name__} and must {_relation(bound, rel)}, "
                   f"but got '{value}' with type '{type(value).__name__}'.")
        raise (TypeError if isinstance(value, bool) else ValueError)(message)
    return value


def check_int(arg_value, value, rel, arg_name=None, prim_name=None):
    """`arg_value` is an int with `arg_value <rel> value` (`check_int(n, 0, GE, 'n')`)."""
    return _check_number(arg_value, value, rel, int, arg_name, prim_name)


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, rel, float, arg_name, prim_name)


def check_equal_int(arg_value, value, arg_name=None, prim_name=None):
    return _check_number(arg_value, value, EQ, int, arg_name, prim_name)


def check_positive_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GT, int, arg_name, prim_name)


def check_negative_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LT, int, arg_name, prim_name)


def check_non_positive_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LE, int, arg_name, prim_name)


def check_non_negative_int(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GE, int, arg_name, prim_name)


def check_positive_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GT, float, arg_name, prim_name)


def check_negative_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LT, float, arg_name, prim_name)


def check_non_positive_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, LE, float, arg_name, prim_name)


def check_non_negative_float(arg_value, arg_name=None, prim_name=None):
    return _check_number(arg_value, 0, GE, float, arg_name, prim_name)


def _check_sequence(sequence, bound, rel, arg_type, arg_name, prim_name):
    for i, element in enumerate(sequence):
        _check_number(element, bound, rel, arg_type, f"{arg_name or 'arg_name'}[{i}]", prim_name)
    return sequence


def check_positive_int_sequence(sequence, arg_name=None, prim_name=None):
    return _check_sequence(sequence, 0, GT, int, arg_name, prim_name)


def check_non_negative_int_sequence(sequence, arg_name=None, prim_name=None):
    return _check_sequence(sequence, 0, GE, int, arg_name, prim_name)


def check_positive_float_sequence(sequence, arg_name=None, prim_name=None):
    return _check_sequence(sequence, 0, GT, float, arg_name, prim_name)


def check_is_number(arg_value, arg_type, arg_name=None, prim_name=None):
    """`arg_value` is of `arg_type` (not a bool) and neither inf nor nan."""
    the, name = _the(prim_name), _quoted_name(arg_name)
    if not isinstance(arg_value, arg_type) or isinstance(arg_value, bool):
        raise TypeError(f"{the} type of {name} must be '{arg_type.__name__}', but got "
                        f"'{type(arg_value).__name__}'.")
    if _is_illegal_number(arg_value):
        raise ValueError(f"{the} {name} must be a legal float, but got '{arg_value}'.")
    return arg_value


def check_is_int(arg_value, arg_name=None, prim_name=None):
    return check_is_number(arg_value, int, arg_name, prim_name)


def check_is_float(arg_value, arg_name=None, prim_name=None):
    return check_is_number(arg_value, float, arg_name, prim_name)


def check_number_range(arg_value, lower_limit, upper_limit, rel, value_type, arg_name=None,
                       prim_name=None):
    """`arg_value` of `value_type` lies in the range `rel` (`INC_LEFT`: `[lower, upper)`)."""
    import numpy as np
    the, name = _the(prim_name), _quoted_name(arg_name)
    if (not isinstance(arg_value, (np.ndarray, np.generic, value_type))
            or isinstance(arg_value, bool)):
        raise TypeError(f"{the} {name} must be '{value_type.__name__}',  but got "
                        f"'{_type_name(arg_value)}'.")
    text, inside = _RANGE.get(rel, ("", lambda *_: False))
    if not inside(arg_value, lower_limit, upper_limit):
        raise ValueError(f"{the} {name} must be in range of {text.format(lower_limit, upper_limit)}"
                         f", but got {arg_value} with type '{type(arg_value).__name__}'.")
    return arg_value


def _type_name(value) -> str:
    """A value's type as MindSpore's validators name it: a Tensor (which an op's implementation
    receives as its jax.Array) is 'Tensor'."""
    return "Tensor" if isinstance(value, jax.Array) else type(value).__name__


def check_int_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    return check_number_range(arg_value, lower_limit, upper_limit, rel, int, arg_name, prim_name)


def check_float_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    return check_number_range(arg_value, lower_limit, upper_limit, rel, float, arg_name,
                              prim_name)


def check(arg_name, arg_value, value_name, value, rel=EQ, prim_name=None, excp_cls=ValueError):
    """`arg_value <rel> value` (ints or sequences of them), else `excp_cls`."""
    if not _holds(arg_value, value, rel):
        the = _the(prim_name)
        subject = f"{the} '{arg_name}'" if " " not in arg_name else f"{the} {arg_name}"
        raise excp_cls(f"{subject} should be {_relation(f'{value_name}: {value}', rel)}, "
                       f"but got {arg_value}.")
    return arg_value


def check_number(arg_name, arg_value, value, rel, prim_name):
    if not _holds(arg_value, value, rel):
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}' must "
                         f"{_relation(value, rel)}, but got {arg_value}.")
    return arg_value


def check_isinstance(arg_name, arg_value, classes):
    if not isinstance(arg_value, classes):
        raise ValueError(f"The parameter '{arg_name}' must be isinstance of {classes}, but got "
                         f"{arg_value}.")
    return arg_value


def check_bool(arg_value, arg_name=None, prim_name=None):
    if not isinstance(arg_value, bool):
        raise TypeError(f"{_the(prim_name)} {_quoted_name(arg_name)} must be a bool, but got "
                        f"{type(arg_value).__name__}.")
    return arg_value


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    if not (isinstance(arg_value, str) and arg_value in valid_values):
        raise ValueError(f"{_the(prim_name)} '{arg_name or 'parameter'}' must be str and must be "
                         f"in '{valid_values}', but got '{arg_value}'.")
    return arg_value


def check_str_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    reg = r"^\w+[0-9a-zA-Z\_\.]*$" if reg is None else reg
    if re.match(reg, target, flag) is None:
        raise ValueError(f"{_the(prim_name)} '{target}' is illegal, it must be match "
                         f"regular'{reg}' by flags'{flag}.'")
    return True


def check_str_and_none_by_regular(target, reg=None, flag=re.ASCII, prim_name=None):
    return check_str_by_regular(target, r"^\w*[0-9a-zA-Z\_\.\-]*$" if reg is None else reg, flag,
                                prim_name)


def check_valid_input(arg_name, arg_value, prim_name):
    if arg_value is None:
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}'can not be None, but got "
                         f"{arg_value}.")
    return arg_value


def check_pad_value_by_mode(pad_mode, padding, prim_name):
    if pad_mode != "pad" and padding != 0:
        raise ValueError(f"For '{prim_name}', padding must be zero when pad_mode is '{pad_mode}', "
                         f"but got {padding}.")
    return padding


def _type_names(valid_types):
    return [t.__name__ if hasattr(t, "__name__") else str(t) for t in valid_types]


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """`arg_value` is an instance of `valid_types` (a bool only where bool is listed)."""
    valid_types = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)
    if ((isinstance(arg_value, bool) and bool not in valid_types)
            or not isinstance(arg_value, valid_types)):
        names = _type_names(valid_types)
        expected = f"one of '{names}'" if len(names) > 1 else f"'{names[0]}'"
        raise TypeError(f"{_the(prim_name)} type of '{arg_name}' should be {expected}, but got "
                        f"type '{type(arg_value).__name__}'.")
    return arg_value


def check_type_name(arg_name, arg_type, valid_types, prim_name):
    """`arg_type` (a dtype; a tensor type's element type) is one of `valid_types`."""
    valid_types = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)
    if isinstance(arg_type, mstype.TensorType):
        arg_type = arg_type.element_type()
    if arg_type not in valid_types:
        names = [t.__name__ if hasattr(t, "__name__") else t for t in valid_types]
        got = arg_type.__name__ if hasattr(arg_type, "__name__") else repr(arg_type)
        raise TypeError(f"{_the(prim_name)} '{arg_name}' should be "
                        f"{'one of ' if len(names) > 1 else ''}"
                        f"{names if len(names) > 1 else names[0]}, but got '{got}'.")
    return arg_type


def check_subclass(arg_name, type_, template_types, prim_name, addition_error_info=None):
    """`type_` (a dtype or tensor type) is one of `template_types` or of their kind."""
    if not isinstance(template_types, Iterable):
        template_types = (template_types,)
    template_types = tuple(template_types)

    def hits(template):
        if isinstance(template, mstype.TensorType) and isinstance(type_, mstype.TensorType):
            return template.element_type() is None or is_subclass(type_.element_type(),
                                                                  template.element_type())
        if isinstance(template, mstype.Type):
            return is_subclass(type_, template)
        return type_ is template

    if not any(hits(t) for t in template_types):
        extra = "" if addition_error_info is None else " " + addition_error_info
        got = f"type '{type(type_).__name__}'" if isinstance(type_, (tuple, list)) else str(type_)
        raise TypeError(f"For '{prim_name}', the element of '{arg_name}' must be "
                        f"{'one of ' if len(template_types) > 1 else ''}"
                        f"{', '.join(str(x) for x in template_types)}, but got {got}{extra}.The "
                        "supported data types depend on the hardware that executes the operator, "
                        "for more details, please refer to the MindSpore official website to get "
                        "more information about the data type.")


def check_tensor_dtype_valid(arg_name, arg_type, valid_dtypes, prim_name):
    valid = valid_dtypes if isinstance(valid_dtypes, Iterable) else [valid_dtypes]
    check_subclass(arg_name, arg_type, [mstype.TensorType(t) for t in valid], prim_name)


def check_types_same_and_valid(args, valid_values, prim_name):
    """Each type in `args` ({name: type}) is valid, and all are the same."""
    items = list(args.items())
    for name, type_ in items:
        check_subclass(name, type_, valid_values, prim_name)
    first_name, first_type = items[0]
    for name, type_ in items[1:]:
        if type_ != first_type:
            raise TypeError(f"For '{prim_name}', the type of '{name}' should be same as "
                            f"'{first_name}', but got '{first_name}' with type {first_type} and "
                            f"'{name}' with type {type_}.")


def check_scalar_or_tensor_types_same(args, valid_values, prim_name, allow_mix=False):
    """Each type in `args` ({name: dtype or tensor type}) has its element type among
    `valid_values`, and all have the same one; without `allow_mix`, a tensor type and a scalar
    type are not the same."""
    def element(type_):
        return type_.element_type() if isinstance(type_, mstype.TensorType) else type_

    items = list(args.items())
    for name, type_ in items:
        if element(type_) not in valid_values:
            raise TypeError(f"For '{prim_name}', the type of '{name}' must be in "
                            f"{list(valid_values)}, but got {element(type_)}.")
    first_name, first_type = items[0]
    for name, type_ in items[1:]:
        first, other = first_type, type_
        if allow_mix or (isinstance(first, mstype.TensorType)
                         == isinstance(other, mstype.TensorType)):
            first, other = element(first), element(other)
        if first != other:
            raise TypeError(f"For '{prim_name}', the type of '{name}' must be same as "
                            f"'{first_name}', but got '{first_name}' with type {first} and "
                            f"'{name}' with type {other}.")


def check_tensors_dtypes_same_and_valid(args, valid_dtypes, prim_name):
    valid = valid_dtypes if isinstance(valid_dtypes, Iterable) else [valid_dtypes]
    check_types_same_and_valid(args, [mstype.TensorType(t) for t in valid], prim_name)


def check_axis_in_range(axis, ndim):
    if not isinstance(axis, int):
        raise TypeError(f"The axes must be integers, but got {type(axis)}")
    if not -ndim <= axis < ndim:
        raise ValueError(f"The 'axis' must be in the range of [-{ndim}, {ndim}), but got {axis}.")
    return axis % ndim


def _one_of(types) -> str:
    names = _type_names(types)
    return f"one of {names}" if len(names) > 1 else names[0]


def _check_elements(arg_name, elements, valid_types, prim_name):
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    for element in elements:
        if not isinstance(element, tuple(valid_types)):
            raise TypeError(f"{prefix} type of '{arg_name}' should be {_one_of(valid_types)}, "
                            f"but got '{element}' with type '{type(element).__name__}'.")


def check_element_type_of_iterable(arg_name, arg_value, valid_types, prim_name=None):
    """Each element of the list or tuple `arg_value` is one of `valid_types`."""
    check_value_type(arg_name, arg_value, [list, tuple], prim_name)
    _check_elements(arg_name, arg_value, valid_types, prim_name)


def check_element_type_of_dict(arg_name, arg_value, key_types, value_types, prim_name=None):
    """The dict `arg_value`'s keys are of `key_types`, its values of `value_types`."""
    check_value_type(arg_name, arg_value, [dict], prim_name)
    _check_elements(arg_name, arg_value.keys(), key_types, prim_name)
    _check_elements(arg_name, arg_value.values(), value_types, prim_name)


def check_size_and_element_type_of_tuple(arg_name, arg_value, expect_size, expect_element_type,
                                         prim_name=None):
    """`arg_value` is a tuple of `expect_size` elements of `expect_element_type`."""
    check_value_type(arg_name, arg_value, [tuple], prim_name)
    check_equal_int(len(arg_value), expect_size, arg_name + " size", prim_name)
    check_element_type_of_iterable("arg_name", arg_value, [expect_element_type], prim_name)


def check_input_format(input_param):
    """The data format, which must be "NCHW"."""
    if input_param == "NCHW":
        return input_param
    raise ValueError(f"The data format must be NCHW, but got {input_param}.")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def expand_to_tuple(n_dimensions: int, sequences: bool = False):
    """MindSpore's `twice`/`triple` (and, with `sequences`, `twice_sequence`/`triple_sequence`):
    an int as a tuple of `n_dimensions` copies, a tuple (or list) of that many ints as a tuple;
    anything else a TypeError with MindSpore's message."""
    what = "an input" if sequences else "an int number"
    kinds = (tuple, list) if sequences else tuple
    accepted = "integer or tuple[int]/list[int]" if sequences else "integer or tuple[int]"
    part = "sequence" if sequences else "tuple"
    subject = "an sequence" if sequences else "an int number"  # (MindSpore's words)

    def convert(value):
        if not isinstance(value, kinds):
            if _is_int(value):
                return (value,) * n_dimensions
            raise TypeError(f"When expanding {what} to tuple, input type must be {accepted}, but "
                            f"got {type(value)}")
        if len(value) != n_dimensions:
            raise TypeError(f"When expanding {subject} to tuple, input {part} dimension must be "
                            f"{n_dimensions}, but got {value}")
        for element in value:
            if not _is_int(element):
                raise TypeError(f"When expanding {subject} to tuple, the type of element in input "
                                f"{part} must be an integer, but got {type(element)}.")
        return tuple(value)
    return convert


once = expand_to_tuple(1)
twice = expand_to_tuple(2)
triple = expand_to_tuple(3)
once_sequence = expand_to_tuple(1, sequences=True)
twice_sequence = expand_to_tuple(2, sequences=True)
triple_sequence = expand_to_tuple(3, sequences=True)


def _expand_tuple(n_dimensions):
    """MindSpore's `_checkparam._expand_tuple(n)` (`twice = _expand_tuple(2)`)."""
    return expand_to_tuple(n_dimensions)


def _expand_sequence_to_tuple(n_dimensions):
    """MindSpore's `_checkparam._expand_sequence_to_tuple(n)`: tuples and lists."""
    return expand_to_tuple(n_dimensions, sequences=True)


def args_type_check(*type_args, **type_kwargs):
    """MindSpore's decorator checking a function's arguments against types given by position or
    name (`@args_type_check(v_str=str, v_int=int)`): an argument that is not None and not of its
    type raises TypeError when the function is called. Types given for `**kwargs` apply to the
    keyword arguments it collects."""
    def decorate(func):
        signature = inspect.signature(func)
        types = signature.bind_partial(*type_args, **type_kwargs).arguments

        @functools.wraps(func)
        def checked(*args, **kwargs):
            values = signature.bind(*args, **kwargs).arguments
            wanted = types.get("kwargs", types)
            for name, value in values.get("kwargs", values).items():
                if name in wanted and value is not None and not isinstance(value, wanted[name]):
                    raise TypeError(f"The parameter '{name}' must be {wanted[name]}, but got "
                                    f"{type(value)}")
            return func(*args, **kwargs)
        return checked
    return decorate
