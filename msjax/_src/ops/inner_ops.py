"""MindSpore's inner Primitives (`ops.operations._inner_ops`, `_sequence_ops`): the operators its
graph syntax and its own tests call directly.

- `TopTypeof()(x)`: the top MindSpore type of `x` (a Tensor's is `mindspore.tensor`, without its
  element type; an int's `mindspore.int`; a float's `mindspore.float32`), as the graph syntax's
  helpers test it (`isinstance(TopTypeof()(i), mstype.TensorType)`).
- `IsInstance()(x, type)`: whether `x`'s type is `type` or of its kind (`1.0` is a `float_`).
- `ConvertToDynamic(is_dynamic_rank=False)`: marks its input's shape dynamic for MindSpore's
  compiler; values pass through unchanged. msjax compiles one program per shape, so it is the
  identity here too.
- `SequenceAddN()(seq)`: the sum of a sequence's elements (Tensors or Python numbers).
- `MixedPrecisionCast()(dst_dtype, x)` (`ops.functional.mixed_precision_cast`, what MindSpore's
  amp casts a Cell's inputs with): each floating-point Tensor in `x` (a Tensor, or tuples and
  lists of them, nested, which come back as tuples) cast to `dst_dtype`; any other value (an
  integer or complex Tensor, a number, a dict) unchanged.
- `IsSubClass()(sub_type, type_)`: whether the MindSpore type `sub_type` is `type_` or of its
  kind (`int32` is a `number`); MindSpore's TypeError where either is no MindSpore type.
- `SameTypeShape()(x, y)`: `x` itself where `y` is a Tensor of its dtype and shape; MindSpore's
  TypeError (not Tensors, or dtypes differ) or ValueError (shapes differ) otherwise.
- `CopyWithSlice()(dst, src)`: writes `src`'s values into the Tensor `dst` (of its shape and
  dtype) and returns `dst`. MindSpore writes through a view into the Tensor it was taken from;
  msjax Tensors are no views (an index result is a copy): only `dst` changes.
- `TupleToTensor()(x, dtype)` and `ListToTensor()(x, dtype)`: the Tensor of a tuple (or range)
  or list of numbers; `TensorToTuple()(t)`, `TensorToList()(t)`: a 0-d or 1-d Tensor's values
  as a tuple or list; `TensorToScalar()(t)`: a 0-d or one-element Tensor's value (None for
  what MindSpore gives None).

Values are MindSpore 2.10's (tests/goldens/scripts/conformance_probe5.py).
"""
from __future__ import annotations

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor
from msjax._src.core.type_ids import is_subclass, type_to_type_id
from msjax._src.ops.registry import Primitive

_TOP_TYPES = ((bool, mstype.bool_), (int, mstype.int_), (float, mstype.float32),
              (tuple, mstype.tuple_), (list, mstype.list_), (str, mstype.string),
              (type(None), mstype.type_none))


def top_type(value):
    """MindSpore's top type of `value` (see the module doc)."""
    if isinstance(value, Tensor):
        return mstype.tensor_type
    for python_type, ms_type in _TOP_TYPES:
        if isinstance(value, python_type):
            return ms_type
    return mstype.get_py_obj_dtype(value)


class TopTypeof(Primitive):
    """`ops.operations._inner_ops.TopTypeof()(x)`: the top type of `x` (module doc)."""

    def __init__(self):
        super().__init__("TopTypeof")

    def __call__(self, x):
        return top_type(x)


class IsInstance(Primitive):
    """`ops.operations._inner_ops.IsInstance()(x, base)`: whether `x`'s type is `base` or of
    its kind."""

    def __init__(self):
        super().__init__("IsInstance")

    def __call__(self, x, base):
        if isinstance(x, Tensor):
            return isinstance(base, mstype.TensorType) and (
                base.element_type() is None or is_subclass(x.dtype, base.element_type()))
        return bool(is_subclass(top_type(x), base))


class ConvertToDynamic(Primitive):
    """`ops.operations._inner_ops.ConvertToDynamic(is_dynamic_rank=False)`: its input, unchanged
    (module doc)."""

    def __init__(self, is_dynamic_rank=False):
        super().__init__("ConvertToDynamic")
        if not isinstance(is_dynamic_rank, bool):
            raise TypeError(f"For 'ConvertToDynamic', the type of 'is_dynamic_rank' should be "
                            f"'bool', but got type '{type(is_dynamic_rank).__name__}'.")
        self.is_dynamic_rank = is_dynamic_rank
        self.add_prim_attr("is_dynamic_rank", is_dynamic_rank)

    def __call__(self, x):
        return x


class SequenceAddN(Primitive):
    """`ops.operations._sequence_ops.SequenceAddN()(seq)`: the sum of `seq`'s elements, a
    Tensor for Tensors, a Python number for numbers."""

    def __init__(self):
        super().__init__("SequenceAddN")

    def __call__(self, seq):
        if not isinstance(seq, (tuple, list)) or not seq:
            raise TypeError(f"For 'SequenceAddN', the input should be a non-empty tuple or "
                            f"list, but got {seq!r}.")
        total = seq[0]
        for element in seq[1:]:
            total = total + element
        return total


