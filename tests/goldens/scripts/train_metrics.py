"""Probe of MindSpore's metrics (update/eval/clear semantics, values, errors); `label -> result` lines.

Recorded with MindSpore 2.10.0 (CPU)::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/train_metrics.py > tests/goldens/train/train_metrics.txt

tests/train/test_metrics_golden.py runs this same script with `mindspore` answered by msjax.
"""
import json

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn
from mindspore.train import (Accuracy, BleuScore, ConfusionMatrix, ConfusionMatrixMetric, CosineSimilarity, Dice, HausdorffDistance, MeanSurfaceDistance, RootMeanSquareDistance, F1, Fbeta,
                             Loss, MAE, MSE, Perplexity, Precision, ROC, Recall, Top1CategoricalAccuracy,
                             Top5CategoricalAccuracy, TopKCategoricalAccuracy, auc, get_metric_fn, names)

rng = np.random.default_rng(7)
logits = rng.standard_normal((8, 6)).astype(np.float32)
labels = rng.integers(0, 6, (8,)).astype(np.int32)
logits2 = rng.standard_normal((5, 6)).astype(np.float32)
labels2 = rng.integers(0, 6, (5,)).astype(np.int32)
onehot = np.eye(6, dtype=np.float32)[labels]
multi_pred = (rng.random((6, 4)) > 0.5).astype(np.float32)
multi_true = (rng.random((6, 4)) > 0.5).astype(np.float32)


def plain(value):
    if isinstance(value, np.ndarray):
        return np.round(value.astype(np.float64), 8).tolist()
    if isinstance(value, (np.floating, float, np.integer, int)):
        return round(float(value), 10)
    return repr(value)


def show(label, value):
    print(f"{label} -> {json.dumps(value)}")


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e)]
    return "no error"


def two_updates(metric, *eval_args):
    metric.clear()
    metric.update(Tensor(logits), Tensor(labels))
    first = plain(metric.eval(*eval_args))
    metric.update(Tensor(logits2), Tensor(labels2))
    second = plain(metric.eval(*eval_args))
    metric.clear()
    metric.update(Tensor(logits2), Tensor(labels2))
    return [first, second, plain(metric.eval(*eval_args))]


show("names", names())
show("accuracy", two_updates(Accuracy()))
show("accuracy/onehot", plain(Accuracy()(Tensor(logits), Tensor(onehot))))
show("accuracy/numpy_list_inputs", plain(Accuracy()(logits, labels.tolist())))
show("accuracy/multilabel", plain(Accuracy('multilabel')(multi_pred, multi_true)))
show("accuracy/type", type(Accuracy()(logits, labels)).__name__ in ("float", "float64"))
for k in (1, 2, 3):
    show(f"topk/{k}", two_updates(TopKCategoricalAccuracy(k)))
show("top1", plain(Top1CategoricalAccuracy()(Tensor(logits), Tensor(labels))))
show("top5", plain(Top5CategoricalAccuracy()(Tensor(logits), Tensor(labels))))
show("precision", two_updates(Precision()))
show("precision/average", two_updates(Precision(), True))
show("precision/multilabel", plain(Precision('multilabel')(multi_pred, multi_true)))
show("recall", two_updates(Recall()))
show("recall/average", two_updates(Recall(), True))
show("recall/multilabel", plain(Recall('multilabel')(multi_pred, multi_true)))
show("f1", two_updates(F1()))
show("fbeta/0.5", two_updates(Fbeta(0.5)))
show("fbeta/2/average", two_updates(Fbeta(2.0), True))
reg_pred = rng.standard_normal((6, 3)).astype(np.float32)
reg_true = rng.standard_normal((6, 3)).astype(np.float32)
show("mae", plain(MAE()(Tensor(reg_pred), Tensor(reg_true))))
show("mse", plain(MSE()(Tensor(reg_pred), Tensor(reg_true))))
loss = Loss()
loss.update(Tensor(np.float32(0.5)))
loss.update(Tensor(np.array([1.0, 2.0], np.float32)))
show("loss", plain(loss.eval()))
seg_pred = rng.random((2, 3, 4)).astype(np.float32)
seg_true = (rng.random((2, 3, 4)) > 0.5).astype(np.float32)
dice = Dice(1e-5)
dice.update(Tensor(seg_pred), Tensor(seg_true))
dice.update(Tensor(seg_true), Tensor(seg_true))
show("dice", plain(dice.eval()))
cm = ConfusionMatrix(num_classes=6)
cm.update(Tensor(logits), Tensor(labels))
cm.update(Tensor(logits2), Tensor(labels2))
show("confusion_matrix", plain(cm.eval()))
for norm in ("target", "prediction", "all"):
    cm = ConfusionMatrix(num_classes=6, normalize=norm)
    cm.update(Tensor(logits), Tensor(labels))
    show(f"confusion_matrix/{norm}", plain(cm.eval()))
