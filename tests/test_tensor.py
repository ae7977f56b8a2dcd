"""msjax's Tensor against MindSpore 2.10: construction, attributes, conversions, methods,
indexing, `__setitem__`, and passing through JAX transforms.

Goldens:
- tests/goldens/tensor_constructor.json (tests/goldens/scripts/tensor_repr_goldens.py): 95
  constructor expressions with MindSpore's dtype, shape and values, or its exception.
- tests/goldens/tensor_methods.json (tests/goldens/scripts/tensor_methods_probe.py): attributes,
  conversions, astype, the common methods, operators, indexing and `__setitem__` statements.
Each record is evaluated with msjax and compared with what MindSpore gave: the value (type,
dtype, shape, numbers within the dtype's tolerance) or the exception (type, and the message
without the C++ call stack MindSpore appends).

Where msjax deliberately does something else, `_BEYOND_MINDSPORE` says what and why (MindSpore's
CPU build lacks a kernel, or msjax accepts an input MindSpore refuses); those records must then
give a value that agrees with NumPy. Records about ops owned by the op table that msjax does not
match yet are listed in `_OP_TABLE_PENDING` as strict xfails, so they flip to failures when fixed.
"""
from __future__ import annotations

import json
import math
import pathlib

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from msjax.common.initializer import One, Zero
from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.support import tolerance

_GOLDENS = pathlib.Path(__file__).parent / "goldens"
_CONSTRUCTOR = json.loads((_GOLDENS / "tensor_constructor.json").read_text())
_METHODS = json.loads((_GOLDENS / "tensor_methods.json").read_text())
_NON_FINITE = {"nan": math.nan, "-nan": -math.nan, "inf": math.inf, "-inf": -math.inf}
_NUMPY_DTYPES = {"Bool": np.bool_, "Int8": np.int8, "Int16": np.int16, "Int32": np.int32,
                 "Int64": np.int64, "UInt8": np.uint8, "UInt16": np.uint16, "UInt32": np.uint32,
                 "UInt64": np.uint64, "Float16": np.float16, "Float32": np.float32,
                 "Float64": np.float64, "BFloat16": ml_dtypes.bfloat16,
                 "Complex64": np.complex64, "Complex128": np.complex128, "String": np.str_}
# Reprs that name the same thing differently (MindSpore's private bfloat16 type, NumPy 1 vs 2).
_SAME_REPR = {"<class 'bfloat16'>": "<class 'ml_dtypes.bfloat16'>",
              "<class 'numpy.bool_'>": "<class 'numpy.bool'>"}


# -- comparing with a golden record ----------------------------------------------------------------
def _decode_scalar(value):
    return _NON_FINITE.get(value, value) if isinstance(value, str) else value


def _decode(values, depth, is_complex):
    """Inverts the golden scripts' encoding: non-finite floats as strings, complex as pairs."""
    if depth == 0:
        if is_complex:
            return complex(_decode_scalar(values[0]), _decode_scalar(values[1]))
        return _decode_scalar(values)
    return [_decode(v, depth - 1, is_complex) for v in values]


def golden_array(values, dtype_name, shape):
    """The golden's values as a NumPy array of MindSpore dtype `dtype_name` (bfloat16: float64)."""
    decoded = _decode(values, len(shape), dtype_name.startswith("Complex"))
    if dtype_name == "String":
        return np.asarray(decoded, np.str_)
    return np.asarray(decoded, np.float64 if dtype_name == "BFloat16"
                      else _NUMPY_DTYPES[dtype_name]).reshape(shape)


def mindspore_message(message: str) -> str:
    """An exception message without the C++ call stack MindSpore appends."""
    return message.split("\n\n----")[0]


