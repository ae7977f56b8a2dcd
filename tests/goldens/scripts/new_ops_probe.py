"""MindSpore 2.10's `ops.Conv3DTranspose`, `ops.Conv3D`, `ops.MatrixDiagV3`, `MatrixDiagPartV3`,
`MatrixSetDiagV3` and `ops.matrix_diag`, `matrix_diag_part`, `matrix_set_diag` (issue #25):
values, gradients and argument checks. Printed `label -> RESULT` as in conformance_probe1.py;
tests/ops/test_new_ops.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/new_ops_probe.py \\
        | grep -- " -> " > tests/goldens/ops/new_ops_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


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


def i32(v):
    return Tensor(np.array(v, np.int32))


# -- Conv3DTranspose / Conv3D --------------------------------------------------------------------
rng = np.random.RandomState(0)
x = Tensor(rng.rand(1, 4, 2, 3, 3).astype(np.float32))
w = Tensor(rng.rand(4, 2, 2, 2, 2).astype(np.float32))
w_group = Tensor(rng.rand(4, 1, 2, 2, 2).astype(np.float32))
for label, kwargs, weight in [
        ("valid", {}, w),
        ("stride 2", {"stride": 2}, w),
        ("stride (1, 2, 1)", {"stride": (1, 2, 1)}, w),
        ("same", {"pad_mode": "same", "stride": 2}, w),
        ("pad", {"pad_mode": "pad", "pad": 1, "stride": 2}, w),
        ("pad six", {"pad_mode": "pad", "pad": (1, 0, 0, 1, 1, 1), "stride": 2}, w),
        ("output_padding", {"pad_mode": "pad", "pad": 1, "stride": 2, "output_padding": 1}, w),
        ("dilation", {"dilation": (1, 2, 2)}, w),
        ("dilation depth", {"dilation": 2}, w),
        ("group", {"group": 2}, w_group)]:
    show(f"Conv3DTranspose {label}", lambda: ops.Conv3DTranspose(4, 2, 2, **kwargs)(x, weight))
show("Conv3DTranspose stride past kernel", lambda: ops.Conv3DTranspose(4, 2, 1, stride=2)(x, w[:, :, :1, :1, :1]))
show("Conv3DTranspose group range", lambda: ops.Conv3DTranspose(4, 2, 2, group=3))
show("Conv3DTranspose pad float", lambda: ops.Conv3DTranspose(4, 2, 2, pad=1.0))
show("Conv3DTranspose repr", lambda: repr(ops.Conv3DTranspose(4, 2, 2, pad_mode="pad", pad=1, stride=2)))
show("Conv3DTranspose grads", lambda: ops.grad(lambda a, b: (ops.Conv3DTranspose(4, 2, 2, stride=2)(a, b) ** 2).sum(),
                                               grad_position=(0, 1))(x, w))
show("Conv3DTranspose float16", lambda: ops.Conv3DTranspose(4, 2, 2)(x.astype(ms.float16), w.astype(ms.float16)))
show("Conv3DTranspose dtype mix", lambda: ops.Conv3DTranspose(4, 2, 2)(x, w.astype(ms.float16)))
show("Conv3DTranspose int", lambda: ops.Conv3DTranspose(4, 2, 2)(x.astype(ms.int32), w.astype(ms.int32)))
show("Conv3DTranspose 4-d x", lambda: ops.Conv3DTranspose(4, 2, 2)(x[0], w))
show("Conv3DTranspose channel mismatch", lambda: ops.Conv3DTranspose(4, 2, 2)(x[:, :3], w))
show("Conv3DTranspose in_channel 0", lambda: ops.Conv3DTranspose(0, 2, 2))
show("Conv3DTranspose kernel pair", lambda: ops.Conv3DTranspose(4, 2, (2, 2)))
show("Conv3DTranspose pad five", lambda: ops.Conv3DTranspose(4, 2, 2, pad_mode="pad", pad=(1, 1, 1, 1, 1)))
show("Conv3DTranspose pad not pad mode", lambda: ops.Conv3DTranspose(4, 2, 2, pad=1))
show("Conv3DTranspose pad_mode", lambda: ops.Conv3DTranspose(4, 2, 2, pad_mode="full"))
show("Conv3DTranspose mode", lambda: ops.Conv3DTranspose(4, 2, 2, mode=2))
show("Conv3DTranspose group", lambda: ops.Conv3DTranspose(4, 3, 2, group=2))
show("Conv3DTranspose format", lambda: ops.Conv3DTranspose(4, 2, 2, data_format="NDHWC"))
show("Conv3DTranspose output_padding not pad", lambda: ops.Conv3DTranspose(4, 2, 2, output_padding=1))
show("Conv3DTranspose output_padding too big", lambda: ops.Conv3DTranspose(4, 2, 2, pad_mode="pad", stride=2, output_padding=2))
show("Conv3DTranspose negative pad", lambda: ops.Conv3DTranspose(4, 2, 2, pad_mode="pad", pad=-1))
show("Conv3DTranspose kernel big", lambda: ops.Conv3DTranspose(4, 2, 8))

w3 = Tensor(rng.rand(3, 4, 2, 2, 2).astype(np.float32))
show("Conv3D valid", lambda: ops.Conv3D(3, 2)(x, w3))
show("Conv3D pad stride", lambda: ops.Conv3D(3, 2, pad_mode="pad", pad=(1, 0, 1, 1, 0, 1), stride=(1, 2, 2))(x, w3))
show("Conv3D same dilation", lambda: ops.Conv3D(3, 2, pad_mode="same", dilation=2)(x, w3))
show("Conv3D group", lambda: ops.Conv3D(2, 2, group=2)(x, Tensor(rng.rand(2, 2, 2, 2, 2).astype(np.float32))))
show("Conv3D repr", lambda: repr(ops.Conv3D(3, 2, pad_mode="pad", pad=1)))
show("Conv3D grads", lambda: ops.grad(lambda a, b: (ops.Conv3D(3, 2)(a, b) ** 2).sum(), grad_position=(0, 1))(x, w3))
show("Conv3D kernel mismatch", lambda: ops.Conv3D(3, 3)(x, w3))
show("Conv3D channel mismatch", lambda: ops.Conv3D(3, 2)(x[:, :3], w3))
show("Conv3D out_channel 0", lambda: ops.Conv3D(0, 2))
show("Conv3D pad not pad mode", lambda: ops.Conv3D(3, 2, pad=1))
show("Conv3D format", lambda: ops.Conv3D(3, 2, data_format="NCHW"))

# -- MatrixDiagV3 and friends --------------------------------------------------------------------
d1 = Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32))
bands = Tensor(np.arange(1, 13, dtype=np.float32).reshape(2, 2, 3))
pad9 = Tensor(np.array(9.0, np.float32))
for align in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
    show(f"MatrixDiagV3 band {align}", lambda: ops.MatrixDiagV3(align)(bands, i32([-1, 0]), i32(-1), i32(-1), pad9))
    show(f"MatrixDiagV3 band up {align}", lambda: ops.MatrixDiagV3(align)(bands[:, :, :2], i32([1, 2]), i32(-1), i32(-1), pad9))
show("MatrixDiagV3 main", lambda: ops.MatrixDiagV3()(d1, i32(0), i32(-1), i32(-1), Tensor(np.array(0.0, np.float32))))
show("MatrixDiagV3 k=1", lambda: ops.MatrixDiagV3()(d1, i32(1), i32(-1), i32(-1), pad9))
show("MatrixDiagV3 k=-2 rows", lambda: ops.MatrixDiagV3()(d1, i32(-2), i32(5), i32(-1), pad9))
show("MatrixDiagV3 cols", lambda: ops.MatrixDiagV3()(d1, i32(0), i32(-1), i32(4), pad9))
show("MatrixDiagV3 rows cols", lambda: ops.MatrixDiagV3()(d1, i32(1), i32(3), i32(5), pad9))
show("MatrixDiagV3 int", lambda: ops.MatrixDiagV3()(i32([[1, 2], [3, 4]]), i32(0), i32(-1), i32(-1), i32(7)))
show("MatrixDiagV3 grad", lambda: ops.grad(lambda a, p: (ops.MatrixDiagV3()(a, i32([-1, 0]), i32(-1), i32(-1), p) * Tensor(np.arange(18, dtype=np.float32).reshape(2, 3, 3))).sum(), grad_position=(0, 1))(bands, pad9))
show("MatrixDiagV3 repr", lambda: repr(ops.MatrixDiagV3("LEFT_LEFT")))
show("MatrixDiagV3 bad align", lambda: ops.MatrixDiagV3("LEFT"))
show("MatrixDiagV3 align int", lambda: ops.MatrixDiagV3(1))
show("MatrixDiagV3 k order", lambda: ops.MatrixDiagV3()(bands, i32([0, -1]), i32(-1), i32(-1), pad9))
show("MatrixDiagV3 k three", lambda: ops.MatrixDiagV3()(bands, i32([0, 1, 2]), i32(-1), i32(-1), pad9))
show("MatrixDiagV3 k float", lambda: ops.MatrixDiagV3()(d1, Tensor(0.0), i32(-1), i32(-1), pad9))
show("MatrixDiagV3 k int64", lambda: ops.MatrixDiagV3()(d1, Tensor(np.array(0, np.int64)), i32(-1), i32(-1), pad9))
show("MatrixDiagV3 band shape", lambda: ops.MatrixDiagV3()(bands, i32([-2, 0]), i32(-1), i32(-1), pad9))
show("MatrixDiagV3 rows too small", lambda: ops.MatrixDiagV3()(d1, i32(0), i32(2), i32(-1), pad9))
show("MatrixDiagV3 cols too small", lambda: ops.MatrixDiagV3()(d1, i32(1), i32(-1), i32(3), pad9))
show("MatrixDiagV3 num_rows int64", lambda: ops.MatrixDiagV3()(d1, i32(0), Tensor(np.array(-1, np.int64)), i32(-1), pad9))
show("MatrixDiagV3 padding dtype", lambda: ops.MatrixDiagV3()(d1, i32(0), i32(-1), i32(-1), Tensor(np.array(0, np.int32))))
show("MatrixDiagV3 padding shape", lambda: ops.MatrixDiagV3()(d1, i32(0), i32(-1), i32(-1), Tensor(np.zeros(2, np.float32))))
show("MatrixDiagV3 python k", lambda: ops.MatrixDiagV3()(d1, 0, i32(-1), i32(-1), pad9))

m = Tensor(np.array([[1, 2, 3, 4], [5, 6, 7, 8], [9, 8, 7, 6]], np.float32))
mb = ops.stack([m, m * 10])
for align in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
    show(f"MatrixDiagPartV3 band {align}", lambda: ops.MatrixDiagPartV3(align)(m, i32([-1, 2]), pad9))
show("MatrixDiagPartV3 main", lambda: ops.MatrixDiagPartV3()(mb, i32(0), pad9))
show("MatrixDiagPartV3 k=-2", lambda: ops.MatrixDiagPartV3()(mb, i32(-2), pad9))
show("MatrixDiagPartV3 k=[1, 3]", lambda: ops.MatrixDiagPartV3()(m, i32([1, 3]), pad9))
show("MatrixDiagPartV3 grad", lambda: ops.grad(lambda a: (ops.MatrixDiagPartV3()(a, i32([-1, 1]), pad9) * Tensor(np.arange(1, 19, dtype=np.float32).reshape(2, 3, 3))).sum())(mb))
show("MatrixDiagPartV3 repr", lambda: repr(ops.MatrixDiagPartV3()))
show("MatrixDiagPartV3 k out of range", lambda: ops.MatrixDiagPartV3()(m, i32(4), pad9))
show("MatrixDiagPartV3 k low out of range", lambda: ops.MatrixDiagPartV3()(m, i32([-3, 0]), pad9))
show("MatrixDiagPartV3 k order", lambda: ops.MatrixDiagPartV3()(m, i32([1, 0]), pad9))
show("MatrixDiagPartV3 rank 1", lambda: ops.MatrixDiagPartV3()(d1[0], i32(0), pad9))
show("MatrixDiagPartV3 padding dtype", lambda: ops.MatrixDiagPartV3()(m, i32(0), Tensor(np.array(0.0, np.float64))))
show("matrix_diag_part", lambda: ops.matrix_diag_part(m, i32([1, 3]), pad9, align="RIGHT_LEFT"))
show("matrix_diag_part python k", lambda: ops.matrix_diag_part(m, 1, pad9))

base = Tensor(np.full((3, 4), 7.0, np.float32))
diag = Tensor(np.array([[0, 9, 1], [6, 5, 8], [1, 2, 3], [4, 5, 0]], np.float32))
for align in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
    show(f"MatrixSetDiagV3 band {align}", lambda: ops.MatrixSetDiagV3(align)(base, diag, i32([-1, 2])))
show("MatrixSetDiagV3 main", lambda: ops.MatrixSetDiagV3()(base, Tensor(np.array([1.0, 2.0, 3.0], np.float32)), i32(0)))
show("MatrixSetDiagV3 k=-1 batch", lambda: ops.MatrixSetDiagV3()(ops.stack([base, base]), Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)), i32(-1)))
show("MatrixSetDiagV3 grads", lambda: ops.grad(lambda a, b: (ops.MatrixSetDiagV3()(a, b, i32([-1, 2])) * Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))).sum(), grad_position=(0, 1))(base, diag))
show("MatrixSetDiagV3 repr", lambda: repr(ops.MatrixSetDiagV3()))
show("MatrixSetDiagV3 diagonal shape", lambda: ops.MatrixSetDiagV3()(base, diag[:3], i32([-1, 2])))
show("MatrixSetDiagV3 diagonal rank", lambda: ops.MatrixSetDiagV3()(base, diag, i32(0)))
show("MatrixSetDiagV3 dtype", lambda: ops.MatrixSetDiagV3()(base, diag.astype(ms.float64), i32([-1, 2])))
show("MatrixSetDiagV3 k order", lambda: ops.MatrixSetDiagV3()(base, diag, i32([2, -1])))
show("matrix_set_diag", lambda: ops.matrix_set_diag(base, diag, i32([-1, 2]), "RIGHT_LEFT"))
show("matrix_set_diag python k", lambda: ops.matrix_set_diag(base, Tensor(np.array([1.0, 2.0, 3.0], np.float32))))
show("matrix_diag", lambda: ops.matrix_diag(d1))
show("matrix_diag band", lambda: ops.matrix_diag(bands, k=i32([-1, 0]), padding_value=9, align="LEFT_RIGHT"))
show("matrix_diag rows cols", lambda: ops.matrix_diag(d1, k=1, num_rows=3, num_cols=5, padding_value=-1.0))
show("matrix_diag int", lambda: ops.matrix_diag(i32([1, 2]), padding_value=3))
