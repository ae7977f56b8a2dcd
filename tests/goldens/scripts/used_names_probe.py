"""MindSpore 2.10 behaviour of names real MindSpore code uses (tests/api/test_used_names.py).

Prints one line per case: `label -> RESULT`, RESULT describing Tensors as T[shape,dtype]=values
(rounded to 5 decimals), or `label -> ERR Type | first line of the message`.
The same script runs unchanged on msjax (`import mindspore` answered by msjax) in the test.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from mindspore.ops import functional as F
from mindspore.ops import operations as P


def desc(v, decimals=5):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.float64), decimals)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e, decimals) for e in v) + ")"
    return repr(v)


def show(label, f, decimals=5):
    """`decimals`: where float32 results may differ in the last bit (a normalisation), fewer."""
    try:
        result = desc(f(), decimals)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(f"{label} -> {result}")


x23 = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
img = Tensor(np.arange(4, dtype=np.float32).reshape(1, 1, 2, 2))
img6 = Tensor(np.arange(12, dtype=np.float32).reshape(1, 2, 2, 3))

# -- MindSpore 1.x Primitives --------------------------------------------------------------------
show("DType", lambda: P.DType()(x23))
show("DType repr", lambda: repr(P.DType()))
show("DType of int", lambda: ops.DType()(Tensor([1, 2])))
show("ResizeNearestNeighbor", lambda: P.ResizeNearestNeighbor((4, 4))(img))
show("ResizeNearestNeighbor align", lambda: P.ResizeNearestNeighbor((3, 5), True)(img))
show("ResizeNearestNeighbor half", lambda: ops.ResizeNearestNeighbor(
    (3, 5), half_pixel_centers=True)(img))
show("ResizeNearestNeighbor down", lambda: ops.ResizeNearestNeighbor((1, 2))(img6))
show("ResizeNearestNeighbor repr", lambda: repr(ops.ResizeNearestNeighbor((4, 4))))
show("ResizeBilinearV2", lambda: P.ResizeBilinearV2()(img, (3, 3)))
show("ResizeBilinearV2 align", lambda: P.ResizeBilinearV2(align_corners=True)(img, (3, 3)))
show("ResizeBilinearV2 half", lambda: P.ResizeBilinearV2(half_pixel_centers=True)(img, (3, 4)))
show("ResizeBilinearV2 down", lambda: ops.ResizeBilinearV2()(img6, (1, 2)))
show("ResizeBilinearV2 repr", lambda: repr(ops.ResizeBilinearV2()))
show("LayerNorm", lambda: P.LayerNorm()(x23, Tensor(np.array([1.0, 2.0, 0.5], np.float32)),
                                         Tensor(np.array([0.0, 1.0, -1.0], np.float32))))
show("LayerNorm axis -1", lambda: ops.LayerNorm(begin_norm_axis=-1, begin_params_axis=-1,
                                                epsilon=1e-5)(
    img6, Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32))))
show("LayerNorm axis 1", lambda: ops.LayerNorm(1, 1)(
    img6, Tensor(np.ones((2, 2, 3), np.float32)), Tensor(np.zeros((2, 2, 3), np.float32))),
     decimals=4)
show("LayerNorm repr", lambda: repr(ops.LayerNorm()))
boxes = Tensor(np.array([[0, 0, 4, 4], [1, 1, 3, 5]], np.float32))
gts = Tensor(np.array([[0, 0, 2, 2], [1, 1, 3, 3], [2, 0, 6, 4]], np.float32))
show("IOU", lambda: P.IOU()(boxes, gts))
show("IOU iof", lambda: P.IOU(mode="iof")(boxes, gts))
show("IOU repr", lambda: repr(ops.IOU()))
anchors = Tensor(np.array([[0, 0, 4, 4], [2, 2, 10, 6]], np.float32))
targets = Tensor(np.array([[1, 1, 5, 6], [2, 3, 9, 9]], np.float32))
show("BoundingBoxEncode", lambda: P.BoundingBoxEncode()(anchors, targets))
show("BoundingBoxEncode stds", lambda: P.BoundingBoxEncode(
    means=(0.0, 0.0, 0.0, 0.0), stds=(0.1, 0.1, 0.2, 0.2))(anchors, targets))
deltas = Tensor(np.array([[0.1, 0.2, 0.3, -0.1], [-0.2, 0.0, 0.5, 0.1]], np.float32))
show("BoundingBoxDecode", lambda: P.BoundingBoxDecode(max_shape=(12, 12))(anchors, deltas))
show("BoundingBoxDecode stds", lambda: P.BoundingBoxDecode(
    max_shape=(8, 8), means=(0.0, 0.0, 0.0, 0.0), stds=(0.1, 0.1, 0.2, 0.2),
    wh_ratio_clip=0.016)(anchors, deltas))
show("BoundingBoxDecode repr", lambda: repr(ops.BoundingBoxDecode(max_shape=(8, 8))))
checked = Tensor(np.array([[0, 0, 4, 4], [-1, 0, 3, 3], [2, 2, 9, 5], [1, 1, 5, 7]], np.float32))
show("CheckValid", lambda: P.CheckValid()(checked, Tensor(np.array([6, 8, 1], np.float32))))
edges = Tensor(np.array([[0, 0, 7, 5], [0, 0, 8, 5], [0, 0, 7, 6], [0, 0, 3.5, 2.5]], np.float32))
show("CheckValid edges", lambda: P.CheckValid()(edges, Tensor(np.array([6, 8, 1], np.float32))))
show("CheckValid ratio", lambda: P.CheckValid()(edges, Tensor(np.array([3, 4, 2], np.float32))))
show("pows", lambda: ops.pows(x23, 2.0))
show("AdaptiveAvgPool2D", lambda: P.AdaptiveAvgPool2D((1, 2))(img6))
show("make_range 3", lambda: F.make_range(3))
show("make_range 1 7 2", lambda: F.make_range(1, 7, 2))
show("tuple_len", lambda: F.tuple_len((1, 2, 3)))


@ops.constexpr
def _prod(shape):
    return int(np.prod(shape))


show("constexpr", lambda: _prod((2, 3, 4)))


@ms.jit
def _flatten(t):
    return t.reshape(_prod(t.shape))


show("constexpr in jit", lambda: _flatten(x23))

# -- grad identifiers, mutable ---------------------------------------------------------------------
xv = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
grads = ms.grad(lambda a, b: (a * b).sum(), grad_position=(0, 1), return_ids=True)(xv, xv * 2)
show("get_grad 0", lambda: ms.get_grad(grads, 0))
show("get_grad 1", lambda: ops.get_grad(grads, 1))
show("get_grad missing", lambda: ms.get_grad(grads, 5))
w = Parameter(Tensor(np.array([2.0, 3.0], np.float32)), name="w")
wgrads = ms.grad(lambda a: (a * w).sum(), grad_position=0, weights=[w], return_ids=True)(
    Tensor(np.array([1.0, 1.0], np.float32)))
show("get_grad by Parameter", lambda: ms.get_grad(wgrads, w))
show("get_grad position with weights", lambda: ms.get_grad(wgrads, 0))
show("mutable int", lambda: (type(ms.mutable(2)).__name__, ms.mutable(2) + 1))
show("mutable tuple", lambda: ms.mutable((1, 2)))
show("mutable list", lambda: type(ms.mutable([Tensor([1.0])])).__name__)
show("mutable tensor is itself", lambda: ms.mutable(xv) is xv)
show("mutable str", lambda: ms.mutable("a"))


@ms.jit
def _scale(t, n):
    return t * n


show("mutable in jit", lambda: _scale(xv, ms.mutable(3)))

# -- HookBackward, Custom ------------------------------------------------------------------------
seen = []
hook = ops.HookBackward(lambda g: seen.append(desc(g)))
show("HookBackward grad", lambda: ms.grad(lambda a: (hook(a) * 3).sum())(xv))
show("HookBackward saw", lambda: seen[-1])
double = ops.HookBackward(lambda g: (g[0] * 2,))
show("HookBackward replaces", lambda: ms.grad(lambda a: (double(a) * 3).sum())(xv))
show("HookBackward identity", lambda: hook(xv))
custom_add = ops.Custom(lambda a, b: a + b, out_shape=lambda a, b: a, out_dtype=lambda a, b: a,
                        func_type="pyfunc")
show("Custom pyfunc", lambda: custom_add(xv, xv))
custom_two = ops.Custom(lambda a: (a * 2, a.sum(keepdims=True)), out_shape=lambda a: (a, [1]),
                        out_dtype=lambda a: (a, a), func_type="pyfunc")
show("Custom pyfunc two outputs", lambda: custom_two(xv))


@ms.jit
def _custom_in_jit(a):
    return custom_add(a, a) + 1


show("Custom pyfunc in jit", lambda: _custom_in_jit(xv))
custom_bprop = ops.Custom(lambda a: a * a, out_shape=lambda a: a, out_dtype=lambda a: a,
                          func_type="pyfunc", bprop=lambda a, out, dout: (2 * a * dout,))
show("Custom bprop grad", lambda: ms.grad(lambda a: custom_bprop(a).sum())(xv))

# -- Tensor and Cell names -------------------------------------------------------------------------
show("Tensor.from_numpy", lambda: Tensor.from_numpy(np.ones(2, np.float32)))
show("Tensor.data", lambda: x23.data)
show("Parameter.data", lambda: w.data)
show("Tensor.device", lambda: x23.device)
show("Tensor.stride", lambda: x23.stride())
show("Tensor.t", lambda: x23.t())
show("Tensor.is_floating_point", lambda: (x23.is_floating_point(),
                                          Tensor([1]).is_floating_point()))
show("Tensor.init", lambda: x23.init)
show("Tensor.any dim", lambda: Tensor(np.array([[1, 0], [0, 0]], np.int32)).any(dim=1))
show("Tensor.index_select dim", lambda: xv.index_select(dim=0, index=Tensor([0, 2])))
show("ops.round decimals 0", lambda: ops.round(Tensor([1.4, 2.6]), decimals=0))
show("Tensor.round decimals 0", lambda: Tensor([1.4, 2.6]).round(decimals=0))
show("ops.reduce_sum repr", lambda: repr(ops.reduce_sum))
