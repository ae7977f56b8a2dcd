"""msjax's operator type promotion against every record MindSpore 2.10 gave for it.

The golden (tests/goldens/type_promotion.json, from tests/goldens/scripts/tensor_repr_goldens.py)
holds 2,880 `lhs OP rhs` records: 16 Python operators over 1-D Tensors of ten dtypes, 0-d Tensors
and Python scalars, each with MindSpore's result dtype or the error it raised. Each record is
checked eagerly: the result dtype, and the value against NumPy computing on the same numbers.

Where MindSpore raised only because its CPU build has no kernel for the dtype ("Select CPU
operator[...] fail! Unsupported data type!", e.g. every bfloat16 comparison, `bool % bool`),
msjax computes the result instead: these ops exist on MindSpore's GPU/Ascend builds, and
raising would only turn a hardware limitation into a portability bug. The dtype msjax gives
there is the one MindSpore gives for `+` on the same operands (Bool for comparisons), checked
below. MindSpore's Tensor has no reflected bitwise operators (`2 & t` is a TypeError there);
msjax's `2 & t` is `t & 2` (issue #13), so those records are checked against the mirrored
record. Every other error (`&` on floats; `True - bool_t`) is reproduced with MindSpore's
exception type and message.
"""
import json
import operator
import pathlib

import jax
import ml_dtypes
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from tests.support import tolerance

_GOLDEN = json.loads((pathlib.Path(__file__).parent / "goldens" / "type_promotion.json")
                     .read_text())
_CASES = _GOLDEN["cases"]
_SCALARS = _GOLDEN["python_scalar_values"]
_OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
              "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "<": operator.lt,
              "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
              "!=": operator.ne, "&": operator.and_, "|": operator.or_, "^": operator.xor}
_NUMPY_OPERATORS = dict(_OPERATORS, **{"/": np.true_divide, "//": np.floor_divide, "%": np.mod,
                                       "**": np.power})
_COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
_BITWISE = ("&", "|", "^")
_NUMPY_DTYPES = {"Bool": np.bool_, "Int8": np.int8, "Int16": np.int16, "Int32": np.int32,
                 "Int64": np.int64, "UInt8": np.uint8, "Float16": np.float16,
                 "Float32": np.float32, "Float64": np.float64, "BFloat16": ml_dtypes.bfloat16}
_PLUS = {(c["lhs"], c["rhs"]): c.get("result") for c in _CASES if c["op"] == "+"}


def _operand(name):
    """The golden's operands: Tensor([1, 1], dtype) (True for bool_), `*_0d`: Tensor(1, dtype)."""
    if name in _SCALARS:
        return _SCALARS[name]
    zero_dim = name.endswith("_0d")
    dtype = name[:-3] if zero_dim else name
    value = True if dtype == "bool_" else 1
    return Tensor(value if zero_dim else [value, value], getattr(ms, dtype))


def _operand_value(name):
    if name in _SCALARS:
        return np.asarray(_SCALARS[name])
    value = np.asarray(1)
    return value if name.endswith("_0d") else np.array([1, 1])


def _mindspore_message(error) -> str:
    """The message without the C++ call stack MindSpore appends."""
    return error["message"].split("\n\n----")[0]


def _is_missing_kernel(error) -> bool:
    return "Select CPU operator" in error["message"] or "Kernel select failed" in error["message"]


def _expected_dtype(case):
    if "result" in case:
        return case["result"]
    # MindSpore's CPU build has no kernel: msjax computes, in the dtype `+` promotes to.
    return "Bool" if case["op"] in _COMPARISONS else _PLUS[(case["lhs"], case["rhs"])]


def _reference(case, dtype_name):
    """NumPy on the same numbers, cast to the expected dtype."""
    a, b = _operand_value(case["lhs"]), _operand_value(case["rhs"])
    kind = np.int64 if case["op"] in _BITWISE else np.float64
    with np.errstate(divide="ignore", invalid="ignore"):
        result = _NUMPY_OPERATORS[case["op"]](a.astype(kind), b.astype(kind))
    return np.asarray(result).astype(_NUMPY_DTYPES[dtype_name])


def _case_id(case):
    return f"{case['lhs']}{case['op']}{case['rhs']}"


def _is_reflected_bitwise(case):
    return case["op"] in _BITWISE and case["lhs"] in _SCALARS and case["rhs"] not in _SCALARS


_BY_OPERANDS = {(c["op"], c["lhs"], c["rhs"]): c for c in _CASES}
# `2 & t` (no reflected operator in MindSpore) is `t & 2` in msjax: the mirrored record.
_MSJAX_CASES = [{**_BY_OPERANDS[(c["op"], c["rhs"], c["lhs"])], "lhs": c["lhs"], "rhs": c["rhs"]}
                if _is_reflected_bitwise(c) else c for c in _CASES]
