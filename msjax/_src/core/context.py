"""`mindspore.set_context` / `get_context` / `set_device`: the settings that change execution.

msjax honours `mode` (GRAPH_MODE compiles every Cell call), `device_target` (picks the JAX
backend when one is present) and the compile-cache keys; the other MindSpore keys are validated
and stored as MindSpore validates and stores them, since they tune MindSpore's own runtime
(Ascend options, memory pools, dumps). Keys, defaults, type checks and error messages are
MindSpore 2.10's (tests/goldens/context.json).

One difference: MindSpore's CPU build raises RuntimeError for `device_target='GPU'` or
`'Ascend'` (that build has no such backend). msjax accepts every MindSpore target, so programs
written for a GPU or an Ascend card run unchanged; they run on a JAX GPU when one is present,
else on JAX's default device.

`device_target`'s default is the target of the package, as in MindSpore (its GPU package says
'GPU'): 'GPU' where JAX's default backend is a GPU, else 'CPU' (a TPU included: MindSpore has
no TPU target). It is read from JAX when first asked for, not at import, so `import mindspore`
starts no backend.
"""
from __future__ import annotations

import ctypes
import os

import jax

from msjax._src.core import log, op_precision, state
from msjax._src.core.checkparam import args_type_check

GRAPH_MODE = 0
PYNATIVE_MODE = 1
# jit_syntax_level values.
STRICT = 0
COMPATIBLE = 1
LAX = 2
# debug_level values.
RELEASE = 0
DEBUG = 1

_CONTEXT_DEVICE_TARGETS = ["CPU", "GPU", "Ascend", "Davinci"]
_DEVICE_TARGETS = ["CPU", "GPU", "Ascend"]
_JAX_PLATFORM = {"CPU": "cpu", "GPU": "gpu", "Ascend": None}

# Every key get_context knows, with MindSpore 2.10's default (CPU build).
_DEFAULTS = {
    "aoe_config": {}, "aoe_job_type": "2", "aoe_tune_mode": "", "ascend_config": {},
    "atomic_clean_policy": "", "bias_add_comm_swap": False, "check_bprop": False,
    "compile_cache_path": "", "compute_communicate_fusion_level": 0, "conv_allow_hf32": "",
    "conv_allow_tf32": True, "conv_dgrad_algo": "normal", "conv_fprop_algo": "normal",
    "conv_wgrad_algo": "normal", "cur_step_num": 0, "dataset_broadcast_opt_level": 0,
    "debug_level": RELEASE, "deterministic": "OFF", "device_id": 0, "device_target": "CPU",
    "disable_format_transform": False, "enable_allreduce_slice_to_reducescatter": False,
    "enable_begin_end_inline_opt": False, "enable_compile_cache": None,
    "enable_concat_eliminate_opt": False, "enable_debug_runtime": False,
    "enable_flash_attention_load_balance": False, "enable_fused_cast_add_opt": False,
    "enable_ge": False, "enable_grad_comm_opt": False, "enable_graph_kernel": False,
    "enable_interleave_parallel_branch": False, "enable_interleave_split_concat_branch": False,
    "enable_offloading_packed_experts": True, "enable_opt_shard_comm_opt": False,
    "enable_parallel_split": False, "enable_profiling": False, "enable_reduce_precision": True,
    "enable_task_opt": False, "env_config_path": "", "exec_order": "bfs", "ge_options": "",
    "gpu_config": {}, "graph_kernel_flags": "", "hccl_watchdog": True,
    "host_scheduling_max_threshold": "", "infer_boost": "off", "inter_op_parallel_num": 0,
    "interleaved_layernorm_comm": False, "interleaved_matmul_comm": False, "jit_compile": "",
    "jit_config": {}, "jit_level": "", "jit_syntax_level": LAX, "last_triggered_step": 0,
    "matmul_allow_hf32": "", "matmul_allow_tf32": False, "matmul_grad_comm_overlap": "",
    "max_call_depth": 1000, "max_device_memory": 1024.0, "memory_optimize_level": 0,
    "mempool_block_size": 1.0, "mode": PYNATIVE_MODE, "need_ckpt": False, "op_debug_option": "",
    "op_precision_mode": "", "op_timeout": 900, "pp_1f1b_overlap": "", "precision_mode": "",
    "print_file_path": "", "profiling_options": "training_trace", "pynative_synchronize": False,
    "recompute_allgather_overlap_fagrad": False, "recompute_comm_overlap": "",
    "reserve_class_name_in_scope": True, "runtime_num_threads": 2, "save_checkpoint_steps": 0,
    "save_graphs": 0, "save_graphs_path": ".", "support_binary": False, "topo_order": "",
    "variable_memory_max_size": "0",
}
# Accepted by set_context and ignored (MindSpore logs that they are deprecated).
_DEPRECATED_KEYS = ("enable_sparse", "auto_tune_mode", "enable_auto_mixed_precision")
# Set through `ascend_config` only.
_ASCEND_CONFIG_KEYS = ("precision_mode", "jit_compile", "atomic_clean_policy", "matmul_allow_hf32",
                       "conv_allow_hf32", "op_precision_mode", "host_scheduling_max_threshold",
                       "ge_options", "op_debug_option")
