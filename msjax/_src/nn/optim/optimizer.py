"""`mindspore.nn.Optimizer`: the base Cell of optimizers, holding their state as Parameters.

An optimizer is a Cell whose state lives in Parameters named as MindSpore names them:
`global_step` (Int32, shape `(1,)`), `learning_rate` (Float32 scalar, or `learning_rate_group_<i>`
per group, or a schedule Cell), the parameters it updates, and per-parameter states made by
`clone_states` (`moment1.<name>`, `moments.<name>`, ...). Calling it with the gradients runs one
update: every new value is written with `state_ops.assign`, never by replacing Python attributes,
so the same code runs eagerly (where the enclosing Cell call is one transaction: a failure undoes
every write), inside compiled programs and inside vmap ensembles (where msjax's state core swaps
the values for tracers). Nothing in an update reads a value back to Python or branches on one.
"""
from __future__ import annotations

import functools
import inspect
from collections.abc import Iterable

import jax.numpy as jnp
import numpy as np

from msjax._src.core import x64
from msjax._src.core import context
from msjax._src.core import dtype as mstype
from msjax._src.nn.cell import Cell
from msjax._src.nn.containers import CellList
from msjax._src.nn.learning_rate_schedule import LearningRateSchedule
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.ops.state_ops import assign_add
from msjax._src.core.parameter import Parameter, ParameterTuple
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.core import deferred_init

__all__ = ["Optimizer", "clone_states"]

_GROUP_KEYS = ["params", "lr", "weight_decay", "order_params", "grad_centralization"]


@x64.scoped
def clone_states(parameters, prefix, fill=0.0) -> ParameterTuple:
    """Per-parameter optimizer states: a Parameter `prefix.<name>` shaped like each parameter and
    filled with `fill` (MindSpore's `parameters.clone(prefix, init='zeros'|'ones')`). Only the
    parameters' shapes and dtypes are read: under `nn.utils.no_init_parameters` neither they nor
    the states are initialised here."""
    states = []
    for param in parameters:
        shape, dtype = param.shape, param.dtype
        if deferred_init.deferring():
            values = deferred_init.uninitialized_constant(fill, shape, dtype)
        else:
            values = _wrap(jnp.full(shape, fill, mstype.to_numpy_dtype(dtype)))
        states.append(Parameter(values, name=f"{prefix}.{param.name}",
                                requires_grad=param.requires_grad))
    return ParameterTuple(states)


def _array(x):
    return x._data if isinstance(x, Tensor) else jnp.asarray(x)


def _success(count):
    """What MindSpore's optimizers return: one Python True per parameter."""
    return (True,) * count


def _value_array(x, dtype):
    """A scalar hyper-parameter (Tensor or number) as an array of the updated value's dtype."""
    return _array(x).astype(dtype)



def opt_init_args_register(fn):
    """`mindspore.nn.optim.optimizer.opt_init_args_register`: decorates an optimizer's
    `__init__` so the instance records its arguments, as MindSpore's does: `init_params`
    ({"params": params}, or the wrapped `optimizer`'s), `init_learning_rate` (a Tensor's values
    as a list, None for a LearningRateSchedule Cell) and `init_args` (the other arguments, defaults
    applied)."""
    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        bound_args = inspect.signature(fn).bind(self, *args, **kwargs)
        bound_args.apply_defaults()
        arguments = bound_args.arguments
        arguments.pop("self")
        if "params" in arguments:
            self.init_params = {"params": arguments.pop("params")}
        if "optimizer" in arguments:  # (an optimizer msjax built without this decorator: its
            wrapped = arguments.pop("optimizer")  # parameters are the ones it was given)
            recorded = getattr(wrapped, "__dict__", {}).get("init_params")
            self.init_params = {"params": recorded["params"] if recorded is not None
                                else list(getattr(wrapped, "parameters", ()))}
        if "learning_rate" in arguments:
            learning_rate = arguments.pop("learning_rate")
            if isinstance(learning_rate, Tensor):
                learning_rate = learning_rate.asnumpy().tolist()
            self.init_learning_rate = None if isinstance(learning_rate, Cell) else learning_rate
        self.init_args = arguments
        fn(self, *args, **kwargs)

    return deco

