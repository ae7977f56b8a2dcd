"""Reads, with real MindSpore 2.10, a checkpoint msjax's ModelCheckpoint wrote; `label -> result` lines.

The checkpoint is written by msjax (tests/train/test_checkpoint_in_mindspore.py `write_checkpoint`,
also runnable: `PYTHONPATH=. python tests/train/test_checkpoint_in_mindspore.py`), stored as
tests/goldens/train/msjax_model_checkpoint.ckpt, then read here under the oracle:

    MSJAX_CKPT=$PWD/tests/goldens/train/msjax_model_checkpoint.ckpt \\
        /work/shared/tools/mindspore-oracle tests/goldens/scripts/train_ckpt_readback.py \\
        > tests/goldens/train/train_ckpt_readback.txt
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn

params = ms.load_checkpoint(os.environ["MSJAX_CKPT"])
for name in sorted(params):
    value = params[name]
    array = value.asnumpy()
    print(f"param/{name} -> " + json.dumps([str(value.dtype), list(array.shape),
                                            np.round(array.astype(np.float64), 6).ravel().tolist()]))
net = nn.SequentialCell([nn.Dense(4, 5), nn.ReLU(), nn.Dense(5, 3)])
not_loaded, _ = ms.load_param_into_net(net, params)
print("load_param_into_net/not_loaded -> " + json.dumps(not_loaded))
