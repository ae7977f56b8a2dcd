"""`mindspore.nn.Momentum`: SGD with momentum, MindSpore's ApplyMomentum, via `optax.trace`."""
from __future__ import annotations

import functools

import jax

from msjax._src.core import dtype as mstype
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.nn.optim.optimizer import Optimizer, _array, _success, clone_states
from msjax._src.ops.state_ops import assign
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap

__all__ = ["Momentum", "apply_momentum"]


@functools.partial(jax.jit, static_argnames=("use_nesterov",))
def apply_momentum(param, accumulation, learning_rate, gradient, momentum, use_nesterov=False):
    """MindSpore's ApplyMomentum on arrays; returns `(new_param, new_accumulation)`.

    `accumulation = momentum * accumulation + gradient`, then `param -= lr * accumulation`
    (Nesterov: `param -= lr * (gradient + momentum * accumulation)`). This is exactly
    `optax.trace(momentum, nesterov)` followed by a step of `-lr`, so optax computes it.
    """
    import optax  # here, not at import: `import msjax` stays light (run once, when traced)
    dtype = param.dtype
    trace = optax.trace(decay=momentum.astype(dtype), nesterov=use_nesterov)
    direction, new_state = trace.update(gradient.astype(dtype), optax.TraceState(trace=accumulation))
    return param - direction * learning_rate.astype(dtype), new_state.trace


class Momentum(Optimizer):
    """`mindspore.nn.Momentum(params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
    use_nesterov=False)`.

    States: `momentum` (Float32 scalar Parameter) and `moments.<param name>` (zeros). Each call
    applies weight decay (`grad + weight_decay * param`, skipping 'beta'/'gamma' names),
    gradient centralization, loss-scale division, then ApplyMomentum with the step's learning
    rate, and increments `global_step`.

    Example:
        >>> opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
        >>> train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    """

    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
                 use_nesterov=False):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        checks.check_value_type("momentum", momentum, [float], self.cls_name)
        if isinstance(momentum, float) and momentum < 0.0:
            raise ValueError("For 'Momentum', the argument 'momentum' must be at least 0.0, but got "
                             f"{momentum}")
        self.momentum = Parameter(Tensor(momentum, mstype.float32), name="momentum")
        self.params = self._parameters
        self.use_nesterov = checks.check_bool(use_nesterov)
        self.moments = clone_states(self.params, "moments", 0.0)

    def construct(self, gradients):
        gradients, lr = self._prepare_step(gradients)
        momentum = self.momentum._data
        for param, moment, grad, step_lr in zip(self.params, self.moments, gradients,
                                                self._per_parameter_lr(lr)):
            new_param, new_moment = apply_momentum(param._data, moment._data, step_lr, _array(grad),
                                                   momentum, self.use_nesterov)
            assign(param, _wrap(new_param))
            assign(moment, _wrap(new_moment))
        return _success(self.param_length)
