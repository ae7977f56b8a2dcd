"""MindSpore 2.10 on out-of-range and mis-shaped `Tensor.__setitem__` indices, eagerly
(PyNative) and compiled (GRAPH_MODE Cell, `ms.jit`), and on convolutions given the wrong number
of input channels: the exception and the first line of its message.

Prints `label -> result` lines; the same script runs unchanged on msjax in
tests/ops/test_setitem_checks.py. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/setitem_checks_probe.py \
        | grep -- " -> " > tests/goldens/ops/setitem_checks_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn


def show(label, f):
    try:
        r = f()
        result = np.round(r.asnumpy(), 4).tolist() if isinstance(r, Tensor) else r
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


def i32(*v):
    return Tensor(np.array(v, np.int32))


def vector():
    return Tensor(np.array([10., 20., 30.], np.float32))


def matrix():
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def assigned(make, index, value):
    def run():
        t = make()
        t[index] = value
        return t
    return run


SETITEM = {
    "tensor 5": (vector, lambda: i32(5), 9.0),
    "tensor -7": (vector, lambda: i32(-7), 9.0),
    "tensor -1": (vector, lambda: i32(-1), 9.0),
    "tensor 0 2": (vector, lambda: i32(0, 2), 9.0),
    "tensor int64 3": (vector, lambda: Tensor(np.array([3])), 9.0),
    "int 7": (vector, lambda: 7, 9.0),
    "int -4": (vector, lambda: -4, 9.0),
    "int 2": (vector, lambda: 2, 9.0),
    "list 5": (vector, lambda: [5], 9.0),
    "list 0 3": (vector, lambda: [0, 3], 9.0),
    "matrix int 5": (matrix, lambda: 5, 1.0),
    "matrix tuple 0 5": (matrix, lambda: (0, 5), 1.0),
    "matrix tuple 5 0": (matrix, lambda: (5, 0), 1.0),
    "matrix tuple -3 0": (matrix, lambda: (-3, 0), 1.0),
    "matrix column tensor 3": (matrix, lambda: (slice(None), i32(3)), 1.0),
    "matrix row tensor 2": (matrix, lambda: (i32(2), slice(None)), 1.0),
    "matrix tensor rows 0 4": (matrix, lambda: i32(0, 4), 1.0),
    "mask short": (vector, lambda: Tensor(np.array([True, False])), 9.0),
    "mask long": (vector, lambda: Tensor(np.array([True, False, True, False])), 9.0),
    "mask ok": (vector, lambda: Tensor(np.array([True, False, True])), 9.0),
    "matrix mask 3 rows": (matrix, lambda: Tensor(np.array([True, False, True])), 1.0),
    "matrix mask 2x2": (matrix, lambda: Tensor(np.array([[True, False], [False, True]])), 1.0),
    "matrix mask full ok": (matrix, lambda: Tensor(np.ones((2, 3), np.bool_)), 1.0),
    "slice value 2 into 1": (vector, lambda: slice(1, 2), Tensor(np.array([1., 2.], np.float32))),
    "slice value 3 into 2": (vector, lambda: slice(0, 2), Tensor(np.array([1., 2., 3.], np.float32))),
    "slice value ok": (vector, lambda: slice(0, 2), Tensor(np.array([1., 2.], np.float32))),
    "slice beyond end": (vector, lambda: slice(5, 9), 1.0),
    "matrix slice value 2x2": (matrix, lambda: (slice(None), slice(0, 3)),
                               Tensor(np.ones((2, 2), np.float32))),
    "tensor value 2 for 1": (vector, lambda: i32(1), Tensor(np.array([1., 2.], np.float32))),
}
for label, (make, index, value) in SETITEM.items():
    show(f"eager {label}", assigned(make, index(), value))


class SetAt(nn.Cell):
    def construct(self, x, i):
        x[i] = 5.0
        return x


@ms.jit
def jit_set(x, i):
    x[i] = 5.0
    return x


for label, index in (("5", i32(5)), ("-7", i32(-7)), ("1", i32(1))):
    show(f"jit tensor {label}", lambda: jit_set(vector(), index))
ms.set_context(mode=ms.GRAPH_MODE)
cell = SetAt()
for label, index in (("5", i32(5)), ("-7", i32(-7)), ("1", i32(1))):
    show(f"graph tensor {label}", lambda: cell(vector(), index))
ms.set_context(mode=ms.PYNATIVE_MODE)


def images(*shape):
    return Tensor(np.ones(shape, np.float32))


CONV = {
    "Conv2d 3 for 4": lambda: nn.Conv2d(3, 2, 3)(images(1, 4, 8, 8)),
    "Conv2d 3 for 1": lambda: nn.Conv2d(3, 2, 3)(images(1, 1, 8, 8)),
    "Conv2d group 2 for 6": lambda: nn.Conv2d(4, 2, 3, group=2)(images(1, 6, 8, 8)),
    "Conv2d rank 3": lambda: nn.Conv2d(3, 2, 3)(images(3, 8, 8)),
    "Conv1d 3 for 4": lambda: nn.Conv1d(3, 2, 3)(images(1, 4, 8)),
    "Conv3d 3 for 4": lambda: nn.Conv3d(3, 2, 3)(images(1, 4, 6, 6, 6)),
    "Conv2dTranspose 3 for 4": lambda: nn.Conv2dTranspose(3, 2, 3)(images(1, 4, 8, 8)),
    "Conv1dTranspose 3 for 4": lambda: nn.Conv1dTranspose(3, 2, 3)(images(1, 4, 8)),
    "Conv3dTranspose 3 for 4": lambda: nn.Conv3dTranspose(3, 2, 3)(images(1, 4, 6, 6, 6)),
    "Conv2d ok": lambda: nn.Conv2d(3, 2, 3, weight_init="ones")(images(1, 3, 4, 4)).shape,
}
for label, case in CONV.items():
    show(f"eager {label}", case)
ms.set_context(mode=ms.GRAPH_MODE)
show("graph Conv2d 3 for 4", lambda: nn.Conv2d(3, 2, 3)(images(1, 4, 8, 8)))
ms.set_context(mode=ms.PYNATIVE_MODE)
