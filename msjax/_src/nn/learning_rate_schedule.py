"""`mindspore.nn.learning_rate_schedule`: learning rates as Cells of the global step.

An optimizer given a `LearningRateSchedule` calls it with its `global_step` Parameter (Int32, shape
`(1,)`) before every update and uses the result, reshaped to a scalar, as the step's learning
rate. Each schedule computes exactly MindSpore's formula, in Float32, on the step as a Tensor, so
it runs eagerly, under `jit` and under `vmap` alike; like MindSpore's, the result has the step's
shape `(1,)`.
"""
from __future__ import annotations

import math

import jax.numpy as jnp
import numpy as np

from msjax._src.nn.cell import Cell
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.core.tensor import Tensor, _wrap

__all__ = [
    "CosineDecayLR",
    "ExponentialDecayLR",
    "InverseDecayLR",
    "LearningRateSchedule",
    "NaturalExpDecayLR",
    "PolynomialDecayLR",
    "WarmUpLR",
]


def _step_array(global_step):
    """The step as a jax array (a Tensor's value, or a number)."""
    return global_step._data if isinstance(global_step, Tensor) else jnp.asarray(global_step)


def _as_float32(step):
    return step.astype(np.float32)


class LearningRateSchedule(Cell):
    """`mindspore.nn.LearningRateSchedule`: the base of learning-rate Cells.

    A subclass implements `construct(global_step)` and returns the learning rate of that step.
    """

    def __init__(self):
        super().__init__()

    def construct(self, global_step):
        raise NotImplementedError


def _check_decay_inputs(learning_rate, decay_rate, decay_steps, is_stair, cls_name):
    checks.check_positive_int(decay_steps, "decay_steps", cls_name)
    checks.check_positive_float(learning_rate, "learning_rate", cls_name)
    checks.check_is_float(learning_rate, "learning_rate", cls_name)
    checks.check_positive_float(decay_rate, "decay_rate", cls_name)
    checks.check_is_float(decay_rate, "decay_rate", cls_name)
    checks.check_value_type("is_stair", is_stair, [bool], cls_name)


