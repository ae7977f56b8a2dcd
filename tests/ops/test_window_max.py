"""window_max (max pooling's window maximum) differentiates a dilated window by selecting among
the window's cells; that rule (`_tap_selected_max`, tested here on every kind of window) is
pinned to a NumPy reference (each window's cotangent added to the first cell holding its
maximum, windows in row-major order), bit for bit to JAX's own rule (select_and_scatter) where
JAX has one, and its forward-mode derivative to JAX's. Undilated windows take JAX's rule."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax._src.ops import window_max as window_max_module
from msjax._src.ops.window_max import MAX_TAPS, lowest_value, window_max


def _rule(x, window, strides, padding, dilation):
    """The tap-selection rule itself, whatever window_max would choose for the window."""
    return window_max_module._tap_selected_max(x, tuple(window), tuple(strides),
                                               tuple(map(tuple, padding)), tuple(dilation))


def _jax_rule(x, window, strides, padding, dilation):
    return jax.lax.reduce_window(x, lowest_value(x.dtype), jax.lax.max, window, strides, padding,
                                 window_dilation=dilation)


def _numpy_max_and_gradient(x, cotangent, window, strides, padding, dilation):
    """Each window's maximum, and its cotangent added to the first cell holding it (float64
    sums in window order)."""
    padded = np.pad(x.astype(np.float64), padding, constant_values=-np.inf)
    grad = np.zeros(padded.shape)
    out = np.empty(cotangent.shape)
    for position in itertools.product(*[range(n) for n in cotangent.shape]):
        cells = [tuple(p * s + c * d for p, s, c, d in zip(position, strides, cell, dilation))
                 for cell in itertools.product(*[range(w) for w in window])]
        values = [padded[cell] for cell in cells]
        first = int(np.argmax(values))  # the first maximum in row-major cell order
        out[position] = values[first]
        grad[cells[first]] += cotangent[position]
    inner = tuple(slice(lo, lo + n) for (lo, _), n in zip(padding, x.shape))
    return out, grad[inner]


CASES = [  # shape, window, strides, padding, dilation
    ((2, 9, 9, 3), (1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (1, 1), (1, 1), (0, 0))),  # ResNet stem
    ((2, 3, 8, 7), (1, 1, 2, 3), (1, 1, 1, 2), ((0, 0), (0, 0), (0, 1), (0, 2))),
    ((1, 2, 9, 8), (1, 1, 2, 2), (1, 1, 1, 1), ((0, 0), (0, 0), (1, 0), (1, 0))),
    ((2, 11, 3), (1, 3, 1), (1, 2, 1), ((0, 0), (1, 2), (0, 0))),
    ((1, 5, 6, 5, 2), (1, 2, 2, 2, 1), (1, 2, 2, 2, 1), ((0, 0),) * 5),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{len(case[0])}d-{case[0]}")
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("dilated", [False, True])
def test_gradient_matches_numpy_and_jax_rule(case, ties, dilated):
    shape, window, strides, padding = case
    dilation = tuple(2 if (dilated and w > 1) else 1 for w in window)
    rng = np.random.default_rng(len(shape) * 11 + 2 * ties + dilated)
    x = (rng.integers(-2, 3, size=shape) if ties else rng.standard_normal(shape)).astype(np.float32)
    pool = lambda v: _rule(v, window, strides, padding, dilation)
    out, pull = jax.vjp(pool, x)
    cotangent = rng.standard_normal(out.shape).astype(np.float32)
    (grad,) = pull(cotangent)
    expected_out, expected_grad = _numpy_max_and_gradient(x, cotangent, window, strides, padding,
                                                          dilation)
    np.testing.assert_array_equal(np.asarray(out), expected_out.astype(np.float32))
    np.testing.assert_allclose(np.asarray(grad), expected_grad, rtol=1e-6, atol=1e-6)
    if ties:  # tied windows are there, so a different tie-break would show
        assert np.count_nonzero(np.asarray(grad)) < np.count_nonzero(cotangent) * 2
    if not dilated:  # JAX's own rule has no VJP for dilated windows
        jax_out, jax_pull = jax.vjp(lambda v: _jax_rule(v, window, strides, padding, dilation), x)
        np.testing.assert_array_equal(np.asarray(out), np.asarray(jax_out))
        np.testing.assert_array_equal(np.asarray(grad), np.asarray(jax_pull(cotangent)[0]))


def test_gradient_is_jax_rules_bit_for_bit_under_jit():
    # ResNet-18's stem pooling at 32x32 input, channels-last, with ties and overlapping windows
    rng = np.random.default_rng(5)
    x = np.round(rng.standard_normal((8, 16, 16, 64)) * 2).astype(np.float32)
    settings = ((1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (0, 1), (0, 1), (0, 0)), (1, 1, 1, 1))
    weights = rng.standard_normal((8, 8, 8, 64)).astype(np.float32)
    loss = lambda f: jax.jit(jax.grad(lambda v: (f(v, *settings) * weights).sum()))
    np.testing.assert_array_equal(np.asarray(loss(window_max)(x)),
                                  np.asarray(loss(_jax_rule)(x)))


def test_forward_mode_matches_jax_rule():
    rng = np.random.default_rng(6)
    x = rng.standard_normal((2, 7, 7, 3)).astype(np.float32)
    tangent = rng.standard_normal(x.shape).astype(np.float32)
    settings = ((1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (1, 1), (1, 1), (0, 0)), (1, 1, 1, 1))
    out, out_tangent = jax.jvp(lambda v: _rule(v, *settings), (x,), (tangent,))
    jax_out, jax_tangent = jax.jvp(lambda v: _jax_rule(v, *settings), (x,), (tangent,))
    np.testing.assert_array_equal(np.asarray(out), np.asarray(jax_out))
    np.testing.assert_array_equal(np.asarray(out_tangent), np.asarray(jax_tangent))


def test_undilated_wide_and_integer_windows_use_jax_rule(monkeypatch):
    calls = []
    selected = window_max_module._tap_selected_max
    monkeypatch.setattr(window_max_module, "_tap_selected_max",
                        lambda *args: calls.append(args[1]) or selected(*args))
    x = np.arange(2 * 9 * 9, dtype=np.float32).reshape(2, 9, 9)
    wide = (1, 5, 5)  # 25 cells > MAX_TAPS
    assert np.prod(wide) > MAX_TAPS
    grad = jax.grad(lambda v: window_max(v, wide, (1, 4, 4), ((0, 0),) * 3, (1, 1, 1)).sum())(x)
    expected = jax.grad(lambda v: _jax_rule(v, wide, (1, 4, 4), ((0, 0),) * 3, (1, 1, 1)).sum())(x)
    np.testing.assert_array_equal(np.asarray(grad), np.asarray(expected))
    ints = window_max(jnp.arange(16, dtype=jnp.int32).reshape(4, 4), (2, 2), (2, 2),
                      ((0, 0), (0, 0)), (1, 1))
    np.testing.assert_array_equal(np.asarray(ints), [[5, 7], [13, 15]])
    window_max(x, (1, 2, 2), (1, 2, 2), ((0, 0),) * 3, (1, 1, 1))  # not dilated
    assert calls == []  # none took the tap-selection path
    window_max(x, (1, 2, 2), (1, 2, 2), ((0, 0),) * 3, (1, 2, 2))
    assert calls == [(1, 2, 2)]


def test_nan_windows_choose_as_select_and_scatter():
    # a cell replaces the chosen one unless that one is >= it: NaNs win or lose by position
    x = np.array([[1.0, np.nan, 0.5, 2.0, -0.0, 0.0, np.nan, 3.0, np.nan, np.nan]], np.float32)
    settings = ((1, 2), (1, 2), ((0, 0), (0, 0)), (1, 1))
    out, pull = jax.vjp(lambda v: _rule(v, *settings), x)
    jax_out, jax_pull = jax.vjp(lambda v: _jax_rule(v, *settings), x)
    np.testing.assert_array_equal(np.asarray(out), np.asarray(jax_out))
    cotangent = np.arange(1.0, 6.0, dtype=np.float32)[None]
    np.testing.assert_array_equal(np.asarray(pull(cotangent)[0]),
                                  np.asarray(jax_pull(cotangent)[0]))
    np.testing.assert_array_equal(np.asarray(pull(cotangent)[0]),
                                  [[0, 1, 0, 2, 3, 0, 0, 4, 0, 5]])


def test_dilated_max_pool_layer_trains():
    """nn.MaxPool2d with dilation (JAX's own rule has no gradient for it): its gradient is the
    NumPy reference's, each window's cotangent on the first cell holding its maximum."""
    import msjax as ms
    from msjax import nn
    rng = np.random.default_rng(5)
    x = rng.integers(-2, 3, size=(1, 2, 8, 8)).astype(np.float32)  # ties included
    pool = nn.MaxPool2d(kernel_size=2, stride=1, dilation=2, pad_mode="pad")
    cotangent = rng.standard_normal((1, 2, 6, 6)).astype(np.float32)
    grad = ms.grad(lambda v: (pool(v) * ms.Tensor(cotangent)).sum())(ms.Tensor(x))
    expected_out, expected_grad = _numpy_max_and_gradient(
        x, cotangent, (1, 1, 2, 2), (1, 1, 1, 1), ((0, 0),) * 4, (1, 1, 2, 2))
    np.testing.assert_array_equal(pool(ms.Tensor(x)).asnumpy(), expected_out.astype(np.float32))
    np.testing.assert_allclose(grad.asnumpy(), expected_grad, rtol=1e-6, atol=1e-6)
