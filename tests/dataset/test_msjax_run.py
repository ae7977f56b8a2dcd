"""`import mindspore.dataset as ds` (and its submodules) resolve to msjax's under `msjax run`."""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = """
import numpy as np
import mindspore.dataset as ds
import mindspore.dataset.vision.c_transforms as C
from mindspore.dataset.transforms import TypeCast
from mindspore.mindrecord import FileWriter
import mindspore as ms
data = ds.NumpySlicesDataset({"image": np.zeros((4, 6, 6, 3), np.uint8), "label": [1, 2, 3, 4]}, shuffle=False)
data = data.map([C.Resize((4, 4)), C.HWC2CHW()], "image").map(TypeCast(ms.int32), "label").batch(2)
for image, label in data.create_tuple_iterator():
    print(type(image).__name__, image.shape, image.dtype, label.dtype, ds.__name__, FileWriter.__module__)
"""


def test_mindspore_dataset_under_msjax_run(tmp_path):
    script = tmp_path / "pipeline.py"
    script.write_text(SCRIPT)
    result = subprocess.run([sys.executable, "-m", "msjax", "run", str(script)],
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Tensor (2, 3, 4, 4) UInt8 Int32 msjax.dataset mindspore.mindrecord.filewriter"] * 2  # (MindSpore's module for the class)
