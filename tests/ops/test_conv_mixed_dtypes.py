"""A convolution of operands of two dtypes (float32 input, float16 weight, and the other way)
against MindSpore 2.10: tests/goldens/scripts/cv19_conv_mixed_dtypes_probe.py run unchanged on
msjax, compared with MindSpore's output (tests/goldens/ops/cv19_conv_mixed_dtypes_probe.out).
MindSpore's Conv2D, Conv2DTranspose and Conv2DBackpropInput refuse the pair with "the input type
must be same" (a Parameter shown as `Ref[Tensor[...]]`); msjax must raise the same TypeError and
message, not JAX's. Results (one float16 pair) are compared by dtype and shape, exactly.

One case differs, and is checked to differ only so: `ops.conv2d` (a functional op, whose checks
see arrays) shows a Parameter weight as `Tensor[Float16]` where MindSpore shows
`Ref[Tensor[Float16]]` (docs/migration.md, "A Parameter in an op's dtype message")."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "ops" / "cv19_conv_mixed_dtypes_probe.out").read_text())
# functional ops check the arrays their Tensors hold: a Parameter's Ref[...] is not seen there
PARAMETER_SHOWN_AS_TENSOR = {f"{mode} ops.conv2d x32 Parameter w16"
                             for mode in ("pynative", "graph")}


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("cv19_conv_mixed_dtypes_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    want = GOLDEN[label]
    if label in PARAMETER_SHOWN_AS_TENSOR:
        want = want.replace("Ref[Tensor[Float16]]", "Tensor[Float16]")
    assert cases[label] == want
