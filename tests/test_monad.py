"""`mindspore.common._monad.U` / `IO` (msjax/_src/core/monad.py), accepted by `ops.depend`:
tests/goldens/scripts/monad_probe.py run unchanged against MindSpore 2.10's output."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("core/monad_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("monad_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_monad_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
