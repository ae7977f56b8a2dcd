"""Loss and error metrics: Loss, MAE, MSE and Dice, with MindSpore's semantics and messages."""
from __future__ import annotations

import numpy as np

from msjax._src.train.metrics.base import Metric, rearrange_inputs
from msjax._src.nn.optim.argument_checks import check_positive_float


class Loss(Metric):
    """`mindspore.train.Loss()`: the mean over updates of each update's mean loss."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._sum_loss = 0
        self._total_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 1:
            raise ValueError("For 'Loss.update', it needs 1 input (loss), but got {}".format(len(inputs)))
        loss = self._convert_data(inputs[0])
        if loss.ndim == 0:
            loss = loss.reshape(1)
        if loss.ndim != 1:
            raise ValueError("For 'Loss.update', the dimension of your input (loss) must be 1, "
                             "but got {}.".format(loss.ndim))
        self._sum_loss += loss.mean(-1)
        self._total_num += 1

    def eval(self):
        if self._total_num == 0:
            raise RuntimeError("The 'Loss' can not be calculated, because the number of samples is 0, please "
                               "check whether has called update method before calling eval method.")
        return float(self._sum_loss / self._total_num)


class _ErrorMetric(Metric):
    """MAE and MSE: a summed element error divided by the number of samples (first axis)."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._error_sum = 0
        self._samples_num = 0

    @staticmethod
    def _error(difference):
        raise NotImplementedError

    @rearrange_inputs
    def update(self, *inputs):
        name = type(self).__name__
        if len(inputs) != 2:
            raise ValueError(f"For '{name}.update', it needs 2 inputs (predicted value, true value), "
                             f"but got {len(inputs)}.")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self._error_sum += self._error(y.reshape(y_pred.shape) - y_pred).sum()
        self._samples_num += y.shape[0]

    def eval(self):
        if self._samples_num == 0:
            raise RuntimeError(f"The '{type(self).__name__}' can not be calculated, because the number of samples "
                               "is 0, please check whether your inputs(predicted value, true value) are empty, "
                               "or has called update method before calling eval method.")
        return float(self._error_sum / self._samples_num)


class MAE(_ErrorMetric):
    """`mindspore.train.MAE()`: mean absolute error (summed over elements, per sample)."""

    @staticmethod
    def _error(difference):
        return np.abs(difference)


class MSE(_ErrorMetric):
    """`mindspore.train.MSE()`: mean squared error (summed over elements, per sample)."""

    @staticmethod
    def _error(difference):
        return np.power(difference, 2)


class Dice(Metric):
    """`mindspore.train.Dice(smooth=1e-5)`: the mean over updates of the Dice coefficient."""

    def __init__(self, smooth=1e-5):
        super().__init__()
        self.smooth = check_positive_float(smooth, "smooth")
        self.clear()

    def clear(self):
        self._dice_coeff_sum = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'Dice.update', it needs 2 inputs (predicted value, true value), "
                             "but got {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self._samples_num += y.shape[0]
        if y_pred.shape != y.shape:
            raise ValueError(f"For 'Dice.update', predicted value (input[0]) and true value (input[1]) "
                             f"should have same shape, but got predicted value shape: {y_pred.shape}, "
                             f"true value shape: {y.shape}.")
        intersection = np.dot(y_pred.flatten(), y.flatten())
        union = np.dot(y_pred.flatten(), y_pred.flatten()) + np.dot(y.flatten(), y.flatten())
        self._dice_coeff_sum += 2 * float(intersection) / float(union + self.smooth)

    def eval(self):
        if self._samples_num == 0:
            raise RuntimeError("The 'Dice coefficient' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, or has "
                               "called update method before calling eval method.")
        return self._dice_coeff_sum / float(self._samples_num)
