"""`mindspore.hal.is_initialized`/`get_arch_list` and `mindspore.device_context`
(msjax/_src/core/hal.py, core/device_context/) as MindSpore 2.10 has them on a CPU machine:
tests/goldens/scripts/hal_device_probe.py run unchanged."""
import numpy as np
import pytest

import msjax as ms
from msjax._src.core import hal
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/hal_device_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("hal_device_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_hal_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_eager_ops_leave_the_device_uninitialised_and_a_compiled_call_initialises_it(monkeypatch):
    monkeypatch.setattr(hal, "_initialized", set())
    ms.ops.abs(ms.Tensor(np.array([-1.0], np.float32)))
    assert not hal.is_initialized("CPU")
    ms.jit(lambda x: x * 3)(ms.Tensor(np.array([2.0], np.float32)))
    assert hal.is_initialized("CPU")
