"""`ops.ROIAlign` against MindSpore 2.10's CPU kernel (tests/goldens/ops/roi_align.json, made by
tests/goldens/scripts/roi_align.py): outputs, the features' gradient, constructor and input errors;
and msjax's own behaviour beyond it (skipped boxes give zeros, jit and vmap; the adaptive grid
under jit: tests/ops/test_ops17_goldens.py)."""
from __future__ import annotations

import builtins
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax
from msjax import Tensor, ops
from msjax._src.ops.roi_ops import roi_align

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "goldens" / "ops" / "roi_align.json")
                    .read_text())


def _features(name):
    shape, dtype = GOLDEN["features"][name]
    return (np.arange(np.prod(shape)) % 13 - 3.0).reshape(shape).astype(dtype)


def _rois(name, dtype="float32"):
    return np.array(GOLDEN["rois"][name], dtype)


def _expected(case):
    values = np.array([np.nan if v is None else v for v in case["out"]], np.float64)
    return values.reshape(case["shape"])


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=lambda c: f"{c['args']}-{c['features']}")
def test_outputs_match_mindspore(case):
    op = ops.ROIAlign(*case["args"])
    dtype = GOLDEN["features"][case["features"]][1]
    out = op(Tensor(_features(case["features"])), Tensor(_rois(case["rois"], dtype)))
    assert repr(op) == case["repr"]
    assert str(out.asnumpy().dtype) == case["dtype"]
    tolerance = 2e-3 if dtype == "float16" else 1e-5
    np.testing.assert_allclose(out.asnumpy().astype(np.float64), _expected(case),
                               rtol=tolerance, atol=tolerance)


def test_features_gradient_matches_mindspore():
    rois = Tensor(_rois("one"))

    def summed(x):
        return ops.ROIAlign(2, 2, 0.5, 2, 1)(x, rois).sum()

    grad = msjax.grad(summed)(Tensor(_features("one")))
    np.testing.assert_allclose(grad.asnumpy().reshape(-1), GOLDEN["grad"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("record", GOLDEN["errors"], ids=lambda r: f"{r['ctor']}-{r['rois']}")
def test_errors_match_mindspore(record):
    error_type, message = record["error"]

    def call():
        op = eval("ops." + record["ctor"], {"ops": ops})
        if record["features"] is not None:
            op(Tensor(_features(record["features"])), Tensor(_rois(record["rois"])))

    with pytest.raises(getattr(builtins, error_type)) as caught:
        call()
    assert str(caught.value) == message


def test_rank3_features_are_refused_with_the_fix():
    # MindSpore's kernel reads past a 3-D input (its result is memory garbage); msjax refuses it.
    with pytest.raises(ValueError, match="must be 4-D .* add the missing batch or channel axes"):
        ops.ROIAlign(2, 2, 1.0)(Tensor(np.ones((1, 4, 4), np.float32)), Tensor(_rois("small")))


def test_box_at_x_zero_is_skipped_as_zeros():
    # The kernel skips a box whose x1 and x2 are both within 0.001 of 0 (its output unwritten):
    # msjax gives zeros there, and the other boxes as usual.
    rois = np.array([[0, 0.0, 1.0, 0.0005, 3.0], [0, 0.3, 0.2, 2.6, 2.9]], np.float32)
    x = _features("one")
    out = ops.ROIAlign(2, 2, 1.0)(Tensor(x), Tensor(rois)).asnumpy()
    alone = ops.ROIAlign(2, 2, 1.0)(Tensor(x), Tensor(rois[1:])).asnumpy()
    np.testing.assert_array_equal(out[0], np.zeros((1, 2, 2), np.float32))
    np.testing.assert_allclose(out[1], alone[0], rtol=1e-6)


def test_jit_and_vmap_agree_with_eager():
    x = jnp.asarray(_features("two"))
    rois = jnp.asarray(_rois("three"))
    eager = roi_align(x, rois, 2, 3, 0.5, 2, 1)
    jitted = jax.jit(lambda f, r: roi_align(f, r, 2, 3, 0.5, 2, 1))(x, rois)
    np.testing.assert_allclose(jitted, eager, rtol=1e-6)
    stacked = jnp.stack([rois, rois[::-1] * 0.9])
    mapped = jax.vmap(lambda r: roi_align(x, r, 2, 3, 0.5, 2, 1))(stacked)
    np.testing.assert_allclose(mapped[1], roi_align(x, stacked[1], 2, 3, 0.5, 2, 1), rtol=1e-6)
    np.testing.assert_allclose(mapped[0], eager, rtol=1e-6)


def test_box_gradient_is_finite_and_matches_finite_differences():
    x = jnp.asarray(_features("two"))
    rois = jnp.asarray(_rois("three")[:2])

    def loss(r):
        return jnp.sum(roi_align(x, r, 2, 2, 1.0, 2, 1) ** 2)

    grad = jax.grad(loss)(rois)
    step = 1e-3
    bump = jnp.zeros_like(rois).at[0, 2].set(step)
    numeric = (loss(rois + bump) - loss(rois - bump)) / (2 * step)
    np.testing.assert_allclose(grad[0, 2], numeric, rtol=2e-2)
    assert float(grad[0, 0]) == 0.0  # the batch index is not differentiable
