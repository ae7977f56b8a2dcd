"""A float16 bias's gradient (nn.Dense and nn.Conv2d under `to_float(float16)`, ops.BiasAdd,
ops.bias_add) is the output's gradient summed in float32 and rounded once, as MindSpore's kernels
compute it: tests/goldens/scripts/zoo20_float16_bias_grad_probe.py run unchanged on msjax,
compared with MindSpore 2.10's output (tests/goldens/nn/zoo20_float16_bias_grad_probe.out),
exactly (float16 values, and a float64 sum of float16 values). msjax summed in float16 (XLA's
transpose of a float16 broadcast), several ulps off over 1000 rows: the model zoo's FastText
drifted from MindSpore by it (docs/model_zoo.md)."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "zoo20_float16_bias_grad_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("zoo20_float16_bias_grad_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_gradient_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