# set_context's argument types (MindSpore's `args_type_check`).
_ARG_TYPES = {
    "mode": int, "device_target": str, "device_id": int, "save_graphs": (bool, int),
    "save_graphs_path": str, "aoe_tune_mode": str, "aoe_config": dict,
    "enable_reduce_precision": bool, "variable_memory_max_size": str,
    "enable_auto_mixed_precision": bool, "inter_op_parallel_num": int,
    "enable_graph_kernel": bool, "reserve_class_name_in_scope": bool, "check_bprop": bool,
    "max_device_memory": str, "print_file_path": str, "max_call_depth": int,
    "env_config_path": str, "graph_kernel_flags": str, "save_compile_cache": bool,
    "runtime_num_threads": int, "load_compile_cache": bool, "pynative_synchronize": bool,
    "mempool_block_size": str, "disable_format_transform": bool, "op_timeout": int,
    "deterministic": str, "ascend_config": dict, "jit_syntax_level": int, "debug_level": int,
    "jit_enable_inplace_ops": bool, "gpu_config": dict, "jit_config": dict,
    "enable_compile_cache": bool,
}

_context = dict(_DEFAULTS, device_target=None)  # None: the package's default, found when read


def _device_target() -> str:
    """The context's device target; unset, the package's: 'GPU' on JAX's GPU backend, else 'CPU'."""
    target = _context["device_target"]
    if target is None:
        target = _context["device_target"] = "GPU" if jax.default_backend() == "gpu" else "CPU"
    return target


def _one_of(key, value, choices, word="must be one of"):
    if value not in choices:
        raise ValueError(f"For 'context.set_context', the argument '{key}' {word} {choices}, "
                         f"but got {value}.")
    return value


def _set_mode(mode):
    if mode not in (GRAPH_MODE, PYNATIVE_MODE):
        raise ValueError("For 'context.set_context', the argument 'mode' should be "
                         "context.GRAPH_MODE (0) or context.PYNATIVE_MODE (1), but got "
                         f"{mode}.")
    return int(mode)


def _set_device_target(target):
    target = _one_of("device_target", target, _CONTEXT_DEVICE_TARGETS)
    return "Ascend" if target == "Davinci" else target


def _set_device_id(device_id):
    if device_id < 0 or device_id > 4095:
        raise ValueError("For 'context.set_context', the argument 'device_id' must be in range "
                         f"[0, 4095], but got {device_id}.")
    return device_id


def _set_max_call_depth(depth):
    if depth <= 0:
        raise ValueError("For 'context.set_context', the argument 'max_call_depth' must be "
                         f"greater than 0, but got {depth}.")
    return depth


def _at_least_zero(message):
    def check(value):
        if value < 0:
            raise ValueError(message)
        return value
    return check


def _set_memory_optimize_level(level):
    return 0 if _one_of("memory_optimize_level", level, ["O0", "O1"]) == "O0" else 1


