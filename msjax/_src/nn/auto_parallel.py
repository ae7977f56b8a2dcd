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

Across several processes MindSpore's compiler inserts the gradient reductions of semi-auto
training; msjax does not reproduce them yet, so an AutoParallel in a job of several processes is
refused (train data-parallel there: docs/distributed.md).
"""
from __future__ import annotations

from msjax._src.nn.cell import Cell
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
        if get_group_size() > 1:
            raise NotImplementedError(
                f"AutoParallel(parallel_mode={parallel_mode!r}) in a job of {get_group_size()} "
                "processes: msjax does not insert MindSpore's semi-auto gradient reductions "
                "across processes yet. Train data-parallel across processes "
                "(set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL)); within a "
                "process, AutoParallel shards operators over its devices.")
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
