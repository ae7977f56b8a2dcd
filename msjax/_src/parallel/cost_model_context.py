"""`mindspore.parallel._cost_model_context`: the settings of the cost model MindSpore's
auto-parallel strategy search weighs candidate strategies with.

msjax has no strategy search (XLA's sharding propagation and SPMD partitioner place the
operators that no strategy names), so these settings change nothing it computes: they are
checked as MindSpore checks them and stored, so scripts and test harnesses that set, read or
reset them run unchanged.
"""
from __future__ import annotations

# MindSpore 2.10's defaults (what get_cost_model_context returns after reset_cost_model_context).
_DEFAULTS = {
    "device_memory_capacity": 17179869184.0, "costmodel_alpha": 1.0, "costmodel_beta": 400.0,
    "costmodel_gamma": 0.0010000000474974513, "costmodel_communi_threshold": 2048.0,
    "costmodel_communi_const": 3072.0, "costmodel_communi_bias": 1024.0, "run_phase": 0,
    "costmodel_allreduce_fusion_algorithm": 0, "costmodel_allreduce_fusion_times": 0,
    "costmodel_allreduce_fusion_tail_percent": 0.1, "costmodel_allreduce_fusion_tail_time": 0.1,
    "costmodel_allreduce_fusion_allreduce_inherent_time": 0.1,
    "costmodel_allreduce_fusion_allreduce_bandwidth": 0.1,
    "costmodel_allreduce_fusion_computation_time_parameter": 0.1,
}
# Flags of the search's graph walk, kept beside the settings (and reset with them).
_FLAG_DEFAULTS = {"multi_subgraphs": False, "dp_algo_single_loop": False}
_context = dict(_DEFAULTS, **_FLAG_DEFAULTS)


def _check(key, value):
    """MindSpore's `args_type_check` (the type of the default, exactly) and run_phase's checks."""
    expected = type(_DEFAULTS[key])
    if not isinstance(value, expected):
        raise TypeError(f"The parameter '{key}' must be {expected}, but got {type(value)}")
    if key == "run_phase":
        if type(value) is bool:
            raise TypeError("For 'set_run_phase', the argument 'communi_const' must be int, but "
                            f"got {type(value)}.")
        if value not in (0, 1):
            raise ValueError("For 'set_run_phase', the argument 'phase' must be '0' or '1', but "
                             f"got {value}")


def set_cost_model_context(**kwargs):
    """`set_cost_model_context(**kwargs)`: checked and stored (see the module's docstring)."""
    for key in kwargs:
        if key not in _DEFAULTS:
            raise ValueError(f"Set context keyword {key} is not recognized!")
    for key, value in kwargs.items():
        _check(key, value)
        _context[key] = value


def get_cost_model_context(attr_key):
    """`get_cost_model_context(attr_key)`: the stored value."""
    if attr_key not in _DEFAULTS:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _context[attr_key]


def reset_cost_model_context():
    """`reset_cost_model_context()`: every setting and flag back to MindSpore's default."""
    _context.clear()
    _context.update(_DEFAULTS, **_FLAG_DEFAULTS)


def set_multi_subgraphs(multi_subgraph=True):
    """`_set_multi_subgraphs`: whether the graph holds several subgraphs (a bool; an int is
    taken as one, as MindSpore's binding converts it)."""
    if not isinstance(multi_subgraph, (bool, int)):
        raise TypeError("set_multi_subgraphs(): incompatible function arguments. The following "
                        "argument types are supported:")
    _context["multi_subgraphs"] = bool(multi_subgraph)


def get_multi_subgraphs() -> bool:
    return _context["multi_subgraphs"]


def set_algo_single_loop(single_loop=True):
    """`_set_algo_single_loop`: whether the search makes one set of operator infos for a loop."""
    if not isinstance(single_loop, bool):
        raise TypeError("For 'set_dp_algo_single_loop', the argument 'single_loop' must be bool, "
                        f"but got the type : {type(single_loop)}")
    _context["dp_algo_single_loop"] = single_loop


def get_algo_single_loop() -> bool:
    return _context["dp_algo_single_loop"]
