"""mindspore.mindrecord's converters Cifar10ToMR, Cifar100ToMR, MnistToMR, ImageNetToMR, CsvToMR
and SUCCESS/FAILED (msjax/_src/dataset/mindrecord_converters.py) as MindSpore 2.10 has them:
tests/goldens/scripts/miss18_mindrecord_converters_probe.py run unchanged, compared exactly (file
names, schemas' columns and dtypes, index fields, ids and labels, errors). The JPEG payloads are
compared by decoding them: within 6 levels of the source pixels on both (OpenCV encodes them in
MindSpore, Pillow in msjax, at the same quality). Files msjax writes were also read back with
MindSpore's MindDataset (the same rows and decoded pixels as msjax reads)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/miss18_mindrecord_converters_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return dataset_script_cases("miss18_mindrecord_converters_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
