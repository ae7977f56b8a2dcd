"""The LSTM language model of `rnn.py` and `models.py` written directly in JAX: each LSTM layer a
`lax.scan` over its cell, optax Adam, one jitted step. Never imports msjax, so the JAX side of
`models.py` measures JAX alone (its peak memory holds no msjax).
"""
import jax
import jax.numpy as jnp
import numpy as np
import optax

VOCAB, EMBED, HIDDEN, LAYERS, BATCH, SEQ = 1000, 256, 256, 2, 32, 64


def batch():
    rng = np.random.default_rng(0)
    tokens = rng.integers(0, VOCAB, (BATCH, SEQ + 1)).astype(np.int32)
    return tokens[:, :-1], tokens[:, 1:]


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


def parameter_shapes():
    """The model's parameters by MindSpore name (`LanguageModel.parameters_and_names()`)."""
    shapes = {"embedding.embedding_table": (VOCAB, EMBED), "decoder.weight": (VOCAB, HIDDEN),
              "decoder.bias": (VOCAB,)}
    for layer in range(LAYERS):
        width = EMBED if layer == 0 else HIDDEN
        shapes.update({f"lstm.weight_ih_l{layer}": (4 * HIDDEN, width),
                       f"lstm.weight_hh_l{layer}": (4 * HIDDEN, HIDDEN),
                       f"lstm.bias_ih_l{layer}": (4 * HIDDEN,),
                       f"lstm.bias_hh_l{layer}": (4 * HIDDEN,)})
    return shapes


def jax_step(weights):
    """`(run, sync)` of the jitted training step from `weights` (name -> NumPy array)."""
    params = {name: jnp.asarray(value) for name, value in weights.items()}
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