def assert_matches(record, value):
    """`value` (a Tensor, a sequence of them, or a Python value) is what the record describes."""
    kind = record["kind"]
    if kind == "tensor":
        assert isinstance(value, Tensor), f"expected a Tensor, got {type(value).__name__}"
        assert str(value.dtype) == record["dtype"]
        assert list(value.shape) == record["shape"]
        expected = golden_array(record["values"], record["dtype"], record["shape"])
        actual = value.asnumpy()
        if record["dtype"] in ("String", "Bool") or record["dtype"].startswith(("Int", "UInt")):
            np.testing.assert_array_equal(actual, expected)
        else:
            rtol, atol = tolerance(_NUMPY_DTYPES[record["dtype"]])
            np.testing.assert_allclose(actual.astype(expected.dtype), expected, rtol=rtol,
                                       atol=atol, equal_nan=True)
    elif kind in ("tuple", "list"):
        assert type(value).__name__ == kind, f"expected a {kind}, got {type(value).__name__}"
        assert len(value) == len(record["items"])
        for item, item_record in zip(value, record["items"]):
            assert_matches(item_record, item)
    else:
        assert kind == "python", kind
        assert type(value).__name__ == record["type"]
        expected = _SAME_REPR.get(record["repr"], record["repr"])
        assert repr(value) == expected


def check_record(record, run):
    """Runs `run()` and checks its outcome against the record (a value or an exception)."""
    if record["kind"] == "error":
        with pytest.raises(Exception) as info:
            run()
        assert type(info.value).__name__ == record["type"], str(info.value)
        assert str(info.value) == mindspore_message(record["message"])
    else:
        assert_matches(record, run())


# -- construction ----------------------------------------------------------------------------------
_CONSTRUCTOR_NAMESPACE = {"np": np, "ms": ms, "Tensor": Tensor, "One": One, "Zero": Zero}


@pytest.mark.parametrize("record", _CONSTRUCTOR["construction"], ids=lambda r: r["expr"])
def test_constructor_matches_mindspore(record):
    run = lambda: eval(record["expr"], _CONSTRUCTOR_NAMESPACE)
    if "error" in record:
        with pytest.raises(Exception) as info:
            run()
        assert type(info.value).__name__ == record["error"]["type"]
        assert str(info.value) == mindspore_message(record["error"]["message"])
        return
    t = run()
    assert type(t).__name__ == record["type"]
    assert str(t.dtype) == record["dtype"]
    assert list(t.shape) == record["shape"]
    if "value_error" in record:  # a declared-only Tensor: reading its value fails
        with pytest.raises(Exception) as info:
            t.asnumpy()
        assert type(info.value).__name__ == record["value_error"]["type"]
        assert str(info.value) == record["value_error"]["message"]
        return
    expected = golden_array(record["value"], record["dtype"], record["shape"])
    actual = t.asnumpy()
    if record["dtype"] == "BFloat16":
        actual = actual.astype(np.float64)
    np.testing.assert_array_equal(actual, expected)
    assert actual.dtype == expected.dtype or record["dtype"] == "String"


def test_constructor_golden_is_complete():
    assert len(_CONSTRUCTOR["construction"]) == 95


def test_declared_only_tensors_have_unknown_dimensions():
    """MindSpore's input signatures for dynamic shapes: -1 for each unknown size."""
    t = Tensor(shape=[None, 3], dtype=ms.float32)
    assert t.shape == (-1, 3)
    assert t.dtype == ms.float32
    assert repr(t) == "Tensor(shape=[-1, 3], dtype=Float32, value=\n)"  # (MindSpore 2.10's)
    assert repr(Tensor(dtype=ms.float32)) == "Tensor(shape=[-2], dtype=Float32, value= )"


def test_init_needs_shape_and_dtype():
    with pytest.raises(ValueError, match="init, dtype and shape must have values at the same time"):
        Tensor(shape=(2, 3), init="ones")
    t = Tensor(shape=(2, 3), dtype=ms.float16, init=One())
    np.testing.assert_array_equal(t.asnumpy(), np.ones((2, 3), np.float16))


def test_tensor_of_a_tensor_shares_nothing_mutable():
    a = Tensor([1.0, 2.0])
    b = Tensor(a)
    b[0] = 5
    np.testing.assert_array_equal(a.asnumpy(), [1.0, 2.0])


