"""`mindspore.nn.Adam` and `mindspore.nn.AdamWeightDecay`, with MindSpore's update rules.

MindSpore's Adam differs from `optax.adam`, so these follow MindSpore's kernels, not optax:

* bias correction is folded into the step size through the `beta1_power`/`beta2_power`
  Parameters: `lr_t = lr * sqrt(1 - beta2_power) / (1 - beta1_power)`, and `eps` is added to
  `sqrt(v)` *uncorrected* (`param -= lr_t * m / (sqrt(v) + eps)`), where optax adds it to the
  corrected `sqrt(v_hat)` and counts steps itself;
* Nesterov uses `beta1 * m + (1 - beta1) * g` in place of `m`;
* AMSGrad (ApplyAdamWithAmsgradV2) keeps `vhat = max(vhat, v)` of the *uncorrected* `v`;
* AdamWeightDecay has no bias correction at all: `param -= lr * (m / (sqrt(v) + eps) +
  weight_decay * param)`.

The moments are updated as MindSpore's CPU kernels write them, `m += (g - m) * (1 - beta1)`.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.nn.optim.optimizer import Optimizer, _array, _success, clone_states
from msjax._src.ops.state_ops import assign
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap

__all__ = [
    "Adam",
    "AdamOffload",
    "AdamWeightDecay",
    "LazyAdam",
    "apply_adam",
    "apply_adam_weight_decay",
    "apply_adam_with_amsgrad",
]


def _adam_step_size(learning_rate, beta1_power, beta2_power):
    """`lr * sqrt(1 - beta2^t) / (1 - beta1^t)`, in Float32 as MindSpore's kernels compute it."""
    one = np.float32(1.0)
    return learning_rate * jnp.sqrt(one - beta2_power) / (one - beta1_power)


def _moments(m, v, gradient, beta1, beta2):
    one = jnp.ones((), m.dtype)
    m = m + (gradient - m) * (one - beta1)
    v = v + (gradient * gradient - v) * (one - beta2)
    return m, v


@functools.partial(jax.jit, static_argnames=("use_nesterov",))
def apply_adam(param, m, v, beta1_power, beta2_power, learning_rate, beta1, beta2, eps, gradient,
               use_nesterov=False):
    """MindSpore's Adam kernel on arrays; returns `(new_param, new_m, new_v)`."""
    dtype = param.dtype
    step_size = _adam_step_size(learning_rate, beta1_power, beta2_power).astype(dtype)
    beta1, beta2, eps = beta1.astype(dtype), beta2.astype(dtype), eps.astype(dtype)
    gradient = gradient.astype(dtype)
    m, v = _moments(m, v, gradient, beta1, beta2)
    direction = m * beta1 + (1 - beta1) * gradient if use_nesterov else m
    return param - step_size * direction / (jnp.sqrt(v) + eps), m, v


@jax.jit
def apply_adam_with_amsgrad(param, m, v, vhat, beta1_power, beta2_power, learning_rate, beta1, beta2,
                            eps, gradient):
    """MindSpore's ApplyAdamWithAmsgradV2 on arrays; returns `(new_param, new_m, new_v, new_vhat)`."""
    dtype = param.dtype
    step_size = _adam_step_size(learning_rate, beta1_power, beta2_power).astype(dtype)
    beta1, beta2, eps = beta1.astype(dtype), beta2.astype(dtype), eps.astype(dtype)
    m, v = _moments(m, v, gradient.astype(dtype), beta1, beta2)
    vhat = jnp.maximum(vhat, v)
    return param - step_size * m / (jnp.sqrt(vhat) + eps), m, v, vhat


@jax.jit
def apply_adam_weight_decay(param, m, v, learning_rate, beta1, beta2, eps, weight_decay, gradient):
    """MindSpore's fused AdamWeightDecay kernel on arrays; returns `(new_param, new_m, new_v)`."""
    dtype = param.dtype
    beta1, beta2, eps = beta1.astype(dtype), beta2.astype(dtype), eps.astype(dtype)
    m, v = _moments(m, v, gradient.astype(dtype), beta1, beta2)
    update = m / (jnp.sqrt(v) + eps) + weight_decay.astype(dtype) * param
    return param - learning_rate.astype(dtype) * update, m, v


