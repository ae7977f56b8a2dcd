"""`SparseSoftmaxCrossEntropyWithLogits` (the op behind `nn.SoftmaxCrossEntropyWithLogits(
sparse=True, reduction='mean')`) is written `mean(logsumexp(x) - x[label])`: its values are those
of the former `-mean(log_softmax(x)[label])` bit for bit, its gradients equal to rounding, and the
gradient no longer sums a one-hot of the labels."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax import Tensor, nn, ops
from msjax._src.ops.loss_ops import sparse_softmax_cross_entropy


def log_softmax_formulation(logits, labels):
    log_probs = logits - jax.scipy.special.logsumexp(logits, -1, keepdims=True)
    return -jnp.mean(jnp.take_along_axis(log_probs, labels[..., None], -1))


def batch(dtype, label_dtype=np.int32, shape=(6, 5)):
    rng = np.random.default_rng(0)
    logits = jnp.asarray((rng.normal(size=shape) * 3).astype(dtype))
    labels = jnp.asarray(rng.integers(0, shape[-1], shape[:-1]).astype(label_dtype))
    return logits, labels


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.float64])
def test_values_are_the_log_softmax_formulation_bit_for_bit(dtype):
    logits, labels = batch(dtype)
    for fn in (lambda f: f, jax.jit):
        ours = fn(sparse_softmax_cross_entropy)(logits, labels)
        np.testing.assert_array_equal(np.asarray(ours),
                                      np.asarray(log_softmax_formulation(logits, labels)))


@pytest.mark.parametrize("label_dtype", [np.int32, np.int64])
def test_gradient_matches_the_log_softmax_formulation(label_dtype):
    logits, labels = batch(np.float32, label_dtype, shape=(2, 3, 7))
    ours = jax.jit(jax.grad(sparse_softmax_cross_entropy))(logits, labels)
    former = jax.grad(log_softmax_formulation)(logits, labels)
    np.testing.assert_allclose(np.asarray(ours), np.asarray(former), rtol=1e-6, atol=1e-8)
    # and the closed form (softmax - one_hot) / N
    closed = (jax.nn.softmax(logits, -1) - jax.nn.one_hot(labels, 7)) / labels.size
    np.testing.assert_allclose(np.asarray(ours), np.asarray(closed), rtol=1e-5, atol=1e-7)


def test_the_cell_and_the_primitive_use_it():
    logits, labels = batch(np.float32)
    expected = np.asarray(log_softmax_formulation(logits, labels))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    np.testing.assert_array_equal(loss(Tensor(logits), Tensor(labels)).asnumpy(), expected)
    primitive = ops.SparseSoftmaxCrossEntropyWithLogits()
    np.testing.assert_array_equal(primitive(Tensor(logits), Tensor(labels)).asnumpy(), expected)
