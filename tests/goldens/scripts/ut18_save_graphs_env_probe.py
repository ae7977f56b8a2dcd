"""MindSpore 2.10 reads `MS_DEV_SAVE_GRAPHS_PATH` and `MS_DEV_DUMP_IR_PASSES` from the process's
environment (C's getenv) at each compile, not from Python's copy `os.environ`: after `os.unsetenv`
(what MindSpore's own tests' teardowns call; `os.environ` keeps its value) graphs go to the
working directory, every pass's; after `os.putenv` alone they go where it says. Saving stays on
throughout (`MS_DEV_SAVE_GRAPHS=1` before the first compile). Printed `label -> RESULT`: the
validated graphs (`*_validate*.ir`) each new `jit` function adds to each folder, and whether it
adds graphs of other passes (`.ir` files; msjax's other pass is its StableHLO, `.mlir`). tests/transforms/test_save_graphs_env.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ut18_save_graphs_env_probe.py \
        | grep -- " -> " > tests/goldens/transforms/ut18_save_graphs_env_probe.out
"""
import glob
import os
import shutil
import tempfile

import numpy as np
from mindspore import Tensor, jit

start = os.getcwd()
root = tempfile.mkdtemp()
FOLDERS = {name: os.path.join(root, name) for name in ("cwd", "first", "second")}
for folder in FOLDERS.values():
    os.makedirs(folder)
os.chdir(FOLDERS["cwd"])
NAMES = ("MS_DEV_SAVE_GRAPHS", "MS_DEV_SAVE_GRAPHS_PATH", "MS_DEV_DUMP_IR_PASSES")


def counts():
    """{folder: (validated graphs, graphs of other passes)}"""
    out = {}
    for name, folder in FOLDERS.items():
        graphs = [f for f in os.listdir(folder) if f.endswith((".ir", ".mlir"))]
        validated = len(glob.glob(os.path.join(folder, "*_validate*.ir")))
        out[name] = (validated, len(graphs) - validated)
    return out


def compile_new(label, size):
    """A new jit function (a new program) called once: what it adds to each folder."""
    @jit
    def shifted(x):
        return x * 2 + size

    before = counts()
    shifted(Tensor(np.ones(size, np.float32)))
    after = counts()
    for name in FOLDERS:
        print(f"{label}: validated graphs added to {name} ->", after[name][0] - before[name][0])
        print(f"{label}: other passes' graphs added to {name} ->", after[name][1] > before[name][1])


os.environ["MS_DEV_SAVE_GRAPHS"] = "1"
os.environ["MS_DEV_SAVE_GRAPHS_PATH"] = FOLDERS["first"]
os.environ["MS_DEV_DUMP_IR_PASSES"] = "_validate"
compile_new("all set in os.environ", 2)
os.putenv("MS_DEV_SAVE_GRAPHS_PATH", FOLDERS["second"])
compile_new("path changed by os.putenv", 3)
os.unsetenv("MS_DEV_SAVE_GRAPHS_PATH")
print("os.environ's path after os.unsetenv is first ->",
      os.environ.get("MS_DEV_SAVE_GRAPHS_PATH") == FOLDERS["first"])
compile_new("path cleared by os.unsetenv", 4)
os.environ["MS_DEV_SAVE_GRAPHS_PATH"] = FOLDERS["second"]
os.unsetenv("MS_DEV_DUMP_IR_PASSES")
compile_new("passes cleared by os.unsetenv", 5)
os.putenv("MS_DEV_DUMP_IR_PASSES", "_validate")
compile_new("passes set by os.putenv", 6)
os.chdir(start)
shutil.rmtree(root)
for name in NAMES:
    os.environ.pop(name, None)
