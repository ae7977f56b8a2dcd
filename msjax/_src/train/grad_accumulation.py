"""`mindspore.boost.GradientAccumulation`: gradients summed over several steps, the optimizer run
on their mean every `max_accumulation_step` steps; and the composites MindSpore's module defines
for it, `gradient_accumulation_op` and `gradient_clear_op`, which subclasses (MindCV's train step)
call through `hyper_map`."""
from __future__ import annotations

import numpy as np

from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.nn.cell import Cell
from msjax._src.ops.array_ops import where, zeros_like
from msjax._src.ops.composite import HyperMap, MultitypeFuncGraph

gradient_accumulation_op = MultitypeFuncGraph("gradient_accumulation_op")
gradient_clear_op = MultitypeFuncGraph("gradient_clear_op")


@gradient_accumulation_op.register("Int64", "Tensor", "Tensor")
def _accumulate(accumulation_step, cumulative_grad, grad):
    """Add ``grad / accumulation_step`` to the accumulator `cumulative_grad` (a Parameter)."""
    cumulative_grad.assign_value(cumulative_grad + grad / accumulation_step)
    return cumulative_grad


@gradient_clear_op.register("Tensor")
def _clear(cumulative_grad):
    """Zero the accumulator `cumulative_grad`; returns it."""
    cumulative_grad.assign_value(zeros_like(cumulative_grad))
    return cumulative_grad


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
        self.hyper_map = HyperMap()
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
