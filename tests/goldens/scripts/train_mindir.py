"""Writes a MindIR file with real MindSpore 2.10, for msjax's `load` to refuse with a clear message.

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/train /work/shared/tools/mindspore-oracle tests/goldens/scripts/train_mindir.py
"""
import os

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn

out = os.environ.get("MSJAX_GOLDEN_DIR", ".")
net = nn.Dense(3, 2)
ms.export(net, Tensor(np.ones((1, 3), np.float32)), file_name=os.path.join(out, "mindspore_dense"),
          file_format="MINDIR")
print(sorted(f for f in os.listdir(out) if f.endswith(".mindir")))
