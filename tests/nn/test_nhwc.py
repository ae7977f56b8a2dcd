"""NHWC (channels-last) layers and Primitives, MindSpore's GPU target's.

MindSpore's CPU target refuses NHWC convolutions, pooling and BatchNorm layers (golden
tests/goldens/nn/nhwc_format_probe.out, from tests/goldens/scripts/nhwc_format_probe.py, run
unchanged on msjax below). Its GPU target computes them, and so does msjax with
`device_target='GPU'` on whatever JAX device runs the program. MindSpore's oracle here is a CPU
build, so the NHWC values are checked against the same computation in NCHW (transposed), which is
checked against MindSpore elsewhere; the gradients too.
"""
from __future__ import annotations

import jax
import numpy as np
import pytest

import msjax as ms
from msjax import nn, ops
from msjax._src.ops import nn_ops
from tests.golden_scripts import GOLDENS, script_output_on_msjax


def _nchw(a):
    return np.transpose(a, (0, 3, 1, 2))


def _nhwc(a):
    return np.transpose(a, (0, 2, 3, 1))


@pytest.fixture
def gpu_target():
    ms.set_context(device_target="GPU")  # conftest puts the context back


def test_the_cpu_target_refuses_nhwc_as_mindspore_does():
    got = [line for line in script_output_on_msjax("nhwc_format_probe.py").splitlines()
           if " -> " in line]
    golden = (GOLDENS / "nn" / "nhwc_format_probe.out").read_text().splitlines()
    assert got == golden


def _rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


