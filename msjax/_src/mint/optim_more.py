"""The rest of `mindspore.experimental.optim`: `ASGD`, `Adadelta`, `Adagrad`, `Adamax`, `NAdam`,
`RAdam`, `RMSprop` and `Rprop`, PyTorch-style optimizers with `param_groups`.

Each keeps its state in Parameters named as MindSpore 2.10 names them (`accum.<name>`,
`exp_avg.<name>`, `exp_inf.<name>`, `mean_square.<name>`, `prev.<name>`, `step_t`, ...; ASGD's
`eta`/`mu` and NAdam's `mu_product` are per-parameter Parameters outside the Cell's parameter
list, as in MindSpore) and updates them with MindSpore's formulas (checked against MindSpore's
CPU results), on jax.numpy, eagerly or inside compiled steps. The learning rate is the group's lr
Parameter (`optimizer.lrs`), which the lr schedulers assign.
"""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.mint.optim import Optimizer, _array
from msjax._src.nn.optim.optimizer import clone_states
from msjax._src.ops.state_ops import assign
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap


def _greater(value, name, owner, bound=0.0):
    if value <= bound:
        raise ValueError(f"For {owner}, the {name} must be greater than {bound}, but got {value}.")


def _not_less(value, name, owner, bound=0.0):
    if value < bound:
        raise ValueError(f"For {owner}, the {name} must be greater than or equal to {bound}, but "
                         f"got {value}.")


def _in_range(value, name, owner, low_closed, high_closed):
    low_ok = value >= 0.0 if low_closed else value > 0.0
    high_ok = value <= 1.0 if high_closed else value < 1.0
    if not (low_ok and high_ok):
        interval = ("[" if low_closed else "(") + "0.0, 1.0" + ("]" if high_closed else ")")
        raise ValueError(f"For '{owner}', the '{name}' must be in range of {interval}, but got "
                         f"{value} with type '{type(value).__name__}'.")


def _check_betas(betas, owner):
    _in_range(betas[0], "betas[0]", owner, True, False)
    _in_range(betas[1], "betas[1]", owner, True, False)


def _set(state, value):
    assign(state, _wrap(value.astype(state._data.dtype)))


def _decayed(optimizer, group, indices, grads):
    """(index, parameter, gradient + weight_decay · parameter) of each member of the group."""
    decay = _array(group.get("weight_decay", 0.0))
    for index, grad in zip(indices, grads):
        param = optimizer.parameters[index]
        grad = grad.astype(param._data.dtype)
        if group.get("weight_decay", 0.0) != 0.0:
            grad = grad + decay * param._data
        yield index, param, grad


class _StepCounting(Optimizer):
    """An optimizer with MindSpore's int32 `step_t` counter."""

    def _make_step(self):
        self.step_t = Parameter(Tensor(0, mstype.int32), name="step_t")

    def _advance(self):
        step = self.step_t._data + 1
        assign(self.step_t, _wrap(step))
        return step.astype(jnp.float32)


class ASGD(_StepCounting):
    """`ASGD(params, lr=0.01, lambd=0.0001, alpha=0.75, t0=1000000.0, weight_decay=0.0,
    maximize=False)`: averaged SGD; `ax.<name>` holds the average."""

    def __init__(self, params, lr=0.01, lambd=0.0001, alpha=0.75, t0=1000000.0, weight_decay=0.0,
                 maximize=False):
        _greater(lr, "lr", "ASGD")
        _not_less(weight_decay, "weight_decay", "ASGD")
        if not isinstance(lambd, float):
            raise TypeError(f"For 'ASGD', the type of lambd must be float, but got {type(lambd)}.")
        if not isinstance(t0, float):
            raise TypeError(f"For 'ASGD', the type of t0 must be float, but got {type(t0)}.")
        super().__init__(params, {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0,
                                  "weight_decay": weight_decay, "maximize": maximize})
        self.mu = [Parameter(Tensor(1.0, mstype.float32), name="mu_" + p.name)
                   for p in self.parameters]
        self.eta = [Parameter(Tensor(0.0, mstype.float32), name="eta_" + p.name)
                    for p in self.parameters]
        self.ax = clone_states(self.parameters, "ax", 0.0)
        self._make_step()

    def construct(self, gradients):
        step = self._advance()
        for group, indices, grads in self._groups(gradients):
            lr, lambd = _array(group["lr"]), group["lambd"]
            for index, param, grad in _decayed(self, group, indices, grads):
                eta, mu, ax = self.eta[index], self.mu[index], self.ax[index]
                eta_now = jnp.where(step == 1, lr, eta._data)
                new = param._data * (1.0 - lambd * eta_now) - eta_now * grad
                _set(param, new)
                _set(ax, jnp.where(mu._data != 1, ax._data + (new - ax._data) * mu._data, new))
                _set(eta, lr / (1.0 + lambd * lr * step) ** group["alpha"])
                _set(mu, 1.0 / jnp.maximum(1.0, step - group["t0"]))
        return True


