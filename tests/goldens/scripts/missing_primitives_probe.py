"""MindSpore 2.10's Primitives and functions that its docstring examples call and msjax lacked
(tools/docstring_conformance.py), whose computation msjax already had under another name: the
window Primitives BartlettWindow/BlackmanWindow/HammingWindow, ApproximateEqual, Bincount,
LuUnpack, MaxUnpool2D/MaxUnpool3D, and the functions bounding_box_decode, bounding_box_encode,
check_valid, iou, crop_and_resize, reverse_sequence and eps: values, reprs and a bad input each.

Prints `label -> result` lines; tests/ops/test_missing_primitives.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/missing_primitives_probe.py \\
        | grep -- " -> " > tests/goldens/ops/missing_primitives_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 5).tolist()}"
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


for name, cls in (("BartlettWindow", ops.BartlettWindow), ("BlackmanWindow", ops.BlackmanWindow),
                  ("HammingWindow", ops.HammingWindow)):
    shape = (1,) if name == "HammingWindow" else ()  # (HammingWindow takes its length as [n])
    six = Tensor(np.full(shape, 6, np.int32))
    show(f"{name} repr", lambda: repr(cls()))
    show(f"{name} periodic", lambda: cls()(six))
    show(f"{name} symmetric float64", lambda: cls(periodic=False, dtype=ms.float64)(six))
    show(f"{name} one", lambda: cls()(Tensor(np.full(shape, 1, np.int64))))
    show(f"{name} float input", lambda: cls()(Tensor(np.full(shape, 6.0, np.float32))))
    show(f"{name} other rank", lambda: cls()(Tensor(np.full((1,) + shape, 6, np.int32))))
show("HammingWindow alpha beta", lambda: ops.HammingWindow(alpha=0.5, beta=0.5)(six))
show("HammingWindow alpha repr", lambda: repr(ops.HammingWindow(alpha=0.5, dtype=ms.float16)))
show("HammingWindow float64 repr", lambda: repr(ops.HammingWindow(periodic=False, dtype=ms.float64)))
show("BartlettWindow float64 repr", lambda: repr(ops.BartlettWindow(periodic=False, dtype=ms.float64)))
show("MaxUnpool2D tuple repr", lambda: repr(ops.MaxUnpool2D(ksize=(2, 3), strides=(1, 2), pads=(0, 1),
                                                       output_shape=(1, 1, 4, 4))))

a = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
b = Tensor(np.array([1.00001, 2.1, 3.0], np.float32))
show("ApproximateEqual repr", lambda: repr(ops.ApproximateEqual(0.2)))
show("ApproximateEqual", lambda: ops.ApproximateEqual()(a, b))
show("ApproximateEqual 0.2", lambda: ops.ApproximateEqual(0.2)(a, b))

values = Tensor(np.array([0, 1, 1, 3, 2, 1, 7], np.int32))
show("Bincount repr", lambda: repr(ops.Bincount()))
show("Bincount", lambda: ops.Bincount()(values, Tensor(5, ms.int32), Tensor(np.ones(7, np.float32))))
show("Bincount weights", lambda: ops.Bincount()(
    values, Tensor(8, ms.int32), Tensor(np.array([0.5, 1, 2, 3, 4, 5, 6], np.float32))))
show("Bincount empty weights", lambda: ops.Bincount()(values, Tensor(4, ms.int32), Tensor(np.array([], np.float32))))

lu = Tensor(np.array([[7.0, 8.0, 10.0], [0.25, 0.5, 1.5], [0.5, -0.75, 2.0]], np.float32))
pivots = Tensor(np.array([3, 3, 3], np.int32))
show("LuUnpack repr", lambda: repr(ops.LuUnpack()))
show("LuUnpack", lambda: ops.LuUnpack()(lu, pivots))
show("LuUnpack no pivots", lambda: ops.LuUnpack(unpack_pivots=False)(lu, Tensor(np.array([2, 2, 3], np.int32))))

x = Tensor(np.array([[[[0.0, 1.0], [8.0, 9.0]]]], np.float32))
argmax = Tensor(np.array([[[[0, 1], [2, 3]]]], np.int64))
show("MaxUnpool2D repr", lambda: repr(ops.MaxUnpool2D(ksize=1, strides=1, pads=0)))
show("MaxUnpool2D", lambda: ops.MaxUnpool2D(ksize=1, strides=1, pads=0)(x, argmax))
show("MaxUnpool2D ksize 2", lambda: ops.MaxUnpool2D(ksize=2)(x, Tensor(np.array([[[[0, 3], [9, 15]]]], np.int64))))
show("MaxUnpool2D output_shape", lambda: ops.MaxUnpool2D(ksize=2, output_shape=(1, 1, 5, 5))(
    x, Tensor(np.array([[[[0, 3], [9, 24]]]], np.int64))))
x3 = Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))
show("MaxUnpool3D repr", lambda: repr(ops.MaxUnpool3D(ksize=2)))
show("MaxUnpool3D", lambda: ops.MaxUnpool3D(ksize=1, strides=1, pads=0)(
    x3, Tensor(np.arange(8, dtype=np.int64).reshape(1, 1, 2, 2, 2))))

anchors = Tensor(np.array([[4.0, 1.0, 2.0, 1.0], [2.0, 2.0, 2.0, 3.0]], np.float32))
deltas = Tensor(np.array([[3.0, 1.0, 2.0, 2.0], [1.0, 2.0, 1.0, 4.0]], np.float32))
show("bounding_box_decode", lambda: ops.bounding_box_decode(anchors, deltas, max_shape=(768, 1280),
                                                            wh_ratio_clip=0.016))
show("bounding_box_decode stds", lambda: ops.bounding_box_decode(
    anchors, deltas, (10, 12), means=(0.1, 0.0, 0.0, 0.2), stds=(1.0, 2.0, 1.0, 0.5)))
gt = Tensor(np.array([[3.0, 1.0, 2.0, 2.0], [1.0, 2.0, 1.0, 4.0]], np.float32))
show("bounding_box_encode", lambda: ops.bounding_box_encode(anchors, gt, means=(0.0, 0.0, 0.0, 0.0),
                                                            stds=(1.0, 1.0, 1.0, 1.0)))
show("bounding_box_encode stds", lambda: ops.bounding_box_encode(anchors, gt, (0.1, 0.0, 0.0, 0.2),
                                                                 (1.0, 2.0, 1.0, 0.5)))
boxes = Tensor(np.array([[20.0, 20.0, 40.0, 40.0], [10.0, -5.0, 30.0, 50.0], [0.0, 0.0, 100.0, 60.0]], np.float32))
metas = Tensor(np.array([55.0, 110.0, 1.0], np.float32))
show("check_valid", lambda: ops.check_valid(boxes, metas))
show("iou", lambda: ops.iou(boxes, anchors))
show("iou iof", lambda: ops.iou(boxes, anchors, mode="iof"))
show("iou bad mode", lambda: ops.iou(boxes, anchors, mode="giou"))
image = Tensor(np.arange(2 * 4 * 5 * 3, dtype=np.float32).reshape(2, 4, 5, 3))
show("crop_and_resize", lambda: ops.crop_and_resize(
    image, Tensor(np.array([[0.0, 0.0, 1.0, 1.0], [0.2, 0.1, 0.8, 0.9]], np.float32)),
    Tensor(np.array([1, 0], np.int32)), (2, 3)))
show("crop_and_resize nearest", lambda: ops.crop_and_resize(
    image, Tensor(np.array([[0.0, 0.0, 1.0, 1.0]], np.float32)), Tensor(np.array([1], np.int32)),
    (3, 2), method="nearest"))
seq = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
show("reverse_sequence", lambda: ops.reverse_sequence(seq, Tensor(np.array([1, 2, 4], np.int32)), seq_dim=1))
show("reverse_sequence batch_dim", lambda: ops.reverse_sequence(
    seq, Tensor(np.array([2, 3, 1, 0], np.int64)), seq_dim=0, batch_dim=1))
for dtype in (np.float32, np.float16, np.float64):
    show(f"eps {np.dtype(dtype).name}", lambda: (lambda e: (e, e.asnumpy().tolist()))(
        ops.eps(Tensor(np.array([[1.0, -2.0]], dtype)))))
show("eps int32", lambda: ops.eps(Tensor(np.array([3], np.int32))))
