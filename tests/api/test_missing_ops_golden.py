"""Operators MindSpore's tests/st/ops reach that msjax lacked (TruncateMod's dtypes, sub_ext,
ops.Dense, the Bessel functions, RandomGamma...): the probe scripts
tests/goldens/scripts/missing_ops_probe*.py run unchanged on msjax and print what MindSpore 2.10
printed (tests/goldens/api/missing_ops_probe*.out)."""
import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = ("missing_ops_probe1", "missing_ops_probe2", "missing_ops_probe3",
          "set_inputs_scalar_probe", "time_distributed_primitive_probe", "adam_amsgrad_probe")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"api/{probe}.out").items()}


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}
    finally:
        import msjax.compat
        msjax.compat.uninstall()


@pytest.mark.parametrize("probe, label", sorted(GOLDEN))
def test_missing_ops_probe_matches_mindspore(probe, label, msjax_cases):
    assert msjax_cases[probe].get(label) == GOLDEN[probe, label]


def test_unique_candidates_expected_count_follows_the_draws():
    """Unique sampling's expected count is num_sampled / range_max when no draw repeated, else
    1 - (1 - 1/range_max) ** draws for a whole number of draws above num_sampled (TensorFlow's
    rule, which MindSpore's 0.8665 = 1 - 0.75 ** 7 for 3 of 4 classes follows)."""
    import msjax as ms
    from msjax.ops import operations as P
    x = ms.Tensor(np.array([[1], [3]]), ms.int32)
    seen = set()
    for seed in range(1, 30):
        sampled, true_count, sampled_count = P.UniformCandidateSampler(1, 3, True, 4, seed=seed)(x)
        assert sorted(set(sampled.asnumpy().tolist())) == sorted(sampled.asnumpy().tolist())
        count = float(sampled_count.asnumpy()[0])
        np.testing.assert_array_equal(true_count.asnumpy(), np.full((2, 1), count, np.float32))
        draws = 3 if count == np.float32(0.75) else np.log1p(-count) / np.log(0.75)
        assert draws >= 3 and abs(draws - round(draws)) < 1e-3, count
        seen.add(round(draws))
    assert len(seen) > 2  # (the number of draws varies with the seed)
