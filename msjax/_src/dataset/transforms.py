"""`mindspore.dataset.transforms`: type casts, one-hot, composition and tensor reshaping ops."""
from __future__ import annotations

import enum
import functools
import inspect

import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.rows import pipeline_error, type_name
from msjax._src.dataset.transform_base import (TensorOperation, TransformError, check_int_type,
                                               is_pil)
from msjax._src.core import dtype as mstype


def numpy_dtype(dtype):
    """A MindSpore dtype (``mindspore.int32``) or NumPy dtype as a NumPy dtype."""
    if isinstance(dtype, mstype.Type):
        return np.dtype(mstype.dtype_to_nptype(dtype))
    return np.dtype(dtype)


# The types MindSpore's transforms accept as a fill, pad or mask value (its message's order).
_SCALAR_TYPES = (str, float, bool, int, bytes)
_SCALAR_TYPE_NAMES = "[<class 'str'>, <class 'float'>, <class 'bool'>, <class 'int'>, <class 'bytes'>]"


def is_text(dtype) -> bool:
    """Whether a dtype is one of MindSpore's string types (NumPy ``S`` or ``U``)."""
    return np.dtype(dtype).kind in "SU"


def check_scalar_value(value, name):
    """MindSpore's check of a transform's scalar argument (Fill's fill_value, Mask's constant)."""
    if not isinstance(value, _SCALAR_TYPES):
        raise TypeError(f"Argument {name} with value {value} is not of type {_SCALAR_TYPE_NAMES}, "
                        f"but got {type(value)}.")


def cast_value(value, dtype):
    """A scalar value in a numeric column's dtype, as MindSpore's C++ casts it (truncating floats,
    wrapping integers: -1 as uint8 is 255)."""
    with np.errstate(invalid="ignore", over="ignore"):
        return np.array(value).astype(dtype)


def _check_data_type(data_type, name="data_type"):
    if not isinstance(data_type, (mstype.Type, np.dtype)) and not (
            isinstance(data_type, type) and issubclass(data_type, np.generic)):
        raise TypeError(f"Argument {name} with value {data_type} is not of type "
                        f"[<class 'mindspore._c_expression.typing.Type'>, <class 'numpy.dtype'>], "
                        f"but got {type(data_type)}.")


def checked_call(method):
    """`method` with its arguments bound first, as MindSpore's validators bind them: a missing
    or unknown argument is the TypeError of `inspect.Signature.bind` ("missing a required
    argument: 'data_type'")."""
    signature = inspect.signature(method)

    @functools.wraps(method)
    def bound(*args, **kwargs):
        signature.bind(*args, **kwargs)
        return method(*args, **kwargs)
    return bound


class _OneInput(TensorOperation):
    """A transform of one column: MindSpore refuses more ("The op is OneToOne")."""

    def __call__(self, *columns):
        if len(columns) != 1:
            raise pipeline_error("The op is OneToOne, can only accept one tensor as input.",
                                 type(self).__name__)
        return super().__call__(*columns)


class TypeCast(_OneInput):
    """`mindspore.dataset.transforms.TypeCast(data_type)`: cast to a MindSpore or NumPy dtype
    (floats to integers truncate, integers wrap, as C's cast). Strings cast only to strings."""

    @checked_call
    def __init__(self, data_type):
        if isinstance(data_type, str):
            try:
                data_type = np.dtype(data_type)
            except TypeError:
                pass  # refused below, in MindSpore's words
        _check_data_type(data_type)
        self.to_string = data_type == mstype.string
        self.data_type = None if self.to_string else numpy_dtype(data_type)

    def implementation(self, array):
        target = "string" if self.to_string else type_name(self.data_type)
        if self.to_string and not is_text(array.dtype):
            raise TransformError("Failed to create empty tensor, number of elements should be 0 "
                                 "when data type is string.")
        if is_text(array.dtype):
            if array.dtype.kind == "U" and self.to_string:
                return array
            raise TransformError(f"TypeCast: TypeCast does not support cast from "
                                 f"{type_name(array.dtype)} to {target}")
        with np.errstate(invalid="ignore", over="ignore"):  # C's cast: NaN, overflow as they fall
            return array.astype(self.data_type)


