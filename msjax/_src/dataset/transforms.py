"""`mindspore.dataset.transforms`: type casts, one-hot, composition and tensor reshaping ops."""
from __future__ import annotations

import enum

import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.transform_base import (TensorOperation, TransformError, as_input,
                                               check_positive_int, check_probability)
from msjax._src.core import dtype as mstype


def numpy_dtype(dtype):
    """A MindSpore dtype (``mindspore.int32``) or NumPy dtype as a NumPy dtype."""
    if isinstance(dtype, mstype.Type):
        return np.dtype(mstype.dtype_to_nptype(dtype))
    return np.dtype(dtype)


class TypeCast(TensorOperation):
    """`mindspore.dataset.transforms.TypeCast(data_type)`: cast to a MindSpore or NumPy dtype
    (floats to integers truncate, as C's cast)."""

    def __init__(self, data_type):
        self.data_type = numpy_dtype(data_type)

    def implementation(self, array):
        return array.astype(self.data_type)


class OneHot(TensorOperation):
    """`mindspore.dataset.transforms.OneHot(num_classes, smoothing_rate=0.0)`: integer labels as
    one-hot rows of the label's dtype (float64 with label smoothing)."""

    def __init__(self, num_classes, smoothing_rate=0.0):
        check_positive_int(num_classes, "num_classes")
        self.num_classes = num_classes
        self.smoothing_rate = float(smoothing_rate)

    def implementation(self, labels):
        if labels.dtype.kind not in "iu":
            raise TransformError(f"OneHot: Only support input of int type, but got: {labels.dtype}")
        one_hot = (labels[..., None] == np.arange(self.num_classes))
        if self.smoothing_rate:
            rate = self.smoothing_rate
            return one_hot * (1 - rate) + rate / self.num_classes
        return one_hot.astype(labels.dtype)


class Fill(TensorOperation):
    """`mindspore.dataset.transforms.Fill(fill_value)`: every element set to `fill_value`."""

    def __init__(self, fill_value):
        self.fill_value = fill_value

    def implementation(self, array):
        return np.full_like(array, self.fill_value)


class Duplicate(TensorOperation):
    """`mindspore.dataset.transforms.Duplicate()`: the column twice (map it to two columns)."""

    def implementation(self, array):
        return array, array.copy()


class Concatenate(TensorOperation):
    """`mindspore.dataset.transforms.Concatenate(axis=0, prepend=None, append=None)`."""

    def __init__(self, axis=0, prepend=None, append=None):
        self.axis = axis
        self.prepend = None if prepend is None else as_input(prepend)
        self.append = None if append is None else as_input(append)

    def implementation(self, array):
        parts = [p for p in (self.prepend, array, self.append) if p is not None]
        return np.concatenate(parts, axis=self.axis).astype(array.dtype)


class PadEnd(TensorOperation):
    """`mindspore.dataset.transforms.PadEnd(pad_shape, pad_value=None)`: pad (or cut) each axis at
    its end to `pad_shape` (None keeps that axis)."""

    def __init__(self, pad_shape, pad_value=None):
        self.pad_shape = list(pad_shape)
        self.pad_value = pad_value

    def implementation(self, array):
        target = [d if s is None else s for s, d in zip(self.pad_shape, array.shape)]
        array = array[tuple(slice(0, t) for t in target)]
        value = self.pad_value if self.pad_value is not None else ("" if array.dtype.kind in "US" else 0)
        return np.pad(array, [(0, t - d) for t, d in zip(target, array.shape)],
                      constant_values=value)


class Slice(TensorOperation):
    """`mindspore.dataset.transforms.Slice(*slices)`: index the array (ints, slices, lists)."""

    def __init__(self, *slices):
        self.slices = tuple(slices)

    def implementation(self, array):
        return array[self.slices]


class Compose(TensorOperation):
    """`mindspore.dataset.transforms.Compose(transforms)`: the transforms one after another."""

    def __init__(self, transforms):
        if not transforms or not all(callable(t) for t in transforms):
            raise TypeError("transforms[0] is neither a transforms op (TensorOperation) nor a "
                            "callable pyfunc.")
        self.transforms = list(transforms)

    def implementation(self, *columns):
        for transform in self.transforms:
            try:
                result = transform(*columns)
            except Exception as error:
                if not hasattr(error, "failed_operation"):
                    error.failed_operation = transform  # a map names the transform that failed
                raise
            columns = result if isinstance(result, tuple) else (result,)
        return columns if len(columns) > 1 else columns[0]


class RandomApply(TensorOperation):
    """`mindspore.dataset.transforms.RandomApply(transforms, prob=0.5)`: all of `transforms` with
    probability `prob`, else none."""

    def __init__(self, transforms, prob=0.5):
        self.compose = Compose(transforms)
        self.prob = check_probability(prob)

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


class Mask(TensorOperation):
    """`mindspore.dataset.transforms.Mask(operator, constant, dtype=mstype.bool_)`: each element
    compared with `constant` by `operator`, as `dtype`."""

    def __init__(self, operator, constant, dtype=None):
        self.operator = Relational(operator)
        self.constant = constant
        self.dtype = np.bool_ if dtype is None else numpy_dtype(dtype)

    def implementation(self, array):
        constant = np.asarray(self.constant, array.dtype if array.dtype.kind in "US" else None)
        return _COMPARE[self.operator](array, constant).astype(self.dtype)