def _set_jit_config(jit_config):
    choices = {"jit_level": ["O0", "O1", "O2"], "infer_boost": ["on", "off"]}
    for key, value in jit_config.items():
        if key not in choices:
            raise ValueError("For 'context.set_context', the key of argument 'jit_config' must be "
                             f"one of {choices}, but got {key}.")
        if value not in choices[key]:
            raise ValueError(f"For 'jit_config', the value of argument {key} must be one of "
                             f"{choices[key]}, but got {value}.")
    if jit_config.get("infer_boost") == "on" and jit_config.get("jit_level", "O0") != "O0":
        _context["jit_config"] = dict(jit_config)  # MindSpore keeps it, then refuses
        raise ValueError("Only jit_level set O0 can set infer_boost to on.")
    return dict(jit_config)


def _set_save_graphs_path(path):
    """MindSpore makes the folder at once and keeps its full path."""
    path = os.path.realpath(path)
    os.makedirs(path, exist_ok=True)
    return path


def _set_deterministic_variables(deterministic: bool, on: str, off: str):
    """What MindSpore does to the environment when a program asks for deterministic results
    (`set_context(deterministic=...)`, `set_deterministic`): on, HCCL_DETERMINISTIC is 'true'
    (or stays 'strict') and TE_PARALLEL_COMPILER is '1'; off, both are unset unless they say
    'false' / '0'. These name Ascend's collective library and kernel compiler, which msjax does
    not use; programs and launch scripts read them. Returns MindSpore's stored value ("ON" /
    "OFF" for set_context)."""
    hccl = os.getenv("HCCL_DETERMINISTIC")
    compiler = os.getenv("TE_PARALLEL_COMPILER")
    if deterministic:
        if hccl != "strict":
            if hccl and hccl != "true":
                log.warning(f"Environment 'HCCL_DETERMINISTIC' should be 'true' or 'strict' when "
                            f"set deterministic={on}, but got '{hccl}'. 'HCCL_DETERMINISTIC' "
                            "will be set to 'true'.")
            os.environ["HCCL_DETERMINISTIC"] = "true"
        if compiler and compiler != "1":
            log.warning(f"Environment 'TE_PARALLEL_COMPILER' should be '1' when set "
                        f"deterministic={on}, but got '{compiler}'. 'TE_PARALLEL_COMPILER' will "
                        "be set to '1'.")
        os.environ["TE_PARALLEL_COMPILER"] = "1"
        return "ON"
    if hccl and hccl != "false":
        log.warning(f"Environment 'HCCL_DETERMINISTIC' should not be set or be 'false' when set "
                    f"deterministic={off}, but got '{hccl}'. 'HCCL_DETERMINISTIC' will be unset.")
        del os.environ["HCCL_DETERMINISTIC"]
    if compiler and compiler != "0":
        log.warning(f"Environment 'TE_PARALLEL_COMPILER' should not be set or be '0' when set "
                    f"deterministic={off}, but got '{compiler}'. 'TE_PARALLEL_COMPILER' will be "
                    "unset.")
        del os.environ["TE_PARALLEL_COMPILER"]
    return "OFF"


_GPU_CONFIG_VALUES = {
    "conv_fprop_algo": ["normal", "performance", "implicit_gemm", "precomp_gemm", "gemm", "direct",
                        "fft", "fft_tiling", "winograd", "winograd_nonfused"],
    "conv_dgrad_algo": ["normal", "performance", "algo_0", "algo_1", "fft", "fft_tiling",
                        "winograd", "winograd_nonfused"],
    "conv_wgrad_algo": ["normal", "performance", "algo_0", "algo_1", "fft", "algo_3",
                        "fft_tiling", "winograd_nonfused"],
    "conv_allow_tf32": [True, False],
    "matmul_allow_tf32": [True, False]}


