"""The `mindspore._checkparam` validators `mindspore.train` calls, with MindSpore's messages.

They extend the optimizer checks (`msjax._src.nn.optim.argument_checks`) with the integer checks
`Model`, the callbacks and the loss-scale managers use.
"""
from __future__ import annotations

from msjax._src.nn.optim.argument_checks import _check_number
from msjax._src.nn.optim.argument_checks import check_bool as check_bool
from msjax._src.nn.optim.argument_checks import check_positive_int as check_positive_int
from msjax._src.nn.optim.argument_checks import check_value_type as check_value_type


def check_non_negative_int(value, arg_name=None, prim_name=None):
    return _check_number(value, 0, ">=", int, arg_name, prim_name)


def check_is_int(value, arg_name=None, prim_name=None):
    if not isinstance(value, int) or isinstance(value, bool):
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        name = f"'{arg_name}'" if arg_name else "input value"
        raise TypeError(f"{prefix} type of {name} must be 'int', but got '{type(value).__name__}'.")
    return value