@pytest.mark.parametrize("kwargs", [
    dict(kernel_size=3, stride=1, pad_mode="same", has_bias=True),
    dict(kernel_size=3, stride=2, pad_mode="pad", padding=1, has_bias=False),
    dict(kernel_size=(1, 3), stride=(2, 1), pad_mode="valid", has_bias=True),
    dict(kernel_size=3, stride=1, pad_mode="pad", padding=(0, 1, 2, 1), dilation=2, group=2,
         has_bias=True),
])
def test_conv2d_nhwc_is_conv2d_nchw_transposed(gpu_target, kwargs):
    x = _rand(2, 7, 6, 4)
    nhwc = nn.Conv2d(4, 6, data_format="NHWC", **kwargs)
    nchw = nn.Conv2d(4, 6, **kwargs)
    assert nhwc.weight.shape == (6,) + nchw.weight.shape[2:] + (4 // kwargs.get("group", 1),)
    nchw.weight.set_data(ms.Tensor(np.transpose(nhwc.weight.asnumpy(), (0, 3, 1, 2))))
    if kwargs["has_bias"]:
        nchw.bias.set_data(nhwc.bias.value())
    np.testing.assert_allclose(nhwc(ms.Tensor(x)).asnumpy(),
                               _nhwc(nchw(ms.Tensor(_nchw(x))).asnumpy()), rtol=1e-5, atol=1e-5)

    def loss(net, data):
        return (net(data) ** 2).sum()

    g_nhwc = ms.grad(lambda d: loss(nhwc, d), grad_position=0, weights=nhwc.trainable_params())
    g_nchw = ms.grad(lambda d: loss(nchw, d), grad_position=0, weights=nchw.trainable_params())
    (dx1, dw1), (dx2, dw2) = g_nhwc(ms.Tensor(x)), g_nchw(ms.Tensor(_nchw(x)))
    np.testing.assert_allclose(dx1.asnumpy(), _nhwc(dx2.asnumpy()), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(dw1[0].asnumpy(), np.transpose(dw2[0].asnumpy(), (0, 2, 3, 1)),
                               rtol=1e-4, atol=1e-4)
    if kwargs["has_bias"]:
        np.testing.assert_allclose(dw1[1].asnumpy(), dw2[1].asnumpy(), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("pool", ["MaxPool2d", "AvgPool2d"])
@pytest.mark.parametrize("pad_mode", ["valid", "same"])
def test_pooling_nhwc_is_nchw_transposed(gpu_target, pool, pad_mode):
    x = _rand(2, 7, 5, 3)
    layer = getattr(nn, pool)
    nhwc = layer(kernel_size=3, stride=2, pad_mode=pad_mode, data_format="NHWC")
    nchw = layer(kernel_size=3, stride=2, pad_mode=pad_mode)
    np.testing.assert_allclose(nhwc(ms.Tensor(x)).asnumpy(),
                               _nhwc(nchw(ms.Tensor(_nchw(x))).asnumpy()), rtol=1e-6)
    unbatched = nhwc(ms.Tensor(x[0])).asnumpy()  # (H, W, C): the layer adds the batch axis
    np.testing.assert_allclose(unbatched, nhwc(ms.Tensor(x)).asnumpy()[0], rtol=1e-6)
    dx1 = ms.grad(lambda d: (nhwc(d) ** 2).sum())(ms.Tensor(x))
    dx2 = ms.grad(lambda d: (nchw(d) ** 2).sum())(ms.Tensor(_nchw(x)))
    np.testing.assert_allclose(dx1.asnumpy(), _nhwc(dx2.asnumpy()), rtol=1e-5, atol=1e-6)


def test_pooling_pad_forms_refuse_nhwc(gpu_target):
    with pytest.raises(ValueError, match="For 'MaxPool2d', data_format 'NHWC' needs pad_mode "
                                         "'valid' or 'same'.*but got pad_mode 'pad'"):
        nn.MaxPool2d(2, pad_mode="pad", padding=1, data_format="NHWC")
    with pytest.raises(ValueError, match="For 'AvgPool2d', data_format 'NHWC' needs"):
        nn.AvgPool2d(2, ceil_mode=True, data_format="NHWC")


@pytest.mark.parametrize("training", [True, False])
def test_batchnorm2d_nhwc_is_nchw_transposed(gpu_target, training):
    x = _rand(4, 3, 5, 6) * 2 + 1
    nhwc = nn.BatchNorm2d(6, momentum=0.8, data_format="NHWC")
    nchw = nn.BatchNorm2d(6, momentum=0.8)
    for net in (nhwc, nchw):
        net.gamma.set_data(ms.Tensor(np.linspace(0.5, 2, 6).astype(np.float32)))
        net.set_train(training)
    y1, y2 = nhwc(ms.Tensor(x)), nchw(ms.Tensor(_nchw(x)))
    np.testing.assert_allclose(y1.asnumpy(), _nhwc(y2.asnumpy()), rtol=1e-5, atol=1e-5)
    for name in ("moving_mean", "moving_variance"):
        np.testing.assert_allclose(getattr(nhwc, name).asnumpy(), getattr(nchw, name).asnumpy(),
                                   rtol=1e-6)
    if training:
        assert not np.allclose(nhwc.moving_mean.asnumpy(), 0)  # the statistics were updated


def test_primitives_nhwc_are_nchw_transposed(gpu_target):
    x, w = _rand(2, 6, 5, 4), _rand(8, 3, 3, 4, seed=1)
    got = ops.Conv2D(8, 3, pad_mode="same", stride=2, data_format="NHWC")(ms.Tensor(x),
                                                                          ms.Tensor(w))
    want = ops.Conv2D(8, 3, pad_mode="same", stride=2)(ms.Tensor(_nchw(x)),
                                                       ms.Tensor(_nchw(w)))
    np.testing.assert_allclose(got.asnumpy(), _nhwc(want.asnumpy()), rtol=1e-5, atol=1e-5)
    for prim in ("MaxPool", "AvgPool"):
        got = getattr(ops, prim)(3, 2, "same", data_format="NHWC")(ms.Tensor(x))
        want = getattr(ops, prim)(3, 2, "same")(ms.Tensor(_nchw(x)))
        np.testing.assert_allclose(got.asnumpy(), _nhwc(want.asnumpy()), rtol=1e-6)
    # Conv2DBackpropInput: the input gradient of that convolution, input_size in NHWC
    dout = _rand(2, 3, 3, 8, seed=2)
    got = ops.Conv2DBackpropInput(8, 3, pad_mode="same", stride=2, data_format="NHWC")(
        ms.Tensor(dout), ms.Tensor(w), (2, 6, 5, 4))
    want = ops.Conv2DBackpropInput(8, 3, pad_mode="same", stride=2)(
        ms.Tensor(_nchw(dout)), ms.Tensor(_nchw(w)), (2, 4, 6, 5))
    np.testing.assert_allclose(got.asnumpy(), _nhwc(want.asnumpy()), rtol=1e-5, atol=1e-5)
    g = _rand(4)
    y = ops.BatchNorm(is_training=True, data_format="NHWC")(
        ms.Tensor(x), ms.Tensor(g), ms.Tensor(np.zeros(4, np.float32)),
        ms.Parameter(ms.Tensor(np.zeros(4, np.float32)), name="m"),
        ms.Parameter(ms.Tensor(np.ones(4, np.float32)), name="v"))[0]
    mean, var = x.mean((0, 1, 2)), x.var((0, 1, 2))
    np.testing.assert_allclose(y.asnumpy(), (x - mean) / np.sqrt(var + 1e-5) * g, rtol=1e-4,
                               atol=1e-5)


def test_conv_input_errors_count_the_last_axis(gpu_target):
    with pytest.raises(RuntimeError, match="'C_in' of input 'weight' shape: 4, but got 'C_in' "
                                           "of input 'x' shape: 5"):
        ops.Conv2D(8, 3, data_format="NHWC")(ms.Tensor(_rand(1, 6, 6, 5)),
                                             ms.Tensor(_rand(8, 3, 3, 4)))


class _Block(nn.Cell):
    def __init__(self, data_format):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2, has_bias=True, data_format=data_format)
        self.bn = nn.BatchNorm2d(8, data_format=data_format)
        self.pool = nn.MaxPool2d(2, 2, data_format=data_format)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.dense = nn.Dense(32, 10)
        self.nhwc = data_format == "NHWC"

    def construct(self, x):
        y = self.pool(self.relu(self.bn(self.conv(x))))
        if self.nhwc:  # flatten in the NCHW order, so both nets share the dense weights
            y = ops.transpose(y, (0, 3, 1, 2))
        return self.dense(self.flatten(y))


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
def test_a_training_step_in_nhwc_matches_nchw(gpu_target, mode):
    """Conv2d + BatchNorm2d + MaxPool2d trained three steps with Momentum in each layout, from
    the same weights: the same losses and the same weights (transposed)."""
    ms.set_context(mode=mode)
    ms.set_seed(3)
    nets = {fmt: _Block(fmt) for fmt in ("NHWC", "NCHW")}
    nets["NCHW"].conv.weight.set_data(
        ms.Tensor(np.transpose(nets["NHWC"].conv.weight.asnumpy(), (0, 3, 1, 2))))
    for name in ("conv.bias", "dense.weight", "dense.bias"):
        cell, attr = name.split(".")
        getattr(getattr(nets["NCHW"], cell), attr).set_data(
            getattr(getattr(nets["NHWC"], cell), attr).value())
    x, label = _rand(4, 9, 9, 3, seed=5), np.arange(4).astype(np.int32)
    losses = {}
    for fmt, net in nets.items():
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss),
                                   nn.Momentum(net.trainable_params(), 0.1, 0.9))
        data = ms.Tensor(x if fmt == "NHWC" else _nchw(x))
        losses[fmt] = [float(step(data, ms.Tensor(label)).asnumpy()) for _ in range(3)]
    np.testing.assert_allclose(losses["NHWC"], losses["NCHW"], rtol=1e-5)
    assert losses["NHWC"][2] < losses["NHWC"][0]
    np.testing.assert_allclose(
        nets["NHWC"].conv.weight.asnumpy(),
        np.transpose(nets["NCHW"].conv.weight.asnumpy(), (0, 2, 3, 1)), rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(nets["NHWC"].bn.moving_mean.asnumpy(),
                               nets["NCHW"].bn.moving_mean.asnumpy(), rtol=1e-5, atol=1e-6)


def test_nhwc_convolutions_lower_channels_last_for_a_gpu(gpu_target):
    """The NHWC convolution reaches XLA as one channels-last convolution (no layout changes
    around it), as cuDNN computes it."""
    net = nn.Conv2d(4, 8, 3, has_bias=True, data_format="NHWC")
    weight, bias = net.weight.value()._data, net.bias.value()._data

    def forward(x, w, b):
        return nn_ops._conv2d_nhwc(x, w, b, 1, "same", 0, 1, 1)

    exported = jax.export.export(jax.jit(forward), platforms=["cuda"])(
        jax.ShapeDtypeStruct((2, 8, 8, 4), np.float32), weight, bias)
    text = exported.mlir_module()
    assert text.count("stablehlo.convolution") == 1
    assert "[b, 0, 1, f]x[o, 0, 1, i]->[b, 0, 1, f]" in text
    assert "stablehlo.transpose" not in text


def test_an_nhwc_training_step_lowers_without_layout_changes_for_a_gpu(gpu_target):
    """An NHWC Conv2d + BatchNorm2d (training) + ReLU step, forward and gradient, lowered for
    cuda: BatchNorm normalises along the last axis where the channels are, so the program has
    no transpose at all (it moved the channels to axis 1 and back before: 4 transposes)."""
    net = nn.SequentialCell([nn.Conv2d(4, 8, 3, data_format="NHWC"),
                             nn.BatchNorm2d(8, data_format="NHWC"), nn.ReLU()])
    net.set_train(True)
    params, apply = ms.functional(net)

    def loss(params, x):
        out, updates = apply.with_updates(params, x)
        return (out ** 2).mean(), updates

    step = jax.jit(jax.grad(loss, has_aux=True))
    exported = jax.export.export(step, platforms=["cuda"])(
        params, jax.ShapeDtypeStruct((2, 8, 8, 4), np.float32))
    text = exported.mlir_module()
    assert text.count("stablehlo.convolution") >= 2  # the forward one and its gradients
    assert "stablehlo.transpose" not in text
