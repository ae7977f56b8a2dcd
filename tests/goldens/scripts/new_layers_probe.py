"""MindSpore 2.10's `nn.BiDense`, `nn.L1Regularizer`, `nn.FractionalMaxPool2d/3d`,
`ops.fractional_max_pool2d/3d` and the primitives `FractionalMaxPoolWithFixedKsize`,
`FractionalMaxPool3DWithFixedKsize` (issue #25): values (with `_random_samples` given), gradients,
shapes of the random default, argument checks. Printed `label -> RESULT` as in
conformance_probe1.py; tests/nn/test_new_layers.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/new_layers_probe.py \\
        | grep -- " -> " > tests/goldens/nn/new_layers_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 4).tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def shape(v):
    if isinstance(v, Tensor):
        return f"S[{list(v.shape)},{v.dtype}]"
    return "(" + ", ".join(shape(e) for e in v) + ")"


def show(label, f, how=desc):
    try:
        result = how(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


# -- BiDense -------------------------------------------------------------------------------------
w = Tensor(np.linspace(-1, 1, 4 * 3 * 2).reshape(4, 3, 2).astype(np.float32))
b = Tensor(np.array([0.1, -0.2, 0.3, 0.0], np.float32))
x1 = Tensor(np.array([[1.0, 2.0, -1.0], [0.5, 0.0, 2.0]], np.float32))
x2 = Tensor(np.array([[0.3, -0.7], [1.5, 2.0]], np.float32))
bidense = nn.BiDense(3, 2, 4, weight_init=w, bias_init=b)
show("BiDense", lambda: bidense(x1, x2))
show("BiDense repr", lambda: repr(bidense))
show("BiDense params", lambda: [(p.name, p.shape) for p in bidense.get_parameters()])
show("BiDense no bias", lambda: nn.BiDense(3, 2, 4, weight_init=w, has_bias=False)(x1, x2))
show("BiDense no bias repr", lambda: repr(nn.BiDense(3, 2, 4, has_bias=False)))
show("BiDense 3-d", lambda: bidense(ops.stack([x1, x1 * 2]), ops.stack([x2, x2 - 1])))
show("BiDense 1-d", lambda: bidense(x1[0], x2[0]))
show("BiDense grads", lambda: ops.grad(lambda a, c: bidense(a, c).sum(), grad_position=(0, 1),
                                       weights=bidense.trainable_params())(x1, x2))
show("BiDense default init", lambda: nn.BiDense(5, 6, 7)(ops.ones((2, 5)), ops.ones((2, 6))), shape)
show("BiDense default bound", lambda: bool((nn.BiDense(4, 6, 7).weight.abs() <= 0.5).all()))
show("BiDense float16", lambda: nn.BiDense(3, 2, 4, dtype=ms.float16).weight.dtype)
show("BiDense bad in1", lambda: nn.BiDense(0, 2, 4))
show("BiDense bad in2", lambda: nn.BiDense(3, 2.0, 4))
show("BiDense bad out", lambda: nn.BiDense(3, 2, -4))
show("BiDense bad has_bias", lambda: nn.BiDense(3, 2, 4, has_bias=1))
show("BiDense bad weight shape", lambda: nn.BiDense(3, 2, 4, weight_init=Tensor(np.ones((4, 2, 3), np.float32))))
show("BiDense bad bias shape", lambda: nn.BiDense(3, 2, 4, bias_init=Tensor(np.ones((3,), np.float32))))
show("BiDense bad input1 last dim", lambda: bidense(Tensor(np.ones((2, 4), np.float32)), x2))
show("BiDense bad input2 last dim", lambda: bidense(x1, Tensor(np.ones((2, 3), np.float32))))
show("BiDense bad batch", lambda: bidense(x1, Tensor(np.ones((3, 2), np.float32))))
show("BiDense not a tensor", lambda: bidense(x1, 2.0))

# -- L1Regularizer -------------------------------------------------------------------------------
weights = Tensor(np.array([[1.0, -2.0], [-3.0, 4.0]], np.float32))
show("L1Regularizer", lambda: nn.L1Regularizer(0.5)(weights))
show("L1Regularizer int scale", lambda: nn.L1Regularizer(2)(weights))
show("L1Regularizer float16", lambda: nn.L1Regularizer(0.5)(weights.astype(ms.float16)))
show("L1Regularizer int32", lambda: nn.L1Regularizer(0.5)(Tensor(np.array([1, -2], np.int32))))
show("L1Regularizer float64", lambda: nn.L1Regularizer(0.5)(weights.astype(ms.float64)))
show("L1Regularizer grad", lambda: ops.grad(nn.L1Regularizer(1.5))(weights))
show("L1Regularizer zero scale", lambda: nn.L1Regularizer(0))
show("L1Regularizer negative scale", lambda: nn.L1Regularizer(-1.0))
show("L1Regularizer inf scale", lambda: nn.L1Regularizer(float("inf")))
show("L1Regularizer nan scale", lambda: nn.L1Regularizer(float("nan")))
show("L1Regularizer str scale", lambda: nn.L1Regularizer("1"))
show("L1Regularizer bool scale", lambda: nn.L1Regularizer(True))
show("L1Regularizer bool input", lambda: nn.L1Regularizer(1.0)(Tensor(np.array([True, False]))))

# -- fractional max pooling ----------------------------------------------------------------------
x4 = Tensor(np.array([0.3220, 0.9545, 0.7879, 0.0975, 0.3698, 0.5135, 0.5740, 0.3435, 0.1895, 0.8764,
                      0.9581, 0.4760, 0.9014, 0.8522, 0.3664, 0.4980, 0.9673, 0.9879, 0.6988, 0.9022,
                      0.9304, 0.1558, 0.0153, 0.1559, 0.9852, 0.8855, 0.3321, 0.6024, 0.1432, 0.3141,
                      0.8920, 0.2400, 0.5101, 0.8370, 0.2650, 0.2030, 0.8330, 0.5180, 0.1990, 0.6610,
                      0.2340, 0.7200, 0.9950, 0.5110, 0.3200, 0.1280, 0.0330, 0.7700, 0.4130]).reshape([1, 1, 7, 7]),
            ms.float32)
samples = Tensor(np.array([[[0.8, 0.8]]]), ms.float32)
samples2 = Tensor(np.array([[[0.1, 0.7]]]), ms.float32)
show("FractionalMaxPool2d output_size", lambda: nn.FractionalMaxPool2d(kernel_size=2, output_size=(2, 2), _random_samples=samples, return_indices=True)(x4))
show("FractionalMaxPool2d output_ratio", lambda: nn.FractionalMaxPool2d(kernel_size=2, output_ratio=(0.5, 0.5), _random_samples=samples, return_indices=True)(x4))
show("FractionalMaxPool2d asymmetric samples", lambda: nn.FractionalMaxPool2d(kernel_size=(2, 3), output_size=(3, 4), _random_samples=samples2, return_indices=True)(x4))
show("FractionalMaxPool2d size 1", lambda: nn.FractionalMaxPool2d(kernel_size=3, output_size=(1, 5), _random_samples=samples2, return_indices=True)(x4))
show("FractionalMaxPool2d values only", lambda: nn.FractionalMaxPool2d(2, output_size=3, _random_samples=samples2)(x4))
show("FractionalMaxPool2d 3-d input", lambda: nn.FractionalMaxPool2d(2, output_size=3, _random_samples=samples2, return_indices=True)(x4[0]))
x4b = ops.concat([x4, x4 * -1 + 1], axis=1)
x4b = ops.concat([x4b, x4b[:, ::-1] * 2], axis=0)
s22 = Tensor(np.array([[[0.1, 0.7], [0.9, 0.3]], [[0.5, 0.2], [0.0, 0.99]]]), ms.float32)
show("FractionalMaxPool2d batch", lambda: nn.FractionalMaxPool2d(3, output_size=(3, 2), _random_samples=s22, return_indices=True)(x4b))
show("FractionalMaxPool2d batch shared samples", lambda: nn.FractionalMaxPool2d(3, output_size=(3, 2), _random_samples=s22[:1], return_indices=True)(x4b))
show("FractionalMaxPool2d int32", lambda: nn.FractionalMaxPool2d(2, output_size=3, _random_samples=samples2, return_indices=True)((x4 * 100).astype(ms.int32)))
show("FractionalMaxPool2d float64 samples", lambda: nn.FractionalMaxPool2d(2, output_size=3, _random_samples=samples2.astype(ms.float64))(x4))
show("FractionalMaxPool2d random shape", lambda: nn.FractionalMaxPool2d(2, output_ratio=0.5, return_indices=True)(x4b), shape)
show("FractionalMaxPool2d random in range", lambda: bool((nn.FractionalMaxPool2d(2, output_size=(3, 3))(x4) <= x4.max()).all()))
show("FractionalMaxPool2d no size", lambda: nn.FractionalMaxPool2d(2)(x4))
show("FractionalMaxPool2d ratio 1", lambda: nn.FractionalMaxPool2d(2, output_ratio=1.0, _random_samples=samples)(x4))
show("FractionalMaxPool2d ratio int", lambda: nn.FractionalMaxPool2d(2, output_ratio=1, _random_samples=samples)(x4))
show("FractionalMaxPool2d too big", lambda: nn.FractionalMaxPool2d(4, output_size=(5, 5), _random_samples=samples)(x4))
show("FractionalMaxPool2d kernel 3 tuple", lambda: nn.FractionalMaxPool2d((2, 2, 2), output_size=2, _random_samples=samples)(x4))
show("FractionalMaxPool2d kernel 0", lambda: nn.FractionalMaxPool2d(0, output_size=2, _random_samples=samples)(x4))
show("FractionalMaxPool2d output 0", lambda: nn.FractionalMaxPool2d(2, output_size=(0, 2), _random_samples=samples)(x4))
show("FractionalMaxPool2d samples 2-d", lambda: nn.FractionalMaxPool2d(2, output_size=2, _random_samples=samples[0])(x4))
show("FractionalMaxPool2d samples last 3", lambda: nn.FractionalMaxPool2d(2, output_size=2, _random_samples=Tensor(np.full((1, 1, 3), 0.5), ms.float32))(x4))
show("FractionalMaxPool2d samples channels", lambda: nn.FractionalMaxPool2d(2, output_size=2, _random_samples=Tensor(np.full((1, 3, 2), 0.5), ms.float32))(x4))
show("FractionalMaxPool2d samples batch", lambda: nn.FractionalMaxPool2d(2, output_size=2, _random_samples=Tensor(np.full((3, 1, 2), 0.5), ms.float32))(x4))
show("FractionalMaxPool2d samples int", lambda: nn.FractionalMaxPool2d(2, output_size=2, _random_samples=Tensor(np.zeros((1, 1, 2), np.int32)))(x4))
show("FractionalMaxPool2d samples out of range", lambda: nn.FractionalMaxPool2d(2, output_size=2, _random_samples=Tensor(np.full((1, 1, 2), 1.5), ms.float32))(x4))
show("FractionalMaxPool2d input bool", lambda: nn.FractionalMaxPool2d(2, output_size=2, _random_samples=samples)(x4 > 0.5))
show("FractionalMaxPool2d input 2-d", lambda: nn.FractionalMaxPool2d(2, output_size=2, _random_samples=samples)(x4[0, 0]))
show("FractionalMaxPool2d return_indices int", lambda: nn.FractionalMaxPool2d(2, output_size=2, return_indices=1, _random_samples=samples)(x4))
show("FractionalMaxPool2d ratio too big", lambda: nn.FractionalMaxPool2d(2, output_ratio=(0.5, 1.5), _random_samples=samples)(x4))
show("fractional_max_pool2d", lambda: ops.fractional_max_pool2d(x4, 2, output_size=(3, 3), return_indices=True, _random_samples=samples2))
show("FractionalMaxPoolWithFixedKsize", lambda: ops.FractionalMaxPoolWithFixedKsize(2, (3, 3))(x4, samples2))
show("FractionalMaxPoolWithFixedKsize repr", lambda: repr(ops.FractionalMaxPoolWithFixedKsize(2, (3, 3))))
show("FractionalMaxPoolWithFixedKsize data_format", lambda: ops.FractionalMaxPoolWithFixedKsize(2, (3, 3), "NHWC"))
show("FractionalMaxPoolWithFixedKsize ksize float", lambda: ops.FractionalMaxPoolWithFixedKsize(2.0, (3, 3)))
show("FractionalMaxPoolWithFixedKsize 3-d input", lambda: ops.FractionalMaxPoolWithFixedKsize(2, (3, 3))(x4[0], samples2))

x5 = Tensor(np.arange(1, 2 * 4 * 5 * 6 + 1).reshape(1, 2, 4, 5, 6) % 17, ms.float32)
s3 = Tensor(np.array([[[0.3, 0.6, 0.9], [0.2, 0.5, 0.8]]]), ms.float32)
show("FractionalMaxPool3d output_size", lambda: nn.FractionalMaxPool3d(2, output_size=(2, 3, 3), _random_samples=s3, return_indices=True)(x5))
show("FractionalMaxPool3d output_ratio", lambda: nn.FractionalMaxPool3d((1, 2, 2), output_ratio=(0.5, 0.6, 0.5), _random_samples=s3, return_indices=True)(x5))
show("FractionalMaxPool3d 4-d input", lambda: nn.FractionalMaxPool3d(2, output_size=(2, 3, 3), _random_samples=s3, return_indices=True)(x5[0]))
show("FractionalMaxPool3d grad", lambda: ops.grad(lambda t: nn.FractionalMaxPool3d(2, output_size=(2, 2, 3), _random_samples=s3)(t).sum())(x5))
show("FractionalMaxPool3d random shape", lambda: nn.FractionalMaxPool3d(2, output_ratio=0.5, return_indices=True)(x5), shape)
show("FractionalMaxPool3d random shape 4-d", lambda: nn.FractionalMaxPool3d(2, output_size=2, return_indices=True)(x5[0]), shape)
show("FractionalMaxPool3d float64", lambda: nn.FractionalMaxPool3d(2, output_size=2, _random_samples=s3.astype(ms.float64))(x5.astype(ms.float64)))
show("FractionalMaxPool3d float16", lambda: nn.FractionalMaxPool3d(2, output_size=2, _random_samples=s3.astype(ms.float16))(x5.astype(ms.float16)))
show("FractionalMaxPool3d int32", lambda: nn.FractionalMaxPool3d(2, output_size=2, _random_samples=s3)(x5.astype(ms.int32)))
show("FractionalMaxPool3d dtype mismatch", lambda: nn.FractionalMaxPool3d(2, output_size=2, _random_samples=s3.astype(ms.float64))(x5))
show("FractionalMaxPool3d no size", lambda: nn.FractionalMaxPool3d(2)(x5))
show("FractionalMaxPool3d kernel pair", lambda: nn.FractionalMaxPool3d((2, 2), output_size=2, _random_samples=s3)(x5))
show("FractionalMaxPool3d output pair", lambda: nn.FractionalMaxPool3d(2, output_size=(2, 2), _random_samples=s3)(x5))
show("FractionalMaxPool3d too big", lambda: nn.FractionalMaxPool3d(3, output_size=(3, 4, 4), _random_samples=s3)(x5))
show("FractionalMaxPool3d samples last 2", lambda: nn.FractionalMaxPool3d(2, output_size=2, _random_samples=s3[:, :, :2])(x5))
show("FractionalMaxPool3d samples channels", lambda: nn.FractionalMaxPool3d(2, output_size=2, _random_samples=s3[:, :1])(x5))
show("FractionalMaxPool3d input 3-d", lambda: nn.FractionalMaxPool3d(2, output_size=2, _random_samples=s3)(x5[0, 0]))
show("FractionalMaxPool3d ratio too big", lambda: nn.FractionalMaxPool3d(2, output_ratio=(0.5, 0.5, 1.0), _random_samples=s3)(x5))
show("fractional_max_pool3d", lambda: ops.fractional_max_pool3d(x5, 2, output_size=(2, 2, 2), return_indices=True, _random_samples=s3))
show("FractionalMaxPool3DWithFixedKsize", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (2, 2, 2))(x5, s3))
show("FractionalMaxPool3DWithFixedKsize repr", lambda: repr(ops.FractionalMaxPool3DWithFixedKsize(2, (2, 2, 2))))
show("FractionalMaxPool3DWithFixedKsize NDHWC", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (2, 2, 2), "NDHWC")(x5.transpose(0, 2, 3, 4, 1), s3))
show("FractionalMaxPool3DWithFixedKsize ksize 4", lambda: ops.FractionalMaxPool3DWithFixedKsize((2, 2, 2, 2), (2, 2, 2)))
show("FractionalMaxPool3DWithFixedKsize format", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (2, 2, 2), "NCHW"))
show("FractionalMaxPool2d too wide", lambda: nn.FractionalMaxPool2d((2, 5), output_size=(2, 4), _random_samples=samples)(x4))
show("FractionalMaxPool3d too high", lambda: nn.FractionalMaxPool3d(2, output_size=(2, 5, 2), _random_samples=s3)(x5))
show("FractionalMaxPool3d too wide", lambda: nn.FractionalMaxPool3d(2, output_size=(2, 2, 6), _random_samples=s3)(x5))
show("FractionalMaxPool3d samples batch", lambda: nn.FractionalMaxPool3d(2, output_size=2, _random_samples=ops.concat([s3, s3]))(x5))
show("FractionalMaxPool3d samples 2-d", lambda: nn.FractionalMaxPool3d(2, output_size=2, _random_samples=s3[0])(x5))
show("FractionalMaxPool3DWithFixedKsize 4-d", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (2, 2, 2))(x5[0], s3.transpose(1, 0, 2)))
show("FractionalMaxPool3DWithFixedKsize 4-d samples as 5-d", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (2, 2, 2))(x5[0], s3))
show("FractionalMaxPool3DWithFixedKsize int32", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (2, 2, 2))(x5.astype(ms.int32), s3))
show("FractionalMaxPool3DWithFixedKsize bool", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (2, 2, 2))(x5 > 3, s3))
show("FractionalMaxPool3DWithFixedKsize int samples", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (2, 2, 2))(x5, s3.astype(ms.int32)))
show("FractionalMaxPool3DWithFixedKsize output int", lambda: ops.FractionalMaxPool3DWithFixedKsize((1, 2, 3), 2)(x5, s3))
show("FractionalMaxPool3DWithFixedKsize output 0", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (2, 0, 2)))
show("FractionalMaxPool3DWithFixedKsize ksize 0", lambda: ops.FractionalMaxPool3DWithFixedKsize((2, 0, 2), 2))
show("FractionalMaxPool3DWithFixedKsize output float", lambda: ops.FractionalMaxPool3DWithFixedKsize(2, 2.0))
show("FractionalMaxPoolWithFixedKsize output float", lambda: ops.FractionalMaxPoolWithFixedKsize(2, 2.0))
show("FractionalMaxPoolWithFixedKsize float16", lambda: ops.FractionalMaxPoolWithFixedKsize((3, 2), 3)(x4.astype(ms.float16), samples2.astype(ms.float16)))
show("FractionalMaxPoolWithFixedKsize float64 samples 0.999", lambda: ops.FractionalMaxPoolWithFixedKsize(2, (4, 5))(x4, Tensor(np.array([[[0.999, 0.999]]]), ms.float64)))
show("FractionalMaxPool3d samples 0.999", lambda: ops.FractionalMaxPool3DWithFixedKsize(1, (3, 4, 5))(x5, Tensor(np.full((1, 2, 3), 0.999), ms.float32)))