class OneHot(_OneInput):
    """`mindspore.dataset.transforms.OneHot(num_classes, smoothing_rate=0.0)`: integer labels
    (squeezed: a scalar or one axis) as one-hot rows of the label's dtype (float64 with label
    smoothing)."""

    def __init__(self, num_classes, smoothing_rate=0.0):
        if isinstance(num_classes, bool) or not isinstance(num_classes, int):
            raise TypeError(f"Argument num_classes with value {num_classes} is not of type "
                            f"[<class 'int'>], but got {type(num_classes)}.")
        if num_classes <= 0:
            raise ValueError("Input must be greater than 0.")
        if isinstance(smoothing_rate, bool) or not isinstance(smoothing_rate, (int, float)):
            raise TypeError(f"Argument smoothing_rate with value {smoothing_rate} is not of type "
                            f"[<class 'int'>, <class 'float'>], but got {type(smoothing_rate)}.")
        if not 0.0 <= smoothing_rate <= 1.0:
            raise ValueError("Input smoothing_rate is not within the required interval of "
                             "[0.0, 1.0].")
        self.num_classes = num_classes
        self.smoothing_rate = float(smoothing_rate)

    def implementation(self, labels):
        if labels.dtype.kind not in "iu":
            raise TransformError(f"OneHot: Only support input of int type, but got: "
                                 f"{type_name(labels.dtype)}")
        labels = np.squeeze(labels)
        if labels.ndim > 1:
            raise TransformError(f"OneHot: Only support scalar or 1D input, got rank: "
                                 f"{labels.ndim}")
        if labels.size and labels.max() >= self.num_classes:
            raise TransformError(f"OneHot: index values should not bigger than num classes: "
                                 f"{self.num_classes}, but got: {labels.max()}")
        one_hot = labels[..., None] == np.arange(self.num_classes)
        if self.smoothing_rate:
            rate = self.smoothing_rate
            return np.where(one_hot, 1 - rate + rate / self.num_classes, rate / self.num_classes)
        return one_hot.astype(labels.dtype)


def _check_same_kind(value_dtype, array_dtype, message):
    if is_text(value_dtype) != is_text(array_dtype):
        raise TransformError(message)


class Fill(_OneInput):
    """`mindspore.dataset.transforms.Fill(fill_value)`: every element set to `fill_value`, cast to
    the column's dtype (a string fills only a string column)."""

    def __init__(self, fill_value):
        check_scalar_value(fill_value, "fill_value")
        self.fill_value = fill_value

    def implementation(self, array):
        value = np.array(self.fill_value)
        if is_text(value.dtype) or is_text(array.dtype):
            if value.dtype.kind != array.dtype.kind:
                raise TransformError(
                    f"Fill: fill_value and the input tensor must be of the same data type when "
                    f"involving strings or bytes, but got fill_value data type "
                    f"{type_name(value.dtype)} and input tensor data type {type_name(array.dtype)}")
            return np.full(array.shape, value)
        return np.full(array.shape, cast_value(value, array.dtype), array.dtype)


class Duplicate(TensorOperation):
    """`mindspore.dataset.transforms.Duplicate()`: the column twice (map it to two columns)."""

    def implementation(self, array):
        return array, array.copy()


