"""Top-level names of MindSpore 2.10 built on JAX (issue #25): `mindspore.frombuffer`,
`swap_tensors`, `from_dlpack`, `to_dlpack`, `get_current_device`. The probe script run unchanged on msjax prints what
MindSpore printed (tests/goldens/api/top_level_probe.out); MindSpore's own module paths answer
them; what msjax cannot do says why."""
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/top_level_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("top_level_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_top_level_name_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("path, name", [("mindspore.utils.dlpack", "from_dlpack"),
                                        ("mindspore.utils.dlpack", "to_dlpack"),
                                        ("mindspore.common.tensor", "swap_tensors"),
                                        ("mindspore.device_manager", "get_current_device")])
def test_mindspore_module_paths_answer_them(path, name):
    import importlib

    import msjax.compat
    msjax.compat.install(force=True)
    try:
        module = importlib.import_module(path)
        assert getattr(module, name) is getattr(ms, name)
    finally:
        msjax.compat.uninstall()


def test_swapped_parameters_keep_their_cells_and_trade_values():
    a, b = nn.Dense(2, 3), nn.Dense(2, 3)
    wa, wb = a.weight.asnumpy().copy(), b.weight.asnumpy().copy()
    ms.swap_tensors(a.weight, b.weight)
    np.testing.assert_array_equal(a.weight.asnumpy(), wb)
    np.testing.assert_array_equal(b.weight.asnumpy(), wa)
    x = Tensor(np.ones((1, 2), np.float32))
    np.testing.assert_allclose(a(x).asnumpy(), (x.asnumpy() @ wb.T) + a.bias.asnumpy(),
                               rtol=1e-6)


def test_swap_of_a_parameter_and_a_tensor_says_why_not():
    p, t = Parameter(Tensor([1.0]), name="p"), Tensor([2.0])
    with pytest.raises(NotImplementedError, match="object layout"):
        ms.swap_tensors(p, t)
    assert p.asnumpy().tolist() == [1.0] and t.asnumpy().tolist() == [2.0]


def test_frombuffer_copies_the_buffer():
    buffer = bytearray(np.arange(3, dtype=np.float32).tobytes())
    t = ms.frombuffer(buffer, ms.float32)
    buffer[:4] = np.float32(9).tobytes()
    assert t.asnumpy().tolist() == [0.0, 1.0, 2.0]


def test_current_device_follows_the_context():
    before = ms.get_context("device_id")
    try:
        ms.set_context(device_id=3)
        assert ms.get_current_device() == ("CPU", 3)
        assert ms.get_current_device().device_id == 3
    finally:
        ms.set_context(device_id=before)
