"""MindSpore's optimizer Primitives of the Adagrad, AdaMax, Adadelta, FTRL, RMSProp, Adam and sign
families, plain gradient descent and SGD with momentum (`_sgd`): each updates its Parameters
(`var` and its slots) in place and returns their new values, as MindSpore 2.10's CPU kernels
compute them (tests/goldens/ops/ops14_optimizer_probe.out, ops14_optimizer2_probe.out,
ops14_fused_sparse_probe.out, miss17_sparse_primitives_probe.out). Everything is computed
before anything is written: a call that fails leaves every Parameter as it was.

- `ApplyAdaMax()(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad)`:
  `m = beta1·m + (1 - beta1)·g`, `v = max(beta2·v, |g|)`,
  `var -= lr / (1 - beta1_power) · m / (v + epsilon)`; returns (var, m, v).
- `ApplyAdadelta()(var, accum, accum_update, lr, rho, epsilon, grad)`:
  `accum = rho·accum + (1 - rho)·g²`, `update = sqrt(accum_update + epsilon) /
  sqrt(accum + epsilon)·g`, `accum_update = rho·accum_update + (1 - rho)·update²`,
  `var -= lr·update`; returns (var, accum, accum_update).
- `ApplyAdagrad(update_slots=True)(var, accum, lr, grad)`: `accum += g²`,
  `var -= lr·g / sqrt(accum)`; MindSpore's CPU kernel updates `accum` whatever `update_slots`
  says, and so does msjax. `ApplyAdagradV2(epsilon, update_slots=True)`: `var -= lr·g /
  (sqrt(accum) + epsilon)`, `accum` left as it was when `update_slots` is False.
- `SparseApplyAdagrad(lr, update_slots=True, use_locking=False)(var, accum, grad, indices)` and
  `SparseApplyAdagradV2(lr, epsilon, use_locking=False, update_slots=True)`: the same on the rows
  `indices` of `var` and `accum` (`grad` holds one row per index); V2 divides by
  `sqrt(accum + epsilon)` there, as MindSpore's CPU kernel does. Repeated indices: their
  squared gradients all reach `accum`, and each row's step is taken with that final `accum`
  (MindSpore leaves the result undefined; its CPU kernel's differs, docs/migration.md).
- `ApplyAddSign()(var, m, lr, alpha, sign_decay, beta, grad)`: `m = beta·m + (1 - beta)·g`,
  `var -= lr·(alpha + sign_decay·sign(g)·sign(m))·g`; `ApplyPowerSign()(var, m, lr, logbase,
  sign_decay, beta, grad)`: `var -= lr·exp(logbase·sign_decay·sign(g)·sign(m))·g`; both return
  (var, m).
- `ApplyFtrl(use_locking=False)(var, accum, linear, grad, lr, l1, l2, lr_power)`: FTRL-proximal
  (ops/ftrl_ops.py) for accum and linear, then `var = (l1 - linear) / quadratic` where
  `|linear| > l1`, else 0: MindSpore's CPU kernel shrinks towards +l1 whatever linear's sign
  (its SparseApplyFtrl towards sign(linear)·l1); returns var.
- `ApplyProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad)`: `accum += g²`,
  `lr_t = lr / sqrt(accum)`, `p = var - lr_t·g`, `var = sign(p)·max(|p| - lr_t·l1, 0) /
  (1 + lr_t·l2)`; returns (var, accum).
- `SparseApplyRMSProp(rho, momentum, epsilon, use_locking=False)(var, ms, mom, lr, grad,
  indices)`: for the rows `indices` (grad of var's shape, one row per index), `ms = rho·ms +
  (1 - rho)·g²`, `mom = momentum·mom + lr·g / sqrt(ms + epsilon)`, `var -= mom`; returns (var,
  ms, mom).
- `ApplyCenteredRMSProp(use_locking=False)(var, mean_gradient, mean_square, moment, grad,
  learning_rate, decay, momentum, epsilon)`: `mg = decay·mg + (1 - decay)·g`, `ms = decay·ms +
  (1 - decay)·g²`, `mom = momentum·mom + lr·g / sqrt(ms - mg² + epsilon)`, `var -= mom`; returns
  zeros of var's shape (MindSpore's CPU kernel's output).
- `FusedSparseProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad, indices)`:
  ApplyProximalAdagrad on the rows `indices`; `FusedSparseAdam(use_locking=False,
  use_nesterov=False)(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad,
  indices)`: Adam with the gradient's rows at `indices` (m and v decay on every row, var steps
  on every row, with Nesterov's momentum on the rows `indices` only); `FusedSparseLazyAdam`: the
  same on the rows `indices` only. These return the new var and zeros of each slot's shape (their
  outputs in MindSpore's CPU kernels, which its documentation calls useless).
- `ApplyGradientDescent()(var, alpha, delta)`: `var -= alpha·delta`;
  `ApplyProximalGradientDescent()(var, alpha, l1, l2, delta)`: `p = var - alpha·delta`,
  `var = sign(p)·max(|p| - alpha·l1, 0) / (1 + alpha·l2)`; both return var.

Hyperparameters are Tensors (one value; ApplyAdaMax refuses one of more along its first axis) or
Python numbers. Everything is computed in float32, as MindSpore's CPU kernels compute it, and
stored back in the Parameters' dtype (float16, float32 or float64).
"""
from __future__ import annotations

