"""`mindspore.device_context.cpu`: whether the CPU target is available and its device count;
`op_tuning.threads_num`, the CPU kernels' thread count.

`threads_num(num)` is checked as MindSpore 2.10 checks it (a positive int; a second call raises
RuntimeError) and kept, but it does not size XLA's CPU thread pool, which the CPU client fixes
when it starts (docs/migration.md).
"""
from msjax._src.core import checkparam as validator
from msjax._src.core import hal

# The number the one accepted threads_num call set (None: not set).
_threads = {"num": None}


def is_available() -> bool:
    """`mindspore.device_context.cpu.is_available()`: whether JAX has the CPU backend."""
    return hal.is_available("CPU")


def device_count() -> int:
    """`mindspore.device_context.cpu.device_count()`: the CPU devices (RuntimeError when the
    target does not exist here, as MindSpore's)."""
    return hal.target_device_count("CPU")


@validator.args_type_check(num=int)
def threads_num(num):
    """`mindspore.device_context.cpu.op_tuning.threads_num(num)`: the number of threads of the
    CPU kernels; checked and kept, once (see the module doc)."""
    if _threads["num"] is not None:
        raise RuntimeError("The 'threads_num' can not be set repeatedly.")
    _threads["num"] = validator.check_positive_int(num, "num")
