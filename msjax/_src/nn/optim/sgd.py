"""`mindspore.nn.SGD`: stochastic gradient descent with MindSpore's SGD kernel."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.nn.optim.optimizer import Optimizer, _array, _success, clone_states
from msjax._src.ops.state_ops import assign
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap

__all__ = ["SGD", "apply_sgd"]


@functools.partial(jax.jit, static_argnames=("dampening", "nesterov"))
def apply_sgd(param, gradient, learning_rate, accum, momentum, stat, dampening=0.0, nesterov=False):
    """MindSpore's SGD kernel on arrays; returns `(new_param, new_accum, new_stat)`.

    With `momentum > 0`: on a parameter's first step (`stat > 0`) `accum = gradient` and `stat`
    becomes 0, afterwards `accum = momentum * accum + (1 - dampening) * gradient`; the step is
    `accum` (Nesterov: `gradient + momentum * accum`). With `momentum == 0` the step is the
    gradient and `accum`, `stat` stay as they are. Then `param -= lr * step`. optax has no
    transformation with this first-step rule, so this follows MindSpore's kernel directly; the
    momentum test is a `where` on the momentum's value, never a Python branch.
    """
    dtype = param.dtype
    gradient = gradient.astype(dtype)
    momentum = momentum.astype(dtype)
    first = stat > 0
    moving = jnp.where(first, gradient, accum * momentum + (1 - dampening) * gradient)
    step = gradient + moving * momentum if nesterov else moving
    use_momentum = momentum > 0
    new_accum = jnp.where(use_momentum, moving, accum)
    new_stat = jnp.where(use_momentum & first, jnp.zeros_like(stat), stat)
    step = jnp.where(use_momentum, step, gradient)
    return param - learning_rate.astype(dtype) * step, new_accum, new_stat


class SGD(Optimizer):
    """`mindspore.nn.SGD(params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0,
    nesterov=False, loss_scale=1.0)`.

    States: `momentum` (Float32 scalar Parameter), `accum.<param name>` (zeros) and
    `stat.<param name>` (ones: "first step not taken yet"). Weight decay is applied to the
    gradients before the kernel (`grad + weight_decay * param`, skipping 'beta'/'gamma' names).
    """

    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0,
                 nesterov=False, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if isinstance(momentum, int) and not isinstance(momentum, bool):
            momentum = float(momentum)
        if not isinstance(momentum, float):
            raise TypeError(f"For 'SGD', the argument 'momentum' must be float type, but got "
                            f"{type(momentum)}.")
        if momentum < 0.0:
            raise ValueError(f"For 'SGD', the argument 'momentum' must be at least 0.0, but got {momentum}.")
        if isinstance(dampening, int) and not isinstance(dampening, bool):
            dampening = float(dampening)
        if not isinstance(dampening, float):
            raise TypeError(f"For 'SGD', the argument 'dampening' must be float type, but got "
                            f"{type(dampening)}.")
        if dampening < 0.0:
            raise ValueError("For 'SGD', the argument 'dampening' must be at least 0.0, but got "
                             f"'dampening' {dampening}")
        self.dampening = dampening
        checks.check_value_type("nesterov", nesterov, [bool], self.cls_name)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError("For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' "
                             f"must equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}.")
        self.nesterov = nesterov
        if self.dynamic_weight_decay:
            raise TypeError("For 'SGD', dynamic weight decay is currently not supported, the argument "
                            "'weight_decay' or 'weight_decay' set in grouped 'params' must be float or "
                            "int type.")
        self.momentum = Parameter(Tensor(momentum, mstype.float32), name="momentum")
        self.accum = clone_states(self._parameters, "accum", 0.0)
        self.stat = clone_states(self._parameters, "stat", 1.0)

    def construct(self, gradients):
        gradients, lr = self._prepare_step(gradients)
        momentum = self.momentum._data
        for param, accum, stat, grad, step_lr in zip(self._parameters, self.accum, self.stat, gradients,
                                                     self._per_parameter_lr(lr)):
            new_param, new_accum, new_stat = apply_sgd(param._data, _array(grad), step_lr, accum._data,
                                                       momentum, stat._data, self.dampening,
                                                       self.nesterov)
            assign(param, _wrap(new_param))
            assign(accum, _wrap(new_accum))
            assign(stat, _wrap(new_stat))
        return _success(self.param_length)
