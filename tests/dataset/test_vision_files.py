"""`vision.read_file` / `write_file` (msjax/_src/dataset/vision_files.py):
tests/goldens/scripts/vision_files_probe.py run unchanged against MindSpore 2.10's output."""
import numpy as np
import pytest

from msjax._src.dataset.vision_files import read_file, write_file
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("dataset/vision_files_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("vision_files_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_vision_files_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_refused_write_leaves_the_file(tmp_path):
    path = str(tmp_path / "kept.bin")
    write_file(path, np.array([1, 2], np.uint8))
    with pytest.raises(RuntimeError):
        write_file(path, np.zeros((2, 2), np.uint8))
    assert read_file(path).tolist() == [1, 2]
