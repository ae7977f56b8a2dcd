"""The gradient of a float16 bias (nn.Dense, nn.Conv2d, ops.BiasAdd, ops.bias_add) sums the output's
gradient in float32 and rounds once to float16, as MindSpore's kernels do (summed in float16, one
value after another, 1000 values of 0.1 drift by many ulps). Printed: each bias gradient's
float16 values (exact, as float16 has them), PYNATIVE and GRAPH mode.
Golden: tests/goldens/nn/zoo20_float16_bias_grad_probe.out (tests/nn/test_float16_bias_grad.py)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops

rng = np.random.RandomState(0)
x = Tensor(rng.standard_normal((1000, 3)).astype(np.float16))
x4 = Tensor(rng.standard_normal((50, 3, 4, 5)).astype(np.float16))
sens = Tensor((rng.random_sample((1000, 2)) * 0.2).astype(np.float16))
sens_conv = Tensor((rng.random_sample((50, 2, 4, 5)) * 0.2).astype(np.float16))
sens4 = Tensor((rng.random_sample((50, 3, 4, 5)) * 0.2).astype(np.float16))
bias = Tensor(np.array([0.5, -0.25, 1.0], np.float16))


def dense_out(a):
    return dense(a) * sens


def bias_add_primitive(a, b):
    return ops.BiasAdd()(a, b) * sens4


def bias_add_function(a, b):
    return ops.bias_add(a, b) * sens4


def conv_out(a):
    return conv(a) * sens_conv


def show(values):
    return " ".join(f"{float(v):.8g}" for v in values.asnumpy().ravel())


for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    ms.set_seed(1)
    dense = nn.Dense(3, 2).to_float(ms.float16)
    dense.bias.set_data(Tensor(np.array([0.1, 0.2], np.float16)))
    dense.weight.set_data(Tensor(np.array([[0.5, -1, 0.25], [1, 0.5, -0.5]], np.float16)))
    grads = ms.grad(dense_out, None, dense.trainable_params())(x)
    print(f"{name} Dense float16 bias grad -> {grads[1].dtype} {show(grads[1])}")
    print(f"{name} Dense float16 weight grad -> {grads[0].dtype} {show(grads[0])}")
    conv = nn.Conv2d(3, 2, 3, has_bias=True, weight_init="ones", bias_init="zeros").to_float(
        ms.float16)
    grads = ms.grad(conv_out, None, conv.trainable_params())(x4)
    print(f"{name} Conv2d float16 bias grad -> {grads[1].dtype} {show(grads[1])}")
    grad = ms.grad(bias_add_primitive, grad_position=1)(x4, bias)
    print(f"{name} BiasAdd float16 bias grad -> {grad.dtype} {show(grad)}")
    grad = ms.grad(bias_add_function, grad_position=(0, 1))(x4, bias)
    print(f"{name} bias_add float16 grads -> {grad[1].dtype} {show(grad[1])} | "
          f"{float(grad[0].asnumpy().astype(np.float64).sum()):.8g}")
