"""The internals MindSpore's own tests and libraries import (issue #25), run as MindSpore 2.10
ran them: the probe scripts tests/goldens/scripts/conformance_probe*.py run unchanged on msjax
and print what MindSpore printed (tests/goldens/api/conformance_probe*.out)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = ("conformance_probe1", "conformance_probe2", "conformance_probe3",
          "conformance_probe4", "conformance_probe5", "conformance_probe6",
          "conformance_probe7", "conformance_probe8", "conformance_probe9",
          "conformance_probe10", "conformance_probe11", "conformance_probe12",
          "conformance_probe13", "conformance_probe14", "conformance_probe15",
          "conformance_probe16", "conformance_probe17",
          "conformance_probe18", "conformance_probe19",
          "conformance_probe20", "conformance_probe21", "conformance_probe22",
          "conformance_probe23", "conformance_probe24", "conformance_probe25",
          "conformance_probe26", "conformance_probe27", "conformance_probe28",
          "conformance_probe29", "conformance_probe30", "conformance_probe31")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"api/{probe}.out").items()}


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}
    finally:
        import msjax.compat
        from msjax._src.ops.summary_ops import take_pending
        msjax.compat.uninstall()
        take_pending()  # (probe1's ScalarSummary value is no later SummaryRecord's)


@pytest.mark.parametrize("probe, label", sorted(GOLDEN))
def test_conformance_probe_matches_mindspore(probe, label, msjax_cases):
    assert msjax_cases[probe].get(label) == GOLDEN[probe, label]
