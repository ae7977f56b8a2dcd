"""`mindspore.ops.operations._rl_inner_ops`: MindSpore's reinforcement-learning Primitives.

- `GRUV2(input_size, hidden_size, num_layers, has_bias, bidirectional, dropout, is_train=True)
  (input, h, w, seq_lengths)`: a stacked GRU as MindSpore 2.10's CPU kernel (oneDNN's GRU)
  computes it, found with the oracle (tests/goldens/scripts/ops18_gruv2_probe.py). `input`
  (seq_len, batch, input_size), `h` (num_layers · directions, batch, hidden_size), `w` the flat
  weights laid out as `ops.LSTM`'s (`recurrent_ops.flat_weights`, 3 gates: update, reset, new),
  `seq_lengths` (batch,) Int32. Each step: z = σ(W_z x + U_z h + b_z), r = σ(W_r x + U_r h +
  b_r), n = tanh(W_n x + U_n (r ⊙ h) + b_n), h' = (1 − z) ⊙ n + z ⊙ h (the reset gate applied
  before the hidden projection). MindSpore's CPU kernel ignores `seq_lengths` (every sequence
  runs all steps), as msjax does. Returns (output, h_n, reserve, state): `reserve` and `state`
  are the workspace MindSpore's kernel keeps for its gradient (their shape varies from call to
  call in MindSpore); msjax's gradient is JAX's, and it returns the gates of every step,
  (seq_len, batch, layers · directions · 3 · hidden), and an empty (1, 1) state.
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp

from msjax._src.core import checkparam
from msjax._src.ops.recurrent_ops import flat_weights
from msjax._src.ops.registry import functional, primitive

_REQUIRED = inspect.Parameter.empty


def _scan_gru(x, h0, w_ih, w_hh, bias, reverse=False):
    """One GRU direction over `x` (T, B, I), gates (update, reset, new) as oneDNN's GRU orders
    them: (outputs (T, B, H), h_T, gates (T, B, 3H))."""
    projected = jnp.einsum("tbi,gi->tbg", x, w_ih)
    if bias is not None:
        projected = projected + bias
    w_zr, w_n = jnp.split(w_hh, [2 * w_hh.shape[1]], axis=0)

    def step(h, gx):
        x_zr, x_n = jnp.split(gx, [2 * h.shape[-1]], axis=-1)
        update, reset = jnp.split(jax.nn.sigmoid(x_zr + h @ w_zr.T), 2, axis=-1)
        new = jnp.tanh(x_n + (reset * h) @ w_n.T)
        h = (1 - update) * new + update * h
        return h, (h, jnp.concatenate([update, reset, new], axis=-1))

    h, (outputs, gates) = jax.lax.scan(step, h0, projected, reverse=reverse)
    return outputs, h, gates


def _check_shapes(x, h, seq_lengths, input_size, hidden_size, num_layers, directions):
    """MindSpore's shape checks of GRUV2's inputs (its dynamic-RNN inference's messages)."""
    if x.ndim != 3 or x.shape[2] != input_size:
        raise ValueError(f"For 'GRUV2', 'input' must be (seq_len, batch_size, {input_size}), but "
                         f"got {tuple(x.shape)}.")
    if h.ndim != 3 or h.shape[1] != x.shape[1] or seq_lengths.shape != (x.shape[1],):
        raise ValueError("For dynamic rnn, the batch_size should be the same between input, h, "
                         "and seq_lengths.")
    if h.shape[0] != num_layers * directions:
        raise ValueError("For dynamic rnn, the h_shape[0] should equal to num_directions * "
                         "num_layers.")
    if h.shape[2] != hidden_size:
        raise ValueError("For dynamic rnn, the h_shape[2] should equal to hidden_size.")


def _gru_v2(x, h, w, seq_lengths, *, input_size, hidden_size, num_layers, has_bias,
            bidirectional, dropout, is_train=True):
    if dropout != 0 and num_layers > 1:
        raise NotImplementedError("GRUV2: dropout between layers is not supported by msjax; "
                                  "use nn.GRU, whose dropout msjax runs.")
    directions = 2 if bidirectional else 1
    _check_shapes(x, h, seq_lengths, input_size, hidden_size, num_layers, directions)
    w_ih, w_hh, biases = flat_weights("GRUV2", w, 3, input_size, hidden_size, num_layers,
                                      has_bias, bidirectional)
    layer_input, h_n, all_gates = x, [], []
    for layer in range(num_layers):
        outputs = []
        for direction in range(directions):
            k = layer * directions + direction
            out, h_k, g_k = _scan_gru(layer_input, h[k], w_ih[k], w_hh[k], biases[k],
                                      reverse=direction == 1)
            outputs.append(out)
            h_n.append(h_k)
            all_gates.append(g_k)
        layer_input = jnp.concatenate(outputs, axis=-1)
    return (layer_input, jnp.stack(h_n), jnp.concatenate(all_gates, axis=-1),
            jnp.zeros((1, 1), x.dtype))


def _gru_v2_attributes(attrs):
    """GRUV2's constructor checks, MindSpore's validators in its order."""
    name = "GRUV2"
    for key in ("input_size", "hidden_size", "num_layers"):
        checkparam.check_positive_int(attrs[key], key, name)
    checkparam.check_value_type("has_bias", attrs["has_bias"], (bool,), name)
    checkparam.check_value_type("bidirectional", attrs["bidirectional"], (bool,), name)
    checkparam.check_value_type("dropout", attrs["dropout"], [float], name)
    checkparam.check_float_range(attrs["dropout"], 0, 1, checkparam.INC_BOTH, "dropout", name)
    checkparam.check_value_type("is_train", attrs["is_train"], (bool,), name)


GRUV2 = primitive("GRUV2", functional(_gru_v2), check=_gru_v2_attributes,
                  input_size=_REQUIRED, hidden_size=_REQUIRED, num_layers=_REQUIRED,
                  has_bias=_REQUIRED, bidirectional=_REQUIRED, dropout=_REQUIRED, is_train=True)
GRUV2.__doc__ = __doc__
