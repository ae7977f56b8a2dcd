"""Schema (file argument checks, from_json, parse_columns' errors, MindSpore's JSON text) and
vision.utils.get_image_size: tests/goldens/scripts/ds20_schema_image_size_probe.py must print
exactly what MindSpore 2.10 prints (no tolerance)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds20_schema_image_size_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_schema_and_image_size_case_matches_mindspore(label):
    assert dataset_script_cases("ds20_schema_image_size_probe.py").get(label) == GOLDEN[label]
