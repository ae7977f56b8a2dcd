"""Graph mode on variable (`mutable`) scalars and sequences against MindSpore 2.10:
tests/goldens/scripts/dyn20_variable_scalars_probe.py run unchanged on msjax, compared with
MindSpore's output (tests/goldens/transforms/dyn20_variable_scalars_probe.out): arithmetic on a
variable scalar gives a variable, `range` with a variable bound a dynamic-length tuple of
variables, a list assigned at a variable index or slice what MindSpore's graph makes of it, and
MindSpore's errors, all exactly. One difference, in the make_range message for a Tensor bound:
MindSpore shows a Tensor made from constants inside the function with its address and values
(the probe prints the message up to the address); msjax's is traced without a value, which the
message shows as `value: ValueAny` (the same MindSpore shows for a Tensor argument)."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "transforms" / "dyn20_variable_scalars_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("dyn20_variable_scalars_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    got = cases[label]
    if label.startswith("range Tensor"):
        assert got.endswith(", value: ValueAny)"), got
        got = got[:-len(", value: ValueAny)")]
    assert got == GOLDEN[label]
