"""The scalar and control Primitives of `mindspore.ops.functional`: `scalar_add`, ..., `switch`.

MindSpore's graph compiler uses them for Python scalars (`ScalarAdd`, ...) and for the branch
selection `Switch`. In msjax a Python scalar stays a Python value while a function is traced, so a
scalar Primitive computes with Python's operator; given a Tensor it computes with the Tensor's
(`scalar_add(Tensor(1), 2)` is a Tensor, as in MindSpore).
"""
from __future__ import annotations

import math
import operator

import jax
import jax.numpy as jnp

from msjax._src.core.tensor import Tensor
from msjax._src.ops.registry import Primitive, unwrap, wrap


class _ScalarPrimitive(Primitive):
    """A MindSpore scalar Primitive: `operation` of its inputs (Python scalars or Tensors)."""

    operation = None

    def __init__(self):
        super().__init__(type(self).__name__)


class _BinaryScalarPrimitive(_ScalarPrimitive):
    def __call__(self, x, y):
        return type(self).operation(x, y)


class _UnaryScalarPrimitive(_ScalarPrimitive):
    def __call__(self, x):
        return type(self).operation(x)


class _BarePrimitive(_ScalarPrimitive):
    """MindSpore's bare `Primitive(name)` instances take `(*args)`."""

    def __call__(self, *args):
        if len(args) != 2:
            raise TypeError(f"For '{self.name}', the number of inputs should be 2, but got "
                            f"{len(args)}.")
        return type(self).operation(*args)


def _scalar_primitive(class_name: str, operation, name: str | None = None, unary=False):
    base = (_BarePrimitive if name is not None else
            _UnaryScalarPrimitive if unary else _BinaryScalarPrimitive)
    cls = type(class_name, (base,), {
        "operation": staticmethod(operation),
        "__doc__": f"MindSpore's `{class_name}`: `{operation.__name__}` of Python scalars (or "
                   "Tensors)."})
    instance = cls()
    if name is not None:
        instance.name = name
    return instance


def _true_divide(x, y):
    return x / y


def _log(x):
    return x.log() if isinstance(x, Tensor) else math.log(x)


def _maximum(x, y):
    return max(x, y)


def _minimum(x, y):
    return min(x, y)


scalar_add = _scalar_primitive("ScalarAdd", operator.add)
scalar_sub = _scalar_primitive("ScalarSub", operator.sub)
scalar_mul = _scalar_primitive("ScalarMul", operator.mul)
scalar_div = _scalar_primitive("ScalarDiv", _true_divide)
scalar_floordiv = _scalar_primitive("ScalarFloorDiv", operator.floordiv)
scalar_mod = _scalar_primitive("ScalarMod", operator.mod)
scalar_pow = _scalar_primitive("ScalarPow", operator.pow)
scalar_eq = _scalar_primitive("ScalarEq", operator.eq)
scalar_ne = _scalar_primitive("ScalarNe", operator.ne, name="scalar_ne")
scalar_lt = _scalar_primitive("ScalarLt", operator.lt)
scalar_gt = _scalar_primitive("ScalarGt", operator.gt)
scalar_le = _scalar_primitive("ScalarLe", operator.le)
scalar_ge = _scalar_primitive("ScalarGe", operator.ge)
scalar_max = _scalar_primitive("ScalarMax", _maximum)
scalar_min = _scalar_primitive("ScalarMin", _minimum)
scalar_log = _scalar_primitive("ScalarLog", _log, unary=True)
scalar_uadd = _scalar_primitive("ScalarUadd", operator.pos, unary=True)
scalar_usub = _scalar_primitive("ScalarUsub", operator.neg, unary=True)
# MindSpore's graph compiler's bool and string Primitives (bare `Primitive('bool_and')`, ...):
# in msjax a Python bool or str stays a Python value while tracing, so Python's operator computes
bool_and = _scalar_primitive("BoolAnd", operator.and_, name="bool_and")
bool_or = _scalar_primitive("BoolOr", operator.or_, name="bool_or")
bool_eq = _scalar_primitive("BoolEq", operator.eq, name="bool_eq")
string_eq = _scalar_primitive("StringEq", operator.eq, name="string_eq")
string_concat = _scalar_primitive("StringConcat", operator.add, name="string_concat")


class _Switch(Primitive):
    """MindSpore's `Switch` (`ops.functional.switch(cond, true_branch, false_branch)`):
    `true_branch` when `cond` holds, else `false_branch`. A Python condition picks one branch; a
    Tensor condition must have one element (MindSpore's ValueError otherwise), and selects
    between the branches' Tensors inside the program (`jnp.where`, leaf by leaf)."""

    def __init__(self):
        super().__init__("Switch")

    def __call__(self, *args):  # (MindSpore's bare Primitive: `(*args)`)
        if len(args) != 3:
            raise TypeError(f"For 'Switch', the number of inputs should be 3, but got "
                            f"{len(args)}.")
        cond, true_branch, false_branch = args
        if not isinstance(cond, Tensor):
            return true_branch if cond else false_branch
        if cond.size != 1:
            raise ValueError("The truth value of an array with more than one element is "
                             "ambiguous.")
        condition = jnp.reshape(unwrap(cond), ()).astype(bool)

        def select(a, b):
            return wrap(jnp.where(condition, unwrap(a), unwrap(b)))

        return jax.tree.map(select, true_branch, false_branch,
                            is_leaf=lambda leaf: isinstance(leaf, Tensor))


switch = _Switch()
