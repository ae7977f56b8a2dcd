"""vmap's checks of what it maps over and of `out_axes` (msjax/_src/transforms/vmap.py), as
MindSpore 2.10 raises them: tests/goldens/scripts/vmap_axes_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/vmap_axes_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("vmap_axes_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_vmap_axes_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
