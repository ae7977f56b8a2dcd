"""MindSpore 2.10's `load_checkpoint(choice_func=...)`: the names a function picks, and the
ValueError when the function raises or picks nothing (the file's path printed relative to the
working folder). Golden: tests/goldens/ckpt/ut19_load_checkpoint_choice_func_probe.out
(tests/test_load_checkpoint_choice_func.py)."""
import os
import tempfile

import mindspore as ms
from mindspore import nn


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).replace(os.getcwd(), "<cwd>").replace("\n", "\\n"))


os.chdir(tempfile.mkdtemp())
net = nn.SequentialCell([nn.Dense(3, 2), nn.Dense(2, 1)])
ms.save_checkpoint(net, "net.ckpt")
show("pick first layer", lambda: list(ms.load_checkpoint("net.ckpt", choice_func=lambda x: x.startswith("0."))))
show("startswith int", lambda: ms.load_checkpoint("net.ckpt", choice_func=lambda x: x.startswith(123)))
show("picks nothing", lambda: ms.load_checkpoint("net.ckpt", choice_func=lambda x: not x.startswith("")))
show("raises KeyError", lambda: ms.load_checkpoint("net.ckpt", choice_func=lambda x: {}[x]))
show("relative path", lambda: ms.load_checkpoint("./net.ckpt", choice_func=lambda x: 1 / 0))
