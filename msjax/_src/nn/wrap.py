"""`mindspore.nn` training wrappers: WithLossCell, WithGradCell, ForwardValueAndGrad,
TrainOneStepCell, WithEvalCell, ParameterUpdate.

They keep their wrapped networks' parameter names (`auto_prefix=False`), as MindSpore's do. A
`TrainOneStepCell` call is one Cell call, so it is all-or-nothing: if the forward pass, the
gradients or the optimizer raise, every Parameter and optimizer state keeps its value from
before the step. Gradients come from msjax's `GradOperation`/`value_and_grad` (jax.vjp over the
state core), so the same step also runs compiled (GRAPH_MODE, `jit`) and in vmap ensembles.
"""
from __future__ import annotations

from types import FunctionType, MethodType

import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.nn.cell import Cell
from msjax._src.nn.distributed import DistributedGradReducer
from msjax._src.nn.layers.basic import Identity
from msjax._src.parallel.parallel_context import ParallelMode, device_num, gradients_mean, parallel_mode
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.ops.state_ops import assign, depend
from msjax._src.core.parameter import Parameter, ParameterTuple
from msjax._src.core.tensor import _wrap
from msjax._src.transforms.grad import GradOperation, value_and_grad

__all__ = [
    "ForwardValueAndGrad",
    "ParameterUpdate",
    "TrainOneStepCell",
    "WithEvalCell",
    "WithGradCell",
    "WithLossCell",
]


class WithLossCell(Cell):
    """`mindspore.nn.WithLossCell(backbone, loss_fn)`: `loss_fn(backbone(data), label)`.

    Example:
        >>> net_with_loss = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True))
        >>> loss = net_with_loss(data, label)
    """

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        out = self._backbone(data)
        return self._loss_fn(out, label)

    @property
    def backbone_network(self):
        """The wrapped network."""
        return self._backbone


class WithGradCell(Cell):
    """`mindspore.nn.WithGradCell(network, loss_fn=None, sens=None)`: the gradients of the
    network's loss with respect to its trainable parameters, as a tuple."""

    def __init__(self, network, loss_fn=None, sens=None):
        super().__init__(auto_prefix=False)
        self.network = network
        self.loss_fn = loss_fn
        self.weights = ParameterTuple(network.trainable_params())
        self.grad = GradOperation(get_by_list=True, sens_param=sens is not None)
        self.sens = sens
        self.network_with_loss = network if loss_fn is None else WithLossCell(self.network, self.loss_fn)
        self.network_with_loss.set_train()

    def construct(self, *inputs):
        if self.sens is None:
            return self.grad(self.network_with_loss, self.weights)(*inputs)
        return self.grad(self.network_with_loss, self.weights)(*inputs, self.sens)


class ForwardValueAndGrad(Cell):
    """`mindspore.nn.ForwardValueAndGrad(network, weights=None, get_all=False, get_by_list=False,
    sens_param=False)`: `(network(*inputs), gradients)` with GradOperation's structure."""

    def __init__(self, network, weights=None, get_all=False, get_by_list=False, sens_param=False):
        super().__init__(auto_prefix=False)
        if not isinstance(network, (Cell, FunctionType, MethodType)):
            raise TypeError("For 'ForwardValueAndGrad', the argument 'network' must be cell, function type "
                            f"or method type, but got '{type(network)}'")
        if not isinstance(get_all, bool):
            raise TypeError(f"For 'ForwardValueAndGrad', the type of 'get_all' must be bool, but got "
                            f"'{type(get_all)}'")
        if not isinstance(get_by_list, bool):
            raise TypeError(f"For 'ForwardValueAndGrad', the type of 'get_by_list' must be bool, but got "
                            f"'{type(get_by_list)}'")
        if get_by_list and not isinstance(weights, (ParameterTuple, tuple, list)):
            raise TypeError("For 'ForwardValueAndGrad', when 'get_by_list' is set to True, the argument "
                            f"'weights' must be Parameters array, but got '{type(weights)}'")
        self.network = network
        if isinstance(network, Cell):
            self.network.set_grad()
        self.weights = weights
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param
        self.grad = GradOperation(get_all=get_all, get_by_list=get_by_list, sens_param=sens_param)

    def construct(self, *inputs):
        grad_inputs = inputs
        if self.sens_param:
            inputs = inputs[:-1]
        loss = self.network(*inputs)
        if self.get_by_list:
            grads = self.grad(self.network, self.weights)(*grad_inputs)
        else:
            grads = self.grad(self.network)(*grad_inputs)
        return loss, grads


