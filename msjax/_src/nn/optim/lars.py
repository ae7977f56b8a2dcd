"""`nn.LARS` (`nn.optim.LARS`): layer-wise adaptive rate scaling around another optimizer.

`LARS(optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False, lars_filter=...)` takes over
the optimizer's weight decay and loss scale: each step it divides the gradients by the loss
scale, then for each parameter `lars_filter` selects (by default not 'LayerNorm' or 'bias'
ones) replaces the gradient by `ratio · (g + weight_decay · w)` (`ops.LARSUpdate`: ratio =
`coefficient · ‖w‖ / (‖g‖ + weight_decay · ‖w‖ + epsilon)`, weight decay only where the
optimizer decays that parameter), and calls the optimizer with the result. The other
parameters' gradients pass unchanged, without weight decay. With `use_clip` the ratio is
clipped by the optimizer's learning rate (`min(ratio / lr, 1)`).

MindSpore 2.10 deprecates LARS and runs it on Ascend only (its CPU has no LARSUpdate kernel);
msjax runs it everywhere (docs/migration.md).
"""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.nn.optim.optimizer import Optimizer, _array, opt_init_args_register
from msjax._src.ops.lars_ops import lars_update


def _default_lars_filter(parameter) -> bool:
    return "LayerNorm" not in parameter.name and "bias" not in parameter.name


class LARS(Optimizer):
    """`mindspore.nn.LARS(optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
    lars_filter=lambda x: 'LayerNorm' not in x.name and 'bias' not in x.name)` (module doc)."""

    @opt_init_args_register
    def __init__(self, optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
                 lars_filter=_default_lars_filter):
        super().__init__(0.0, [Parameter(Tensor(0.0), name="fake_param")])
        checks.check_value_type("optimizer", optimizer, [Optimizer], self.cls_name)
        checks.check_value_type("epsilon", epsilon, [float], self.cls_name)
        checks.check_value_type("coefficient", coefficient, [float], self.cls_name)
        checks.check_value_type("use_clip", use_clip, [bool], self.cls_name)
        self.opt = optimizer
        self.dynamic_decay_flags = optimizer.dynamic_decay_flags
        self.dynamic_weight_decay = optimizer.dynamic_weight_decay
        self.weight_decay = optimizer.weight_decay
        self.global_step = optimizer.global_step
        self.parameters = optimizer.parameters
        self._parameters = self.parameters
        self.param_length = len(self.parameters)
        self.use_clip = use_clip
        self.lars_flag = tuple(bool(lars_filter(p)) for p in self.parameters)
        self.is_group = optimizer.is_group
        self.learning_rate = Parameter(Tensor(0.0, mstype.float32), name="fake_lr")
        self.decay_flags = optimizer.decay_flags
        self.reciprocal_scale = optimizer.reciprocal_scale
        self.need_scale = optimizer.need_scale
        self.loss_scale = optimizer.loss_scale
        self.epsilon = epsilon
        self.coefficient = coefficient
        if use_clip:
            self.is_group_lr = optimizer.is_group_lr
            self.dynamic_lr = optimizer.dynamic_lr
            if self.is_group_lr and self.dynamic_lr:
                raise ValueError("For 'LARS', if the argument 'use_clip' is set to True, then the "
                                 "dynamic learning rate and group learning rate cannot both be "
                                 "true.")
        # The optimizer leaves weight decay and the loss scale to LARS.
        optimizer.dynamic_decay_flags = (tuple(False for _ in self.dynamic_decay_flags)
                                         if self.is_group else False)
        optimizer.decay_flags = tuple(False for _ in self.decay_flags)
        optimizer.dynamic_weight_decay = False
        optimizer.reciprocal_scale = Tensor(1.0, mstype.float32)
        optimizer.need_scale = False
        optimizer.exec_weight_decay = False

    def _clip_rates(self):
        """The optimizer's learning rate of this step, per parameter (for `use_clip`)."""
        return self.opt._per_parameter_lr(self.opt.get_lr())

    def construct(self, gradients):
        gradients = tuple(gradients)
        if self.need_scale:
            scale = _array(self.reciprocal_scale)
            gradients = tuple(_wrap(_array(g) * scale.astype(_array(g).dtype))
                              for g in gradients)
        weight_decay = self.get_weight_decay()
        if not self.is_group:
            weight_decay = (weight_decay,) * self.param_length
        rates = self._clip_rates() if self.use_clip else (jnp.float32(0),) * self.param_length
        updated = []
        for param, grad, decay, decay_flag, lars_flag, rate in zip(
                self.parameters, gradients, weight_decay, self.decay_flags, self.lars_flag,
                rates):
            if not lars_flag:
                updated.append(grad)
                continue
            w, g = param._data, _array(grad)
            decay = _array(decay) / self.loss_scale if decay_flag else jnp.float32(0)
            updated.append(_wrap(lars_update(
                w, g, jnp.sum(jnp.square(w.astype(jnp.float32))),
                jnp.sum(jnp.square(g.astype(jnp.float32))), decay, rate,
                epsilon=self.epsilon, hyperpara=self.coefficient, use_clip=self.use_clip)))
        return self.opt(tuple(updated))
