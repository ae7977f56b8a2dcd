"""MindSpore 2.10's nn.Conv2d and nn.Conv1d compute through two attributes, `conv2d` (a Conv2D
Primitive of the layer's settings) and `bias_add` (BiasAdd), which subclasses call: a
weight-standardised convolution (the way MindCV's BiT writes it) in PyNative and GRAPH mode, its
gradient, and the attributes' reprs. Golden: tests/goldens/nn/cv18_conv_primitives_probe.out
(tests/nn/test_conv_primitives.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class StandardisedConv(nn.Conv2d):
    """A Conv2d whose weight is standardised per output channel before the convolution."""

    def construct(self, x):
        w = self.weight
        mean = ops.ReduceMean(keep_dims=True)(w, [1, 2, 3])
        var = w.var((1, 2, 3), keepdims=True)
        out = self.conv2d(x, (w - mean) / ops.sqrt(var + 1e-10))
        if self.has_bias:
            out = self.bias_add(out, self.bias)
        return out


class DoubledConv1d(nn.Conv1d):
    """A Conv1d that convolves with twice its weight through its own `conv2d`."""

    def construct(self, x):
        return ops.squeeze(self.conv2d(ops.expand_dims(x, 2), self.weight * 2), 2)


def show(label, fn):
    try:
        r = fn()
        if isinstance(r, Tensor):
            r = f"{r.dtype} {r.shape} {np.round(r.asnumpy().astype(np.float64), 5).ravel().tolist()}"
        print(label, "->", "OK", r)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


rng = np.random.default_rng(3)
x = Tensor(rng.standard_normal((2, 3, 6, 6)).astype(np.float32))
x1 = Tensor(rng.standard_normal((2, 3, 7)).astype(np.float32))
ms.set_seed(5)
plain = nn.Conv2d(3, 4, 3, stride=2, pad_mode="pad", padding=1, has_bias=True)
std = StandardisedConv(3, 4, 3, pad_mode="same", has_bias=True, bias_init="normal")
std_nobias = StandardisedConv(3, 2, (1, 3), stride=(1, 2), pad_mode="valid", dilation=1, group=1)
grouped = StandardisedConv(4, 4, 3, pad_mode="pad", padding=(0, 1, 1, 0), dilation=2, group=2)
conv1d = DoubledConv1d(3, 5, 3, pad_mode="same", has_bias=True)

for name, cell in (("plain", plain), ("std", std), ("std_nobias", std_nobias),
                   ("grouped", grouped), ("conv1d", conv1d)):
    show(f"{name} conv2d repr", lambda: repr(cell.conv2d))
    show(f"{name} bias_add repr", lambda: repr(cell.bias_add))
show("plain forward", lambda: plain(x))
show("std forward", lambda: std(x))
show("std_nobias forward", lambda: std_nobias(x))
show("grouped forward", lambda: grouped(ops.concat([x, x[:, :1]], 1)))
show("conv1d forward", lambda: conv1d(x1))
grad = ms.grad(lambda inp: std(inp).sum(), grad_position=None, weights=std.trainable_params())
show("std weight grad", lambda: grad(x)[0])
ms.set_context(mode=ms.GRAPH_MODE)
show("std forward graph", lambda: std(x))
show("conv1d forward graph", lambda: conv1d(x1))
