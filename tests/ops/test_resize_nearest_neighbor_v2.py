"""ops.ResizeNearestNeighborV2 against MindSpore 2.10: tests/goldens/scripts/
resize_nearest_neighbor_v2_probe.py run unchanged on msjax, case by case."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/resize_nearest_neighbor_v2_probe.out")


@pytest.fixture(scope="module")
def probe():
    return run_script_on_msjax("resize_nearest_neighbor_v2_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, probe):
    assert probe.get(label) == GOLDEN[label]
