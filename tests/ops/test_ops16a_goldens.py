"""Behaviours added or corrected for MindSpore's st/ops sample s16a, as MindSpore 2.10 computes
them: the probe scripts tests/goldens/scripts/ops16a_*_probe.py run unchanged on msjax and print
what MindSpore printed (tests/goldens/ops/ops16a_*_probe.out)."""
import pytest

from tests.golden_scripts import golden_cases, results_close, run_script_on_msjax

PROBES = ("ops16a_constexpr_helpers_probe", "ops16a_grad_primitives_probe",
          "ops16a_input_checks_probe", "ops16a_setitem_probe", "ops16a_dyn_shape_probe",
          "ops16a_sparse_count_probe", "ops16a_ngram_padding_probe",
          "ops16a_fractional_max_pool_grad_probe", "ops16a_sparse_add_probe",
          "ops16a_betainc_grad_probe", "ops16a_expand_probe",
          "ops16a_vmap_unbatched_probe", "ops16a_ptn_probe")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"ops/{probe}.out").items()}


@pytest.fixture(scope="module")
def msjax_cases():
    return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}


@pytest.mark.parametrize("probe, label", sorted(GOLDEN))
def test_ops16a_probe_matches_mindspore(probe, label, msjax_cases):
    """Equal text, or equal values to float32's (float16's) last printed digits: the printed
    values are rounded to 4 decimals, and XLA's kernels and MindSpore's differ in the last ulp."""
    got, expected = msjax_cases[probe].get(label), GOLDEN[probe, label]
    if "f16" in label:
        assert results_close(got, expected, rtol=2e-3, atol=5e-4), (got, expected)
    else:
        assert results_close(got, expected), (got, expected)


def test_parameterized_truncated_normal_draws_each_row_with_its_own_parameters():
    """Beyond MindSpore 2.10's CPU kernel (docs/migration.md): row b of the draws follows
    mean[b], stdevs[b] and [min[b], max[b]], as the documentation describes."""
    import numpy as np

    import msjax as ms
    from msjax import Tensor
    from msjax.ops.operations import random_ops

    op = random_ops.ParameterizedTruncatedNormal(seed=3, seed2=4)
    mean, std = np.array([6.0, 8.0, -2.0], np.float32), np.array([0.1, 0.2, 1.0], np.float32)
    low, high = np.array([2.0, 5.0, -2.5], np.float32), np.array([10.0, 15.0, -1.0], np.float32)
    out = op(Tensor(np.array([3, 2000]), ms.int32), *(Tensor(v) for v in (mean, std, low, high)))
    draws = out.asnumpy()
    assert out.dtype == ms.float32 and draws.shape == (3, 2000)
    assert ((draws >= low[:, None]) & (draws <= high[:, None])).all()
    np.testing.assert_allclose(draws[:2].mean(1), mean[:2], atol=0.02)
    np.testing.assert_allclose(draws[:2].std(1), std[:2], rtol=0.1)
    assert -2.0 < draws[2].mean() < -1.5  # (N(-2, 1) cut to [-2.5, -1]: its mean is -1.7)
