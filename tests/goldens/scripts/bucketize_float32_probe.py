"""What MindSpore 2.10 gives for float32 values that fall on `bucketize`'s boundaries (a list of
Python floats, compared in the input's float32): tests/test_x64.py holds the printed lines.

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/bucketize_float32_probe.py
"""
import numpy as np

import mindspore as ms  # noqa: F401  (msjax answers `import mindspore` too)
from mindspore import Tensor, ops

x = Tensor(np.array([0.1, 0.2, 0.3], np.float32))
print(ops.bucketize(x, boundaries=[0.1, 0.2, 0.3]))
print(ops.bucketize(x, boundaries=[0.1, 0.2, 0.3], right=True))
print(ops.Bucketize(boundaries=[0.1, 0.2, 0.3])(x))
