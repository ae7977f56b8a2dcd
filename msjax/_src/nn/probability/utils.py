"""`mindspore.nn.probability.distribution._utils.utils`: the helpers MindSpore's distributions
are built with, which user code and MindSpore's tests import: the parameters' common dtype
(`set_param_type`), argument checks (`CheckTuple`, `CheckTensor`, `check_prob`, ...) and
`cast_to_tensor`, each with MindSpore 2.10's rule and message
(tests/goldens/scripts/probability_utils_probe.py).
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.ops.registry import broadcast_error

_INT_TYPES = mstype.int_type + mstype.uint_type


def batch_shape(shapes):
    """The parameters' shapes broadcast, one after another as MindSpore adds them (its AddExt
    error where two do not broadcast)."""
    shapes = iter(shapes)
    batch = next(shapes)
    for shape in shapes:
        try:
            batch = jnp.broadcast_shapes(shape, batch)
        except ValueError:
            raise broadcast_error("AddExt", shape, batch, ("input", "other")) from None
    return batch


def set_param_type(args, hint_type):
    """The dtype a distribution computes its parameters in: the one dtype of the Tensors and
    NumPy arrays among `args` (a dict name -> value; TypeError when two differ), Float32 for an
    integer or Float64 one, else `hint_type` (Float32 for an integer or None hint)."""
    if hint_type in _INT_TYPES or hint_type is None:
        hint_type = mstype.float32
    common = None
    for name, arg in args.items():
        if not hasattr(arg, "dtype"):
            continue
        current = mstype.from_numpy(arg.dtype) if isinstance(arg, np.ndarray) else arg.dtype
        if common is None:
            common = current
        elif current != common:
            raise TypeError(f"{name} should have the same dtype as other arguments.")
    if common in _INT_TYPES or common == mstype.float64:
        return mstype.float32
    return hint_type if common is None else common


def cast_to_tensor(t, hint_type=mstype.float32):
    """`t` (a number, list, NumPy array or Tensor) as a Tensor of `hint_type`; a Parameter as it
    is."""
    if t is None:
        raise ValueError("Input cannot be None in cast_to_tensor")
    if isinstance(t, Parameter):
        return t
    if isinstance(t, bool):
        raise TypeError("Input cannot be Type Bool")
    if isinstance(t, (Tensor, np.ndarray, list, int, float)):
        return Tensor(t, dtype=hint_type)
    raise TypeError(f"Unable to convert input of type {type(t)} to a Tensor of type {hint_type}")


def _values(value):
    if isinstance(value, Parameter):
        value = value.data
    return value.asnumpy() if isinstance(value, Tensor) else np.asarray(value)


def check_greater_equal_zero(value, name):
    if np.any(_values(value) < 0):
        raise ValueError(f"{name} must be greater than or equal to zero.")


def check_greater_zero(value, name):
    if value is None:
        raise ValueError("input value cannot be None in check_greater_zero")
    if not np.all(_values(value) > 0):
        raise ValueError(f"{name} must be greater than zero.")


def check_greater(a, b, name_a, name_b):
    """b > a everywhere (not checked when either is a Parameter)."""
    if a is None or b is None:
        raise ValueError("input value cannot be None in check_greater")
    if isinstance(a, Parameter) or isinstance(b, Parameter):
        return
    if not np.all(_values(a) < _values(b)):
        raise ValueError(f"{name_a} must be less than {name_b}")


def check_prob(p):
    """0 < p < 1 everywhere."""
    if p is None:
        raise ValueError("input value cannot be None in check_greater_zero")
    values = _values(p)
    if not np.all(values > 0):
        raise ValueError("Probabilities must be greater than zero")
    if not np.all(values < 1):
        raise ValueError("Probabilities must be less than one")


def check_sum_equal_one(probs):
    """Each row of `probs` (its last axis) sums to one, to ten float epsilons."""
    if probs is None:
        raise ValueError("input value cannot be None in check_sum_equal_one")
    total = np.sum(_values(probs), axis=-1)
    eps = np.finfo(total.dtype).eps
    if not np.allclose(total, np.ones(total.shape), rtol=eps * 10, atol=eps):
        raise ValueError("Probabilities for each category should sum to one for Categorical "
                         "distribution.")


def check_rank(probs):
    if probs is None:
        raise ValueError("input value cannot be None in check_rank")
    if _values(probs).ndim == 0:
        raise ValueError("probs for Categorical distribution must have rank >= 1.")


def check_distribution_name(name, expected_name):
    if name is None:
        raise ValueError("Input dist must be a constant which is not None.")
    if name != expected_name:
        raise ValueError(f"Expected dist input is {expected_name}, but got {name}.")


def raise_none_error(name):
    raise TypeError(f"the type {name} must be subclass of Tensor. It can not be None since it is "
                    "not specified during initialization.")


def raise_broadcast_error(shape_a, shape_b):
    raise ValueError(f"Shape {shape_a} and {shape_b} is not broadcastable.")


def raise_not_impl_error(name):
    raise ValueError(f"{name} function must be implemented for non-linear transformation")


def raise_not_implemented_util(func_name, obj, *args, **kwargs):
    raise NotImplementedError(f"{func_name} is not implemented for {obj} distribution.")


def raise_type_error(name, cur_type, required_type):
    raise TypeError(f"For {name} , the type must be or be subclass of {required_type}, but got "
                    f"{cur_type}")


def raise_not_defined(func_name, obj, *args, **kwargs):
    raise ValueError(f"{func_name} is undefined for {obj} distribution.")


class CheckTuple:
    """`CheckTuple()(x, name)`: `x` when it is a tuple, else TypeError."""

    def __call__(self, x, name):
        if isinstance(x, tuple):
            return x
        raise TypeError(f"For {name}, input type must be a tuple.")


class CheckTensor:
    """`CheckTensor()(x, name)`: `x` when it is a Tensor (or None), else TypeError."""

    def __call__(self, x, name):
        if x is None or isinstance(x, Tensor):
            return x
        raise TypeError(f"For {name}, input type must be a Tensor or Parameter.")
