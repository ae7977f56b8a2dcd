"""MindSpore 2.10's top-level `mindspore.frombuffer`, `swap_tensors`, `from_dlpack`, `to_dlpack`,
`get_current_device` (issue #25): values, dtypes and argument checks. Printed `label -> RESULT` as
in conformance_probe1.py; tests/api/test_top_level_names.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/top_level_probe.py \\
        | grep -- " -> " > tests/goldens/api/top_level_probe.out
"""
import array

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 4).tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


raw = np.arange(6, dtype=np.float32).tobytes()
show("frombuffer bytes", lambda: ms.frombuffer(raw, ms.float32))
show("frombuffer count offset", lambda: ms.frombuffer(raw, ms.float32, count=3, offset=8))
show("frombuffer int8", lambda: ms.frombuffer(b"\x01\x02\xff", ms.int8))
show("frombuffer uint8 bytearray", lambda: ms.frombuffer(bytearray(b"\x01\x02\xff"), ms.uint8))
show("frombuffer array", lambda: ms.frombuffer(array.array("i", [1, 2, 3]), ms.int32))
show("frombuffer int64 count", lambda: ms.frombuffer(np.arange(4, dtype=np.int64).tobytes(), ms.int64, count=2))
show("frombuffer bad size", lambda: ms.frombuffer(b"\x01\x02\x03", ms.float32))
show("frombuffer count too big", lambda: ms.frombuffer(raw, ms.float32, count=7))
show("frombuffer offset too big", lambda: ms.frombuffer(raw, ms.float32, offset=40))
show("frombuffer negative offset", lambda: ms.frombuffer(raw, ms.float32, offset=-1))
show("frombuffer zero count", lambda: ms.frombuffer(raw, ms.float32, count=0))
show("frombuffer not a buffer", lambda: ms.frombuffer([1, 2], ms.float32))
show("frombuffer empty", lambda: ms.frombuffer(b"", ms.float32))


def swapped(a, b):
    ms.swap_tensors(a, b)
    return a, b


show("swap_tensors", lambda: swapped(Tensor([1.0, 2.0]), Tensor([[3, 4, 5]], ms.int32)))
show("swap_tensors parameters", lambda: swapped(Parameter(Tensor([1.0]), name="a"), Parameter(Tensor([2.0, 3.0]), name="b")))
show("swap_tensors returns", lambda: ms.swap_tensors(Tensor([1.0]), Tensor([2.0])))
show("swap_tensors same", lambda: (lambda t: (ms.swap_tensors(t, t), t))(Tensor([1.0])))
show("swap_tensors not tensor", lambda: ms.swap_tensors(Tensor([1.0]), 2.0))

t = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
show("dlpack round trip", lambda: ms.from_dlpack(ms.to_dlpack(t)))
show("dlpack int64", lambda: ms.from_dlpack(ms.to_dlpack(Tensor(np.array([1, 2, 3], np.int64)))))
show("dlpack capsule type", lambda: type(ms.to_dlpack(t)).__name__)
show("from_dlpack numpy", lambda: ms.from_dlpack(np.arange(3, dtype=np.float32)))
show("to_dlpack not tensor", lambda: ms.to_dlpack(np.ones(2)))
show("from_dlpack list", lambda: ms.from_dlpack([1, 2]))

device = ms.get_current_device()
show("get_current_device", lambda: device)
show("get_current_device fields", lambda: (device.device_target, device.device_id, type(device).__name__, isinstance(device, tuple), len(device)))