def _check_param_value(beta1, beta2, eps, prim_name):
    checks.check_value_type("beta1", beta1, [float], prim_name)
    checks.check_value_type("beta2", beta2, [float], prim_name)
    checks.check_value_type("eps", eps, [float], prim_name)
    checks.check_open_float_range(beta1, 0.0, 1.0, "beta1", prim_name)
    checks.check_open_float_range(beta2, 0.0, 1.0, "beta2", prim_name)
    checks.check_positive_float(eps, "eps", prim_name)


class Adam(Optimizer):
    """`mindspore.nn.Adam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
    use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False,
    **kwargs)`.

    States: `beta1_power`, `beta2_power` (Float32 scalars, starting at 1), `moment1.<name>`,
    `moment2.<name>` and, with `use_amsgrad`, `vhat.<name>`. Each call applies weight decay
    (L2, added to the gradients), loss-scale division, advances the beta powers and
    `global_step`, and updates every parameter with MindSpore's Adam (module docstring).
    `kwargs` may be `use_lazy` or `use_offload`; with dense gradients both compute the same
    update as plain Adam in msjax.

    Example:
        >>> opt = nn.Adam(net.trainable_params(), learning_rate=1e-3, use_amsgrad=True)
    """

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if set(kwargs.keys()) - {"use_lazy", "use_offload"}:
            raise KeyError("For 'Adam', invalid keys are passed as kwargs, supported keys are 'use_lazy' "
                           f"and'use_offload', but got {kwargs.keys()}.")
        use_lazy = kwargs.get("use_lazy", False)
        use_offload = kwargs.get("use_offload", False)
        _check_param_value(beta1, beta2, eps, self.cls_name)
        for name, flag in (("use_locking", use_locking), ("use_nesterov", use_nesterov),
                           ("use_amsgrad", use_amsgrad), ("use_lazy", use_lazy),
                           ("use_offload", use_offload)):
            checks.check_value_type(name, flag, [bool], self.cls_name)
        if use_lazy and use_offload:
            raise ValueError("For 'Adam', 'use_lazy' and 'use_offload' can not both be True.But got "
                             f"use_lazy={use_lazy}, use_offload={use_offload}.")
        if use_amsgrad and (use_lazy or use_offload):
            raise ValueError("For lazy Adam and Adam with offload, there is no parameter named "
                             f"'use_amsgrad'.but got 'use_amsgrad'={use_amsgrad}.")
        self.beta1 = Tensor(beta1, mstype.float32)
        self.beta2 = Tensor(beta2, mstype.float32)
        self.beta1_power = Parameter(Tensor(1.0, mstype.float32), name="beta1_power")
        self.beta2_power = Parameter(Tensor(1.0, mstype.float32), name="beta2_power")
        self.eps = Tensor(eps, mstype.float32)
        self.use_nesterov = use_nesterov
        self.use_locking = use_locking
        self.use_amsgrad = use_amsgrad
        self.use_lazy = use_lazy
        self.use_offload = use_offload
        self.moment1 = clone_states(self._parameters, "moment1", 0.0)
        self.moment2 = clone_states(self._parameters, "moment2", 0.0)
        if use_amsgrad:
            self.vhat = clone_states(self._parameters, "vhat", 0.0)

    def construct(self, gradients):
        gradients, lr = self._prepare_step(gradients, centralize=not self.use_offload)
        beta1, beta2, eps = self.beta1._data, self.beta2._data, self.eps._data
        beta1_power = self.beta1_power._data * beta1
        assign(self.beta1_power, _wrap(beta1_power))
        beta2_power = self.beta2_power._data * beta2
        assign(self.beta2_power, _wrap(beta2_power))
        vhats = self.vhat if self.use_amsgrad else (None,) * self.param_length
        for param, m, v, vhat, grad, step_lr in zip(self._parameters, self.moment1, self.moment2, vhats,
                                                    gradients, self._per_parameter_lr(lr)):
            if self.use_amsgrad:
                new_param, new_m, new_v, new_vhat = apply_adam_with_amsgrad(
                    param._data, m._data, v._data, vhat._data, beta1_power, beta2_power, step_lr,
                    beta1, beta2, eps, _array(grad))
                assign(vhat, _wrap(new_vhat))
            else:
                new_param, new_m, new_v = apply_adam(
                    param._data, m._data, v._data, beta1_power, beta2_power, step_lr, beta1, beta2, eps,
                    _array(grad), self.use_nesterov)
            assign(param, _wrap(new_param))
            assign(m, _wrap(new_m))
            assign(v, _wrap(new_v))
        return _success(self.param_length)

    @Optimizer.target.setter
    def target(self, value):
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError("For 'Optimizer', the property 'target' must be one of "
                             "['CPU', 'Ascend' ,'GPU'], "
                             f"but got {value}")
        self._target = value


