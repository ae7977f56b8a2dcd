"""Names real MindSpore code uses, run as MindSpore 2.10 ran them: the probe scripts
tests/goldens/scripts/used_names_probe*.py run unchanged on msjax and print what MindSpore
printed (tests/goldens/api/used_names_probe*.out)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = ("used_names_probe", "used_names_probe2", "used_names_probe3", "used_names_probe4",
          "used_names_probe5", "used_names_probe6", "used_names_probe7", "used_names_probe8",
          "used_names_probe9", "used_names_probe10", "used_names_probe11",
          "used_names_probe12", "used_names_probe13", "used_names_probe14",
          "used_names_probe15", "used_names_probe16", "used_names_probe17", "used_names_probe18",
          "tensor_overloads_probe")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"api/{probe}.out").items()}


@pytest.fixture(scope="module")
def msjax_cases():
    from msjax._src.core import initializer, runtime
    runtime._memory_settings.clear()  # used_names_probe6 calls set_memory, which takes one call
    aliases = dict(initializer._INITIALIZER_ALIAS)  # used_names_probe16 registers its own
    try:
        return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}
    finally:
        runtime._memory_settings.clear()
        initializer._INITIALIZER_ALIAS.clear()
        initializer._INITIALIZER_ALIAS.update(aliases)
        import msjax.compat
        msjax.compat.uninstall()


@pytest.mark.parametrize("probe, label", sorted(GOLDEN))
def test_used_name_matches_mindspore(probe, label, msjax_cases):
    assert msjax_cases[probe].get(label) == GOLDEN[probe, label]
