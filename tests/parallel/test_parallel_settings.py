"""The parallel-context settings MindSpore's parallel unit tests set and read (cost-model
context, communi_parallel_mode, pipeline_config, the `*_is_set` getters, auto_parallel_context()'s
setters, set_algo_parameters' align size) and Conv2D's 4-tuple stride and dilation, against
MindSpore 2.10: tests/goldens/scripts/par20_parallel_context_probe.py run unchanged on msjax,
compared with MindSpore's output (tests/goldens/parallel/par20_parallel_context_probe.out).
Errors and settings exactly; Conv2D's output sums to rtol 2e-6: MindSpore's CPU convolution
(oneDNN) and XLA's accumulate the products in different orders (float32, a few units in the last
place of the sum)."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "parallel" / "par20_parallel_context_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("par20_parallel_context_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got, want = cases[label], GOLDEN[label]
    if label.startswith("Conv2D stride") and want.startswith("OK "):
        assert got.startswith("OK "), got
        assert float(got[3:]) == pytest.approx(float(want[3:]), rel=2e-6)
    else:
        assert got == want
