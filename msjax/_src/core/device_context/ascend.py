"""`mindspore.device_context.ascend`: whether the Ascend target is available and its device count."""
from msjax._src.core import hal


def is_available() -> bool:
    """`mindspore.device_context.ascend.is_available()`: whether JAX has the Ascend backend."""
    return hal.is_available("Ascend")


def device_count() -> int:
    """`mindspore.device_context.ascend.device_count()`: the Ascend devices (RuntimeError when the
    target does not exist here, as MindSpore's)."""
    return hal.target_device_count("Ascend")
