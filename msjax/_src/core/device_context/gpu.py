"""`mindspore.device_context.gpu`: whether the GPU target is available, its device count, and
the TF32 switches of float32 matrix products and convolutions (core/op_precision.py)."""
from msjax._src.core import hal
from msjax._src.core.op_precision import conv_allow_tf32, matmul_allow_tf32  # noqa: F401


def is_available() -> bool:
    """`mindspore.device_context.gpu.is_available()`: whether JAX has the GPU backend."""
    return hal.is_available("GPU")


def device_count() -> int:
    """`mindspore.device_context.gpu.device_count()`: the GPU devices (RuntimeError when the
    target does not exist here, as MindSpore's)."""
    return hal.target_device_count("GPU")
