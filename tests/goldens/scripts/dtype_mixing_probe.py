"""MindSpore 2.10 on operands of different dtypes where it raises instead of promoting: the
exception and the first line of its message (matrix products, concatenation, stacking), and the
mixes it accepts.

Prints `label -> result` lines; the same script runs unchanged on msjax in
tests/ops/test_dtype_mixing.py. MindSpore 2.10's PyNative mode repeats an op's last error for
the next call of a like op (even one that succeeds alone), so the golden runs each case in a
process of its own (`PROBE_CASE`). Regenerate:
    for i in $(seq 0 14); do PROBE_CASE=$i /work/shared/tools/mindspore-oracle \
        tests/goldens/scripts/dtype_mixing_probe.py | grep -- " -> "; done \
        > tests/goldens/ops/dtype_mixing_probe.out
"""
import os

import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


def show(label, f):
    try:
        r = f()
        result = (np.round(r.asnumpy(), 4).tolist(), str(r.dtype))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


def t(dtype, shape=(2, 2)):
    return Tensor(np.ones(shape, dtype))


CASES = [
    ("matmul i32 f32", lambda: ops.matmul(t(np.int32), t(np.float32))),
    ("matmul f32 f16", lambda: ops.matmul(t(np.float32), t(np.float16))),
    ("matmul f16 f16", lambda: ops.matmul(t(np.float16), t(np.float16))),
    ("Tensor.matmul i32 f32", lambda: t(np.int32).matmul(t(np.float32))),
    ("MatMul i32 f32", lambda: ops.MatMul()(t(np.int32), t(np.float32))),
    ("MatMul f32 f16", lambda: ops.MatMul()(t(np.float32), t(np.float16))),
    ("BatchMatMul i32 f32", lambda: ops.BatchMatMul()(t(np.int32, (1, 2, 2)), t(np.float32, (1, 2, 2)))),
    ("bmm i32 f32", lambda: ops.bmm(t(np.int32, (1, 2, 2)), t(np.float32, (1, 2, 2)))),
    ("cat f32 i32", lambda: ops.cat((t(np.float32, (2,)), t(np.int32, (2,))))),
    ("concat f32 f16", lambda: ops.concat((t(np.float32, (2,)), t(np.float16, (2,))))),
    ("concat f32 f32", lambda: ops.concat((t(np.float32, (2,)), t(np.float32, (2,))))),
    ("stack f32 i32", lambda: ops.stack((t(np.float32, (2,)), t(np.int32, (2,))))),
    ("stack i32 i32 f32", lambda: ops.stack((t(np.int32, (2,)), t(np.int32, (2,)), t(np.float32, (2,))))),
    ("add i32 f32", lambda: ops.add(t(np.int32), t(np.float32))),
    ("mul f16 f32", lambda: ops.mul(t(np.float16), t(np.float32))),
]
selected = os.environ.get("PROBE_CASE")
for i, (label, case) in enumerate(CASES):
    if selected is None or int(selected) == i:
        show(label, case)
