"""MindSpore's quirks, in one place: type promotion, operator quirks, axis and dtype arguments.

Type promotion (checked against MindSpore 2.10, tests/goldens/type_promotion.json):
- Tensor with Tensor follows the lattice JAX also uses (uint8 + int8 is Int16, int64 + float16
  is Float16, float16 + bfloat16 is Float32). 0-d Tensors are ordinary Tensors, not weak scalars.
- Tensor with a Python (or NumPy) scalar keeps the Tensor's dtype, except that an integer or
  bool Tensor with a float gives Float32 and a bool Tensor with an int gives Int64.
- Two Python scalars are typed as the Tensor constructor types them (int Int64, float Float32).
- True division of integers or bools gives Float32; otherwise the promoted dtype.
`promote_scalar` returns operands for which JAX's own promotion gives MindSpore's dtype: Python
scalars stay weak where MindSpore keeps the Tensor's dtype, and two Tensors of different dtypes
are cast to their common dtype first.

The Tensor operators add a few quirks of their own, applied by `operator_impl`.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.backend.interface import CONCRETE_ARRAY as _ARRAY_IMPL  # JAX's array class
from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor

_FLOAT32 = np.dtype(np.float32)
_INT64 = np.dtype(np.int64)
_FLOAT32_MAX = float(np.finfo(np.float32).max)
# How the Tensor constructor types a Python scalar (used when both operands are scalars).
_SCALAR_DTYPE = {bool: np.bool_, int: np.int64, float: np.float32}


def _is_int_or_bool(x) -> bool:
    dt = getattr(x, "dtype", None)
    return dt is not None and (dt.kind in "biu")


def _scalar_operand(scalar, other):
    """A Python or NumPy scalar combined with `other` (an array, or another scalar)."""
    kind = type(scalar)
    if kind is not float and kind is not int and kind is not bool:
        if not isinstance(scalar, np.generic) or isinstance(scalar, np.complexfloating):
            return scalar
        scalar = scalar.item()  # NumPy scalars promote like Python scalars in MindSpore.
        kind = type(scalar)
    dtype = getattr(other, "dtype", None)
    if dtype is None:
        return scalar
    if kind is float:
        if dtype.kind not in "biu":
            return scalar
        if -_FLOAT32_MAX <= scalar <= _FLOAT32_MAX:
            return np.float32(scalar)
        with np.errstate(over="ignore"):
            return np.asarray(scalar, _FLOAT32)
    return scalar


def scalar_like(value, array):
    """A Python number given to one of JAX's own compiled functions (`jnp.clip`, `jnp.where`,
    `jnp.pad`, `jax.nn.leaky_relu`, ...) with a floating `array`, as a NumPy scalar of the
    array's dtype; anything else as it is.

    Such a function takes a Python float as a float64 argument while msjax's 64-bit types are on
    (core/x64.py) and converts it to the array's dtype inside: a float64 value in a float32
    program. Converted first, it gives the same value and result without one."""
    dtype = getattr(array, "dtype", None)
    if type(value) not in (int, float) or dtype is None or not jnp.issubdtype(dtype, jnp.floating):
        return value
    with np.errstate(over="ignore"):
        return np.asarray(value, array.dtype)[()]


def _typed_scalar(x):
    """A Python scalar typed as the Tensor constructor types it (int Int64, float Float32)."""
    if isinstance(x, np.generic):
        x = x.item()
    dtype = _SCALAR_DTYPE.get(type(x))
    return x if dtype is None else np.asarray(x, dtype)


def promote_scalar(a, b):
    """The operands of a binary op, prepared so that JAX's promotion gives MindSpore's dtype."""
    if type(a) is _ARRAY_IMPL and type(b) is _ARRAY_IMPL and a.dtype is b.dtype:
        return a, b  # the hot path: two concrete arrays of one dtype
    if not hasattr(b, "dtype") or isinstance(b, np.generic):
        if not hasattr(a, "dtype") or isinstance(a, np.generic):
            return _typed_scalar(a), _typed_scalar(b)
        b = _scalar_operand(b, a)
        if type(b) is int and a.dtype.kind == "b":  # Bool Tensor with an int: Int64
            a = a.astype(_INT64)
        return a, b
    if not hasattr(a, "dtype") or isinstance(a, np.generic):
        a = _scalar_operand(a, b)
        if type(a) is int and b.dtype.kind == "b":
            b = b.astype(_INT64)
        return a, b
    da, db = a.dtype, b.dtype
    if da != db:
        common = jnp.promote_types(da, db)
        if da != common:
            a = a.astype(common)
        if db != common:
            b = b.astype(common)
    return a, b


def to_float_if_int(x):
    """Integer and bool arrays as Float32 (MindSpore's true division and float-only math);
    a Python int or bool becomes a (weak) Python float, so a float16 Tensor stays float16."""
    kind = type(x)
    if kind is int or kind is bool:
        return float(x)
    if _is_int_or_bool(x):
        return jnp.asarray(x).astype(_FLOAT32)
    return x


# -- Tensor operators ----------------------------------------------------------------------------
_BITWISE_TYPES = ("{Tensor[Bool], Tensor[Int16], Tensor[Int32], Tensor[Int64], Tensor[Int8], "
                  "Tensor[UInt16], Tensor[UInt32], Tensor[UInt64], Tensor[UInt8]}")
_SUB_TYPES = ("{Tensor[BFloat16], Tensor[Float16], Tensor[Float32], Tensor[Float64], "
              "Tensor[Int16], Tensor[Int32], Tensor[Int64], Tensor[Int8], Tensor[UInt16], "
              "Tensor[UInt32], Tensor[UInt64], Tensor[UInt8]}")
_BITWISE_PRIMITIVES = {"__and__": "BitwiseAnd", "__or__": "BitwiseOr", "__xor__": "BitwiseXor"}


def primitive_type_error(primitive: str, valid: str, dtype) -> TypeError:
    """MindSpore's TypeError for an input dtype a primitive does not take."""
    return TypeError(f"For primitive[{primitive}], the input argument[x] must be a type of "
                     f"{valid}, but got Tensor[{mstype.from_numpy(dtype)}].")


def _strict_dtype(x):
    """The dtype of an array operand that fixes its type (a weakly typed value, a Python
    number or a NumPy array adapts to the other operand's): None for one that adapts."""
    dtype = getattr(x, "dtype", None)
    if dtype is None or isinstance(x, np.ndarray) or getattr(x, "weak_type", False):
        return None
    return dtype


def check_same_dtype(primitive: str, x1, x2) -> None:
    """MindSpore's TypeError where a primitive takes two Tensors of one dtype and does not
    promote (MatMul, BatchMatMul): `For 'MatMul', the type of 'x2' should be same as 'x1'...`."""
    d1, d2 = _strict_dtype(x1), _strict_dtype(x2)
    if d1 is not None and d2 is not None and d1 != d2:
        raise TypeError(f"For '{primitive}', the type of 'x2' should be same as 'x1', but got "
                        f"'x1' with type Tensor[{mstype.from_numpy(d1)}] and 'x2' with type "
                        f"Tensor[{mstype.from_numpy(d2)}].")


def check_matmul_dims(x1, x2, transpose_a=False, transpose_b=False) -> None:
    """MindSpore's ValueError for MatMul (and nn.Dense) operands whose inner dimensions differ."""
    shape1, shape2 = np.shape(x1), np.shape(x2)
    if len(shape1) < 2 or len(shape2) < 2:
        return
    cols = shape1[-2] if transpose_a else shape1[-1]
    rows = shape2[-1] if transpose_b else shape2[-2]
    if cols != rows:
        raise ValueError(f"For 'MatMul' the input dimensions must be equal, but got 'x1_col': "
                         f"{cols} and 'x2_row': {rows}.")


def _is_bool(x) -> bool:
    """A Python bool or a bool array."""
    if type(x) is bool:
        return True
    dt = getattr(x, "dtype", None)
    return dt is not None and dt.kind == "b"


def bool_floor_quotient(a, b):
    """MindSpore's floor division of two Bools: Bool, the dividend (broadcast); JAX would
    compute in integers (`True // False` is -2 there)."""
    return jnp.logical_and(a, jnp.logical_or(b, True))


def bool_remainder(a, b):
    """MindSpore's remainder of two Bools: Bool, the dividend where the divisor is False, else
    False (`x % True` is False)."""
    return jnp.logical_and(a, jnp.logical_not(b))


def with_bool_rule(rule, fn):
    """`fn`, except that two Bool operands are computed by `rule` (MindSpore's Bool result)."""
    def computed(a, b):
        if jnp.result_type(a, b) == np.bool_:
            return rule(a, b)
        return fn(a, b)
    return computed


def operator_impl(dunder: str, impl):
    """The jax-level implementation of Tensor operator `dunder` over its op's `impl`.

    MindSpore's operators differ from its functional ops in a few places, kept here:
    - `a - b` and `a // b` on two Bool operands give Bool (`ops.sub` refuses Bool), but a Python
      bool minus a Bool Tensor raises Sub's TypeError;
    - `%` and `**` on two Bool operands give Bool (MindSpore's CPU build has no kernel for them;
      msjax computes the value: `a ** b` is `a or not b`, `a % b` is `a and not b`, as
      MindSpore's `ops.remainder` of two Bools);
    - `&`, `|`, `^` raise the primitive's TypeError when the promoted dtype is not bool/integer;
    - `t == None` is False and `t != None` True.
    Operators without quirks get `impl` itself back.
    """
    if dunder == "__sub__":
        def sub(a, b):
            a, b = promote_scalar(a, b)
            if _is_bool(a) and _is_bool(b):
                if type(a) is bool:
                    raise primitive_type_error("Sub", _SUB_TYPES, np.dtype(np.bool_))
                return jnp.logical_xor(a, b)
            return impl(a, b)
        return sub
    if dunder in ("__floordiv__", "__mod__", "__pow__"):
        bool_rule = {"__floordiv__": bool_floor_quotient, "__mod__": bool_remainder,
                     "__pow__": lambda a, b: jnp.logical_or(a, jnp.logical_not(b))}[dunder]

        def bool_aware(a, b):
            a, b = promote_scalar(a, b)
            if _is_bool(a) and _is_bool(b):
                return bool_rule(a, b)
            return impl(a, b)
        bool_aware.__name__ = impl.__name__
        return bool_aware
    if dunder in _BITWISE_PRIMITIVES:
        primitive = _BITWISE_PRIMITIVES[dunder]

        def bitwise(a, b):
            a, b = promote_scalar(a, b)
            try:
                return impl(a, b)
            except TypeError:
                dtype = jnp.result_type(a, b)
                if dtype.kind in "biu":
                    raise
                raise primitive_type_error(primitive, _BITWISE_TYPES, dtype) from None
        return bitwise
    if dunder in ("__eq__", "__ne__"):
        none_result = dunder == "__ne__"

        def compare(a, b):
            if b is None:
                return none_result
            return impl(a, b)
        return compare
    return impl


def np_dtype(dtype):
    """A dtype argument (MindSpore dtype, name, NumPy dtype) as a NumPy dtype, or None."""
    return None if dtype is None else mstype.to_numpy_dtype(dtype)


def round_half_away(v):
    """`v` rounded to the nearest integer, halves away from zero: C++'s `std::round`, which
    MindSpore's CPU kernels use (grid sampling's 'nearest' mode, ROI bin edges), where
    `jnp.round` rounds halves to even. Exact: the fraction `v - trunc(v)` is computed without
    rounding, so 0.49999997 stays 0 (`floor(v + 0.5)` would make it 1)."""
    whole = jnp.trunc(v)
    return jnp.where(jnp.abs(v - whole) >= 0.5, whole + jnp.sign(v), whole)


def axis_arg(axis):
    """MindSpore's reduction axis: None or () means all axes; lists become tuples."""
    if hasattr(axis, "shape"):  # a Tensor axis (unwrapped to an array)
        value = concrete_array(axis).tolist()
        axis = tuple(value) if isinstance(value, list) else value
    if axis is None or axis == ():
        return None
    if isinstance(axis, list):
        return tuple(axis)
    return axis


def concrete_array(x) -> np.ndarray:
    """The value of `x` (a shape or size given as a Tensor) as a NumPy array. Under an eager
    `grad` a traced value still has one (MindSpore's PyNative runs op by op, values known);
    inside a compiled function JAX's ConcretizationTypeError says it has none (and graph mode
    runs such a function eagerly: transforms/graph_fallback.py)."""
    if isinstance(x, jax.core.Tracer):
        value = x.to_concrete_value()  # (what jax.extend.core.concrete_or_error reads)
        if value is None:
            raise jax.errors.ConcretizationTypeError(
                x, "The shape or size argument needs the value of a traced array.")
        x = value
    return np.asarray(x)


def tensor_input(name, position, argument, value):
    """MindSpore's TypeError for a sequence (or other non-number) passed where a Primitive takes
    a Tensor: "the 4th input grad can not be implicitly converted"."""
    if isinstance(value, (Tensor, int, float, bool, jax.Array, np.ndarray)):
        return
    kind = "Tuple[]" if isinstance(value, (list, tuple)) else type(value).__name__
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(position, "th")
    raise TypeError(f"For '{name}', the {position}{suffix} input {argument} can not be implicitly "
                    f"converted. Its type is {kind}. Only support Tensor or Scalar.")
