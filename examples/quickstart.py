"""A MindSpore program, run on JAX by msjax: tensors, ops, and MindSpore-style printing."""
import numpy as np

import msjax as ms
from msjax import ops

x = ms.Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32))
y = ms.Tensor([1, 2, 3], ms.int32)
print(x)
print(repr(x + y))
print(ops.MatMul(transpose_b=True)(x, x))
print(ops.ReduceSum(keep_dims=True)(x, 1))
print(repr(ops.softmax(x, axis=-1)))
print(ms.Tensor(1.5).dtype, ms.Tensor(1).dtype, (y / 2).dtype)