class TrainOneStepCell(Cell):
    """`mindspore.nn.TrainOneStepCell(network, optimizer, sens=None, return_grad=False)`.

    One call is one training step: the network's loss and its gradients with respect to
    `optimizer.parameters`, then `optimizer(grads)`; returns the loss (and, with `return_grad`,
    a dict of gradients by parameter name). `sens` scales the loss's cotangent (default 1).

    msjax runs the forward pass once per step (MindSpore's PyNative mode also reuses the forward
    pass it recorded), so BatchNorm statistics move once per step; `self.grad`, `self.grad_no_sens`,
    `self.weights`, `self.sens` and `self.grad_reducer` are kept for subclasses that write their
    own `construct`, as MindSpore's documentation shows.

    Example:
        >>> opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
        >>> train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
        >>> loss = train(data, label)
    """

    def __init__(self, network, optimizer, sens=None, return_grad=False):
        super().__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = self.optimizer.parameters
        self.grad = GradOperation(get_by_list=True, sens_param=True)
        self.grad_no_sens = GradOperation(get_by_list=True)
        self.sens = sens
        if self.sens == 0:
            raise ValueError("The input argument of 'sens' can not be 0.")
        self.sense_flag = True
        if self.sens is None:
            self.sense_flag = False
            self.sens = 1.0
        self.return_grad = return_grad
        if return_grad:
            self.weights_name = [i.name for i in self.optimizer.parameters]
        self.reducer_flag = False
        self.grad_reducer = Identity()  # MindSpore's child cell outside data-parallel training
        self.parallel_mode = parallel_mode()
        self.reducer_flag = self.parallel_mode in (ParallelMode.DATA_PARALLEL,
                                                   ParallelMode.HYBRID_PARALLEL)
        if self.reducer_flag:
            self.mean = gradients_mean()
            self.degree = device_num()
            self.grad_reducer = DistributedGradReducer(self.weights, self.mean, self.degree)

    def construct(self, *inputs):
        loss, grads = value_and_grad(self.network, None, self.weights)(*inputs)
        if self.sense_flag:
            # The gradients are linear in the cotangent: filling it with `sens` (MindSpore's
            # `ops.fill(loss.dtype, loss.shape, sens)`) scales them by `sens`.
            grads = tuple(_wrap(g._data * jnp.asarray(self.sens, g._data.dtype)) for g in grads)
        grads = self.grad_reducer(grads)
        loss = depend(loss, self.optimizer(grads))
        if self.return_grad:
            return loss, {name: grad for name, grad in zip(self.weights_name, grads)}
        return loss


class WithEvalCell(Cell):
    """`mindspore.nn.WithEvalCell(network, loss_fn, add_cast_fp32=False)`: returns
    `(loss, outputs, label)` for metrics."""

    def __init__(self, network, loss_fn, add_cast_fp32=False):
        super().__init__(auto_prefix=False)
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = checks.check_value_type("add_cast_fp32", add_cast_fp32, [bool], self.cls_name)

    def construct(self, data, label):
        outputs = self._network(data)
        if self.add_cast_fp32:
            label = label.astype(mstype.float32)
            outputs = outputs.astype(mstype.float32)
        loss = self._loss_fn(outputs, label)
        return loss, outputs, label


class ParameterUpdate(Cell):
    """`mindspore.nn.ParameterUpdate(param)`: calling it with `x` assigns `x` to `param`."""

    def __init__(self, param):
        super().__init__(auto_prefix=False)
        if not isinstance(param, Parameter):
            raise TypeError(f"For 'ParameterUpdate', 'param' must be 'Parameter', but got {type(param)}.")
        self._param = param

    def construct(self, x):
        assign(self._param, x)
        return x


class _VirtualDatasetCell(Cell):
    """`mindspore.nn.wrap.cell_wrapper._VirtualDatasetCell(backbone)`: wraps `backbone` so that,
    in MindSpore's semi-automatic parallel mode, its inputs are split along the batch across the
    devices (the `_VirtualDataset` primitive). In msjax the batch is sharded by the data-parallel
    training step (`TrainOneStepCell` under `ParallelMode.DATA_PARALLEL`), so the wrapper passes
    its inputs to `backbone` unchanged. (MindSpore 2.10's CPU build cannot run it outside a
    parallel context.)"""

    def __init__(self, backbone):
        super().__init__()
        self._backbone = backbone

    def construct(self, *inputs):
        return self._backbone(*inputs)
