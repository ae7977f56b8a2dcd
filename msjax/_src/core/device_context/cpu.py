"""`mindspore.device_context.cpu`: whether the CPU target is available and its device count."""
from msjax._src.core import hal


def is_available() -> bool:
    """`mindspore.device_context.cpu.is_available()`: whether JAX has the CPU backend."""
    return hal.is_available("CPU")


def device_count() -> int:
    """`mindspore.device_context.cpu.device_count()`: the CPU devices (RuntimeError when the
    target does not exist here, as MindSpore's)."""
    return hal.target_device_count("CPU")
