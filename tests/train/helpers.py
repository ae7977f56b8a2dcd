"""Small networks, data and a pure-JAX reference of their training for tests/train."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax import Tensor, nn
from msjax.train import Callback


class TinyDataset:
    """A duck-typed MindSpore dataset (get_dataset_size, create_tuple_iterator, ...), whose
    `create_tuple_iterator` takes only what MindSpore's Model passes (`num_epochs`, `do_copy`), as
    the mock datasets of MindSpore's own tests do."""

    def __init__(self, x, y, batch_size):
        self.x, self.y, self.batch_size = x, y, batch_size
        self.iterators_made = []

    def get_dataset_size(self):
        return len(self.x) // self.batch_size

    def get_batch_size(self):
        return self.batch_size

    def get_col_names(self):
        return ["x", "y"]

    def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
        self.iterators_made.append((num_epochs, do_copy))
        for i in range(self.get_dataset_size()):
            rows = slice(i * self.batch_size, (i + 1) * self.batch_size)
            yield [Tensor(self.x[rows]), Tensor(self.y[rows])]


def make_arrays(seed, n=24, features=4, classes=3):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((n, features)).astype(np.float32),
            rng.integers(0, classes, (n,)).astype(np.int32))


def batches(x, y, batch_size):
    return [(x[i:i + batch_size], y[i:i + batch_size]) for i in range(0, len(x) - batch_size + 1, batch_size)]


def make_net(seed=0):
    rng = np.random.default_rng(seed)
    net = nn.SequentialCell([nn.Dense(4, 5), nn.ReLU(), nn.Dense(5, 3)])
    for p in net.trainable_params():
        p.set_data(Tensor((rng.standard_normal(p.shape) * 0.5).astype(np.float32)))
    return net


def initial_weights(seed=0):
    """The weights `make_net(seed)` starts from, as a list of arrays in parameter order."""
    return [p.asnumpy() for p in make_net(seed).trainable_params()]


def weights_of(net):
    return [p.asnumpy() for p in net.trainable_params()]


def loss_fn():
    return nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')


def jax_loss(weights, x, y, compute_dtype=jnp.float32):
    w1, b1, w2, b2 = (w.astype(compute_dtype) for w in weights)
    hidden = jax.nn.relu(x.astype(compute_dtype) @ w1.T + b1)
    logits = (hidden @ w2.T + b2).astype(jnp.float32)
    return jnp.mean(-jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))


def jax_momentum_training(weights, rows, lr=0.1, momentum=0.9, scale=None, scale_window=2000,
                          scale_factor=2.0, compute_dtype=jnp.float32):
    """Pure-JAX MindSpore Momentum (accum = m * accum + g; w -= lr * accum), optionally with
    MindSpore's dynamic loss scaling (scaled loss, unscaled grads, update skipped on overflow).
    Returns (weights, losses, scales after each step, overflow flags)."""
    weights = [jnp.asarray(w) for w in weights]
    accum = [jnp.zeros_like(w) for w in weights]
    losses, scales, overflows = [], [], []
    cur_iter, last_overflow = 1, 0
    for x, y in rows:
        if scale is None:
            loss, grads = jax.value_and_grad(jax_loss)(weights, x, y, compute_dtype)
            finite = True
        else:
            scale = np.float32(scale)  # a float32 Parameter in MindSpore: doubling may reach inf

            def scaled(w):
                loss = jax_loss(w, x, y, compute_dtype)
                return loss * jnp.asarray(scale, jnp.float32), loss
            (_, loss), grads = jax.value_and_grad(scaled, has_aux=True)(weights)
            grads = [g * (jnp.float32(1.0) / jnp.asarray(scale, jnp.float32)) for g in grads]
            finite = all(bool(jnp.all(jnp.isfinite(g))) for g in grads)
            # MindSpore's DynamicLossScaleUpdateCell, in float32
            should_inc = scale_window <= cur_iter - last_overflow
            with np.errstate(over="ignore"):
                new_scale = max(scale / np.float32(scale_factor), np.float32(1.0)) if not finite else scale
                if not finite or should_inc:
                    last_overflow = cur_iter
                if should_inc and finite:
                    new_scale = np.float32(new_scale * np.float32(scale_factor))
            scale = new_scale
            cur_iter += 1
            scales.append(scale)
        overflows.append(not finite)
        if finite:
            accum = [momentum * a + g for a, g in zip(accum, grads)]
            weights = [w - lr * a for w, a in zip(weights, accum)]
        losses.append(float(loss))
    return [np.asarray(w) for w in weights], losses, scales, overflows


class RecordSteps(Callback):
    """Records (epoch, step, loss) at each train step end."""

    def __init__(self):
        super().__init__()
        self.records = []

    def on_train_step_end(self, run_context):
        cb = run_context.original_args()
        out = cb.net_outputs
        out = out[0] if isinstance(out, (tuple, list)) else out
        self.records.append((cb.cur_epoch_num, cb.cur_step_num, float(out.asnumpy())))

