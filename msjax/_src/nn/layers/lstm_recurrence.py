"""The recurrence of `nn.LSTM` (one layer and direction) as a `lax.scan`, with its derivative
written out so that the backward pass XLA compiles is the cheap one.

`lstm_recurrence(projected, h0, c0, w_hh)` runs MindSpore's LSTM cell (gates input, forget, cell,
output) over the input projections `projected` (T, N, 4H) of every step (biases included) and
returns `(outputs (T, N, H), h_n, c_n)`. Its values are those of the plain scan; only its
derivative differs in how it is computed. Differentiating the plain scan, JAX keeps thirteen
(T, N, H) arrays per step for the backward loop and adds each step's share of the gradient of
`w_hh` (a rank-N product) to a (4H, H) accumulator carried through that loop. Here the JVP is a
rule (`jax.custom_jvp`, so forward mode, reverse mode, `vmap` and higher orders all work):

* the forward scan also returns, per step, the derivative coefficients of the cell: `k` (N, 4H)
  (each gate's pre-activation derivative times what it multiplies), the forget gate `f` and
  `m = o * (1 - tanh(c)^2)` — six (N, H) arrays in three outputs;
* the tangent of `w_hh` enters as one matrix product over all steps, `h_prev @ dw_hh.T`,
  outside the loop, so its transpose (the gradient of `w_hh`) is one (4H, T*N) x (T*N, H)
  product after the backward loop;
* the tangent scan is linear in its carry (dh, dc): JAX transposes it into a backward loop of
  one (N, 4H) x (4H, H) product and a few elementwise operations per step.

On the 2-layer LSTM language model of `benchmarks/models.py` (hidden 256, sequence 64, batch 32)
the compiled training step then takes about 0.86x the time of the same step written with a plain
scan in JAX (benchmarks/rnn_jax.py).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.custom_derivatives import SymbolicZero


def _gates(gates):
    """(input, forget, cell, output) pre-activations: MindSpore's gate order."""
    return jnp.split(gates, 4, axis=-1)


@jax.custom_jvp
def lstm_recurrence(projected, h0, c0, w_hh):
    """The LSTM cell over time-major input projections `projected` (T, N, 4H) from the state
    (h0, c0) (N, H) with the recurrent weight `w_hh` (4H, H): `(outputs, h_n, c_n)`."""
    def step(state, gi):
        h, c = state
        i, f, g, o = _gates(gi + h @ w_hh.T)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h
    (h, c), outputs = jax.lax.scan(step, (h0, c0), projected)
    return outputs, h, c


def _forward_with_coefficients(projected, h0, c0, w_hh):
    """The recurrence, also returning per step the coefficients of its linearisation."""
    def step(state, gi):
        h, c_prev = state
        i, f, g, o = _gates(gi + h @ w_hh.T)
        i, f, g, o = jax.nn.sigmoid(i), jax.nn.sigmoid(f), jnp.tanh(g), jax.nn.sigmoid(o)
        c = f * c_prev + i * g
        tanh_c = jnp.tanh(c)
        h = o * tanh_c
        # d c = f dc_prev + k_i dgi + k_f dgf + k_g dgg;  d h = k_o dgo + m d c
        k = jnp.concatenate([g * i * (1 - i), c_prev * f * (1 - f), i * (1 - g * g),
                             tanh_c * o * (1 - o)], axis=-1)
        return (h, c), (h, k, f, o * (1 - tanh_c * tanh_c))
    return jax.lax.scan(step, (h0, c0), projected)


def _dense(tangent, like):
    return jnp.zeros_like(like) if isinstance(tangent, SymbolicZero) else tangent


def _lstm_recurrence_jvp(primals, tangents):
    projected, h0, c0, w_hh = primals
    d_projected, dh0, dc0, dw_hh = tangents
    (h, c), (outputs, k, forget, m) = _forward_with_coefficients(projected, h0, c0, w_hh)
    d_inputs = _dense(d_projected, projected)
    if not isinstance(dw_hh, SymbolicZero):  # all steps' share of d w_hh in one product
        h_prev = jnp.concatenate([h0[None], outputs[:-1]], axis=0)
        d_inputs = d_inputs + h_prev @ dw_hh.T

    def tangent_step(state, step_inputs):
        dh, dc = state
        d_gi, k, forget, m = step_inputs
        u_i, u_f, u_g, u_o = _gates(k * (d_gi + dh @ w_hh.T))
        dc = forget * dc + u_i + u_f + u_g
        dh = u_o + m * dc
        return (dh, dc), dh
    (dh, dc), d_outputs = jax.lax.scan(tangent_step, (_dense(dh0, h0), _dense(dc0, c0)),
                                       (d_inputs, k, forget, m))
    return (outputs, h, c), (d_outputs, dh, dc)


lstm_recurrence.defjvp(_lstm_recurrence_jvp, symbolic_zeros=True)
