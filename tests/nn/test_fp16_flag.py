"""The mixed-precision flags of `Cell.add_flags`/`add_flags_recursive` (`fp16`, `fp32`: inputs,
Parameters and Tensor attributes cast) against MindSpore 2.10: tests/goldens/scripts/ut19_fp16_flag_probe.py run unchanged on msjax, compared
with MindSpore's output (tests/goldens/nn/ut19_fp16_flag_probe.out). Dtypes, shapes and flags
exactly; values printed to 2 decimals, compared to rtol 1e-3: the PReLU weight's gradient is a
float16 sum of 36 terms near -50, where one float16 unit is 0.03 and MindSpore's kernel and XLA
add in different orders (-50.41 against -50.38)."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, results_close, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "ut19_fp16_flag_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut19_fp16_flag_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert results_close(msjax_cases[label], GOLDEN[label], rtol=1e-3, atol=0), msjax_cases[label]