class Adadelta(Optimizer):
    """`Adadelta(params, lr=1.0, rho=0.9, eps=1e-06, weight_decay=0.0, *, maximize=False)`."""

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False):
        _greater(lr, "lr", "Adadelta")
        _greater(eps, "eps", "Adadelta")
        _not_less(weight_decay, "weight_decay", "Adadelta")
        _in_range(rho, "rho", "Adadelta", True, True)
        super().__init__(params, {"lr": lr, "rho": rho, "eps": eps,
                                  "weight_decay": weight_decay, "maximize": maximize})
        self.accum = clone_states(self.parameters, "accum", 0.0)
        self.accum_update = clone_states(self.parameters, "accum_update", 0.0)

    def construct(self, gradients):
        for group, indices, grads in self._groups(gradients):
            rho, eps, lr = group["rho"], group["eps"], _array(group["lr"])
            for index, param, grad in _decayed(self, group, indices, grads):
                accum, accum_update = self.accum[index], self.accum_update[index]
                new_accum = rho * accum._data + (1 - rho) * grad * grad
                update = jnp.sqrt(accum_update._data + eps) / jnp.sqrt(new_accum + eps) * grad
                _set(accum, new_accum)
                _set(accum_update, rho * accum_update._data + (1 - rho) * update * update)
                _set(param, param._data - lr * update)
        return True


class Adagrad(_StepCounting):
    """`Adagrad(params, lr=0.01, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0,
    eps=1e-10, *, maximize=False)`: the step uses lr / (1 + (step - 1) · lr_decay)."""

    def __init__(self, params, lr=0.01, lr_decay=0.0, weight_decay=0.0,
                 initial_accumulator_value=0.0, eps=1e-10, *, maximize=False):
        _greater(lr, "lr", "Adagrad")
        _not_less(lr_decay, "lr_decay", "Adagrad")
        _not_less(weight_decay, "weight_decay", "Adagrad")
        _not_less(initial_accumulator_value, "initial_accumulator_value", "Adagrad")
        _greater(eps, "eps", "Adagrad")
        super().__init__(params, {"lr": lr, "lr_decay": lr_decay, "eps": eps,
                                  "weight_decay": weight_decay,
                                  "initial_accumulator_value": initial_accumulator_value,
                                  "maximize": maximize})
        self.accum = clone_states(self.parameters, "accum", initial_accumulator_value)
        self._make_step()

    def construct(self, gradients):
        done = self.step_t._data.astype(jnp.float32)  # MindSpore counts after the update
        for group, indices, grads in self._groups(gradients):
            lr = _array(group["lr"]) / (1 + done * group["lr_decay"])
            for index, param, grad in _decayed(self, group, indices, grads):
                accum = self.accum[index]
                new_accum = accum._data + grad * grad
                _set(accum, new_accum)
                _set(param, param._data - lr * grad / (jnp.sqrt(new_accum) + group["eps"]))
        self._advance()
        return True


