"""UniformAugment (msjax/_src/dataset/vision_augment.py): tests/goldens/scripts/
ds20_uniform_augment_probe.py must print exactly what MindSpore 2.10 prints: argument checks,
the set of results its draws reach (each drawn op applied with probability 1/2), PIL in and out,
and a failing op reported as UniformAugment's in a map. The draws themselves are msjax's
(docs/migration.md: MindSpore's C++ generator is not reproduced)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds20_uniform_augment_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_uniform_augment_case_matches_mindspore(label):
    assert dataset_script_cases("ds20_uniform_augment_probe.py").get(label) == GOLDEN[label]
