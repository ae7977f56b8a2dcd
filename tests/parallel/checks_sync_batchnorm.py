"""nn.SyncBatchNorm on 4 host devices (run by test_multi_device.py in a subprocess with 8 host
devices): inside mindspore.pmap every device normalises with the statistics of the whole batch,
as one BatchNorm over the concatenated batch does, and the running statistics are those."""
import jax
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from tests.support import assert_close

X = np.random.default_rng(3).standard_normal((4, 2, 3, 5, 5)).astype(np.float32) * 2 + 1


def setup_module():
    assert jax.device_count() == 8, "these checks run with 8 host devices"


def test_sync_batchnorm_in_pmap_is_batchnorm_of_the_whole_batch():
    sync = nn.SyncBatchNorm(3)
    sync.set_train()
    out = ms.pmap(lambda x: sync(x))(Tensor(X))
    whole = nn.BatchNorm2d(3)
    whole.set_train()
    expected = whole(Tensor(X.reshape(8, 3, 5, 5))).asnumpy().reshape(X.shape)
    assert_close(out, expected, rtol=1e-4, atol=1e-5)
    assert_close(sync.moving_mean, whole.moving_mean.asnumpy(), rtol=1e-5, atol=1e-6)
    assert_close(sync.moving_variance, whole.moving_variance.asnumpy(), rtol=1e-5, atol=1e-6)


def test_process_groups_0_does_not_synchronise():
    """Without synchronisation each device's statistics differ, and pmap refuses to write
    different running statistics into one Parameter."""
    local = nn.SyncBatchNorm(3, process_groups=0)
    local.set_train()
    with pytest.raises(ValueError, match="differs between the devices"):
        ms.pmap(lambda x: local(x))(Tensor(X))
    assert_close(local.moving_mean, np.zeros(3, np.float32))
