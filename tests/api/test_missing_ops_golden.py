"""Operators MindSpore's tests/st/ops reach that msjax lacked (TruncateMod's dtypes, sub_ext,
ops.Dense, the Bessel functions, RandomGamma...): the probe scripts
tests/goldens/scripts/missing_ops_probe*.py run unchanged on msjax and print what MindSpore 2.10
printed (tests/goldens/api/missing_ops_probe*.out)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = ("missing_ops_probe1",)
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
