"""mint ops against MindSpore 2.10 (tests/goldens/mint/values.json) where its CPU build computes
them, and against NumPy where it reports "kernel unregistered": one record per op
(tests/mint/mint_cases.py), each checked eagerly, under jit and (where the op's meaning does not
depend on the batch axis) under vmap."""
import json
import re

import numpy as np
import pytest

import msjax
from msjax import Tensor, mint
from msjax.mint.nn import functional as F
from tests.conftest import GOLDENS
from tests.mint.mint_cases import CASES, INPUTS, NP_SCOPE
from tests.support import assert_close, check_eager_jit_vmap

GOLDEN = json.loads((GOLDENS / "mint" / "values.json").read_text())
DTYPES = {"Float32": np.float32, "Int64": np.int64, "Int32": np.int32, "Bool": np.bool_}
RECORDS = {key: (expr, reference, vmap) for key, expr, reference, vmap in CASES}


def _to_array(value, dtype):
    if isinstance(dtype, list):
        return tuple(_to_array(v, d) for v, d in zip(value, dtype))
    return np.asarray(value, DTYPES[dtype])


def expected(key):
    """(expected value, compared with its dtype?): MindSpore's when it computed the case."""
    golden = GOLDEN[key]
    if "out" in golden:
        return _to_array(golden["out"], golden["dtype"]), True
    value = eval(RECORDS[key][1], dict(NP_SCOPE, **INPUTS))  # noqa: S307
    return (tuple(np.asarray(v) for v in value) if isinstance(value, tuple)
            else np.asarray(value)), False


def as_function(expr):
    """The mint expression as a function of the Tensors it takes whole (`T(name)`); every other
    use of an input stays a NumPy constant."""
    names = sorted(set(re.findall(r"\bT\((\w+)\)", expr)) & set(INPUTS))
    body = re.sub(r"\bT\((\w+)\)", lambda m: f"_{m.group(1)}" if m.group(1) in names
                  else m.group(0), expr)
    scope = dict(INPUTS, T=Tensor, mint=mint, F=F, np=np, mindspore=msjax)

    def fn(*tensors):
        return eval(body, dict(scope, **{f"_{n}": t for n, t in zip(names, tensors)}))  # noqa: S307
    return fn, [Tensor(INPUTS[n]) for n in names]


@pytest.mark.parametrize("key", list(RECORDS))
def test_mint_op(key):
    expr, _, vmap = RECORDS[key]
    want, from_mindspore = expected(key)
    fn, args = as_function(expr)
    tolerance = dict(rtol=1e-5, atol=1e-5, check_dtype=from_mindspore)
    if vmap:
        check_eager_jit_vmap(fn, args, want, **tolerance)
    else:
        assert_close(fn(*args), want, **tolerance)
        assert_close(msjax.jit(fn)(*args), want, **tolerance)


def test_where_with_condition_only_gives_int64_indices():
    rows, cols = mint.where(Tensor(INPUTS["x"]) > 0)
    want = np.nonzero(INPUTS["x"] > 0)
    assert_close((rows, cols), tuple(w.astype(np.int64) for w in want))


def test_unique_sorted_values_inverse_and_counts():
    data = np.array([3, 1, 3, 2, 1, 3], np.int64)
    values, inverse, counts = mint.unique(Tensor(data), return_inverse=True, return_counts=True)
    want = np.unique(data, return_inverse=True, return_counts=True)
    assert_close((values, inverse, counts), want)


def test_random_functions_draw_from_the_global_key():
    msjax.set_seed(5)
    first = [mint.rand(2, 3), mint.randn((4,)), mint.randint(0, 5, (6,)), mint.randperm(5),
             mint.normal(T_mean := Tensor(np.zeros(3, np.float32)), 1.0)]
    msjax.set_seed(5)
    again = [mint.rand(2, 3), mint.randn((4,)), mint.randint(0, 5, (6,)), mint.randperm(5),
             mint.normal(T_mean, 1.0)]
    for a, b in zip(first, again):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    assert [t.shape for t in first] == [(2, 3), (4,), (6,), (5,), (3,)]
    assert str(first[2].dtype) == "Int64" and sorted(first[3].asnumpy().tolist()) == [0, 1, 2, 3, 4]
    assert 0 <= first[0].asnumpy().min() and first[0].asnumpy().max() < 1
    with pytest.raises(TypeError, match="'generator' must be a mindspore.Generator"):
        mint.rand(2, generator=object())


def test_multinomial_without_replacement_draws_distinct_categories():
    probs = Tensor(np.array([[0.1, 0.2, 0.3, 0.4]] * 3, np.float32))
    draws = mint.multinomial(probs, 4).asnumpy()
    assert draws.dtype == np.int64
    assert all(sorted(row) == [0, 1, 2, 3] for row in draws.tolist())