# -- attributes, conversions, methods, operators, indexing -------------------------------------------
# Records where msjax gives a value although MindSpore raised, and why.
_BEYOND_MINDSPORE = {
    "x.repeat(2)": "MindSpore's CPU build has no 'repeat' kernel",
    "x.clone()": "MindSpore's CPU build has no Clone kernel",
    "x.flip(0)": "msjax also takes a single int for `dims` (MindSpore wants a tuple)",
    "x[np.array([1,0])]": "msjax also indexes with NumPy arrays (MindSpore refuses them)",
    "Tensor([1,2],ms.int32) // 0": "integer division by zero is backend-defined "
                                   "(MindSpore CPU: INT_MAX, XLA: -1)",
    "ops.exp(2.0)": "msjax's functional ops also take Python scalars",
}
# Expected values for the records above, where NumPy gives them directly.
_BEYOND_REFERENCE = {
    "x.repeat(2)": lambda x: np.repeat(x, 2),
    "x.clone()": lambda x: x,
    "x.flip(0)": lambda x: np.flip(x, 0),
    "x[np.array([1,0])]": lambda x: x[np.array([1, 0])],
}
# In-place methods MindSpore 2.10's CPU build gets wrong: fill_ and zero_ have no CPU kernel, and
# add_, sub_, mul_ and div_ return the result without writing it into the Tensor (`y` unchanged).
# msjax writes in place, as MindSpore documents; the expected `y` comes from NumPy.
_IN_PLACE_BEYOND_MINDSPORE = {
    "y.fill_(2.5)": lambda y: np.full_like(y, 2.5),
    "y.fill_(Tensor(3.0))": lambda y: np.full_like(y, 3.0),
    "y.zero_()": np.zeros_like,
    "y.add_(1)": lambda y: y + 1,
    "y.add_(Tensor([1., 2., 3.]), alpha=2)": lambda y: y + 2 * np.array([1., 2., 3.], np.float32),
    "y.sub_(y)": lambda y: y - y,
    "y.sub_(1, alpha=0.5)": lambda y: y - 0.5,
    "y.mul_(2)": lambda y: y * 2,
    "y.mul_(Tensor([1., 0., -1.]))": lambda y: y * np.array([1., 0., -1.], np.float32),
    "y.div_(2)": lambda y: y / 2,
    "y.div_(y, rounding_mode='floor')": lambda y: np.floor(y / y),
}
# Records about ops of the op table (msjax/_src/ops) that do not match MindSpore yet.
_OP_TABLE_PENDING: dict = {}
# MindSpore's CPU kernels approximate some functions (its tanh(5) is 1.0000098): compare these
# with this relative tolerance instead of float32's.
_LOOSE_TOLERANCE = {"ops.log_softmax(x)": 1e-4, "x.tanh()": 2e-4}

_FIXTURE_NAMESPACE = {"ms": ms, "np": np, "ops": ops, "Tensor": Tensor}
exec(_METHODS["fixtures"], _FIXTURE_NAMESPACE)  # x, xi, b


def _namespace():
    namespace = dict(_FIXTURE_NAMESPACE)
    exec(_METHODS["fixtures"], namespace)  # fresh fixtures: a test may write into them
    return namespace


def _expression_params():
    params = []
    for record in _METHODS["expressions"]:
        marks = ()
        if record["expr"] in _OP_TABLE_PENDING:
            marks = pytest.mark.xfail(strict=True, reason=_OP_TABLE_PENDING[record["expr"]])
        params.append(pytest.param(record, id=record["expr"], marks=marks))
    return params


@pytest.mark.parametrize("record", _expression_params())
def test_expression_matches_mindspore(record):
    expr = record["expr"]
    namespace = _namespace()
    if expr in _BEYOND_MINDSPORE:
        value = eval(expr, namespace)
        assert value is not None
        if expr in _BEYOND_REFERENCE:
            np.testing.assert_array_equal(value.asnumpy(),
                                          _BEYOND_REFERENCE[expr](namespace["x"].asnumpy()))
        return
    if expr in _LOOSE_TOLERANCE:
        value = eval(expr, namespace)
        assert str(value.dtype) == record["dtype"]
        np.testing.assert_allclose(value.asnumpy(), golden_array(record["values"], record["dtype"],
                                                                 record["shape"]),
                                   rtol=_LOOSE_TOLERANCE[expr])
        return
    check_record(record, lambda: eval(expr, namespace))


@pytest.mark.parametrize("record", _METHODS["statements"], ids=lambda r: r["stmt"])
def test_setitem_statement_matches_mindspore(record):
    namespace = _namespace()
    namespace["y"] = y = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))

    def run():
        exec(record["stmt"], namespace)
        return namespace["y"]
    if record["stmt"] in _IN_PLACE_BEYOND_MINDSPORE:
        with np.errstate(invalid="ignore"):  # 0 / 0 in the floor division
            expected = _IN_PLACE_BEYOND_MINDSPORE[record["stmt"]](y.asnumpy())
        np.testing.assert_array_equal(run().asnumpy(), expected)
    else:
        check_record(record, run)
    if record["kind"] != "error" and "+=" not in record["stmt"]:
        assert namespace["y"] is y  # written in place: other references see the new value


