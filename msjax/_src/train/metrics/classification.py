"""Classification metrics: Accuracy, TopKCategoricalAccuracy (Top1, Top5), Precision, Recall,
Fbeta and F1, with MindSpore's semantics, values and messages."""
from __future__ import annotations

import sys

import numpy as np

from msjax._src.train import checks
from msjax._src.train.metrics.base import EvaluationBase, Metric, check_onehot_data, rearrange_inputs


class Accuracy(EvaluationBase):
    """`mindspore.train.Accuracy(eval_type='classification')`: the fraction of correct
    predictions (argmax for 'classification', all labels equal for 'multilabel')."""

    def __init__(self, eval_type='classification'):
        super().__init__(eval_type)
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._total_num = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'Accuracy.update', it needs 2 inputs (predicted value, true value), "
                             "but got {}".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if self._type == 'classification' and y_pred.ndim == y.ndim and check_onehot_data(y):
            y = y.argmax(axis=1)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError("For 'Accuracy.update', class number not match, last input predicted data contain {} "
                             "classes, but current predicted data contain {} classes, please check your predicted "
                             "value(inputs[0]).".format(self._class_num, y_pred.shape[1]))
        if self._type == 'classification':
            result = (np.equal(y_pred.argmax(axis=1), y) * 1).reshape(-1)
        else:
            last = y_pred.ndim - 1
            y_pred = y_pred.swapaxes(1, last).reshape(-1, self._class_num)
            y = y.swapaxes(1, last).reshape(-1, self._class_num)
            result = np.equal(y_pred, y).all(axis=1) * 1
        self._correct_num += result.sum()
        self._total_num += result.shape[0]

    def eval(self):
        if self._total_num == 0:
            raise RuntimeError("The 'Accuracy' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, "
                               "or has called update method before calling eval method.")
        return float(self._correct_num / self._total_num)


