"""ops.bool_and/bool_or/bool_eq/string_eq/string_concat (msjax/_src/ops/scalar_ops.py),
mindspore.Int (core/dtype.py), mindspore.SparseTensor (core/sparse_tensor.py), mindspore.no_inline
(transforms/lazy_inline.py) and nn.get_metrics as MindSpore 2.10 has them:
tests/goldens/scripts/miss18_graph_names_probe.py run unchanged, compared exactly.

MindSpore 2.10's bool/string Primitives are bare Primitives only its graph compiler runs (in
PyNative: `RuntimeError: prim:bool_and has no attr:__infer__`); msjax computes them in both modes
(docs/migration.md), so in PyNative msjax gives the value MindSpore gives inside `jit`."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/miss18_graph_names_probe.out")
PYNATIVE = {"bool_and pynative": "False", "bool_or pynative": "True", "bool_eq pynative": "False",
            "string_eq pynative": "False", "string_concat pynative": "'ab'"}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("miss18_graph_names_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(PYNATIVE)))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("label", sorted(PYNATIVE))
def test_pynative_computes_what_jit_does(label, msjax_cases):
    name = label.split()[0]
    assert GOLDEN[label] == f"ERR RuntimeError | prim:{name} has no attr:__infer__"
    assert msjax_cases[label] == PYNATIVE[label]
