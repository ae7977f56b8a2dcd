"""Adafactor's update (Shazeer & Stern, "Adaptive Learning Rates with Sublinear Memory Cost") as
MindSpore 2.10's CPU kernel FusedAdaFactor computes it: `apply_adafactor`, which nn.AdaFactor
(nn/optim/adafactor.py, its module doc has the formulas) runs, and the Primitives
`ops.FusedAdaFactor(enable_scale_parameter=False, enable_first_moment=False,
enable_weight_decay=False)` and `ops.FusedAdaFactorWithGlobalNorm` (the gradient divided by
`global_norm` first; deprecated in MindSpore since 2.8 for ops.AdaFactor).

`FusedAdaFactor(...)(epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate, grad,
param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq)` writes the parameter and the states
the step changes (the factored row and column averages of a matrix, a vector's `exp_avg_sq`,
`exp_avg` with the first moment) and returns, as MindSpore's CPU kernel does, a 1-tuple of zeros
in the parameter's shape.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from msjax._src.core import checkparam as check
from msjax._src.core import log
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.ops.registry import Primitive, unwrap


def _rms(x):
    return jnp.sqrt(jnp.mean(jnp.square(x)))


@functools.partial(jax.jit, static_argnames=("scale_parameter", "use_first_moment",
                                               "decay_weight"))
def apply_adafactor(param, exp_avg, row, col, sq, grad, lr, beta2t, eps, clip_threshold, beta1,
                    weight_decay, scale_parameter, use_first_moment, decay_weight):
    """One AdaFactor update of one parameter (module doc): (param, exp_avg, row, col, sq)."""
    dtype = param.dtype
    grad = grad.astype(jnp.float32)
    weights = param.astype(jnp.float32)
    rate = lr * jnp.maximum(eps[1], _rms(weights)) if scale_parameter else lr
    update = grad ** 2 + eps[0]
    if grad.ndim >= 2:
        row = row * beta2t + jnp.mean(update, -1) * (1.0 - beta2t)
        col = col * beta2t + jnp.mean(update, -2) * (1.0 - beta2t)
        r_factor = 1.0 / jnp.sqrt(row / jnp.mean(row, -1, keepdims=True))
        update = r_factor[..., None] * (1.0 / jnp.sqrt(col[..., None, :])) * grad
    else:
        sq = sq * beta2t + update * (1.0 - beta2t)
        update = grad / jnp.sqrt(sq)
    update = update / jnp.maximum(_rms(update) / clip_threshold, 1.0) * rate
    if use_first_moment:
        exp_avg = exp_avg * beta1 + update * (1 - beta1)
        update = exp_avg
    if decay_weight:
        weights = weights - weights * weight_decay * rate
    return ((weights - update).astype(dtype), exp_avg.astype(exp_avg.dtype),
            row.astype(dtype), col.astype(dtype), sq.astype(sq.dtype))


def _byte_size(value):
    return int(value.size) * value.dtype.itemsize


class FusedAdaFactor(Primitive):
    """`ops.FusedAdaFactor(enable_scale_parameter=False, enable_first_moment=False,
    enable_weight_decay=False)` (module doc)."""

    def __init__(self, enable_scale_parameter=False, enable_first_moment=False,
                 enable_weight_decay=False):
        super().__init__(type(self).__name__)
        log.warning(f"'{self.name}' is deprecated from version 2.8.0 and will be removed in a "
                    "future version, use 'ops.AdaFactor' instead.")
        for name, flag in (("enable_scale_parameter", enable_scale_parameter),
                           ("enable_first_moment", enable_first_moment),
                           ("enable_weight_decay", enable_weight_decay)):
            check.check_value_type(name, flag, [bool], self.name)
            self.add_prim_attr(name, flag)
        self.add_prim_attr("side_effect_mem", True)
        self.enable_scale_parameter = enable_scale_parameter
        self.enable_first_moment = enable_first_moment
        self.enable_weight_decay = enable_weight_decay

    def __call__(self, epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate, grad,
                 param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq):
        return self._step(epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate,
                          unwrap(grad), param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq)

    def _step(self, epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate, grad,
              param, exp_avg, row, col, sq):
        weights = unwrap(param)
        if _byte_size(grad) != _byte_size(weights):  # (the kernel's check of its buffers)
            raise RuntimeError(f"For '{self.name}', the address size of 'gradient' must be "
                               f"{_byte_size(weights)}, but got {_byte_size(grad)}")
        def scalar(value):
            return jnp.reshape(jnp.asarray(unwrap(value), jnp.float32), ())
        new = apply_adafactor(weights, unwrap(exp_avg), unwrap(row), unwrap(col), unwrap(sq),
                              grad, scalar(learning_rate), scalar(beta2t),
                              jnp.asarray(unwrap(epsilon), jnp.float32), scalar(clip_threshold),
                              scalar(beta1), scalar(weight_decay), self.enable_scale_parameter,
                              self.enable_first_moment, self.enable_weight_decay)
        states = (param, exp_avg, row, col, sq)
        for box in states:
            if not isinstance(box, Tensor):
                raise TypeError(f"For '{self.name}', param and its states must be Parameters or "
                                f"Tensors, but got {type(box).__name__}.")
        for box, value in zip(states, new):
            box._data = value.astype(box._data.dtype)
        return (_wrap(jnp.zeros(weights.shape, weights.dtype)),)


class FusedAdaFactorWithGlobalNorm(FusedAdaFactor):
    """`ops.FusedAdaFactorWithGlobalNorm(...)`: FusedAdaFactor of `grad / global_norm`, its last
    input."""

    def __call__(self, epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate, grad,
                 param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq, global_norm):
        scaled = unwrap(grad) / jnp.asarray(unwrap(global_norm), unwrap(grad).dtype)
        return self._step(epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate,
                          scaled, param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq)
