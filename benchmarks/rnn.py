"""A 2-layer LSTM language model, one training step (embedding -> LSTM(256, 256, 2 layers) ->
Dense to the vocabulary, sparse softmax cross-entropy, Adam), batch 32, sequence 64: msjax's
compiled TrainOneStepCell against the same model and step in pure JAX (each LSTM layer a
`lax.scan` over its cell, optax Adam), in one run, with the same initial weights.

Target (issue 13): time msjax/JAX <= 1.10.
Run: python benchmarks/rnn.py
"""
import jax
import jax.numpy as jnp
import numpy as np
import optax

import msjax as ms
from msjax import Tensor, nn

from _timing import interleaved_seconds, report

VOCAB, EMBED, HIDDEN, LAYERS, BATCH, SEQ = 1000, 256, 256, 2, 32, 64


class LanguageModel(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(VOCAB, EMBED)
        self.lstm = nn.LSTM(EMBED, HIDDEN, num_layers=LAYERS, batch_first=True)
        self.decoder = nn.Dense(HIDDEN, VOCAB)

    def construct(self, tokens):
        output, _ = self.lstm(self.embedding(tokens))
        return self.decoder(output.reshape(-1, HIDDEN))


class LossOfNextTokens(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def construct(self, tokens, targets):
        return self.loss(self.net(tokens), targets.reshape(-1))


def batch():
    rng = np.random.default_rng(0)
    tokens = rng.integers(0, VOCAB, (BATCH, SEQ + 1)).astype(np.int32)
    return tokens[:, :-1], tokens[:, 1:]


def msjax_step():
    ms.set_seed(0)
    net = LanguageModel()
    train = nn.TrainOneStepCell(LossOfNextTokens(net), nn.Adam(net.trainable_params(), 1e-3))
    train.set_train()
    tokens, targets = batch()
    tokens, targets = Tensor(tokens), Tensor(targets)
    step = ms.jit(train)
    return (lambda: step(tokens, targets)), (lambda r: r._data.block_until_ready()), net


# -- pure JAX ----------------------------------------------------------------------------------
def lstm_layer(x, w_ih, w_hh, b_ih, b_hh):
    """One LSTM layer over a time-major x (T, N, in): the input projection of all steps, then a
    lax.scan of the recurrent cell."""
    projected = x @ w_ih.T + b_ih + b_hh
    zeros = jnp.zeros((x.shape[1], w_hh.shape[1]), x.dtype)

    def cell(state, gi):
        h, c = state
        i, f, g, o = jnp.split(gi + h @ w_hh.T, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h
    _, outputs = jax.lax.scan(cell, (zeros, zeros), projected)
    return outputs


def jax_loss(params, tokens, targets):
    x = jnp.swapaxes(params["embedding.embedding_table"][tokens], 0, 1)
    for layer in range(LAYERS):
        x = lstm_layer(x, *(params[f"lstm.{kind}_l{layer}"]
                            for kind in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")))
    logits = jnp.swapaxes(x, 0, 1).reshape(-1, HIDDEN) @ params["decoder.weight"].T
    logits = logits + params["decoder.bias"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets.reshape(-1)).mean()


def jax_step(net):
    params = {name: jnp.asarray(p.asnumpy()) for name, p in net.parameters_and_names()}
    tx = optax.adam(1e-3)
    state = [params, tx.init(params)]
    tokens, targets = (jnp.asarray(a) for a in batch())

    @jax.jit
    def step(params, opt, tokens, targets):
        loss, grads = jax.value_and_grad(jax_loss)(params, tokens, targets)
        updates, opt = tx.update(grads, opt, params)
        return optax.apply_updates(params, updates), opt, loss

    def run():
        state[0], state[1], loss = step(state[0], state[1], tokens, targets)
        return loss
    return run, lambda r: r.block_until_ready()


def main():
    run_ms, sync_ms, net = msjax_step()
    run_jax, sync_jax = jax_step(net)
    losses_ms = [float(run_ms().asnumpy()) for _ in range(2)]
    losses_jax = [float(run_jax()) for _ in range(2)]
    # The first losses agree exactly; the second differs in the 4th decimal because MindSpore's
    # Adam adds eps to sqrt(v) before bias correction and optax's after (the same step otherwise).
    print(f"losses of the first two steps: msjax {losses_ms}   jax {losses_jax}")

    def sync(result):
        return sync_ms(result) if isinstance(result, Tensor) else sync_jax(result)
    t_ms, t_jax = interleaved_seconds([run_ms, run_jax], number=5, rounds=5, sync=sync)
    report(f"2-layer LSTM LM train step (h{HIDDEN}, seq {SEQ}, batch {BATCH})", t_ms, t_jax,
           1.10, unit="ms")


if __name__ == "__main__":
    main()
