"""RandomPerspective (MindSpore's Python kernel on Pillow): tests/goldens/scripts/
ds20_random_perspective_probe.py must print exactly what MindSpore 2.10 prints (argument checks,
PIL-only input, pixel sums of the draws that change nothing, sizes and modes of drawn results;
no tolerance). The draws themselves are msjax's (docs/migration.md)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds20_random_perspective_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_random_perspective_case_matches_mindspore(label):
    assert dataset_script_cases("ds20_random_perspective_probe.py").get(label) == GOLDEN[label]
