"""Reductions over an axis named twice and floor division of Bool Tensors, as MindSpore 2.10
has them: tests/goldens/scripts/reduce_axes_bool_floor_probe.py run unchanged. Values, dtypes,
exception types and messages compared exactly. FloorMod of two Bools, which MindSpore 2.10's CPU
build refuses (no kernel), msjax computes as MindSpore's remainder of two Bools: `a and not b`
(NumPy's reference)."""
import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/reduce_axes_bool_floor_probe.out")
_A, _B = np.array([True, False, True, False]), np.array([True, True, False, False])
BEYOND = {"ops.floor_mod bool": f"Bool {(_A & ~_B).tolist()}"}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("reduce_axes_bool_floor_probe.py")


@pytest.mark.parametrize("label", sorted(BEYOND))
def test_bool_floor_mod_is_computed_where_mindspores_cpu_build_has_no_kernel(label, msjax_cases):
    assert "Select CPU operator[FloorMod]" in GOLDEN[label]
    assert msjax_cases.get(label) == BEYOND[label]


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(BEYOND)))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