# -- behaviour against NumPy -----------------------------------------------------------------------
_RNG = np.random.default_rng(0)
_A = _RNG.standard_normal((3, 4, 5)).astype(np.float32)
_METHOD_CASES = [
    ("reshape", lambda t: t.reshape(4, 15), lambda a: a.reshape(4, 15)),
    ("reshape-tuple", lambda t: t.reshape((-1, 5)), lambda a: a.reshape(-1, 5)),
    ("view", lambda t: t.view(12, 5), lambda a: a.reshape(12, 5)),
    ("transpose", lambda t: t.transpose(), lambda a: a.transpose()),
    ("transpose-axes", lambda t: t.transpose(2, 0, 1), lambda a: a.transpose(2, 0, 1)),
    ("T", lambda t: t.T, lambda a: a.T),
    ("sum", lambda t: t.sum(), lambda a: a.sum()),
    ("sum-axis", lambda t: t.sum(1), lambda a: a.sum(1)),
    ("sum-keepdims", lambda t: t.sum((0, 2), keepdims=True), lambda a: a.sum((0, 2), keepdims=True)),
    ("mean", lambda t: t.mean(), lambda a: a.mean()),
    ("mean-axis", lambda t: t.mean(2), lambda a: a.mean(2)),
    ("max", lambda t: t.max(), lambda a: a.max()),
    ("max-axis", lambda t: t.max(axis=1), lambda a: a.max(axis=1)),
    ("min-axis", lambda t: t.min(axis=0), lambda a: a.min(axis=0)),
    ("argmax", lambda t: t.argmax(), lambda a: a.argmax()),
    ("argmax-axis", lambda t: t.argmax(1), lambda a: a.argmax(1)),
    ("squeeze", lambda t: t.reshape(1, 3, 1, 20).squeeze(), lambda a: a.reshape(3, 20)),
    ("expand_dims", lambda t: t.expand_dims(1), lambda a: a[:, None]),
    ("flatten", lambda t: t.flatten(), lambda a: a.ravel()),
    ("abs", lambda t: t.abs(), np.abs),
    ("exp", lambda t: t.exp(), np.exp),
    ("sqrt", lambda t: t.abs().sqrt(), lambda a: np.sqrt(np.abs(a))),
    ("clip", lambda t: t.clip(-0.5, 0.5), lambda a: np.clip(a, -0.5, 0.5)),
    ("neg", lambda t: -t, np.negative),
    ("getitem", lambda t: t[1, :, ::2], lambda a: a[1, :, ::2]),
    ("getitem-mask", lambda t: t[t > 0], lambda a: a[a > 0]),
    ("getitem-tensor", lambda t: t[Tensor(np.array([2, 0]))], lambda a: a[np.array([2, 0])]),
    ("getitem-bool-list", lambda t: t[[True, False, True]],
     lambda a: a[np.array([True, False, True])]),
    ("getitem-tuple-in-tuple", lambda t: t[1, (2, 0), 1:3], lambda a: a[1, [2, 0], 1:3]),
]


@pytest.mark.parametrize("index", [[True, False, True], (1, (2, 0), slice(1, 3)),
                                   (1, [3, 1], (2, 4))], ids=["bool-list", "tuple", "mixed"])
def test_constant_sequence_indices_compile(index):
    """A list or tuple of Python values in an index is a constant of the compiled function
    (a boolean mask must be one): graph mode indexes as NumPy does, no fallback."""
    numpy_index = tuple(np.array(i) if isinstance(i, (list, tuple)) else i for i in index) \
        if isinstance(index, tuple) else np.array(index)
    out = ms.jit(lambda t: t[index])(Tensor(_A))
    np.testing.assert_array_equal(out.asnumpy(), _A[numpy_index])


@pytest.mark.parametrize("method,numpy_fn", [(m, n) for _, m, n in _METHOD_CASES],
                         ids=[c[0] for c in _METHOD_CASES])
def test_method_matches_numpy(method, numpy_fn):
    out = method(Tensor(_A))
    expected = np.asarray(numpy_fn(_A))
    assert isinstance(out, Tensor)
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-5, atol=1e-6)
    assert out.shape == expected.shape


