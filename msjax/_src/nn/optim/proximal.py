"""`mindspore.nn.ProximalAdagrad` (deprecated in MindSpore 2.9): Adagrad followed by the
proximal step of L1/L2 regularisation, MindSpore's ApplyProximalAdagrad kernel per parameter.

    accum += g²;  lr_t = lr / sqrt(accum);  v = w - lr_t·g
    w = sign(v)·max(|v| - lr_t·l1, 0) / (1 + lr_t·l2)     (l1 > 0)
    w = v / (1 + lr_t·l2)                                  (l1 = 0)

Values are MindSpore 2.10's (tests/goldens/scripts/optim_proximal_lazy_probe.py).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.nn.optim.optimizer import Optimizer, _array, _success, clone_states
from msjax._src.ops.state_ops import assign


@jax.jit
def apply_proximal_adagrad(weight, accum, lr, l1, l2, grad):
    """ApplyProximalAdagrad on arrays: returns `(new_weight, new_accum)` (module doc)."""
    dtype = weight.dtype
    lr, l1, l2 = (jnp.reshape(v, ()).astype(dtype) for v in (lr, l1, l2))
    accum = accum + grad * grad
    step = lr / jnp.sqrt(accum)
    moved = weight - step * grad
    shrunk = jnp.sign(moved) * jnp.maximum(jnp.abs(moved) - step * l1, jnp.zeros((), dtype))
    weight = jnp.where(l1 > 0, shrunk, moved) / (1 + step * l2)
    return weight, accum


class ProximalAdagrad(Optimizer):
    """`nn.ProximalAdagrad(params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0,
    use_locking=False, loss_scale=1.0, weight_decay=0.0)` (module doc). State:
    `accum.<name>` (filled with `accum`); `l1` and `l2` are Float32 Tensors."""

    def __init__(self, params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0,
                 use_locking=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        name = self.cls_name
        checks.check_value_type("accum", accum, [float], name)
        checks.check_value_type("l1", l1, [float], name)
        checks.check_value_type("l2", l2, [float], name)
        checks.check_value_type("use_locking", use_locking, [bool], name)
        checks.check_non_negative_float(accum, "accum", name)
        checks.check_non_negative_float(l1, "l1", name)
        checks.check_non_negative_float(l2, "l2", name)
        self.accum = clone_states(self._parameters, "accum", accum)
        self.l1 = Tensor(l1, mstype.float32)
        self.l2 = Tensor(l2, mstype.float32)
        self.use_locking = use_locking

    def construct(self, grads):
        grads, lr = self._prepare_step(grads)
        for param, accum, grad, step_lr in zip(self._parameters, self.accum, grads,
                                               self._per_parameter_lr(lr)):
            new_weight, new_accum = apply_proximal_adagrad(
                param._data, accum._data, _array(step_lr), self.l1._data, self.l2._data,
                _array(grad).astype(param._data.dtype))
            assign(param, _wrap(new_weight))
            assign(accum, _wrap(new_accum))
        return _success(self.param_length)

    @Optimizer.target.setter
    def target(self, value):
        if not isinstance(value, str):
            raise TypeError("For 'ProximalAdagrad', the property 'target' must be string type, "
                            f"but got {type(value)}")
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError("For 'ProximalAdagrad', the property 'target' must be 'CPU', "
                             f"'Ascend' or 'GPU', but got {value}.")
        self._target = value
