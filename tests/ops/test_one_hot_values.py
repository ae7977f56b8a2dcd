"""ops.one_hot / ops.OneHot's `on_value` and `off_value` against MindSpore 2.10: Python numbers
become Tensors as `Tensor(value)` makes them (a float Float32, an int Int64), so
`one_hot(index, depth, 1.0, 0.0)` is Float32 (the model zoo's SwinTransformer multiplies it with a
Float32 table); Float64, Int8 and Bool values are refused, and mixed ones too, with MindSpore's
messages. tests/goldens/scripts/zoo18_one_hot_values_probe.py run unchanged on msjax, compared with
MindSpore's output (tests/goldens/ops/zoo18_one_hot_values_probe.out), exactly (0/1 and a few
short binary fractions, exact in every dtype)."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "ops" / "zoo18_one_hot_values_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("zoo18_one_hot_values_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
