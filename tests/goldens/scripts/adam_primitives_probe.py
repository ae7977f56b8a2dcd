"""MindSpore 2.10's `ops.Adam` (with and without Nesterov momentum) and `ops.AdamWeightDecay`:
var, m and v after one step, float32 and float16, and the errors of a float64 gradient. Prints
`case -> values` lines (each Parameter rounded to 5 places) or `ERR Type | message`. MindSpore's
CPU kernels return zeros for the outputs (its GPU and Ascend ones, and msjax, the updated
Parameters), so only the Parameters are recorded.
    GLOG_v=3 ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/adam_primitives_probe.py \\
        > tests/goldens/adam_primitives.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, ops

ms.set_context(mode=ms.PYNATIVE_MODE)


def arr(start, dtype):
    return (((np.arange(6) % 7) + start) / 8.0).reshape(2, 3).astype(dtype)


def step(label, make, args, dtype=np.float32, grad_dtype=None):
    boxes = [Parameter(Tensor(arr(s, dtype)), name=f"{label}{s}") for s in (1, 2, 3)]
    gradient = Tensor(arr(4, grad_dtype or dtype))
    try:
        make()(*boxes, *args, gradient)
        shown = [np.round(b.asnumpy().astype(np.float64), 5).reshape(-1).tolist() for b in boxes]
        print(f"{label} -> {shown}")
    except Exception as error:  # noqa: BLE001 - the error is the golden
        print(f"{label} -> ERR {type(error).__name__} | {str(error).strip().splitlines()[0]}")


ADAM = (0.9, 0.999, 0.001, 0.9, 0.999, 1e-8)
DECAY = (0.1, 0.9, 0.999, 1e-8, 0.01)
step("adam", ops.Adam, ADAM)
step("adam nesterov", lambda: ops.Adam(use_nesterov=True), ADAM)
step("adam float16", ops.Adam, ADAM, np.float16)
step("adam float64 gradient", ops.Adam, ADAM, np.float32, np.float64)
step("adam int32 gradient", ops.Adam, ADAM, np.float32, np.int32)
step("adam_weight_decay", ops.AdamWeightDecay, DECAY)
step("adam_weight_decay float16", ops.AdamWeightDecay, DECAY, np.float16)
step("adam_weight_decay float64 gradient", ops.AdamWeightDecay, DECAY, np.float32, np.float64)
print(f"reprs -> {ops.Adam()!r} {ops.AdamWeightDecay()!r}")
