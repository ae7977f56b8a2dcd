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
- `SequenceStack(axis=0)(seq)`: a tuple or list of Tensors stacked along a new axis;
  `SequenceUnstack(axis=0, num=None)(x)`: the tuple of a Tensor's slices along `axis`.
- `MixedPrecisionCast()(dst_dtype, x)` (`ops.functional.mixed_precision_cast`, what MindSpore's
  amp casts a Cell's inputs with): each floating-point Tensor in `x` (a Tensor, or tuples and
  lists of them, nested, which come back as tuples) cast to `dst_dtype`; any other value (an
  integer or complex Tensor, a number, a dict) unchanged.
- `CopyWithSlice()(dst, src)`: writes `src`'s values into the Tensor `dst` (of its shape and
  dtype) and returns `dst`. MindSpore writes through a view into the Tensor it was taken from;
  msjax Tensors are no views (an index result is a copy): only `dst` changes.
- `TupleToTensor()(x, dtype)` and `ListToTensor()(x, dtype)`: the Tensor of a tuple (or range)
  or list of numbers; `TensorToTuple()(t)`, `TensorToList()(t)`: a 0-d or 1-d Tensor's values
  as a tuple or list; `TensorToScalar()(t)`: a 0-d or one-element Tensor's value (None for
  what MindSpore gives None).

- `TensorCopySlices()(x, value, begin, end, strides)`: a copy of `x` with the slice
  `begin:end` (strides of 1 only; fewer entries than axes leave the last axes whole; one run of
  memory, as `x[0, 0:100]` or `x[1:3]`, not `x[0:100, 0]`) replaced by
  `value`'s elements in row-major order (a larger `value` gives its first ones, as MindSpore's
  kernel copies memory). A smaller one is broadcast to the slice where it can be, and refused
  where not: MindSpore's kernel reads past its end.
- `SameTypeShape()(x, y)`: `x` itself, after checking that `y` is a Tensor of its dtype and
  shape (MindSpore's TypeError / ValueError otherwise).
- `IsSubClass()(sub_type, type_)`: whether the MindSpore type `sub_type` is `type_` or of its
  kind (`int32` is an `intc`, a `number`).
- `AntiQuant(sqrt_mode=False, dtype=float16)(x, scale, offset)`: `scale * (x + offset)`
  (`scale * scale * (x + offset)` with `sqrt_mode`) of an Int8 `x`, in `dtype`. MindSpore 2.10
  runs it on Ascend only (docs/migration.md); msjax computes what its documentation says.

- `ClipByNorm(axis=None)(x, clip_norm)` (what `nn.ClipByNorm` computes with): `x` scaled so that
  its L2 norm over `axis` (an int, tuple or list; all axes for None or `()`) is at most
  `clip_norm` (a Tensor broadcasting against `x`): `x * clip_norm / max(norm, clip_norm)`,
  Float32 for Float16 and Float32 inputs, with its gradient.
- `PadAndShift()(input_x, cum_sum_arr, shift_idx)`: -1s of length `cum_sum_arr[-1]` with a run of
  `input_x`'s first values from `cum_sum_arr[shift_idx]` on (the embedding cache's).

Values are MindSpore 2.10's (tests/goldens/scripts/conformance_probe5.py, st_ops12_probe.py,
inner_checks_probe.py, ops16b_misc_probe.py, dyn20_grad_primitives_probe.py).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor
from msjax._src.core.type_ids import is_subclass, type_to_type_id
from msjax._src.core.type_text import type_of
from msjax._src.ops.dtype_rules import only
from msjax._src.ops.input_rules import Rule, checked
from msjax._src.backend.interface import one_program
from msjax._src.ops.adapters import concrete_array
from msjax._src.ops.registry import Primitive, functional, primitive

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


