"""Softmax with MindSpore's gradient.

MindSpore differentiates Softmax with its SoftmaxGrad kernel, `dx = y * (dy - sum(dy * y))` from
the forward output `y`. `jax.nn.softmax` (with JAX's default `jax_softmax_custom_jvp=False`, a
global setting msjax leaves alone) is differentiated through its `exp(x - max) / sum` instead;
compiled by XLA, that gradient loses most of its accuracy on rows that are nearly one-hot
(a softmax with a small temperature): AutoDis of MindSpore's model zoo (temperature 1e-5) had a
logit gradient 12% off the float64 value in a compiled training step while MindSpore, and the same
step run eagerly, were within 1e-3 of it. `softmax` here has the forward values of
`jax.nn.softmax` and MindSpore's gradient, as a custom JVP so that forward-mode differentiation
and vmap keep working; JAX transposes the JVP to SoftmaxGrad's formula.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def softmax(x, axis=-1):
    """`exp(x - max) / sum(exp(x - max))` over `axis` (an int or a tuple of ints)."""
    return jax.nn.softmax(x, axis=axis)


@softmax.defjvp
def _softmax_jvp(axis, primals, tangents):
    (x,), (x_dot,) = primals, tangents
    y = softmax(x, axis)
    return y, y * (x_dot - jnp.sum(y * x_dot, axis=axis, keepdims=True))
