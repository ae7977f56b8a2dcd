"""MindSpore's adaptive-rate optimizers beyond Adam: `nn.RMSProp`, `nn.Adagrad`, `nn.AdaMax`,
`nn.Adadelta`, `nn.Lamb`, `nn.Rprop` and `nn.ASGD`.

Each keeps its state in Parameters named as MindSpore names them (`mean_square.<name>`,
`accum.<name>`, `lamb_m.<name>`, ...), so MindSpore checkpoints of a training run load, and runs
the update of MindSpore's kernel (ApplyRMSProp, ApplyAdagrad, ApplyAdaMax, ApplyAdadelta, Lamb)
per parameter as one jitted function on arrays. Weight decay, gradient centralisation, loss
scale and learning-rate schedules are the base Optimizer's.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.nn.optim.optimizer import Optimizer, _array, _success, clone_states
from msjax._src.ops.adapters import scalar_like
from msjax._src.ops.ftrl_ops import apply_ftrl
from msjax._src.ops.state_ops import assign
from msjax._src.core.parameter import Parameter, ParameterTuple
from msjax._src.core.tensor import Tensor, _wrap


def _write(pairs):
    for state, value in pairs:
        assign(state, _wrap(value))


# -- the kernels, on arrays ---------------------------------------------------------------------
@jax.jit
def apply_rmsprop(weight, mean_square, moment, lr, grad, decay, momentum, epsilon):
    """ApplyRMSProp: ms = decay·ms + (1 - decay)·g²; mom = momentum·mom + lr·g / sqrt(ms + eps);
    w -= mom."""
    dtype = weight.dtype
    decay, momentum, epsilon, lr = (jnp.asarray(v, dtype) for v in (decay, momentum, epsilon, lr))
    mean_square = decay * mean_square + (1 - decay) * grad * grad
    moment = momentum * moment + lr * grad / jnp.sqrt(mean_square + epsilon)
    return weight - moment, mean_square, moment


@jax.jit
def apply_centered_rmsprop(weight, mean_grad, mean_square, moment, grad, lr, decay, momentum,
                           epsilon):
    """ApplyCenteredRMSProp: as RMSProp with the variance ms - mg² in place of ms."""
    dtype = weight.dtype
    decay, momentum, epsilon, lr = (jnp.asarray(v, dtype) for v in (decay, momentum, epsilon, lr))
    mean_grad = decay * mean_grad + (1 - decay) * grad
    mean_square = decay * mean_square + (1 - decay) * grad * grad
    moment = momentum * moment + lr * grad / jnp.sqrt(mean_square - mean_grad * mean_grad + epsilon)
    return weight - moment, mean_grad, mean_square, moment


@functools.partial(jax.jit, static_argnames=("update_slots",))
def apply_adagrad(weight, accum, lr, grad, update_slots=True):
    """ApplyAdagrad: accum += g² (with update_slots); w -= lr·g / sqrt(accum)."""
    if update_slots:
        accum = accum + grad * grad
    return weight - lr.astype(weight.dtype) * grad / jnp.sqrt(accum), accum


@jax.jit
def apply_adamax(weight, moment1, moment2, beta1_power, lr, beta1, beta2, eps, grad):
    """ApplyAdaMax: m = β1·m + (1 - β1)·g; v = max(β2·v, |g|); w -= lr / (1 - β1^t) · m / (v + eps)."""
    moment1 = beta1 * moment1 + (1 - beta1) * grad
    moment2 = jnp.maximum(beta2 * moment2, jnp.abs(grad))
    weight = weight - lr / (1 - beta1_power) * moment1 / (moment2 + eps)
    return weight, moment1, moment2


@jax.jit
def apply_adadelta(weight, accum, accum_update, lr, rho, epsilon, grad):
    """ApplyAdadelta: accum = ρ·accum + (1 - ρ)·g²; u = sqrt(accum_update + eps) / sqrt(accum + eps)·g;
    accum_update = ρ·accum_update + (1 - ρ)·u²; w -= lr·u."""
    dtype = weight.dtype
    rho, epsilon, lr = (jnp.asarray(v, dtype) for v in (rho, epsilon, lr))
    accum = rho * accum + (1 - rho) * grad * grad
    update = jnp.sqrt(accum_update + epsilon) / jnp.sqrt(accum + epsilon) * grad
    accum_update = rho * accum_update + (1 - rho) * update * update
    return weight - lr * update, accum, accum_update


@jax.jit
def apply_lamb(param, m, v, lr, beta1, beta2, eps, weight_decay, global_step, grad):
    """MindSpore's Lamb kernel: Adam's bias-corrected direction plus weight decay, scaled by the
    trust ratio ‖w‖ / ‖direction‖ (1 where either norm is 0)."""
    dtype = param.dtype
    step = global_step.astype(jnp.float32)
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad * grad
    m_hat = m / (1 - jnp.power(beta1, step))
    v_hat = v / (1 - jnp.power(beta2, step))
    update = m_hat / (jnp.sqrt(v_hat) + eps) + weight_decay * param
    w_norm = jnp.linalg.norm(param.astype(jnp.float32))
    g_norm = jnp.linalg.norm(update.astype(jnp.float32))
    one = jnp.float32(1.0)  # (a Python 1.0 given to `where` is a float64 value: core/x64.py)
    trust = jnp.where(w_norm > 0, jnp.where(g_norm > 0, w_norm / g_norm, one), one)
    return (param - (lr * trust * update).astype(dtype)), m, v


def _like(param, *hyperparameters):
    """Python numbers among an optimizer's hyper-parameters as scalars of the Parameter's dtype,
    which its kernel computes in (as Python floats, a jitted kernel takes them as float64
    arguments while msjax's 64-bit types are on: core/x64.py)."""
    return tuple(scalar_like(h, param._data) for h in hyperparameters)


def _scalar_array(value):
    return jnp.reshape(_array(value), ()).astype(jnp.float32)


# -- the optimizers -------------------------------------------------------------------------------
class RMSProp(Optimizer):
    """`nn.RMSProp(params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10,
    use_locking=False, centered=False, loss_scale=1.0, weight_decay=0.0)`.

    States: `mean_square.<name>` (ones), `moment.<name>` (zeros) and, centred,
    `mean_grad.<name>` (zeros)."""

    def __init__(self, params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10,
                 use_locking=False, centered=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        name = self.cls_name
        checks.check_value_type("decay", decay, [float], name)
        checks.check_non_negative_float(decay, "decay", name)
        checks.check_value_type("momentum", momentum, [float], name)
        checks.check_non_negative_float(momentum, "momentum", name)
        checks.check_value_type("epsilon", epsilon, [float], name)
        checks.check_positive_float(epsilon, "epsilon", name)
        checks.check_value_type("use_locking", use_locking, [bool], name)
        checks.check_value_type("centered", centered, [bool], name)
        self.centered = centered
        if centered:
            self.mg = clone_states(self._parameters, "mean_grad", 0.0)
        self.momentum = momentum
        self.ms = clone_states(self._parameters, "mean_square", 1.0)
        self.moment = clone_states(self._parameters, "moment", 0.0)
        self.epsilon = epsilon
        self.decay = decay

    def construct(self, gradients):
        gradients, lr = self._prepare_step(gradients)
        for index, (param, grad, step_lr) in enumerate(zip(self._parameters, gradients,
                                                           self._per_parameter_lr(lr))):
            ms, moment = self.ms[index], self.moment[index]
            if self.centered:
                mg = self.mg[index]
                new = apply_centered_rmsprop(param._data, mg._data, ms._data, moment._data,
                                             _array(grad), step_lr,
                                             *_like(param, self.decay, self.momentum, self.epsilon))
                _write(zip((param, mg, ms, moment), new))
            else:
                new = apply_rmsprop(param._data, ms._data, moment._data, step_lr, _array(grad),
                                    *_like(param, self.decay, self.momentum, self.epsilon))
                _write(zip((param, ms, moment), new))
        return _success(self.param_length)


class Adagrad(Optimizer):
    """`nn.Adagrad(params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0,
    weight_decay=0.0)`. State: `accum.<name>` (filled with `accum`). With `update_slots=False`
    `accum` stays fixed, as documented (MindSpore's CPU kernel updates it anyway)."""

    def __init__(self, params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        checks.check_value_type("accum", accum, [float], self.cls_name)
        checks.check_value_type("update_slots", update_slots, [bool], self.cls_name)
        checks.check_non_negative_float(accum, "accum", self.cls_name)
        self.accum = clone_states(self._parameters, "accum", accum)
        self._update_slots = update_slots

    def construct(self, grads):
        grads, lr = self._prepare_step(grads)
        for param, accum, grad, step_lr in zip(self._parameters, self.accum, grads,
                                               self._per_parameter_lr(lr)):
            new = apply_adagrad(param._data, accum._data, step_lr, _array(grad),
                                self._update_slots)
            _write(zip((param, accum), new))
        return _success(self.param_length)


def _check_betas_eps(beta1, beta2, eps, name):
    checks.check_value_type("beta1", beta1, [float], name)
    checks.check_value_type("beta2", beta2, [float], name)
    checks.check_value_type("eps", eps, [float], name)
    checks.check_open_float_range(beta1, 0.0, 1.0, "beta1", name)
    checks.check_open_float_range(beta2, 0.0, 1.0, "beta2", name)
    checks.check_positive_float(eps, "eps", name)


class AdaMax(Optimizer):
    """`nn.AdaMax(params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08,
    weight_decay=0.0, loss_scale=1.0)`. States: `beta1_power` ([1], ones), `moment1.<name>`,
    `moment2.<name>`."""

    def __init__(self, params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08,
                 weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_betas_eps(beta1, beta2, eps, self.cls_name)
        self.beta1 = Tensor(beta1, mstype.float32)
        self.beta2 = Tensor(beta2, mstype.float32)
        self.beta1_power = Parameter(Tensor([1.0], mstype.float32), name="beta1_power")
        self.eps = Tensor(eps, mstype.float32)
        self.moment1 = clone_states(self._parameters, "moment1", 0.0)
        self.moment2 = clone_states(self._parameters, "moment2", 0.0)

    def construct(self, gradients):
        gradients, lr = self._prepare_step(gradients)
        beta1_power = self.beta1_power._data * self.beta1._data
        assign(self.beta1_power, _wrap(beta1_power))
        for param, m1, m2, grad, step_lr in zip(self._parameters, self.moment1, self.moment2,
                                                gradients, self._per_parameter_lr(lr)):
            new = apply_adamax(param._data, m1._data, m2._data, beta1_power, step_lr,
                               self.beta1._data, self.beta2._data, self.eps._data, _array(grad))
            _write(zip((param, m1, m2), new))
        return _success(self.param_length)


class Adadelta(Optimizer):
    """`nn.Adadelta(params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0,
    weight_decay=0.0)`. States: `accum.<name>`, `accum_update.<name>` (zeros)."""

    def __init__(self, params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        checks.check_value_type("rho", rho, [float], self.cls_name)
        checks.check_value_type("epsilon", epsilon, [float], self.cls_name)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"For '{self.cls_name}', the 'rho' must be in range of [0.0, 1.0], "
                             f"but got {rho} with type '{type(rho).__name__}'.")
        checks.check_non_negative_float(epsilon, "epsilon", self.cls_name)
        self.accum = clone_states(self.parameters, "accum", 0.0)
        self.accum_update = clone_states(self.parameters, "accum_update", 0.0)
        self.rho = rho
        self.epsilon = epsilon

    def construct(self, grads):
        if not isinstance(grads, tuple) or not isinstance(grads[0], Tensor):
            raise TypeError("For 'Adadelta', the 'grads' must be a tuple of Tensor.")
        grads, lr = self._prepare_step(grads)
        for param, accum, update, grad, step_lr in zip(self._parameters, self.accum,
                                                       self.accum_update, grads,
                                                       self._per_parameter_lr(lr)):
            new = apply_adadelta(param._data, accum._data, update._data, step_lr,
                                 *_like(param, self.rho, self.epsilon), _array(grad))
            _write(zip((param, accum, update), new))
        return _success(self.param_length)


class Lamb(Optimizer):
    """`nn.Lamb(params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0)`:
    layer-wise adaptive moments. States: `lamb_m.<name>`, `lamb_v.<name>` (zeros). Weight decay
    enters the update (not the gradient) for parameters whose decay flag is set."""

    def __init__(self, params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _check_betas_eps(beta1, beta2, eps, self.cls_name)
        self.beta1 = Tensor([beta1], mstype.float32)
        self.beta2 = Tensor([beta2], mstype.float32)
        self.eps = Tensor([eps], mstype.float32)
        self.params = self._parameters
        self.moments1 = clone_states(self.params, "lamb_m", 0.0)
        self.moments2 = clone_states(self.params, "lamb_v", 0.0)
        self.device_ascend = False

    def construct(self, gradients):
        weight_decay = self.get_weight_decay()
        lr = self.get_lr()
        self._increase_global_step()
        gradients = self.gradients_centralization(gradients)
        decays = weight_decay if self.is_group else (weight_decay,) * self.param_length
        step = self.global_step._data
        beta1, beta2, eps = (_scalar_array(v) for v in (self.beta1, self.beta2, self.eps))
        for param, m, v, grad, step_lr, decay, flag in zip(
                self.params, self.moments1, self.moments2, gradients, self._per_parameter_lr(lr),
                decays, self.decay_flags):
            decay_value = _scalar_array(decay) if flag else jnp.float32(0.0)
            new = apply_lamb(param._data, m._data, v._data, _scalar_array(step_lr), beta1, beta2,
                             eps, decay_value, jnp.reshape(step, ()), _array(grad))
            _write(zip((param, m, v), new))
        return _success(self.param_length)


class Rprop(Optimizer):
    """`nn.Rprop(params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.0),
    weight_decay=0.0)`: resilient back-propagation, each weight's step grown by etaplus while
    its gradient keeps its sign and shrunk by etaminus (skipping that update) when it flips.
    States: `prev.<name>`, `step_size.<name>`."""

    def __init__(self, params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.0),
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        if not isinstance(etas, tuple):
            raise TypeError(f"For Rprop, etas must be a tuple, but got {type(etas)}.")
        if len(etas) != 2:
            raise ValueError(f"For Rprop, etas must be a tuple with the size of 2, but got "
                             f"{len(etas)}.")
        if not isinstance(step_sizes, tuple):
            raise TypeError(f"For Rprop, step_sizes must be a tuple, but got {type(etas)}.")
        if len(step_sizes) != 2:
            raise ValueError("For Rprop, step_sizes must be a tuple with the size of 2, but got "
                             f"{len(step_sizes)}.")
        if step_sizes[0] > step_sizes[1]:
            raise ValueError("For Rprop, maximal step size should not be less than minimal step "
                             f"size, but got {step_sizes[0]} > {step_sizes[1]}.")
        checks.check_open_float_range(etas[0], 0.0, 1.0, "etaminus", self.cls_name)
        checks.check_value_type("etaplus", etas[1], [float], self.cls_name)
        if etas[1] <= 1.0:
            raise ValueError(f"For Rprop, etaplus must be greater than 1.0, but got etaplus "
                             f"{etas[1]}.")
        checks.check_value_type("min_step_sizes", step_sizes[0], [float], self.cls_name)
        checks.check_value_type("max_step_sizes", step_sizes[1], [float], self.cls_name)
        self.etaminus, self.etaplus = etas
        self.step_size_min, self.step_size_max = step_sizes
        self.prev = clone_states(self._parameters, "prev", 0.0)
        self.step_size = clone_states(self._parameters, "step_size", 0.0)

    def construct(self, gradients):
        gradients, lrs = self._prepare_step(gradients)
        first = jnp.reshape(self.global_step._data, ()) == 1
        for param, prev, step_size, grad, lr in zip(self._parameters, self.prev, self.step_size,
                                                    gradients, self._per_parameter_lr(lrs)):
            new = apply_rprop(param._data, prev._data, step_size._data, _array(grad), lr, first,
                              self.etaminus, self.etaplus, self.step_size_min,
                              self.step_size_max)
            _write(zip((param, prev, step_size), new))
        return _success(self.param_length)


@jax.jit
def apply_rprop(param, prev, step_size, grad, lr, first, etaminus, etaplus, step_min, step_max):
    compute = param.dtype if param.dtype in (jnp.float16, jnp.bfloat16) else jnp.float32
    step = jnp.where(first, jnp.ones_like(step_size, compute) * lr.astype(compute),
                     step_size.astype(compute))
    g = grad.astype(compute)
    sign = jnp.sign(g * prev.astype(compute))
    factor = jnp.where(sign > 0, jnp.asarray(etaplus, compute),
                       jnp.where(sign < 0, jnp.asarray(etaminus, compute), 1.0))
    step = jnp.clip(step * factor, step_min, step_max)
    update = jnp.where(factor == jnp.asarray(etaminus, compute), 0.0, g)
    new_param = param.astype(compute) - jnp.sign(update) * step
    return (new_param.astype(param.dtype), update.astype(prev.dtype),
            step.astype(step_size.dtype))


class ASGD(Optimizer):
    """`nn.ASGD(params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0)`:
    averaged SGD. States: `mu_<name>`, `eta_<name>` (Float32 scalars) and `ax_.<name>` (the
    running average of the weights)."""

    def __init__(self, params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        checks.check_value_type("lambd", lambd, [float], self.cls_name)
        checks.check_value_type("alpha", alpha, [float], self.cls_name)
        checks.check_value_type("t0", t0, [float], self.cls_name)
        self.lambd = lambd
        self.alpha = alpha
        self.t0 = Tensor([t0], mstype.float32)
        self.mu = ParameterTuple([Parameter(Tensor(1.0, mstype.float32), name=f"mu_{p.name}")
                                  for p in self._parameters])
        self.eta = ParameterTuple([Parameter(Tensor(0.0, mstype.float32), name=f"eta_{p.name}")
                                   for p in self._parameters])
        self.lens = len(self._parameters)
        self.ax = clone_states(self._parameters, "ax_", 0.0)

    def construct(self, gradients):
        gradients, lrs = self._prepare_step(gradients)
        step = jnp.reshape(self.global_step._data, ()).astype(jnp.float32)
        for param, mu, eta, ax, grad, lr in zip(self._parameters, self.mu, self.eta, self.ax,
                                                gradients, self._per_parameter_lr(lrs)):
            new = apply_asgd(param._data, mu._data, eta._data, ax._data, _array(grad),
                             jnp.reshape(lr, ()), step, self.lambd, self.alpha, self.t0._data)
            _write(zip((param, mu, eta, ax), new))
        return _success(self.param_length)


@jax.jit
def apply_asgd(param, mu, eta, ax, grad, lr, step, lambd, alpha, t0):
    eta = jnp.where(step == 1, lr, eta)
    w = param.astype(jnp.float32) * (1.0 - lambd * eta) - eta * grad.astype(jnp.float32)
    new_param = w.astype(param.dtype)
    ax = jnp.where(mu != 1, ax + ((w - ax.astype(jnp.float32)) * mu).astype(ax.dtype), new_param)
    new_eta = lr / jnp.power(1.0 + lambd * lr * step, alpha)
    new_mu = 1.0 / jnp.maximum(1.0, step - t0[0])
    return new_param, new_mu.astype(mu.dtype), new_eta.astype(eta.dtype), ax


class FTRL(Optimizer):
    """`nn.FTRL(params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0,
    use_locking=False, loss_scale=1.0, weight_decay=0.0)` (deprecated in MindSpore 2.9): follow
    the regularised leader. States: `moments.<name>` (filled with `initial_accum`) and
    `linear.<name>`. A fixed learning rate only, as in MindSpore."""

    def __init__(self, params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0,
                 l2=0.0, use_locking=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale=loss_scale)
        name = self.cls_name
        if self.dynamic_lr or self.is_group_lr:
            raise ValueError("For 'FTRL', dynamic learning rate and group learning rate are "
                             "currently not supported in FTRL, they should all be false, but got "
                             f"dynamic learning rate {self.dynamic_lr} and group learning rate "
                             f"{self.is_group_lr}.")
        checks.check_value_type("initial_accum", initial_accum, [float], name)
        checks.check_non_negative_float(initial_accum, "initial_accum", name)
        checks.check_value_type("learning_rate", learning_rate, [float], name)
        checks.check_positive_float(learning_rate, "learning_rate", name)
        checks.check_value_type("lr_power", lr_power, [float], name)
        if lr_power > 0:
            raise ValueError(f"For '{name}', the argument 'lr_power' must <= 0.0, but got "
                             f"{lr_power}.")
        checks.check_value_type("l1", l1, [float], name)
        checks.check_non_negative_float(l1, "l1", name)
        checks.check_value_type("l2", l2, [float], name)
        checks.check_non_negative_float(l2, "l2", name)
        checks.check_value_type("use_locking", use_locking, [bool], name)
        self.moments = clone_states(self._parameters, "moments", initial_accum)
        self.linear = clone_states(self._parameters, "linear", 0.0)
        self.l1 = l1
        self.l2 = l2
        self.lr = learning_rate
        self.lr_power = lr_power
        if not self.is_group:
            self.decay_flags = tuple(True for _ in self._parameters)
        self.use_locking = use_locking

    def construct(self, grads):
        grads, lr = self._prepare_step(grads)
        for param, moment, linear, grad in zip(self._parameters, self.moments, self.linear, grads):
            value = param._data
            new = apply_ftrl(value, moment._data, linear._data, _array(grad),
                             _array(lr).astype(value.dtype),
                             *_like(param, self.l1, self.l2, self.lr_power))
            _write(zip((param, moment, linear), new))
        return _success(self.param_length)

    @Optimizer.target.setter
    def target(self, value):
        if not isinstance(value, str):
            raise TypeError("For 'FTRL', the property 'target' must be string type, but got type "
                            f"{type(value)}.")
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError("For 'FTRL', the property 'target' must be 'CPU', 'Ascend' or 'GPU', "
                             f"but got {value}.")
        self._target = value