_RAISES = [c for c in _MSJAX_CASES if "error" in c and not _is_missing_kernel(c["error"])]
_COMPUTES = [c for c in _MSJAX_CASES if c not in _RAISES]
# Operand pairs run eagerly with their values checked, for every operator: each kind of operand
# (Tensor, 0-d Tensor, Python scalar on either side) and each special rule (Bool operands,
# bfloat16 without a CPU kernel, mixed widths). Every record's dtype is checked by tracing
# (eagerly, each record would compile its own XLA kernel: minutes instead of seconds).
_EAGER_PAIRS = {("bool_", "bool_"), ("int8", "uint8"), ("float16", "bfloat16"),
                ("bool_", "python_int"), ("int32", "python_float"), ("python_bool", "bool_"),
                ("python_int", "bfloat16"), ("uint8_0d", "python_int"), ("int16_0d", "float16")}
_EAGER = [c for c in _COMPUTES if (c["lhs"], c["rhs"]) in _EAGER_PAIRS]


def test_the_golden_covers_what_it_says():
    assert len(_CASES) == 2880
    assert sum("error" in c for c in _CASES) == 513
    assert sum(_is_reflected_bitwise(c) for c in _CASES) == 90
    assert all("unsupported operand type" in c["error"]["message"]
               for c in _CASES if _is_reflected_bitwise(c))
    # 513 errors, less 90 reflected bitwise ones msjax computes as mirrored (some of which raise
    # as their mirrors do), less the missing CPU kernels msjax computes.
    assert len(_RAISES) == 301
    assert len(_EAGER) == 104  # 3 of them reflected bitwise operators (`True & bool_t`)


def _traced_dtype(case):
    """The result dtype of one record, by tracing the operator: what jit does, without XLA
    compilation. Python scalars stay static, as they do for a jitted function's constants."""
    fn, lhs, rhs = _OPERATORS[case["op"]], _operand(case["lhs"]), _operand(case["rhs"])
    tensors = [x for x in (lhs, rhs) if isinstance(x, Tensor)]

    def traced(*args):
        it = iter(args)
        return fn(*(next(it) if isinstance(x, Tensor) else x for x in (lhs, rhs)))
    out = jax.eval_shape(traced, *tensors)
    return str(out.dtype) if isinstance(out, Tensor) else f"not a Tensor: {out!r}"


@pytest.mark.parametrize("op", list(_OPERATORS))
def test_result_dtype_of_every_record(op):
    results = [(c, _traced_dtype(c)) for c in _COMPUTES if c["op"] == op]
    wrong = [f"{_case_id(c)}: msjax {got}, expected {_expected_dtype(c)}"
             for c, got in results if got != _expected_dtype(c)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("case", _EAGER, ids=_case_id)
def test_eager_result_dtype_and_value(case):
    out = _OPERATORS[case["op"]](_operand(case["lhs"]), _operand(case["rhs"]))
    expected = _expected_dtype(case)
    assert isinstance(out, Tensor)
    assert str(out.dtype) == expected
    reference = _reference(case, expected)
    assert out.shape == reference.shape
    rtol, atol = tolerance(reference.dtype)
    np.testing.assert_allclose(out.asnumpy().astype(np.float64),
                               reference.astype(np.float64), rtol=rtol, atol=atol)


@pytest.mark.parametrize("case", _RAISES, ids=_case_id)
def test_mindspore_errors_are_reproduced(case):
    with pytest.raises(TypeError) as info:
        _OPERATORS[case["op"]](_operand(case["lhs"]), _operand(case["rhs"]))
    assert type(info.value).__name__ == case["error"]["type"]
    assert str(info.value) == _mindspore_message(case["error"])


def test_zero_dim_tensors_are_not_weak():
    """A 0-d Tensor promotes like any Tensor (unlike a Python scalar)."""
    assert (Tensor(1, ms.int64) + Tensor([1], ms.int8)).dtype == ms.int64
    assert (Tensor([1], ms.int8) + 1).dtype == ms.int8
    assert (Tensor(1.5, ms.float64) * Tensor([1], ms.float16)).dtype == ms.float64


def test_reflected_bitwise_operators_are_the_mirrored_ones():
    t = Tensor(np.array([1, 6, 12], np.int32))
    for reflected, direct, numpy_op in ((lambda: 5 & t, lambda: t & 5, np.bitwise_and),
                                        (lambda: 5 | t, lambda: t | 5, np.bitwise_or),
                                        (lambda: 5 ^ t, lambda: t ^ 5, np.bitwise_xor)):
        out = reflected()
        assert out.dtype == direct().dtype == ms.int32
        np.testing.assert_array_equal(out.asnumpy(), numpy_op(5, np.array([1, 6, 12])))
    assert (True & Tensor([True, False])).asnumpy().tolist() == [True, False]
    for name in ("__lshift__", "__rshift__", "__rlshift__", "__rrshift__"):
        assert not any(name in vars(cls) for cls in Tensor.__mro__), name
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for <<: 'Tensor' and 'int'"):
        Tensor([1]) << 1
