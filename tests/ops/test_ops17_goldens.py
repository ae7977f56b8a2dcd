"""Behaviours added for MindSpore's st/ops sample s17, as MindSpore 2.10 computes them: ROIAlign's
adaptive grid (sample_num <= 0) in graph mode and on boxes much larger than the feature map;
`ops.auto_generate.SoftmaxBackward` and its gradient; the ValueError of the legacy Primitives
whose input count is checked by their shape inference. The probes
tests/goldens/scripts/ops17_roi_softmax_arity_probe.py and ops17_input_number_probe.py run
unchanged on msjax and are compared with what MindSpore printed (tests/goldens/ops/*.out).

Tolerances: dtypes, shapes, exception types and messages exactly. Values: float32 and float64
to 2e-6 relative (MindSpore's kernels sum the bilinear samples and the softmax products in
their own order, XLA in its own); float16 to 2e-3 (a few units in the last place of float16:
ROIAlign's float16 kernel rounds its sums at each step)."""
import ast

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax._src.ops.roi_ops import roi_align
from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBE = "ops17_roi_softmax_arity_probe"
GOLDEN = golden_cases(f"ops/{PROBE}.out")
COUNTS_PROBE = "ops17_input_number_probe"
COUNTS_GOLDEN = golden_cases(f"ops/{COUNTS_PROBE}.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax(f"{PROBE}.py")


@pytest.fixture(scope="module")
def msjax_count_cases():
    return run_script_on_msjax(f"{COUNTS_PROBE}.py")


@pytest.mark.parametrize("label", list(COUNTS_GOLDEN))
def test_wrong_input_count_matches_mindspore(label, msjax_count_cases):
    assert msjax_count_cases.get(label) == COUNTS_GOLDEN[label]


def _outputs(result):
    """The (dtype, shape, values) of each output of an `OK [...]` line."""
    return ast.literal_eval(result[3:].replace("nan", "None"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_probe_matches_mindspore(label, msjax_cases):
    got, want = msjax_cases.get(label), GOLDEN[label]
    if not want.startswith("OK ["):
        assert got == want
        return
    assert got is not None and got.startswith("OK ["), got
    got_outputs, want_outputs = _outputs(got), _outputs(want)
    assert [o[:2] for o in got_outputs] == [o[:2] for o in want_outputs]
    for (dtype, _, values), (_, _, expected) in zip(got_outputs, want_outputs):
        tolerance = 2e-3 if dtype == "Float16" else 2e-6
        np.testing.assert_allclose(np.array(values, np.float64), np.array(expected, np.float64),
                                   rtol=tolerance, atol=tolerance)


def test_adaptive_grid_is_the_same_under_jit_vmap_and_eagerly():
    """msjax's own: the windowed adaptive grid gives under jit and vmap what it gives eagerly
    (where the whole grid is sampled), on boxes up to ten times the feature map."""
    rng = np.random.default_rng(1)
    x = jnp.asarray(rng.normal(size=(2, 3, 5, 8)).astype(np.float32))
    rois = np.concatenate([rng.integers(0, 2, (6, 1)), rng.uniform(-40, 60, (6, 4))], 1)
    rois = jnp.asarray(rois.astype(np.float32))
    eager = roi_align(x, rois, 2, 3, 1.0, 0, 1)
    jitted = jax.jit(lambda r: roi_align(x, r, 2, 3, 1.0, 0, 1))(rois)
    np.testing.assert_allclose(jitted, eager, rtol=1e-6, atol=1e-7)
    mapped = jax.vmap(lambda r: roi_align(x, r, 2, 3, 1.0, 0, 1))(jnp.stack([rois, rois[::-1]]))
    np.testing.assert_allclose(mapped[1], eager[::-1], rtol=1e-6, atol=1e-7)


def test_adaptive_grid_gradient_under_jit():
    """The features' gradient of an adaptive-grid ROIAlign compiles and matches the eager one."""
    x = jnp.asarray(np.arange(2 * 1 * 6 * 7, dtype=np.float32).reshape(2, 1, 6, 7) % 5)
    rois = jnp.asarray(np.array([[0, -2.0, -2.0, 22.0, 22.0], [1, 1.0, 0.5, 4.5, 5.0]],
                                np.float32))

    def loss(features):
        return jnp.sum(roi_align(features, rois, 2, 2, 1.0, -1, 0) ** 2)

    np.testing.assert_allclose(jax.jit(jax.grad(loss))(x), jax.grad(loss)(x), rtol=1e-6)