import inspect

import jax.numpy as jnp
import numpy as np

from msjax._src.core import checkparam as validator
from msjax._src.core import dtype as mstype
from msjax._src.core import x64
from msjax._src.core.tensor import Tensor
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.adapters import tensor_input
from msjax._src.ops.ftrl_ops import apply_ftrl
from msjax._src.ops.legacy_ops import _write_all
from msjax._src.ops.registry import primitive, unwrap

_SIDE_EFFECT = shown.with_attrs(side_effect_mem=True)


def _shape_text(shape):
    return "(" + ", ".join(str(d) for d in shape) + ")"


def _work_dtype(var):
    """float32: MindSpore's CPU kernels take float16 and float32; it computes a float16 or float64
    Parameter's update in float32 and stores it back in the Parameter's dtype (golden case
    "adagrad float64")."""
    return jnp.dtype(jnp.float32)


def _scalars(name, var, checked=False, **values):
    """The hyperparameters as arrays of the working dtype. `checked`: ApplyAdaMax's check, which
    refuses one whose first axis is longer than 1 (MindSpore's message calls that length the
    rank: golden case "adamax lr rank")."""
    work = _work_dtype(var)
    arrays = []
    for argument, value in values.items():
        array = jnp.asarray(unwrap(value))
        if checked and array.ndim and array.shape[0] > 1:
            raise ValueError(f"For primitive[{name}], the {argument.replace('_', ' ')}'s rank "
                             f"must be less than or equal to 1, but got {array.shape[0]}.")
        arrays.append(array.astype(work))
    return arrays


_SHAPE_ERRORS = {  # MindSpore's wordings of "not var's shape"
    "and": ("For '{name}', evaluator arg '{argument}' and 'var' must have the same shape. But got "
            "'{argument}' shape: {shape}, 'var' shape: {var_shape}."),
    "as": ("For '{name}', evaluator arg '{argument}' must have the same shape as 'var'. But got "
           "'{argument}' shape:{gap}{shape}, 'var' shape: {var_shape}."),
    "bare": ("For '{name}', '{argument}' must have the same shape as 'var'. But got '{argument}' "
             "shape: {shape}, 'var' shape: {var_shape}."),
}


def _same_shape(name, target, wording="and", **tensors):
    """Each of `tensors` (var, its slots and the gradient) as an array of the shape of var (the
    Parameter `target`) in the working dtype; MindSpore's ValueError for one of another shape
    (in the `wording` of `_SHAPE_ERRORS` the Primitive uses)."""
    shape, work = unwrap(target).shape, _work_dtype(target)
    arrays = []
    for argument, value in tensors.items():
        array = jnp.asarray(unwrap(value))
        if array.shape != shape:
            raise ValueError(_SHAPE_ERRORS[wording].format(
                name=name, argument=argument, shape=_shape_text(array.shape),
                var_shape=_shape_text(shape), gap="  " if name == "ApplyFtrl" else " "))
        arrays.append(array.astype(work))
    return arrays


def _stored(boxes, values):
    """Write `values` into `boxes` in the boxes' own dtypes; their new values as Tensors."""
    return _write_all(boxes, [v.astype(unwrap(b).dtype) for b, v in zip(boxes, values)])


