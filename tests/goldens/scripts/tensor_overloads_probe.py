"""MindSpore 2.10's documented Tensor call forms (the torch-style overloads: `sum(dim=...)`,
`transpose(dim0, dim1)`, `sub(other, alpha=)`, ...), printed `label -> RESULT`;
tests/api/test_used_names_golden.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor_overloads_probe.py \
        | grep -- " -> " > tests/goldens/api/tensor_overloads_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.float64), 5)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(f"{label} -> {result}")


x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
x3 = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
v = Tensor(np.array([3.0, 1.0, 2.0, 1.0], np.float32))
show("broadcast_to varargs", lambda: Tensor([1.0, 2.0]).broadcast_to(2, 2))
show("broadcast_to tuple", lambda: Tensor([1.0, 2.0]).broadcast_to((2, 2)))
show("chunk dim", lambda: x.chunk(2, dim=1))
show("count_nonzero", lambda: x.count_nonzero())
show("cumsum dim", lambda: x.cumsum(dim=1))
show("cumsum axis", lambda: x.cumsum(axis=0))
show("gather dim index", lambda: x.gather(1, Tensor(np.array([[0, 0], [2, 1]], np.int64))))
show("gather indices axis", lambda: x.gather(Tensor(np.array([2, 0], np.int32)), 1))
show("matmul tensor2", lambda: x.matmul(tensor2=Tensor(np.ones((3, 1), np.float32))))
show("mean dim keepdim", lambda: x.mean(dim=1, keepdim=True))
show("mean axis", lambda: x.mean(axis=0))
show("prod dim", lambda: x.prod(dim=1, keepdim=True))
show("repeat_interleave dim", lambda: x.repeat_interleave(2, dim=0))
show("scatter dim", lambda: Tensor(np.zeros((2, 3), np.float32)).scatter(
    dim=1, index=Tensor(np.array([[2], [0]], np.int64)), src=Tensor(np.ones((2, 1), np.float32))))
show("sort dim descending", lambda: v.sort(dim=0, descending=True))
show("sort stable", lambda: v.sort(stable=True))
show("split split_size dim", lambda: x.split(split_size=2, dim=1))
show("split axis", lambda: x.split(1, axis=0))
show("squeeze axis", lambda: Tensor(np.zeros((1, 2, 1), np.float32)).squeeze(axis=0).shape)
show("squeeze", lambda: Tensor(np.zeros((1, 2, 1), np.float32)).squeeze().shape)
show("sub alpha", lambda: x.sub(Tensor(np.ones((2, 3), np.float32)), alpha=2))
show("sum dim keepdim dtype", lambda: x.sum(dim=1, keepdim=True, dtype=ms.float64))
show("sum axis", lambda: x.sum(axis=0))
show("to dtype", lambda: x.to(dtype=ms.int32))
show("topk default dim", lambda: x.topk(2))
show("topk dim 0 smallest", lambda: x.topk(1, dim=0, largest=False))
show("transpose dim0 dim1", lambda: x3.transpose(0, 2).shape)
show("transpose keywords", lambda: x3.transpose(dim0=1, dim1=2).shape)
show("transpose full", lambda: x3.transpose(2, 0, 1).shape)
show("transpose 2d", lambda: x.transpose(1, 0))
