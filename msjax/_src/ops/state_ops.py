"""Ops with side effects on Parameters (and Tensors): `assign`, `assign_add`, `assign_sub`,
`depend`.

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
    # A Python number is weakly typed (`Assign()(int32_tensor, 2)` stays int32), as in MindSpore
    promoted = (jnp.result_type(current.dtype, value) if isinstance(value, (bool, int, float, complex))
                else jnp.promote_types(current.dtype, data.dtype))
    if ((isinstance(value, Tensor) or not isinstance(variable, Parameter))
            and promoted != current.dtype):
        # MindSpore converts the value to the variable's dtype, never the variable (a Parameter,
        # or the Tensor an in-place operator writes)
        raise TypeError("Data type conversion is not supported for a 'Parameter', nor for the "
                        "input tensor of an in-place operator, so data type "
                        f"{mstype.from_numpy(current.dtype)}, which cannot be converted to data "
                        f"type {mstype.from_numpy(promoted)} "
                        "automatically.")
    return jnp.broadcast_to(data.astype(current.dtype), current.shape)


def _check_variable(op_name, variable):
    """A Parameter, or (as in MindSpore 2.10) a Tensor, written in place: eagerly the Tensor
    itself; inside a compiled function the traced Tensor the function holds (the Tensor the
    caller passed keeps its values: docs/migration.md)."""
    if not isinstance(variable, Tensor):
        raise TypeError(f"Failed calling {op_name} with \"{op_name}()(variable="
                        f"{type(variable)}, value=Tensor)\".")


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