def _set_gpu_config(gpu_config):
    """MindSpore's: only with device_target 'GPU' (otherwise a warning, and nothing changes);
    each key checked, then set. The TF32 switches take effect (core/op_precision.py); cuDNN's
    algorithm choices are XLA's autotuner's in msjax, so those keys are kept and do nothing."""
    if _device_target() != "GPU":
        log.warning("For 'context.set_context', when set the argument 'gpu_config', the argument "
                    "'device_target' only supports devices in '['GPU']', but got "
                    f"'{_device_target()}', ignore it.")
        return _context["gpu_config"]
    for key, value in gpu_config.items():
        if key not in _GPU_CONFIG_VALUES:
            raise ValueError(f"For 'context.set_context', the key of argument 'gpu_config' must "
                             f"be one of {_GPU_CONFIG_VALUES}, but got {key}.")
        if value not in _GPU_CONFIG_VALUES[key]:
            raise ValueError(f"For 'gpu_config', the value of argument {key} must be one of "
                             f"{_GPU_CONFIG_VALUES[key]}, but got {value}.")
        if key in ("conv_allow_tf32", "matmul_allow_tf32"):
            getattr(op_precision, key)(bool(value))
        _context[key] = value
    return gpu_config


_SETTERS = {
    "gpu_config": _set_gpu_config,
    "mode": _set_mode,
    "save_graphs_path": _set_save_graphs_path,
    "device_target": _set_device_target,
    "device_id": _set_device_id,
    "max_call_depth": _set_max_call_depth,
    "deterministic": lambda v: _set_deterministic_variables(
        _one_of("deterministic", v, ["ON", "OFF"]) == "ON", "'ON'", "'OFF'"),
    "exec_order": lambda v: _one_of("exec_order", v, ["bfs", "dfs"]),
    "aoe_tune_mode": lambda v: _one_of("aoe_tune_mode", v, ["online", "offline"],
                                       "must be in"),
    "memory_optimize_level": _set_memory_optimize_level,
    "runtime_num_threads": _at_least_zero("The num of thread must bigger than or equal to 0."),
    "op_timeout": _at_least_zero("The num of op exe timeout must bigger than or equal to 0."),
    "inter_op_parallel_num": _at_least_zero(
        "The num of parallel thread must bigger than or equal to 0."),
    "jit_config": _set_jit_config,
}


@args_type_check(**_ARG_TYPES)
def set_context(**kwargs):
    """`mindspore.set_context(**kwargs)`: keys are applied in order, as in MindSpore, so a bad
    key raises after the keys before it took effect. As MindSpore's, the arguments' types are
    checked by a decorator: `set_context.__wrapped__` is the function without that check."""
    state.call_key_changed()  # GRAPH_MODE's fast calls check the mode again (graph_call.py)
    if "device_target" in kwargs:
        _context["device_target"] = _set_device_target(kwargs["device_target"])
    for key, value in kwargs.items():
        if key in _DEPRECATED_KEYS:
            continue
        if key in _ASCEND_CONFIG_KEYS:
            raise ValueError(f"Please set '{key}' through parameter ascend_config")
        if key not in _DEFAULTS:
            raise ValueError(f"For 'context.set_context', the keyword argument {key} is not "
                             "recognized! For detailed usage of 'set_context', please refer to "
                             "the Mindspore official website.")
        if key == "save_graphs":
            value = 2 if value is True else 0 if value is False else value
            if value > 3:
                raise ValueError(f"value for save_graphs should be 0-3 but got '{value}'")
        elif key == "jit_syntax_level" and value not in (STRICT, COMPATIBLE, LAX):
            raise ValueError("For 'jit_syntax_level', the value should be context.STRICT or "
                             f"context.LAX, but got {value}.")
        elif key == "debug_level" and value not in (RELEASE, DEBUG):
            raise ValueError("For 'debug_level', the value should be context.DEBUG or "
                             f"context.RELEASE, but got {value}.")
        setter = _SETTERS.get(key)
        _context[key] = value if setter is None else setter(value)


def get_context(attr_key):
    """`mindspore.get_context(attr_key)`."""
    if attr_key not in _DEFAULTS:
        raise ValueError(f"For 'context.get_context', the argument {attr_key} is not recognized! "
                         "For detailed usage of 'get_context', please refer to the Mindspore "
                         "official website.")
    return _device_target() if attr_key == "device_target" else _context[attr_key]


