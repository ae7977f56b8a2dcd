"""MindSpore 2.10 behaviour of mindspore.train.callback._CheckpointManager (the checkpoint files of
one prefix, which ModelCheckpoint prunes) and of serialization._save_graph before and after a
GRAPH_MODE call, printed `label -> RESULT`; tests/train/test_checkpoint_manager.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/checkpoint_manager_probe.py \
        | grep -- " -> " > tests/goldens/train/checkpoint_manager_probe.out
"""
import os
import tempfile
import time

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.train.callback import _CheckpointManager
from mindspore.train.serialization import _save_graph


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


folder = tempfile.mkdtemp()
now = time.time()
names = ["net-1_1.ckpt", "net-1_2.ckpt", "net-2_1.ckpt", "net_1-1_1.ckpt", "netb-1_1.ckpt",
         "net-best.ckpt", "net-1_1.meta", "other-1_1.ckpt", "net-3_1.safetensors"]
for age, name in enumerate(names):
    with open(os.path.join(folder, name), "w") as f:
        f.write("x")
    os.utime(os.path.join(folder, name), (now - 100 * age, now - 100 * age))


def listed(manager):
    return sorted(os.path.basename(f) for f in manager.ckpoint_filelist)


manager = _CheckpointManager()
show("fresh", lambda: (manager.ckpoint_num, manager.ckpoint_filelist))
manager.update_ckpoint_filelist(folder, "net")
show("update net", lambda: (manager.ckpoint_num, listed(manager)))
manager.remove_oldest_ckpoint_file()
show("remove oldest", lambda: (manager.ckpoint_num, listed(manager),
                               os.path.exists(os.path.join(folder, "net-2_1.ckpt"))))
show("remove missing", lambda: manager.remove_ckpoint_file(os.path.join(folder, "nope-1_1.ckpt")))
show("after missing", lambda: listed(manager))
manager.keep_one_ckpoint_per_minutes(3, now)
show("keep one per 3 minutes", lambda: (listed(manager), sorted(os.listdir(folder))))
other = _CheckpointManager("safetensors")
other.update_ckpoint_filelist(folder, "net")
show("safetensors format", lambda: listed(other))
manager.update_ckpoint_filelist(folder, "net_1")
show("update net_1", lambda: listed(manager))


class Add(nn.Cell):
    def construct(self, x, y):
        return x + y


ms.set_context(mode=ms.GRAPH_MODE)
net = Add()
graph_file = os.path.join(folder, "add-graph.meta")
_save_graph(net, graph_file)
show("save_graph before a call", lambda: os.path.exists(graph_file))
net(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((2, 3), np.float32)))
_save_graph(net, graph_file)
show("save_graph after a call", lambda: (os.path.exists(graph_file),
                                         os.path.getsize(graph_file) > 0,
                                         oct(os.stat(graph_file).st_mode & 0o777)))
