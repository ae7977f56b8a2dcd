"""The base of MindSpore's data transforms: each is callable on one row's columns (eagerly, on
NumPy arrays, msjax Tensors or PIL images) and inside ``Dataset.map``.

A transform defines ``implementation(*arrays)``. Its bad-input errors are raised as
``TransformError(message)`` and leave as MindSpore's RuntimeError with that ``[ERROR]`` sentence;
inside ``map`` the sentence is prefixed ``map operation: [Name] failed.`` as MindSpore does.
"""
from __future__ import annotations

import numbers
import sys

import numpy as np

from msjax._src.dataset.rows import pipeline_error


class TransformError(Exception):
    """A transform's bad input: the message is MindSpore's ``[ERROR]`` sentence."""


def is_pil(value) -> bool:
    """`mindspore.dataset.vision.py_transforms_util.is_pil(img)`: whether `img` is a PIL image
    (Pillow is not imported for the question: no PIL image exists before it is)."""
    image_module = sys.modules.get("PIL.Image")
    return image_module is not None and isinstance(value, image_module.Image)


# `mindspore.dataset.vision.py_transforms_util.augment_error_message`: the 1.x Python transforms'
# message for an input that is not a PIL image (formatted with its type).
augment_error_message = ("img should be PIL image. Got {}. Use Decode() for encoded data or "
                         "ToPIL() for decoded data.")


def as_input(value):
    """A column value as transforms take it: PIL images stay, everything else is a NumPy array."""
    if isinstance(value, np.ndarray) or is_pil(value):
        return value
    if hasattr(value, "asnumpy"):
        return value.asnumpy()
    array = np.asarray(value)
    if array.dtype == object:  # MindSpore makes a Tensor of it first
        raise TypeError(f"Invalid user input. Got {type(value)}: {value}, cannot be converted into "
                        f"tensor.")
    return array


class TensorOperation:
    """`mindspore.dataset.transforms.TensorOperation` (also ``PyTensorOperation``): a transform.

    Calling it on arrays runs it at once, as MindSpore's eager mode does.
    """

    def implementation(self, *arrays):
        raise NotImplementedError(f"{type(self).__name__} defines no implementation")

    def __call__(self, *columns):
        try:
            if len(columns) == 1 and type(columns[0]) is np.ndarray:  # pylint: disable=unidiomatic-typecheck
                return self.implementation(columns[0])  # the common case: one array, nothing to convert
            return self.implementation(*[as_input(c) for c in columns])
        except TransformError as error:
            raise pipeline_error(str(error), type(self).__name__) from None

    def __repr__(self):
        return f"{type(self).__name__}()"


PyTensorOperation = TensorOperation


def check_number(value, name):
    if isinstance(value, bool) or not isinstance(value, numbers.Number):
        raise TypeError(f"Argument {name} with value {value} is not of type "
                        f"[<class 'numbers.Number'>], but got {type(value)}.")


def check_int_type(value, name):
    """MindSpore's `type_check` of an int argument: a bool is refused in words of its own."""
    if isinstance(value, bool):
        raise TypeError(f"Argument {name} with value {value} is not of type (<class 'int'>,), "
                        f"but got <class 'bool'>.")
    if not isinstance(value, int):
        raise TypeError(f"Argument {name} with value {value} is not of type [<class 'int'>], "
                        f"but got {type(value)}.")


def check_positive_int(value, name, high=2147483647, low=1):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"Argument {name} with value {value!r} is not of type [<class 'int'>], "
                        f"but got {type(value)}.")
    if not low <= value <= high:
        raise ValueError(f"Input {name} is not within the required interval of [{low}, {high}].")


def check_probability(prob):
    check_number(prob, "prob")
    if not 0 <= prob <= 1:
        raise ValueError("Input prob is not within the required interval of [0.0, 1.0].")
    return float(prob)