class _DecayLR(LearningRateSchedule):
    """The shared constructor of the exponential, natural-exponential and inverse decays."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        _check_decay_inputs(learning_rate, decay_rate, decay_steps, is_stair, self.cls_name)
        self.learning_rate = learning_rate
        self.decay_rate = decay_rate
        self.decay_steps = decay_steps
        self.is_stair = is_stair


class ExponentialDecayLR(_DecayLR):
    """`mindspore.nn.ExponentialDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False)`.

    `lr = learning_rate * decay_rate ** p` with `p = step / decay_steps`, floored when `is_stair`.

    Example:
        >>> ExponentialDecayLR(0.1, 0.9, 4)(Tensor([2], mstype.int32))  # 0.1 * 0.9 ** 0.5
    """

    def construct(self, global_step):
        p = _as_float32(_step_array(global_step)) / self.decay_steps
        if self.is_stair:
            p = jnp.floor(p)
        return _wrap(self.learning_rate * jnp.power(np.float32(self.decay_rate), p))


class NaturalExpDecayLR(_DecayLR):
    """`mindspore.nn.NaturalExpDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False)`.

    `lr = learning_rate * e ** (-decay_rate * p)` with `p = step`, rounded down to a multiple of
    `decay_steps` when `is_stair`.
    """

    def construct(self, global_step):
        p = _as_float32(_step_array(global_step))
        if self.is_stair:
            p = jnp.floor_divide(p, self.decay_steps) * self.decay_steps
        return _wrap(self.learning_rate * jnp.power(np.float32(math.e), -self.decay_rate * p))


class InverseDecayLR(_DecayLR):
    """`mindspore.nn.InverseDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False)`.

    `lr = learning_rate / (1 + decay_rate * p)` with `p = step / decay_steps`, floored when
    `is_stair`.
    """

    def construct(self, global_step):
        p = _as_float32(_step_array(global_step)) / self.decay_steps
        if self.is_stair:
            p = jnp.floor(p)
        return _wrap(self.learning_rate / (1 + self.decay_rate * p))


class CosineDecayLR(LearningRateSchedule):
    """`mindspore.nn.CosineDecayLR(min_lr, max_lr, decay_steps)`.

    `lr = min_lr + (max_lr - min_lr) / 2 * (1 + cos(pi * min(step, decay_steps) / decay_steps))`,
    computed as MindSpore does, with `sin(x + pi / 2)` for the cosine.
    """

    def __init__(self, min_lr, max_lr, decay_steps):
        super().__init__()
        if not isinstance(min_lr, float):
            raise TypeError("For 'CosineDecayLR', the argument 'min_lr' must be type of float, "
                            f"but got 'min_lr' type: {type(min_lr)}.")
        checks.check_non_negative_float(min_lr, "min_lr", self.cls_name)
        checks.check_positive_float(max_lr, "max_lr", self.cls_name)
        checks.check_is_float(max_lr, "max_lr", self.cls_name)
        checks.check_positive_int(decay_steps, "decay_steps", self.cls_name)
        if min_lr >= max_lr:
            raise ValueError("For 'CosineDecayLR', the 'max_lr' must be greater than the 'min_lr', "
                             f"but got 'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
        self.min_lr = min_lr
        self.max_lr = max_lr
        self.decay_steps = decay_steps
        self.delta = 0.5 * (max_lr - min_lr)

    def construct(self, global_step):
        p = _as_float32(jnp.minimum(_step_array(global_step), self.decay_steps))
        return _wrap(self.min_lr + self.delta * (1.0 + jnp.sin(math.pi * (p / self.decay_steps + 0.5))))


class PolynomialDecayLR(LearningRateSchedule):
    """`mindspore.nn.PolynomialDecayLR(learning_rate, end_learning_rate, decay_steps, power,
    update_decay_steps=False)`.

    `lr = (learning_rate - end_learning_rate) * (1 - step / decay_steps) ** power +
    end_learning_rate`, with the step capped at `decay_steps`, or, when `update_decay_steps`,
    `decay_steps` grown to the next multiple of itself past the step.
    """

    def __init__(self, learning_rate, end_learning_rate, decay_steps, power, update_decay_steps=False):
        super().__init__()
        checks.check_positive_float(learning_rate, "learning_rate")
        checks.check_is_float(learning_rate, "learning_rate")
        if not isinstance(end_learning_rate, float):
            raise TypeError("For 'PolynomialDecayLR', the argument 'end_learning_rate' must be type of "
                            f"float, but got 'end_learning_rate' type: {type(end_learning_rate)}.")
        checks.check_non_negative_float(end_learning_rate, "end_learning_rate", self.cls_name)
        checks.check_positive_int(decay_steps, "decay_steps", self.cls_name)
        checks.check_value_type("update_decay_steps", update_decay_steps, [bool], self.cls_name)
        checks.check_positive_float(power, "power", self.cls_name)
        checks.check_is_float(power, "power", self.cls_name)
        self.decay_steps = decay_steps
        self.start_learning_rate = learning_rate
        self.end_learning_rate = end_learning_rate
        self.diff_learning_rate = learning_rate - end_learning_rate
        self.power = power
        self.update_decay_steps = update_decay_steps

    def construct(self, global_step):
        step = _as_float32(_step_array(global_step))
        decay_steps = self.decay_steps
        if self.update_decay_steps:
            decay_steps = decay_steps * jnp.maximum(jnp.ceil(step / decay_steps), 1)
        else:
            step = jnp.minimum(step, decay_steps)
        p = step / decay_steps
        return _wrap(self.diff_learning_rate * jnp.power(1.0 - p, np.float32(self.power))
                     + self.end_learning_rate)


class WarmUpLR(LearningRateSchedule):
    """`mindspore.nn.WarmUpLR(learning_rate, warmup_steps)`:
    `lr = learning_rate * min(step, warmup_steps) / warmup_steps`."""

    def __init__(self, learning_rate, warmup_steps):
        super().__init__()
        if not isinstance(learning_rate, float):
            raise TypeError("For 'WarmUpLR', the argument 'learning_rate' must be type of float, "
                            f"but got 'learning_rate' type: {type(learning_rate)}.")
        checks.check_non_negative_float(learning_rate, "learning_rate", self.cls_name)
        checks.check_positive_int(warmup_steps, "warmup_steps", self.cls_name)
        self.warmup_steps = warmup_steps
        self.learning_rate = learning_rate

    def construct(self, global_step):
        percent = _as_float32(jnp.minimum(_step_array(global_step), self.warmup_steps)) / self.warmup_steps
        return _wrap(self.learning_rate * percent)
