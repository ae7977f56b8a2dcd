"""Perplexity, CosineSimilarity, ROC, auc and BleuScore, with MindSpore's semantics, values and messages."""
from __future__ import annotations

import math
from collections import Counter

import numpy as np

from msjax._src.train import checks
from msjax._src.train.metrics.base import Metric, rearrange_inputs


def _check_string(value, allowed, name):
    if value not in allowed:
        raise ValueError(f"The '{name}' must be str and must be in '{allowed}', but got '{value}'.")
    return value


class Perplexity(Metric):
    """`mindspore.train.Perplexity(ignore_label=None)`: exp of the mean negative log of the
    probability given to each label (labels equal to `ignore_label` are skipped)."""

    def __init__(self, ignore_label=None):
        super().__init__()
        self.ignore_label = ignore_label if ignore_label is None else \
            checks.check_value_type("ignore_label", ignore_label, [int])
        self.clear()

    def clear(self):
        self._sum_metric = 0.0
        self._num_inst = 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'Perplexity.update', it needs 2 inputs (predicted value, label), but got {}."
                             .format(len(inputs)))
        pred = self._convert_data(inputs[0])
        label = self._convert_data(inputs[1])
        if label.size != pred.size / pred.shape[-1]:
            raise RuntimeError("For 'Perplexity.update', predicted value (input[0]) and label (input[1]) should "
                               "have the same shape, but got predicted value shape {}, label shape {}."
                               .format(pred.shape, label.shape))
        label = label.reshape((label.size,))
        picked = np.squeeze(pred[np.arange(label.size)[:, None], label.astype(int)[:, None]])
        num = 0
        if self.ignore_label is not None:
            ignore = (label == self.ignore_label).astype(picked.dtype)
            num -= np.sum(ignore)
            picked = picked * (1 - ignore) + ignore
        self._sum_metric -= np.sum(np.log(np.maximum(1e-10, picked)))
        self._num_inst += num + picked.size

    def eval(self):
        if self._num_inst == 0:
            raise RuntimeError("The 'Perplexity' can not be calculated, because the number of samples is 0, please "
                               "check whether the update method has been called before calling eval method.")
        return math.exp(self._sum_metric / self._num_inst)


class CosineSimilarity(Metric):
    """`mindspore.train.CosineSimilarity(similarity='cosine', reduction='none', zero_diagonal=True)`:
    the pairwise similarity matrix of the rows of the last update's input."""

    def __init__(self, similarity='cosine', reduction='none', zero_diagonal=True):
        super().__init__()
        similarity = checks.check_value_type("similarity", similarity, [str])
        self.similarity = _check_string(similarity, ['dot', 'cosine'], "similarity")
        reduction = checks.check_value_type("reduction", reduction, [str])
        self.reduction = _check_string(reduction, ['none', 'sum', 'mean'], "reduction")
        self.zero_diagonal = checks.check_value_type("zero_diagonal", zero_diagonal, [bool])
        self.clear()

    def clear(self):
        self.sqr_mtx_res = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, inputs):
        data = self._convert_data(inputs)
        if self.similarity == 'cosine':
            data = data / np.expand_dims(np.linalg.norm(data, ord=2, axis=1), 1)
        self.sqr_mtx_res = np.dot(data, data.transpose(1, 0))
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if self.zero_diagonal:
            np.fill_diagonal(self.sqr_mtx_res, 0)
        if self.reduction == 'mean':
            self.sqr_mtx_res = np.mean(self.sqr_mtx_res, axis=-1)
        if self.reduction == 'sum':
            self.sqr_mtx_res = np.sum(self.sqr_mtx_res, axis=-1)
        return self.sqr_mtx_res


def _binary_clf_curve(preds, target, pos_label=1):
    """False and true positives at each distinct threshold (descending)."""
    if preds.ndim > target.ndim:
        preds = preds[:, 0]
    order = np.argsort(-preds)
    preds, target = preds[order], target[order]
    distinct = np.where(preds[1:] - preds[:-1])[0]
    threshold_idxs = np.pad(distinct, (0, 1), constant_values=target.shape[0] - 1)
    target = np.array(target == pos_label).astype(np.int64)
    tps = np.cumsum(target, axis=0)[threshold_idxs]
    fps = 1 + threshold_idxs - tps
    return fps, tps, preds[threshold_idxs]