class SequenceStack(Primitive):
    """`ops.operations._sequence_ops.SequenceStack(axis=0)(seq)`: the Tensors of the tuple or
    list `seq` (one shape, one dtype) stacked along a new axis `axis`, in [-(rank + 1), rank]."""

    def __init__(self, axis=0):
        super().__init__("SequenceStack")
        self.axis = axis
        self.add_prim_attr("axis", axis)

    def __call__(self, seq):
        if not isinstance(seq, (tuple, list)):
            raise TypeError(f"For SequenceStack, input[0] must be sequence, but got "
                            f"{type(seq).__name__}.")
        if len({tuple(t.shape) for t in seq}) > 1:
            raise ValueError("All input shape size must be the same!")
        if len({t.dtype for t in seq}) > 1:
            raise RuntimeError("For 'SequenceStack', the elements of the sequence must have one "
                            f"dtype, but got {', '.join(str(t.dtype) for t in seq)}.")
        rank = seq[0].ndim if seq else 0
        if not -(rank + 1) <= self.axis <= rank:
            raise ValueError(f"For primitive[SequenceStack], the Stack axis must be in "
                             f"[{-(rank + 1)},{rank}], but got {self.axis}.")
        return _stack(tuple(seq), self.axis)


class SequenceUnstack(Primitive):
    """`ops.operations._sequence_ops.SequenceUnstack(axis=0, num=None)(input_x)`: the tuple of
    the Tensor's slices along `axis`, in [-rank, rank) (`num`, MindSpore's hint of their number,
    is kept as an attribute)."""

    def __init__(self, axis=0, num=None):
        super().__init__("SequenceUnstack")
        self.axis, self.num = axis, num
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("num", num)

    def __call__(self, input_x):
        if not isinstance(input_x, Tensor):
            raise TypeError("For Primitive[SequenceUnstack], the type of input argument[input_x] "
                            f"must be Tensor but got {type_of(input_x)}.")
        if input_x.ndim == 0:
            raise ValueError("For SequenceUnstack, the check range left must be smaller than "
                             "right number but got left: 0 and right: 0.")
        if not -input_x.ndim <= self.axis < input_x.ndim:
            raise ValueError(f"For primitive[SequenceUnstack], the axis value must be in "
                             f"[{-input_x.ndim},{input_x.ndim}), but got {self.axis}.")
        return _unstack(input_x, self.axis % input_x.ndim)


@functional
def _stack(seq, axis):
    return jnp.stack(seq, axis)


@functional
def _unstack(x, axis):
    return tuple(jnp.moveaxis(x, axis, 0))


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


_COPY_SLICES_DTYPES = ("Bool", "Int32", "Float32", "Float64")  # those its error message lists
# ... and those MindSpore 2.10's CPU kernel also copies (it leaves them out of that message)
_COPY_SLICES_ALSO = ("Int64", "Int16", "Float16")


def _copy_slices(x, value, begin, end, strides):
    """TensorCopySlices (module doc)."""
    if any(int(s) != 1 for s in strides):
        raise RuntimeError("The element in step only support 1, but got:[const vector]{"
                           + ", ".join(str(int(s)) for s in strides) + "}")
    types = (str(mstype.from_numpy(x.dtype)), str(mstype.from_numpy(value.dtype)))
    if types[0] != types[1] or types[0] not in _COPY_SLICES_DTYPES + _COPY_SLICES_ALSO:
        supported = "; ".join(f"input[{t} {t} Int64 Int64 Int64], output[{t}]"
                              for t in _COPY_SLICES_DTYPES)
        raise TypeError(f"Select CPU operator[TensorCopySlices] fail! Unsupported data type!\n"
                        f"The supported data types are {supported}; , but get input[{types[0]} "
                        f"{types[1]} Int64 Int64 Int64 ] and output[{types[0]} ]")
    where = tuple(slice(int(b), int(e)) for b, e in zip(begin, end))
    shape = np.empty(x.shape, np.bool_)[where].shape  # the slice's shape
    # the slice must be one run of memory: extent 1 before the first axis it cuts, whole axes
    # after it
    cut = next((axis for axis, n in enumerate(shape) if n != 1), len(shape))
    if any(n != x.shape[axis] for axis, n in enumerate(shape) if axis > cut):
        raise RuntimeError("Only support copy continuous memory now. For example tensor[0, 0:100] "
                           "is fine, but tensor[0:100, 0] is not supported.")
    size = int(np.prod(shape))
    if value.size >= size:
        return x.at[where].set(value.reshape(-1)[:size].reshape(shape))
    try:
        broadcast = np.broadcast_shapes(value.shape, shape) == shape
    except ValueError:
        broadcast = False
    if not broadcast:
        raise ValueError(f"For 'TensorCopySlices', the value of shape {tuple(value.shape)} has "
                         f"fewer elements than the slice of shape {shape} and does not broadcast "
                         "to it.")
    return x.at[where].set(value)


