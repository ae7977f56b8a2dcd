"""`mindspore.nn.dynamic_lr`: per-step learning-rate lists for an optimizer's `learning_rate`.

Plain Python, as in MindSpore (deprecated there after 2.9.0, still present in 2.10): each function
returns a list of `total_step` floats, the rate of step `i` depending on the epoch
`floor(i / step_per_epoch)`.
"""
from __future__ import annotations

import math

from msjax._src.nn.optim import argument_checks as checks

__all__ = [
    "cosine_decay_lr",
    "exponential_decay_lr",
    "inverse_decay_lr",
    "natural_exp_decay_lr",
    "piecewise_constant_lr",
    "polynomial_decay_lr",
    "warmup_lr",
]


def piecewise_constant_lr(milestone, learning_rates):
    """`learning_rates[t]` for the steps in `[milestone[t-1], milestone[t])`."""
    checks.check_value_type("milestone", milestone, (tuple, list))
    checks.check_value_type("learning_rates", learning_rates, (tuple, list))
    if len(milestone) != len(learning_rates):
        raise ValueError("For 'piecewise_constant_lr', the size of 'milestone' must be same with the size of "
                         f"'learning_rates', but got 'milestone' size: {len(milestone)}, 'learning_rates' "
                         f"size: {len(learning_rates)}.")
    lr, last = [], 0
    for i, item in enumerate(milestone):
        checks.check_positive_int(item, f"milestone[{i}]")
        checks.check_is_float(learning_rates[i], f"learning_rates[{i}]")
        if item < last:
            raise ValueError(f"For 'piecewise_constant_lr', the value of milestone[{i}] must be greater than "
                             f"milestone[{i - 1}], but got milestone[{i}]: {item}, "
                             f"milestone[{i - 1}]: {milestone[i - 1]}.")
        lr += [learning_rates[i]] * (item - last)
        last = item
    return lr


def _check_steps(total_step, step_per_epoch, decay_epoch):
    checks.check_positive_int(total_step, "total_step")
    checks.check_positive_int(step_per_epoch, "step_per_epoch")
    checks.check_positive_int(decay_epoch, "decay_epoch")


def _check_float_at_least_zero(value, name, func):
    """MindSpore's check of a float argument that may be 0 (a TypeError naming `func` first)."""
    if not isinstance(value, float):
        raise TypeError(f"For '{func}', the argument '{name}' must be type of float, but got "
                        f"'{name}' type: {type(value)}.")
    checks.check_non_negative_float(value, name, None)


def _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair):
    _check_steps(total_step, step_per_epoch, decay_epoch)
    checks.check_positive_float(learning_rate, "learning_rate")
    checks.check_is_float(learning_rate, "learning_rate")
    checks.check_positive_float(decay_rate, "decay_rate")
    checks.check_is_float(decay_rate, "decay_rate")
    checks.check_value_type("is_stair", is_stair, [bool])


def _epoch(step, step_per_epoch):
    return math.floor(step / step_per_epoch)


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """`learning_rate * decay_rate ** (epoch / decay_epoch)` (exponent floored when `is_stair`)."""
    _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    lr = []
    for i in range(total_step):
        p = _epoch(i, step_per_epoch) / decay_epoch
        lr.append(learning_rate * decay_rate ** (math.floor(p) if is_stair else p))
    return lr


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """`learning_rate * e ** (-decay_rate * epoch)` (epoch rounded down to a multiple of
    `decay_epoch` when `is_stair`)."""
    _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    lr = []
    for i in range(total_step):
        epoch = _epoch(i, step_per_epoch)
        if is_stair:
            epoch = math.floor(epoch / decay_epoch) * decay_epoch
        lr.append(learning_rate * math.e ** (-decay_rate * epoch))
    return lr


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """`learning_rate / (1 + decay_rate * epoch / decay_epoch)` (ratio floored when `is_stair`)."""
    _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    lr = []
    for i in range(total_step):
        epoch = _epoch(i, step_per_epoch)
        if is_stair:
            lr.append(learning_rate / (1 + decay_rate * math.floor(epoch / decay_epoch)))
        else:
            lr.append(learning_rate / (1 + decay_rate * epoch / decay_epoch))
    return lr


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch):
    """`min_lr + (max_lr - min_lr) / 2 * (1 + cos(pi * min(epoch, decay_epoch) / decay_epoch))`."""
    _check_float_at_least_zero(min_lr, "min_lr", "cosine_decay_lr")
    checks.check_positive_float(max_lr, "max_lr")
    checks.check_is_float(max_lr, "max_lr")
    _check_steps(total_step, step_per_epoch, decay_epoch)
    if min_lr >= max_lr:
        raise ValueError("For 'cosine_decay_lr', the 'max_lr' must be greater than the 'min_lr', but got "
                         f"'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
    delta = 0.5 * (max_lr - min_lr)
    return [min_lr + delta * (1 + math.cos(math.pi * min(_epoch(i, step_per_epoch), decay_epoch)
                                           / decay_epoch)) for i in range(total_step)]


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch, decay_epoch, power,
                        update_decay_epoch=False):
    """`(learning_rate - end_learning_rate) * (1 - epoch / decay_epoch) ** power +
    end_learning_rate`, the epoch capped at `decay_epoch`, or with `update_decay_epoch` the decay
    epoch grown to the next multiple of itself (MindSpore's running update, kept as it is)."""
    checks.check_positive_float(learning_rate, "learning_rate")
    checks.check_is_float(learning_rate, "learning_rate")
    _check_float_at_least_zero(end_learning_rate, "end_learning_rate", "polynomial_decay_lr")
    checks.check_positive_float(power, "power")
    checks.check_is_float(power, "power")
    _check_steps(total_step, step_per_epoch, decay_epoch)
    checks.check_value_type("update_decay_epoch", update_decay_epoch, [bool])
    origin_decay_epoch = decay_epoch
    delta = learning_rate - end_learning_rate
    lr = []
    for i in range(total_step):
        epoch = _epoch(i, step_per_epoch)
        if update_decay_epoch:
            decay_epoch, tmp_epoch = origin_decay_epoch * max(math.ceil(epoch / origin_decay_epoch), 1), epoch
        else:
            tmp_epoch = min(decay_epoch, epoch)
        lr.append(delta * (1 - tmp_epoch / decay_epoch) ** power + end_learning_rate)
    return lr


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch):
    """`learning_rate * min(epoch, warmup_epoch) / warmup_epoch`."""
    _check_float_at_least_zero(learning_rate, "learning_rate", "warmup_lr")
    checks.check_positive_int(warmup_epoch, "warmup_epoch")
    checks.check_positive_int(total_step, "total_step")
    checks.check_positive_int(step_per_epoch, "step_per_epoch")
    return [learning_rate * min(warmup_epoch, _epoch(i, step_per_epoch)) / warmup_epoch
            for i in range(total_step)]