def _curve_inputs(y_pred, y, class_num, pos_label):
    if not (len(y_pred.shape) == len(y.shape) or len(y_pred.shape) == len(y.shape) + 1):
        raise ValueError(f"For 'ROC', predicted value (input[0]) and true value (input[1]) must have same "
                         f"dimensions, or the dimension of predicted value equal the dimension of true value add "
                         f"1, but got predicted value ndim: {len(y_pred.shape)}, true value ndim: {len(y.shape)}.")
    if len(y_pred.shape) == len(y.shape):
        if class_num is not None and class_num != 1:
            raise ValueError(f"For 'ROC', when predicted value (input[0]) and true value (input[1]) have the same "
                             f"shape, the 'class_num' must be 1, but got {class_num}.")
        return y_pred.flatten(), y.flatten(), 1, 1 if pos_label is None else pos_label
    if pos_label is not None:
        raise ValueError(f"For 'ROC', when the dimension of predicted value (input[0]) equals the dimension of "
                         f"true value (input[1]) add 1, the 'pos_label' must be None, but got {pos_label}.")
    if class_num != y_pred.shape[1]:
        raise ValueError("For 'ROC', the 'class_num' must equal the number of classes from predicted value "
                         "(input[0]), but got 'class_num' {}, the number of classes from predicted value {}."
                         .format(class_num, y_pred.shape[1]))
    return y_pred.transpose(0, 1).reshape(class_num, -1).transpose(0, 1), y.flatten(), class_num, pos_label


class ROC(Metric):
    """`mindspore.train.ROC(class_num=None, pos_label=None)`: `(fpr, tpr, thresholds)` of the
    last update's inputs (lists of them, one per class, for multi-class scores)."""

    def __init__(self, class_num=None, pos_label=None):
        super().__init__()
        self.class_num = class_num if class_num is None else checks.check_value_type("class_num", class_num, [int])
        self.pos_label = pos_label if pos_label is None else checks.check_value_type("pos_label", pos_label, [int])
        self.clear()

    def clear(self):
        self.y_pred = 0
        self.y = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'ROC.update', it needs 2 inputs (predicted value, true value), but got {}"
                             .format(len(inputs)))
        self.y_pred, self.y, self.class_num, self.pos_label = _curve_inputs(
            self._convert_data(inputs[0]), self._convert_data(inputs[1]), self.class_num, self.pos_label)
        self._is_update = True

    def _roc(self, y_pred, y, class_num, pos_label):
        if class_num == 1:
            fps, tps, thresholds = _binary_clf_curve(y_pred, y, pos_label=pos_label)
            tps = np.squeeze(np.hstack([np.zeros(1, dtype=tps.dtype), tps]))
            fps = np.squeeze(np.hstack([np.zeros(1, dtype=fps.dtype), fps]))
            thresholds = np.hstack([thresholds[0][None] + 1, thresholds])
            if fps[-1] <= 0:
                raise ValueError("For 'ROC.eval', there is no negative samples in true value, "
                                 "false positive value is meaningless.")
            if tps[-1] <= 0:
                raise ValueError("For 'ROC.eval', there is no positive samples in true value, "
                                 "true positive value is meaningless.")
            return fps / fps[-1], tps / tps[-1], thresholds
        curves = [self._roc(*_curve_inputs(y_pred[:, c], y, 1, c)) for c in range(class_num)]
        return [c[0] for c in curves], [c[1] for c in curves], [c[2] for c in curves]

    def eval(self):
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._roc(np.squeeze(self.y_pred), np.squeeze(self.y), self.class_num, self.pos_label)


