"""`mindspore.set_auto_parallel_context` / `get_auto_parallel_context` /
`reset_auto_parallel_context` and `mindspore.ParallelMode`.

msjax acts on four keys: `parallel_mode` (`DATA_PARALLEL` and `HYBRID_PARALLEL` make
`nn.TrainOneStepCell` reduce gradients over the ranks and run its step data-parallel),
`gradients_mean` and `device_num` (the reducer's mean and degree, as in MindSpore) and
`parameter_broadcast` (rank 0's Parameters to every rank before the first data-parallel
step). In SEMI_AUTO_PARALLEL and AUTO_PARALLEL mode `Primitive.shard` strategies act
(parallel/strategy_sharding.py). The other keys tune MindSpore's graph partitioner, pipeline and
parallel optimizer: they are checked and stored, so scripts that set them run unchanged, and
otherwise ignored. A rank is a process (`mindspore.communication`); each process spreads its
batch over its local devices.
"""
from __future__ import annotations

import contextlib
import copy
import os

from msjax._src.parallel.communication import get_group_size


class ParallelMode:
    """`mindspore.ParallelMode`: the parallel modes, as strings."""

    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


# MindSpore 2.10's defaults (what `get_auto_parallel_context` returns after a reset).
_DEFAULTS = {
    "device_num": 1,
    "global_rank": 0,
    "gradients_mean": False,
    "gradient_fp32_sync": True,
    "loss_repeated_mean": True,
    "parallel_mode": ParallelMode.STAND_ALONE,
    "search_mode": "recursive_programming",
    "auto_parallel_search_mode": "recursive_programming",
    "parameter_broadcast": False,
    "strategy_ckpt_load_file": "",
    "strategy_ckpt_save_file": "",
    "full_batch": False,
    "dataset_strategy": "data_parallel",
    "enable_parallel_optimizer": False,
    "force_fp32_communication": False,
    "enable_alltoall": False,
    "all_reduce_fusion_config": [],
    "pipeline_stages": 1,
    "pipeline_result_broadcast": False,
    "grad_accumulation_step": 1,
    "comm_fusion": {"openstate": True, "allreduce": {"mode": "auto", "config": None},
                    "allgather": {"mode": "auto", "config": None},
                    "reducescatter": {"mode": "auto", "config": None}},
    # its load and save files are the two keys above: only only_trainable_params is kept here
    "strategy_ckpt_config": {"only_trainable_params": True},
    "auto_pipeline": False,
    "dump_local_norm": False,
    "dump_local_norm_path": "",
    "dump_device_local_norm": False,
    "communi_parallel_mode": "all_group_parallel",
    "optimizer_weight_shard_size": -1,
    "optimizer_weight_shard_aggregated_save": False,
    "sharding_propagation": False,
    "auto_parallel_new_interface": False,
    "init_param_in_compile": True,
    # set through pipeline_config only
    "pipeline_interleave": False,
    "pipeline_scheduler": "1f1b",
}
# Keys MindSpore accepts in `set_auto_parallel_context` but cannot read back.
_SET_ONLY = ("pipeline_segments", "parallel_optimizer_config", "pipeline_config",
             "group_ckpt_save_file")
# Keys it reads back but sets only through another key (pipeline_config).
_GET_ONLY = ("pipeline_interleave", "pipeline_scheduler")
_COMMUNI_PARALLEL_MODES = ("all_group_parallel", "same_server_group_parallel", "no_group_parallel")
_PIPELINE_SCHEDULERS = ['1f1b', 'gpipe', 'seqpipe', 'seqvpp', 'seqsmartvpp', 'zero_bubble_v',
                        'seqsmartvpp']
# MindSpore's `args_type_check` of set_auto_parallel_context.
_TYPES = {
    "device_num": int, "global_rank": int, "gradients_mean": bool, "gradient_fp32_sync": bool,
    "parallel_mode": str, "auto_parallel_search_mode": str, "search_mode": str,
    "parameter_broadcast": bool, "strategy_ckpt_load_file": str, "strategy_ckpt_save_file": str,
    "full_batch": bool, "enable_parallel_optimizer": bool, "enable_alltoall": bool,
    "all_reduce_fusion_config": list, "pipeline_stages": int, "pipeline_segments": int,
    "pipeline_result_broadcast": bool, "parallel_optimizer_config": dict, "pipeline_config": dict,
    "comm_fusion": dict, "strategy_ckpt_config": dict, "force_fp32_communication": bool,
    "communi_parallel_mode": str, "optimizer_weight_shard_size": int,
    "optimizer_weight_shard_aggregated_save": bool,
}

