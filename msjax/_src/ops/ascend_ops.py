"""Ascend-only Primitives (NPU float-status registers): a clear error on every other device.

The graph-mode tutorial's overflow check reads the NPU's float-status registers, which exist only
on Ascend. msjax runs on CPU, GPU and TPU through XLA, where there is no such register; checking
for overflow is `ops.isfinite(x).all()` on the values themselves.
"""
from __future__ import annotations

from msjax._src.ops.registry import Primitive, _register, PRIMITIVES


def _ascend_only(name: str) -> type:
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, *inputs):
        raise RuntimeError(
            f"ops.{name} reads the NPU float-status registers, which exist only on Ascend; msjax "
            f"runs on CPU, GPU and TPU through XLA and has no such register. To detect overflow, "
            f"test the values instead: ops.isfinite(x).all().")

    cls = type(name, (Primitive,), {"__init__": __init__, "__call__": __call__,
                                    "__doc__": f"`mindspore.ops.{name}`: Ascend only.",
                                    "__module__": "msjax.ops"})
    _register(PRIMITIVES, name, cls)
    return cls


NPUAllocFloatStatus = _ascend_only("NPUAllocFloatStatus")
NPUClearFloatStatus = _ascend_only("NPUClearFloatStatus")
NPUGetFloatStatus = _ascend_only("NPUGetFloatStatus")
