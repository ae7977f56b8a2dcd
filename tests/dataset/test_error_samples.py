"""config.set_error_samples_mode (msjax/_src/dataset/error_samples.py): the rows a map gives
when its operations fail on some, in MindSpore's REPLACE and SKIP modes:
tests/goldens/scripts/ds20_error_samples_probe.py must print exactly what MindSpore 2.10 prints
(row orders and errors, no tolerance)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds20_error_samples_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_error_samples_case_matches_mindspore(label):
    assert dataset_script_cases("ds20_error_samples_probe.py").get(label) == GOLDEN[label]


MAP_COLUMNS = golden_cases("dataset/ds20_map_columns_probe.out")


@pytest.mark.parametrize("label", sorted(MAP_COLUMNS))
def test_map_column_order_matches_mindspore(label):
    """The columns after a map (ds20_map_columns_probe): inputs replaced in place, or the
    outputs first when their count differs; no tolerance."""
    assert dataset_script_cases("ds20_map_columns_probe.py").get(label) == MAP_COLUMNS[label]
