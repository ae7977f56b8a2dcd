"""`mindspore.device_context.gpu`: whether the GPU target is available and its device count."""
from msjax._src.core import hal


def is_available() -> bool:
    """`mindspore.device_context.gpu.is_available()`: whether JAX has the GPU backend."""
    return hal.is_available("GPU")


def device_count() -> int:
    """`mindspore.device_context.gpu.device_count()`: the GPU devices (RuntimeError when the
    target does not exist here, as MindSpore's)."""
    return hal.target_device_count("GPU")
