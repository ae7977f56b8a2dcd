"""MindSpore's recurrent Primitives: `ops.LSTM` (its CPU/GPU kernel, all layers and directions
from one flat weight), and Ascend's `ops.DynamicRNN` (an LSTM over time, TensorFlow's gate
layout) and `ops.DynamicGRUV2` (a GRU over time). Each direction of each layer runs as one
`lax.scan` over the time steps.

- `LSTM(input_size, hidden_size, num_layers, has_bias, bidirectional, dropout, proj_size=0)
  (x, h, c, w)`: `x` (seq_len, batch, input_size), `h`/`c` (num_layers * directions, batch,
  hidden_size), `w` the flat weights (a (size, 1, 1) Tensor) laid out as MindSpore 2.10's CPU
  kernel reads them (found with the oracle: tests/goldens/scripts/recurrent_probe.py): every
  layer's and direction's `w_ih` (4·hidden, input), then every `w_hh` (4·hidden, hidden), then
  with `has_bias` every bias (4·hidden); gates in the order input, forget, cell, output. MindSpore
  sizes `w` with two biases per layer and direction; its CPU kernel reads the first only, as
  here. Returns (output, h_n, c_n, reserve, state); `reserve` and `state` are the workspace
  MindSpore's kernel keeps for its gradient (oneDNN's, (7168, 1) and (1, 1) on its CPU): msjax's
  gradient is JAX's, and it returns the gates of every step, (seq_len, batch,
  layers · directions · 4 · hidden), and an empty (1, 1) state.
- `DynamicRNN(...)(x, w, b, seq_length, init_h, init_c)`: `x` (num_step, batch, input_size), `w`
  (input_size + hidden_size, 4·hidden_size) applied to [x_t, h_{t-1}], `b` (4·hidden_size);
  gates i, j (the cell's candidate), f, o as TensorFlow's LSTM lays them out, `forget_bias` added
  to f. Returns (y, output_h, output_c, i, j, f, o, tanhct), each (num_step, batch, hidden), in
  `b`'s dtype: the outputs, hidden and cell states of every step and the gates after their
  activations.
- `DynamicGRUV2(...)(x, weight_input, weight_hidden, bias_input, bias_hidden, seq_length,
  init_h)`: `weight_input` (input_size, 3·hidden), `weight_hidden` (hidden, 3·hidden), gates in
  `gate_order` ('rzh' or 'zrh'); with `reset_after` the reset gate multiplies the hidden
  projection (h·W_hn + b_hn). Returns (y, output_h, update, reset, new, hidden_new), each
  (num_step, batch, hidden): h_t = (1 - z)·n + z·h_{t-1}, and `hidden_new` the hidden projection
  of the new gate.

MindSpore 2.10 runs `DynamicRNN` and `DynamicGRUV2` on Ascend only (its CPU raises a
RuntimeError); msjax computes them from their documented formulas on every backend
(docs/migration.md). `seq_length` is not supported by them (MindSpore's Ascend kernels take
None), and only their default `cell_depth=1`, `keep_prob=1.0`, `cell_clip=-1.0`, `num_proj=0`,
`time_major=True`, `activation='tanh'`.
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp

from msjax._src.ops.registry import functional, primitive

_REQUIRED = inspect.Parameter.empty


def _scan_lstm(x, h0, c0, w_ih, w_hh, bias, reverse=False):
    """One LSTM direction over `x` (T, B, I): (outputs (T, B, H), h_T, c_T, gates (T, B, 4H))."""
    projected = jnp.einsum("tbi,gi->tbg", x, w_ih)
    if bias is not None:
        projected = projected + bias

    def step(state, gi):
        h, c = state
        gates = gi + h @ w_hh.T
        i, f, g, o = jnp.split(gates, 4, axis=-1)
        i, f, g, o = jax.nn.sigmoid(i), jax.nn.sigmoid(f), jnp.tanh(g), jax.nn.sigmoid(o)
        c = f * c + i * g
        h = o * jnp.tanh(c)
        return (h, c), (h, jnp.concatenate([i, f, g, o], axis=-1))

    (h, c), (outputs, gates) = jax.lax.scan(step, (h0, c0), projected, reverse=reverse)
    return outputs, h, c, gates


def flat_weights(name, w, gate_count, input_size, hidden_size, num_layers, has_bias,
                 bidirectional):
    """`(w_ih, w_hh, biases)`, a list each, one per layer and direction, read from the flat weight
    `w` as MindSpore's CPU kernels (oneDNN's) read it: every `w_ih` (gates·hidden, its input),
    then every `w_hh` (gates·hidden, hidden), then with `has_bias` every bias (gates·hidden; `w`
    holds two per layer and direction, the kernels read the first). Without bias, None each."""
    directions = 2 if bidirectional else 1
    gates = gate_count * hidden_size
    sizes = [input_size if layer == 0 else hidden_size * directions
             for layer in range(num_layers) for _ in range(directions)]
    expected = sum(gates * (size + hidden_size) + (2 * gates if has_bias else 0)
                   for size in sizes)
    flat = jnp.ravel(w)
    if flat.shape[0] != expected:
        raise ValueError(f"For '{name}', the size of 'w' must be {expected} for input_size="
                         f"{input_size}, hidden_size={hidden_size}, num_layers={num_layers}, "
                         f"bidirectional={bidirectional}, has_bias={has_bias}, but got "
                         f"{flat.shape[0]}.")
    offset = 0

    def take(count, shape):
        nonlocal offset
        block = flat[offset:offset + count].reshape(shape)
        offset += count
        return block
    w_ih = [take(gates * size, (gates, size)) for size in sizes]
    w_hh = [take(gates * hidden_size, (gates, hidden_size)) for _ in sizes]
    biases = [take(gates, (gates,)) for _ in sizes] if has_bias else [None] * len(sizes)
    return w_ih, w_hh, biases


def _lstm(x, h, c, w, *, input_size, hidden_size, num_layers, has_bias, bidirectional,
          dropout, proj_size=0):
    if proj_size != 0:
        raise NotImplementedError("ops.LSTM: proj_size is not supported by msjax (MindSpore's "
                                  "CPU kernel has no projection either).")
    if dropout != 0 and num_layers > 1:
        raise NotImplementedError("ops.LSTM: dropout between layers is not supported by msjax; "
                                  "use nn.LSTM, whose dropout msjax runs.")
    directions = 2 if bidirectional else 1
    w_ih, w_hh, biases = flat_weights("LSTM", w, 4, input_size, hidden_size, num_layers,
                                      has_bias, bidirectional)
    layer_input, h_n, c_n, all_gates = x, [], [], []
    for layer in range(num_layers):
        outputs = []
        for direction in range(directions):
            k = layer * directions + direction
            out, h_k, c_k, g_k = _scan_lstm(layer_input, h[k], c[k], w_ih[k], w_hh[k],
                                            biases[k], reverse=direction == 1)
            outputs.append(out)
            h_n.append(h_k)
            c_n.append(c_k)
            all_gates.append(g_k)
        layer_input = jnp.concatenate(outputs, axis=-1)
    reserve = jnp.concatenate(all_gates, axis=-1)
    return (layer_input, jnp.stack(h_n), jnp.stack(c_n), reserve,
            jnp.zeros((1, 1), x.dtype))


LSTM = primitive("LSTM", functional(_lstm), input_size=_REQUIRED, hidden_size=_REQUIRED,
                 num_layers=_REQUIRED, has_bias=_REQUIRED, bidirectional=_REQUIRED,
                 dropout=_REQUIRED, proj_size=0)


def _check_defaults(name, **given):
    defaults = {"cell_depth": 1, "keep_prob": 1.0, "cell_clip": -1.0, "num_proj": 0,
                "time_major": True, "activation": "tanh", "direction": "UNIDIRECTIONAL"}
    for key, value in given.items():
        if value != defaults[key]:
            raise NotImplementedError(f"For '{name}', msjax supports only {key}="
                                      f"{defaults[key]!r}, but got {value!r}.")


def _check_sequence_input(name, x, seq_length):
    if seq_length is not None:
        raise NotImplementedError(f"For '{name}', 'seq_length' must be None: msjax (as "
                                  "MindSpore's Ascend kernel) does not support it.")
    if x.ndim != 3:
        raise ValueError(f"For '{name}', the dimension of 'x' must be 3, but got {x.ndim}.")


def _dynamic_rnn(x, w, b, seq_length=None, init_h=None, init_c=None, *, cell_type="LSTM",
                 direction="UNIDIRECTIONAL", cell_depth=1, use_peephole=False, keep_prob=1.0,
                 cell_clip=-1.0, num_proj=0, time_major=True, activation="tanh",
                 forget_bias=0.0, is_training=True):
    _check_defaults("DynamicRNN", cell_depth=cell_depth, keep_prob=keep_prob,
                    cell_clip=cell_clip, num_proj=num_proj, time_major=time_major,
                    activation=activation, direction=direction)
    if cell_type != "LSTM" or use_peephole:
        raise NotImplementedError("For 'DynamicRNN', msjax supports cell_type='LSTM' without "
                                  "peepholes.")
    _check_sequence_input("DynamicRNN", x, seq_length)
    steps, batch, input_size = x.shape
    hidden = w.shape[1] // 4
    if w.ndim != 2 or w.shape[0] != input_size + hidden or w.shape[1] != 4 * hidden:
        raise ValueError(f"For 'DynamicRNN', the shape of 'w' must be (input_size + "
                         f"hidden_size, 4 * hidden_size) = ({input_size} + {hidden}, "
                         f"{4 * hidden}), but got {tuple(w.shape)}.")
    if b.shape != (4 * hidden,):
        raise ValueError(f"For 'DynamicRNN', the shape of 'b' must be ({4 * hidden},), but got "
                         f"{tuple(b.shape)}.")
    dtype = b.dtype
    compute = jnp.promote_types(jnp.float32, x.dtype)
    w_x, w_h = w[:input_size].astype(compute), w[input_size:].astype(compute)
    h0 = (jnp.zeros((batch, hidden), compute) if init_h is None
          else jnp.reshape(init_h, (batch, hidden)).astype(compute))
    c0 = (jnp.zeros((batch, hidden), compute) if init_c is None
          else jnp.reshape(init_c, (batch, hidden)).astype(compute))
    projected = x.astype(compute) @ w_x + b.astype(compute)

    def step(state, gx):
        h, c = state
        i, j, f, o = jnp.split(gx + h @ w_h, 4, axis=-1)
        i, j, o = jax.nn.sigmoid(i), jnp.tanh(j), jax.nn.sigmoid(o)
        f = jax.nn.sigmoid(f + forget_bias)
        c = f * c + i * j
        tanh_c = jnp.tanh(c)
        h = o * tanh_c
        return (h, c), (h, c, i, j, f, o, tanh_c)

    _, (h, c, i, j, f, o, tanh_c) = jax.lax.scan(step, (h0, c0), projected)
    return tuple(v.astype(dtype) for v in (h, h, c, i, j, f, o, tanh_c))


DynamicRNN = primitive(
    "DynamicRNN", functional(_dynamic_rnn), cell_type="LSTM", direction="UNIDIRECTIONAL",
    cell_depth=1, use_peephole=False, keep_prob=1.0, cell_clip=-1.0, num_proj=0,
    time_major=True, activation="tanh", forget_bias=0.0, is_training=True)


def _dynamic_gru_v2(x, weight_input, weight_hidden, bias_input=None, bias_hidden=None,
                    seq_length=None, init_h=None, *, direction="UNIDIRECTIONAL", cell_depth=1,
                    keep_prob=1.0, cell_clip=-1.0, num_proj=0, time_major=True,
                    activation="tanh", gate_order="rzh", reset_after=True, is_training=True):
    _check_defaults("DynamicGRUV2", cell_depth=cell_depth, keep_prob=keep_prob,
                    cell_clip=cell_clip, num_proj=num_proj, time_major=time_major,
                    activation=activation, direction=direction)
    if gate_order not in ("rzh", "zrh"):
        raise ValueError(f"For 'DynamicGRUV2', the 'gate_order' must be in ['rzh', 'zrh'], but "
                         f"got '{gate_order}'.")
    _check_sequence_input("DynamicGRUV2", x, seq_length)
    steps, batch, input_size = x.shape
    hidden = weight_hidden.shape[0]
    if weight_input.shape != (input_size, 3 * hidden) or weight_hidden.shape != (hidden,
                                                                                3 * hidden):
        raise ValueError(f"For 'DynamicGRUV2', the shapes of 'weight_input' and "
                         f"'weight_hidden' must be ({input_size}, {3 * hidden}) and ({hidden}, "
                         f"{3 * hidden}), but got {tuple(weight_input.shape)} and "
                         f"{tuple(weight_hidden.shape)}.")
    dtype = x.dtype if bias_input is None else bias_input.dtype
    compute = jnp.promote_types(jnp.float32, x.dtype)
    w_i, w_h = weight_input.astype(compute), weight_hidden.astype(compute)
    b_i = 0 if bias_input is None else bias_input.astype(compute)
    b_h = 0 if bias_hidden is None else bias_hidden.astype(compute)
    h0 = (jnp.zeros((batch, hidden), compute) if init_h is None
          else jnp.reshape(init_h, (batch, hidden)).astype(compute))
    projected = x.astype(compute) @ w_i + b_i

    def gates(values):
        first, second, new = jnp.split(values, 3, axis=-1)
        return (first, second, new) if gate_order == "rzh" else (second, first, new)

    def step(h, gx):
        x_r, x_z, x_n = gates(gx)
        h_r, h_z, h_n = gates(h @ w_h + b_h)
        reset = jax.nn.sigmoid(x_r + h_r)
        update = jax.nn.sigmoid(x_z + h_z)
        if reset_after:
            new = jnp.tanh(x_n + reset * h_n)
        else:
            new_gates = gates((reset * h) @ w_h + b_h)
            h_n = new_gates[2]
            new = jnp.tanh(x_n + h_n)
        h = (1 - update) * new + update * h
        return h, (h, update, reset, new, h_n)

    _, (h, update, reset, new, hidden_new) = jax.lax.scan(step, h0, projected)
    return tuple(v.astype(dtype) for v in (h, h, update, reset, new, hidden_new))


DynamicGRUV2 = primitive(
    "DynamicGRUV2", functional(_dynamic_gru_v2), direction="UNIDIRECTIONAL", cell_depth=1,
    keep_prob=1.0, cell_clip=-1.0, num_proj=0, time_major=True, activation="tanh",
    gate_order="rzh", reset_after=True, is_training=True)
