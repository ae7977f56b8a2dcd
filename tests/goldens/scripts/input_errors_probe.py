"""MindSpore 2.10's errors for bad input to layers and ops: a Dense layer given the wrong width,
a non-Tensor or another dtype, MatMul's shape check, a string where a Tensor goes: the exception
and the first line of its message.

Prints `label -> result` lines; the same script runs unchanged on msjax in
tests/nn/test_input_errors.py. MindSpore 2.10's PyNative mode repeats an op's last error for
the next like call, so the golden runs each case in a process of its own (`PROBE_CASE`).
Regenerate:
    for i in $(seq 0 8); do PROBE_CASE=$i /work/shared/tools/mindspore-oracle \
        tests/goldens/scripts/input_errors_probe.py | grep -- " -> "; done \
        > tests/goldens/nn/input_errors_probe.out
"""
import os
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
def show(label, f):
    try:
        r = f(); print(f"{label} -> ok {r.shape}")
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(f"{label} -> ERR {type(e).__name__} | {str(e).splitlines()[0]}")
CASES = [
 ("dense width 5", lambda: nn.Dense(4, 3)(Tensor(np.ones((2, 5), np.float32)))),
 ("dense str", lambda: nn.Dense(4, 3)("abc")),
 ("dense numpy", lambda: nn.Dense(4, 3)(np.ones((2, 4), np.float32))),
 ("dense 3d width 5", lambda: nn.Dense(4, 3)(Tensor(np.ones((2, 2, 5), np.float32)))),
 ("dense int input", lambda: nn.Dense(4, 3)(Tensor(np.ones((2, 4), np.int32)))),
 ("matmul shape", lambda: ops.matmul(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((4, 2), np.float32)))),
 ("MatMul shape", lambda: ops.MatMul()(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((4, 2), np.float32)))),
 ("add str", lambda: ops.add(Tensor(np.ones((2,), np.float32)), "abc")),
 ("relu str", lambda: ops.relu("abc")),
]
sel = os.environ.get("PROBE_CASE")
for i, (l, f) in enumerate(CASES):
    if sel is None or int(sel) == i:
        show(l, f)