# -- dense updates ---------------------------------------------------------------------------------
@x64.scoped
def _apply_ada_max(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
    w, m0, v0, g = _same_shape("ApplyAdaMax", var, var=var, m=m, v=v, grad=grad)
    b1_power, rate, b1, b2, eps = _scalars("ApplyAdaMax", var, True, beta1_power=beta1_power, lr=lr,
                                           beta1=beta1, beta2=beta2, epsilon=epsilon)
    m1 = b1 * m0 + (1 - b1) * g
    v1 = jnp.maximum(b2 * v0, jnp.abs(g))
    w1 = w - rate / (1 - b1_power) * (m1 / (v1 + eps))
    return _stored((var, m, v), (w1, m1, v1))


@x64.scoped
def _apply_adadelta(var, accum, accum_update, lr, rho, epsilon, grad):
    w, acc, acc_up, g = _same_shape("ApplyAdadelta", var, var=var, accum=accum,
                                    accum_update=accum_update, grad=grad)
    rate, r, eps = _scalars("ApplyAdadelta", var, lr=lr, rho=rho, epsilon=epsilon)
    acc1 = r * acc + (1 - r) * g * g
    update = jnp.sqrt(acc_up + eps) / jnp.sqrt(acc1 + eps) * g
    acc_up1 = r * acc_up + (1 - r) * update * update
    return _stored((var, accum, accum_update), (w - rate * update, acc1, acc_up1))


def _adagrad_step(name, var, accum, lr, grad, epsilon, update_slots):
    w, acc, g = _same_shape(name, var, var=var, accum=accum, grad=grad)
    (rate,) = _scalars(name, var, lr=lr)
    acc1 = acc + g * g
    used = acc1 if update_slots else acc
    denominator = jnp.sqrt(used) if epsilon is None else jnp.sqrt(used) + epsilon
    return _stored((var, accum), (w - rate * g / denominator, used))


@x64.scoped
def _apply_adagrad(var, accum, lr, grad, update_slots=True):
    # (MindSpore's CPU kernel updates accum whatever update_slots says: golden "adagrad no slots")
    return _adagrad_step("ApplyAdagrad", var, accum, lr, grad, None, True)


@x64.scoped
def _apply_adagrad_v2(var, accum, lr, grad, epsilon=None, update_slots=True):
    return _adagrad_step("ApplyAdagradV2", var, accum, lr, grad,
                         jnp.asarray(epsilon, _work_dtype(var)), update_slots)


def _sign_step(name, var, m, lr, base, sign_decay, beta, grad, scale):
    w, m0, g = _same_shape(name, var, var=var, m=m, grad=grad)
    rate, b, decay, beta_ = _scalars(name, var, lr=lr, base=base, sign_decay=sign_decay,
                                     beta=beta)
    m1 = beta_ * m0 + (1 - beta_) * g
    return _stored((var, m), (w - rate * scale(b, decay * jnp.sign(g) * jnp.sign(m1)) * g, m1))


@x64.scoped
def _apply_add_sign(var, m, lr, alpha, sign_decay, beta, grad):
    return _sign_step("ApplyAddSign", var, m, lr, alpha, sign_decay, beta, grad,
                      lambda alpha_, signed: alpha_ + signed)


@x64.scoped
def _apply_power_sign(var, m, lr, logbase, sign_decay, beta, grad):
    return _sign_step("ApplyPowerSign", var, m, lr, logbase, sign_decay, beta, grad,
                      lambda logbase_, signed: jnp.exp(logbase_ * signed))


@x64.scoped
def _apply_gradient_descent(var, alpha, delta):
    w, d = _same_shape("ApplyGradientDescent", var, var=var, delta=delta)
    (a,) = _scalars("ApplyGradientDescent", var, alpha=alpha)
    return _stored((var,), (w - a * d,))[0]


@x64.scoped
def _apply_proximal_gradient_descent(var, alpha, l1, l2, delta):
    w, d = _same_shape("ApplyProximalGradientDescent", var, var=var, delta=delta)
    a, l1_, l2_ = _scalars("ApplyProximalGradientDescent", var, alpha=alpha, l1=l1, l2=l2)
    p = w - a * d
    shrunk = jnp.sign(p) * jnp.maximum(jnp.abs(p) - a * l1_, 0)
    return _stored((var,), (shrunk / (1 + a * l2_),))[0]


@x64.scoped
def _apply_ftrl(var, accum, linear, grad, lr, l1, l2, lr_power, use_locking=False):
    w, acc, lin, g = _same_shape("ApplyFtrl", var, "as", var=var, accum=accum, linear=linear,
                                 grad=grad)
    hyper = _scalars("ApplyFtrl", var, lr=lr, l1=l1, l2=l2, lr_power=lr_power)
    _, new_acc, new_lin = apply_ftrl(w, acc, lin, g, *hyper)
    rate, l1_, l2_, lr_power_ = hyper
    # MindSpore's CPU kernel shrinks towards +l1 whatever linear's sign: (l1 - linear) / quadratic
    # where |linear| > l1 (golden cases "ftrl", "ftrl l1 large"; its SparseApplyFtrl uses
    # sign(linear)·l1)
    quadratic = jnp.power(new_acc, -lr_power_) / rate + 2 * l2_
    new_w = jnp.where(jnp.abs(new_lin) > l1_, (l1_ - new_lin) / quadratic, jnp.zeros_like(w))
    return _stored((var, accum, linear), (new_w, new_acc, new_lin))[0]


@x64.scoped
def _apply_proximal_adagrad(var, accum, lr, l1, l2, grad, use_locking=False):
    w, acc, g = _same_shape("ApplyProximalAdagrad", var, "as", var=var, accum=accum, grad=grad)
    rate, l1_, l2_ = _scalars("ApplyProximalAdagrad", var, lr=lr, l1=l1, l2=l2)
    acc1 = acc + g * g
    rate_t = rate / jnp.sqrt(acc1)  # (the shrinkage takes the step's own rate, lr / sqrt(accum))
    p = w - rate_t * g
    w1 = jnp.sign(p) * jnp.maximum(jnp.abs(p) - rate_t * l1_, 0) / (1 + rate_t * l2_)
    return _stored((var, accum), (w1, acc1))


@x64.scoped
def _apply_centered_rms_prop(var, mean_gradient, mean_square, moment, grad, learning_rate, decay,
                             momentum, epsilon, use_locking=False):
    w, mg, ms, mom, g = _same_shape("ApplyCenteredRMSProp", var, "bare", var=var,
                                    mean_gradient=mean_gradient, mean_square=mean_square,
                                    moment=moment, grad=grad)
    rate, rho, mu, eps = _scalars("ApplyCenteredRMSProp", var, learning_rate=learning_rate,
                                  decay=decay, momentum=momentum, epsilon=epsilon)
    mg1 = mg * rho + (1 - rho) * g
    ms1 = ms * rho + (1 - rho) * g * g
    mom1 = mu * mom + rate / jnp.sqrt(ms1 - mg1 * mg1 + eps) * g
    _stored((var, mean_gradient, mean_square, moment), (w - mom1, mg1, ms1, mom1))
    return Tensor(jnp.zeros_like(unwrap(var)))  # (MindSpore's CPU kernel's output: zeros)


# -- sparse (row) updates --------------------------------------------------------------------------
_FLOATS = (np.dtype(np.float16), np.dtype(np.float32))
_INDEX_TYPES = (np.dtype(np.int32), np.dtype(np.int64))


def _indices(name, indices):
    """The sparse updates' `indices` as an array: Int32 or Int64, or MindSpore's TypeError."""
    index = jnp.asarray(unwrap(indices))
    if index.dtype not in _INDEX_TYPES:
        shown_type = (f"Tensor[{mstype.from_numpy(index.dtype)}]" if isinstance(indices, Tensor)
                      else type(indices).__name__)
        raise TypeError(f"For primitive[{name}], the input argument[indices] must be a type of "
                        f"{{Int32, Int64, Tensor[Int32], Tensor[Int64]}}, but got {shown_type}.")
    return index


def _sparse_adagrad(name, var, accum, grad, indices, lr, epsilon, update_slots):
    for argument, box in (("accum", accum), ("var", var)):
        dtype = unwrap(box).dtype
        if dtype not in _FLOATS:
            raise TypeError(f"For primitive[{name}], the input argument[{argument}] must be a type "
                            f"of {{Tensor[Float16], Tensor[Float32]}}, but got "
                            f"Ref[Tensor[{mstype.from_numpy(dtype)}]].")
    index = _indices(name, indices)
    g = jnp.asarray(unwrap(grad))
    if index.ndim != 1 or g.shape[:1] != index.shape:
        raise ValueError(f"For '{name}', the indices size must be equal to grad first dimension "
                         f"size. But got indices size: {index.size}, grad first dimension size: "
                         f"{g.shape[0] if g.ndim else 0}.")
    w = unwrap(var)
    if g.shape[1:] != w.shape[1:]:
        raise ValueError(f"For '{name}', evaluator arg 'grad' and 'var' must have the same shape "
                         f"except the first dimension. But got 'grad' shape: "
                         f"{_shape_text(g.shape)}, 'var' shape: {_shape_text(w.shape)}.")
    work = _work_dtype(var)
    w, acc, g = w.astype(work), unwrap(accum).astype(work), g.astype(work)
    acc1 = acc.at[index].add(g * g) if update_slots else acc
    # (V2's CPU kernel divides by sqrt(accum + epsilon), the dense ApplyAdagradV2 by
    # sqrt(accum) + epsilon: golden cases "sparse adagrad v2", "adagrad v2 no slots")
    denominator = jnp.sqrt(acc1[index] if epsilon is None
                           else acc1[index] + jnp.asarray(epsilon, work))
    w1 = w.at[index].add(-jnp.asarray(lr, work) * g / denominator)
    return _stored((var, accum), (w1, acc1))


@x64.scoped
def _sparse_apply_rms_prop(var, ms, mom, lr, grad, indices, rho=None, momentum=None,
                           epsilon=None, use_locking=False):
    name = "SparseApplyRMSProp"
    index = _indices(name, indices)
    g = jnp.asarray(unwrap(grad))
    if g.dtype not in _FLOATS:
        raise TypeError(f"For primitive[{name}], the input argument[grad] must be a type of "
                        f"{{Tensor[Float16], Tensor[Float32]}}, but got "
                        f"Tensor[{mstype.from_numpy(g.dtype)}].")
    w = unwrap(var)
    if g.shape != w.shape:  # (MindSpore's kernel takes one gradient row per row of var)
        text = ["[" + "".join(f"{d}," for d in shape) + "]" for shape in (g.shape, w.shape)]
        raise ValueError(f"For primitive[{name}], the shape of grad : {text[0]} must be equal to "
                         f"{text[1]}")
    if index.ndim != 1 or index.shape[0] != g.shape[0]:
        raise ValueError(f"For primitive[{name}], the attribute[indices shape] must be equal to "
                         f"{g.shape[0]}, but got {index.shape[0] if index.ndim else 0}.")
    work = _work_dtype(var)
    w, square, moment, g = (unwrap(t).astype(work) for t in (var, ms, mom, grad))
    (rate,) = _scalars(name, var, lr=lr)
    # (an element whose gradient is 0 keeps its ms, as MindSpore's kernel: its test "grad0")
    square_rows = jnp.where(g != 0, square[index] * rho + g * g * (1 - rho), square[index])
    moment_rows = momentum * moment[index] + rate * g / jnp.sqrt(square_rows + epsilon)
    # (var takes the step as mom stores it: a float16 mom rounded first, as MindSpore's kernel)
    moment_rows = moment_rows.astype(unwrap(mom).dtype).astype(work)
    return _stored((var, ms, mom), (w.at[index].add(-moment_rows),
                                    square.at[index].set(square_rows),
                                    moment.at[index].set(moment_rows)))


@x64.scoped
def _sparse_apply_adagrad(var, accum, grad, indices, lr=None, update_slots=True,
                          use_locking=False):
    return _sparse_adagrad("SparseApplyAdagrad", var, accum, grad, indices, lr, None, update_slots)


@x64.scoped
def _sparse_apply_adagrad_v2(var, accum, grad, indices, lr=None, epsilon=None, use_locking=False,
                             update_slots=True):
    return _sparse_adagrad("SparseApplyAdagradV2", var, accum, grad, indices, lr, epsilon,
                           update_slots)


# -- fused sparse updates (outputs: the new var, zeros for the slots) ------------------------------
_ANY_INTEGER = ("Int16", "Int32", "Int64", "Int8", "UInt16", "UInt32", "UInt64", "UInt8")


def _fused_checks(name, var, slots, grad, indices, index_types):
    """MindSpore's checks of a FusedSparse* Primitive's inputs; (grad, indices) as arrays."""
    def vector(shape):
        return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"

    position = 2 + len(slots) + {"FusedSparseProximalAdagrad": 3}.get(name, 0)
    position += 6 if name in ("FusedSparseAdam", "FusedSparseLazyAdam") else 0
    tensor_input(name, position, "grad", grad)
    tensor_input(name, position + 1, "indices", indices)

    shape = unwrap(var).shape
    for argument, box in slots.items():
        if unwrap(box).shape != shape:
            raise ValueError(f"For primitive[{name}], the var_shape must be equal to "
                             f"{argument}_shape which is {vector(unwrap(box).shape)} , but got "
                             f"{vector(shape)}.")
    index = jnp.asarray(unwrap(indices))
    index_name = str(mstype.from_numpy(index.dtype))
    if index_name not in index_types:
        kinds = ", ".join(f"Tensor[{k}]" for k in index_types)
        raise TypeError(f"For primitive[{name}], the input argument[indices] must be a type of "
                        f"{{{kinds}}}, but got Tensor[{index_name}].")
    g = jnp.asarray(unwrap(grad))
    if g.ndim < 1:
        raise ValueError(f"For primitive[{name}], the grad rank must be greater than or equal to "
                         f"1, but got 0.")
    if index.ndim != 1:
        raise ValueError(f"For primitive[{name}], the indices rank must be equal to 1, but got "
                         f"{index.ndim}.")
    if g.ndim < 1 or g.shape[0] != index.shape[0]:
        raise ValueError(f"For primitive[{name}], the grad_shape[0] must be equal to "
                         f"indices_shape[0] which is {index.shape[0]} , but got "
                         f"{g.shape[0] if g.ndim else 0}.")
    if g.shape[1:] != shape[1:]:
        raise ValueError(f"For primitive[{name}], the var_shape[1:] must be equal to "
                         f"grad_shape[1:] which is {vector(g.shape[1:])} , but got "
                         f"{vector(shape[1:])}.")
    return g.astype(_work_dtype(var)), index


def _fused_outputs(boxes, values):
    """Write `values` into `boxes`; (the new var, a zero Tensor of each slot's shape): the
    outputs MindSpore's CPU kernels give (its documentation calls them useless)."""
    stored = _stored(boxes, values)
    return (stored[0],) + tuple(Tensor(jnp.zeros_like(unwrap(t))) for t in stored[1:])


@x64.scoped
def _fused_sparse_proximal_adagrad(var, accum, lr, l1, l2, grad, indices, use_locking=False):
    name = "FusedSparseProximalAdagrad"
    g, index = _fused_checks(name, var, {"accum": accum}, grad, indices, _ANY_INTEGER)
    work = _work_dtype(var)
    w, acc = unwrap(var).astype(work), unwrap(accum).astype(work)
    rate, l1_, l2_ = _scalars(name, var, lr=lr, l1=l1, l2=l2)
    acc1 = acc.at[index].add(g * g)
    rate_t = rate / jnp.sqrt(acc1[index])
    p = w[index] - rate_t * g
    rows = jnp.sign(p) * jnp.maximum(jnp.abs(p) - rate_t * l1_, 0) / (1 + rate_t * l2_)
    return _fused_outputs((var, accum), (w.at[index].set(rows), acc1))


def _fused_sparse_adam(name, lazy, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon,
                       grad, indices, use_nesterov):
    """Adam on the rows `indices`. FusedSparseAdam decays m and v and steps var on every row
    (the rows not in `indices` with a zero gradient; with Nesterov only those in it);
    FusedSparseLazyAdam touches the rows in `indices` only."""
    g, index = _fused_checks(name, var, {"m": m, "v": v}, grad, indices, ("Int32",))
    work = _work_dtype(var)
    w, m0, v0 = (unwrap(t).astype(work) for t in (var, m, v))
    b1p, b2p, rate, b1, b2, eps = _scalars(name, var, beta1_power=beta1_power,
                                           beta2_power=beta2_power, lr=lr, beta1=beta1,
                                           beta2=beta2, epsilon=epsilon)
    rate_t = rate * jnp.sqrt(1 - b2p) / (1 - b1p)
    full_grad = jnp.zeros_like(w).at[index].add(g)
    touched = jnp.zeros(w.shape[:1], bool).at[index].set(True).reshape((-1,) + (1,) * (w.ndim - 1))
    m1 = b1 * m0 + (1 - b1) * full_grad
    v1 = b2 * v0 + (1 - b2) * full_grad * full_grad
    step_m = b1 * m1 + (1 - b1) * full_grad if use_nesterov else m1
    w1 = w - rate_t * step_m / (jnp.sqrt(v1) + eps)
    if use_nesterov or lazy:
        w1 = jnp.where(touched, w1, w)
    if lazy:
        m1, v1 = jnp.where(touched, m1, m0), jnp.where(touched, v1, v0)
    return _fused_outputs((var, m, v), (w1, m1, v1))


@x64.scoped
def _fused_sparse_adam_call(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad,
                            indices, use_locking=False, use_nesterov=False):
    return _fused_sparse_adam("FusedSparseAdam", False, var, m, v, beta1_power, beta2_power, lr,
                              beta1, beta2, epsilon, grad, indices, use_nesterov)


@x64.scoped
def _fused_sparse_lazy_adam_call(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon,
                                 grad, indices, use_locking=False, use_nesterov=False):
    return _fused_sparse_adam("FusedSparseLazyAdam", True, var, m, v, beta1_power, beta2_power,
                              lr, beta1, beta2, epsilon, grad, indices, use_nesterov)


# -- constructor checks ----------------------------------------------------------------------------
def _checks(name, wording, **kinds):
    """A constructor check: each argument named in `kinds` must be of its Python type
    (MindSpore's TypeError, in the wording its constructor uses)."""
    def check(arguments):
        for argument, kind in kinds.items():
            value = arguments[argument]
            if type(value) is not kind:
                text = (f"should be '{kind.__name__}', but got type '{type(value).__name__}'"
                        if wording == "should" else
                        f"must be '{kind.__name__}', but got '{type(value).__name__}'")
                raise TypeError(f"For '{name}', the type of '{argument}' {text}.")
    return check


def _rms_prop_checks(arguments):
    name = "SparseApplyRMSProp"
    _checks(name, "should", rho=float, momentum=float, epsilon=float, use_locking=bool)(arguments)
    validator.check_float_range(arguments["rho"], 0.0, 1.0, validator.INC_BOTH, "rho", name)
    if arguments["momentum"] < 0.0:
        raise ValueError(f"For '{name}', the argument 'momentum' must >= 0.0, but got "
                         f"{arguments['momentum']}.")
    if arguments["epsilon"] <= 0.0:
        raise ValueError(f"For '{name}', the argument 'epsilon' must > 0.0, but got "
                         f"{arguments['epsilon']}.")


@x64.scoped
def _sgd(parameters, gradient, learning_rate, accum, momentum, stat, dampening=0.0,
         weight_decay=0.0, nesterov=False):
    """`SGD(dampening, weight_decay, nesterov)(parameters, gradient, learning_rate, accum,
    momentum, stat)`: `g = gradient + weight_decay·parameters`; with a positive momentum, `accum
    = g` and `stat = 0` where `stat` is positive (the first step), else `accum = momentum·accum +
    (1 - dampening)·g`, and the step is `g + momentum·accum` (Nesterov) or `accum`; without
    one, the step is `g` and accum and stat are left as they were. `parameters -= lr·step`;
    returns parameters."""
    w, g, acc, first = _same_shape("SGD", parameters, parameters=parameters, gradient=gradient,
                                   accum=accum, stat=stat)
    rate, mom = _scalars("SGD", parameters, learning_rate=learning_rate, momentum=momentum)
    g = g + weight_decay * w
    fresh = first > 0
    acc1 = jnp.where(fresh, g, mom * acc + (1 - dampening) * g)
    step = g + mom * acc1 if nesterov else acc1
    moving = mom > 0
    step = jnp.where(moving, step, g)
    acc1 = jnp.where(moving, acc1, acc)
    stat1 = jnp.where(moving, jnp.zeros_like(first), first)
    return _stored((parameters, accum, stat), (w - rate * step, acc1, stat1))[0]


def _sgd_checks(arguments):
    """SGD's constructor: a bool `nesterov`, whose Nesterov momentum takes no dampening."""
    _checks("SGD", "should", nesterov=bool)(arguments)
    if arguments["nesterov"] and arguments["dampening"] != 0.0:
        raise ValueError(f"For 'SGD', the 'dampening' must be 0 when 'nesterov' is True, but got "
                         f"'dampening' is {arguments['dampening']} and 'nesterov' is True.")


_REQUIRED = inspect.Parameter.empty

ApplyAdaMax = primitive("ApplyAdaMax", _apply_ada_max, display=_SIDE_EFFECT)
ApplyAdadelta = primitive("ApplyAdadelta", _apply_adadelta, display=_SIDE_EFFECT)
ApplyAdagrad = primitive("ApplyAdagrad", _apply_adagrad, update_slots=True, display=_SIDE_EFFECT,
                         check=_checks("ApplyAdagrad", "should", update_slots=bool))
ApplyAdagradV2 = primitive("ApplyAdagradV2", _apply_adagrad_v2, epsilon=_REQUIRED,
                           update_slots=True, display=_SIDE_EFFECT,
                           check=_checks("ApplyAdagradV2", "should", epsilon=float,
                                         update_slots=bool))
ApplyAddSign = primitive("ApplyAddSign", _apply_add_sign, display=_SIDE_EFFECT)
ApplyPowerSign = primitive("ApplyPowerSign", _apply_power_sign, display=_SIDE_EFFECT)
ApplyGradientDescent = primitive("ApplyGradientDescent", _apply_gradient_descent,
                                 display=_SIDE_EFFECT)
ApplyProximalGradientDescent = primitive("ApplyProximalGradientDescent",
                                         _apply_proximal_gradient_descent, display=_SIDE_EFFECT)
SparseApplyAdagrad = primitive("SparseApplyAdagrad", _sparse_apply_adagrad, lr=_REQUIRED,
                               update_slots=True, use_locking=False, display=_SIDE_EFFECT,
                               check=_checks("SparseApplyAdagrad", "must", lr=float,
                                             update_slots=bool, use_locking=bool))
SparseApplyAdagradV2 = primitive("SparseApplyAdagradV2", _sparse_apply_adagrad_v2, lr=_REQUIRED,
                                 epsilon=_REQUIRED, use_locking=False, update_slots=True,
                                 display=_SIDE_EFFECT,
                                 check=_checks("SparseApplyAdagradV2", "must", lr=float,
                                               epsilon=float, use_locking=bool,
                                               update_slots=bool))
ApplyFtrl = primitive("ApplyFtrl", _apply_ftrl, use_locking=False, display=_SIDE_EFFECT,
                      check=_checks("ApplyFtrl", "should", use_locking=bool))
ApplyProximalAdagrad = primitive("ApplyProximalAdagrad", _apply_proximal_adagrad,
                                 use_locking=False, display=_SIDE_EFFECT,
                                 check=_checks("ApplyProximalAdagrad", "should", use_locking=bool))
SparseApplyRMSProp = primitive("SparseApplyRMSProp", _sparse_apply_rms_prop, rho=_REQUIRED,
                               momentum=_REQUIRED, epsilon=_REQUIRED, use_locking=False,
                               check=_rms_prop_checks)
FusedSparseProximalAdagrad = primitive(
    "FusedSparseProximalAdagrad", _fused_sparse_proximal_adagrad, use_locking=False,
    display=_SIDE_EFFECT, check=_checks("FusedSparseProximalAdagrad", "should", use_locking=bool))
FusedSparseAdam = primitive(
    "FusedSparseAdam", _fused_sparse_adam_call, use_locking=False, use_nesterov=False,
    display=_SIDE_EFFECT,
    check=_checks("FusedSparseAdam", "should", use_locking=bool, use_nesterov=bool))
FusedSparseLazyAdam = primitive(
    "FusedSparseLazyAdam", _fused_sparse_lazy_adam_call, use_locking=False, use_nesterov=False,
    display=_SIDE_EFFECT,
    check=_checks("FusedSparseLazyAdam", "should", use_locking=bool, use_nesterov=bool))
ApplyCenteredRMSProp = primitive("ApplyCenteredRMSProp", _apply_centered_rms_prop,
                                 use_locking=False, display=_SIDE_EFFECT,
                                 check=_checks("ApplyCenteredRMSProp", "should", use_locking=bool))
SGD = primitive("SGD", _sgd, dampening=0.0, weight_decay=0.0, nesterov=False,
                display=_SIDE_EFFECT, check=_sgd_checks)