def get_jit_config() -> dict:
    """`mindspore.context.get_jit_config()`: the `jit_config` last given to set_context ({}
    before any)."""
    return _context["jit_config"]


class _Context:
    """`mindspore.context._context()`'s object: MindSpore's process-wide context, whose setters
    `set_context` calls. msjax keeps the settings in one dictionary; this object reads and
    writes them by key name (MindSpore's `get_param`/`set_param` take its C++ `ms_ctx_param`
    members instead)."""

    def get_param(self, key):
        return get_context(key)

    def set_param(self, key, value):
        set_context(**{key: value})

    def get_mode(self):
        return _context["mode"]

    def set_mode(self, mode):
        set_context(mode=mode)

    def get_jit_config(self):
        return get_jit_config()


K_CONTEXT = _Context()


def global_context() -> _Context:
    """`mindspore.context._context()`: the process's one `_Context` (MindSpore's K_CONTEXT)."""
    return K_CONTEXT


def set_device(device_target, device_id=None):
    """`mindspore.set_device(device_target, device_id=None)`: 'CPU', 'GPU' or 'Ascend'; 'GPU'
    uses a JAX GPU when present."""
    if device_target not in _DEVICE_TARGETS:
        raise ValueError(f"The argument 'device_target' must be one of {_DEVICE_TARGETS}, "
                         f"but got {device_target}.")
    if device_id is not None and device_id < 0:
        raise ValueError("The device id must bigger than or equal to 0.")
    _context["device_target"] = device_target
    if device_id is not None:
        _context["device_id"] = device_id


def precompile_only() -> bool:
    """MindSpore's compile-only mode (`MS_DEV_PRECOMPILE_ONLY=1` in the environment): a `jit`
    function or a GRAPH_MODE Cell called from Python traces and compiles its program, runs
    nothing and returns None (one called inside another's trace is part of that program), and
    so does a gradient taken from Python in GRAPH_MODE (MindSpore compiles it).

    MindSpore reads the process's environment, not Python's copy of it: after
    `os.unsetenv("MS_DEV_PRECOMPILE_ONLY")` (which leaves `os.environ` as it was, as MindSpore's
    own tests do) the mode is off, so a "1" in `os.environ` is checked there too."""
    return (os.environ.get("MS_DEV_PRECOMPILE_ONLY") == "1"
            and process_environ("MS_DEV_PRECOMPILE_ONLY") == "1")


_GETENV = []  # the C library's getenv, once asked for (None: there is none to ask)


def process_environ(name: str):
    """The value of the environment variable `name` as MindSpore's C++ reads it (`getenv`): the
    process's environment, where `os.putenv` sets a variable and `os.unsetenv` clears one while
    `os.environ` keeps its copy. None where it is unset. Where no C library answers `getenv`
    (not a POSIX system), Python's copy `os.environ` is read, which agrees with it as long as
    the environment is changed through `os.environ`."""
    if not _GETENV:
        try:
            getenv = ctypes.CDLL(None).getenv
            getenv.restype = ctypes.c_char_p
            getenv.argtypes = [ctypes.c_char_p]
        except (OSError, AttributeError, TypeError):
            getenv = None
        _GETENV.append(getenv)
    getenv = _GETENV[0]
    if getenv is None:
        return os.environ.get(name)
    value = getenv(os.fsencode(name))
    return None if value is None else os.fsdecode(value)


def is_graph_mode() -> bool:
    return _context["mode"] == GRAPH_MODE


def jax_device():
    """The JAX device that matches the context's device target, or None for JAX's default."""
    platform = _JAX_PLATFORM.get(_device_target())
    if platform is None:
        return None
    try:
        devices = jax.devices(platform)
    except RuntimeError:
        return None
    return devices[min(_context["device_id"], len(devices) - 1)]


def security_enabled() -> bool:
    """`mindspore._c_expression.security.enable_security()`: whether MindSpore was built in
    security mode (without summary, dump and profiling). msjax has no such build: False."""
    return False
