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
import pytest

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


def test_model_checkpoint_writes_safetensors(tmp_path):
    """CheckpointConfig(format="safetensors"): the same training writes `<prefix>-1_6.safetensors`
    holding what the `.ckpt` holds (the format's own layout: tests/test_safetensors_format.py)."""
    import msjax as ms
    from msjax import nn
    from msjax.train import CheckpointConfig, Model, ModelCheckpoint
    from tests.train.helpers import TinyDataset, loss_fn, make_arrays, make_net
    net = make_net()
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    x, y = make_arrays(1)
    config = CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=1, append_info=["epoch_num"],
                              format="safetensors")
    model.train(1, TinyDataset(x, y, 4), callbacks=[ModelCheckpoint("msjax", str(tmp_path), config)])
    assert sorted(os.listdir(tmp_path)) == ["msjax-1_6.safetensors"]
    written = ms.load_checkpoint(str(tmp_path / "msjax-1_6.safetensors"), format="safetensors")
    as_ckpt = ms.load_checkpoint(write_checkpoint(tmp_path / "ckpt"))
    assert sorted(written) == sorted(as_ckpt)
    for name, param in as_ckpt.items():
        assert written[name].dtype == param.dtype and written[name].shape == param.shape, name
        np.testing.assert_array_equal(written[name].asnumpy(), param.asnumpy())


@pytest.mark.parametrize("kwargs", [{"crc_check": True}, {"exception_save": True}, {"enc_mode": "AES-CBC"},
                                    {"enc_key": b"0" * 16}, {"incremental": True}])
def test_safetensors_config_takes_no_other_parameter(kwargs):
    from msjax.train import CheckpointConfig
    with pytest.raises(ValueError, match=r"^For 'save_checkpoint', when format is 'safetensors', other param must "
                                         r"be default\.$"):
        CheckpointConfig(format="safetensors", **kwargs)


if __name__ == "__main__":
    import tempfile
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))
    folder = tempfile.mkdtemp()
    shutil.copy(write_checkpoint(folder), STORED)
    print(f"wrote {STORED}")
