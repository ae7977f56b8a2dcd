"""`mindspore.boost.GradientAccumulation`: gradients summed over several steps, the optimizer run
on their mean every `max_accumulation_step` steps (MindSpore's boost module; msjax provides the
one Cell of it that real training code uses)."""
from __future__ import annotations

import numpy as np

from msjax._src.nn.cell import Cell
from msjax._src.ops.array_ops import where, zeros_like
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor


class GradientAccumulation(Cell):
    """`mindspore.boost.GradientAccumulation(max_accumulation_step, optimizer)`.

    Called as ``accumulation(loss, grads)`` after each step's gradients: adds
    ``grads / max_accumulation_step`` to its accumulators (Parameters named
    ``grad_accumulation.<name>``, one per optimizer Parameter) and counts the step (the int32
    Parameter ``accumulation_step``); on the `max_accumulation_step`-th step it runs `optimizer` on
    the accumulated gradients, then zeroes the counter and the accumulators. Returns `loss`.

    msjax runs the same arithmetic without a branch on the counter, so a compiled training step
    (``jit``, GRAPH_MODE) holds it as one program: the optimizer's update is computed every step
    and kept only on the steps MindSpore runs it (its Parameters keep their values otherwise).
    """

    def __init__(self, max_accumulation_step, optimizer):
        super().__init__()
        self._max_accumulation_step = max_accumulation_step
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self._grad_accumulation = self.weights.clone(prefix="grad_accumulation", init="zeros")
        self._accumulation_step = Parameter(Tensor(np.array(0, np.int32)), name="accumulation_step")

    def construct(self, loss, grads):
        for accumulated, grad in zip(self._grad_accumulation, grads):
            accumulated.assign_value(accumulated + grad / self._max_accumulation_step)
        self._accumulation_step.assign_value(self._accumulation_step + 1)
        update = self._accumulation_step >= self._max_accumulation_step
        optimizer_state = list(self.optimizer.get_parameters())
        before = [Tensor(parameter.value()) for parameter in optimizer_state]
        self.optimizer(self._grad_accumulation)
        for parameter, old in zip(optimizer_state, before):
            parameter.assign_value(where(update, parameter.value(), old))
        self._accumulation_step.assign_value(where(update, zeros_like(self._accumulation_step),
                                                   self._accumulation_step))
        for accumulated in self._grad_accumulation:
            accumulated.assign_value(where(update, zeros_like(accumulated), accumulated))
        return loss
