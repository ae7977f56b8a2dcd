"""Ascend-only Primitives (NPU float-status registers): a clear error on every other device.

The graph-mode tutorial's overflow check reads the NPU's float-status registers, which exist only
on Ascend. msjax runs on CPU, GPU and TPU through XLA, where there is no such register; checking
for overflow is `ops.isfinite(x).all()` on the values themselves.
"""
from __future__ import annotations

from msjax._src.core import context, state
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


def _dataflow_switch(name: str, summary: str) -> type:
    """GE's dataflow primitive `name`, which only Ascend's graph engine runs: MindSpore's CPU
    build has no kernel for it (NotImplementedError in PyNative; in a compiled program
    `RuntimeError: Unsupported op [name] on <device>`), and XLA has no dead branches to route."""
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, *inputs):
        if not state.tracing_depth():
            raise NotImplementedError()
        device = context.get_context("device_target")
        raise RuntimeError(
            f"Unsupported op [{name}] on {device}, Please confirm whether the device target "
            "setting is correct, or refer to 'mindspore.ops' at https://www.mindspore.cn to query "
            "the operator support list.")

    cls = type(name, (Primitive,), {"__init__": __init__, "__call__": __call__,
                                    "__doc__": f"`mindspore.ops.{name}`: {summary} (Ascend's "
                                               "graph engine only; refused elsewhere, as "
                                               "MindSpore's CPU build does).",
                                    "__module__": "msjax.ops"})
    _register(PRIMITIVES, name, cls)
    return cls


GeSwitch = _dataflow_switch("GeSwitch", "routes `data` to the false or true output by `pred`")
Merge = _dataflow_switch("Merge", "forwards whichever of its inputs is alive, and its index")
