"""Where a float16 layer's bias is added before its result is rounded. MindSpore's compiled
graphs (GRAPH_MODE, `jit`) fuse a MatMul or convolution Primitive with the BiasAdd after it
(nn.Dense, nn.Conv1d/2d/3d, ops.conv2d/conv3d, and such Primitives composed by hand), which
rounds once; PyNative mode runs the two kernels and rounds each result, as the one-kernel Dense
Primitive (ops.dense, mint.nn.functional.linear, mint.nn.Linear) does in both modes, and as an
Add in place of the BiasAdd does. Printed per mode and case: which
rounding the float16 output has (against the float32 twin of the same layer, without and with
its bias), and the float64 sum of its float16 values (exact).
Golden: tests/goldens/nn/bias_rounding_probe.out (tests/nn/test_bias_rounding.py)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, mint, nn, ops

rng = np.random.RandomState(7)


def f16(*shape):
    return rng.uniform(-1, 1, shape).astype(np.float16)


def np_dtype(dtype):
    return np.float16 if dtype == ms.float16 else np.float32


def layer(cls, weight, bias, *args, **kwargs):
    """build(dtype, with_bias) for a Cell `cls(*args, has_bias=..., dtype=...)`."""
    def build(dtype, with_bias=True):
        key = "bias" if cls is mint.nn.Linear else "has_bias"
        cell = cls(*args, **{key: with_bias}, dtype=dtype, **kwargs)
        cell.weight.set_data(Tensor(weight.astype(np_dtype(dtype))))
        if with_bias:
            cell.bias.set_data(Tensor(bias.astype(np_dtype(dtype))))
        return cell
    return build


class Function(nn.Cell):
    def __init__(self, fn, weight, bias):
        super().__init__()
        self.fn, self.weight, self.bias = fn, weight, bias

    def construct(self, x):
        return self.fn(x, self.weight, self.bias)


def function(fn, weight, bias):
    def build(dtype, with_bias=True):
        return Function(fn, Tensor(weight.astype(np_dtype(dtype))),
                        Tensor(bias.astype(np_dtype(dtype))) if with_bias else None)
    return build


class Composed(nn.Cell):
    """Primitives one after another, as hand-written layers compose them."""

    def __init__(self, product, add, weight, bias):
        super().__init__()
        self.product, self.add, self.weight, self.bias = product, add, weight, bias

    def construct(self, x):
        out = self.product(x, self.weight)
        return out if self.bias is None else self.add(out, self.bias)


def composed(product, add, weight, bias):
    def build(dtype, with_bias=True):
        return Composed(product, add, Tensor(weight.astype(np_dtype(dtype))),
                        Tensor(bias.astype(np_dtype(dtype))) if with_bias else None)
    return build


def matmul_t(x, w):
    return ops.matmul(x, w.T)


def case(mode, name, build, x):
    low, full, bare = build(ms.float16), build(ms.float32), build(ms.float32, False)
    out = low(Tensor(x)).asnumpy()
    with_bias = full(Tensor(x.astype(np.float32))).asnumpy()
    without = bare(Tensor(x.astype(np.float32))).asnumpy()
    once = with_bias.astype(np.float16)
    twice = (without.astype(np.float16).astype(np.float32) + (with_bias - without)).astype(
        np.float16)
    n_once, n_twice = int((out != once).sum()), int((out != twice).sum())
    rounding = "once" if n_once < n_twice else "twice"
    print(f"{mode} {name} -> rounded {rounding}; sum {out.astype(np.float64).sum():.10g}")


w2, b2, x2 = f16(8, 16), f16(8), f16(32, 16)
w4, b4, x4 = f16(6, 8, 3, 3), f16(6), f16(2, 8, 9, 9)
w1, x3 = f16(6, 8, 1, 3), f16(2, 8, 9)
w5, x5 = f16(6, 8, 2, 3, 3), f16(2, 8, 4, 7, 7)
w3b, b5, x3b = f16(4, 16, 8), f16(5), f16(4, 5, 16)  # (BiasAdd: along axis 1)
wt, wt1, wt3 = f16(8, 6, 3, 3), f16(8, 6, 1, 3), f16(8, 6, 2, 3, 3)
CASES = [
    ("nn.Dense", layer(nn.Dense, w2, b2, 16, 8), x2),
    ("ops.dense", function(ops.dense, w2, b2), x2),
    ("mint.nn.Linear", layer(mint.nn.Linear, w2, b2, 16, 8), x2),
    ("mint.nn.functional.linear", function(mint.nn.functional.linear, w2, b2), x2),
    ("nn.Conv2d", layer(nn.Conv2d, w4, b4, 8, 6, 3, pad_mode="valid"), x4),
    ("ops.conv2d", function(ops.conv2d, w4, b4), x4),
    ("nn.Conv1d", layer(nn.Conv1d, w1, b4, 8, 6, 3, pad_mode="valid"), x3),
    ("nn.Conv3d", layer(nn.Conv3d, w5, b4, 8, 6, (2, 3, 3), pad_mode="valid"), x5),
    ("ops.conv3d", function(ops.conv3d, w5, b4), x5),
    ("nn.Conv2dTranspose", layer(nn.Conv2dTranspose, wt, b4, 8, 6, 3, pad_mode="valid"), x4),
    ("nn.Conv1dTranspose", layer(nn.Conv1dTranspose, wt1, b4, 8, 6, 3, pad_mode="valid"), x3),
    ("nn.Conv3dTranspose", layer(nn.Conv3dTranspose, wt3, b4, 8, 6, (2, 3, 3), pad_mode="valid"),
     x5),
    ("MatMul, BiasAdd", composed(ops.MatMul(transpose_b=True), ops.BiasAdd(), w2, b2), x2),
    ("MatMul, Add", composed(ops.MatMul(transpose_b=True), ops.Add(), w2, b2), x2),
    ("ops.matmul, ops.bias_add", composed(matmul_t, ops.bias_add, w2, b2), x2),
    ("BatchMatMul, BiasAdd", composed(ops.BatchMatMul(), ops.BiasAdd(), w3b, b5), x3b),
    ("Conv2D, BiasAdd", composed(ops.Conv2D(6, 3), ops.BiasAdd(), w4, b4), x4),
]
for mode_name, mode in (("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)):
    ms.set_context(mode=mode)
    for name, build, x in CASES:
        case(mode_name, name, build, x)
