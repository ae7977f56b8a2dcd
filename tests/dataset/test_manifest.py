"""ManifestDataset (msjax/_src/dataset/manifest.py): tests/goldens/scripts/ds19c_manifest_probe.py
runs unchanged and must print exactly MindSpore 2.10's rows (shapes, dtypes, labels), class
indexing, sizes and errors (no tolerance: integers and messages)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds19c_manifest_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_manifest_case_matches_mindspore(label):
    assert dataset_script_cases("ds19c_manifest_probe.py").get(label) == GOLDEN[label]