class Adamax(_StepCounting):
    """`Adamax(params, lr=0.002, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.0, *,
    maximize=False)`: Adam with the infinity norm (`exp_inf.<name>`)."""

    def __init__(self, params, lr=0.002, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *,
                 maximize=False):
        _greater(lr, "lr", "Adamax")
        _not_less(weight_decay, "weight_decay", "Adamax")
        _greater(eps, "eps", "Adamax")
        _check_betas(betas, "Adamax")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "maximize": maximize})
        self._make_step()
        self.exp_avg = clone_states(self.parameters, "exp_avg", 0.0)
        self.exp_inf = clone_states(self.parameters, "exp_inf", 0.0)

    def construct(self, gradients):
        step = self._advance()
        for group, indices, grads in self._groups(gradients):
            beta1, beta2 = group["betas"]
            clr = _array(group["lr"]) / (1 - beta1 ** step)
            for index, param, grad in _decayed(self, group, indices, grads):
                exp_avg, exp_inf = self.exp_avg[index], self.exp_inf[index]
                new_avg = exp_avg._data * beta1 + grad * (1 - beta1)
                new_inf = jnp.maximum(exp_inf._data * beta2, jnp.abs(grad) + group["eps"])
                _set(exp_avg, new_avg)
                _set(exp_inf, new_inf)
                _set(param, param._data - clr * new_avg / new_inf)
        return True


class NAdam(_StepCounting):
    """`NAdam(params, lr=0.002, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.0,
    momentum_decay=0.004)`: Adam with Nesterov momentum (no `maximize`, as MindSpore's)."""

    def __init__(self, params, lr=0.002, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 momentum_decay=0.004):
        _greater(lr, "lr", "NAdam")
        _greater(eps, "eps", "NAdam")
        _not_less(weight_decay, "weight_decay", "NAdam")
        _not_less(momentum_decay, "momentum_decay", "NAdam")
        _check_betas(betas, "NAdam")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "momentum_decay": momentum_decay})
        self._make_step()
        self.exp_avg = clone_states(self.parameters, "exp_avg", 0.0)
        self.exp_avg_sq = clone_states(self.parameters, "exp_avg_sq", 0.0)
        self.mu_product = [Parameter(Tensor(1.0, mstype.float32), name="mu_product_" + p.name)
                           for p in self.parameters]

    def construct(self, gradients):
        step = self._advance()
        for group, indices, grads in self._groups(gradients):
            beta1, beta2 = group["betas"]
            lr, decay, eps = _array(group["lr"]), group["momentum_decay"], group["eps"]
            mu = beta1 * (1.0 - 0.5 * 0.96 ** (step * decay))
            mu_next = beta1 * (1.0 - 0.5 * 0.96 ** ((step + 1) * decay))
            for index, param, grad in _decayed(self, group, indices, grads):
                exp_avg, exp_avg_sq = self.exp_avg[index], self.exp_avg_sq[index]
                product = self.mu_product[index]._data * mu
                new_avg = exp_avg._data * beta1 + grad * (1 - beta1)
                new_sq = exp_avg_sq._data * beta2 + grad * grad * (1 - beta2)
                denom = jnp.sqrt(new_sq / (1 - beta2 ** step)) + eps
                new = param._data - lr * (1.0 - mu) / (1.0 - product) * grad / denom
                new = new - lr * mu_next / (1.0 - product * mu_next) * new_avg / denom
                for state, value in ((self.mu_product[index], product), (exp_avg, new_avg),
                                     (exp_avg_sq, new_sq), (param, new)):
                    _set(state, value)
        return True


class RAdam(_StepCounting):
    """`RAdam(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.0)`: rectified
    Adam (plain momentum SGD while the variance's rho_t ≤ 5)."""

    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        _greater(lr, "lr", "RAdam")
        _not_less(weight_decay, "weight_decay", "RAdam")
        _greater(eps, "eps", "RAdam")
        _check_betas(betas, "RAdam")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay})
        self._make_step()
        self.exp_avg = clone_states(self.parameters, "exp_avg", 0.0)
        self.exp_avg_sq = clone_states(self.parameters, "exp_avg_sq", 0.0)

    def construct(self, gradients):
        step = self._advance()
        for group, indices, grads in self._groups(gradients):
            beta1, beta2 = group["betas"]
            lr, eps = _array(group["lr"]), group["eps"]
            correction1, correction2 = 1 - beta1 ** step, 1 - beta2 ** step
            rho_inf = 2 / (1 - beta2) - 1
            rho_t = rho_inf - 2 * step * beta2 ** step / correction2
            rect = jnp.sqrt(jnp.maximum((rho_t - 4) * (rho_t - 2) * rho_inf
                                        / ((rho_inf - 4) * (rho_inf - 2) * rho_t), 0.0))
            for index, param, grad in _decayed(self, group, indices, grads):
                exp_avg, exp_avg_sq = self.exp_avg[index], self.exp_avg_sq[index]
                new_avg = exp_avg._data * beta1 + grad * (1 - beta1)
                new_sq = exp_avg_sq._data * beta2 + grad * grad * (1 - beta2)
                corrected = new_avg / correction1
                adaptive = jnp.sqrt(correction2) / (jnp.sqrt(new_sq) + eps)
                new = jnp.where(rho_t > 5.0, param._data - corrected * lr * adaptive * rect,
                                param._data - corrected * lr)
                for state, value in ((exp_avg, new_avg), (exp_avg_sq, new_sq), (param, new)):
                    _set(state, value)
        return True


