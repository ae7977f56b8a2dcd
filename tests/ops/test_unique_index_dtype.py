"""`ops.unique` / `Unique`'s index dtype (msjax/_src/ops/array_ops.py `unique`).

tests/goldens/scripts/ten18_unique_index_dtype_probe.py runs unchanged on msjax and must print
what MindSpore 2.10 printed (tests/goldens/ops/ten18_unique_index_dtype_probe.out) line for
line: the index is Int64 for an Int64 input and Int32 for every other dtype, in PyNative and in
a GRAPH_MODE Cell. Exact text: the values are small integers, exact in every dtype.
"""
import warnings

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBE = "ten18_unique_index_dtype_probe"
GOLDEN = golden_cases(f"ops/{PROBE}.out")


@pytest.fixture(scope="module")
def probe_cases():
    """The probe's cases on msjax (its graph-mode Cells run eagerly, with a warning each: the
    result's shape depends on the values)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return run_script_on_msjax(f"{PROBE}.py")


def test_golden_has_every_case():
    assert len(GOLDEN) == 19


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, probe_cases):
    assert probe_cases.get(label) == GOLDEN[label]
