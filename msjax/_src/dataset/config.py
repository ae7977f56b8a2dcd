"""`mindspore.dataset.config`: the pipeline's global settings.

msjax keeps the settings MindSpore's pipelines read (seed, workers, prefetch) and uses them when a
pipeline is turned into Grain datasets: the seed seeds Grain's shuffles, the worker count becomes
Grain's read threads (or processes, with ``python_multiprocessing``), the prefetch size Grain's
prefetch buffer. Settings that only tune MindSpore's C++ engine (NUMA, shared memory, autotune,
monitor sampling) are stored and read back as in MindSpore and have no other effect.
"""
from __future__ import annotations

import enum

import os

from msjax._src.core import random as global_random
from msjax._src.dataset import random_ops

_UINT32_MAX = 2 ** 32 - 1
_INT32_MAX = 2 ** 31 - 1

# MindSpore's default worker count: 8, or the machine's CPU count when that is smaller.
_DEFAULT_WORKERS = min(8, os.cpu_count() or 8)

_settings = {
    "seed": None,
    "num_parallel_workers": _DEFAULT_WORKERS,
    "prefetch_size": 16,
    "monitor_sampling_interval": 1000,
    "callback_timeout": 60,
    "numa_enable": False,
    "enable_shared_mem": True,
    "auto_num_workers": False,
    "enable_autotune": False,
    "autotune_interval": 0,
    "auto_offload": False,
    "enable_watchdog": True,
    "multiprocessing_timeout_interval": 300,
    "debug_mode": False,
    "error_samples_mode": None,  # ErrorSamplesMode.RETURN (set below, after the enum)
}

# MindSpore's default seed when set_seed was never called.
DEFAULT_SEED = 5489


def _check_type(value, name):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} isn't of type int.")


def set_seed(seed):
    """`mindspore.dataset.config.set_seed`: the seed of every random operation in pipelines built
    afterwards (shuffles, samplers, random transforms)."""
    _check_type(seed, "seed")
    if not 0 <= seed <= _UINT32_MAX:
        raise ValueError("seed given is not within the required range [0, UINT32_MAX(4294967295)].")
    _settings["seed"] = seed
    random_ops.reseed(seed)


def _global_seed():
    """The seed of `mindspore.set_seed`, which MindSpore also gives its pipelines."""
    return global_random.GLOBAL_KEY.seed


def _on_global_seed(seed):
    """`mindspore.set_seed` also sets the pipelines' seed: the later of it and set_seed wins."""
    _settings["seed"] = None
    random_ops.reseed(seed)


def _register_global_seed_hook():
    if _on_global_seed not in global_random.SEED_HOOKS:
        global_random.SEED_HOOKS.append(_on_global_seed)
    if global_random.GLOBAL_KEY.seed is not None:  # mindspore.set_seed ran before this import
        random_ops.reseed(global_random.GLOBAL_KEY.seed)


def get_seed():
    """`mindspore.dataset.config.get_seed`: the seed of the later of this module's set_seed and
    `mindspore.set_seed` (MindSpore's default 5489 before either), as in MindSpore."""
    if _settings["seed"] is not None:
        return _settings["seed"]
    seed = _global_seed()
    return DEFAULT_SEED if seed is None else seed


def seed_was_set() -> bool:
    """Whether a seed was set: without one every pipeline draws a fresh random seed."""
    return _settings["seed"] is not None or _global_seed() is not None


def set_num_parallel_workers(num):
    """`mindspore.dataset.config.set_num_parallel_workers`: the default worker count of operations."""
    _check_type(num, "num")
    if not 0 < num <= _INT32_MAX:
        raise ValueError("Number of parallel workers given is not within the required range "
                         "(0, INT32_MAX(2147483647)].")
    _settings["num_parallel_workers"] = num


def get_num_parallel_workers():
    """`mindspore.dataset.config.get_num_parallel_workers`."""
    return _settings["num_parallel_workers"]


def set_prefetch_size(size):
    """`mindspore.dataset.config.set_prefetch_size`: rows buffered ahead of the consumer."""
    _check_type(size, "size")
    if not 0 < size <= _INT32_MAX:
        raise ValueError("size is not within the required range (0, INT32_MAX(2147483647)].")
    _settings["prefetch_size"] = size


def get_prefetch_size():
    """`mindspore.dataset.config.get_prefetch_size`."""
    return _settings["prefetch_size"]


