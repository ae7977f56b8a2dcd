"""MindSpore 2.10's `ops.Betainc` (also `ops.operations.math_ops.Betainc`): values, NaN outside
its domain, its dtype and shape errors; and `ops.operations.manually_defined.shape_`. Printed
`label -> RESULT`; tests/ops/test_betainc.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/betainc_probe.py \
        | grep -- " -> " > tests/goldens/ops/betainc_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops.operations import math_ops as P
from mindspore.ops.operations import manually_defined as M


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), np.round(out.asnumpy().astype(np.float64), 5).tolist())
        print(label, "->", out)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


def shape_in_graph(t):
    return M.shape_(t)


a = Tensor(np.array([[1, 2], [3, 4]], np.float32))
b = Tensor(np.array([[2, 3], [4, 5]], np.float32))
x = Tensor(np.array([[0.5, 0.5], [0.4, 0.3]], np.float32))
show("Betainc f32", lambda: P.Betainc()(a, b, x))
show("ops.Betainc is", lambda: ops.Betainc is P.Betainc)
show("Betainc f64", lambda: P.Betainc()(a.astype(ms.float64), b.astype(ms.float64), x.astype(ms.float64)))
show("Betainc x out of range", lambda: P.Betainc()(a, b, Tensor(np.array([[-0.5, 1.5], [0.0, 1.0]], np.float32))))
show("Betainc a<=0", lambda: P.Betainc()(Tensor(np.array([[0., -1], [3, 4]], np.float32)), b, x))
show("Betainc b<=0", lambda: P.Betainc()(a, Tensor(np.array([[0., 3], [-4, 5]], np.float32)), x))
show("Betainc mixed", lambda: P.Betainc()(a, b.astype(ms.float64), x))
show("Betainc int", lambda: P.Betainc()(a.astype(ms.int32), b.astype(ms.int32), x.astype(ms.int32)))
show("Betainc f16", lambda: P.Betainc()(a.astype(ms.float16), b.astype(ms.float16), x.astype(ms.float16)))
show("Betainc shapes", lambda: P.Betainc()(a, b, x[0]))
show("Betainc repr", lambda: repr(P.Betainc()))
show("shape_", lambda: M.shape_(x))
show("jit shape_", lambda: ms.jit(shape_in_graph)(x))
