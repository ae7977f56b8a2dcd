"""ops.grid_sample (4-D and 5-D), GridSampler2D and GridSampler3D against MindSpore 2.10:
tests/goldens/scripts/grid_sample_probe.py run unchanged on msjax, case by case (values and
gradients rounded to 4 decimals)."""
import ast

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/grid_sample_probe.out")


def _flat(value):
    return [x for v in value for x in _flat(v)] if isinstance(value, list) else [value]


def _nesting(value):
    return [_nesting(v) for v in value] if isinstance(value, list) else None


@pytest.fixture(scope="module")
def probe():
    return run_script_on_msjax("grid_sample_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, probe):
    expected, got = GOLDEN[label], probe.get(label)
    if expected.startswith("["):  # values: float32 sums may differ in the 4th decimal
        got, expected = ast.literal_eval(got), ast.literal_eval(expected)
        assert _nesting(got) == _nesting(expected)
        np.testing.assert_allclose(_flat(got), _flat(expected), atol=2e-4, rtol=0)
    else:
        assert got == expected


def test_3d_under_jit_and_nested_vmap():
    rng = np.random.RandomState(1)
    x = rng.uniform(-1, 1, (2, 3, 2, 1, 3, 4, 5)).astype(np.float32)
    g = rng.uniform(-1, 1, (2, 3, 2, 2, 3, 1, 3)).astype(np.float32)
    sampler = ops.GridSampler3D("bilinear", "border", True)
    eager = np.stack([np.stack([sampler(Tensor(x[i, j]), Tensor(g[i, j])).asnumpy()
                                for j in range(3)]) for i in range(2)])
    mapped = ops.vmap(ops.vmap(lambda a, b: sampler(a, b), (0, 0)), (0, 0))(Tensor(x), Tensor(g))
    compiled = ms.jit(lambda a, b: sampler(a, b))(Tensor(x[0, 0]), Tensor(g[0, 0]))
    np.testing.assert_allclose(mapped.asnumpy(), eager, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(compiled.asnumpy(), eager[0, 0], rtol=1e-6, atol=1e-6)
