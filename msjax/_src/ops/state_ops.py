"""Ops with side effects on Parameters (and Tensors): `assign`, `assign_add`, `assign_sub`,
`depend`.

They write through the Parameter's value accessor, so inside a compiled call the write becomes
the traced value that msjax writes back when the call succeeds (program order is Python order),
and eagerly it is kept by the enclosing Cell call's transaction until the call succeeds.

Under differentiation they follow MindSpore's rules (its Assign/AssignAdd/AssignSub bprops; golden
assign_grad_probe): a Parameter is a variable, and a read after a write is a read of that
variable. Its cotangent goes to the Parameter's gradient; the value written takes none of it
(`assign(p, 2 * x); return p + 2 * x` has the gradient 2 in `x`, not 4). `Assign`'s output
passes its cotangent to the variable only; the outputs of `AssignAdd`/`AssignSub` pass it to
the value too.
"""
from __future__ import annotations

import contextvars

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.backend.interface import differentiated
from msjax._src.ops.registry import primitive, tensor_op
from msjax._src.parallel.mapped_axes import vary_alike
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap


def _value_for(variable, value):
    if isinstance(value, Tensor):
        data = value._data
    else:  # an array (or a tracer of one) as it is: jnp.asarray costs a dispatch under a trace
        data = value if isinstance(value, jax.Array) else jnp.asarray(value)
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
    if data.dtype != current.dtype or jax.typeof(data).weak_type:
        data = data.astype(current.dtype)
    return data if data.shape == current.shape else jnp.broadcast_to(data, current.shape)


@jax.custom_jvp
def _written(current, value):
    """`value`, differentiated as `current`: the Parameter's new content, whose reads pass their
    cotangents to the variable, not to what was written (exact: no arithmetic on the values)."""
    return value


_written.defjvp(lambda primals, tangents: (primals[1], tangents[0]))


# The values written while a Jacobian traces its function (transforms/grad.py `_jacobian`): the
# Parameter's content hides their dependence on the inputs from the derivative, not from the check
# that MindSpore's vmap-based Jacobians make.
WRITES_SEEN: contextvars.ContextVar = contextvars.ContextVar("msjax_writes_seen", default=None)


def _traced(current, value) -> bool:
    """Whether the write is differentiated (its derivative matters: JAX's trace says so, and
    without JAX's private fast paths any traced write counts); notes `value` for WRITES_SEEN.
    (An undifferentiated program keeps plain writes: its jaxpr stays what the split index
    checks, backend/split_checks.py, read.)"""
    seen = WRITES_SEEN.get()
    if seen is not None:
        seen.append(value)
    return ((isinstance(current, jax.core.Tracer) or isinstance(value, jax.core.Tracer))
            and differentiated((current, value)))


def _check_variable(op_name, variable):
    """A Parameter, or (as in MindSpore 2.10) a Tensor, written in place: eagerly the Tensor
    itself; inside a compiled function the traced Tensor the function holds (the Tensor the
    caller passed keeps its values: docs/migration.md)."""
    if not isinstance(variable, Tensor):
        raise TypeError(f"Failed calling {op_name} with \"{op_name}()(variable="
                        f"{type(variable)}, value=Tensor)\".")


def _update(variable, combine, value):
    """`variable = combine(variable, value)`, returning the new value: the output differentiates
    in both, the Parameter's new content in the variable alone."""
    current = variable._data
    out = combine(current, value)
    variable._data = (combine(current, jax.lax.stop_gradient(value)) if _traced(current, value)
                      else out)
    return _wrap(out)


@tensor_op()
def assign(variable, value):
    """`ops.assign(variable, value)`: store `value` in the Parameter and return it."""
    _check_variable("Assign", variable)
    current, new = variable._data, _value_for(variable, value)
    variable._data = _written(*vary_alike(current, new)) if _traced(current, new) else new
    return _wrap(variable._data)


@tensor_op()
def assign_add(variable, value):
    """`ops.assign_add(variable, value)`: `variable += value`, returning the new value."""
    _check_variable("AssignAdd", variable)
    return _update(variable, jnp.add, _value_for(variable, value))


@tensor_op()
def assign_sub(variable, value):
    """`ops.assign_sub(variable, value)`: `variable -= value`, returning the new value."""
    _check_variable("AssignSub", variable)
    return _update(variable, jnp.subtract, _value_for(variable, value))


@tensor_op()
def depend(value, expr):
    """`ops.depend(value, expr)`: `value`; `expr` has already run (Python order is program
    order in msjax, so the ordering edge MindSpore adds is implicit)."""
    return value


Assign = primitive("Assign", assign)
AssignAdd = primitive("AssignAdd", assign_add)
AssignSub = primitive("AssignSub", assign_sub)
Depend = primitive("Depend", depend)
