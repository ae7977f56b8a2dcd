"""Every mindspore.numpy golden case (tests/goldens/numpy_functions.json) against msjax.numpy:
values and dtypes eagerly, under jax.jit and under jax.vmap; refused calls with MindSpore's
exception type and message."""
from __future__ import annotations

import numpy as np
import pytest

import msjax
import msjax.numpy as mnp
from tests.numpy.goldens import GOLDENS, case_id, decode_arg, decode_result
from tests.support import assert_close, check_eager_jit_vmap

# Functions whose result's shape or kind depends on the values, or that return Python values:
# checked eagerly only.
EAGER_ONLY = {
    "unique", "argwhere", "intersect1d", "setdiff1d", "bincount", "array_str", "size",
    "isscalar", "result_type", "promote_types",
}
# Cases computed in another order of operations than MindSpore's CPU kernels, with the
# tolerance (rtol, atol) they are held to.
TOLERANCE = {
    "cbrt-3": (1e-7, 0.0),  # MindSpore: |x| ** (1/3) in Float64
}
# Cases where msjax departs from MindSpore on purpose: the result is NumPy's instead.
DEPARTURES = {
    "cbrt-1": "MindSpore's cbrt(0) is nan (it computes x / |x| * |x| ** (1/3)); msjax gives 0",
}
# Refused calls whose message is msjax's own (MindSpore's comes from a C++ kernel or NumPy 1.x
# internals or names a MindSpore-internal class); the exception type is still MindSpore's.
OWN_MESSAGE = {"zeros-3", "array-13"}

VALUE_CASES = [c for c in GOLDENS if "result" in c]
ERROR_CASES = [c for c in GOLDENS if "error" in c and c["kind"] == "error"]
# The first value case of each function is also checked under jax.jit and jax.vmap.
_FIRST = {}
for _case in VALUE_CASES:
    _FIRST.setdefault(_case["fn"], _case["id"])
TRANSFORMED = set(_FIRST.values())


def _call(case):
    fn = getattr(mnp, case["fn"])
    args = [decode_arg(a) for a in case["args"]]
    kwargs = {k: decode_arg(v) for k, v in case["kwargs"].items()}
    return fn, args, kwargs


def _check_python_value(actual, expected):
    if isinstance(expected, dict):  # a MindSpore dtype, recorded by name
        assert str(actual) == expected["D"]
    else:
        assert type(actual) is type(expected) and actual == expected


@pytest.mark.parametrize("case", VALUE_CASES, ids=case_id)
def test_matches_mindspore(case):
    fn, args, kwargs = _call(case)
    expected = decode_result(case["result"])
    if case["id"] in DEPARTURES:
        expected = getattr(np, case["fn"])(*(a.asnumpy() for a in args)).astype(expected.dtype)
    rtol, atol = TOLERANCE.get(case["id"], (None, None))
    if not isinstance(expected, (np.ndarray, tuple, list)):
        _check_python_value(fn(*args, **kwargs), expected)
        return
    if case["fn"] in EAGER_ONLY or case["id"] not in TRANSFORMED:
        assert_close(fn(*args, **kwargs), expected, rtol=rtol, atol=atol)
        return
    check_eager_jit_vmap(lambda *a: fn(*a, **kwargs), args, expected, rtol=rtol, atol=atol)


@pytest.mark.parametrize("case", ERROR_CASES, ids=case_id)
def test_refuses_like_mindspore(case):
    fn, args, kwargs = _call(case)
    error = case["error"]
    with pytest.raises(Exception) as info:
        fn(*args, **kwargs)
    assert type(info.value).__name__ == error["type"]
    if case["id"] not in OWN_MESSAGE:
        # MindSpore's kernel errors append a C++ call stack, which msjax does not have.
        assert str(info.value) == error["message"].split("\n\n----")[0]


def test_goldens_cover_the_module():
    """Every public function of msjax.numpy that MindSpore has is exercised by a golden case."""
    tested = {c["fn"] for c in GOLDENS}
    tested |= {"rand", "randn", "randint", "mgrid", "ogrid"}  # tests/numpy/test_random.py, grids
    public = {name for name in dir(mnp) if not name.startswith("_")
              and callable(getattr(mnp, name)) and not isinstance(getattr(mnp, name), type)
              and not isinstance(getattr(mnp, name), msjax.Type)}
    assert sorted(public - tested) == []



def test_asarray_and_array_return_the_tensor_given_as_mindspore_does():
    """`asarray(t)` and `array(t, copy=False)` are `t` itself unless a dtype change or `ndmin`
    makes another (golden tests/goldens/numpy_identity.txt, MindSpore 2.10)."""
    from tests.golden_scripts import golden_cases, run_script_on_msjax
    expected = golden_cases("numpy_identity.txt")
    assert len(expected) == 12
    assert run_script_on_msjax("numpy_identity_probe.py") == expected