_context: dict = copy.deepcopy(_DEFAULTS)
_set_since_reset: set = set()  # keys set since the last reset (MindSpore's `get_<key>_is_set`)
# Settings `auto_parallel_context()` keeps beside the keys above (reset with them).
_FUSION_DEFAULTS = {"enable_all_reduce_fusion": False}
_fusion: dict = dict(_FUSION_DEFAULTS)


def _check(key, value):
    expected = _TYPES.get(key)
    if expected is not None and not isinstance(value, expected):
        raise TypeError(f"The parameter '{key}' must be {expected}, but got {type(value)}")
    if key == "parallel_mode" and value not in ParallelMode.MODE_LIST:
        raise ValueError("The context configuration parameter 'parallel_mode' only support "
                         "'stand_alone', 'data_parallel', 'hybrid_parallel', 'semi_auto_parallel' "
                         f"and 'auto_parallel', but got the value : {value}.")
    if key == "device_num" and value <= 0:
        raise ValueError("The context configuration parameter 'device_num' must be a positive "
                         f"integer, but got the value of device_num : {value}.")
    if key == "global_rank" and not 0 <= value <= 4095:
        raise ValueError("The context configuration parameter 'global_rank' must be in [0, 4095], "
                         f"but got the value of global_rank : {value}.")
    if key == "communi_parallel_mode" and value not in _COMMUNI_PARALLEL_MODES:
        raise ValueError("For 'set_auto_parallel_context().set_communi_parallel_mode', the "
                         "argument 'communi_parallel_mode' only support 'ALL_GROUP_PARALLEL', "
                         "'SAME_SEVER_GROUP_PARALLEL' and 'NO_GROUP_PARALLEL', but got the value "
                         f": {value}.")


def _set_pipeline_config(config):
    """MindSpore's `pipeline_config`: its keys checked, then `pipeline_interleave` (a bool) set,
    then `pipeline_scheduler` read (a KeyError when missing, as in MindSpore, the interleave
    already set) and checked against MindSpore's schedulers."""
    unknown = [name for name in config if name not in _GET_ONLY]
    if unknown:
        raise ValueError(f"Unknown config: {unknown}")
    interleave = config["pipeline_interleave"]
    if not isinstance(interleave, bool):
        raise TypeError("For 'pipeline_interleave', the 'pipeline_interleave' must be a bool, but "
                        f"got {type(interleave).__name__}.")
    _context["pipeline_interleave"] = interleave
    scheduler = config["pipeline_scheduler"]
    if scheduler not in _PIPELINE_SCHEDULERS:
        raise ValueError(f"The 'parameter' must be str and must be in '{_PIPELINE_SCHEDULERS}', "
                         f"but got '{scheduler}'.")
    _context["pipeline_scheduler"] = scheduler


def set_auto_parallel_context(**kwargs):
    """`mindspore.set_auto_parallel_context(**kwargs)`.

    Example:
        >>> ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
        ...                              gradients_mean=True)
    """
    for key, value in kwargs.items():
        if key in _GET_ONLY or (key not in _DEFAULTS and key not in _SET_ONLY):
            raise ValueError(f"Set context keyword {key} is not recognized!")
        _check(key, value)
    for key, value in kwargs.items():
        _set_since_reset.add(key)
        if key == "pipeline_config":
            _set_pipeline_config(value)
            continue
        if key == "strategy_ckpt_config":
            _set_strategy_ckpt_config(value)
            continue
        if key == "strategy_ckpt_save_file":
            directory = os.path.dirname(value)
            if directory and not os.path.exists(directory):
                os.makedirs(directory, mode=0o700, exist_ok=True)
        _context[key] = value


_STRATEGY_CKPT_KEYS = {"load_file": "strategy_ckpt_load_file",
                       "save_file": "strategy_ckpt_save_file"}


def _set_strategy_ckpt_config(config):
    """MindSpore's `strategy_ckpt_config`: its load and save files are the
    `strategy_ckpt_load_file` / `strategy_ckpt_save_file` settings (setting either changes
    both), `only_trainable_params` its own; the keys it leaves out keep their values."""
    unknown = [name for name in config if name not in ("load_file", "save_file",
                                                       "only_trainable_params")]
    if unknown:
        raise ValueError(f"Unknown config: {unknown}")
    for name in ("load_file", "save_file", "only_trainable_params"):
        if name not in config:
            continue
        value, kind = config[name], bool if name == "only_trainable_params" else str
        if not isinstance(value, kind):
            raise TypeError("For 'set_auto_parallel_context().set_strategy_ckpt_config', the "
                            f"argument '{name}' must be {kind.__name__}, but got the type : "
                            f"{type(value)} .")
        _context[_STRATEGY_CKPT_KEYS.get(name, "strategy_ckpt_config")] = (
            {"only_trainable_params": value} if name == "only_trainable_params" else value)


