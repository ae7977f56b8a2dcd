"""`mindspore.parallel.shard(fn, in_strategy, out_strategy=None, parameter_plan=None)` and
`Cell.shard`: the shardings of a function's inputs, outputs and a Cell's Parameters.

In semi-auto and auto parallel mode (`set_auto_parallel_context`, or inside `AutoParallel`) a
sharded function runs compiled (as MindSpore's, which wraps it in `jit`): its Tensor inputs are
constrained to `in_strategy`, its Tensor outputs to `out_strategy`, and each Parameter named in
`parameter_plan` reads, inside the call, as its value constrained to its strategy
(`jax.lax.with_sharding_constraint` with the `NamedSharding`s of parallel/strategy_sharding.py).
XLA's SPMD partitioner (Shardy) then partitions the program by them and propagates shardings to
everything else, as MindSpore's sharding propagation does; results equal the unsharded ones.
In other modes the strategies are kept and the function runs as it is.

MindSpore makes both a no-op in a job of one rank (`Cell.shard` returns None, `shard` returns
`fn`); msjax's semi-auto parallel shards over the devices of the job, so the no-op is a job of
one device.
"""
from __future__ import annotations

import logging

import jax

from msjax._src.core import state
from msjax._src.core.lifting import is_cell
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.parallel import strategy_file
from msjax._src.parallel.parallel_layout import Layout
from msjax._src.parallel.strategy_sharding import (constrain_inputs, strategies_apply,
                                                   strategy_sharding)
from msjax._src.transforms.global_program import GlobalProgram
from msjax._src.transforms.jit import JitFunction

_logger = logging.getLogger("msjax")


def _check_inner_type(strategy, label) -> str:
    """MindSpore's check of a strategy's entries: all tuples of ints, or all Layouts."""
    kinds = set()
    for item in strategy:
        if isinstance(item, Layout):
            kinds.add("layout")
        elif isinstance(item, tuple):
            kinds.add("tuple")
            if not all(isinstance(x, int) for x in item):
                raise TypeError("The tuple strategy for each dimension should be tuple(int).")
        else:
            raise TypeError(f"The '{label}' should be a tuple(tuple(int)) or "
                            f"tuple(mindspore.parallel.Layout), but got {type(item).__name__}")
    if len(kinds) != 1:
        raise TypeError("For 'Shard', the strategy can only pass in consistent type for all "
                        "dimensions.")
    return kinds.pop()


def _check_strategies(in_strategy, out_strategy):
    if not isinstance(in_strategy, tuple):
        raise TypeError("For 'Shard', the 'in_strategy' should be a tuple, but got "
                        f"{type(in_strategy).__name__}.")
    _check_inner_type(in_strategy, "in_strategy")
    if out_strategy is not None:
        if not isinstance(out_strategy, tuple):
            raise TypeError("For 'Shard', the 'out_strategy' should be None or tuple, but got "
                            f"{type(out_strategy).__name__}.")
        _check_inner_type(out_strategy, "out_strategy")


def _parameter_plan(fn, parameter_plan) -> list:
    """(Parameter, strategy) for each entry of `parameter_plan` naming a Parameter of the Cell
    `fn` (a key may start with "self."); MindSpore's checks and warnings."""
    if parameter_plan is None:
        return []
    if not isinstance(parameter_plan, dict):
        raise TypeError("For 'Shard', the 'parameter_plan' should be a dict or None, but got "
                        f"{type(parameter_plan).__name__}")
    if not is_cell(fn):
        raise TypeError("If parameter_plan is set, type of fn must be mindspore.nn.Cell, but got "
                        f"{type(fn)}")
    for key, value in parameter_plan.items():
        if not isinstance(key, str) or not isinstance(value, (tuple, Layout)):
            raise TypeError("For 'Shard', the type of each key and value in 'parameter_plan' must "
                            f"be str and tuple/Layout, but got {type(key).__name__} and "
                            f"{type(value).__name__}")
    by_name = {p.name: p for p in fn.trainable_params()}
    plan, planned = [], set()
    for key, strategy in parameter_plan.items():
        param = by_name.get(key.replace("self.", ""))
        if param is None:
            _logger.warning("%s is not exist, ignored its setting.", key)
            continue
        if id(param) in planned:
            _logger.warning("The layout of parameter '%s' has been set, current setting will be "
                            "ignored.", key)
            continue
        if isinstance(strategy, tuple):
            shape = param.shape
            if len(strategy) != len(shape):
                raise ValueError(f"For {key}, the length of param_strategy: {len(strategy)}, is "
                                 f"not equal to param_shape len: {len(shape)}.")
            for i, (size, split) in enumerate(zip(shape, strategy)):
                if size % split:
                    raise ValueError(f"For '{key}', the param_shape is {shape} and the setting "
                                     f"param_strategy is {strategy}. The param_shape[{i}]: "
                                     f"{size} cannot be divisible by param_strategy[{i}]: "
                                     f"{split}.")
        planned.add(id(param))
        plan.append((param, strategy))
    return plan


