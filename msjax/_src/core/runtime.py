"""`mindspore.runtime`: the device's memory settings and statistics, and synchronisation, on XLA.

MindSpore's runtime owns a memory pool per device and runs ops on streams. Under msjax, XLA's
client owns device memory (a BFC pool on GPU and TPU; the system allocator on CPU) and orders the
work it was given; JAX dispatches asynchronously. These functions do on XLA what MindSpore's mean:

- `synchronize()` waits until the device has finished every computation dispatched so far.
- `memory_allocated()` / `memory_reserved()` and the rest report XLA's allocator statistics where
  the backend keeps them (GPU, TPU: `Device.memory_stats()`). XLA's CPU client keeps none: there
  the allocated (and reserved) bytes are those of the live arrays on the device, and the peaks are
  the largest values these functions have seen since the last reset (a lower bound of the true
  peak). MindSpore's CPU build reports 0 for all of them.
- `set_memory(...)` validates its arguments as MindSpore does and refuses a second call, but the
  sizes do not configure XLA's allocator: XLA sizes its pool itself (on GPU, before the backend
  starts, through `XLA_PYTHON_CLIENT_MEM_FRACTION` / `XLA_PYTHON_CLIENT_PREALLOCATE`).
"""
from __future__ import annotations

import math
import re

import jax
import numpy as np

from msjax._src.core.tensor import Tensor
from msjax._src.core.version import MINDSPORE_VERSION, __version__

_MEMORY_PATTERN = r"[1-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB"
_RESERVE_PATTERN = r"[0-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB"
_OPTIMIZE_LEVELS = ["O0", "O1"]
# The settings of the one accepted set_memory call (GB as floats, optimize level 0/1).
_memory_settings: dict = {}
# The largest values seen since the last reset (the peaks on backends without allocator
# statistics, such as CPU; on the others, the peaks once a reset made the device's own stale).
_peaks = {"allocated": 0, "reserved": 0}
_peaks_were_reset = [False]


# -- set_memory ------------------------------------------------------------------------------------
def _check_pattern(value: str, pattern: str) -> None:
    """MindSpore's `Validator.check_str_by_regular` (re.match: the pattern must match a prefix)."""
    if re.match(pattern, value, flags=re.ASCII) is None:
        raise ValueError(f"The '{value}' is illegal, it must be match regular'{pattern}' by "
                         "flags're.ASCII.'")


def _check_memory_size(value: str) -> None:
    _check_pattern(value, _MEMORY_PATTERN)
    if value in ("0GB", "0.0GB"):
        raise ValueError('The memory value should not be "0GB".')


def set_memory(init_size="2GB", increase_size="2GB", max_size="1024GB", optimize_level="O0",
               huge_page_reserve_size="0GB"):
    """`mindspore.runtime.set_memory(init_size='2GB', increase_size='2GB', max_size='1024GB',
    optimize_level='O0', huge_page_reserve_size='0GB')`: MindSpore's memory-pool settings.

    Checked as MindSpore 2.10 checks them (strings, "xxGB", not "0GB", level 'O0' or 'O1'; a
    second call raises RuntimeError) and kept, but they do not change XLA's allocator, which
    sizes its own pool (see the module doc for the XLA settings that do).
    """
    for name, value in (("init_size", init_size), ("increase_size", increase_size),
                        ("max_size", max_size), ("optimize_level", optimize_level),
                        ("huge_page_reserve_size", huge_page_reserve_size)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"The parameter '{name}' must be {str}, but got {type(value)}")
    if _memory_settings:
        raise RuntimeError("The 'set_memory' can not be set repeatedly.")
    for size in (init_size, increase_size, max_size):
        _check_memory_size(size)
    _check_pattern(huge_page_reserve_size, _RESERVE_PATTERN)
    sizes = [float(size[:-2]) for size in
             (init_size, increase_size, max_size, huge_page_reserve_size)]
    if optimize_level not in _OPTIMIZE_LEVELS:
        raise ValueError(f"The optimize_level must be one of {_OPTIMIZE_LEVELS}, but got "
                         f"{optimize_level}.")
    _memory_settings.update(zip(("init_size", "increase_size", "max_size",
                                 "huge_page_reserve_size"), sizes),
                            optimize_level=_OPTIMIZE_LEVELS.index(optimize_level))


# -- synchronisation -------------------------------------------------------------------------------
def synchronize() -> None:
    """`mindspore.runtime.synchronize()`: wait until every computation dispatched so far has
    finished (JAX dispatches asynchronously): every live array is ready and every pending effect
    (host callbacks, prints) has run."""
    jax.effects_barrier()
    for array in jax.live_arrays():
        array.block_until_ready()


def launch_blocking() -> None:
    """`mindspore.runtime.launch_blocking()`: launch every operator synchronously from now on,
    so that an operator's error is raised by the call that launched it (MindSpore's debugging
    switch, the environment's `MS_LAUNCH_BLOCKING`). msjax already checks every operator's
    inputs when it is called and XLA's programs raise nothing while they run, so errors come
    from the call that caused them either way; this finishes the work launched so far
    (`synchronize`)."""
    synchronize()


# -- memory statistics -----------------------------------------------------------------------------
def _device():
    return jax.local_devices()[0]


def _live_bytes(device) -> int:
    """Bytes of the live arrays' shards on `device`."""
    total = 0
    for array in jax.live_arrays():
        if device in array.devices():
            total += math.prod(array.sharding.shard_shape(array.shape)) * array.dtype.itemsize
    return total