class TensorCopySlices(Primitive):
    """`ops.operations._inner_ops.TensorCopySlices()(x, value, begin, end, strides)`: `x` with
    a slice replaced (module doc). Not an op of `mindspore.ops`, so not in the op table."""

    _copy = staticmethod(functional(_copy_slices))

    def __init__(self):
        super().__init__("TensorCopySlices")

    def __call__(self, x, value, begin, end, strides):
        return self._copy(x, value, begin, end, strides)


class SameTypeShape(Primitive):
    """`ops.operations._inner_ops.SameTypeShape()(x, y)`: `x`, once `y` is checked to have its
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
            raise ValueError(f"For 'SameTypeShape', the x shape should be = y shape: "
                             f"{_tuple_text(y.shape)}, but got {_tuple_text(x.shape)}.")
        return x


def _tuple_text(shape) -> str:
    """A shape as MindSpore's Python prints it here: `(3,)`, `(3, 4)`."""
    return str(tuple(shape))


class IsSubClass(Primitive):
    """`ops.operations._inner_ops.IsSubClass()(sub_type, type_)`: whether `sub_type` is
    `type_` or of its kind (module doc)."""

    def __init__(self):
        super().__init__("IsSubClass")

    def __call__(self, sub_type, type_):
        for name, value in (("sub_type", sub_type), ("type_", type_)):
            if not isinstance(value, mstype.Type):
                raise TypeError(f"For 'IsSubClass', the type of '{name}' should be 'Type', but got "
                                f"type '{type(value).__name__}'.")
        if isinstance(sub_type, mstype.TensorType) and isinstance(type_, mstype.TensorType):
            return type_.element_type() is None or is_subclass(sub_type.element_type(),
                                                               type_.element_type())
        return bool(is_subclass(sub_type, type_))


def _anti_quant(x, scale, offset, sqrt_mode, dtype):
    scale = jnp.asarray(scale, jnp.float32)
    factor = scale * scale if sqrt_mode else scale
    return (factor * (x.astype(jnp.float32) + jnp.asarray(offset, jnp.float32))).astype(
        mstype.to_numpy_dtype(dtype))


_anti_quant_checked = checked(functional(_anti_quant), Rule(
    only(0, "input_x", ("Int8",), primitive="AntiQuant")))


class AntiQuant(Primitive):
    """`ops.operations._inner_ops.AntiQuant(sqrt_mode=False, dtype=mindspore.float16)(x, scale,
    offset)` (module doc). Its inputs go by position: a keyword is refused, in each mode's
    words, as MindSpore refuses it."""

    def __init__(self, sqrt_mode=False, dtype=mstype.float16):
        super().__init__("AntiQuant")
        if not isinstance(sqrt_mode, bool):
            raise TypeError(f"For 'AntiQuant', the type of 'sqrt_mode' should be 'bool', but got "
                            f"type '{type(sqrt_mode).__name__}'.")
        self.sqrt_mode, self.dtype = sqrt_mode, dtype  # (no attributes in MindSpore's repr)
        self.init_prim_io_names(inputs=["x", "scale", "offset"], outputs=["y"])

    def __call__(self, *inputs, **keywords):
        if keywords:
            key, value = next(iter(keywords.items()))
            if not isinstance(getattr(value, "_data", None), jax.core.Tracer):
                raise TypeError(f"Primitive.__call__() got an unexpected keyword argument '{key}'")
            raise TypeError(
                "The primitive[AntiQuant]'s input arguments[input_x] must be all tensor and those "
                "type must be same. But got input argument[input_x]:Keyword[key : "
                f"{key}, value : Tensor[{value.dtype}]]\nValid type list: {{Tensor[Int8]}}.")
        return _anti_quant_checked(*inputs, self.sqrt_mode, self.dtype)