def _constrain_tensors(api, strategy, values, what):
    """`values` (a Tensor or a tuple/list of them) with its Tensors constrained to `strategy`."""
    single = isinstance(values, Tensor)
    items = [values] if single else list(values) if isinstance(values, (tuple, list)) else None
    if items is None or not all(isinstance(v, Tensor) for v in items):
        raise TypeError(f"For '{api}', the {what} of a sharded function must be Tensors, but got "
                        f"{type(values).__name__}.")
    constrained = [_wrap(a) for a in constrain_inputs(api, strategy, [v._data for v in items])]
    return constrained[0] if single else type(values)(constrained)


class ShardedFunction:
    """`fn` run with the shardings of its inputs, outputs and Parameters (see the module doc)."""

    def __init__(self, fn, in_strategy, out_strategy, plan):
        self.fn, self.in_strategy, self.out_strategy, self.plan = \
            fn, in_strategy, out_strategy, plan
        self.compiled = JitFunction(self._sharded_body)
        self.across_processes = None  # its GlobalProgram, made on its first call in a job of
        # several processes (global_program.py)

    def _sharded_body(self, *args):
        api = "Shard"
        for param, strategy in self.plan:
            strategy_file.record_parameter(param, strategy)
            value = param._data
            state.view(param, jax.lax.with_sharding_constraint(
                value, strategy_sharding(api, strategy, value.ndim)))
        tensors = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        if len(self.in_strategy) != len(tensors):
            raise ValueError(f"For '{api}', the in_strategy has {len(self.in_strategy)} entries, "
                             f"but the function is given {len(tensors)} Tensor inputs.")
        args = list(args)
        for i, value in zip(tensors, _constrain_tensors(api, self.in_strategy,
                                                        [args[i] for i in tensors], "inputs")):
            args[i] = value
        output = self.fn(*args)
        if self.out_strategy is None:
            return output
        return _constrain_tensors(api, self.out_strategy, output, "outputs")

    def __call__(self, *args):
        if not strategies_apply():
            return self.fn(*args)
        if state.tracing_depth() or any(isinstance(a, Tensor) and
                                        isinstance(a._data, jax.core.Tracer) for a in args):
            return self._sharded_body(*args)
        if jax.process_count() > 1:
            if self.across_processes is None:
                self.across_processes = GlobalProgram(self._sharded_body, name="shard")
            return self.across_processes.call(*args)
        return self.compiled(*args)


def make_sharded(fn, in_strategy, out_strategy=None, parameter_plan=None) -> ShardedFunction:
    """The checks of MindSpore's `Shard` and the sharded function of `fn`."""
    _check_strategies(in_strategy, out_strategy)
    return ShardedFunction(fn, in_strategy, out_strategy, _parameter_plan(fn, parameter_plan))


def one_device_job() -> bool:
    """Whether sharding has nothing to split over (MindSpore's test is a job of one rank)."""
    return jax.device_count() == 1


def shard(fn, in_strategy, out_strategy=None, parameter_plan=None):
    """`mindspore.parallel.shard(fn, in_strategy, out_strategy=None, parameter_plan=None)`: `fn`
    run with its inputs, outputs and (for a Cell) named Parameters sharded by the strategies, in
    semi-auto and auto parallel mode.

    Example:
        >>> add = shard(lambda x, y: x + y, in_strategy=((4, 2), (4, 2)))
        >>> add(x, y)   # compiled, x and y split 4 x 2 over 8 devices
    """
    if one_device_job():
        return fn
    if not is_cell(fn):
        _logger.warning("'fn' is not a mindspore.nn.Cell, and its definition cannot involve "
                        "Parameter; otherwise, the result may be incorrect.")
    return make_sharded(fn, in_strategy, out_strategy, parameter_plan)
