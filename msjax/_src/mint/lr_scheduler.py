"""`mindspore.experimental.optim.lr_scheduler`: PyTorch-style learning-rate schedulers for the
optimizers of `mindspore.experimental.optim` / `mindspore.mint.optim`.

As in MindSpore, a scheduler writes each param group's learning rate, the float32 Parameter
`optimizer.lrs[i]` (`param_groups[i]['lr']`), with `assign`; a compiled training step reads the
new value at its next call. `last_epoch` is a float32 Parameter named
`last_epoch_<SchedulerClass>`; `step()` advances it and computes the next rates from the current
ones (the "chainable" form), `step(epoch)` sets it and uses the closed form where the scheduler
has one. `get_last_lr()` returns the rates as Tensors. The schedulers run eagerly, between steps
(their branches read `last_epoch` as a Python number).

Differences from MindSpore 2.10: `MultiStepLR.step(epoch)` uses PyTorch's closed form
(MindSpore's refers to an attribute MultiStepLR does not have and raises AttributeError).
"""
from __future__ import annotations

import bisect
import collections
import math

from msjax._src.core import dtype as mstype
from msjax._src.mint.optim import Optimizer
from msjax._src.ops.array_ops import where
from msjax._src.ops.math_ops import maximum
from msjax._src.ops.state_ops import assign
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor


def _float32(value) -> Tensor:
    return value.astype(mstype.float32) if isinstance(value, Tensor) else Tensor(
        float(value), mstype.float32)


def _check_type(owner, name, value, types, what):
    if not isinstance(value, types) or isinstance(value, bool):
        raise TypeError(f"For '{owner}', the '{name}' must be {what}, but got {type(value)}.")


def _per_group(optimizer, values, name):
    if isinstance(values, (list, tuple)):
        if len(values) != len(optimizer.param_groups):
            raise ValueError(f"Expected {len(optimizer.param_groups)} values for {name}, got "
                             f"{len(values)}")
        return list(values)
    return [values] * len(optimizer.param_groups)


class LRScheduler:
    """`LRScheduler(optimizer, last_epoch=-1)`: the base class; a subclass defines `get_lr()`
    (the next rates from `self._last_lr`, the optimizer's lr Parameters) and may define
    `_get_closed_form_lr()` (the rates at `last_epoch` from `base_lrs`)."""

    def __init__(self, optimizer, last_epoch=-1):
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        if not isinstance(last_epoch, int) or isinstance(last_epoch, bool):
            raise TypeError(f"For 'last_epoch', the type must be int, but got "
                            f"{type(last_epoch).__name__}.")
        if last_epoch < -1:
            raise ValueError(f"Invalid last_epoch: {last_epoch}")
        for index, group in enumerate(optimizer.param_groups):
            if last_epoch == -1:
                group.setdefault("initial_lr", group["lr"].value())
            elif "initial_lr" not in group:
                raise KeyError(f"param 'initial_lr' is not specified in param_groups[{index}] "
                               "when resuming an optimizer")
        self.optimizer = optimizer
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = Parameter(Tensor(last_epoch, mstype.float32),
                                    name="last_epoch_" + type(self).__name__)
        self.step()

    def get_lr(self):
        raise NotImplementedError

    def get_last_lr(self):
        """The learning rate of each param group, as float32 Tensors."""
        return [lr.value() for lr in self._last_lr]

    @property
    def _epoch(self) -> float:
        return float(self.last_epoch)

    def step(self, epoch=None):
        """Advance one epoch (or go to `epoch`) and write the new rates into the optimizer."""
        if epoch is None:
            assign(self.last_epoch, _float32(self._epoch + 1))
            values = self.get_lr()
        else:
            assign(self.last_epoch, _float32(epoch))
            closed_form = getattr(self, "_get_closed_form_lr", None)
            values = closed_form() if closed_form is not None else self.get_lr()
        for lr, value in zip(self._last_lr, values):
            assign(lr, _float32(value))
        return True

    def _same(self):
        return [lr * 1.0 for lr in self._last_lr]


