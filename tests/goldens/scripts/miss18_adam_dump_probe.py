"""MindSpore 2.10's ops.AdamNoUpdateParam (Adam's update of m and v, in place, and the step it
would apply to the parameter, returned: the parameter itself is not given), and ops.TensorDump /
ops.tensordump (a Tensor saved as `<file>_<dtype>_<n>.npy`, n counting the dumps of the process),
with their attributes and errors, printed `label -> RESULT`; tests/ops/test_miss18_adam_dump.py
runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/miss18_adam_dump_probe.py \
        | grep -- " -> " > tests/goldens/ops/miss18_adam_dump_probe.out
"""
import os
import shutil
import tempfile

import numpy as np
import mindspore as ms
from mindspore import ops, Parameter, Tensor


def show(label, f):
    try:
        out = f()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, np.round(out.asnumpy().astype(np.float64), 9).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")] or [""]
        out = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {out}")


def scalar(value):
    return Tensor(value, ms.float32)


def moments():
    return (Parameter(Tensor(np.array([0.1, 0.2, 0.3], np.float32)), name="m"),
            Parameter(Tensor(np.array([0.01, 0.02, 0.03], np.float32)), name="v"))


g = Tensor(np.array([1.0, -2.0, 0.5], np.float32))
HYPER = (scalar(0.9), scalar(0.999), scalar(0.001), scalar(0.9), scalar(0.999), scalar(1e-8))
for nesterov in (False, True):
    m, v = moments()
    show(f"AdamNoUpdateParam nesterov={nesterov}",
         lambda: ops.AdamNoUpdateParam(use_nesterov=nesterov)(m, v, *HYPER, g))
    show(f"AdamNoUpdateParam nesterov={nesterov} m v",
         lambda: (np.round(m.asnumpy(), 7).tolist(), np.round(v.asnumpy(), 7).tolist()))
m, v = moments()
show("AdamNoUpdateParam repr", lambda: repr(ops.AdamNoUpdateParam()))
show("AdamNoUpdateParam repr locking", lambda: repr(ops.AdamNoUpdateParam(use_locking=True)))
show("AdamNoUpdateParam bad locking", lambda: ops.AdamNoUpdateParam(use_locking=1))
show("AdamNoUpdateParam bad nesterov", lambda: ops.AdamNoUpdateParam(use_nesterov="no"))
show("AdamNoUpdateParam float16 gradient",
     lambda: ops.AdamNoUpdateParam()(m, v, *HYPER, g.astype(ms.float16)))
show("AdamNoUpdateParam shape", lambda: ops.AdamNoUpdateParam()(m, v, *HYPER, g[:2]))
ADAM = ops.AdamNoUpdateParam()


@ms.jit
def adam_step(grad):
    return ADAM(m, v, *HYPER, grad)


m, v = moments()
show("AdamNoUpdateParam in jit", lambda: adam_step(g))
show("AdamNoUpdateParam in jit m v",
     lambda: (np.round(m.asnumpy(), 7).tolist(), np.round(v.asnumpy(), 7).tolist()))

folder = tempfile.mkdtemp()
x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
show("TensorDump repr", lambda: repr(ops.TensorDump()))
show("TensorDump attrs in", lambda: sorted(ops.TensorDump(input_output="in").attrs.items()))
show("TensorDump", lambda: ops.TensorDump()(os.path.join(folder, "x"), x))
show("TensorDump int32", lambda: ops.TensorDump()(os.path.join(folder, "x"), x.astype(ms.int32)))
show("tensordump", lambda: ops.tensordump(os.path.join(folder, "y.npy"), x.astype(ms.float16)))
show("tensordump in", lambda: ops.tensordump(os.path.join(folder, "z"), x > 2, "in"))
show("tensordump all", lambda: ops.tensordump(os.path.join(folder, "w"), x, "all"))
show("tensordump bad mode", lambda: ops.tensordump(os.path.join(folder, "w"), x, "bad"))
show("TensorDump bad file", lambda: ops.TensorDump()(3, x))
show("TensorDump bad io", lambda: ops.TensorDump(input_output="both"))
show("files", lambda: sorted(os.listdir(folder)))
show("contents", lambda: [(f, str(np.load(os.path.join(folder, f)).dtype),
                           np.load(os.path.join(folder, f)).tolist())
                          for f in sorted(os.listdir(folder))])
shutil.rmtree(folder)