class TopKCategoricalAccuracy(Metric):
    """`mindspore.train.TopKCategoricalAccuracy(k)`: the fraction of samples whose label is among
    the `k` highest predictions."""

    def __init__(self, k):
        super().__init__()
        if not isinstance(k, int):
            raise TypeError("For 'TopKCategoricalAccuracy', the type of the argument 'k' should be int, but got "
                            "'k' type: {}.".format(type(k)))
        if k < 1:
            raise ValueError("For 'TopKCategoricalAccuracy', the argument 'k' must be at least 1, but got 'k' "
                             "value: {}.".format(k))
        self.k = k
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'TopKCategoricalAccuracy.update', it needs 2 inputs (predicted value, true "
                             "value), but got 'inputs' size: {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and check_onehot_data(y):
            y = y.argmax(axis=1)
        indices = np.argsort(-y_pred, axis=1)[:, :self.k]
        repeated_y = y.reshape(-1, 1).repeat(self.k, axis=1)
        self._correct_num += np.equal(indices, repeated_y).sum(axis=1).sum()
        self._samples_num += repeated_y.shape[0]

    def eval(self):
        if self._samples_num == 0:
            raise RuntimeError("The 'TopKCategoricalAccuracy' can not be calculated, because the number of "
                               "samples is 0, please check whether your inputs (predicted value, true value) are "
                               "empty, or has called update method before calling eval method.")
        return float(self._correct_num / self._samples_num)


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    """`mindspore.train.Top1CategoricalAccuracy()`: TopKCategoricalAccuracy with k=1."""

    def __init__(self):
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    """`mindspore.train.Top5CategoricalAccuracy()`: TopKCategoricalAccuracy with k=5."""

    def __init__(self):
        super().__init__(5)


class _PerClassBase(EvaluationBase):
    """Precision and Recall: per-class counts of predictions, accumulated over updates."""

    _name = ""
    _value_message = ""

    def __init__(self, eval_type='classification'):
        super().__init__(eval_type)
        self.eps = sys.float_info.min
        self.clear()

    def clear(self):
        self._class_num = 0
        if self._type == "multilabel":
            self._true_positives = np.empty(0)
            self._denominator = np.empty(0)
            self._true_positives_average = 0
            self._denominator_average = 0
        else:
            self._true_positives = 0
            self._denominator = 0

    def _counted(self, y_pred, y):
        raise NotImplementedError

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError(f"For '{self._name}.update', it needs 2 inputs (predicted value, true value), "
                             f"but got {len(inputs)}.")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if self._type == 'classification' and y_pred.ndim == y.ndim and check_onehot_data(y):
            y = y.argmax(axis=1)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError(self._class_message.format(self._class_num, y_pred.shape[1]))
        class_num = self._class_num
        if self._type == "classification":
            if y.max() + 1 > class_num:
                raise ValueError(self._value_message.format(class_num, y.max() + 1))
            y = np.eye(class_num)[y.reshape(-1)]
            y_pred = np.eye(class_num)[y_pred.argmax(axis=1).reshape(-1)]
        else:
            y_pred = y_pred.swapaxes(1, 0).reshape(class_num, -1)
            y = y.swapaxes(1, 0).reshape(class_num, -1)
        denominator = self._counted(y_pred, y).sum(axis=0)
        true_positives = (y * y_pred).sum(axis=0)
        if self._type == "multilabel":
            with np.errstate(invalid="ignore"):  # 0/0 for a label never present: NaN, as in MindSpore
                self._true_positives_average += np.sum(true_positives / (denominator + self.eps))
            self._denominator_average += len(denominator)
            self._true_positives = np.concatenate((self._true_positives, true_positives), axis=0)
            self._denominator = np.concatenate((self._denominator, denominator), axis=0)
        else:
            self._true_positives += true_positives
            self._denominator += denominator

    def eval(self, average=False):
        if self._class_num == 0:
            raise RuntimeError(self._empty_message)
        checks.check_value_type("average", average, [bool], self.__class__.__name__)
        result = self._true_positives / (self._denominator + self.eps)
        if average:
            if self._type == "multilabel":
                result = self._true_positives_average / (self._denominator_average + self.eps)
            return result.mean()
        return result


class Precision(_PerClassBase):
    """`mindspore.train.Precision(eval_type='classification')`: per-class precision
    (`eval(average=True)` for the mean)."""

    _name = "Precision"
    _class_message = ("For 'Precision.update', class number not match, last input predicted data contain {} "
                      "classes, but current predicted data contain {} classes, please check your predicted "
                      "value(inputs[0])")
    _value_message = ("For 'Precision.update', predicted value (input[0]) should have the same classes "
                      "number as true value (input[1]), but got predicted value classes {}, true value "
                      "classes {}.")
    _empty_message = ("The 'Precision' can not be calculated, because the number of samples is 0, "
                      "please check whether your inputs (predicted value, true value) are empty, or "
                      "has called update method before calling eval method.")

    def _counted(self, y_pred, y):
        return y_pred


class Recall(_PerClassBase):
    """`mindspore.train.Recall(eval_type='classification')`: per-class recall
    (`eval(average=True)` for the mean)."""

    _name = "Recall"
    _class_message = ("For 'Recall.update', class number not match, last input predicted data contain {} "
                      "classes, but current predicted data contain {} classes, please check your predicted "
                      "value(inputs[0]).")
    _value_message = ("For 'Recall.update', predicted value (input[0]) should have the same classes number "
                      "as true value (input[1]), but got predicted value classes {}, true value classes {}.")
    _empty_message = ("The 'Recall' can not be calculated, because the number of samples is 0, please check "
                      "whether your inputs (predicted value, true value) are empty, or has called update "
                      "method before calling eval method.")

    def _counted(self, y_pred, y):
        return y


class Fbeta(Metric):
    """`mindspore.train.Fbeta(beta)`: per-class F-beta score (`eval(average=True)` for the mean)."""

    def __init__(self, beta):
        super().__init__()
        self.eps = sys.float_info.min
        if not beta > 0:
            raise ValueError("For 'Fbeta', the argument 'beta' must be greater than 0, but got {}.".format(beta))
        self.beta = beta
        self.clear()

    def clear(self):
        self._true_positives = 0
        self._actual_positives = 0
        self._positives = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'Fbeta.update', it needs 2 inputs (predicted value, true value), "
                             "but got {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and check_onehot_data(y):
            y = y.argmax(axis=1)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError("For 'Fbeta.update', class number not match, last input predicted data contain {} "
                             "classes, but current predicted data contain {} classes, please check your "
                             "predicted value(inputs[0]).".format(self._class_num, y_pred.shape[1]))
        class_num = self._class_num
        if y.max() + 1 > class_num:
            raise ValueError("For 'Fbeta.update', predicted value(inputs[0]) and true value(inputs[1]) "
                             "should contain same classes, but got predicted value contains {} classes"
                             " and true value contains {} classes.".format(class_num, y.max() + 1))
        y = np.eye(class_num)[y.reshape(-1)]
        y_pred = np.eye(class_num)[y_pred.argmax(axis=1).reshape(-1)]
        self._true_positives += (y * y_pred).sum(axis=0)
        self._positives += y_pred.sum(axis=0)
        self._actual_positives += y.sum(axis=0)

    def eval(self, average=False):
        checks.check_value_type("average", average, [bool], self.__class__.__name__)
        if self._class_num == 0:
            raise RuntimeError("The 'Fbeta' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, "
                               "or has called update method before calling eval method.")
        fbeta = (1.0 + self.beta ** 2) * self._true_positives / \
            (self.beta ** 2 * self._actual_positives + self._positives + self.eps)
        if average:
            return fbeta.mean()
        return fbeta


class F1(Fbeta):
    """`mindspore.train.F1()`: Fbeta with beta=1."""

    def __init__(self):
        super().__init__(1.0)
