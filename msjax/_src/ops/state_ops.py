"""Ops with side effects on Parameters: `assign`, `assign_add`, `assign_sub`, `depend`.

They write through the Parameter's value accessor, so inside a compiled call the write becomes
the traced value that msjax writes back when the call succeeds (program order is Python order),
and eagerly it is kept by the enclosing Cell call's transaction until the call succeeds.
"""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.ops.registry import primitive, tensor_op
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap


def _value_for(variable, value):
    data = value._data if isinstance(value, Tensor) else jnp.asarray(value)
    current = variable._data
    if isinstance(value, Tensor) and jnp.promote_types(current.dtype, data.dtype) != current.dtype:
        # MindSpore converts the value to the Parameter's dtype, never the Parameter
        raise TypeError("Data type conversion is not supported for a 'Parameter', nor for the "
                        "input tensor of an in-place operator, so data type "
                        f"{mstype.from_numpy(current.dtype)}, which cannot be converted to data "
                        f"type {mstype.from_numpy(jnp.promote_types(current.dtype, data.dtype))} "
                        "automatically.")
    return jnp.broadcast_to(data.astype(current.dtype), current.shape)


def _check_variable(op_name, variable):
    if not isinstance(variable, Parameter):
        raise TypeError(f"For '{op_name}', the 'variable' must be a Parameter, but got "
                        f"{type(variable).__name__}.")


@tensor_op()
def assign(variable, value):
    """`ops.assign(variable, value)`: store `value` in the Parameter and return it."""
    _check_variable("Assign", variable)
    variable._data = _value_for(variable, value)
    return _wrap(variable._data)


@tensor_op()
def assign_add(variable, value):
    """`ops.assign_add(variable, value)`: `variable += value`, returning the new value."""
    _check_variable("AssignAdd", variable)
    variable._data = variable._data + _value_for(variable, value)
    return _wrap(variable._data)


@tensor_op()
def assign_sub(variable, value):
    """`ops.assign_sub(variable, value)`: `variable -= value`, returning the new value."""
    _check_variable("AssignSub", variable)
    variable._data = variable._data - _value_for(variable, value)
    return _wrap(variable._data)


@tensor_op()
def depend(value, expr):
    """`ops.depend(value, expr)`: `value`; `expr` has already run (Python order is program
    order in msjax, so the ordering edge MindSpore adds is implicit)."""
    return value


Assign = primitive("Assign", assign)
AssignAdd = primitive("AssignAdd", assign_add)
AssignSub = primitive("AssignSub", assign_sub)
Depend = primitive("Depend", depend)