@pytest.mark.parametrize("name", ["abs", "neg", "square", "floor", "exp"])
def test_a_no_argument_method_of_a_one_program_op_is_the_op(name):
    """`x.abs()` is the op's program called in one frame (registry.one_program_method): the
    op's values eagerly, on a Parameter, under `ms.jit`, `ms.vmap` and with a gradient, and
    MindSpore's count of its arguments."""
    op = getattr(ops, name)
    method = getattr(Tensor, name)
    assert method.__wrapped__ is op
    x = Tensor(_A)
    expected = op(x).asnumpy()
    np.testing.assert_array_equal(getattr(x, name)().asnumpy(), expected)
    parameter = ms.Parameter(Tensor(_A), name="p")
    np.testing.assert_array_equal(getattr(parameter, name)().asnumpy(), expected)
    np.testing.assert_array_equal(ms.jit(lambda t: getattr(t, name)())(x).asnumpy(), expected)
    np.testing.assert_array_equal(ms.vmap(lambda t: getattr(t, name)())(x).asnumpy(), expected)
    if name in ("abs", "neg", "square", "exp"):
        gradient = ms.grad(lambda t: getattr(t, name)().sum())(x).asnumpy()
        np.testing.assert_allclose(gradient, ms.grad(lambda t: op(t).sum())(x).asnumpy())
        assert np.abs(gradient).sum() > 0
    with pytest.raises(TypeError, match=rf"{name}\(\) takes 0 positional arguments but 1 was "):
        getattr(x, name)(1)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_a_no_argument_method_follows_amp_auto_as_its_op(dtype):
    """`x.exp()` under mixed precision "auto" (exp is on its black list: Float32) computes as
    `ops.exp`: the generated method hands a call made under a strategy to the op."""
    both = ms.amp.auto_mixed_precision(lambda t: (t.exp(), ops.exp(t)), "auto")
    method, op = both(Tensor(np.array([0.5, 1.0, 2.0], dtype)))
    assert method.dtype == op.dtype == ms.float32
    np.testing.assert_array_equal(method.asnumpy(), op.asnumpy())


def test_attributes():
    t = Tensor(np.zeros((2, 3, 4), np.float16))
    assert (t.shape, t.ndim, t.size, t.itemsize, t.nbytes) == ((2, 3, 4), 3, 24, 2, 48)
    assert t.strides == (24, 8, 2)
    assert type(t.shape) is tuple and type(t.size) is int
    assert t.dtype is ms.float16


def test_conversions_are_copies():
    t = Tensor([1.0, 2.0])
    a = t.asnumpy()
    a[0] = 9
    assert t.asnumpy()[0] == 1.0
    assert np.asarray(t).dtype == np.float32
    assert isinstance(t.numpy(), np.ndarray)


def test_item_and_tolist_types():
    assert type(Tensor(2.5).item()) is float
    assert type(Tensor(2).item()) is int
    assert type(Tensor(True).item()) is bool
    assert Tensor([[1, 2]]).tolist() == [[1, 2]]
    assert Tensor([1.5], ms.bfloat16).tolist() == [1.5]


def test_astype_accepts_strings_but_the_constructor_does_not():
    assert Tensor([1, 2]).astype("float16").dtype == ms.float16
    assert Tensor([1, 2]).astype(ms.float16).dtype == ms.float16
    with pytest.raises(TypeError, match="For 'Tensor', the 'dtype' should be one of"):
        Tensor([1, 2], "float16")


def test_len_and_iteration():
    t = Tensor(np.arange(6).reshape(3, 2))
    assert len(t) == 3
    rows = list(t)
    assert len(rows) == 3 and all(isinstance(r, Tensor) for r in rows)
    np.testing.assert_array_equal(rows[2].asnumpy(), [4, 5])
    with pytest.raises(TypeError, match="Not support len of a 0-D tensor"):
        len(Tensor(1))


def test_scalar_conversions():
    assert bool(Tensor([0.5])) is True
    assert int(Tensor(-2.7)) == -2
    assert float(Tensor([[3]])) == 3.0
    assert complex(Tensor(1 + 2j)) == 1 + 2j
    assert [10, 20, 30][Tensor(1)] == 20


