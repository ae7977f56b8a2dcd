"""`mindspore.nn` loss-scale cells: TrainOneStepWithLossScaleCell, DynamicLossScaleUpdateCell,
FixedLossScaleUpdateCell.

A loss-scaled step back-propagates `loss * scale`, divides the gradients by `scale`, checks them
for infinities and NaNs (`all_finite`, also `mindspore.amp`'s: plain array math, so the check works on every backend
and for float16 and bfloat16 networks; MindSpore's CPU build refuses loss scaling) and applies the
optimizer only when they are finite. The skipped update is a select between the optimizer's state
before and after its step, so the step stays one branch-free program; on overflow every weight
and optimizer state (the global step included) keeps its value, as MindSpore's skipped
`optimizer(grads)` leaves them. The update cell then adjusts the scale, a Parameter of the
training cell (`scale_sense`).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.core import lifting
from msjax._src.core import x64
from msjax._src.nn.cell import Cell
from msjax._src.nn.wrap import TrainOneStepCell
from msjax._src.ops.array_ops import zeros_like
from msjax._src.ops.composite import MultitypeFuncGraph
from msjax._src.ops.state_ops import assign
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.core.context import get_context
from msjax._src.ops.comm_ops import AllReduce
from msjax._src.ops.composite import HyperMap
from msjax._src.ops.math_ops import Equal, LessEqual, LogicalNot
from msjax._src.ops.primitives import ReduceAll, ReduceSum
from msjax._src.parallel.parallel_context import ParallelMode
from msjax._src.transforms.grad import value_and_grad


def _array(x):
    return x._data if isinstance(x, Tensor) else jnp.asarray(x)


class DynamicLossScaleUpdateCell(Cell):
    """`mindspore.nn.DynamicLossScaleUpdateCell(loss_scale_value, scale_factor, scale_window)`.

    Called as `cell(loss_scale, overflow)` with the scale Parameter: on overflow the scale is
    divided by `scale_factor` (never below 1); after `scale_window` steps without overflow it is
    multiplied by `scale_factor`. Returns `overflow`.
    """

    def __init__(self, loss_scale_value, scale_factor, scale_window):
        super().__init__()
        self.scale_window = Tensor(scale_window, dtype=mstype.int32)
        self.scale_factor = Tensor(scale_factor, dtype=mstype.float32)
        self.loss_scale_value = loss_scale_value
        self.cur_iter = Parameter(Tensor(1, dtype=mstype.int32), name="current_iterator_step")
        self.last_overflow_iter = Parameter(Tensor(0, dtype=mstype.int32), name="last_overflow_iterator_step")
        self.minimum_loss_scale = Tensor(1.0, dtype=mstype.float32)

    def get_loss_scale(self):
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        overflow_cond = _array(overflow)
        scale = _array(loss_scale)
        factor = self.scale_factor._data
        cur_iter = self.cur_iter._data
        last_overflow = self.last_overflow_iter._data
        on_overflow = jnp.where(overflow_cond, jnp.maximum(scale * (1.0 / factor),
                                                           self.minimum_loss_scale._data), scale)
        should_inc = self.scale_window._data <= cur_iter - last_overflow
        assign(self.last_overflow_iter, _wrap(jnp.where(overflow_cond | should_inc, cur_iter, last_overflow)))
        grown = jnp.where(should_inc & ~overflow_cond, on_overflow * factor, on_overflow)
        assign(loss_scale, _wrap(grown.astype(scale.dtype)))
        assign(self.cur_iter, _wrap(cur_iter + 1))
        return overflow


class FixedLossScaleUpdateCell(Cell):
    """`mindspore.nn.FixedLossScaleUpdateCell(loss_scale_value)`: keeps the scale; returns
    `overflow`."""

    def __init__(self, loss_scale_value):
        super().__init__()
        self.loss_scale_value = loss_scale_value

    def get_loss_scale(self):
        return self.loss_scale_value

    def construct(self, _, overflow):
        return overflow


@x64.scoped
def all_finite(inputs, status=None):
    """`mindspore.amp.all_finite(inputs, status=None)`: a bool Tensor, True when every Tensor in
    `inputs` (a tuple or list) is finite. `status` (from `init_status`) is accepted and unused:
    msjax checks the values themselves on every backend."""
    leaves = [x._data if isinstance(x, Tensor) else jnp.asarray(x) for x in jax.tree_util.tree_leaves(
        inputs, is_leaf=lambda x: isinstance(x, Tensor))]
    finite = jnp.asarray(True)
    for leaf in leaves:
        if jnp.issubdtype(leaf.dtype, jnp.inexact):
            finite = finite & jnp.all(jnp.isfinite(leaf))
    return _wrap(finite)


def grads_overflow(grads):
    """True (a bool Tensor) when any gradient holds an infinity or a NaN."""
    return _wrap(jnp.logical_not(all_finite(grads)._data))


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """`mindspore.nn.TrainOneStepWithLossScaleCell(network, optimizer, scale_sense)`.

    `scale_sense` is an update cell (Dynamic/FixedLossScaleUpdateCell) or a Tensor of shape
    `()` or `(1,)` holding a fixed scale. A call returns `(loss, overflow, scaling_sens)`; on
    overflow the optimizer's update is skipped. Unlike MindSpore's CPU build, msjax runs it on
    every backend.

    Example:
        >>> manager = nn.DynamicLossScaleUpdateCell(loss_scale_value=2**12, scale_factor=2, scale_window=1000)
        >>> train = nn.TrainOneStepWithLossScaleCell(net_with_loss, optimizer, scale_sense=manager)
        >>> loss, overflow, scale = train(data, label)
    """

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer, sens=None)
        self._overflow_check_helpers()
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(Tensor(scale_sense.get_loss_scale(), dtype=mstype.float32),
                                         name="scale_sense")
        elif isinstance(scale_sense, Tensor):
            if scale_sense.shape in ((1,), ()):
                self.scale_sense = Parameter(scale_sense, name='scale_sense')
            else:
                raise ValueError("For 'TrainOneStepWithLossScaleCell', the shape of 'scale_sense' must be (1,) or "
                                 "(), but got {}.".format(scale_sense.shape))
        else:
            raise TypeError("For 'TrainOneStepWithLossScaleCell', the 'scale_sense' must be Cell or Tensor, but "
                            "got 'scale_sense' type: {}.".format(type(scale_sense)))

    def _overflow_check_helpers(self):
        """The helper attributes MindSpore's `__init__` sets, which the model zoo's subclasses of this
        cell use in their own `construct` (`self.hyper_map`, `self.base`, `self.less_equal`, ...)."""
        self.hyper_map = HyperMap()
        self.base = Tensor(1, mstype.float32)
        self.base0 = Tensor(0, mstype.int32)
        self.reduce_sum = ReduceSum(keep_dims=False)
        self.reduce_all = ReduceAll(keep_dims=False)
        self.less_equal = LessEqual()
        self.equal = Equal()
        self.logic_not = LogicalNot()
        self.allreduce = AllReduce()
        self.is_distributed = self.parallel_mode != ParallelMode.STAND_ALONE
        self.gpu_target = get_context("device_target") == "GPU"

    def construct(self, *inputs):
        scaling_sens = self.scale_sense
        scale = scaling_sens._data
        network = self.network

        def scaled_loss(*args):
            loss = network(*args)
            # MindSpore back-propagates `ones_like(loss) * cast(scale, loss.dtype)`.
            return loss * _wrap(scale.astype(loss._data.dtype)), loss

        (_, loss), grads = value_and_grad(scaled_loss, None, self.weights, has_aux=True)(*inputs)
        grads = tuple(_wrap(g._data * (1.0 / scale).astype(g._data.dtype)) for g in grads)
        grads = self.grad_reducer(grads)
        cond = self.get_overflow_status(None, grads)
        overflow = self.process_loss_scale(cond)
        self._update_unless(overflow, grads)
        return loss, cond, scaling_sens

    def _update_unless(self, overflow, grads):
        """`optimizer(grads)` when `overflow` is False; otherwise its state stays as it was."""
        boxes = lifting.collect_parameters(self.optimizer)
        before = [box._data for box in boxes]
        self.optimizer(grads)
        skip = _array(overflow)
        for box, old in zip(boxes, before):
            new = box._data
            if new is not old:
                assign(box, _wrap(jnp.where(skip, old, new)))

    def set_sense_scale(self, sens):
        """Set the loss scale (a Tensor)."""
        if self.scale_sense and isinstance(sens, Tensor):
            self.scale_sense.set_data(sens)
        else:
            raise TypeError("For 'TrainOneStepWithLossScaleCell', the type of 'sens' must be Tensor, but got "
                            "{}".format(type(sens)))

    def start_overflow_check(self, pre_cond, compute_input):
        """MindSpore's start of an overflow check: returns `(status, compute_input)`, `status` an int32
        Tensor of 8 zeros for `get_overflow_status`. Only Ascend 910A clears a hardware overflow
        register here; msjax checks the gradients' values instead, so `compute_input` comes back as
        it was given (as on MindSpore's GPU and CPU)."""
        return Tensor([0] * 8, mstype.int32), compute_input

    def get_overflow_status(self, status, compute_output):
        """Whether any of `compute_output` (the gradients) overflowed, on every backend."""
        return grads_overflow(compute_output)

    def process_loss_scale(self, overflow):
        """Let the update cell adjust the scale; returns the overflow flag."""
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow


# -- the composites MindSpore's module maps over a pipeline's accumulated gradients -------------
grad_scale = MultitypeFuncGraph("grad_scale")
shard_grad_scale = MultitypeFuncGraph("shard_grad_scale")


@grad_scale.register("Tensor", "Tensor", "Tensor")
def tensor_grad_scale_pipeline(scale, grad, accu_grad):
    """`loss_scale.grad_scale(scale, grad, accu_grad)`: `accu_grad * (1 / scale)`, the
    accumulator (a Parameter) zeroed after."""
    new_grad = accu_grad * (1 / scale)
    accu_grad.assign_value(zeros_like(accu_grad))
    return new_grad


@shard_grad_scale.register("Tensor", "Tensor", "Tensor")
def tensor_shard_grad_scale_pipeline(scale, grad, accu_grad):
    """`loss_scale.shard_grad_scale(scale, grad, accu_grad)`: `grad * (1 / scale)`, the
    accumulator `accu_grad` (a Parameter) zeroed."""
    new_grad = grad * (1 / scale)
    accu_grad.assign_value(zeros_like(accu_grad))
    return new_grad

