"""Gradients with respect to CSRTensor and COOTensor inputs against MindSpore 2.10:
tests/goldens/scripts/sparse_input_grad_probe.py run unchanged on msjax, compared line by line
with MindSpore's output (tests/goldens/core/sparse_input_grad_probe.out): which inputs get a
gradient, its kind (Tensor in PyNative; CSRTensor/COOTensor with zeroed indices in graph mode),
and its values, exactly (small integers in float32).

MindSpore's tests/st/sparse/test_control_flow.py checks the same (`grad_graph[1]` a CSRTensor).
Not compared: a sparse input the output does not depend on, where MindSpore gives the input's
own indices with zero values (docs/migration.md)."""
import warnings

import pytest

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "core" / "sparse_input_grad_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    # the GRAPH_MODE `while x < 1` whose values are differentiated runs eagerly, with its warning
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GraphFallbackWarning)
        return parse_lines(script_output_on_msjax("sparse_input_grad_probe.py"))


def test_golden_has_every_case():
    assert len(GOLDEN) == 20


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
