"""Used names whose MindSpore 2.10 CPU build has no kernel (mint.nn.CrossEntropyLoss: "The kernel
LogSoftmaxExt unregistered"), checked against the same computation in NumPy."""
import numpy as np
import pytest

from msjax import Tensor, mint
from tests.support import assert_close

LOGITS = np.array([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5], [0.2, 0.3, -2.0]], np.float32)
LABELS = np.array([2, 0, 1], np.int32)
WEIGHT = np.array([1.0, 2.0, 0.5], np.float32)


def log_softmax(x):
    shifted = x - x.max(1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(1, keepdims=True))


NLL = -log_softmax(LOGITS)  # (N, C): -log p_c of each sample
PICKED = NLL[np.arange(3), LABELS]
PROBS = np.exp(log_softmax(LOGITS[::-1].copy()))
KEPT = LABELS != 0


@pytest.mark.parametrize("kwargs, target, expected", [
    ({}, LABELS, PICKED.mean()),
    ({"reduction": "sum"}, LABELS, PICKED.sum()),
    ({"reduction": "none"}, LABELS, PICKED),
    ({"reduction": "none", "label_smoothing": 0.2}, LABELS,
     0.8 * PICKED + 0.2 / 3 * NLL.sum(1)),
    ({"weight": WEIGHT, "ignore_index": 0}, LABELS,
     (WEIGHT[LABELS] * PICKED * KEPT).sum() / (WEIGHT[LABELS] * KEPT).sum()),
    ({"reduction": "none", "weight": WEIGHT}, LABELS, WEIGHT[LABELS] * PICKED),
    ({}, PROBS, (PROBS * NLL).sum(1).mean()),
], ids=["mean", "sum", "none", "smoothing", "weight_ignore", "weight_none", "probabilities"])
def test_mint_cross_entropy_loss_matches_numpy(kwargs, target, expected):
    kwargs = {k: Tensor(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    loss = mint.nn.CrossEntropyLoss(**kwargs)(Tensor(LOGITS), Tensor(target))
    assert_close(loss, np.asarray(expected, np.float32), rtol=1e-5, atol=1e-6)