class StepLR(LRScheduler):
    """`StepLR(optimizer, step_size, gamma=0.1, last_epoch=-1)`: × gamma every `step_size`."""

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        _check_type("StepLR", "step_size", step_size, int, "int")
        _check_type("StepLR", "gamma", gamma, float, "float")
        self.step_size, self.gamma = step_size, gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch
        if epoch == 0 or epoch % self.step_size != 0:
            return self._same()
        return [lr * self.gamma for lr in self._last_lr]

    def _get_closed_form_lr(self):
        return [base * self.gamma ** (self._epoch // self.step_size) for base in self.base_lrs]


class LinearLR(LRScheduler):
    """`LinearLR(optimizer, start_factor=1/3, end_factor=1.0, total_iters=5, last_epoch=-1)`:
    the factor goes linearly from `start_factor` to `end_factor` over `total_iters` epochs."""

    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5,
                 last_epoch=-1):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("Starting multiplicative factor expected to be greater than 0 and "
                             "less than or equal to 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError("For 'LinearLR', the type of total_iters must be int, but got "
                            f"{type(total_iters)}.")
        self.start_factor, self.end_factor, self.total_iters = start_factor, end_factor, total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch
        if epoch == 0:
            return [lr * self.start_factor for lr in self._last_lr]
        if epoch > self.total_iters:
            return self._same()
        change = self.end_factor - self.start_factor
        factor = 1.0 + change / (self.total_iters * self.start_factor + (epoch - 1) * change)
        return [lr * factor for lr in self._last_lr]

    def _get_closed_form_lr(self):
        done = min(self.total_iters, self._epoch) / self.total_iters
        return [base * (self.start_factor + (self.end_factor - self.start_factor) * done)
                for base in self.base_lrs]


class ExponentialLR(LRScheduler):
    """`ExponentialLR(optimizer, gamma, last_epoch=-1)`: × gamma every epoch."""

    def __init__(self, optimizer, gamma, last_epoch=-1):
        _check_type("ExponentialLR", "gamma", gamma, float, "float")
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self._epoch == 0:
            return self._same()
        return [lr * self.gamma for lr in self._last_lr]

    def _get_closed_form_lr(self):
        return [base * self.gamma ** self._epoch for base in self.base_lrs]


class PolynomialLR(LRScheduler):
    """`PolynomialLR(optimizer, total_iters=5, power=1.0, last_epoch=-1)`: lr · (1 - epoch /
    total_iters) ** power, 0 from `total_iters` on."""

    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1):
        _check_type("PolynomialLR", "power", power, float, "float")
        if power < 0:
            raise ValueError(f"For 'PolynomialLR', the 'power' must be >= 0, but got {power}.")
        if not isinstance(total_iters, int):
            raise TypeError("For 'PolynomialLR', the type of total_iters must be int, but got "
                            f"{type(total_iters)}.")
        self.total_iters, self.power = total_iters, power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch
        if epoch == 0 or epoch > self.total_iters:
            return self._same()
        factor = ((1.0 - epoch / self.total_iters)
                  / (1.0 - (epoch - 1) / self.total_iters)) ** self.power
        return [lr * factor for lr in self._last_lr]

    def _get_closed_form_lr(self):
        left = 1.0 - min(self.total_iters, self._epoch) / self.total_iters
        return [base * left ** self.power for base in self.base_lrs]


def _lambdas(optimizer, lr_lambda):
    count = len(optimizer.param_groups)
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != count:
            raise ValueError(f"Expected {count} lr_lambdas, but got {len(lr_lambda)}")
        return list(lr_lambda)
    return [lr_lambda] * count