binary = ConfusionMatrix(num_classes=2, threshold=0.3)
binary.update(Tensor(np.array([0.1, 0.4, 0.8, 0.2], np.float32)), Tensor(np.array([0, 1, 1, 1], np.int32)))
show("confusion_matrix/threshold", plain(binary.eval()))
cmm_pred = (rng.random((3, 2, 4)) > 0.5).astype(np.float32)
cmm_true = (rng.random((3, 2, 4)) > 0.5).astype(np.float32)
for name in ("sensitivity", "precision", "f1 score", "accuracy", "mcc", "specificity", "threat score",
             "balanced accuracy", "informedness", "fowlkes mallows index"):
    metric = ConfusionMatrixMetric(metric_name=name)
    metric.update(Tensor(cmm_pred), Tensor(cmm_true))
    show(f"confusion_matrix_metric/{name}", plain(metric.eval()))


def calculated(decrease):
    metric = ConfusionMatrixMetric(skip_channel=False, metric_name="tpr", calculation_method=True, decrease=decrease)
    metric.update(Tensor(cmm_pred), Tensor(cmm_true))
    return plain(metric.eval())


for decrease in ("mean", "sum", "mean_channel"):
    show(f"confusion_matrix_metric/calc/{decrease}", error(lambda: calculated(decrease)))
    if decrease == "mean":
        show("confusion_matrix_metric/calc/mean/value", calculated(decrease))
probs = np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
perplexity = Perplexity()
perplexity.update(Tensor(probs), Tensor(labels))
perplexity.update(Tensor(probs[:3]), Tensor(labels[:3]))
show("perplexity", plain(perplexity.eval()))
show("perplexity/ignore", plain(Perplexity(ignore_label=labels[0].item())(Tensor(probs), Tensor(labels))))
for similarity in ("cosine", "dot"):
    for reduction in ("none", "sum", "mean"):
        metric = CosineSimilarity(similarity=similarity, reduction=reduction)
        metric.update(reg_pred)
        show(f"cosine_similarity/{similarity}/{reduction}", plain(metric.eval()))
binary_scores = rng.random(10).astype(np.float32)
binary_labels = np.array([0, 1, 1, 0, 1, 0, 0, 1, 1, 0], np.int32)
roc = ROC(pos_label=1)
roc.update(Tensor(binary_scores), Tensor(binary_labels))
fpr, tpr, thresholds = roc.eval()
show("roc/binary", [plain(fpr), plain(tpr), plain(thresholds)])
show("auc", plain(auc(fpr, tpr)))
roc = ROC(class_num=3)
roc.update(Tensor(probs[:, :3]), Tensor(np.array([0, 1, 2, 0, 1, 2, 0, 1], np.int32)))
fpr, tpr, thresholds = roc.eval()
show("roc/multiclass", [[plain(a) for a in fpr], [plain(a) for a in tpr], [plain(a) for a in thresholds]])
show("auc/decreasing", plain(auc(np.array([3.0, 2.0, 1.0]), np.array([1.0, 2.0, 4.0]))))
show("auc/reorder", plain(auc(np.array([2.0, 1.0, 3.0]), np.array([1.0, 2.0, 4.0]), reorder=True)))
show("error/auc_order", error(lambda: auc(np.array([1.0, 3.0, 2.0]), np.array([1.0, 2.0, 4.0]))))
show("error/auc_type", error(lambda: auc([1, 2], [1, 2])))
show("error/roc_pos_label", error(lambda: ROC(class_num=6, pos_label=1).update(Tensor(probs), Tensor(labels))))
show("error/cosine_reduction", error(lambda: CosineSimilarity(reduction="max")))
show("error/perplexity_shape", error(lambda: Perplexity().update(Tensor(probs), Tensor(labels[:3]))))
show("error/perplexity_empty", error(lambda: Perplexity().eval()))
candidates = [["i", "have", "a", "small", "cat"], ["the", "dog", "runs", "fast", "in", "the", "park"]]
references = [[["i", "have", "a", "cat"], ["i", "own", "a", "small", "cat"]],
              [["the", "dog", "runs", "in", "the", "park"], ["a", "dog", "is", "running", "fast"]]]
for n_gram, smooth in ((4, False), (2, False), (4, True), (3, True)):
    bleu = BleuScore(n_gram=n_gram, smooth=smooth)
    bleu.update(candidates[:1], references[:1])
    first = plain(bleu.eval())
    bleu.update(candidates[1:], references[1:])
    show(f"bleu/{n_gram}/{smooth}", [first, plain(bleu.eval())])
show("bleu/zero", plain(BleuScore()([["a", "b"]], [[["c", "d"]]])))
show("error/bleu_ngram", error(lambda: BleuScore(5)))
show("error/bleu_lengths", error(lambda: BleuScore().update(candidates, references[:1])))
seg_a = np.zeros((12, 14), np.int32)
seg_a[2:7, 3:9] = 1
seg_a[8:11, 10:13] = 2
seg_b = np.zeros((12, 14), np.int32)
seg_b[3:8, 2:8] = 1
seg_b[9:12, 9:12] = 2
for options in ({}, {"distance_metric": "chessboard"}, {"distance_metric": "taxicab"}, {"percentile": 50.0},
                {"directed": True}, {"crop": False}):
    metric = HausdorffDistance(**options)
    metric.update(Tensor(seg_a), Tensor(seg_b), 1)
    first = plain(metric.eval())
    metric.update(Tensor(seg_a), Tensor(seg_b), 2)
    show(f"hausdorff/{json.dumps(options, sort_keys=True)}", [first, plain(metric.eval())])
