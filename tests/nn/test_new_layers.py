"""`nn.BiDense`, `nn.L1Regularizer`, `nn.FractionalMaxPool2d/3d` and the fractional max pooling
ops (`ops.fractional_max_pool2d/3d`, `FractionalMaxPoolWithFixedKsize`,
`FractionalMaxPool3DWithFixedKsize`): the probe script run unchanged on msjax prints what
MindSpore 2.10 printed (values, indices, gradients, the random default's shapes, argument
checks: tests/goldens/nn/new_layers_probe.out); the 2-d gradient, which MindSpore 2.10's CPU
kernel cannot run, is the output gradient scattered to the indices; the ops run under jit and
vmap as eagerly."""
import jax
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/new_layers_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("new_layers_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_new_layer_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


_X = np.random.RandomState(0).rand(2, 3, 9, 8).astype(np.float32)
_SAMPLES = np.random.RandomState(1).rand(2, 3, 2).astype(np.float32)


@pytest.mark.parametrize("kernel, out", [(2, (4, 3)), ((3, 2), (5, 6)), (1, (9, 8))])
def test_fractional_max_pool2d_gradient_goes_to_the_indices(kernel, out):
    x, samples = Tensor(_X), Tensor(_SAMPLES)
    dout = np.random.RandomState(2).rand(2, 3, *out).astype(np.float32)
    _, index = ops.fractional_max_pool2d(x, kernel, out, return_indices=True,
                                         _random_samples=samples)
    grad = ops.grad(lambda t: (ops.fractional_max_pool2d(t, kernel, out, _random_samples=samples)
                               * Tensor(dout)).sum())(x)
    expected = np.zeros((2, 3, 9 * 8), np.float32)
    flat = index.asnumpy().reshape(2, 3, -1)
    for n in range(2):
        for c in range(3):
            np.add.at(expected[n, c], flat[n, c], dout[n, c].reshape(-1))
    np.testing.assert_allclose(grad.asnumpy(), expected.reshape(_X.shape), rtol=1e-6)


def test_fractional_max_pool_values_are_the_maxima_at_the_indices():
    values, index = ops.FractionalMaxPoolWithFixedKsize(3, (4, 5))(Tensor(_X), Tensor(_SAMPLES))
    at_index = np.take_along_axis(_X.reshape(2, 3, -1), index.asnumpy().reshape(2, 3, -1), 2)
    np.testing.assert_array_equal(values.asnumpy().reshape(2, 3, -1), at_index)


@pytest.mark.parametrize("how", ["jit", "vmap"])
def test_fractional_max_pool_compiled_and_vectorised(how):
    pool = ops.FractionalMaxPoolWithFixedKsize((2, 3), (4, 3))
    x, samples = Tensor(_X), Tensor(_SAMPLES)
    eager = pool(x, samples)
    if how == "jit":
        got = ms.jit(lambda a, s: pool(a, s))(x, samples)
    else:
        got = ms.vmap(lambda a, s: pool(a[None], s[None]), in_axes=(0, 0))(x, samples)
        got = tuple(g.squeeze(1) for g in got)
    for g, e in zip(got, eager):
        np.testing.assert_array_equal(g.asnumpy(), e.asnumpy())


def test_fractional_max_pool3d_jit_matches_eager():
    x = Tensor(np.random.RandomState(3).rand(2, 2, 5, 6, 7).astype(np.float32))
    samples = Tensor(np.random.RandomState(4).rand(2, 2, 3).astype(np.float32))
    pool = nn.FractionalMaxPool3d((2, 3, 2), output_size=(3, 2, 4), return_indices=True,
                                  _random_samples=samples)
    eager = pool(x)
    compiled = ms.jit(lambda t: pool(t))(x)
    for g, e in zip(compiled, eager):
        np.testing.assert_array_equal(g.asnumpy(), e.asnumpy())


def test_fractional_max_pool_random_samples_follow_the_seed():
    x = Tensor(_X)
    pool = nn.FractionalMaxPool2d(2, output_size=(4, 4), return_indices=True)
    ms.set_seed(7)
    first = pool(x)[1].asnumpy()
    second = pool(x)[1].asnumpy()
    ms.set_seed(7)
    again = pool(x)[1].asnumpy()
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(first, second)


def test_bidense_jit_and_l1_regularizer_under_jit():
    bidense = nn.BiDense(3, 4, 5)
    a = Tensor(np.random.RandomState(5).rand(2, 6, 3).astype(np.float32))
    b = Tensor(np.random.RandomState(6).rand(2, 6, 4).astype(np.float32))
    eager = bidense(a, b).asnumpy()
    np.testing.assert_allclose(ms.jit(lambda x, y: bidense(x, y))(a, b).asnumpy(), eager,
                               rtol=1e-6)
    w, bias = bidense.weight.asnumpy(), bidense.bias.asnumpy()
    np.testing.assert_allclose(eager, np.einsum("...i,kij,...j->...k", a.asnumpy(), w,
                                                b.asnumpy()) + bias, rtol=1e-5, atol=1e-6)
    reg = nn.L1Regularizer(0.25)
    assert float(ms.jit(lambda t: reg(t))(a).asnumpy()) == pytest.approx(
        0.25 * np.abs(a.asnumpy()).sum(), rel=1e-6)
    assert jax.numpy.ndim(reg(a)._data) == 0
