"""`mindspore.train.Metric` and the checks its subclasses share.

MindSpore's metrics accumulate on the host in NumPy (`update` per batch, `eval` for the result,
`clear` to start again); msjax's do the same, with MindSpore's values and messages.
"""
from __future__ import annotations

import functools
from abc import ABCMeta, abstractmethod

import numpy as np

from msjax._src.core.tensor import Tensor

_EVAL_TYPES = {'classification', 'multilabel'}


def rearrange_inputs(func):
    """`mindspore.train.rearrange_inputs`: `update` sees the inputs picked by `set_indexes`."""
    @functools.wraps(func)
    def wrapper(self, *inputs):
        indexes = self.indexes
        inputs = inputs if not indexes else [inputs[i] for i in indexes]
        return func(self, *inputs)
    return wrapper


class Metric(metaclass=ABCMeta):
    """`mindspore.train.Metric`: the base of metrics (`clear`, `update(*inputs)`, `eval`)."""

    def __init__(self):
        self._indexes = None

    def _convert_data(self, data):
        if isinstance(data, Tensor):
            return data.asnumpy()
        if isinstance(data, list):
            return np.array(data)
        if isinstance(data, np.ndarray):
            return data
        raise TypeError(f"For 'Metric' and its derived classes, the input data type must be tensor, list or "
                        f"numpy.ndarray, but got {type(data)}.")

    @property
    def indexes(self):
        return getattr(self, '_indexes', None)

    def set_indexes(self, indexes):
        """Pick which of `update`'s inputs this metric uses, by position."""
        if not isinstance(indexes, list) or not all(isinstance(i, int) for i in indexes):
            raise ValueError("For 'set_indexes', the argument 'indexes' must be a list and all its elements must "
                             "be int, please check whether it is correct.")
        self._indexes = indexes
        return self

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()

    @abstractmethod
    def clear(self):
        raise NotImplementedError('Must define clear function to use this base class')

    @abstractmethod
    def eval(self):
        raise NotImplementedError('Must define eval function to use this base class')

    @abstractmethod
    def update(self, *inputs):
        raise NotImplementedError('Must define update function to use this base class')


class EvaluationBase(Metric):
    """MindSpore's base of classification/multilabel metrics: shape and value checks."""

    def __init__(self, eval_type):
        super().__init__()
        if eval_type not in _EVAL_TYPES:
            # MindSpore formats its set; spelled out here so the text does not depend on hash order
            raise TypeError("The argument 'eval_type' must be in {'classification', 'multilabel'}, "
                            f"but got {eval_type}")
        self._type = eval_type

    def _check_shape(self, y_pred, y):
        if self._type == 'classification':
            if y_pred.ndim != y.ndim + 1:
                raise ValueError("In classification case, the dimension of y_pred (predicted value) should equal to "
                                 "the dimension of y (true value) add 1, but got y_pred dimension: {} and y "
                                 "dimension: {}.".format(y_pred.ndim, y.ndim))
            if y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError("In classification case, y_pred (predicted value) shape and y (true value) shape "
                                 "can not match, y shape should be equal to y_pred shape that the value at index 1 "
                                 "is deleted. Such as y_pred shape (1, 2, 3), then y shape should be (1, 3). "
                                 "But got y_pred shape {} and y shape {}".format(y_pred.shape, y.shape))
        else:
            if y_pred.ndim != y.ndim:
                raise ValueError("In {} case, the dimension of y_pred (predicted value) should equal to the dimension"
                                 " of y (true value), but got y_pred dimension: {} and y dimension: {}."
                                 .format(self._type, y_pred.ndim, y.ndim))
            if y_pred.shape != y.shape:
                raise ValueError("In {} case, the shape of y_pred (predicted value) should equal to the shape of y "
                                 "(true value), but got y_pred shape: {} and y shape: {}."
                                 .format(self._type, y_pred.shape, y.shape))

    def _check_value(self, y_pred, y):
        if self._type != 'classification' and not (np.equal(y_pred ** 2, y_pred).all()
                                                   and np.equal(y ** 2, y).all()):
            raise ValueError("In multilabel case, all elements in y_pred (predicted value) and y (true value) should "
                             "be 0 or 1.Please check whether your inputs y_pred and y are correct.")

    def clear(self):
        raise NotImplementedError

    def update(self, *inputs):
        raise NotImplementedError

    def eval(self):
        raise NotImplementedError


def check_onehot_data(data) -> bool:
    """Whether `data` is one-hot along axis 1."""
    if data.ndim > 1 and np.equal(data ** 2, data).all():
        shape = (data.shape[0],) + data.shape[2:]
        if np.equal(np.ones(shape), data.sum(axis=1)).all():
            return True
    return False


def check_input_count(name, inputs, count=2):
    if len(inputs) != count:
        raise ValueError(f"For '{name}.update', it needs 2 inputs (predicted value, true value), "
                         f"but got {len(inputs)}.")


def empty_error(name) -> RuntimeError:
    return RuntimeError(f"The '{name}' can not be calculated, because the number of samples is 0, "
                        "please check whether your inputs(predicted value, true value) are empty, "
                        "or has called update method before calling eval method.")
