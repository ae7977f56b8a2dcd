"""Every normalisation layer computes a float16 input's statistics and their gradient in float32,
so a loss-scaled float16 step stays finite where the float32 one is well inside float16's range.

In float16 arithmetic the gradient of `rsqrt(var + eps)` holds `(var + eps) ** -1.5`, beyond
65504 for a variance below about 6e-4: GroupNorm's and InstanceNorm's input gradients were NaN
here (BatchNorm's too, on the gradient path JAX's autodiff takes: MSJAX_PRIVATE_JAX=0). The
expected value is the same layer's float32 gradient: float16 rounds the input, the output and the
gradient, so they agree to a few float16 units (3e-3 of the largest value)."""
import ast

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

LAYERS = {
    "BatchNorm2d": (lambda: nn.BatchNorm2d(4), (2, 4, 5, 5)),
    "BatchNorm1d": (lambda: nn.BatchNorm1d(4), (8, 4)),
    "GroupNorm": (lambda: nn.GroupNorm(2, 4), (2, 4, 5, 5)),
    "InstanceNorm2d": (lambda: nn.InstanceNorm2d(4), (2, 4, 5, 5)),
    "LayerNorm": (lambda: nn.LayerNorm((16,)), (8, 16)),
    "mint.nn.GroupNorm": (lambda: ms.mint.nn.GroupNorm(2, 4), (2, 4, 5, 5)),
}


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("name", list(LAYERS))
def test_float16_gradient_is_finite_and_matches_float32(name, mode):
    ms.set_context(mode=mode)
    make, shape = LAYERS[name]
    rng = np.random.default_rng(0)
    x = rng.standard_normal(shape).astype(np.float32) * 1e-2  # variance ~1e-4
    w = rng.standard_normal(shape).astype(np.float32)
    gradients = {}
    for dtype in (ms.float32, ms.float16):
        layer = make()
        if dtype == ms.float16:
            layer.to_float(ms.float16)

        def loss(v, layer=layer):
            return (layer(v).astype(ms.float32) * Tensor(w)).sum() * 8.0

        gradients[dtype] = ms.grad(loss)(Tensor(x).astype(dtype)).asnumpy().astype(np.float64)
    want, got = gradients[ms.float32], gradients[ms.float16]
    assert np.abs(want).max() < 1e4  # well inside float16's range
    assert np.isfinite(got).all()
    np.testing.assert_allclose(got, want, atol=3e-3 * np.abs(want).max(), rtol=0)


GROUP_NORM_GOLDEN = parse_lines((GOLDENS / "nn" / "groupnorm_float16_probe.out").read_text())


@pytest.mark.parametrize("label", list(GROUP_NORM_GOLDEN))
def test_float16_group_norm_is_mindspore_s(label):
    """MindSpore's GroupNorm gives a float16 input's float32 result rounded
    (tests/goldens/scripts/groupnorm_float16_probe.py): equal to one float16 unit (float32 sums in
    another order can round the other way)."""
    got = parse_lines(script_output_on_msjax("groupnorm_float16_probe.py"))[label]
    want = GROUP_NORM_GOLDEN[label]
    assert got.split(" ")[:2] == want.split(" ")[:2] == ["OK", "Float16"]
    got, want = (np.array(ast.literal_eval(v.split(" ", 2)[2])) for v in (got, want))
    units = np.abs(got - want) / np.spacing(np.abs(want).astype(np.float16)).astype(np.float64)
    assert units.max() <= 1