class Optimizer(Cell):
    """`mindspore.nn.Optimizer(learning_rate, parameters, weight_decay=0.0, loss_scale=1.0)`.

    The base of msjax's optimizers and of users' own ones: it checks and stores the parameters
    (a list of Parameters, or of group dicts with `params`, `lr`, `weight_decay`,
    `grad_centralization`, `order_params`), builds the learning rate (a number, a Tensor or
    iterable of per-step values, or a `LearningRateSchedule`), and offers `get_lr`,
    `get_weight_decay`, `decay_weight`, `gradients_centralization` and `scale_grad` to a
    subclass's `construct(gradients)`. Without groups, weight decay skips parameters whose names
    contain 'beta' or 'gamma' (MindSpore's `decay_filter`).

    Example:
        >>> class MyMomentum(nn.Optimizer):
        ...     def __init__(self, params, learning_rate, momentum=0.9):
        ...         super().__init__(learning_rate, params)
        ...         self.moments = self.parameters.clone(prefix="moments", init="zeros")
        ...         self.momentum = momentum
        ...     def construct(self, gradients):
        ...         lr = self.get_lr()
        ...         for param, mom, grad in zip(self.parameters, self.moments,
        ...                                     self.scale_grad(self.decay_weight(gradients))):
        ...             ops.assign(mom, mom * self.momentum + grad)
        ...             ops.assign(param, param - lr * mom)
    """

    _support_parallel_optimizer = False

    @x64.scoped
    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        parameters = self._parameters_base_check(parameters, "parameters")
        self.param_rank = None
        self.optim_filter = None
        if not isinstance(parameters, list):
            raise TypeError("For 'Optimizer' argument 'parameters' must be 'list', but got "
                            f"{type(parameters)}.")
        if not all(isinstance(x, Parameter) for x in parameters) and \
                not all(isinstance(x, dict) for x in parameters):
            raise TypeError("For 'Optimizer', all elements of the argument 'parameters' must be "
                            "'Parameter' or 'dict', please check the 'parameters'.")
        if isinstance(loss_scale, int) and not isinstance(loss_scale, bool):
            loss_scale = float(loss_scale)
        checks.check_value_type("loss_scale", loss_scale, [float], self.cls_name)
        checks.check_positive_float(loss_scale, "loss_scale", self.cls_name)
        self.loss_scale = loss_scale
        self.dynamic_weight_decay = False
        self.grad_centralization = False
        self._unique = True
        self._target = context.get_context("device_target")
        self.dynamic_lr = False
        self.global_step = Parameter(_wrap(jnp.zeros((1,), np.int32)), name="global_step")
        self.is_group = False
        self.is_group_lr = False
        self.is_group_params_ordered = False
        learning_rate = self._preprocess_single_lr(learning_rate)
        if isinstance(parameters[0], dict):
            self.is_group = True
            self.group_params = []
            self.group_lr = []
            self.group_weight_decay = []
            self.group_grad_centralization = []
            self._init_group_params(parameters, learning_rate, weight_decay, self.grad_centralization)
        self._init_opt_attrs(learning_rate, parameters, weight_decay)

    # -- construction -------------------------------------------------------------------------
    def _init_opt_attrs(self, learning_rate, parameters, weight_decay):
        weight_decay = self._preprocess_weight_decay(weight_decay)
        if self.is_group_lr:
            if self.dynamic_lr:
                self.learning_rate = CellList(self.group_lr, auto_prefix=False)
            else:
                self.learning_rate = ParameterTuple(self.group_lr)
        else:
            self.learning_rate = self._build_single_lr(learning_rate, "learning_rate")

        if self.is_group:
            self.parameters = ParameterTuple(self.group_params)
            self._parameters = self.parameters
            self.decay_flags = tuple(isinstance(x, Cell) or x > 0 for x in self.group_weight_decay)
            self.dynamic_decay_flags = tuple(isinstance(x, Cell) for x in self.group_weight_decay)
            self.weight_decay = tuple(x if flag else Tensor(x, mstype.float32) for x, flag
                                      in zip(self.group_weight_decay, self.dynamic_decay_flags))
            self.exec_weight_decay = any(self.decay_flags)
            self.grad_centralization_flags = tuple(self.group_grad_centralization)
        else:
            self.parameters = ParameterTuple(parameters)
            self._parameters = self.parameters
            self.decay_flags = tuple("beta" not in x.name and "gamma" not in x.name
                                     for x in self._parameters)
            self.dynamic_decay_flags = isinstance(weight_decay, Cell)
            self.exec_weight_decay = isinstance(weight_decay, Cell) or weight_decay > 0
            self.weight_decay = weight_decay if self.dynamic_decay_flags \
                else Tensor(weight_decay, mstype.float32)
        self.reciprocal_scale = Tensor(1.0 / self.loss_scale, mstype.float32)
        self.need_scale = self.loss_scale != 1.0
        self.global_step_increase_tensor = Tensor(np.array([1], np.int32))
        self.param_length = len(self._parameters)
        self.use_parallel = False
        self.optim_filter = (True,) * self.param_length

    @staticmethod
    def _parameters_base_check(parameters, param_info):
        if parameters is None:
            raise ValueError(f"For 'Optimizer', the argument {param_info} can not be None.")
        if not isinstance(parameters, Iterable):
            raise TypeError(f"For 'Optimizer', the argument {param_info} must be Iterable type, "
                            f"but got {type(parameters)}.")
        parameters = list(parameters)
        if not parameters:
            raise ValueError(f"For 'Optimizer', the argument {param_info} must not be empty.")
        return parameters

    def _preprocess_weight_decay(self, weight_decay):
        if isinstance(weight_decay, (float, int)) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
            checks.check_non_negative_float(weight_decay, "weight_decay", self.cls_name)
            return weight_decay * self.loss_scale
        if isinstance(weight_decay, Cell):
            self.dynamic_weight_decay = True
            return _WrappedWeightDecay(weight_decay, self.loss_scale)
        raise TypeError("For 'Optimizer', the argument 'Weight_decay' must be int, float or Cell.but "
                        f"got {type(weight_decay)}")

    def _preprocess_single_lr(self, learning_rate):
        """A number as a float, a 0-d Tensor as a Float32 Tensor; anything per-step (Tensor,
        iterable, schedule) marks the rate dynamic."""
        if isinstance(learning_rate, (float, int)) and not isinstance(learning_rate, bool):
            learning_rate = float(learning_rate)
            checks.check_non_negative_float(learning_rate, "learning rate", self.cls_name)
            return learning_rate
        if isinstance(learning_rate, Tensor) and learning_rate.ndim == 0:
            return Tensor(learning_rate, mstype.float32)
        self.dynamic_lr = True
        if isinstance(learning_rate, LearningRateSchedule):
            return learning_rate
        if isinstance(learning_rate, Tensor):
            if learning_rate.ndim > 1:
                raise ValueError("For 'Optimizer', if 'learning_rate' is Tensor type, then the dimension "
                                 f"of it should be 0 or 1, but got {learning_rate.ndim}.")
            return Tensor(learning_rate, mstype.float32)
        if isinstance(learning_rate, Iterable):
            return Tensor(np.array([float(rate) for rate in learning_rate], np.float32))
        raise TypeError("For 'Optimizer', the argument 'learning_rate' must be int, float, Tensor, "
                        f"Iterable or LearningRateSchedule, but got {type(learning_rate)}.")

    def _build_single_lr(self, learning_rate, name):
        """A fixed rate as a Float32 Parameter `name` (wrapped in a schedule Cell when other groups'
        rates are dynamic), a vector of per-step rates as `_IteratorLearningRate`."""
        if isinstance(learning_rate, float) or \
                (isinstance(learning_rate, Tensor) and learning_rate.ndim == 0):
            learning_rate = Parameter(Tensor(learning_rate, mstype.float32), name)
            if self.is_group_lr and self.dynamic_lr:
                learning_rate = _ConvertToCell(learning_rate)
            return learning_rate
        if isinstance(learning_rate, Tensor) and learning_rate.ndim == 1:
            return _IteratorLearningRate(learning_rate, name)
        return learning_rate

    def _check_group_params(self, parameters):
        for group_param in parameters:
            invalid_key = [key for key in group_param if key not in _GROUP_KEYS]
            if invalid_key:
                raise KeyError(f"For 'Optimizer', the key in group params must be one of in {_GROUP_KEYS}, "
                               f"but got {invalid_key}.")
            if "order_params" in group_param:
                if len(group_param.keys()) > 1:
                    raise ValueError("For 'Optimizer', the order params dict in group parameters should "
                                     "only include the 'order_params' key, but got "
                                     f"{group_param.keys()}.")
                if not isinstance(group_param["order_params"], Iterable):
                    raise TypeError("For 'Optimizer', the value of 'order_params' in group parameters "
                                    "should be Iterable type, but got "
                                    f"{type(group_param['order_params'])}.")
                continue
            group = self._parameters_base_check(group_param["params"], "group `params`")
            for index, param in enumerate(group):
                if not isinstance(param, Parameter):
                    raise TypeError("For 'Optimizer', the element in group parameters must be "
                                    f"Parameter type, but got {type(param)} at index {index}.")

    def _parse_group_params(self, parameters, learning_rate):
        self._check_group_params(parameters)
        tensor_lr_length = learning_rate.size if isinstance(learning_rate, Tensor) and \
            learning_rate.ndim == 1 else 0
        for group_param in parameters:
            if "order_params" in group_param:
                self.is_group_params_ordered = True
                continue
            if "lr" in group_param:
                self.is_group_lr = True
                group_lr = self._preprocess_single_lr(group_param["lr"])
                if isinstance(group_lr, Tensor) and group_lr.ndim == 1:
                    if tensor_lr_length == 0:
                        tensor_lr_length = group_lr.size
                    elif group_lr.size != tensor_lr_length:
                        raise ValueError("For 'Optimizer', the Tensor type dynamic learning rate in "
                                         "group must be the same size as the argument 'learning_rate'.")

    def _init_group_params(self, parameters, learning_rate, weight_decay, grad_centralization):
        self._parse_group_params(parameters, learning_rate)
        default_lr = self._build_single_lr(learning_rate, "learning_rate")
        params_store = []
        ordered_parameters = []
        for group_num, group_param in enumerate(parameters):
            if "order_params" in group_param:
                ordered_parameters = group_param["order_params"]
                continue
            self.group_params += group_param["params"]
            if "lr" in group_param:
                lr = self._preprocess_single_lr(group_param["lr"])
                lr = self._build_single_lr(lr, "learning_rate_group_" + str(group_num))
            else:
                lr = default_lr
            group_weight_decay = group_param.get("weight_decay", weight_decay)
            group_weight_decay = self._preprocess_weight_decay(group_weight_decay)
            if "grad_centralization" in group_param:
                gc = group_param["grad_centralization"]
                if not isinstance(gc, bool):
                    raise TypeError("For 'Optimizer', the 'gradients_centralization' must be bool type, "
                                    f"but got {type(gc)}.")
                self.grad_centralization = gc
                group_gc = gc
            else:
                group_gc = grad_centralization
            for param in group_param["params"]:
                if param.name in params_store:
                    raise RuntimeError(f"For 'Optimizer', the {param.name} parameter already exists, it "
                                       "does not support repeated setting. Please check whether the "
                                       "optimizer parameter has been set multiple times.")
                params_store.append(param.name)
                self.group_lr.append(lr)
                self.group_weight_decay.append(group_weight_decay)
                self.group_grad_centralization.append(group_gc)
        if self.is_group_params_ordered and ordered_parameters:
            self._order_group_params(list(ordered_parameters))

    def _order_group_params(self, ordered_parameters):
        if len(ordered_parameters) != len(self.group_params):
            raise ValueError("For 'Optimizer',the length of order parameters must be the same as the "
                             "length of group parameters, but got order parameters' length "
                             f"{len(ordered_parameters)}, group parameters' length "
                             f"{len(self.group_params)}.")
        names = [param.name for param in ordered_parameters]
        order = [names.index(param.name) for param in self.group_params]
        for attr in ("group_params", "group_lr", "group_weight_decay", "group_grad_centralization"):
            values = getattr(self, attr)
            ordered = [None] * len(values)
            for index, value in zip(order, values):
                ordered[index] = value
            setattr(self, attr, ordered)

    # -- properties ---------------------------------------------------------------------------
    @property
    def unique(self):
        """Whether sparse gradients are made unique in the optimizer (kept for MindSpore's API)."""
        return self._unique

    @unique.setter
    def unique(self, value):
        if not isinstance(value, bool):
            raise TypeError(f"For 'Optimizer', the property 'unique' must be bool, but got {type(value)}")
        self._unique = value

    @property
    def target(self):
        """Where MindSpore runs the update ('CPU', 'GPU', 'Ascend'); msjax runs it where JAX runs."""
        return self._target

    @target.setter
    def target(self, value):
        raise NotImplementedError

    # -- the helpers of construct ---------------------------------------------------------------
    def get_lr(self):
        """The learning rate of the current step: the rate Parameter (or tuple of them, per
        parameter, with group rates), or the scalar a schedule gives for `global_step`."""
        if not self.dynamic_lr:
            return self.learning_rate
        if self.is_group_lr:
            return tuple(_scalar(schedule(self.global_step)) for schedule in self.learning_rate)
        return _scalar(self.learning_rate(self.global_step))

    def get_lr_parameter(self, param):
        """The rate Parameter(s) (or schedule Cells) of `param`, a Parameter or a list of them."""
        def lr_value(learning_rate):
            if isinstance(learning_rate, (_ConvertToCell, _IteratorLearningRate)):
                return learning_rate.learning_rate
            return learning_rate

        if isinstance(param, Parameter):
            param_list = [param]
        elif isinstance(param, list):
            param_list = param
        else:
            raise TypeError("For 'get_lr_parameter', the 'param' must be 'Parameter' or 'list' type, "
                            f"but got {type(param)}.")
        ids = [id(p) for p in self._parameters]
        result = []
        for p in param_list:
            checks.check_value_type("parameter", p, [Parameter], self.cls_name)
            if id(p) not in ids:
                raise ValueError(f"For 'get_lr_parameter', the parameter {p.name} is not in optimizer, "
                                 "please check whether the argument 'param' is correct.")
            if self.is_group_lr:
                result.append(lr_value(self.learning_rate[ids.index(id(p))]))
            else:
                result.append(lr_value(self.learning_rate))
        return result if isinstance(param, list) else result[0]

    def get_weight_decay(self):
        """The weight decay of the current step: a Float32 Tensor (tuple per parameter with
        groups), or the value a weight-decay Cell gives for `global_step`."""
        if self.dynamic_weight_decay:
            if self.is_group:
                return tuple(wd(self.global_step) if flag else wd
                             for wd, flag in zip(self.weight_decay, self.dynamic_decay_flags))
            return self.weight_decay(self.global_step)
        return self.weight_decay

    def decay_weight(self, gradients):
        """`gradient + weight_decay * parameter` for each parameter whose decay flag is set."""
        if not self.exec_weight_decay:
            return gradients
        weight_decay = self.get_weight_decay()
        if not self.is_group:
            weight_decay = (weight_decay,) * self.param_length
        result = []
        for wd, flag, param, grad in zip(weight_decay, self.decay_flags, self._parameters, gradients):
            if flag:
                value = param._data
                grad = _wrap(value * _value_array(wd, value.dtype) + _array(grad))
            result.append(grad)
        return tuple(result)

    def gradients_centralization(self, gradients):
        """Subtract each gradient's mean over all axes but the first, for parameter groups with
        `grad_centralization=True` (applied to gradients of rank > 1 whose second dimension is a
        multiple of 16, as MindSpore's Centralization does)."""
        if not self.is_group:
            return gradients
        result = []
        for flag, grad in zip(self.grad_centralization_flags, gradients):
            value = _array(grad)
            if flag and value.ndim > 1 and value.shape[1] % 16 == 0:
                axes = tuple(range(1, value.ndim))
                grad = _wrap(value - jnp.mean(value, axis=axes, keepdims=True))
            result.append(grad)
        return tuple(result)

    def scale_grad(self, gradients):
        """Gradients divided by `loss_scale` (multiplied by its reciprocal), when it is not 1."""
        if not self.need_scale:
            return gradients
        scale = self.reciprocal_scale._data
        return tuple(_wrap(_array(grad) * scale.astype(_array(grad).dtype)) for grad in gradients)

    def flatten_gradients(self, gradients):
        """MindSpore's hook for flattened parameters; msjax never flattens them."""
        return gradients

    def broadcast_params(self, optim_result):
        """MindSpore's parallel-optimizer broadcast; msjax's optimizers are not sharded."""
        return optim_result

    # -- what subclasses share ------------------------------------------------------------------
    def _per_parameter_lr(self, lr):
        """The step's rate for each parameter, as arrays."""
        if self.is_group_lr:
            return tuple(_array(value) for value in lr)
        return (_array(lr),) * self.param_length

    def _prepare_step(self, gradients, centralize=True):
        """MindSpore's steps before an update: flatten, weight decay, gradient centralisation
        (unless `centralize` is False), loss scale; then this step's learning rate, with the
        global step advanced. Returns `(gradients, lr)`. The gradients are a tuple (or list) of
        one per parameter, as MindSpore's Map over them needs (its RuntimeErrors otherwise)."""
        if not isinstance(gradients, (tuple, list)):
            raise RuntimeError("The types of arguments in Map must be consistent, but the types "
                               "of arguments are inconsistent.")
        if len(gradients) != self.param_length:
            raise RuntimeError("For 'Map', the length of tuples must be the same. ")
        gradients = self.flatten_gradients(gradients)
        gradients = self.decay_weight(gradients)
        if centralize:
            gradients = self.gradients_centralization(gradients)
        gradients = self.scale_grad(gradients)
        lr = self.get_lr()
        self._increase_global_step()
        return gradients, lr

    def _increase_global_step(self):
        assign_add(self.global_step, self.global_step_increase_tensor)

    def construct(self, *hyper_params):
        raise NotImplementedError


