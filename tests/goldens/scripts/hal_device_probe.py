"""MindSpore 2.10's `hal.is_initialized`, `hal.get_arch_list` and `device_context.<target>`'s
`is_available`/`device_count` on a CPU machine. Printed `label -> result`; tests/test_hal.py
runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/hal_device_probe.py \\
        | grep -- " -> " > tests/goldens/api/hal_device_probe.out
"""
import mindspore as ms
from mindspore import context, hal, nn, ops, Tensor


def show(label, f):
    try:
        print(label, "->", repr(f()))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "->", "ERR", type(e).__name__, "|", str(e).splitlines()[0])


class Net(nn.Cell):
    def construct(self, x):
        return ops.abs(x)


show("is_initialized GPU", lambda: hal.is_initialized("GPU"))
show("is_initialized Ascend", lambda: hal.is_initialized("Ascend"))
show("is_initialized bad", lambda: hal.is_initialized("TPU"))
show("is_initialized int", lambda: hal.is_initialized(1))
show("get_arch_list", lambda: hal.get_arch_list())
show("get_arch_list CPU", lambda: hal.get_arch_list("CPU"))
show("get_arch_list GPU", lambda: hal.get_arch_list("GPU"))
context.set_context(mode=context.GRAPH_MODE)
Net()(Tensor(2.0))
show("is_initialized CPU after a graph", lambda: hal.is_initialized("CPU"))
show("device_context.cpu.is_available", lambda: ms.device_context.cpu.is_available())
show("device_context.cpu.device_count", lambda: ms.device_context.cpu.device_count())
show("device_context.gpu.is_available", lambda: ms.device_context.gpu.is_available())
show("device_context.ascend.is_available", lambda: ms.device_context.ascend.is_available())
show("device_context.ascend.device_count", lambda: ms.device_context.ascend.device_count())
