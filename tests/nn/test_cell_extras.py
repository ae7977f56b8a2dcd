"""`Cell.get_extra_state`/`set_extra_state` in `state_dict`/`load_state_dict`
(nn/cell_state_dict.py), `Cell.set_broadcast_flag`, `Parameter.add_pipeline_stage`/
`cache_shape` and `Tensor.flush_from_cache` as MindSpore 2.10 has them:
tests/goldens/scripts/cell_extras_probe.py run unchanged."""
import numpy as np
import pytest

from msjax import Parameter, Tensor, nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/cell_extras_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("cell_extras_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


class Scaled(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([2.0], np.float32)), name="w")
        self.factor = 1.0

    def get_extra_state(self):
        return self.factor

    def set_extra_state(self, state):
        self.factor = state

    def construct(self, x):
        return x * self.w * self.factor


def test_a_refused_load_leaves_the_extra_state():
    source, target = Scaled(), Scaled()
    source.factor = 5.0
    state = source.state_dict()
    state["w"] = Tensor(np.ones((3,), np.float32))  # wrong shape: refused
    with pytest.raises(RuntimeError, match="size mismatch for w"):
        target.load_state_dict(state)
    assert target.factor == 1.0
    del state["w"]
    target.load_state_dict(state, strict=False)
    assert target.factor == 5.0
    np.testing.assert_array_equal(target(Tensor(np.array([1.0], np.float32))).asnumpy(), [10.0])


def test_broadcast_flag_and_pipeline_stages_are_kept():
    net = nn.Dense(2, 2)
    net.set_broadcast_flag()
    assert net.broadcast_flag is True
    net.weight.add_pipeline_stage(2)
    assert net.weight.__dict__["_pipeline_stage_list"] == [2]
