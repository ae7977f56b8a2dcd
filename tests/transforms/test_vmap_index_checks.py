"""Index checks under `vmap` (core/index_checks.py): a vmapped call given an index out of range
raises MindSpore's error before it writes anything; GatherD's output has its index's shape.
MindSpore 2.10's results: tests/goldens/scripts/vmap_index_checks_probe.py and
gather_d_shapes_probe.py, run unchanged on msjax."""
import re

import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn, ops

from tests.golden_scripts import golden_cases, run_script_on_msjax

VMAP = golden_cases("transforms/vmap_index_checks_probe.out")
GATHER_D = golden_cases("ops/gather_d_shapes_probe.out")
# msjax's differences (docs/migration.md, "Index checks under vmap"): MindSpore's vmap rule of
# Gather gathers from the batch flattened into one axis, so its message names that axis' range
# and the index moved into it, and an index below -size that lands inside it reads another
# row; msjax checks each member's indices as the op does without vmap.
# Each: the start of MindSpore's result, msjax's result.
DIFFERENT = {
    "vmap gather out of range": (
        "RuntimeError For 'Gather', the 'input_indices' should be in the range [0, 4), ",
        "RuntimeError For 'Gather', the 'input_indices' should be in the range [0, 2), but got 2, "
        "error_code[58]"),
    "vmap gather negative below range": (
        "Float32 (2, 2, 3) [[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], ",
        "RuntimeError For 'Gather', the 'input_indices' should be in the range [0, 2), but got "
        "-1, error_code[58]"),
}


@pytest.fixture(scope="module")
def vmap_cases():
    return run_script_on_msjax("vmap_index_checks_probe.py")


@pytest.mark.parametrize("label", sorted(VMAP))
def test_vmap_index_checks_match_mindspore(label, vmap_cases):
    if label in DIFFERENT:
        mindspore_start, msjax_result = DIFFERENT[label]
        assert VMAP[label].startswith(mindspore_start)
        assert vmap_cases[label] == msjax_result
        return
    assert vmap_cases[label] == VMAP[label]


@pytest.fixture(scope="module")
def gather_d_cases():
    return run_script_on_msjax("gather_d_shapes_probe.py")


@pytest.mark.parametrize("label", sorted(GATHER_D))
def test_gather_d_shapes_match_mindspore(label, gather_d_cases):
    assert gather_d_cases[label] == GATHER_D[label]


class Rows(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scale = Parameter(Tensor(np.ones((), np.float32)), name="scale")

    def construct(self, x, ids):
        self.scale += 1
        return ops.gather(x, ids, 0) * self.scale


def test_a_failed_vmapped_call_writes_no_parameter():
    """Beyond MindSpore (its vmap refuses a Cell that writes its Parameter): the call that
    raises leaves the Parameter as it was, and the next call runs."""
    net = Rows()
    rows = ms.vmap(net, in_axes=(0, 0))
    x = Tensor(np.arange(12, dtype=np.float32).reshape(2, 3, 2))
    good = Tensor(np.array([[0, 2], [1, 1]], np.int32))
    np.testing.assert_array_equal(rows(x, good).asnumpy(),
                                  2 * np.take_along_axis(x.asnumpy(), good.asnumpy()[..., None], 1))
    assert float(net.scale) == 2.0
    with pytest.raises(RuntimeError, match=re.escape("range [0, 3), but got 3")):
        rows(x, Tensor(np.array([[0, 3], [1, 1]], np.int32)))
    assert float(net.scale) == 2.0
    np.testing.assert_array_equal(rows(x, good).asnumpy(),
                                  3 * np.take_along_axis(x.asnumpy(), good.asnumpy()[..., None], 1))


def test_vmap_inside_jit_raises_through_the_outer_program():
    @ms.jit
    def outer(x, ids):
        return ms.vmap(lambda a, i: ops.gather(a, i, 0), in_axes=(0, 0))(x, ids) * 2

    x = Tensor(np.arange(12, dtype=np.float32).reshape(2, 3, 2))
    np.testing.assert_array_equal(outer(x, Tensor(np.array([[1], [2]], np.int32))).asnumpy(),
                                  2 * np.stack([x.asnumpy()[0, 1:2], x.asnumpy()[1, 2:3]]))
    with pytest.raises(RuntimeError, match=re.escape("range [0, 3), but got 5")):
        outer(x, Tensor(np.array([[1], [5]], np.int32))).asnumpy()
