"""`mindspore.parallel.auto_parallel.AutoParallel`: a network run in semi-auto parallel mode.

`AutoParallel(network, parallel_mode="semi_auto")` is MindSpore 2.5's way to set the parallel
mode for one network instead of the whole process (`set_auto_parallel_context`). msjax runs the
wrapped network with its `Primitive.shard` strategies acting (as under
`set_auto_parallel_context(parallel_mode=SEMI_AUTO_PARALLEL)`: parallel/strategy_sharding.py),
so its operators run sharded over the devices of this process where it is compiled, and the
unset shardings are XLA's propagation; "sharding_propagation" and "recursive_programming" (the
strategy searches of MindSpore's planner) are the same here. The configuration methods that
concern MindSpore's planner, pipeline and optimizer sharding keep their settings, readable back,
and change nothing XLA computes.

In a job of several processes a call of the network (or of a Cell holding it, such as
`Model`'s training cell) runs as one program over every process's devices, its inputs global
arrays by `dataset_strategy` (transforms/global_program.py): XLA partitions it across the
processes and inserts the communication, the gradient reductions MindSpore's compiler inserts
included.
"""
from __future__ import annotations

import jax

from msjax._src.nn.cell import Cell
from msjax._src.transforms.global_program import call_across_processes
from msjax._src.parallel import parallel_context
from msjax._src.parallel.communication import get_group_size, get_rank
from msjax._src.parallel.parallel_layout import Layout

_MODES = ("semi_auto", "sharding_propagation", "recursive_programming")


class AutoParallel(Cell):
    """`mindspore.parallel.auto_parallel.AutoParallel(network, parallel_mode="semi_auto")`.

    Example:
        >>> net.matmul.shard(((2, 1), (1, 4)))
        >>> parallel_net = AutoParallel(net, parallel_mode="semi_auto")
        >>> model = Model(parallel_net, loss_fn, optimizer)
    """

    def __init__(self, network, parallel_mode="semi_auto"):
        super().__init__(auto_prefix=False)
        self.network = network
        if parallel_mode not in _MODES:
            raise ValueError("the argument 'parallel_mode' must be one of ['semi_auto', "
                             "'sharding_propagation', 'recursive_programming'], but got the "
                             f"value : {parallel_mode} .")
        self._parallel_mode = parallel_mode
        self._global_rank = get_rank()
        self._device_num = get_group_size()
        self._dataset_strategy_config = "data_parallel"
        self._full_batch = False
        self._gradients_mean = False
        self._gradient_fp32_sync = True
        self._loss_repeated_mean = True
        self._init_param_in_compile = True
        self._pipeline_stages = 1
        if jax.process_count() > 1:
            # A call of this Cell, or of any Cell it becomes part of (Cell.__setattr__), outside
            # a trace runs as one program over every process's devices (global_program.py)
            object.__setattr__(self, "_data_parallel_call", self._call_across_processes)

    def _call_across_processes(self, cell, args, kwargs):
        return call_across_processes(cell, args, kwargs, self._input_strategy)

    def _input_strategy(self):
        """The dataset strategy this network's inputs follow (`dataset_strategy`)."""
        return "full_batch" if self._full_batch else self._dataset_strategy_config

    def construct(self, *args, **kwargs):
        with parallel_context.parallel_mode_as(parallel_context.ParallelMode.SEMI_AUTO_PARALLEL):
            return self.network(*args, **kwargs)

    def dataset_strategy(self, config):
        """How the dataset feeds the network: "data_parallel" (each rank its share), "full_batch"
        or per-input strategies (tuples or Layouts); checked and kept as MindSpore's."""
        if config is None:
            raise ValueError("dataset_strategy is none in config!")
        if isinstance(config, str):
            if config not in ("full_batch", "data_parallel"):
                raise ValueError("For 'AutoParallel.dataset_strategy', the argument 'config' must "
                                 "be 'full_batch' or 'data_parallel', but got the value : "
                                 f"{config}.")
            self._full_batch = config == "full_batch"
            self._dataset_strategy_config = config
            return
        if not isinstance(config, tuple):
            raise TypeError("For 'AutoParallel.dataset_strategy', the argument 'config' must be "
                            f"str or tuple type, but got the type : {type(config)}.")
        for element in config:
            if isinstance(element, tuple):
                for dim in element:
                    if not isinstance(dim, int):
                        raise TypeError("For 'AutoParallel.dataset_strategy', the element of "
                                        "argument 'config' must be int type, but got the type : "
                                        f"{type(dim)} .")
            elif not isinstance(element, Layout):
                raise TypeError("For 'AutoParallel.dataset_strategy', the element of argument "
                                "'config' must be tuple or Layout, but got the type : "
                                f"{type(element)} .")
        self._dataset_strategy_config = config

    def no_init_parameters_in_compile(self):
        """Kept: msjax initialises Parameters when they are made (`no_init_parameters` defers)."""
        self._init_param_in_compile = False

    def enable_gradients_mean(self):
        self._gradients_mean = True

    def disable_gradient_fp32_sync(self):
        self._gradient_fp32_sync = False

    def disable_loss_repeated_mean(self):
        self._loss_repeated_mean = False

    def get_pipeline_stages(self):
        return self._pipeline_stages
