"""MindSpore 2.10's callback internals that training code and MindSpore's tests call:
`train.callback._checkpoint_cb_for_save_op` with and without `_set_cur_net` (the network's
values after, the list emptied, the network forgotten, a strict load's error),
`train.callback._checkpoint._chg_ckpt_file_name_if_same_exist` (plain and breakpoint
checkpoints, callables), and `OnRequestExit`'s attributes on one device. Golden:
tests/goldens/train/ut19_callback_internals_probe.out (tests/train/test_callback_internals.py)."""
import os
import tempfile

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter
from mindspore.train import OnRequestExit
from mindspore.train.callback import _checkpoint_cb_for_save_op, _set_cur_net
from mindspore.train.callback._checkpoint import _chg_ckpt_file_name_if_same_exist


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).splitlines()[0] if str(e) else "")


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.dense(x)


entries = [{"name": "dense.weight", "data": Tensor(np.full((2, 3), 2.5, np.float32))}]
show("no net", lambda: _checkpoint_cb_for_save_op(entries))
show("no net leaves list", lambda: len(entries))

net = Net()
_set_cur_net(net)
entries = [{"name": "dense.weight", "data": Tensor(np.full((2, 3), 2.5, np.float32))},
           {"name": "dense.bias", "data": Parameter(Tensor(np.array([1.0, -1.0], np.float32)),
                                                    name="b")}]
show("fill", lambda: _checkpoint_cb_for_save_op(entries))
show("list emptied", lambda: len(entries))
show("weight", lambda: net.dense.weight.asnumpy().tolist())
show("bias", lambda: (net.dense.bias.asnumpy().tolist(), net.dense.bias.dtype))
show("net forgotten", lambda: _checkpoint_cb_for_save_op(
    [{"name": "dense.bias", "data": Tensor(np.zeros(2, np.float32))}]))
show("bias unchanged", lambda: net.dense.bias.asnumpy().tolist())

net2 = Net()
_set_cur_net(net2)
show("scalar and one-element", lambda: _checkpoint_cb_for_save_op(
    [{"name": "dense.weight", "data": Tensor(np.ones((2, 3), np.float32) * 3)},
     {"name": "dense.bias", "data": Tensor(np.array([4.0, 5.0], np.float32))}]))
show("net2 weight", lambda: net2.dense.weight.asnumpy().tolist())

folder = tempfile.mkdtemp()
for name in ("ckpt-1_1.ckpt", "ckpt_3-2_1.ckpt", "ckpt_x-1_1.ckpt", "other-1_1.ckpt",
             "ckpt-1_1_breakpoint.ckpt", "ckpt.txt", "ckpta-1_1.ckpt", "net-1.safetensors"):
    open(os.path.join(folder, name), "w").close()
show("same name ckpt", lambda: _chg_ckpt_file_name_if_same_exist(folder, "ckpt"))
show("same name other", lambda: _chg_ckpt_file_name_if_same_exist(folder, "other"))
show("same name net safetensors", lambda: _chg_ckpt_file_name_if_same_exist(folder, "net"))
show("same name fresh", lambda: _chg_ckpt_file_name_if_same_exist(folder, "fresh"))
show("same name breakpoint", lambda: _chg_ckpt_file_name_if_same_exist(folder, "ckpt", True))
show("same name breakpoint fresh", lambda: _chg_ckpt_file_name_if_same_exist(folder, "net", True))
show("same name callable", lambda: _chg_ckpt_file_name_if_same_exist(folder, len) is len)

os.chdir(folder)
cb = OnRequestExit(save_ckpt=False, save_mindir=False, config_file="./reset.json")
show("exit attributes", lambda: (cb.save_path, cb.use_graceful, cb.remote_config_file,
                                 cb.is_distributed, cb.integrated_save, cb.key, cb.stop_train))
