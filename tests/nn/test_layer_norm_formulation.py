"""LayerNorm's one-pass formulation (msjax/_src/ops/nn_ops.py `layer_norm_with_stats`, issue 16)
keeps the two-pass values where one-pass statistics cancel: rows whose mean is large against
their spread. Expected values are float64 NumPy (the golden tests of tests/nn/test_layers.py
check ordinary inputs against MindSpore)."""
import numpy as np

import msjax
from msjax import Tensor, nn, ops

RNG = np.random.default_rng(0)
# mean 100, spread 0.05: E[x²] - E[x]² in float32 without a shift loses every digit. The float32
# mean itself is off by up to ~4e-5 (in MindSpore's two-pass form too), 1e-3 of the spread:
# the tolerances below.
OFFSET_ROWS = (100.0 + 0.05 * RNG.standard_normal((4, 6, 16))).astype(np.float32)
GAMMA = RNG.uniform(0.5, 1.5, 16).astype(np.float32)
BETA = RNG.uniform(-0.5, 0.5, 16).astype(np.float32)
COTANGENT = RNG.standard_normal((4, 6, 16)).astype(np.float32)
EPS = 1e-5


def reference(x, gamma, beta, cot):
    """Two-pass LayerNorm over the last axis in float64 and its gradients for `cot`."""
    x, gamma, cot = (a.astype(np.float64) for a in (x, gamma, cot))
    mean = x.mean(-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(-1, keepdims=True)
    rstd = 1.0 / np.sqrt(variance + EPS)
    normalised = (x - mean) * rstd
    scaled = cot * gamma
    grad_x = rstd * (scaled - scaled.mean(-1, keepdims=True)
                     - normalised * (scaled * normalised).mean(-1, keepdims=True))
    return (normalised * gamma + beta, mean, variance, grad_x, (cot * normalised).sum((0, 1)),
            cot.sum((0, 1)))


def test_layer_norm_cell_keeps_two_pass_values_and_gradients_for_offset_rows():
    net = nn.LayerNorm((16,), epsilon=EPS)
    net.gamma.set_data(Tensor(GAMMA))
    net.beta.set_data(Tensor(BETA))
    cot = Tensor(COTANGENT)

    def forward(x):
        return (net(x) * cot).sum()

    out = net(Tensor(OFFSET_ROWS)).asnumpy()
    grad_fn = msjax.jit(msjax.value_and_grad(forward, 0, net.trainable_params()))
    _, (grad_x, (grad_gamma, grad_beta)) = grad_fn(Tensor(OFFSET_ROWS))
    expected_out, _, _, expected_gx, expected_gg, expected_gb = reference(
        OFFSET_ROWS, GAMMA, BETA, COTANGENT)
    np.testing.assert_allclose(out, expected_out, rtol=0, atol=2e-3)
    np.testing.assert_allclose(grad_x.asnumpy(), expected_gx, rtol=0,
                               atol=5e-3 * np.abs(expected_gx).max())
    np.testing.assert_allclose(grad_gamma.asnumpy(), expected_gg, rtol=0, atol=1e-2)
    np.testing.assert_allclose(grad_beta.asnumpy(), expected_gb, rtol=1e-6, atol=1e-5)


def test_layer_norm_primitive_statistics_and_their_gradient_for_offset_rows():
    layer_norm = ops.LayerNorm(begin_norm_axis=-1, begin_params_axis=-1, epsilon=EPS)
    out, mean, variance = layer_norm(Tensor(OFFSET_ROWS), Tensor(GAMMA), Tensor(BETA))
    expected_out, expected_mean, expected_var, _, _, _ = reference(OFFSET_ROWS, GAMMA, BETA,
                                                                   COTANGENT)
    np.testing.assert_allclose(out.asnumpy(), expected_out, rtol=0, atol=2e-3)
    np.testing.assert_allclose(mean.asnumpy(), expected_mean, rtol=1e-6)
    np.testing.assert_allclose(variance.asnumpy(), expected_var, rtol=1e-3)

    def mean_sum(x):  # MindSpore's LayerNorm passes no gradient through its statistics
        return layer_norm(x, Tensor(GAMMA), Tensor(BETA))[1].sum()  # (layer_norm_grad_probe)

    grad = msjax.grad(mean_sum)(Tensor(OFFSET_ROWS)).asnumpy()
    np.testing.assert_array_equal(grad, np.zeros(OFFSET_ROWS.shape, np.float32))


def test_functional_layer_norm_over_two_axes_and_half_precision():
    x = (50.0 + RNG.standard_normal((3, 4, 5))).astype(np.float32)
    out = ops.layer_norm(Tensor(x), (4, 5), eps=EPS).asnumpy()
    flat = x.reshape(3, -1).astype(np.float64)
    expected = ((flat - flat.mean(-1, keepdims=True))
                / np.sqrt(flat.var(-1, keepdims=True) + EPS)).reshape(x.shape)
    np.testing.assert_allclose(out, expected, rtol=0, atol=1e-4)
    # float16 statistics are taken in float32 (x² of 300 overflows float16's 65504).
    half = (300.0 + RNG.standard_normal((2, 8))).astype(np.float16)
    out16 = ops.layer_norm(Tensor(half), (8,), eps=EPS)
    assert out16.dtype == msjax.float16
    wide = half.astype(np.float64)
    expected16 = (wide - wide.mean(-1, keepdims=True)) / np.sqrt(wide.var(-1, keepdims=True)
                                                                + EPS)
    np.testing.assert_allclose(out16.asnumpy().astype(np.float64), expected16, rtol=0,
                               atol=1e-2)