class LambdaLR(LRScheduler):
    """`LambdaLR(optimizer, lr_lambda, last_epoch=-1)`: initial lr × lr_lambda(epoch)."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self.last_epoch.value()
        return [base * fn(epoch) for fn, base in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(LRScheduler):
    """`MultiplicativeLR(optimizer, lr_lambda, last_epoch=-1)`: lr × lr_lambda(epoch) each
    epoch after the first."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self._epoch > 0:
            epoch = self.last_epoch.value()
            return [lr * fn(epoch) for fn, lr in zip(self.lr_lambdas, self._last_lr)]
        return self._same()


class MultiStepLR(LRScheduler):
    """`MultiStepLR(optimizer, milestones, gamma=0.1, last_epoch=-1)`: × gamma at each
    milestone (× gamma ** k for a milestone listed k times)."""

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        if not isinstance(milestones, list):
            raise TypeError(f"The type of 'milestones' must be list, but got "
                            f"'{type(milestones).__name__}'.")
        for milestone in milestones:
            _check_type("MultiStepLR", "milestones", milestone, int,
                        "a list of int (one element's type is shown)")
        if not isinstance(gamma, (float, int)):
            raise TypeError(f"The type of 'gamma' must be float or int, but got "
                            f"'{type(gamma).__name__}'.")
        self.milestones = collections.Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        times = self.milestones.get(int(self._epoch), 0)
        if times == 0:
            return [lr.value() for lr in self._last_lr]
        return [lr * self.gamma ** times for lr in self._last_lr]

    def _get_closed_form_lr(self):
        passed = bisect.bisect_right(sorted(self.milestones.elements()), self._epoch)
        return [base * self.gamma ** passed for base in self.base_lrs]


class ConstantLR(LRScheduler):
    """`ConstantLR(optimizer, factor=1/3, total_iters=5, last_epoch=-1)`: × factor until epoch
    `total_iters`."""

    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1):
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError("For 'ConstantLR', the type of total_iters must be int, but got "
                            f"{type(total_iters)}.")
        self.factor, self.total_iters = factor, total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch
        if epoch == 0:
            return [lr * self.factor for lr in self._last_lr]
        if epoch != self.total_iters:
            return self._same()
        return [lr / self.factor for lr in self._last_lr]

    def _get_closed_form_lr(self):
        reached = self._epoch >= self.total_iters
        return [base * (self.factor + reached * (1 - self.factor)) for base in self.base_lrs]


class CosineAnnealingLR(LRScheduler):
    """`CosineAnnealingLR(optimizer, T_max, eta_min=0.0, last_epoch=-1)`: cosine from the
    initial lr down to `eta_min` over `T_max` epochs (and back up, periodically)."""

    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):
        _check_type("CosineAnnealingLR", "eta_min", eta_min, (float, int), "float or int")
        _check_type("CosineAnnealingLR", "T_max", T_max, int, "int")
        self.T_max, self.eta_min = T_max, eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch, t_max, eta_min = self._epoch, self.T_max, self.eta_min
        if epoch == 0:
            return self._same()
        if (epoch - 1 - t_max) % (2 * t_max) == 0:
            rise = (1 - math.cos(math.pi / t_max)) / 2
            return [lr + (base - eta_min) * rise for base, lr in zip(self.base_lrs, self._last_lr)]
        ratio = ((1 + math.cos(math.pi * epoch / t_max))
                 / (1 + math.cos(math.pi * (epoch - 1) / t_max)))
        return [(lr - eta_min) * ratio + eta_min for lr in self._last_lr]

    def _get_closed_form_lr(self):
        cosine = (1 + math.cos(math.pi * self._epoch / self.T_max)) / 2
        return [(base - self.eta_min) * cosine + self.eta_min for base in self.base_lrs]


