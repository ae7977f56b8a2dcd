"""`mindspore.mint.optim` (and `mindspore.experimental.optim`): PyTorch-style optimizers with
`param_groups` — `Optimizer`, `Adam`, `AdamW`, `FusedAdamW`, `SGD`.

As MindSpore's, an optimizer is a Cell called with the gradients (`optimizer(grads)`); its state
lives in Parameters named as MindSpore names them (`exp_avg.<name>`, `exp_avg_sq.<name>`,
`state_step`, and with amsgrad `max_exp_avg_sq.<name>` in its param group; SGD:
`momentum_buf.<name>`, `step_t`), updated with `assign`, so the same code runs eagerly and inside
compiled steps. Each group's `lr` (a float32 Parameter `learning_rate_group_<i>`, also in
`optimizer.lrs`, which the lr schedulers of `mindspore.experimental.optim.lr_scheduler` assign),
`betas`, `weight_decay`, ... are read from `param_groups` at every step. The updates are PyTorch's
(MindSpore's CPU build has no AdamW kernel; the values are checked against optax).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.nn.cell import Cell
from msjax._src.nn.optim.optimizer import clone_states
from msjax._src.ops.state_ops import assign
from msjax._src.core.parameter import Parameter, ParameterTuple
from msjax._src.core.tensor import Tensor, _wrap


def _array(x):
    return x._data if isinstance(x, Tensor) else jnp.asarray(x)


class Optimizer(Cell):
    """`mindspore.experimental.optim.Optimizer(params, defaults)`: `params` an iterable of
    Parameters or of dicts ({'params': [...], 'lr': ...}); `param_groups` the groups with every
    default filled in."""

    def __init__(self, params, defaults):
        super().__init__(auto_prefix=False)
        params = list(params)
        if not params:
            raise ValueError("For 'Optimizer', the argument 'params' must not be empty.")
        groups = params if isinstance(params[0], dict) else [{"params": params}]
        self.defaults = defaults
        self.state = {}
        self.param_groups = []
        self.lrs = []  # each group's lr, a Parameter the lr schedulers assign (as MindSpore's)
        self.group_start_id = [0]
        parameters = []
        for group in groups:
            self.add_param_group(dict(group), parameters)
        self.parameters = ParameterTuple(parameters)

    def add_param_group(self, param_group, parameters=None):
        params = param_group["params"]
        params = [params] if isinstance(params, Parameter) else list(params)
        for param in params:
            if not isinstance(param, Parameter):
                raise TypeError("For 'Optimizer', every element of 'params' must be Parameter, but "
                                f"got {type(param).__name__}.")
        param_group["params"] = params
        for key, default in self.defaults.items():
            param_group.setdefault(key, default)
        param_group.setdefault("weight_decay", 0.0)  # every group has one, as in MindSpore
        lr = param_group["lr"]
        if not isinstance(lr, Parameter):
            lr = Parameter(Tensor(float(_array(lr)), mstype.float32),
                           name=f"learning_rate_group_{len(self.param_groups)}")
        param_group["lr"] = lr
        self.lrs.append(lr)
        self.param_groups.append(param_group)
        if parameters is not None:
            parameters.extend(params)
        self.group_start_id.append(self.group_start_id[-1] + len(params))

    def _groups(self, gradients):
        gradients = tuple(gradients)
        for index, group in enumerate(self.param_groups):
            start, end = self.group_start_id[index], self.group_start_id[index + 1]
            grads = gradients[start:end]
            if group.get("maximize"):
                grads = tuple(-_array(g) for g in grads)
            yield group, range(start, end), tuple(_array(g) for g in grads)


@jax.jit
def _adam_update(param, grad, exp_avg, exp_avg_sq, max_sq, step, lr, beta1, beta2, eps,
                 weight_decay, decoupled, amsgrad):
    dtype = param.dtype
    grad = grad.astype(dtype)
    param = jnp.where(decoupled, param * (1 - lr * weight_decay), param)
    grad = jnp.where(decoupled, grad, grad + weight_decay * param)
    exp_avg = beta1 * exp_avg + (1 - beta1) * grad
    exp_avg_sq = beta2 * exp_avg_sq + (1 - beta2) * grad * grad
    max_sq = jnp.where(amsgrad, jnp.maximum(max_sq, exp_avg_sq), max_sq)
    second = jnp.where(amsgrad, max_sq, exp_avg_sq)
    denom = jnp.sqrt(second) / jnp.sqrt(1 - beta2 ** step) + eps
    param = param - lr / (1 - beta1 ** step) * exp_avg / denom
    return param.astype(dtype), exp_avg, exp_avg_sq, max_sq


def _check_adam_args(name, lr, betas, eps, weight_decay):
    if lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


class Adam(Optimizer):
    """`mint.optim.Adam(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.0,
    amsgrad=False, *, maximize=False)`: PyTorch's Adam (weight decay added to the gradient)."""

    _decoupled = False

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 amsgrad=False, *, maximize=False):
        _check_adam_args(type(self).__name__, lr, betas, eps, weight_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "amsgrad": amsgrad,
                                  "maximize": maximize})
        self.exp_avg = clone_states(self.parameters, "exp_avg", 0.0)
        self.exp_avg_sq = clone_states(self.parameters, "exp_avg_sq", 0.0)
        for index, group in enumerate(self.param_groups):
            if group["amsgrad"]:  # kept in the group, as MindSpore keeps it
                start, end = self.group_start_id[index], self.group_start_id[index + 1]
                group["max_exp_avg_sq"] = clone_states(self.parameters[start:end],
                                                       "max_exp_avg_sq", 0.0)
        self.state_step = Parameter(Tensor([0], mstype.float32), name="state_step")

    def construct(self, gradients):
        step = self.state_step._data + 1
        assign(self.state_step, _wrap(step))
        for group, indices, grads in self._groups(gradients):
            beta1, beta2 = group["betas"]
            for offset, (index, grad) in enumerate(zip(indices, grads)):
                param = self.parameters[index]
                m, v = self.exp_avg[index], self.exp_avg_sq[index]
                max_sq = group["max_exp_avg_sq"][offset] if group["amsgrad"] else v
                new = _adam_update(param._data, grad, m._data, v._data, max_sq._data, step[0],
                                   _array(group["lr"]), beta1, beta2, group["eps"],
                                   _array(group["weight_decay"]), self._decoupled,
                                   group["amsgrad"])
                for state, value in zip((param, m, v), new[:3]):
                    assign(state, _wrap(value))
                if group["amsgrad"]:
                    assign(max_sq, _wrap(new[3]))
        return True


