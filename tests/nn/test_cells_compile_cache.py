"""`Cell.compile_cache` and `mindspore.common.api.cells_compile_cache` (msjax/_src/nn/
cell_compile.py): tests/goldens/scripts/cells_compile_cache_probe.py run unchanged against
MindSpore 2.10's output."""
import gc

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/cells_compile_cache_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    # The script counts every live Cell of the process relative to its start; the earlier
    # tests' dead Cells, still in reference cycles, would be collected during it (by
    # ms_memory_recycle's collection) and count as its own deletions.
    gc.collect()
    return run_script_on_msjax("cells_compile_cache_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_cells_compile_cache_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
