"""ops.bessel_j0/j1/y0/y1/k0/k0e/k1/k1e: MindSpore 2.10's values (golden tests/goldens/ops/
bessel.json from tests/goldens/scripts/bessel_probe.py) in Float16/32/64, with its edge values,
Primitives, gradients and input type error; SciPy's double-precision values over a fine grid;
under jit and vmap."""
import json

import jax
import numpy as np
import pytest
from scipy import special

import msjax as ms
from msjax import Tensor, ops
from tests.conftest import GOLDENS

GOLDEN = json.loads((GOLDENS / "ops" / "bessel.json").read_text())
NAMES = ("j0", "j1", "y0", "y1", "k0", "k0e", "k1", "k1e")
# Tolerance relative to max(1, |expected|): a few units in the last place of each dtype.
TOLERANCE = {"float16": 2e-3, "float32": 2e-6, "float64": 1e-12}


def _floats(values):
    return np.array([float(v) for v in values])


def _assert_close(actual, expected, tolerance):
    actual = np.asarray(actual, np.float64)
    same = (np.isnan(actual) & np.isnan(expected)) | (actual == expected)
    with np.errstate(invalid="ignore"):
        near = np.abs(actual - expected) <= tolerance * np.maximum(1, np.abs(expected))
    assert (same | near).all(), (actual[~(same | near)], expected[~(same | near)])


def _primitive(name):
    return getattr(ops, "Bessel" + name[0].upper() + name[1:].upper().replace("E", "e"))()


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
@pytest.mark.parametrize("name", NAMES)
def test_bessel_matches_mindspore(name, dtype):
    x = Tensor(np.array(GOLDEN["x"]), getattr(ms, dtype))
    expected = _floats(GOLDEN[f"{name} {dtype}"])
    result = getattr(ops, "bessel_" + name)(x)
    assert str(result.dtype) == GOLDEN[f"{name} {dtype} dtype"]
    _assert_close(result.asnumpy(), expected, TOLERANCE[dtype])
    _assert_close(_primitive(name)(x).asnumpy(), _floats(GOLDEN[f"{name} {dtype} primitive"]),
                  TOLERANCE[dtype])


@pytest.mark.parametrize("name", NAMES)
def test_bessel_gradient_matches_mindspore(name):
    x = Tensor(np.array(GOLDEN["grad_x"]), ms.float64)
    grad = ops.grad(getattr(ops, "bessel_" + name))(x)
    _assert_close(grad.asnumpy(), _floats(GOLDEN[f"{name} grad"]), 1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_bessel_rejects_integers(name):
    with pytest.raises(TypeError) as info:
        getattr(ops, "bessel_" + name)(Tensor(np.array([1, 2]), ms.int32))
    assert "TypeError " + str(info.value) == GOLDEN[f"{name} int32"]


@pytest.mark.parametrize("dtype, tolerance", [("float32", 3e-6), ("float64", 5e-14)])
@pytest.mark.parametrize("name", NAMES)
def test_bessel_accuracy_against_scipy(name, dtype, tolerance):
    x = np.concatenate([np.linspace(1e-3, 30, 3001), np.geomspace(30, 1e4, 300)]).astype(dtype)
    expected = getattr(special, name)(x.astype(np.float64))
    _assert_close(getattr(ops, "bessel_" + name)(Tensor(x)).asnumpy(), expected, tolerance)


@pytest.mark.parametrize("name", NAMES)
def test_bessel_under_jit_and_vmap(name):
    fn = getattr(ops, "bessel_" + name)
    x = Tensor(np.array([[0.5, 3.0, 9.0], [1.5, 2.5, 20.0]]), ms.float32)
    eager = fn(x).asnumpy()
    # (a compiled program may fuse differently: a unit in the last place)
    np.testing.assert_allclose(ms.jit(fn)(x).asnumpy(), eager, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(ms.vmap(fn)(x).asnumpy(), eager, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(jax.jit(fn)(x).asnumpy(), eager, rtol=1e-6, atol=1e-7)