def _scalar(tensor) -> Tensor:
    return _wrap(jnp.reshape(_array(tensor), ()))


class _ConvertToCell(LearningRateSchedule):
    """A fixed group rate among dynamic ones: a Cell returning its Parameter's value, computed as
    MindSpore computes it (`lr + 1.0 - 1.0`, which rounds 0.01 to 0.00999999)."""

    def __init__(self, learning_rate):
        super().__init__()
        if not isinstance(learning_rate, Parameter):
            raise TypeError("For 'Optimizer', the argument 'learning_rate' must be Parameter, but got "
                            f"{type(learning_rate)}.")
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return _wrap(self.learning_rate._data + 1.0 - 1.0)


class _IteratorLearningRate(LearningRateSchedule):
    """Per-step rates from a 1-D Tensor: the rate of step `i` is element `i` (0 past the end, as
    MindSpore's Gather gives on CPU)."""

    def __init__(self, learning_rate, name):
        super().__init__()
        if not isinstance(learning_rate, Tensor):
            raise TypeError("For 'Optimizer', the argument 'learning_rate' must be Tensor, but got "
                            f"{type(learning_rate)}.")
        if learning_rate.ndim != 1:
            raise ValueError("For 'Optimizer', the dimension of the argument 'learning_rate' should be "
                             f"1, but got {learning_rate.ndim}.")
        self.learning_rate = Parameter(learning_rate, name)

    def construct(self, global_step):
        rates = self.learning_rate._data
        return _wrap(jnp.take(rates, _array(global_step), axis=0, mode="fill", fill_value=0))


class _WrappedWeightDecay(Cell):
    """A weight-decay Cell of the global step, times the loss scale."""

    def __init__(self, weight_decay, loss_scale=1.0):
        super().__init__()
        self.weight_decay = weight_decay
        self.loss_scale = Tensor(loss_scale, mstype.float32)

    def construct(self, global_step):
        return _wrap(_array(self.weight_decay(global_step)) * self.loss_scale._data)