def test_setitem_is_in_place_eagerly():
    t = Tensor(np.zeros(4, np.float32))
    alias = t
    t[1:3] = Tensor([5.0, 6.0])
    np.testing.assert_array_equal(alias.asnumpy(), [0, 5, 6, 0])


def test_setitem_under_jit_gives_a_new_value():
    outer = Tensor(np.zeros(3, np.float32))

    @jax.jit
    def write(t):
        t[0] = 7.0
        return t

    out = write(outer)
    np.testing.assert_array_equal(out.asnumpy(), [7, 0, 0])
    np.testing.assert_array_equal(outer.asnumpy(), [0, 0, 0])  # the argument is untouched


def test_in_place_add_creates_a_new_tensor():
    t = Tensor([1.0, 2.0])
    alias = t
    t += 1
    np.testing.assert_array_equal(alias.asnumpy(), [1.0, 2.0])
    np.testing.assert_array_equal(t.asnumpy(), [2.0, 3.0])


# -- JAX transforms --------------------------------------------------------------------------------
def test_tensor_is_a_pytree():
    t = Tensor([1.0, 2.0])
    leaves, treedef = jax.tree_util.tree_flatten(t)
    assert len(leaves) == 1 and isinstance(leaves[0], jax.Array)
    assert isinstance(jax.tree_util.tree_unflatten(treedef, leaves), Tensor)


def test_jit_takes_and_returns_tensors():
    out = jax.jit(lambda a, b: a * b + 1)(Tensor([1.0, 2.0]), Tensor([3.0, 4.0]))
    assert isinstance(out, Tensor)
    np.testing.assert_array_equal(out.asnumpy(), [4.0, 9.0])


def test_vmap_over_tensors():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    out = jax.vmap(lambda row: row.sum())(x)
    assert isinstance(out, Tensor)
    np.testing.assert_array_equal(out.asnumpy(), [3.0, 12.0])


def test_grad_returns_a_tensor():
    x = Tensor([1.0, 2.0, 3.0])
    g = jax.grad(lambda t: (t * t).sum()._data)(x)
    assert isinstance(g, Tensor)
    np.testing.assert_allclose(g.asnumpy(), [2.0, 4.0, 6.0])


def test_tensor_methods_trace_under_jit():
    @jax.jit
    def f(t):
        return t.reshape(2, 3).transpose().mean(1), t[t > 2].shape

    x = Tensor(np.arange(6, dtype=np.float32))
    with pytest.raises(jax.errors.NonConcreteBooleanIndexError):  # data-dependent shape
        f(x)
    out = jax.jit(lambda t: t.reshape(2, 3).transpose().mean(1))(x)
    np.testing.assert_allclose(out.asnumpy(), [1.5, 2.5, 3.5])


def test_tensors_inside_jnp_calls():
    t = Tensor([1.0, 4.0])
    assert jnp.sqrt(t).tolist() == [1.0, 2.0]  # via __jax_array__


# Tensor.from_numpy shares the NumPy array's memory, both ways, as MindSpore's does (core/numpy_view.py);
# tests/goldens/scripts/from_numpy_sharing.py run unchanged, against MindSpore 2.10's lines.
FROM_NUMPY_GOLDEN = golden_cases("tensor_from_numpy.txt")


def test_from_numpy_shares_memory_as_mindspore_does():
    assert run_script_on_msjax("from_numpy_sharing.py") == FROM_NUMPY_GOLDEN


def test_from_numpy_tensor_is_read_afresh_by_compiled_calls_and_grad():
    n = np.ones((2, 3), np.float32)
    t = ms.Tensor.from_numpy(n)
    double = ms.jit(lambda x: x * 2)
    assert double(t).asnumpy().tolist() == [[2.0] * 3] * 2
    n += 1
    assert double(t).asnumpy().tolist() == [[4.0] * 3] * 2
    assert ms.grad(lambda x: (x * x).sum())(t).asnumpy().tolist() == [[4.0] * 3] * 2
    assert type(t).__name__ == "Tensor" and isinstance(t, ms.Tensor)


def test_uninitialized_tensor_prints_as_mindspore_until_drawn():
    # tests/goldens/scripts/tensor_init_printing.py against MindSpore 2.10's lines.
    assert run_script_on_msjax("tensor_init_printing.py") == golden_cases("tensor_init_printing.txt")
