"""SoftmaxCrossEntropyWithLogits (the Primitive and nn.SoftmaxCrossEntropyWithLogits with
sparse=False) differentiates as MindSpore 2.10's bprop does: the logits get
`softmax(logits) - labels` times the loss's gradient, whatever the labels sum to, and the labels
get zeros (tests/goldens/scripts/softmax_ce_grad_probe.py runs unchanged on msjax and prints
what MindSpore printed, PyNative and GRAPH_MODE)."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/softmax_ce_grad_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("softmax_ce_grad_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]


def test_one_hot_labels_keep_the_exact_gradient_under_vmap():
    rng = np.random.default_rng(0)
    logits = rng.normal(size=(4, 2, 5)).astype(np.float32)
    labels = np.eye(5, dtype=np.float32)[rng.integers(0, 5, size=(4, 2))]
    prim = ops.SoftmaxCrossEntropyWithLogits()

    def loss(x, y):
        return prim(x, y)[0].sum()

    got = ms.vmap(ms.grad(loss), in_axes=(0, 0))(Tensor(logits), Tensor(labels)).asnumpy()
    softmax = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
    np.testing.assert_allclose(got, softmax - labels, rtol=1e-5, atol=1e-6)
