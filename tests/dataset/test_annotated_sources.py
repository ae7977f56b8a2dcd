"""VOCDataset, CocoDataset and CelebADataset on small folders in the real formats, as MindSpore
2.10 reads them (golden: tests/goldens/dataset/detection_probe.txt, made by
tests/goldens/scripts/dataset_detection_probe.py, run unchanged on msjax here): every task's
columns, dtypes, shapes and values, decoded images, class indexing, extra metadata and bad
input."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

EXPECTED = golden_cases("dataset/detection_probe.txt")


@pytest.fixture(scope="module")
def cases():
    return run_script_on_msjax("dataset_detection_probe.py")


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_annotated_datasets_as_mindspore(label, cases):
    assert cases[label] == EXPECTED[label]


def test_meta_columns_are_listed_but_not_iterated(cases):
    assert "_meta-filename" in cases["voc extra metadata columns"]
    assert "_meta-filename" not in cases["voc extra metadata row 0"]