class LazyAdam(Adam):
    """`mindspore.nn.LazyAdam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
    use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0)` (deprecated in
    MindSpore 2.0 for `nn.Adam`): Adam that updates only the rows a sparse gradient touches. msjax
    gradients are dense, for which MindSpore's LazyAdam runs its Adam kernel: the update is
    Adam's. `weight_decay` must be a float; `beta1_power` and `beta2_power` have shape (1,)."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
                 use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov,
                         weight_decay, loss_scale)
        checks.check_value_type("weight_dacay", weight_decay, [float], self.cls_name)
        checks.check_non_negative_float(weight_decay, "weight_decay", self.cls_name)
        self.beta1_power = Parameter(Tensor([1.0], mstype.float32), name="beta1_power")
        self.beta2_power = Parameter(Tensor([1.0], mstype.float32), name="beta2_power")

    @Optimizer.target.setter
    def target(self, value):
        Adam.target.fset(self, value)


class AdamOffload(Adam):
    """`mindspore.nn.AdamOffload(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
    use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0)` (deprecated in
    MindSpore 2.0 for `nn.Adam`): Adam whose update MindSpore runs on the host; it does not
    centralise gradients: msjax's Adam with `use_offload=True`. `beta1_power` and
    `beta2_power` have shape (1,)."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
                 use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov,
                         weight_decay, loss_scale, use_offload=True)
        self.beta1_power = Parameter(Tensor([1.0], mstype.float32), name="beta1_power")
        self.beta2_power = Parameter(Tensor([1.0], mstype.float32), name="beta2_power")


class AdamWeightDecay(Optimizer):
    """`mindspore.nn.AdamWeightDecay(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6,
    weight_decay=0.0)`.

    States: `adam_m.<name>` and `adam_v.<name>`. Decoupled weight decay without bias correction
    (module docstring); parameters whose names contain 'beta' or 'gamma' are not decayed.
    """

    _support_parallel_optimizer = True

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _check_param_value(beta1, beta2, eps, self.cls_name)
        self.beta1 = Tensor(np.array([beta1], np.float32))
        self.beta2 = Tensor(np.array([beta2], np.float32))
        self.eps = Tensor(np.array([eps], np.float32))
        self.moments1 = clone_states(self._parameters, "adam_m", 0.0)
        self.moments2 = clone_states(self._parameters, "adam_v", 0.0)

    def construct(self, gradients):
        weight_decay = self.get_weight_decay()
        lr = self.get_lr()
        self._increase_global_step()
        if not self.is_group:
            weight_decay = (weight_decay,) * self.param_length
        beta1 = jnp.reshape(self.beta1._data, ())
        beta2 = jnp.reshape(self.beta2._data, ())
        eps = jnp.reshape(self.eps._data, ())
        for param, m, v, grad, step_lr, wd, flag in zip(self._parameters, self.moments1, self.moments2,
                                                        gradients, self._per_parameter_lr(lr), weight_decay,
                                                        self.decay_flags):
            decay = _array(wd) if flag else jnp.zeros((), np.float32)
            new_param, new_m, new_v = apply_adam_weight_decay(
                param._data, m._data, v._data, step_lr, beta1, beta2, eps, decay, _array(grad))
            assign(param, _wrap(new_param))
            assign(m, _wrap(new_m))
            assign(v, _wrap(new_v))
        return _success(self.param_length)