class IsSubClass(Primitive):
    """`ops.operations._inner_ops.IsSubClass()(sub_type, type_)`: whether `sub_type` is
    `type_` or of its kind (module doc)."""

    def __init__(self):
        super().__init__("IsSubClass")

    def __call__(self, sub_type, type_):
        for name, value in (("sub_type", sub_type), ("type_", type_)):
            if not isinstance(value, mstype.Type):
                raise TypeError(f"For 'IsSubClass', the type of '{name}' should be 'Type', but "
                                f"got type '{type(value).__name__}'.")
        return bool(is_subclass(sub_type, type_))


class SameTypeShape(Primitive):
    """`ops.operations._inner_ops.SameTypeShape()(x, y)`: `x`, checked to be a Tensor of `y`'s
    dtype and shape (module doc)."""

    def __init__(self):
        super().__init__("SameTypeShape")

    def __call__(self, x, y):
        for name, value in (("x", x), ("y", y)):
            if not isinstance(value, Tensor):
                raise TypeError(f"For 'SameTypeShape', the type of '{name}' should be 'Tensor', "
                                f"but got type '{type(value).__name__}'.")
        if x.dtype != y.dtype:
            raise TypeError(f"For 'SameTypeShape', the x dtype should be = y dtype: {y.dtype}, "
                            f"but got {x.dtype}.")
        if x.shape != y.shape:
            raise ValueError(f"For 'SameTypeShape', the x shape should be = y shape: {y.shape}, "
                             f"but got {x.shape}.")
        return x


class CopyWithSlice(Primitive):
    """`ops.operations._inner_ops.CopyWithSlice()(dst, src)`: `src` written into `dst`, which
    is returned (module doc)."""

    def __init__(self):
        super().__init__("CopyWithSlice")
        self.add_prim_attr("side_effect_mem", True)

    def __call__(self, dst, src):
        def vector(shape):
            return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"
        if dst.shape != src.shape:
            raise RuntimeError(f"storage_info->shape is not equal to src_tensor->shape(), "
                               f"storage_info->shape:{vector(dst.shape)}, "
                               f"src_tensor->shape:{vector(src.shape)}")
        if dst.dtype != src.dtype:
            raise RuntimeError(f"self_tensor->data_type is not equal to src_tensor->data_type, "
                               f"self_tensor->data_type:{type_to_type_id(dst.dtype)},  "
                               f"src_tensor->data_type:{type_to_type_id(src.dtype)}")
        dst._data = src._data
        return dst


class MixedPrecisionCast(Primitive):
    """`ops.operations._inner_ops.MixedPrecisionCast()(dst_dtype, x)`: the floating-point
    Tensors of `x` cast to `dst_dtype` (module doc)."""

    def __init__(self):
        super().__init__("MixedPrecisionCast")

    def __call__(self, dst_dtype, x):
        if isinstance(x, Tensor):
            return x.astype(dst_dtype) if x.dtype in mstype.float_type else x
        if isinstance(x, (tuple, list)):
            return tuple(self(dst_dtype, element) for element in x)
        return x


mixed_precision_cast = MixedPrecisionCast()


class TupleToTensor(Primitive):
    """`_sequence_ops.TupleToTensor()(x, dtype)`: `Tensor(x, dtype)` for a tuple or range of
    numbers; None for anything else (a tuple holding None too), as MindSpore's."""

    def __init__(self):
        super().__init__("TupleToTensor")

    def __call__(self, x, dtype):
        if isinstance(x, range):
            x = tuple(x)
        if isinstance(x, tuple) and None not in x:
            return Tensor(x, dtype=dtype)
        return None


class ListToTensor(Primitive):
    """`_sequence_ops.ListToTensor()(x, dtype)`: `Tensor(x, dtype)` for a list of numbers."""

    def __init__(self):
        super().__init__("ListToTensor")

    def __call__(self, x, dtype):
        if x is not None and isinstance(x, list) and None not in x:
            return Tensor(x, dtype)
        raise RuntimeError(f"input must be list, but got {x}")


def _values_of_vector(x):
    """A Tensor of rank 0 or 1 as a Python list (None for anything else)."""
    if isinstance(x, Tensor) and x.ndim <= 1:
        return x.asnumpy().tolist()
    return None


class TensorToTuple(Primitive):
    """`_sequence_ops.TensorToTuple()(x)`: the values of a 0-d or 1-d Tensor as a tuple."""

    def __init__(self):
        super().__init__("TensorToTuple")

    def __call__(self, x):
        values = _values_of_vector(x)
        return None if values is None else tuple(values)  # (a 0-d one's is not iterable)


class TensorToList(Primitive):
    """`_sequence_ops.TensorToList()(x)`: the values of a 0-d or 1-d Tensor as a list."""

    def __init__(self):
        super().__init__("TensorToList")

    def __call__(self, x):
        return _values_of_vector(x)


class TensorToScalar(Primitive):
    """`_sequence_ops.TensorToScalar()(x)`: the value of a 0-d or one-element 1-d Tensor."""

    def __init__(self):
        super().__init__("TensorToScalar")

    def __call__(self, x):
        if isinstance(x, Tensor) and x.shape in ((), (1,)):
            return x.item()
        return None