class CosineAnnealingWarmRestarts(LRScheduler):
    """`CosineAnnealingWarmRestarts(optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1)`: cosine
    annealing restarted after `T_0` epochs, each period `T_mult` times the previous."""

    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"T_0 should be an integer and equal or greater than 0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError("T_mult should be an integer and equal or greater than 1, but got "
                             f"{T_mult}")
        if not isinstance(eta_min, (float, int)):
            raise TypeError(f"The type of 'eta_min' must be float or int, but got "
                            f"'{type(eta_min).__name__}'.")
        self.T_0, self.T_i, self.T_mult = float(T_0), float(T_0), T_mult
        self.eta_min = eta_min
        self.T_cur = float(last_epoch)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        cosine = (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2
        return [self.eta_min + (base - self.eta_min) * cosine for base in self.base_lrs]

    def step(self, epoch=None):
        if epoch is None and self._epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self._epoch + 1
            self.T_cur += 1
            if self.T_cur >= self.T_i:
                self.T_cur -= self.T_i
                self.T_i *= self.T_mult
        else:
            if epoch < 0:
                raise ValueError(f"epoch should be a non-negative integer, but got {epoch}")
            epoch = float(epoch)
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:
                    n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** n
            else:
                self.T_i, self.T_cur = self.T_0, epoch
        assign(self.last_epoch, _float32(math.floor(epoch)))
        for lr, value in zip(self._last_lr, self.get_lr()):
            assign(lr, _float32(value))
        return True


class CyclicLR(LRScheduler):
    """`CyclicLR(optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None,
    mode='triangular', gamma=1.0, scale_fn=None, scale_mode='cycle', last_epoch=-1)`: the lr
    cycles between `base_lr` and `max_lr` (triangular, triangular2 or exp_range amplitudes)."""

    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None,
                 mode="triangular", gamma=1.0, scale_fn=None, scale_mode="cycle", last_epoch=-1):
        base_lrs = _per_group(optimizer, base_lr, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                assign(group["lr"], _float32(lr))
        self.max_lrs = _per_group(optimizer, max_lr, "max_lr")
        up = float(step_size_up)
        down = up if step_size_down is None else float(step_size_down)
        self.total_step_size = up + down
        self.step_up_ratio = up / self.total_step_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode, self.gamma, self._scale_fn_custom = mode, gamma, scale_fn
        self.scale_mode = scale_mode
        if scale_fn is None:
            self.scale_mode = "iterations" if mode == "exp_range" else "cycle"
        super().__init__(optimizer, last_epoch)
        self.base_lrs = list(base_lrs)

    def scale_fn(self, x):
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        if self.mode == "triangular2":
            return 1 / 2.0 ** (x - 1)
        return self.gamma ** x

    def get_lr(self):
        epoch = self._epoch
        cycle = math.floor(1 + epoch / self.total_step_size)
        x = 1.0 + epoch / self.total_step_size - cycle
        scale = (x / self.step_up_ratio if x <= self.step_up_ratio
                 else (x - 1) / (self.step_up_ratio - 1))
        at = cycle if self.scale_mode == "cycle" else epoch
        return [base + (top - base) * scale * self.scale_fn(at)
                for base, top in zip(self.base_lrs, self.max_lrs)]


class SequentialLR:
    """`SequentialLR(optimizer, schedulers, milestones, last_epoch=-1)`: `schedulers[i]` runs
    from `milestones[i-1]` on (restarted at its milestone)."""

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        for index, scheduler in enumerate(schedulers):
            if scheduler.optimizer is not optimizer:
                raise ValueError("Sequential Schedulers expects all schedulers to belong to the "
                                 f"same optimizer, but got scheduler at index {index} is "
                                 "different from the optimizer passed in.")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError("Sequential Schedulers expects number of schedulers provided to be "
                             "one more than the number of milestone points, but got number of "
                             f"schedulers {len(schedulers)} and the number of milestones "
                             f"{len(milestones)}")
        self._schedulers = list(schedulers)
        self.milestones = list(milestones)
        self.optimizer = optimizer
        self.last_epoch = Parameter(Tensor(last_epoch + 1, mstype.float32),
                                    name="last_epoch_SequentialLR")
        for group in optimizer.param_groups:
            assign(group["lr"], _float32(group["initial_lr"]))
        for scheduler in self._schedulers:
            assign(scheduler.last_epoch, _float32(scheduler._epoch - 1))
        self._schedulers[0].step()
        self._last_lr = self._schedulers[0]._last_lr

    def step(self):
        epoch = int(float(self.last_epoch)) + 1
        assign(self.last_epoch, _float32(epoch))
        index = bisect.bisect_right(self.milestones, epoch)
        scheduler = self._schedulers[index]
        if index > 0 and self.milestones[index - 1] == epoch:
            scheduler.step(0)
        else:
            scheduler.step()

    def get_last_lr(self):
        return [lr.value() for lr in self._last_lr]


class ReduceLROnPlateau:
    """`ReduceLROnPlateau(optimizer, mode='min', factor=0.1, patience=10, threshold=1e-4,
    threshold_mode='rel', cooldown=0, min_lr=0, eps=1e-8)`: × factor when `step(metrics)` has
    not improved for more than `patience` epochs."""

    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4,
                 threshold_mode="rel", cooldown=0, min_lr=0, eps=1e-8):
        if factor >= 1.0:
            raise ValueError("The lr factor should be less than 1.0.")
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"Expected an `Optimizer`, but got type {type(optimizer).__name__}")
        if isinstance(min_lr, (list, tuple)) and len(min_lr) != len(optimizer.param_groups):
            raise ValueError(f"Expected {len(optimizer.param_groups)} min_lrs, got {len(min_lr)}")
        if mode not in ("min", "max"):
            raise ValueError(f"`mode` should be 'min' or 'max', but got {mode}.")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError(f"`threshold mode` should be 'rel' or 'abs', but got {threshold_mode}.")
        self.optimizer, self.factor, self.mode, self.patience = optimizer, factor, mode, patience
        self.threshold, self.threshold_mode, self.cooldown, self.eps = (
            threshold, threshold_mode, cooldown, eps)
        self.min_lrs = [float(v) for v in _per_group(optimizer, min_lr, "min_lr")]
        self.last_epoch = Parameter(Tensor(0, mstype.int32), name="last_epoch_ReduceLROnPlateau")
        # The state is Parameters, as MindSpore's, so that `step` works in compiled code (a
        # GRAPH_MODE Cell calling it), where Python attributes would be changed per trace.
        worse = float("inf") if mode == "min" else float("-inf")
        self.best = Parameter(Tensor(worse, mstype.float32), name="best")
        self.cooldown_counter = Parameter(Tensor(0, mstype.float32), name="cooldown_counter")
        self.wait = Parameter(Tensor(0, mstype.float32), name="wait")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def _is_improvement(self, current, best):
        if self.threshold_mode == "rel":
            benchmark = best * (1.0 - self.threshold if self.mode == "min"
                                else 1.0 + self.threshold)
        else:
            benchmark = best + (-self.threshold if self.mode == "min" else self.threshold)
        return current < benchmark if self.mode == "min" else current > benchmark

    def step(self, metrics):
        current = _float32(metrics)
        assign(self.last_epoch, self.last_epoch + 1)
        improved = self._is_improvement(current, self.best.value())
        assign(self.best, where(improved, current, self.best.value()))
        wait = where(improved, _float32(0), self.wait.value() + 1)
        cooling = self.cooldown_counter.value() > 0
        assign(self.cooldown_counter, where(cooling, self.cooldown_counter.value() - 1,
                                            self.cooldown_counter.value()))
        wait = where(cooling, _float32(0), wait)
        reduce = wait > self.patience
        for lr, floor in zip(self._last_lr, self.min_lrs):
            old = lr.value()
            new = maximum(old * self.factor, _float32(floor).astype(old.dtype))
            assign(lr, where(reduce & (old > new + self.eps), new, old))
        assign(self.cooldown_counter, where(reduce, _float32(self.cooldown),
                                            self.cooldown_counter.value()))
        assign(self.wait, where(reduce, _float32(0), wait))
        return True

    def in_cooldown(self):
        return self.cooldown_counter > 0

    def get_last_lr(self):
        return [lr.value() for lr in self._last_lr]
