"""MindSpore 2.10's last names its own tests reach for (issue #25): `ops.auto_generate.copy` and
`Copy`, `_inner_ops.CopyWithSlice`, `ops.composite.tail` inside `jit`, and
`train.callback._callback._handle_loss`. Printed `label -> RESULT` as in conformance_probe1.py;
tests/api/test_conformance_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe12.py \\
        | grep -- " -> " > tests/goldens/api/conformance_probe12.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops import composite as C
from mindspore.ops.auto_generate import Copy, copy
from mindspore.ops.operations import _inner_ops
from mindspore.train.callback._callback import _handle_loss


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 3).tolist()}"
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


x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
show("copy", lambda: copy(x))
show("copy of a transpose", lambda: copy(ops.transpose(x, (1, 0))))
show("copy of a slice", lambda: copy(x[0:2:1, 1:3:2]))
show("copy is a new Tensor", lambda: copy(x) is x)
show("Copy", lambda: Copy()(x))
copy_with_slice = _inner_ops.CopyWithSlice()
show("CopyWithSlice repr", lambda: repr(copy_with_slice))
dst = Tensor(np.zeros((2, 3), np.float32))
show("CopyWithSlice", lambda: (copy_with_slice(dst, x), dst))
show("CopyWithSlice into a transpose", lambda: (lambda d: (copy_with_slice(d, ops.ones((3, 2), ms.float32)), d))(
    ops.transpose(Tensor(np.zeros((2, 3), np.float32)), (1, 0))))
show("CopyWithSlice shapes", lambda: copy_with_slice(Tensor(np.zeros((2, 3), np.float32)), Tensor(np.ones(3, np.float32))))
show("CopyWithSlice dtypes", lambda: copy_with_slice(Tensor(np.zeros((2, 3), np.float32)), Tensor(np.ones((2, 3), np.int32))))


@ms.jit
def tail_in_jit(seq):
    return C.tail(seq)


show("tail in jit", lambda: tail_in_jit((0, 1, 2, 3)))
show("tail of one in jit", lambda: tail_in_jit((Tensor(1.0),)))
show("_handle_loss Tensor", lambda: _handle_loss(Tensor([1.0, 3.0])))
show("_handle_loss tuple", lambda: _handle_loss((Tensor([2.0]), Tensor([5.0]))))
show("_handle_loss number", lambda: _handle_loss(4))
