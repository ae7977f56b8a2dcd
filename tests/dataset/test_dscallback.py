"""mindspore.dataset.DSCallback and WaitedDSCallback against MindSpore 2.10:
tests/goldens/scripts/dscallback_probe.py run unchanged on msjax, compared line by line with
MindSpore's output (tests/goldens/dataset/dscallback_probe.out): which hooks a map runs with
which run context (step_size, repeat above and below the map, two callbacks, two maps, batch
after and before), none while counting the size or shapes, a new run for each iterator,
Model.train kept in step with a WaitedDSCallback, and the errors (argument checks, a callback
overriding nothing, a hook that raises, the wait that times out, independent mode), exactly.

MindSpore's map runs a chunk of rows' step_begin hooks before their step_end hooks, in an order
its threads decide; the probe prints each callback's events in one order (step, then begin,
epoch begin, step begin, step end, epoch end), so the golden holds what both must agree on."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "dataset" / "dscallback_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("dscallback_probe.py"))


def test_golden_has_every_case():
    assert len(GOLDEN) == 35


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
