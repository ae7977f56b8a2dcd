"""MindSpore 2.10's `~` on a Tensor: logical not for every dtype (a Bool Tensor), eagerly and in
a compiled function, while ops.invert is the bitwise one; printed `label -> RESULT`;
tests/ops/test_tensor_invert.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor_invert_probe.py \
        | grep -- " -> " > tests/goldens/ops/tensor_invert_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit


def show(label, f):
    try:
        result = repr(f()).replace("\n", "|")
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


@jit
def inverted(t):
    return ~t


for dt in (np.int32, np.int64, np.int8, np.uint8, np.int16, np.bool_, np.float32, np.float16):
    x = Tensor(np.array([True, False, True]) if dt is np.bool_ else np.array([1, 0, 3], dt))
    name = np.dtype(dt).name
    show(f"~ {name}", lambda: ~x)
    show(f"jit ~ {name}", lambda: inverted(x))
    if dt not in (np.bool_, np.float32, np.float16):
        show(f"ops.invert {name}", lambda: ms.ops.invert(x))
show("~ 2-D", lambda: ~Tensor(np.array([[0.0, 2.5], [-1.0, 0.0]], np.float32)))
