"""`mindspore.train.LossScaleManager`, `FixedLossScaleManager`, `DynamicLossScaleManager`.

A manager gives `Model`/`build_train_network` the initial loss scale and, through
`get_update_cell()`, the Cell that updates the scale inside each training step
(`nn.FixedLossScaleUpdateCell` / `nn.DynamicLossScaleUpdateCell`).
"""
from __future__ import annotations

from msjax._src.nn.loss_scale import DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell
from msjax._src.train import checks


class LossScaleManager:
    """`mindspore.train.LossScaleManager`: the base of loss-scale managers."""

    def get_loss_scale(self):
        """The loss scale."""

    def update_loss_scale(self, overflow):
        """Update the scale after a step (`overflow`: whether the step overflowed)."""

    def get_update_cell(self):
        """The Cell updating the scale inside a training step, or None."""


class FixedLossScaleManager(LossScaleManager):
    """`mindspore.train.FixedLossScaleManager(loss_scale=128.0, drop_overflow_update=True)`.

    With `drop_overflow_update=True` the training step checks for overflow and skips the
    optimizer's update then (through `nn.FixedLossScaleUpdateCell`); with False the loss is only
    scaled (the optimizer divides the gradients by its own `loss_scale`).
    """

    def __init__(self, loss_scale=128.0, drop_overflow_update=True):
        if loss_scale < 1:
            raise ValueError("The argument 'loss_scale' must be >= 1, but got {}".format(loss_scale))
        self._loss_scale = loss_scale
        self._drop_overflow_update = drop_overflow_update

    def get_loss_scale(self):
        return self._loss_scale

    def get_drop_overflow_update(self):
        """Whether an overflowing step's update is dropped."""
        return self._drop_overflow_update

    def update_loss_scale(self, overflow):
        """A fixed scale does not change."""

    def get_update_cell(self):
        if not self._drop_overflow_update:
            return None
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """`mindspore.train.DynamicLossScaleManager(init_loss_scale=2**24, scale_factor=2,
    scale_window=2000)`: the scale is divided by `scale_factor` after an overflowing step and
    multiplied by it after `scale_window` steps without overflow."""

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000):
        if init_loss_scale < 1.0:
            raise ValueError("The argument 'init_loss_scale' must be > 1, but got {}".format(init_loss_scale))
        self.loss_scale = init_loss_scale
        checks.check_positive_int(scale_window, "scale_window", self.__class__.__name__)
        self.scale_window = scale_window
        if scale_factor <= 0:
            raise ValueError("The argument 'scale_factor' must be > 0, but got {}".format(scale_factor))
        self.scale_factor = scale_factor
        self.increase_ratio = scale_factor
        self.decrease_ratio = 1 / scale_factor
        self.cur_iter = 1
        self.last_overflow_iter = 0
        self.bad_step_max = 1000
        self.bad_step = 0

    def get_loss_scale(self):
        return self.loss_scale

    def update_loss_scale(self, overflow):
        """MindSpore's host-side rule (the update cell applies the same rule inside the step)."""
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
                self.loss_scale *= self.increase_ratio
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError("Dynamic loss scale Continuous overflow ", self.bad_step,
                               " times, has exceeded maximum threshold.")
        self.cur_iter += 1

    def get_drop_overflow_update(self):
        return True

    def get_update_cell(self):
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)