class AdamW(Adam):
    """`mint.optim.AdamW(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01,
    amsgrad=False, *, maximize=False)`: Adam with decoupled weight decay
    (param · (1 - lr · weight_decay) before the step)."""

    _decoupled = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)


class FusedAdamW(AdamW):
    """`mint.optim.FusedAdamW`: AdamW (XLA fuses every update already)."""


@jax.jit
def _sgd_update(param, grad, buf, first, lr, momentum, dampening, weight_decay, nesterov):
    grad = grad.astype(param.dtype) + weight_decay * param
    buf = jnp.where(first, grad, momentum * buf + (1 - dampening) * grad)
    direction = jnp.where(momentum != 0, jnp.where(nesterov, grad + momentum * buf, buf), grad)
    return param - lr * direction, buf


class SGD(Optimizer):
    """`mint.optim.SGD(params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
    maximize=False)`: PyTorch's SGD (the momentum buffer starts as the first gradient)."""

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, {"lr": lr, "momentum": momentum, "dampening": dampening,
                                  "weight_decay": weight_decay, "nesterov": nesterov,
                                  "maximize": maximize})
        self.momentum_buf = clone_states(self.parameters, "momentum_buf", 0.0)
        self.step_t = Parameter(Tensor(0, mstype.int32), name="step_t")

    def construct(self, gradients):
        first = self.step_t._data == 0
        assign(self.step_t, _wrap(self.step_t._data + 1))
        for group, indices, grads in self._groups(gradients):
            for index, grad in zip(indices, grads):
                param, buf = self.parameters[index], self.momentum_buf[index]
                new_param, new_buf = _sgd_update(
                    param._data, grad, buf._data, first, _array(group["lr"]),
                    float(group["momentum"]), float(group["dampening"]),
                    float(group["weight_decay"]), bool(group["nesterov"]))
                assign(param, _wrap(new_param))
                assign(buf, _wrap(new_buf))
        return True