def _int_setting(name, type_message, range_message, low=1, high=_INT32_MAX):
    """A stored int setting and its getter; bad values raise MindSpore's messages for it."""
    def setter(value):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(type_message)
        if not low <= value <= high:
            raise ValueError(range_message)
        _settings[name] = value

    def getter():
        return _settings[name]

    setter.__doc__ = f"`mindspore.dataset.config.set_{name}` (stored; tunes MindSpore's C++ engine only)."
    getter.__doc__ = f"`mindspore.dataset.config.get_{name}`."
    return setter, getter


def _bool_setting(name, type_message):
    """A stored bool setting and its getter; a non-bool raises MindSpore's message for it."""
    def setter(value):
        if not isinstance(value, bool):
            raise TypeError(type_message)
        _settings[name] = value

    def getter():
        return _settings[name]

    setter.__doc__ = f"`mindspore.dataset.config.set_{name}` (stored; tunes MindSpore's C++ engine only)."
    getter.__doc__ = f"`mindspore.dataset.config.get_{name}`."
    return setter, getter


_INTERVAL_RANGE = "Interval given is not within the required range (0, INT32_MAX(2147483647)]."
set_monitor_sampling_interval, get_monitor_sampling_interval = _int_setting(
    "monitor_sampling_interval", "interval isn't of type int.", _INTERVAL_RANGE)
set_callback_timeout, get_callback_timeout = _int_setting(
    "callback_timeout", "timeout isn't of type int.", "Timeout given is not within the required range.")
set_autotune_interval, get_autotune_interval = _int_setting(
    "autotune_interval", "interval must be of type int.",
    "Interval given is not within the required range [0, INT32_MAX(2147483647)].", low=0)
set_multiprocessing_timeout_interval, get_multiprocessing_timeout_interval = _int_setting(
    "multiprocessing_timeout_interval", "interval isn't of type int.",
    "Interval given is not within the required range (0, INT32_MAX(2147483647)).")
set_numa_enable, get_numa_enable = _bool_setting("numa_enable", "numa_enable must be a boolean dtype.")
set_enable_shared_mem, get_enable_shared_mem = _bool_setting(
    "enable_shared_mem", "enable must be of type bool.")
set_auto_num_workers, get_auto_num_workers = _bool_setting(
    "auto_num_workers", "enable must be of type bool.")
set_enable_autotune, get_enable_autotune = _bool_setting(
    "enable_autotune", "enable must be of type bool.")
set_auto_offload, get_auto_offload = _bool_setting("auto_offload", "offload must be a bool dtype")
set_enable_watchdog, get_enable_watchdog = _bool_setting(
    "enable_watchdog", "enable must be a boolean dtype.")
set_debug_mode, get_debug_mode = _bool_setting("debug_mode", "debug_mode_flag isn't of type boolean.")



class ErrorSamplesMode(enum.IntEnum):
    """`mindspore.dataset.config.ErrorSamplesMode`: what a map does with a row its operations
    fail on: RETURN raises the error, REPLACE puts a good row in its place, SKIP drops it
    (engine.py's error_samples)."""
    RETURN = 0
    REPLACE = 1
    SKIP = 2


_settings["error_samples_mode"] = ErrorSamplesMode.RETURN


def set_error_samples_mode(error_samples_mode):
    """`mindspore.dataset.config.set_error_samples_mode`: an `ErrorSamplesMode`."""
    if not isinstance(error_samples_mode, ErrorSamplesMode):
        raise TypeError(f"Argument error_samples_mode with value {error_samples_mode} is not of "
                        f"type [<enum 'ErrorSamplesMode'>], but got {type(error_samples_mode)}.")
    _settings["error_samples_mode"] = error_samples_mode


def get_error_samples_mode():
    """`mindspore.dataset.config.get_error_samples_mode`."""
    return _settings["error_samples_mode"]


_register_global_seed_hook()


_iterator_mode = {"do_copy": False, "parallel_convert": False}


def set_iterator_mode(do_copy=False, parallel_convert=False):
    """`mindspore.dataset.config.set_iterator_mode(do_copy=False, parallel_convert=False)`: how
    MindSpore's iterators turn rows into Tensors (copying the arrays or sharing them; in a
    thread pool or the iterating thread). Both settings are read back as in MindSpore; msjax's
    iterators give the same rows either way (Tensors over copies of the rows' arrays, made in
    the iterating thread)."""
    for name, value in (("do_copy", do_copy), ("parallel_convert", parallel_convert)):
        if not isinstance(value, bool):
            raise TypeError(f"Argument {name} with value {value} is not of type "
                            f"[<class 'bool'>], but got {type(value)}.")
    _iterator_mode.update(do_copy=do_copy, parallel_convert=parallel_convert)


def get_iterator_mode():
    """`mindspore.dataset.config.get_iterator_mode()`: ``{"do_copy": ..., "parallel_convert":
    ...}``."""
    return dict(_iterator_mode)