for cls in (MeanSurfaceDistance, RootMeanSquareDistance):
    for options in ({}, {"symmetric": True}, {"distance_metric": "taxicab", "symmetric": True},
                    {"distance_metric": "chessboard"}):
        metric = cls(**options)
        metric.update(Tensor(seg_a), Tensor(seg_b), 1)
        first = plain(metric.eval())
        metric.update(Tensor(seg_b), Tensor(seg_a), 2)
        show(f"{cls.__name__}/{json.dumps(options, sort_keys=True)}", [first, plain(metric.eval())])
    show(f"error/{cls.__name__}/label", error(lambda: cls().update(seg_a, seg_b, 7)))
    show(f"error/{cls.__name__}/label_type", error(lambda: cls().update(seg_a, seg_b, "1")))
    show(f"error/{cls.__name__}/shape", error(lambda: cls().update(seg_a, seg_b[:3], 1)))
    show(f"error/{cls.__name__}/inputs", error(lambda: cls().update(seg_a, seg_b)))
show("error/hausdorff_label", error(lambda: HausdorffDistance().update(seg_a, seg_b, 7)))
show("error/hausdorff_metric", error(lambda: HausdorffDistance("cosine")))
show("error/hausdorff_eval", error(lambda: HausdorffDistance().eval()))
acc = Accuracy().set_indexes([1, 2])
acc.update(Tensor(np.float32(3.0)), Tensor(logits), Tensor(labels))
show("set_indexes", plain(acc.eval()))
show("get_metric_fn", type(get_metric_fn("top_5_accuracy")).__name__)
show("nn_names_same", nn.Accuracy is Accuracy and ms.Accuracy is Accuracy)

show("error/accuracy_empty", error(lambda: Accuracy().eval()))
show("error/accuracy_inputs", error(lambda: Accuracy().update(logits)))
show("error/accuracy_shape", error(lambda: Accuracy().update(logits, labels[:3])))
show("error/accuracy_type", error(lambda: Accuracy().update(5, labels)))
show("error/eval_type", error(lambda: Accuracy("nope")))
show("error/topk_k", error(lambda: TopKCategoricalAccuracy(0)))
show("error/topk_empty", error(lambda: TopKCategoricalAccuracy(2).eval()))
show("error/precision_classes", error(lambda: Precision().update(logits[:, :3], labels)))
show("error/recall_average", error(lambda: Recall()(logits, labels) and Recall().eval(1)))
show("error/fbeta_beta", error(lambda: Fbeta(0)))
show("error/loss_inputs", error(lambda: Loss().update(1, 2)))
show("error/loss_ndim", error(lambda: Loss().update(np.ones((2, 2)))))
show("error/mse_empty", error(lambda: MSE().eval()))
show("error/dice_shape", error(lambda: Dice().update(seg_pred, seg_true[:1])))
show("error/confusion_normalize", error(lambda: ConfusionMatrix(3, normalize="x")))
show("error/confusion_eval", error(lambda: ConfusionMatrix(3).eval()))
show("error/set_indexes", error(lambda: Accuracy().set_indexes((1, 2))))
show("error/get_metric_fn", error(lambda: get_metric_fn("nope")))


class MeanAbsoluteGap(nn.Metric):
    """A user's own metric as real code writes one: nn.Metric, _convert_data, rearrange_inputs."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._total, self._count = 0.0, 0

    @nn.rearrange_inputs
    def update(self, *inputs):
        pred, true = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        self._total += float(np.abs(pred - true).sum())
        self._count += pred.shape[0]

    def eval(self):
        if self._count == 0:
            raise RuntimeError("MeanAbsoluteGap needs at least one update before eval")
        return self._total / self._count


custom = MeanAbsoluteGap()
custom.update(Tensor(logits[:, 0]), Tensor(logits[:, 1]))
custom_first = plain(custom.eval())
custom.update(logits2[:, 0], logits2[:, 1])
show("custom_metric", [custom_first, plain(custom.eval()), isinstance(custom, ms.train.Metric)])
custom.set_indexes([2, 0])
custom.clear()
custom.update(Tensor(logits[:, 1]), None, Tensor(logits[:, 0]))
show("custom_metric/set_indexes", [plain(custom.eval()), custom.indexes])
show("custom_metric/convert_list", plain(custom._convert_data([1.0, 2.0])))
show("custom_metric/convert_number", error(lambda: custom._convert_data(3)))
show("error/custom_metric_eval", error(lambda: MeanAbsoluteGap().eval()))
show("custom_metric/call", plain(MeanAbsoluteGap()(Tensor(logits[:, 0]), Tensor(logits[:, 2]))))
show("custom_metric/abstract", error(lambda: nn.Metric()))
