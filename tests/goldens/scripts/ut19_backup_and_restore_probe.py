"""MindSpore 2.10's `train.BackupAndRestore` in `Model.train`: the backup file after each
`save_freq`-th epoch (its weights against the network's), the restore when a training begins,
deleting the file at the end, and the argument errors. Golden:
tests/goldens/train/ut19_backup_and_restore_probe.out
(tests/train/test_backup_and_restore.py)."""
import os
import tempfile

import numpy as np
import mindspore as ms
from mindspore import nn
from mindspore.dataset import GeneratorDataset
from mindspore.train import BackupAndRestore, Model


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).splitlines()[0] if str(e) else "")


os.chdir(tempfile.mkdtemp())
x = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)
y = (x @ np.array([[0.5], [-0.25], [1.0]], np.float32) + 0.1).astype(np.float32)


def dataset():
    return GeneratorDataset(lambda: iter(zip(x, y)), ["x", "y"], shuffle=False).batch(4)


def weights(net):
    return [np.round(p.asnumpy(), 5).ravel().tolist() for p in net.trainable_params()]


def saved(file_name):
    """The checkpoint's entries: names and values to 5 decimals."""
    return [(name, np.round(value.asnumpy(), 5).ravel().tolist())
            for name, value in ms.load_checkpoint(file_name).items()]


def model_of(net):
    return Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9))


net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
model_of(net).train(2, dataset(), callbacks=BackupAndRestore("bk", delete_checkpoint=False),
                    dataset_sink_mode=False)
show("kept file", lambda: os.path.exists("bk/backup.ckpt"))
show("trained", lambda: weights(net))
show("backup", lambda: saved("bk/backup.ckpt"))

fresh = nn.Dense(3, 1, weight_init="zeros", bias_init="zeros")
model_of(fresh).train(1, dataset(), callbacks=BackupAndRestore("bk"), dataset_sink_mode=False)
show("restored then trained", lambda: weights(fresh))
show("deleted", lambda: os.path.exists("bk/backup.ckpt"))

net3 = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
model_of(net3).train(3, dataset(), callbacks=BackupAndRestore("bk3", save_freq=2,
                                                               delete_checkpoint=False),
                     dataset_sink_mode=False)
show("save_freq 2 backup", lambda: saved("bk3/backup.ckpt"))
show("save_freq 2 trained", lambda: weights(net3))
show("save_freq", lambda: (BackupAndRestore("a").save_freq, BackupAndRestore("a", 3).save_freq))
show("file", lambda: os.path.relpath(BackupAndRestore("a").backup_file))
for arg in (0, 1.5, "step", True):
    show(f"save_freq {arg!r}", lambda: BackupAndRestore("a", save_freq=arg))
for arg in (1, None):
    show(f"delete {arg!r}", lambda: BackupAndRestore("a", delete_checkpoint=arg))
for arg in (1, ""):
    show(f"dir {arg!r}", lambda: BackupAndRestore(arg))
