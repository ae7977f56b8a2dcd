"""msjax's per-op dtype table (msjax/_src/ops/dtype_rules.py) against MindSpore 2.10.

tests/goldens/scripts/op_dtypes_probe.py calls each op whose type inference checks dtypes with
every Tensor argument in nine dtypes; tests/goldens/robustness/op_dtypes.out is what MindSpore
did. The same script runs here on msjax: where MindSpore's API rejects a dtype, msjax raises the
same exception with the same message; where MindSpore computes, or only its CPU kernel lacks the
dtype (GPU and Ascend kernels have it), msjax computes.
"""
import runpy
import warnings

import numpy as np
import pytest

import msjax as ms
import msjax.compat
from msjax import ops
from msjax._src.ops import dtype_rules, input_rules, registry, shape_rules
from tests.golden_scripts import GOLDENS, golden_cases

GOLDEN = golden_cases("robustness/op_dtypes.out")
SHAPE_GOLDEN = golden_cases("robustness/shape_messages.out")
# MindSpore's messages of a dtype its CPU kernels lack: not an API rule, msjax computes
CPU_KERNEL_ONLY = ("Select CPU operator[", "Unsupported op [", "unsupported reduce operation")
# cases where msjax differs for a reason other than a dtype rule: label -> (msjax's outcome
# kind, why)
DIFFERENT = {
    "cross_entropy | arg1 float16": (
        "ERR ValueError", "a float target is class probabilities, of the input's shape: "
        "MindSpore's broadcast error names its Mul, msjax's CrossEntropy"),
    "cross_entropy | arg1 float32": (
        "ERR ValueError", "(the same)"),
    **{f"DenseToSparseSetOperation | {case}": (
        "OK", "MindSpore 2.10's CPU kernel refuses every input (docs/migration.md)")
       for case in ("arg0 int32", "arg1 int64", "arg2 int32", "arg3 int64")},
}


def expected(outcome: str) -> str:
    return "OK" if any(text in outcome for text in CPU_KERNEL_ONLY) else outcome


@pytest.fixture(scope="module")
def msjax_outcomes():
    return _run_probe("op_dtypes_probe.py", None)


def _run_probe(script, checked):
    """{label: outcome} of the probe `script`'s cases run on msjax (`checked`: its table of
    ops, or of ops and their cases)."""
    msjax.compat.install(force=True)
    try:
        probe = runpy.run_path(str(GOLDENS / "scripts" / script), run_name=script[:-3])
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # as under pytest: a warning is an outcome too
            chosen = probe["CHECKED"]
            return {f"{name} | {case}": probe["outcome"](probe["OPS"][name][0], args)
                    for name in chosen for case, args in probe["cases"](name)
                    if not isinstance(chosen, dict) or case in chosen[name]}
    finally:
        msjax.compat.uninstall()
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_msjax_rejects_the_shapes_mindspore_does_with_its_messages():
    got = _run_probe("shape_messages_probe.py", None)
    assert set(got) == set(SHAPE_GOLDEN)
    wrong = {label: (outcome, got[label]) for label, outcome in SHAPE_GOLDEN.items()
             if got[label] != outcome}
    assert not wrong, wrong


@pytest.mark.heavy  # ~600 calls, most a new program (~5 s)
def test_msjax_accepts_and_rejects_the_dtypes_mindspore_does(msjax_outcomes):
    assert set(msjax_outcomes) == set(GOLDEN)
    wrong, fixed = {}, []
    for label, outcome in GOLDEN.items():
        got = msjax_outcomes[label]
        if label in DIFFERENT:
            if got.split(" | ")[0] != DIFFERENT[label][0]:
                wrong[label] = (DIFFERENT[label][0], got)
            if got == expected(outcome):
                fixed.append(label)
        elif got != expected(outcome):
            wrong[label] = (expected(outcome), got)
    assert not fixed, f"these now match MindSpore: take them off DIFFERENT: {fixed}"
    assert not wrong, wrong


@pytest.mark.parametrize("table", [dtype_rules.RULES, shape_rules.RULES], ids=["dtype", "shape"])
def test_every_rule_is_an_op_or_primitive_msjax_registers(table):
    assert set(table) <= set(registry.OPS) | set(registry.PRIMITIVES)


@pytest.mark.parametrize("table, golden", [(dtype_rules.RULES, GOLDEN),
                                           (shape_rules.RULES, SHAPE_GOLDEN)],
                         ids=["dtype", "shape"])
def test_the_goldens_cover_every_rule(table, golden):
    assert set(table) <= {label.split(" | ")[0] for label in golden}


# a rule is checked once per dtype signature, the same under jit, for keywords and methods
CASES = [
    ("softmax keyword", lambda x: ops.softmax(input=x), np.int32,
     "For primitive[Softmax], the input argument[x] must be a type of {BFloat16, Float16, "
     "Float32, Float64}, but got Int32."),
    ("Tensor.softmax", lambda x: x.softmax(), np.bool_,
     "For primitive[Softmax], the input argument[x] must be a type of {BFloat16, Float16, "
     "Float32, Float64}, but got Bool."),
    ("Softmax under jit", ms.jit(lambda x: ops.Softmax()(x)), np.int64,
     "For primitive[Softmax], the input argument[x] must be a type of {BFloat16, Float16, "
     "Float32, Float64}, but got Int64."),
    ("BiasAdd", lambda x: ops.BiasAdd()(x, ms.Tensor(np.ones(3, np.float32))), np.float16,
     "For primitive[BiasAdd], the input type must be same.\nname:[bias]:Tensor[Float32].\n"
     "name:[input_x]:Tensor[Float16]."),
]


@pytest.mark.parametrize("name, call, dtype, message", CASES, ids=[c[0] for c in CASES])
def test_a_rejected_dtype_raises_mindspores_error_at_every_call(name, call, dtype, message):
    x = ms.Tensor(np.ones((2, 3), dtype))
    for _ in range(2):  # the second call is checked too (only signatures that passed are kept)
        with pytest.raises(TypeError) as error:
            call(x)
        assert str(error.value) == message
    call(ms.Tensor(np.ones((2, 3), np.float32)))  # and an accepted one computes


def test_a_passed_description_is_checked_once():
    seen = []

    @input_rules.check(0, level=input_rules.SHAPE)
    def record(described):
        seen.append(described[0])
    fn = input_rules.checked(lambda x: x, input_rules.Rule(record))
    a, b, c = np.ones(2, np.float32), np.ones(2, np.int32), np.ones(3, np.float32)
    fn(a), fn(a), fn(b), fn(c), fn(a), fn(b)
    assert seen == [input_rules.Aval(np.dtype(np.float32), (2,)),
                    input_rules.Aval(np.dtype(np.int32), (2,)),
                    input_rules.Aval(np.dtype(np.float32), (3,))]
