"""BatchNorm on float16 inputs against MindSpore 2.10: tests/goldens/scripts/batchnorm_float16_probe.py
run unchanged on msjax, compared with MindSpore's output (tests/goldens/nn/batchnorm_float16_probe.out).

MindSpore's kernels compute a float16 BatchNorm in float32 and round the output; under `to_float`
a BatchNorm keeps its float32 Parameters. Dtypes and errors must match exactly; float16 values to
one unit in the last place (float32 statistics summed in another order can round the other way),
float32 values to 16 units (a gradient summed over the batch in XLA's order).

The written-out gradient and JAX's autodiff of BatchNorm (ops/batch_norm_train.py; which one runs
depends on the transform and on JAX's private paths, MSJAX_PRIVATE_JAX) must give the same float16
gradients: in float16 arithmetic, autodiff's overflowed to NaN under a loss scale (the model zoo's
float16 GPU ResNet-50)."""
import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax._src.ops.batch_norm_train import batch_norm_train, reverse_mode_only
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "batchnorm_float16_probe.out").read_text())
ULPS = {"Float16": (np.float16, 1), "Float32": (np.float32, 16)}


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("batchnorm_float16_probe.py"))


def _split(result):
    """`OK [dtypes] [[values], ...]` -> (dtypes, arrays)."""
    head, values = result[3:].split("] [[", 1)
    values = json.loads("[[" + values.replace("inf", "Infinity").replace("nan", "NaN"))
    return json.loads(head.replace("'", '"') + "]"), values


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if not want.startswith("OK ") or label.endswith(" dtypes"):
        assert got == want
        return
    assert got.startswith("OK "), got
    (got_dtypes, got_values), (dtypes, values) = _split(got), _split(want)
    assert got_dtypes == dtypes
    for dtype, a, b in zip(dtypes, got_values, values):
        np_dtype, ulps = ULPS[dtype]
        a, b = np.asarray(a), np.asarray(b)
        assert np.isfinite(a).all() and np.isfinite(b).all()
        spacing = np.spacing(np.abs(b).astype(np_dtype)).astype(np.float64)
        assert np.all(np.abs(a - b) <= ulps * spacing), (dtype, np.max(np.abs(a - b) / spacing))


@pytest.mark.parametrize("weight_dtype", [jnp.float16, jnp.float32])
def test_both_gradient_formulations_agree_in_float16(weight_dtype):
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.standard_normal((4, 3, 5, 5)) * 1e-2, jnp.float16)  # variance ~1e-4
    w = jnp.asarray(rng.standard_normal((4, 3, 5, 5)), jnp.float16)
    weight, bias = jnp.asarray([1.5, -1, 2], weight_dtype), jnp.asarray([0.1, 0, -0.2], weight_dtype)

    def loss(x, weight, bias):
        out, mean, var = batch_norm_train(x, weight, bias, 1e-5)
        assert out.dtype == jnp.float16 and mean.dtype == var.dtype == jnp.float32
        # loss scale 64: (var + eps) ** -1.5 is beyond float16's range
        return (out * w).astype(jnp.float32).sum() * 64 + mean.sum() + var.sum()

    autodiff = jax.grad(loss, (0, 1, 2))(x, weight, bias)
    with reverse_mode_only():
        written = jax.grad(loss, (0, 1, 2))(x, weight, bias)
    for got, want in zip(autodiff, written):
        got, want = np.asarray(got), np.asarray(want)
        assert got.dtype == want.dtype
        assert np.isfinite(got).all() and np.isfinite(want).all()
        units = np.abs(got.astype(np.float64) - want) / np.spacing(np.abs(want))
        # float16 gradients agree exactly here; a float32 weight's gradient is a batch sum that
        # the two formulations order differently (2 units in the last place seen)
        assert units.max() <= (0 if got.dtype == np.float16 else 4), (got.dtype, units.max())
