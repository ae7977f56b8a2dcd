"""mint.distributed's reduce, gather, scatter, all_to_all and all_to_all_single over the 4
devices of a pmap (run by test_distributed.py in a subprocess with
XLA_FLAGS=--xla_force_host_platform_device_count=4; not collected by the main session). The
expected values are NumPy's reading of PyTorch's definitions, which MindSpore documents."""
import jax
import numpy as np

import msjax as ms
from msjax import Tensor, mint, ops
from tests.support import assert_close

X = np.arange(24, dtype=np.float32).reshape(4, 6)  # device i holds row i
dist = mint.distributed


def setup_module():
    assert jax.device_count() == 4, "these checks run with 4 host devices"


def test_reduce_writes_the_destination_only():
    def fn(a):
        total, biggest = a.copy(), a.copy()
        assert dist.reduce(total, 2) is None
        dist.reduce(biggest, 0, op="max")
        return total, biggest
    total, biggest = ms.pmap(fn)(Tensor(X))
    want = X.copy()
    want[2] = X.sum(0)
    assert_close(total, want)
    want = X.copy()
    want[0] = X.max(0)
    assert_close(biggest, want)


def test_gather_fills_the_list_of_the_destination():
    def fn(a):
        out = [ops.zeros(6, ms.float32) for _ in range(4)]
        dist.gather(a, out, dst=1)
        return tuple(out)
    out = ms.pmap(fn)(Tensor(X))
    for source in range(4):  # out[source] on every device
        want = np.zeros((4, 6), np.float32)
        want[1] = X[source]
        assert_close(out[source], want)


def test_scatter_sends_part_i_of_the_source_to_rank_i():
    def fn(a):
        parts = [a * (k + 1) for k in range(4)]  # the source's parts: its row times 1..4
        out = ops.zeros(6, ms.float32)
        dist.scatter(out, parts, src=3)
        return out
    out = ms.pmap(fn)(Tensor(X))
    assert_close(out, np.stack([X[3] * (i + 1) for i in range(4)]))


def test_all_to_all_single_exchanges_equal_splits():
    rows = np.arange(32, dtype=np.float32).reshape(4, 8)  # device i: 4 parts of 2

    def fn(a):
        out = ops.zeros(8, ms.float32)
        dist.all_to_all_single(out, a)
        return out
    out = ms.pmap(fn)(Tensor(rows))
    # device i receives part i of every device, in device order
    want = np.stack([np.concatenate([rows[j, 2 * i:2 * i + 2] for j in range(4)])
                     for i in range(4)])
    assert_close(out, want)


def test_all_to_all_sends_list_entry_j_to_rank_j():
    def fn(a):
        inputs = [a + 100 * j for j in range(4)]
        outputs = [ops.zeros(6, ms.float32) for _ in range(4)]
        dist.all_to_all(outputs, inputs)
        return tuple(outputs)
    outputs = ms.pmap(fn)(Tensor(X))
    for source in range(4):  # device i's outputs[source] = device source's inputs[i]
        assert_close(outputs[source], np.stack([X[source] + 100 * i for i in range(4)]))


def test_uneven_collectives_with_equal_parts_inside_pmap():
    def fn(a):
        joined = ops.zeros(24, ms.float32)
        dist.all_gather_into_tensor_uneven(joined, a, [6, 6, 6, 6])
        part = ops.zeros(6, ms.float32)
        dist.reduce_scatter_tensor_uneven(part, joined)
        return joined, part
    joined, part = ms.pmap(fn)(Tensor(X))
    assert_close(joined, np.broadcast_to(X.reshape(-1), (4, 24)))
    assert_close(part, 4 * X)
