"""MindSpore 2.10's average and max pooling, reflection padding and PReLU at their edges: the
divisor of AvgPool3D's 'same' padding (counted, unlike the AvgPool kernel's), nn.AvgPool1d's
single-window mean, values and gradients; then the rank, dtype and padding-size errors of the
pooling layers and functions, MaxUnpool2D, MirrorPad / ReflectionPad / ops.pad('reflect') and
PReLU. Golden: tests/goldens/nn/nn17_pooling_probe.out (tests/nn/test_nn17_pooling.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

rng = np.random.default_rng(0)


def rand(*shape):
    return Tensor(rng.standard_normal(shape).astype(np.float32))


def ones(*shape, dtype=np.float32):
    return Tensor(np.ones(shape, dtype))


def show(label, fn):
    try:
        r = fn()
        r = r if isinstance(r, tuple) else (r,)
        print(label, "->", "OK", " ; ".join(
            f"{t.dtype} {tuple(t.shape)} {np.asarray(t.asnumpy(), np.float64).ravel().tolist()}"
            for t in r))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [line for line in str(e).strip().splitlines() if line.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")
        try:  # (MindSpore may report a failed launch's error again at the next call)
            ms.runtime.synchronize()
        except Exception:  # noqa: BLE001
            pass


# -- values: the divisor of 'same' padding -------------------------------------------------------
x5, o5 = rand(1, 2, 4, 5, 6), ones(1, 1, 4, 5, 6)
for k, s in ((3, 2), (2, 1), (4, 3)):
    show(f"AvgPool3d same k{k} s{s} ones", lambda: nn.AvgPool3d(k, s, pad_mode="same")(o5))
show("AvgPool3d same k3 s2", lambda: nn.AvgPool3d(3, 2, pad_mode="same")(x5))
show("AvgPool3d same exclude pad", lambda: nn.AvgPool3d(3, 2, pad_mode="same",
                                                          count_include_pad=False)(o5))
show("AvgPool3d same divisor", lambda: nn.AvgPool3d(3, 2, pad_mode="same", divisor_override=2)(o5))
show("AvgPool3d same unbatched", lambda: nn.AvgPool3d(3, 2, pad_mode="same")(o5[0]))
show("AvgPool3D same", lambda: ops.AvgPool3D(3, 2, pad_mode="same")(o5))
show("AvgPool3D same exclude pad", lambda: ops.AvgPool3D(3, 2, pad_mode="same",
                                                          count_include_pad=False)(o5))
show("AvgPool3d same grad", lambda: ops.grad(
    lambda t: nn.AvgPool3d(3, 2, pad_mode="same")(t).sum())(o5))
show("AvgPool same", lambda: ops.AvgPool(3, 2, "same")(ones(1, 1, 5, 6)))
show("AvgPool2d same", lambda: nn.AvgPool2d(3, 2, pad_mode="same")(ones(1, 1, 5, 6)))
show("AvgPool2d same ceil", lambda: nn.AvgPool2d(3, 2, pad_mode="same", ceil_mode=True)(
    ones(1, 1, 5, 6)))
show("AvgPool1d same ceil", lambda: nn.AvgPool1d(3, 2, pad_mode="same", ceil_mode=True)(
    ones(1, 1, 6)))
y = Tensor(np.arange(48, dtype=np.float32).reshape(2, 3, 8))
for k, s, mode in ((3, 6, "same"), (3, 6, "valid"), (8, 1, "same"), (3, 2, "same"),
                   (2, 7, "same"), (3, 5, "same"), (4, 4, "same")):
    show(f"AvgPool1d k{k} s{s} {mode}", lambda: nn.AvgPool1d(k, s, pad_mode=mode)(y))
show("AvgPool1d shorter than kernel", lambda: nn.AvgPool1d(3, 1)(ones(1, 1, 2)))
show("AvgPool1d unbatched shorter", lambda: nn.AvgPool1d(3, 1)(ones(2, 2)))
show("AvgPool1d rank 4", lambda: nn.AvgPool1d(3, 2)(ones(1, 2, 3, 8)))
show("MaxPool1d rank 4", lambda: nn.MaxPool1d(3, 2)(ones(1, 2, 3, 8)))

# -- ranks and dtypes ----------------------------------------------------------------------------
show("AvgPool3d rank 3", lambda: nn.AvgPool3d(2, 2)(ones(4, 5, 6)))
show("AvgPool3d rank 6", lambda: nn.AvgPool3d(2, 2)(ones(1, 1, 2, 4, 5, 6)))
show("AvgPool3d int32", lambda: nn.AvgPool3d(2, 2)(ones(1, 1, 4, 4, 4, dtype=np.int32)))
show("avg_pool2d rank 3", lambda: ops.avg_pool2d(ones(2, 6, 6), 2))
show("avg_pool1d rank 2", lambda: ops.avg_pool1d(ones(2, 6), 2))
show("avg_pool2d int32", lambda: ops.avg_pool2d(ones(1, 1, 4, 4, dtype=np.int32), 2))
show("lp_pool2d rank 3", lambda: ops.lp_pool2d(ones(2, 6, 6), 2, 2))
show("lp_pool1d rank 2", lambda: ops.lp_pool1d(ones(2, 6), 2, 2))
show("lp_pool1d rank 4", lambda: ops.lp_pool1d(ones(1, 2, 2, 6), 2, 2))
show("LPPool2d rank 3", lambda: nn.LPPool2d(2, 2)(ones(2, 6, 6)))
show("LPPool2d rank 5", lambda: nn.LPPool2d(2, 2)(ones(1, 1, 2, 6, 6)))
show("LPPool1d rank 4", lambda: nn.LPPool1d(2, 2)(ones(1, 2, 2, 6)))
show("PReLU float64", lambda: nn.PReLU()(ones(2, 3, dtype=np.float64)))
show("prelu int32", lambda: ops.prelu(Tensor(np.array([-1, 2], np.int32)),
                                      Tensor(np.array([0.1], np.float32))))
show("PReLU Primitive float64", lambda: ops.PReLU()(ones(2, 3, dtype=np.float64),
                                                     ones(3, dtype=np.float64)))
show("prelu weight int32", lambda: ops.prelu(ones(2, 3), ones(3, dtype=np.int32)))
pooled, argmax = nn.MaxPool2d(2, 2, pad_mode="pad", return_indices=True)(rand(1, 2, 4, 4))
show("MaxUnpool2d", lambda: nn.MaxUnpool2d(2, 2)(pooled, argmax))
show("MaxUnpool2d argmax float32", lambda: nn.MaxUnpool2d(2, 2)(pooled, argmax.astype(ms.float32)))
show("MaxUnpool2d argmax int16", lambda: nn.MaxUnpool2d(2, 2)(pooled, argmax.astype(ms.int16)))
show("MaxUnpool2d argmax int32", lambda: nn.MaxUnpool2d(2, 2)(pooled, argmax.astype(ms.int32)))
show("MaxUnpool2d shapes differ", lambda: nn.MaxUnpool2d(2, 2)(pooled, argmax[:, :1]))
show("max_unpool2d argmax float32", lambda: ops.max_unpool2d(pooled, argmax.astype(ms.float32),
                                                             2, 2))

# -- reflection padding sizes ---------------------------------------------------------------------
x3, z3 = rand(2, 3, 8), rand(2, 5, 7)


def pads(*pairs):
    return Tensor(np.array(pairs, np.int64))


show("ReflectionPad1d 7", lambda: nn.ReflectionPad1d(7)(x3))
show("ReflectionPad1d 8", lambda: nn.ReflectionPad1d(8)(x3))
show("ReflectionPad1d (0, 8)", lambda: nn.ReflectionPad1d((0, 8))(x3))
show("ReflectionPad1d 8 unbatched", lambda: nn.ReflectionPad1d(8)(ones(3, 8)))
show("ReflectionPad2d 6", lambda: nn.ReflectionPad2d(6)(rand(1, 2, 6, 7)))
show("ReflectionPad2d (0, 0, 6, 0)", lambda: nn.ReflectionPad2d((0, 0, 6, 0))(rand(1, 2, 6, 7)))
show("ReflectionPad2d (7, 0, 5, 0)", lambda: nn.ReflectionPad2d((7, 0, 5, 0))(z3))
show("ReflectionPad2d (0, 7, 0, 0)", lambda: nn.ReflectionPad2d((0, 7, 0, 0))(z3))
show("ReflectionPad3d 4", lambda: nn.ReflectionPad3d(4)(rand(1, 2, 4, 5, 6)))
show("MirrorPad REFLECT 8", lambda: ops.MirrorPad("REFLECT")(x3, pads([0, 0], [0, 0], [8, 8])))
show("MirrorPad REFLECT axis 1", lambda: ops.MirrorPad("REFLECT")(x3, pads([0, 0], [3, 0],
                                                                            [8, 8])))
show("MirrorPad REFLECT negative", lambda: ops.MirrorPad("REFLECT")(x3, pads([0, 0], [0, 0],
                                                                              [-1, 0])))
show("MirrorPad SYMMETRIC 8", lambda: ops.MirrorPad("SYMMETRIC")(x3, pads([0, 0], [0, 0], [8, 8])))
show("MirrorPad SYMMETRIC 9", lambda: ops.MirrorPad("SYMMETRIC")(x3, pads([0, 0], [0, 0], [9, 0])))
show("MirrorPad SYMMETRIC 0, 9", lambda: ops.MirrorPad("SYMMETRIC")(x3, pads([0, 0], [0, 0],
                                                                             [0, 9])))
show("pad reflect (8, 8)", lambda: ops.pad(x3, (8, 8), mode="reflect"))
show("pad reflect (6, 1)", lambda: ops.pad(z3, (6, 1), mode="reflect"))
show("pad reflect (7, 1)", lambda: ops.pad(z3, (7, 1), mode="reflect"))
show("pad reflect (1, 7, 5, 0)", lambda: ops.pad(z3, (1, 7, 5, 0), mode="reflect"))
show("pad reflect (2, 1, 0, 5)", lambda: ops.pad(z3, (2, 1, 0, 5), mode="reflect"))

# -- padding larger than half the kernel ----------------------------------------------------------
p3, p4, p5 = ones(1, 2, 6), ones(1, 2, 6, 6), ones(1, 2, 6, 6, 6)
show("MaxPool1d pad 2 k3", lambda: nn.MaxPool1d(3, 2, pad_mode="pad", padding=2)(p3))
show("MaxPool1d pad 2 k4", lambda: nn.MaxPool1d(4, 2, pad_mode="pad", padding=2)(p3))
show("MaxPool1d pad 2 k3 indices", lambda: nn.MaxPool1d(3, 2, pad_mode="pad", padding=2,
                                                        return_indices=True)(p3))
show("MaxPool2d pad 2 k3", lambda: nn.MaxPool2d(3, 2, pad_mode="pad", padding=2)(p4))
show("MaxPool2d pad (0, 2) k3", lambda: nn.MaxPool2d(3, 2, pad_mode="pad", padding=(0, 2))(p4))
show("MaxPool2d pad (2, 1) k(5, 3)", lambda: nn.MaxPool2d((5, 3), 2, pad_mode="pad",
                                                          padding=(2, 1))(p4))
show("MaxPool3d pad 2 k3", lambda: nn.MaxPool3d(3, 2, pad_mode="pad", padding=2)(p5))
show("MaxPool3d pad (0, 2, 0) k3", lambda: nn.MaxPool3d(3, 2, pad_mode="pad",
                                                        padding=(0, 2, 0))(p5))
show("MaxPool3d pad (0, 0, 2) k3", lambda: nn.MaxPool3d(3, 2, pad_mode="pad",
                                                        padding=(0, 0, 2))(p5))
show("MaxPool3d pad (2, 0, 0) k(5, 3, 3)", lambda: nn.MaxPool3d((5, 3, 3), 2, pad_mode="pad",
                                                                padding=(2, 0, 0))(p5))
show("MaxPool3d pad (0, 2, 0) k3 indices", lambda: nn.MaxPool3d(
    3, 2, pad_mode="pad", padding=(0, 2, 0), return_indices=True)(p5))
show("MaxPool3d pad 2 k3 dilation", lambda: nn.MaxPool3d(3, 2, pad_mode="pad", padding=2,
                                                         dilation=2)(p5))
show("max_pool2d pad (0, 2) k3", lambda: ops.max_pool2d(p4, 3, 2, (0, 2)))
show("max_pool2d pad 2 k3 indices", lambda: ops.max_pool2d(p4, 3, 2, 2, return_indices=True))
show("max_pool3d pad (0, 2, 0) k3", lambda: ops.max_pool3d(p5, 3, 2, (0, 2, 0)))
show("max_pool3d pad 2 k3 indices", lambda: ops.max_pool3d(p5, 3, 2, 2, return_indices=True))
show("AvgPool1d pad 2 k4", lambda: nn.AvgPool1d(4, 2, pad_mode="pad", padding=2)(p3))
show("AvgPool1d pad 3 k4", lambda: nn.AvgPool1d(4, 2, pad_mode="pad", padding=3)(p3))
show("AvgPool2d pad 2 k3", lambda: nn.AvgPool2d(3, 2, pad_mode="pad", padding=2)(p4))
show("AvgPool2d pad (0, 2) k3", lambda: nn.AvgPool2d(3, 2, pad_mode="pad", padding=(0, 2))(p4))
show("AvgPool3d pad 2 k3", lambda: nn.AvgPool3d(3, 2, pad_mode="pad", padding=2)(p5))
show("avg_pool1d pad 2 k3", lambda: ops.avg_pool1d(p3, 3, 2, 2))
show("avg_pool2d pad 2 k3", lambda: ops.avg_pool2d(p4, 3, 2, 2))
show("avg_pool3d pad 2 k3", lambda: ops.avg_pool3d(p5, 3, 2, 2))
show("AvgPool3D pad 2 k3", lambda: ops.AvgPool3D(3, 2, "pad", 2)(p5))