def get_auto_parallel_context(attr_key):
    """`mindspore.get_auto_parallel_context(attr_key)`."""
    if attr_key == "full_batch_is_set":
        return "full_batch" in _set_since_reset or "dataset_strategy" in _set_since_reset
    if attr_key not in _DEFAULTS:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    if attr_key == "strategy_ckpt_config":
        return {"load_file": _context["strategy_ckpt_load_file"],
                "save_file": _context["strategy_ckpt_save_file"],
                "only_trainable_params": _context["strategy_ckpt_config"]["only_trainable_params"]}
    return _context[attr_key]


def reset_auto_parallel_context():
    """`mindspore.reset_auto_parallel_context()`: every key back to its default."""
    _context.clear()
    _context.update(copy.deepcopy(_DEFAULTS))
    _set_since_reset.clear()
    _fusion.update(_FUSION_DEFAULTS)


# -- what the rest of msjax reads --------------------------------------------------------------
def parallel_mode() -> str:
    return _context["parallel_mode"]


@contextlib.contextmanager
def parallel_mode_as(mode):
    """`parallel_mode` is `mode` inside the block (AutoParallel's network call)."""
    before = _context["parallel_mode"]
    _context["parallel_mode"] = mode
    try:
        yield
    finally:
        _context["parallel_mode"] = before


def is_data_parallel() -> bool:
    """True when TrainOneStepCell reduces gradients over the ranks (MindSpore's `reducer_flag`)."""
    return _context["parallel_mode"] in (ParallelMode.DATA_PARALLEL, ParallelMode.HYBRID_PARALLEL)


def gradients_mean() -> bool:
    return _context["gradients_mean"]


def parameter_broadcast() -> bool:
    return _context["parameter_broadcast"]


def device_num_is_set() -> bool:
    """Whether `device_num` was set since the last reset (MindSpore's `get_device_num_is_set`)."""
    return "device_num" in _set_since_reset


def device_num() -> int:
    """MindSpore's `_get_device_num`: 1 stand-alone, else `device_num` if set, else the number of
    ranks (processes)."""
    if _context["parallel_mode"] == ParallelMode.STAND_ALONE:
        return 1
    if device_num_is_set():
        return _context["device_num"]
    return get_group_size()


# -- mindspore.parallel's private helpers, which real training scripts import -------------------
def get_enable_parallel_optimizer() -> bool:
    return _context["enable_parallel_optimizer"]


def get_pipeline_stages() -> int:
    return _context["pipeline_stages"]


class AutoParallelContext:
    """`mindspore.parallel._auto_parallel_context.auto_parallel_context()`: `get_<key>()` for
    every key `get_auto_parallel_context` reads (`get_device_num` is `_get_device_num`)."""

    def get_device_num(self) -> int:
        return _context["device_num"]

    def set_device_num(self, device_num):
        _check("device_num", device_num)
        _context["device_num"] = device_num
        _set_since_reset.add("device_num")

    def set_global_rank(self, global_rank):
        _check("global_rank", global_rank)
        _context["global_rank"] = global_rank
        _set_since_reset.add("global_rank")

    def set_gradients_mean(self, gradients_mean):
        _context["gradients_mean"] = gradients_mean

    def set_gradient_fp32_sync(self, gradient_fp32_sync):
        _context["gradient_fp32_sync"] = gradient_fp32_sync

    def set_optimizer_weight_shard_aggregated_save(self, optimizer_weight_shard_aggregated_save):
        if not isinstance(optimizer_weight_shard_aggregated_save, bool):
            raise TypeError("optimizer_weight_shard_aggregated_save is invalid type")
        _context["optimizer_weight_shard_aggregated_save"] = optimizer_weight_shard_aggregated_save

    def get_all_reduce_fusion_split_indices(self) -> list:
        """The gradient AllReduce fusion split indices (`all_reduce_fusion_config`)."""
        return list(_context["all_reduce_fusion_config"])

    def set_enable_all_reduce_fusion(self, enable_all_reduce_fusion):
        """Whether MindSpore's compiler fuses gradient AllReduces (XLA fuses msjax's
        collectives itself): checked and stored."""
        if not isinstance(enable_all_reduce_fusion, bool):
            raise TypeError("For 'set_auto_parallel_context().set_enable_all_reduce_fusion', the "
                            "argument 'enable_fusion' must be bool, but got the type : "
                            f"{type(enable_all_reduce_fusion)}.")
        _fusion["enable_all_reduce_fusion"] = enable_all_reduce_fusion

    def get_enable_all_reduce_fusion(self) -> bool:
        return _fusion["enable_all_reduce_fusion"]

    def __getattr__(self, name):
        key = name[len("get_"):]
        if name.startswith("get_") and key in _DEFAULTS:
            return lambda: get_auto_parallel_context(key)
        if name.startswith("get_") and name.endswith("_is_set"):
            setting = key[:-len("_is_set")]
            if setting in ("device_num", "global_rank", "parameter_broadcast", "full_batch"):
                return lambda: (get_auto_parallel_context("full_batch_is_set")
                                if setting == "full_batch" else setting in _set_since_reset)
        raise AttributeError(f"'AutoParallelContext' object has no attribute '{name}'")


