"""MindSpore 2.10's `export` of a MINDIR past `mindspore.train.serialization.TOTAL_SAVE` (set to 0
here, so that small Parameters split): NAME_graph.mindir and NAME_variables/data_N in MindSpore's
raw layout, a new data file past PARAMETER_SPLIT_SIZE, loading them back; and `nn.GraphCell`'s
checks of `params_init`. Printed `label -> RESULT`; tests/train/test_mindir_split.py runs it
unchanged on msjax. (The graph file's bytes differ: msjax writes its own program format.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/mindir_split_probe.py \
        | grep -- " -> " > tests/goldens/train/mindir_split_probe.out
"""
import os
import shutil
import tempfile

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, export, load, nn

HERE = tempfile.mkdtemp()  # (no chdir: tests/golden_scripts.py runs the script inside the test process)
serialization = ms.train.serialization


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.y = Parameter(Tensor(np.array([2, 3, 3, 4], np.float32)), name="w")
        self.z = Parameter(Tensor(np.arange(20, dtype=np.float16)), name="z")
        self.b = Parameter(Tensor(np.array([7], np.int32)), name="b")

    def construct(self, x):
        return x + self.y + self.z[:4].astype(ms.float32) + self.b.astype(ms.float32)


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


def at(name):
    return os.path.join(HERE, name)


def mode(name):
    return oct(os.stat(at(name)).st_mode)[-3:]


def data_files(folder):
    files = []
    for name in sorted(os.listdir(at(folder))):
        with open(at(os.path.join(folder, name)), "rb") as f:
            files.append((name, mode(os.path.join(folder, name)), f.read().hex()))
    return files


x = Tensor(np.array([1, 1, 1, 1], np.float32))
show("limits", lambda: (serialization.TOTAL_SAVE, serialization.PARAMETER_SPLIT_SIZE))
export(Net(), x, file_name=at("whole"), file_format="MINDIR")
show("whole files", lambda: sorted(os.listdir(HERE)))
show("whole mode", lambda: mode("whole.mindir"))
serialization.TOTAL_SAVE = 0
export(Net(), x, file_name=at("sp"), file_format="MINDIR")
show("split files", lambda: sorted(os.listdir(HERE)))
show("split graph mode", lambda: mode("sp_graph.mindir"))
show("split data", lambda: data_files("sp_variables"))
show("split load", lambda: nn.GraphCell(load(at("sp_graph.mindir")))(x))
show("split plain name", lambda: load(at("sp.mindir")))
serialization.PARAMETER_SPLIT_SIZE = 200 / 1024
export(Net(), x, file_name=at("sp2.mindir"), file_format="MINDIR")
show("split 200B data", lambda: data_files("sp2_variables"))
show("split 200B load", lambda: nn.GraphCell(load(at("sp2_graph.mindir")))(x))
serialization.PARAMETER_SPLIT_SIZE = 0
show("first parameter too big", lambda: export(Net(), x, file_name=at("sp3"), file_format="MINDIR"))
serialization.PARAMETER_SPLIT_SIZE = 1024 * 1024 * 1024
shutil.rmtree(at("sp_variables"))
show("data folder removed", lambda: load(at("sp_graph.mindir")))
os.makedirs(at("sp_variables"))
with open(at("sp_variables/data_0"), "wb") as f:
    f.write(b"\x01" + bytes(63) + bytes(10))
show("data file short", lambda: load(at("sp_graph.mindir")))
serialization.TOTAL_SAVE = 1024 * 1024

graph = load(at("whole.mindir"))
ones = Tensor(np.ones(4, np.float32))
show("params_init list", lambda: nn.GraphCell(graph, params_init=[1]))
show("params_init ndarray", lambda: nn.GraphCell(graph, params_init={"w": np.ones(4, np.float32)}))
show("params_init int key", lambda: nn.GraphCell(graph, params_init={1: ones}))
show("params_init unknown name", lambda: nn.GraphCell(graph, params_init={"nope": ones}))
show("params_init shape", lambda: nn.GraphCell(graph, params_init={"w": Parameter(np.ones((2, 4), np.float32))}))
show("params_init dtype", lambda: nn.GraphCell(graph, params_init={"w": Tensor(np.ones(4, np.float64))}))
show("params_init tensor", lambda: nn.GraphCell(graph, params_init={"w": ones * 5})(x))
show("params_init parameter", lambda: nn.GraphCell(
    graph, params_init={"b": Parameter(Tensor(np.array([0], np.int32)), name="other")})(x))
