"""MindSpore 2.10's view Primitives ops.SelectView (`SelectView()(x, index, dim)`: `x` at `index`
along `dim`, that dimension dropped) and ops.TransposeExtView (two dimensions swapped): values, dtypes, shapes, reprs and
errors, printed `label -> RESULT`; tests/ops/test_miss18_view_ops.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/miss18_view_ops_probe.py \
        | grep -- " -> " > tests/goldens/ops/miss18_view_ops_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor


def show(label, f):
    try:
        out = f()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, out.asnumpy().tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")] or [""]
        out = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {out}")


x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
show("SelectView repr", lambda: repr(ops.SelectView()))
for index, dim in ((0, 1), (1, -1), (2, 3), (-1, 0), (-3, -2), (3, 2), (0, -3)):
    show(f"SelectView index {index} dim {dim}", lambda: ops.SelectView()(x, index, dim))
show("SelectView int32", lambda: ops.SelectView()(x.astype(ms.int32), 1, 2))
show("SelectView dim out of range", lambda: ops.SelectView()(x, 1, 3))
show("SelectView negative dim out of range", lambda: ops.SelectView()(x, 2, -5))
show("TransposeExtView repr", lambda: repr(ops.TransposeExtView()))
for dim0, dim1 in ((0, 1), (0, -1), (2, 1), (1, 1), (-3, -2)):
    show(f"TransposeExtView {dim0} {dim1}", lambda: ops.TransposeExtView()(x, dim0, dim1))
show("TransposeExtView bool", lambda: ops.TransposeExtView()(x > 10, 0, 2))
show("TransposeExtView dim out of range", lambda: ops.TransposeExtView()(x, 0, 3))
show("TransposeExtView negative dim out of range", lambda: ops.TransposeExtView()(x, -4, 0))
show("TransposeExtView scalar", lambda: ops.TransposeExtView()(Tensor(3.0), 0, 0))