def auc(x, y, reorder=False):
    """`mindspore.train.auc(x, y, reorder=False)`: the area under the curve `(x, y)` (trapezoids)."""
    if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray):
        raise TypeError("For 'auc', the argument 'x' and 'y' must all be np.ndarray, but got {}, {}"
                        .format(type(x), type(y)))
    if np.ndim(x) == 0 or np.ndim(y) == 0:
        raise TypeError("Singleton array {} cannot be considered as a valid collection.".format(x if np.ndim(x) == 0
                                                                                               else y))
    if x.shape[0] != y.shape[0]:
        raise ValueError("Found input variables with inconsistent numbers of samples: {}."
                         .format([int(x.shape[0]), int(y.shape[0])]))
    for array in (x, y):
        shape = np.shape(array)
        if not (len(shape) == 1 or (len(shape) == 2 and shape[1] == 1)):
            raise ValueError("For 'auc', the input must be a 1-dimensional array, or a 2-dimensional array with the "
                             "second dimension of 1, but got shape {}.".format(shape))
    x, y = np.ravel(x), np.ravel(y)
    if x.shape[0] < 2:
        raise ValueError("For 'auc', the shape of the argument 'x' in axis 0 must be greater than 2, "
                         "but got {}.".format(x.shape[0]))
    direction = 1
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        dx = np.diff(x)
        if np.any(dx < 0):
            if np.all(dx <= 0):
                direction = -1
            else:
                raise ValueError("For 'auc', if the argument is False, the argument 'x' array must be increasing "
                                 "or decreasing, but got 'x': {}".format(x))
    return direction * np.trapezoid(y, x)


def _count_ngrams(tokens, n_gram):
    counter = Counter()
    for n in range(1, n_gram + 1):
        for start in range(len(tokens) - n + 1):
            counter[tuple(tokens[start:start + n])] += 1
    return counter


class BleuScore(Metric):
    """`mindspore.train.BleuScore(n_gram=4, smooth=False)`: corpus BLEU of candidate token lists
    against lists of reference token lists, accumulated over updates."""

    def __init__(self, n_gram=4, smooth=False):
        super().__init__()
        self.n_gram = checks.check_value_type("n_gram", n_gram, [int])
        if self.n_gram > 4 or self.n_gram < 1:
            raise ValueError("For 'BleuScore', the argument 'n_gram' should range from 1 to 4, "
                             "but got {}.".format(n_gram))
        self.smooth = checks.check_value_type("smooth", smooth, [bool])
        self.clear()

    def clear(self):
        self._numerator = np.zeros(self.n_gram)
        self._denominator = np.zeros(self.n_gram)
        self._c = 0.0
        self._r = 0.0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'BleuScore.update', it needs 2 inputs (candidate_corpus, reference_corpus), "
                             "but got {}.".format(len(inputs)))
        candidate_corpus, reference_corpus = inputs
        if len(candidate_corpus) != len(reference_corpus):
            raise ValueError("For 'BleuScore.update', 'translate_corpus' (inputs[0]) and 'reference_corpus' "
                             "(inputs[1]) should be equal in length, but got {}, {}"
                             .format(len(candidate_corpus), len(reference_corpus)))
        for candidate, references in zip(candidate_corpus, reference_corpus):
            self._c += len(candidate)
            lengths = [len(ref) for ref in references]
            differences = [abs(len(candidate) - length) for length in lengths]
            self._r += lengths[differences.index(min(differences))]
            translation = _count_ngrams(candidate, self.n_gram)
            reference = Counter()
            for ref in references:
                reference |= _count_ngrams(ref, self.n_gram)
            clipped = translation & reference
            for ngram in clipped:
                self._numerator[len(ngram) - 1] += clipped[ngram]
            for ngram in translation:
                self._denominator[len(ngram) - 1] += translation[ngram]
        self._is_update = True

    def eval(self):
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if min(self._numerator) == 0.0:
            return np.array(0.0)
        if self.smooth:
            precision = (self._numerator + 1) / (self._denominator + 1)
        else:
            precision = self._numerator / self._denominator
        geometric_mean = np.exp(np.sum(np.array([1.0 / self.n_gram] * self.n_gram) * np.log(precision)))
        brevity_penalty = np.array(1.0) if self._c > self._r else np.exp(1 - (np.array(self._r) / np.array(self._c)))
        return brevity_penalty * geometric_mean
