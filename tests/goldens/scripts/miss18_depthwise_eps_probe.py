"""MindSpore 2.10's ops.DepthwiseConv2dNative (constructor attributes and checks; its CPU build has
no kernel, so the values are those of the grouped ops.conv2d it stands for, printed beside) and
ops.Eps (the smallest positive normal value of the input's dtype, in its shape), printed
`label -> RESULT`; tests/ops/test_miss18_depthwise_eps.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/miss18_depthwise_eps_probe.py \
        | grep -- " -> " > tests/goldens/ops/miss18_depthwise_eps_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor


def show(label, f):
    try:
        out = f()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        out = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {out}")


def attrs(prim):
    return sorted((k, v) for k, v in prim.attrs.items() if k in (
        "channel_multiplier", "kernel_size", "mode", "pad_mode", "pad", "stride", "dilation",
        "group", "data_format"))


rng = np.random.default_rng(7)
x = Tensor(rng.standard_normal((1, 3, 5, 5)).astype(np.float32))
w = Tensor(rng.standard_normal((1, 3, 3, 3)).astype(np.float32))
grouped_w = ops.transpose(w, (1, 0, 2, 3))
show("DepthwiseConv2dNative attrs", lambda: attrs(ops.DepthwiseConv2dNative(1, 3)))
show("DepthwiseConv2dNative pad attrs", lambda: attrs(ops.DepthwiseConv2dNative(
    1, (3, 3), pad_mode="pad", pad=(1, 0, 1, 0), stride=2, dilation=1)))
show("DepthwiseConv2dNative same attrs", lambda: attrs(ops.DepthwiseConv2dNative(
    2, 3, pad_mode="SAME")))
show("conv2d grouped valid", lambda: ops.conv2d(x, grouped_w, groups=3))
show("conv2d grouped pad", lambda: ops.conv2d(x, grouped_w, pad_mode="pad", padding=1,
                                              stride=2, groups=3))
show("DepthwiseConv2dNative valid", lambda: ops.DepthwiseConv2dNative(1, 3)(x, w))
show("DepthwiseConv2dNative pad", lambda: ops.DepthwiseConv2dNative(
    1, 3, pad_mode="pad", pad=1, stride=2)(x, w))
show("DepthwiseConv2dNative bad kernel", lambda: ops.DepthwiseConv2dNative(1, (3, 0)))
show("DepthwiseConv2dNative bad kernel type", lambda: ops.DepthwiseConv2dNative(1, 3.0))
show("DepthwiseConv2dNative unequal stride",
     lambda: ops.DepthwiseConv2dNative(1, 3, stride=(1, 2)))
show("DepthwiseConv2dNative pad without pad mode",
     lambda: ops.DepthwiseConv2dNative(1, 3, pad=1))
show("DepthwiseConv2dNative bad pad mode", lambda: ops.DepthwiseConv2dNative(1, 3, pad_mode="full"))
show("DepthwiseConv2dNative pad size", lambda: ops.DepthwiseConv2dNative(
    1, 3, pad_mode="pad", pad=(1, 1)))
show("DepthwiseConv2dNative negative pad", lambda: ops.DepthwiseConv2dNative(
    1, 3, pad_mode="pad", pad=-1))
show("DepthwiseConv2dNative mode", lambda: ops.DepthwiseConv2dNative(1, 3, mode=1))
show("DepthwiseConv2dNative multiplier", lambda: ops.DepthwiseConv2dNative(0, 3))
show("DepthwiseConv2dNative group", lambda: ops.DepthwiseConv2dNative(1, 3, group=0))

for dtype in (np.float16, np.float32, np.float64):
    show(f"Eps {np.dtype(dtype).name}", lambda: (lambda e: (e.dtype, e.shape, e.asnumpy().tolist()))(
        ops.Eps()(Tensor(np.array([[1.0, -2.0, 0.0]], dtype)))))
show("Eps repr", lambda: repr(ops.Eps()))
show("Eps int32", lambda: ops.Eps()(Tensor(np.array([3], np.int32))))
show("Eps of a list", lambda: ops.Eps()([1.0]))