class RMSprop(Optimizer):
    """`RMSprop(params, lr=0.01, alpha=0.99, eps=1e-08, weight_decay=0.0, momentum=0.0,
    centered=False, maximize=False)`."""

    def __init__(self, params, lr=0.01, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0,
                 centered=False, maximize=False):
        _greater(lr, "lr", "RMSprop")
        _not_less(alpha, "alpha", "RMSprop")
        _greater(eps, "eps", "RMSprop")
        _not_less(momentum, "momentum", "RMSprop")
        _not_less(weight_decay, "weight_decay", "RMSprop")
        super().__init__(params, {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps,
                                  "centered": centered, "weight_decay": weight_decay,
                                  "maximize": maximize})
        self.mean_grad = clone_states(self.parameters, "mean_grad", 0.0)
        self.mean_square = clone_states(self.parameters, "mean_square", 0.0)
        self.moment = clone_states(self.parameters, "moment", 0.0)

    def construct(self, gradients):
        for group, indices, grads in self._groups(gradients):
            alpha, eps, momentum = group["alpha"], group["eps"], group["momentum"]
            lr = _array(group["lr"])
            for index, param, grad in _decayed(self, group, indices, grads):
                square = self.mean_square[index]._data * alpha + (1 - alpha) * grad * grad
                _set(self.mean_square[index], square)
                if group["centered"]:
                    mean = self.mean_grad[index]._data * alpha + grad * (1 - alpha)
                    _set(self.mean_grad[index], mean)
                    avg = jnp.sqrt(square - mean * mean) + eps
                else:
                    avg = jnp.sqrt(square) + eps
                if momentum > 0:
                    moment = self.moment[index]._data * momentum + grad / avg
                    _set(self.moment[index], moment)
                    _set(param, param._data - moment * lr)
                else:
                    _set(param, param._data - lr * grad / avg)
        return True


class Rprop(_StepCounting):
    """`Rprop(params, lr=0.01, etas=(0.5, 1.2), step_sizes=(1e-06, 50), *, maximize=False)`:
    resilient backpropagation (per-element step sizes in `step_size.<name>`)."""

    def __init__(self, params, lr=0.01, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
                 maximize=False):
        _greater(lr, "lr", "Rprop")
        _greater(etas[1], "etas[1]", "Rprop", 1.0)
        _in_range(etas[0], "etas[0]", "Rprop", False, False)
        super().__init__(params, {"lr": lr, "etas": etas, "step_sizes": step_sizes,
                                  "maximize": maximize})
        self.prev = clone_states(self.parameters, "prev", 0.0)
        self.step_size = clone_states(self.parameters, "step_size", 0.0)
        self._make_step()

    def construct(self, gradients):
        step = self._advance()
        for group, indices, grads in self._groups(gradients):
            minus, plus = group["etas"]
            low, high = group["step_sizes"]
            lr = _array(group["lr"])
            for index, grad in zip(indices, grads):
                param, prev, size = self.parameters[index], self.prev[index], self.step_size[index]
                grad = grad.astype(param._data.dtype)
                current = jnp.where(step == 1, jnp.ones_like(size._data) * lr, size._data)
                sign = jnp.sign(grad * prev._data)
                factor = jnp.where(sign > 0, plus, jnp.where(sign < 0, minus, 1.0))
                new_size = jnp.clip(current * factor, low, high)
                kept = jnp.where(sign < 0, 0.0, grad)
                _set(size, new_size)
                _set(prev, kept)
                _set(param, param._data - jnp.sign(kept) * new_size)
        return True
