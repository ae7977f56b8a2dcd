"""Pipeline errors real scripts meet, as MindSpore 2.10 raises them (golden:
tests/goldens/dataset/pipeline_errors.txt, made by
tests/goldens/scripts/dataset_pipeline_errors_probe.py, run unchanged on msjax here):
`num_parallel_workers` outside 1..CPU count, a map returning None / a set / an object / a tuple
holding None, a generator yielding None, an image that fails to decode."""
import os

import numpy as np
import pytest

import msjax.dataset as ds
import msjax.dataset.vision as vision
from tests.golden_scripts import golden_cases, run_script_on_msjax

EXPECTED = golden_cases("dataset/pipeline_errors.txt")


@pytest.fixture(scope="module")
def cases():
    return run_script_on_msjax("dataset_pipeline_errors_probe.py")


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_pipeline_errors_as_mindspore(label, cases):
    assert cases[label] == EXPECTED[label]


def test_a_failing_decode_names_its_file(tmp_path):
    """MindSpore names the file when a Python Decode fails; msjax names it for its Decode too."""
    os.makedirs(tmp_path / "c0")
    (tmp_path / "c0" / "fine.jpg").write_bytes(_jpeg())
    (tmp_path / "c0" / "broken.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    dataset = ds.ImageFolderDataset(str(tmp_path), shuffle=False).map(vision.Decode(), "image")
    with pytest.raises(RuntimeError, match=r"map operation: \[Decode\] failed\. The corresponding "
                                           r"data file is: .*broken\.jpg\. Decode: image decode "
                                           r"failed\."):
        list(dataset.create_tuple_iterator(output_numpy=True))


def _jpeg():
    import io
    from PIL import Image
    out = io.BytesIO()
    Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(out, format="JPEG")
    return out.getvalue()
