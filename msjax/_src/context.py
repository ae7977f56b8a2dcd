"""`mindspore.set_context` / `get_context` / `set_device`: the settings that change execution.

msjax honours `mode` (GRAPH_MODE compiles every Cell call), `device_target` (picks the JAX
backend when one is present) and the compile-cache keys; the other MindSpore keys are accepted
and stored, since they tune MindSpore's own runtime (Ascend options, memory pools, dumps).
"""
from __future__ import annotations

import jax

GRAPH_MODE = 0
PYNATIVE_MODE = 1

_DEVICE_TARGETS = ["CPU", "GPU", "Ascend"]
_CONTEXT_DEVICE_TARGETS = ["CPU", "GPU", "Ascend", "Davinci"]
_JAX_PLATFORM = {"CPU": "cpu", "GPU": "gpu", "Ascend": None, "Davinci": None}

_KNOWN_KEYS = (
    "mode device_target device_id save_graphs save_graphs_path enable_compile_cache "
    "compile_cache_path max_call_depth jit_config runtime_num_threads pynative_synchronize "
    "deterministic max_device_memory memory_optimize_level mempool_block_size "
    "variable_memory_max_size enable_graph_kernel graph_kernel_flags reserve_class_name_in_scope "
    "print_file_path env_config_path precompile_only enable_reduce_precision aoe_tune_mode "
    "aoe_config check_bprop ascend_config jit_syntax_level debug_level gpu_config "
    "inter_op_parallel_num disable_format_transform support_binary enable_dump save_dump_path "
    "auto_tune_mode enable_auto_mixed_precision enable_sparse grad_for_scalar "
    "save_ms_model save_ms_model_path enable_profiling profiling_options op_timeout "
    "device_memory_capacity pynative_view_dispatch_mode exec_order"
).split()

_context = {
    "mode": PYNATIVE_MODE,
    "device_target": "CPU",
    "device_id": 0,
    "save_graphs": 0,
    "save_graphs_path": ".",
    "enable_compile_cache": None,
    "compile_cache_path": None,
    "max_call_depth": 1000,
    "jit_syntax_level": 1,
    "deterministic": "OFF",
}


def _check_device_target(target, choices, prefix="The"):
    if target not in choices:
        raise ValueError(f"{prefix} argument 'device_target' must be one of {choices}, "
                         f"but got {target}.")


def set_context(**kwargs):
    """`mindspore.set_context(**kwargs)`."""
    for key in kwargs:
        if key not in _KNOWN_KEYS:
            raise ValueError(f"For 'context.set_context', the keyword argument {key} is not "
                             "recognized! For detailed usage of 'set_context', please refer to "
                             "the Mindspore official website.")
    if "mode" in kwargs and kwargs["mode"] not in (GRAPH_MODE, PYNATIVE_MODE):
        raise ValueError("For 'context.set_context', the argument 'mode' should be "
                         "context.GRAPH_MODE (0) or context.PYNATIVE_MODE (1), but got "
                         f"{kwargs['mode']}.")
    if "device_target" in kwargs:
        _check_device_target(kwargs["device_target"], _CONTEXT_DEVICE_TARGETS,
                             "For 'context.set_context', the")
    _context.update(kwargs)


def get_context(attr_key):
    """`mindspore.get_context(attr_key)`."""
    if attr_key not in _KNOWN_KEYS:
        raise ValueError(f"For 'context.get_context', the argument {attr_key} is not recognized! "
                         "For detailed usage of 'get_context', please refer to the Mindspore "
                         "official website.")
    return _context.get(attr_key)


def set_device(device_target, device_id=None):
    """`mindspore.set_device`: 'CPU', 'GPU' or 'Ascend'; 'GPU' uses a JAX GPU when present."""
    _check_device_target(device_target, _DEVICE_TARGETS)
    _context["device_target"] = device_target
    if device_id is not None:
        _context["device_id"] = device_id


def is_graph_mode() -> bool:
    return _context["mode"] == GRAPH_MODE


def jax_device():
    """The JAX device that matches the context's device target, or None for JAX's default."""
    platform = _JAX_PLATFORM.get(_context["device_target"])
    if platform is None:
        return None
    try:
        devices = jax.devices(platform)
    except RuntimeError:
        return None
    return devices[min(_context["device_id"], len(devices) - 1)]
