"""MindSpore 2.10's `mindspore.train.amp._OutputTo32` (imported by MindSpore's own mixed-precision
tests): a Cell whose float outputs are cast to float32, other outputs unchanged, the backbone's
Parameters its own. Printed `label -> RESULT`; tests/train/test_output_to32.py runs it unchanged
on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/output_to32_probe.py \
        | grep -- " -> " > tests/goldens/train/output_to32_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.train.amp import _OutputTo32


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2).to_float(ms.float16)

    def construct(self, x):
        return self.dense(x), x.astype(ms.int32), x.astype(ms.float64)


net = _OutputTo32(Net())
out = net(Tensor(np.ones((1, 3), np.float32)))
print("dtypes ->", [str(o.dtype) for o in out])
print("shapes ->", [o.shape for o in out])
print("params ->", [p.name for p in net.trainable_params()])
single = _OutputTo32(nn.Dense(3, 2).to_float(ms.float16))
print("single ->", single(Tensor(np.ones((2, 3), np.float16))).dtype)
print("graph single ->", ms.jit(single.construct)(Tensor(np.ones((2, 3), np.float16))).dtype)