class Unique(TensorOperation):
    """`mindspore.dataset.transforms.Unique()`: a numeric column of rank 2 or more, flattened, as
    its distinct values in order of first appearance, each element's index among them and each
    value's count (both int32)."""

    def implementation(self, array):
        if is_text(array.dtype):
            raise TransformError("Unique: only support numeric datatype of input, got string.")
        if array.ndim < 2:
            raise TransformError(f"Unique: input must be at least 2-D in order to do unique op, "
                                 f"got rank:{array.ndim}")
        flat = array.reshape(-1)
        values, first, inverse, counts = np.unique(flat, return_index=True, return_inverse=True,
                                                   return_counts=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        return (values[order], rank[inverse].astype(np.int32).reshape(-1),
                counts[order].astype(np.int32))


def _check_1d_array(value, name, verb):
    if value is None:
        return None
    if not isinstance(value, np.ndarray):
        raise TypeError(f"Argument {name} with value {value} is not of type "
                        f"[<class 'numpy.ndarray'>], but got {type(value)}.")
    if value.ndim != 1:
        raise ValueError(f"can only {verb} 1D arrays.")
    return value


class Concatenate(TensorOperation):
    """`mindspore.dataset.transforms.Concatenate(axis=0, prepend=None, append=None)`: `prepend`,
    the input columns (1-D, all of `prepend`'s dtype) and `append`, joined along their one axis."""

    def __init__(self, axis=0, prepend=None, append=None):
        check_int_type(axis, "axis")
        if axis not in (0, -1):
            raise ValueError("only 1D concatenation supported.")
        self.axis = axis
        self.prepend = _check_1d_array(prepend, "prepend", "prepend")
        self.append = _check_1d_array(append, "append", "append")

    def implementation(self, *arrays):
        for array in arrays:
            if array.ndim != 1:
                raise TransformError(f"Concatenate: only 1D input supported, got rank of input: "
                                     f"{array.ndim}")
            for name, part in (("prepend", self.prepend), ("append", self.append)):
                if part is not None and not _same_type(part.dtype, array.dtype):
                    raise TransformError(
                        f"Concatenate: input datatype does not match the {name} datatype, got "
                        f"input datatype: {type_name(array.dtype)}, {name} datatype:"
                        f"{type_name(part.dtype)}")
        parts = [p for p in (self.prepend, *arrays, self.append) if p is not None]
        return np.concatenate(parts)


def _same_type(first, second) -> bool:
    """Whether two dtypes are one MindSpore type (strings of any width are one type)."""
    if is_text(first) or is_text(second):
        return first.kind == second.kind
    return first == second


class PadEnd(_OneInput):
    """`mindspore.dataset.transforms.PadEnd(pad_shape, pad_value=None)`: pad (or cut) each axis at
    its end to `pad_shape`, with `pad_value` cast to the column's dtype (0, or b"" for strings);
    a scalar is left as it is."""

    def __init__(self, pad_shape, pad_value=None):
        if not isinstance(pad_shape, list):
            raise TypeError(f"Argument pad_shape with value {pad_shape} is not of type "
                            f"[<class 'list'>], but got {type(pad_shape)}.")
        if any(d is not None and (isinstance(d, bool) or not isinstance(d, int))
               for d in pad_shape):
            raise TypeError("a value in the list is not an integer.")
        if pad_value is not None:
            check_scalar_value(pad_value, "pad_value")
        self.pad_shape = list(pad_shape)
        self.pad_value = pad_value

    def implementation(self, array):
        if array.ndim == 0:
            return array
        if None in self.pad_shape:
            raise TransformError("Failed to create empty tensor, tensor shape is unknown.")
        if len(self.pad_shape) != array.ndim:
            raise TransformError(f"PadEnd: invalid pad shape, as rank of input is: {array.ndim}, "
                                 f"and rank of pad value: {len(self.pad_shape)}")
        value = self.pad_value
        if value is None:
            value = b"" if is_text(array.dtype) else 0
        value = np.array(value)
        if is_text(value.dtype) != is_text(array.dtype):
            raise TransformError(f"PadEnd: can not pad numeric and string tensors together, but "
                                 f"got: {type_name(value.dtype)} and {type_name(array.dtype)}.")
        return pad_end(array, self.pad_shape, value)


def pad_end(array, shape, value):
    """`array` cut or padded at the end of each axis to `shape` with `value` (cast to its dtype,
    or widening a string column to hold it)."""
    array = array[tuple(slice(0, t) for t in shape)]
    if not is_text(array.dtype):
        value = cast_value(value, array.dtype)
    elif value.dtype.kind != array.dtype.kind:
        value = value.astype(array.dtype.kind)
    dtype = np.result_type(array, value) if is_text(array.dtype) else array.dtype
    padded = np.full(shape, value, dtype)
    padded[tuple(slice(0, d) for d in array.shape)] = array
    return padded


_SLICE_TYPES = ("[<class 'int'>, <class 'list'>, <class 'slice'>, <class 'bool'>, "
                "<class 'ellipsis'>, <class 'mindspore.dataset.transforms.transforms._SliceOption'>]")


def _slice_option(option):
    """One of Slice's arguments as an index of one axis: an int or a list of ints keep the axis
    (MindSpore's int is the one-element list), True, None and ... take the whole axis."""
    if option is True or option is None or option is Ellipsis:
        return slice(None)
    if isinstance(option, bool) or not isinstance(option, (int, list, slice)):
        raise TypeError(f"Argument slice with value {option} is not of type {_SLICE_TYPES}, but "
                        f"got {type(option)}.")
    if isinstance(option, int):
        return [option]
    if isinstance(option, list):
        for index, item in enumerate(option):
            if isinstance(item, bool):
                raise TypeError(f"Argument slice[{index}] with value {item} is not of type "
                                f"(<class 'int'>,), but got {type(item)}.")
            if not isinstance(item, int):
                raise TypeError(f"Argument slice_option[{index}] with value {item} is not of type "
                                f"[<class 'int'>], but got {type(item)}.")
    return option


class Slice(_OneInput):
    """`mindspore.dataset.transforms.Slice(*slices)`: each argument indexes one axis, in turn,
    keeping it (an int ``i`` as the list ``[i]``; a list picks those positions; a slice slices;
    True, None or ... take it whole)."""

    def __init__(self, *slices):
        self.slices = tuple(_slice_option(s) for s in slices)

    def implementation(self, array):
        if len(self.slices) > array.ndim:
            raise TransformError("Invalid shape, should be greater than slices index.")
        for axis, index in enumerate(self.slices):
            if isinstance(index, list):
                if not index:
                    raise TransformError("Both indices and slices can not be empty.")
                size = array.shape[axis]
                for position in index:
                    if not -size <= position < size:
                        shown = position + size if position < 0 else position
                        raise TransformError(f"Index {shown} is out of bounds.")
                array = np.take(array, index, axis=axis)
            else:
                array = array[(slice(None),) * axis + (index,)]
        return np.ascontiguousarray(array)


def check_transforms_list(transforms) -> list:
    """MindSpore's check of the `transforms` of Compose, RandomApply, RandomChoice and
    RandomOrder: a non-empty list of transform instances or callables."""
    if not isinstance(transforms, list):
        raise TypeError(f"Argument transforms list with value {transforms} is not of type "
                        f"[<class 'list'>], but got {type(transforms)}.")
    if not transforms:
        raise ValueError("transforms list can not be empty.")
    for index, transform in enumerate(transforms):
        if isinstance(transform, type):
            raise ValueError(f"op_list[{index}] should be a dataset processing operation "
                             f"instance, but got: {transform}. It may be missing parentheses for "
                             f"instantiation.")
        if not callable(transform):
            raise TypeError(f"transforms[{index}] is neither a transforms op (TensorOperation) "
                            f"nor a callable pyfunc.")
    return list(transforms)


class Compose(TensorOperation):
    """`mindspore.dataset.transforms.Compose(transforms)`: the transforms one after another."""

    def __init__(self, transforms):
        self.transforms = check_transforms_list(transforms)

    def __call__(self, *columns):
        if not columns:
            raise pipeline_error("Input Tensor is not valid.", type(self).__name__)
        return super().__call__(*columns)

    def implementation(self, *columns):
        for transform in self.transforms:
            try:
                result = transform(*columns)
            except Exception as error:
                if not hasattr(error, "failed_operation"):
                    error.failed_operation = transform  # a map names the transform that failed
                raise
            columns = result if isinstance(result, tuple) else (result,)
        return single_or_tuple(columns)


def single_or_tuple(columns: tuple):
    """What a Compose returns: one array as it is, several as a tuple, and a PIL image in a
    tuple of one (MindSpore's eager Compose does so)."""
    if len(columns) > 1 or is_pil(columns[0]):
        return columns
    return columns[0]


class RandomApply(TensorOperation):
    """`mindspore.dataset.transforms.RandomApply(transforms, prob=0.5)`: all of `transforms` with
    probability `prob`, else none."""

    def __init__(self, transforms, prob=0.5):
        self.compose = Compose(transforms)
        if isinstance(prob, bool) or not isinstance(prob, (float, int)):
            raise TypeError(f"Argument prob with value {prob} is not of type [<class 'float'>, "
                            f"<class 'int'>], but got {type(prob)}.")
        if not 0 <= prob <= 1:
            raise ValueError("Input prob is not within the required interval of [0, 1].")
        self.prob = float(prob)

    def implementation(self, *columns):
        if random_ops.generator().random() < self.prob:
            return self.compose.implementation(*columns)
        return columns if len(columns) > 1 else columns[0]


class RandomChoice(TensorOperation):
    """`mindspore.dataset.transforms.RandomChoice(transforms)`: one of `transforms`, uniformly."""

    def __init__(self, transforms):
        self.transforms = Compose(transforms).transforms

    def implementation(self, *columns):
        choice = self.transforms[int(random_ops.generator().integers(len(self.transforms)))]
        return choice(*columns)


class RandomOrder(TensorOperation):
    """`mindspore.dataset.transforms.RandomOrder(transforms)`: all of them, in a random order."""

    def __init__(self, transforms):
        self.transforms = Compose(transforms).transforms

    def implementation(self, *columns):
        order = random_ops.generator().permutation(len(self.transforms))
        return Compose([self.transforms[i] for i in order]).implementation(*columns)


class Relational(enum.IntEnum):
    """`mindspore.dataset.transforms.Relational`: the comparisons of `Mask`."""
    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


_COMPARE = {Relational.EQ: np.equal, Relational.NE: np.not_equal, Relational.GT: np.greater,
            Relational.GE: np.greater_equal, Relational.LT: np.less, Relational.LE: np.less_equal}


class Mask(_OneInput):
    """`mindspore.dataset.transforms.Mask(operator, constant, dtype=mstype.bool_)`: each element
    compared by `operator` with `constant` (cast to the column's dtype), as `dtype`."""

    def __init__(self, operator, constant, dtype=mstype.bool_):
        if not isinstance(operator, Relational):
            raise TypeError(f"Argument operator with value {operator} is not of type "
                            f"[<enum 'Relational'>], but got {type(operator)}.")
        check_scalar_value(constant, "constant")
        _check_data_type(dtype, "dtype")
        self.operator = operator
        self.constant = constant
        self.dtype = None if dtype == mstype.string else numpy_dtype(dtype)

    def implementation(self, array):
        constant = np.array(self.constant)
        if is_text(constant.dtype) != is_text(array.dtype):
            raise TransformError("Mask: input datatype does not match the value datatype, both "
                                 "should be numeric or non-numerical in the same time.")
        if self.dtype is None:
            raise TransformError("Mask: Only supports bool or numeric datatype for generated "
                                 "mask type.")
        if is_text(array.dtype):
            constant = constant.astype(array.dtype.kind)
        else:
            constant = cast_value(constant, array.dtype)
        return _COMPARE[self.operator](array, constant).astype(self.dtype)