@functional
@one_program
def clip_by_l2_norm(x, clip_norm, axis):
    """x · clip_norm / max(‖x‖₂ over `axis`, clip_norm), in float32 as MindSpore's ClipByNorm."""
    x32 = x.astype(jnp.float32)
    norm = jnp.sqrt(jnp.sum(jnp.square(x32), axis=axis, keepdims=True))
    clip = clip_norm.astype(jnp.float32)
    return x32 * clip / jnp.maximum(norm, clip)


def _check_clip_by_norm_shapes(x_shape, clip_shape):
    """MindSpore's ValueError where `clip_norm`'s shape does not broadcast against `x`'s (its
    axis numbers count from 1)."""
    for back in range(1, min(len(x_shape), len(clip_shape)) + 1):
        x_size, clip_size = x_shape[-back], clip_shape[-back]
        if x_size != clip_size and 1 not in (x_size, clip_size):
            raise ValueError(
                "For 'ClipByNorm', input_x.shape and clip_norm.shape need to broadcast. The value "
                f"of input_x.shape[{len(x_shape) - back + 1}] or clip_norm.shape"
                f"[{len(clip_shape) - back + 1}] must be 1 or -1 when they are not the same, but "
                f"got input_x.shape = {list(x_shape)} and clip_norm.shape = {list(clip_shape)}")


class ClipByNorm(Primitive):
    """`ops.operations._inner_ops.ClipByNorm(axis=None)(x, clip_norm)` (module doc)."""

    def __init__(self, axis=None):
        super().__init__("ClipByNorm")
        axis = () if axis is None else axis
        if isinstance(axis, bool) or not isinstance(axis, (int, tuple, list)):
            raise TypeError("For 'ClipByNorm', the type of 'axis' should be one of "
                            f"'['int', 'tuple', 'list']', but got type '{type(axis).__name__}'.")
        self.axis = axis
        self.add_prim_attr("axis", axis)
        self.init_prim_io_names(inputs=["x", "clip_norm"], outputs=["output"])

    def __call__(self, x, clip_norm):
        if not (isinstance(x, Tensor) and isinstance(clip_norm, Tensor)):
            raise TypeError("For 'ClipByNorm', the input args must be tensor.")
        for name, value in (("x", x), ("clip_norm", clip_norm)):
            if value.dtype not in (mstype.float16, mstype.float32):
                raise TypeError(f"For primitive[ClipByNorm], the input argument[{name}] must be a "
                                f"type of {{Float16, Float32}}, but got {value.dtype}.")
        axes = (self.axis,) if isinstance(self.axis, int) else tuple(self.axis)
        for axis in axes:
            if not -x.ndim <= axis < x.ndim:
                raise ValueError(f"The value in attribute `axis` should be within [{-x.ndim}, "
                                 f"{x.ndim}) range.")
        _check_clip_by_norm_shapes(tuple(x.shape), tuple(clip_norm.shape))
        return clip_by_l2_norm(x, clip_norm, tuple(axis % x.ndim for axis in axes) or None)


def _pad_and_shift(input_x, cum_sum_arr, shift_idx):
    """`PadAndShift()(input_x, cum_sum_arr, shift_idx)` (`ops.operations`, MindSpore's embedding
    cache): a 1-D array of length `cum_sum_arr[-1]`, -1 everywhere except from
    `cum_sum_arr[shift_idx]` on, where the first `cum_sum_arr[shift_idx + 1] -
    cum_sum_arr[shift_idx]` values of `input_x` are copied. Its length is the value of
    `cum_sum_arr`, so a compiled function runs it eagerly (transforms/graph_fallback.py)."""
    bounds = concrete_array(cum_sum_arr).reshape(-1)
    index = int(concrete_array(shift_idx))
    start, count = int(bounds[index]), int(bounds[index + 1] - bounds[index])
    out = jnp.full((int(bounds[-1]),), -1, input_x.dtype)
    return out.at[start:start + count].set(input_x[:count])


PadAndShift = primitive("PadAndShift", functional(_pad_and_shift))
