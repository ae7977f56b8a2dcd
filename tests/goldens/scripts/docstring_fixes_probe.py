"""MindSpore 2.10 on the cases where tools/docstring_conformance.py found msjax printing another
value than MindSpore: ops.assign/assign_add/assign_sub and the scatter Primitives on Int64 and
Float64 Parameters (the 64-bit dtype kept), and HSigmoid/HSwish (0 below -3, not -0.0; on Float16
computed in Float32 and rounded once), dsplit/vsplit/hsplit/tensor_split at points past the end (empty pieces, as
NumPy), and clip_by_value of a list of Tensors.

Prints `label -> result` lines; tests/ops/test_docstring_fixes.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/docstring_fixes_probe.py \\
        | grep -- " -> " > tests/goldens/ops/docstring_fixes_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={v.asnumpy().tolist()}"
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


for name in ["assign", "assign_add", "assign_sub"]:
    fn = getattr(ops, name)
    p = Parameter([7], name="step")
    show(f"{name} Int64 Parameter, Int32 value", lambda: (fn(p, Tensor([2**3], ms.int32)), p))
    p = Parameter(Tensor(np.array([2**40, -3], np.int64)), name="big")
    show(f"{name} Int64 beyond Int32", lambda: (fn(p, Tensor(np.array([2**35, 1], np.int64))), p))
    p = Parameter(Tensor(np.array([0.1, 1e300]), ms.float64), name="f64")
    show(f"{name} Float64", lambda: (fn(p, Tensor(np.array([0.2, 1e300]), ms.float64)), p))
    prim = getattr(ops, {"assign": "Assign", "assign_add": "AssignAdd", "assign_sub": "AssignSub"}[name])()
    p = Parameter(Tensor(np.array([5], np.int64)), name="prim")
    show(f"{name} Primitive Int64", lambda: (prim(p, Tensor(np.array([2**33], np.int64))), p))

for name in ["ScatterAdd", "ScatterMax", "ScatterNdSub", "ScatterNdDiv"]:
    prim = getattr(ops, name)()
    p = Parameter(Tensor(np.array([[2**40, 9], [-4, 6]], np.int64)), name="p")
    nd = "Nd" in name
    show(f"{name} Int64 Parameter", lambda: (prim(
        p, Tensor(np.array([[1, 0]] if nd else [1], np.int32)),
        Tensor(np.array([3] if nd else [[2**36, -5]], np.int64))), p))

h = Tensor(np.array([-4.0, -3.0, -1.0, -2.0, 0.0, 0.5, 1.0, 2.0, 2.9, 3.0, 5.0], np.float16))
show("hardsigmoid Float16", lambda: ops.hardsigmoid(h))
show("hardswish Float16", lambda: ops.hardswish(h))
show("HSigmoid Float16", lambda: ops.HSigmoid()(h))
show("HSwish Float16", lambda: ops.HSwish()(h))
show("hardsigmoid Float32", lambda: ops.hardsigmoid(h.astype(ms.float32)))
show("hardswish Float32", lambda: ops.hardswish(h.astype(ms.float32)))
show("nn.HSigmoid Float16", lambda: ms.nn.HSigmoid()(h))
show("nn.Hardswish Float16", lambda: ms.nn.HSwish()(h))

z = ops.arange(24.0).reshape(2, 3, 4)
show("dsplit past the end", lambda: [t.shape for t in ops.dsplit(z, [3, 6])])
show("dsplit past the end values", lambda: ops.dsplit(z, [1, 9])[1])
show("vsplit past the end", lambda: [t.shape for t in ops.vsplit(z, [1, 5])])
show("hsplit unordered", lambda: [t.shape for t in ops.hsplit(z, [2, 1])])
show("tensor_split negative", lambda: [t.shape for t in ops.tensor_split(z, [-1], axis=2)])
show("tensor_split sections", lambda: [t.shape for t in ops.tensor_split(z, 3, axis=1)])
a = Tensor(np.array([[1.0, 25.0], [-4.0, 11.0]], np.float32))
b = Tensor(np.array([3.0, 30.0], np.float32))
show("clip_by_value list", lambda: (lambda out: (type(out).__name__, out))(ops.clip_by_value([a, b], 2, 20)))
show("clip_by_value tuple", lambda: (lambda out: (type(out).__name__, out))(ops.clip_by_value((a, b), None, 10.0)))
show("clip_by_value list Tensor bounds", lambda: ops.clip_by_value([a, b], Tensor(0.0, ms.float32), Tensor(5.0, ms.float32)))
