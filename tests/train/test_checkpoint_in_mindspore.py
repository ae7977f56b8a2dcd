"""Checkpoints written by ModelCheckpoint load in real MindSpore.

tests/goldens/train/msjax_model_checkpoint.ckpt was written by `write_checkpoint` below and read by
MindSpore 2.10 (tests/goldens/scripts/train_ckpt_readback.py, output in train_ckpt_readback.txt).
The test writes the checkpoint again and checks that MindSpore's reading of the stored one is what
msjax writes now (names, dtypes, shapes, values), and that msjax reads the stored file the same way.
"""
import json
import os
import pathlib
import shutil
import sys

import numpy as np

from tests.golden_scripts import golden_cases

GOLDENS = pathlib.Path(__file__).resolve().parents[1] / "goldens" / "train"
STORED = GOLDENS / "msjax_model_checkpoint.ckpt"


def write_checkpoint(folder):
    """Train the small network one epoch with ModelCheckpoint; the path of the last checkpoint."""
    from msjax import nn
    from msjax.train import CheckpointConfig, Model, ModelCheckpoint
    from tests.train.helpers import TinyDataset, loss_fn, make_arrays, make_net
    net = make_net()
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    x, y = make_arrays(1)
    config = CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=1, append_info=["epoch_num"])
    checkpoint = ModelCheckpoint("msjax", str(folder), config)
    model.train(1, TinyDataset(x, y, 4), callbacks=[checkpoint])
    assert sorted(os.listdir(folder)) == ["msjax-1_6.ckpt"]  # keep_checkpoint_max=1
    return checkpoint.latest_ckpt_file_name


def _mindspore_reading():
    return {label: json.loads(value) for label, value in golden_cases("train/train_ckpt_readback.txt").items()}


def test_mindspore_reads_what_model_checkpoint_writes(tmp_path):
    import msjax as ms
    reading = _mindspore_reading()
    assert reading.pop("load_param_into_net/not_loaded") == []
    written = ms.load_checkpoint(write_checkpoint(tmp_path))
    stored = ms.load_checkpoint(str(STORED))
    assert sorted(f"param/{name}" for name in written) == sorted(reading)
    for label, (dtype, shape, values) in reading.items():
        name = label[len("param/"):]
        for params in (written, stored):
            assert str(params[name].dtype) == dtype and list(params[name].shape) == shape, name
            np.testing.assert_allclose(params[name].asnumpy().ravel(), values, rtol=1e-5, atol=1e-6)


if __name__ == "__main__":
    import tempfile
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))
    folder = tempfile.mkdtemp()
    shutil.copy(write_checkpoint(folder), STORED)
    print(f"wrote {STORED}")
