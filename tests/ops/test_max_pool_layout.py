"""max_pool_nd pools a batched channels-first input channels-last (transpose, reduce_window,
transpose back, for XLA's layout assignment): its values and gradients are pinned, bit for bit,
to the channels-first reduce_window it replaced, including tied maxima (where the gradient goes
to one cell of the window)."""
import jax
import numpy as np
import pytest

from msjax._src.ops.nn_ops import _lowest, _pool_setup, max_pool_nd


def _channels_first_max_pool(x, nd, kernel_size, stride, pad_mode, padding, dilation, ceil_mode):
    # The formulation max_pool_nd used before: reduce_window over the trailing axes in place.
    kernel, stride, dilation, geometry = _pool_setup(x, nd, kernel_size, stride, dilation,
                                                     pad_mode, padding, ceil_mode)
    lead = (1,) * (x.ndim - nd)
    pads = [(0, 0)] * len(lead) + [(lo, hi + extra) for (lo, hi), extra in geometry]
    return jax.lax.reduce_window(x, _lowest(x.dtype), jax.lax.max, lead + kernel, lead + stride,
                                 pads, window_dilation=lead + dilation)


CASES = [  # nd, shape, kernel, stride, pad_mode, padding, dilation, ceil_mode
    (2, (2, 3, 9, 9), 3, 2, "pad", 1, 1, False),  # ResNet's stem pooling
    (2, (2, 3, 8, 7), (2, 3), (1, 2), "valid", 0, 1, True),
    (2, (1, 4, 7, 9), 3, 2, "same", 0, 1, False),
    (2, (2, 2, 9, 8), 2, 1, "pad", (1, 0), 2, False),
    (1, (2, 3, 11), 3, 2, "pad", 1, 1, True),
    (3, (1, 2, 5, 6, 5), 2, 2, "valid", 0, 1, False),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]}d-{case[4]}-{case[1]}")
@pytest.mark.parametrize("ties", [False, True])
def test_channels_last_pooling_matches_channels_first(case, ties):
    nd, shape, *settings = case
    rng = np.random.default_rng(len(shape) * 7 + ties)
    x = (rng.integers(-2, 3, size=shape) if ties else rng.standard_normal(shape)).astype(np.float32)
    new = lambda v: max_pool_nd(v, nd, *settings)
    old = lambda v: _channels_first_max_pool(v, nd, *settings)
    if settings[4] != 1:  # JAX has no VJP for a dilated max pool (either formulation)
        np.testing.assert_array_equal(np.asarray(new(x)), np.asarray(old(x)))
        return
    out_new, pull_new = jax.vjp(new, x)
    out_old, pull_old = jax.vjp(old, x)
    assert out_new.shape == out_old.shape
    np.testing.assert_array_equal(np.asarray(out_new), np.asarray(out_old))
    cotangent = rng.standard_normal(out_old.shape).astype(np.float32)
    (grad_new,), (grad_old,) = pull_new(cotangent), pull_old(cotangent)
    np.testing.assert_array_equal(np.asarray(grad_new), np.asarray(grad_old))
    if ties:  # the tied windows are there, so the test would see a different tie-break
        assert np.count_nonzero(np.asarray(grad_old)) < x.size


def test_channels_last_pooling_matches_under_jit():
    x = np.random.default_rng(3).integers(-1, 2, size=(2, 4, 10, 10)).astype(np.float32)
    settings = (3, 2, "pad", 1, 1, False)
    loss = lambda f: jax.jit(jax.grad(lambda v: (f(v) * np.arange(1.0, 6.0)).sum()))
    grad_new = loss(lambda v: max_pool_nd(v, 2, *settings))(x)
    grad_old = loss(lambda v: _channels_first_max_pool(v, 2, *settings))(x)
    np.testing.assert_array_equal(np.asarray(grad_new), np.asarray(grad_old))
