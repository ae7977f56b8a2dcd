"""MindSpore 2.10's `auto_mixed_precision(function, amp_level="auto")`: inside the function the
white-listed primitives (MatMul, BatchMatMul, Dense, ...) compute in the low type, the black-listed
ones (Exp, Log, Softmax, SumExt, ...) in float32, the others as their inputs are; PyNative and
under `jit`; a compiled function keeps the program it was first compiled with. Printed `label -> RESULT`;
tests/train/test_amp_auto.py runs it unchanged on msjax. (bfloat16 is left out: MindSpore's CPU
MatMul has no bfloat16 kernel.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/amp_auto_probe.py \
        | grep -- " -> " > tests/goldens/train/amp_auto_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, nn, mint
from mindspore.train.amp import auto_mixed_precision

x = Tensor(np.ones([2, 2]), ms.float32)
y = Tensor(np.ones([2, 2]) * 0.5, ms.float32)
h = Tensor(np.ones([2, 2]), ms.float16)
i = Tensor(np.ones([2, 2]), ms.int32)


def show(label, fn):
    try:
        out = fn()
        outs = out if isinstance(out, (tuple, list)) else (out,)
        print(label, "->", [str(o.dtype) for o in outs], [np.round(o.asnumpy().astype(np.float64), 4).tolist() for o in outs][:1])
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


def amp(f, dtype=ms.float16):
    return auto_mixed_precision(f, amp_level="auto", dtype=dtype)


def f_matmul(a, b): return ops.matmul(a, b)
def f_at(a, b): return a @ b
def f_prim(a, b): return ops.MatMul()(a, b)
def f_mint(a, b): return mint.matmul(a, b)
def f_bmm(a, b): return ops.bmm(a.reshape(1, 2, 2), b.reshape(1, 2, 2))
def f_exp(a, b): return ops.exp(a.astype(ms.float16))
def f_softmax(a, b): return ops.softmax(a.astype(ms.float16))
def f_sum(a, b): return a.astype(ms.float16).sum()
def f_add(a, b): return a + b.astype(ms.float16)
def f_chain(a, b): return ops.exp(ops.matmul(a, b))
def f_int(a, b): return ops.matmul(i, i)
def f_dense(a, b): return ops.dense(a, b)
def f_mm_plus(a, b): return ops.matmul(a, b) + 1
def f_log(a, b): return ops.log(a.astype(ms.float16))
def f_relu(a, b): return ops.relu(ops.matmul(a, b))
def f_mean(a, b): return ops.mean(a.astype(ms.float16))

for name in ["f_matmul", "f_at", "f_prim", "f_mint", "f_bmm", "f_exp", "f_softmax", "f_sum", "f_add",
             "f_chain", "f_int", "f_dense", "f_mm_plus", "f_log", "f_relu", "f_mean"]:
    f = globals()[name]
    show(f"pynative {name}", lambda: amp(f)(x, y))
    show(f"jit {name}", lambda: ms.jit(amp(f))(x, y))
show("plain after amp", lambda: f_matmul(x, y))


@ms.jit
def compiled_matmul(a, b):
    return ops.matmul(a, b)


def calls_compiled(a, b):
    return compiled_matmul(a, b)


show("compiled outside", lambda: compiled_matmul(x, y))
show("compiled inside amp", lambda: amp(calls_compiled)(x, y))
show("compiled outside again", lambda: compiled_matmul(x, y))


@ms.jit
def compiled_first_in_amp(a, b):
    return ops.matmul(a, b)


def calls_compiled_first_in_amp(a, b):
    return compiled_first_in_amp(a, b)


show("compiled in amp first", lambda: amp(calls_compiled_first_in_amp)(x, y))
show("compiled in amp first, then outside", lambda: compiled_first_in_amp(x, y))
show("lambda auto", lambda: auto_mixed_precision(lambda a: a, "auto")(x))
show("object auto", lambda: auto_mixed_precision(3, "auto"))
show("function O1", lambda: auto_mixed_precision(f_matmul, "O1"))
show("function bad dtype", lambda: auto_mixed_precision(f_matmul, "auto", ms.float32))
