"""MindSpore 2.10's behaviours the gen6b sample of its unit tests (issue #25) reaches for:
`ops.primitive._primexpr` on constants, on a `mutable` and on a traced Tensor; a Python list
indexed and sliced by one-element integer Tensors inside a GRAPH_MODE Cell. Printed
`label -> RESULT` as in conformance_probe1.py; tests/api/test_conformance_golden.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe13.py \\
        | grep -- " -> " > tests/goldens/api/conformance_probe13.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, mutable, nn
from mindspore.ops.primitive import _primexpr


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


@_primexpr
def count_nones(arg):
    return sum(1 for e in arg if e is None) if isinstance(arg, (tuple, list)) else 0


@_primexpr
def double(x):
    return x * 2


show("_primexpr constants", lambda: count_nones((1, None, 2, None)))
show("_primexpr is a Primitive", lambda: isinstance(count_nones, ms.ops.Primitive))
show("_primexpr eager Tensor", lambda: double(Tensor([1.5, 2.0])))


@jit
def primexpr_in_jit(x):
    return count_nones(mutable([Tensor([1]), Tensor([2]), x])), double(x)


show("_primexpr in jit", lambda: primexpr_in_jit(Tensor([3])))


@jit
def primexpr_mutable_scalar():
    return count_nones(mutable(2))


show("_primexpr mutable scalar", primexpr_mutable_scalar)


class ListSlice(nn.Cell):
    def construct(self):
        x = [Tensor([11]), Tensor([22]), Tensor([33])]
        return x[Tensor([0]): Tensor([2])], x[Tensor([2])], x[Tensor(1)]


ms.set_context(mode=ms.GRAPH_MODE)
show("graph list slice by Tensors", lambda: ListSlice()())
ms.set_context(mode=ms.PYNATIVE_MODE)
show("pynative list slice by Tensors", lambda: ListSlice()())

from mindspore.train._utils import _construct_input_tensors, _construct_tensor_list  # noqa: E402

show("_construct_tensor_list", lambda: [(t.shape, t.dtype, t.virtual_flag, float(t.sum()))
                                        for t in _construct_tensor_list((ms.float32, ms.int32),
                                                                        ((2, 3), (4,)), 3)])
show("_construct_tensor_list mismatch", lambda: _construct_tensor_list((ms.float32, ms.float32), ((1, 3),)))
show("_construct_input_tensors", lambda: [[t.shape for t in ts] for ts in
                                          _construct_input_tensors((ms.float16,), ((5, 2),), 4)])