_AUTO_PARALLEL_CONTEXT = AutoParallelContext()


def auto_parallel_context() -> AutoParallelContext:
    return _AUTO_PARALLEL_CONTEXT


def reset_op_id():
    """MindSpore's `parallel._utils._reset_op_id`: restarts the count its compiler numbers
    operators by across programs (`MatMul-op3` in a strategy file). msjax numbers each program's
    operators from 0 when it is traced (parallel/strategy_file.py), so every program already
    starts at op0 and there is no count to restart."""


# -- set_algo_parameters: the strategy search's settings (checked and stored) -------------------
_ALGO_DEFAULTS = {"fully_use_devices": False, "elementwise_op_strategy_follow": False,
                  "enable_algo_approxi": False, "algo_approxi_epsilon": 0.1,
                  "tensor_slice_align_enable": False, "tensor_slice_align_size": 16}
_algo = dict(_ALGO_DEFAULTS)


def set_algo_parameters(**kwargs):
    """`mindspore.set_algo_parameters`: settings of MindSpore's parallel-strategy search. msjax
    has no strategy search (XLA's SPMD partitioner places sharded programs): they are checked as
    MindSpore checks them and stored."""
    for key, value in kwargs.items():
        if key not in _ALGO_DEFAULTS:
            raise ValueError(f"Set context keyword {key} is not recognized!")
        expected = type(_ALGO_DEFAULTS[key])
        if type(value) is not expected and not (expected is float and type(value) is int):
            raise TypeError(f"The parameter '{key}' must be {expected}, but got {type(value)}")
        if key == "tensor_slice_align_size" and not 1 <= value <= 1024:
            raise ValueError(f"Align_size must be in [1, 1024], but got {value}")
    _algo.update(kwargs)


def get_algo_parameters(attr_key):
    if attr_key not in _ALGO_DEFAULTS:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _algo[attr_key]


def reset_algo_parameters():
    _algo.clear()
    _algo.update(_ALGO_DEFAULTS)


# -- set_ps_context: MindSpore's parameter-server mode ------------------------------------------
_PS_DEFAULTS = {"enable_ps": False, "config_file_path": "", "enable_ssl": False,
                "client_password": "", "server_password": ""}
_ps = dict(_PS_DEFAULTS)


def set_ps_context(**kwargs):
    """`mindspore.set_ps_context`. msjax has no parameter-server mode: `enable_ps=True` is
    refused (train data-parallel with `set_auto_parallel_context` instead); the other keys are
    checked and stored."""
    for key, value in kwargs.items():
        if key not in _PS_DEFAULTS:
            raise ValueError(f"Set PS context keyword {key} is not recognized!")
        if type(value) is not type(_PS_DEFAULTS[key]):
            raise TypeError(f"For 'set_ps_context', the parameter '{key}' must be "
                            f"{type(_PS_DEFAULTS[key]).__name__}, but got "
                            f"{type(value).__name__}.")
    if kwargs.get("enable_ps"):
        raise ValueError("For 'set_ps_context', enable_ps=True asks for MindSpore's "
                         "parameter-server training, which msjax does not have: train "
                         "data-parallel instead (set_auto_parallel_context(parallel_mode="
                         "ParallelMode.DATA_PARALLEL)).")
    _ps.update(kwargs)


def get_ps_context(attr_key):
    if attr_key not in _PS_DEFAULTS:
        raise ValueError(f"Get PS context keyword {attr_key} is not recognized!")
    return _ps[attr_key]


def reset_ps_context():
    _ps.clear()
    _ps.update(_PS_DEFAULTS)
