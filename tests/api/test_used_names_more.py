"""Names real MindSpore code uses that msjax answers from its existing objects:
`mindspore._c_expression.typing.BFloat` (the type of `mindspore.bfloat16`; MindSpore 2.10:
`isinstance(ms.bfloat16, typing.BFloat)` is True), `Tensor.fold` (`ops.fold`) and
`mindspore.device_context.gpu.device_count`."""
import jax
import numpy as np
import pytest

import msjax
from msjax import Tensor


def test_bfloat_is_the_type_of_bfloat16():
    from msjax._c_expression import typing
    assert isinstance(msjax.bfloat16, typing.BFloat)
    assert not isinstance(msjax.float16, typing.BFloat)


def test_tensor_fold_is_ops_fold():
    x = Tensor(np.arange(32, dtype=np.float32).reshape(1, 8, 4))
    size = Tensor([3, 3], msjax.int32)
    np.testing.assert_array_equal(x.fold(size, 2).asnumpy(), msjax.ops.fold(x, size, 2).asnumpy())


def test_gpu_device_count():
    from msjax.device_context import gpu
    gpus = [d for d in jax.devices() if d.platform == "gpu"]
    if gpus:
        assert gpu.device_count() == len(gpus)
    else:
        with pytest.raises(RuntimeError, match="Device GPU not exist."):
            gpu.device_count()
