"""MindSpore 2.10's Primitives and functions whose computation msjax had under another name
(ops/alias_primitives.py): the window Primitives, ApproximateEqual, Bincount, LuUnpack,
MaxUnpool2D/3D, Eps, and ops.bounding_box_decode/encode, check_valid, iou, crop_and_resize,
reverse_sequence and eps, against MindSpore: tests/goldens/scripts/missing_primitives_probe.py
runs unchanged on msjax and prints what MindSpore printed
(tests/goldens/ops/missing_primitives_probe.out).
"""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/missing_primitives_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("missing_primitives_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]


def test_bincount_drops_values_past_size_as_numpy_keeps_them_below():
    values = np.array([4, 0, 2, 2, 9, 1], np.int32)
    weights = np.array([0.5, 1.0, 2.0, 3.0, 7.0, 1.5], np.float32)
    got = ops.Bincount()(Tensor(values), Tensor(5, ms.int32), Tensor(weights)).asnumpy()
    kept = values < 5
    np.testing.assert_array_equal(got, np.bincount(values[kept], weights[kept], minlength=5))


def test_windows_under_jit_take_a_constant_length():
    window = ops.HammingWindow(periodic=False)

    @ms.jit
    def scaled(x):
        return x * window(Tensor(np.array([4], np.int32)))

    np.testing.assert_allclose(scaled(Tensor(np.ones(4, np.float32))).asnumpy(),
                               np.hamming(4), rtol=1e-6)
