"""`Cell.compile_cache` and `mindspore.common.api.cells_compile_cache` (msjax/_src/nn/
cell_compile.py): tests/goldens/scripts/cells_compile_cache_probe.py run unchanged against
MindSpore 2.10's output."""
import subprocess
import sys

import pytest

from tests.golden_scripts import GOLDENS, golden_cases, parse_lines

GOLDEN = golden_cases("nn/cells_compile_cache_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    # In a process of its own, as MindSpore's golden was made: the script counts every live Cell
    # of the process, and `ms_memory_recycle` drops every compiled program, which frees the
    # Cells earlier tests left alive only through their programs (counted as the script's own
    # deletions in the full run: '-5' for '1').
    run = subprocess.run([sys.executable, "-m", "msjax", "run",
                          str(GOLDENS / "scripts" / "cells_compile_cache_probe.py")],
                         capture_output=True, text=True, timeout=600, check=True)
    return parse_lines(run.stdout)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_cells_compile_cache_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