def _current() -> dict:
    """{allocated, reserved, max_allocated, max_reserved} in bytes for the default device."""
    device = _device()
    stats = device.memory_stats() if hasattr(device, "memory_stats") else None
    if stats:
        allocated = int(stats.get("bytes_in_use", 0))
        reserved = int(stats.get("pool_bytes", stats.get("bytes_reserved", allocated)))
        peak_allocated = int(stats.get("peak_bytes_in_use", allocated))
        peak_reserved = int(stats.get("peak_pool_bytes", reserved))
    else:
        allocated = reserved = _live_bytes(device)
        peak_allocated = peak_reserved = 0
    _peaks["allocated"] = max(_peaks["allocated"], allocated)
    _peaks["reserved"] = max(_peaks["reserved"], reserved)
    if _peaks_were_reset[0]:  # after a reset the device's own peak is from before it
        peak_allocated, peak_reserved = _peaks["allocated"], _peaks["reserved"]
    return {"allocated": allocated, "reserved": reserved,
            "max_allocated": max(peak_allocated, _peaks["allocated"]),
            "max_reserved": max(peak_reserved, _peaks["reserved"])}


def memory_allocated() -> int:
    """`mindspore.runtime.memory_allocated()`: bytes held by Tensors on the device now."""
    return _current()["allocated"]


def max_memory_allocated() -> int:
    """`mindspore.runtime.max_memory_allocated()`: the peak of `memory_allocated` (since the
    last reset; on CPU, the largest value seen by these functions)."""
    return _current()["max_allocated"]


def memory_reserved() -> int:
    """`mindspore.runtime.memory_reserved()`: bytes of device memory XLA's allocator holds (on
    CPU, which has no pool, those of the live arrays)."""
    return _current()["reserved"]


def max_memory_reserved() -> int:
    """`mindspore.runtime.max_memory_reserved()`: the peak of `memory_reserved`."""
    return _current()["max_reserved"]


def memory_stats() -> dict:
    """`mindspore.runtime.memory_stats()`: MindSpore's dict of totals and peaks (bytes); its pool
    block tables are empty (XLA's allocator does not expose its blocks)."""
    current = _current()
    return {"total_reserved_memory": current["reserved"],
            "total_allocated_memory": current["allocated"],
            "total_idle_memory": current["reserved"] - current["allocated"],
            "total_eager_free_memory": 0,
            "max_reserved_memory": current["max_reserved"],
            "max_allocated_memory": current["max_allocated"],
            "common_mem_pool_stats": {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}},
            "persistent_mem_pool_stats": {"block_counts": 0, "block_unit_size": 0,
                                          "blocks_info": {}}}


def _reset(*names) -> None:
    current = _current()
    for name in names:
        _peaks[name] = current[name]
    _peaks_were_reset[0] = True


def reset_max_memory_allocated() -> None:
    """`mindspore.runtime.reset_max_memory_allocated()`: the peak starts again from now."""
    _reset("allocated")


def reset_max_memory_reserved() -> None:
    """`mindspore.runtime.reset_max_memory_reserved()`: the peak starts again from now."""
    _reset("reserved")


def reset_peak_memory_stats() -> None:
    """`mindspore.runtime.reset_peak_memory_stats()`: both peaks start again from now."""
    _reset("allocated", "reserved")


def _format_size(size: int, pref_size: float) -> str:
    prefix = "B  "
    for new_prefix in ("KB", "MB", "GB", "TB", "PB"):
        if pref_size < 768 * 1024:
            break
        prefix = new_prefix
        size //= 1024
        pref_size /= 1024
    return f"{size:6d} {prefix}"


def memory_summary() -> str:
    """`mindspore.runtime.memory_summary()`: `memory_stats` as MindSpore's table."""
    stats = memory_stats()
    lines = ["=" * 45, " {:^43} ".format("Memory summary"), "=" * 45,
             " {:<20} | {:<20} ".format("Metric", "Data")]
    for key, title in (("total_reserved_memory", "Reserved memory"),
                       ("total_allocated_memory", "Allocated memory"),
                       ("total_idle_memory", "Idle memory"),
                       ("total_eager_free_memory", "Eager free memory"),
                       ("max_reserved_memory", "Max reserved memory"),
                       ("max_allocated_memory", "Max allocated memory")):
        lines += ["-" * 45, " {:<20} | {:<20} ".format(title, _format_size(stats[key],
                                                                          stats[key]))]
    lines.append("=" * 45)
    return "|" + "|\n|".join(lines) + "|\n"


# -- run_check ------------------------------------------------------------------------------------
def run_check() -> None:
    """`mindspore.run_check()`: print the MindSpore version msjax implements, run a small
    multiplication on the default JAX backend and say whether its result is right, in MindSpore's
    words (the platform is JAX's backend), then the JAX version and the devices found."""
    print("MindSpore version: ", MINDSPORE_VERSION)
    backend = jax.default_backend()
    x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    product = (x * x).asnumpy()
    if not np.allclose(product, [1.0, 4.0, 9.0]):
        print(f"The result of multiplication calculation is not correct, MindSpore has not been "
              f"installed on platform [{backend.upper()}] successfully!")
        return
    print(f"The result of multiplication calculation is correct, MindSpore has been installed "
          f"on platform [{backend.upper()}] successfully!")
    print(f"(msjax {__version__} on JAX {jax.__version__}: {jax.device_count()} "
          f"{backend.upper()} device(s): {', '.join(str(d) for d in jax.devices())})")
