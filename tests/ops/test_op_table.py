"""The op table: every record of tests/ops/op_records.py, against MindSpore and NumPy.

Each record is called eagerly, and the first record of each op also under jax.jit and under
jax.vmap (over two copies of every Tensor argument, compiled with the jit call into one program:
compiling is the slow part of the test), and compared with what MindSpore 2.10 returned for the
same call (dtype, shape and values, from tests/goldens/ops_table.json) and with the record's
NumPy reference. Each Primitive's repr is compared with MindSpore's too. Records marked
`error` must raise MindSpore's exception type and message; records marked `beyond` are calls
MindSpore's CPU backend rejects and msjax computes, checked against NumPy alone.

Regenerate the goldens after adding records:
    ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/ops_table.py
"""
from __future__ import annotations

import builtins
import json
import pathlib

import jax
import numpy as np
import pytest

import msjax
from msjax import Tensor, ops
from tests.ops.op_inputs import call_args, encode
from tests.ops.op_records import CASES
from tests.support import tolerance

GOLDEN_PATH = pathlib.Path(__file__).resolve().parents[1] / "goldens" / "ops_table.json"
GOLDENS = json.loads(GOLDEN_PATH.read_text())["cases"]

# MindSpore dtype names as NumPy dtypes.
_NP_DTYPE = {"Bool": "bool", "Int8": "int8", "Int16": "int16", "Int32": "int32",
             "Int64": "int64", "UInt8": "uint8", "UInt16": "uint16", "UInt32": "uint32",
             "UInt64": "uint64", "Float16": "float16", "Float32": "float32",
             "Float64": "float64", "Complex64": "complex64", "Complex128": "complex128"}
# Errors of MindSpore's CPU backend (a kernel it lacks), not of the API.
_CPU_KERNEL_ERRORS = ("Select CPU operator", "Unsupported op", "unregistered", "KernelMod",
                      "kernelmod", "Kernel select failed", "----")


def _make_dtype(name):
    return getattr(msjax, {"bool": "bool_"}.get(name, name))


def _is_tensor(x):
    return isinstance(x, Tensor)


def _prepare(case):
    """(fn of the Tensor leaves, the Tensor leaves) for the case's call."""
    args, kwargs, init_args, init_kwargs = call_args(case, Tensor, _make_dtype)
    op = getattr(ops, case.op)
    if case.is_primitive:
        op = op(*init_args, **init_kwargs)
    leaves, treedef = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_tensor)
    positions = [i for i, leaf in enumerate(leaves) if _is_tensor(leaf)]

    def fn(*tensors):
        full = list(leaves)
        for i, t in zip(positions, tensors):
            full[i] = t
        a, k = jax.tree_util.tree_unflatten(treedef, full)
        return op(*a, **k)

    return fn, [leaves[i] for i in positions]


def _numpy_inputs(case):
    args, kwargs, _, _ = call_args(case, lambda a: a, np.dtype)
    return args, kwargs


def _assert_record(actual, golden, case, batch=None, check_values=True, where=""):
    """`actual` (an encoded msjax result) equals `golden` (an encoded MindSpore result)."""
    (kind, value), = ((k, v) for k, v in golden.items() if k != "repr")
    assert kind in actual or (kind == "list" and "tuple" in actual), \
        f"{where}: MindSpore returned a {kind}, msjax {list(actual)}"
    got = actual.get(kind, actual.get("tuple"))
    if kind in ("tuple", "list"):
        assert len(got) == len(value), f"{where}: {len(got)} results, MindSpore {len(value)}"
        for i, (a, g) in enumerate(zip(got, value)):
            _assert_record(a, g, case, batch, check_values, f"{where}[{i}]")
    elif kind == "tensor":
        assert got["dtype"] == value["dtype"], f"{where}: dtype {got['dtype']}, " \
            f"MindSpore {value['dtype']}"
        shape = ([batch] if batch else []) + value["shape"]
        assert got["shape"] == shape, f"{where}: shape {got['shape']}, MindSpore {shape}"
        if check_values:
            expected = _decode_values(value)
            if batch:
                expected = np.stack([expected] * batch)
            _assert_values(_decode_values(got), expected, case, where)
    else:
        assert got == value, f"{where}: {got!r}, MindSpore {value!r}"


def _decode_values(record):
    dtype = _NP_DTYPE[record["dtype"]]
    if dtype.startswith("complex"):
        re, im = record["value"]
        return (np.asarray(re) + 1j * np.asarray(im)).astype(dtype)
    return np.asarray(record["value"], dtype=dtype)


def _assert_values(actual, expected, case, where=""):
    actual, expected = np.asarray(actual), np.asarray(expected)
    assert actual.shape == expected.shape, f"{where}: shape {actual.shape} != {expected.shape}"
    if expected.dtype.kind in "biu" and actual.dtype.kind in "biu":
        np.testing.assert_array_equal(actual, expected, err_msg=where)
        return
    rtol, atol = case.tol or tolerance(actual.dtype if actual.dtype.kind in "fc" else
                                       expected.dtype)
    np.testing.assert_allclose(actual.astype(np.result_type(actual, expected)), expected,
                               rtol=rtol, atol=atol, equal_nan=True, err_msg=where)


def _assert_matches_ref(result, expected, case, check_dtype):
    if isinstance(expected, (tuple, list)):
        assert isinstance(result, (tuple, list)) and len(result) == len(expected), \
            f"reference: {len(expected)} results, msjax {result!r}"
        for r, e in zip(result, expected):
            _assert_matches_ref(r, e, case, check_dtype)
        return
    if not isinstance(result, Tensor):
        assert result == expected, f"reference: {expected!r}, msjax {result!r}"
        return
    expected = np.asarray(expected)
    if check_dtype:
        assert result.asnumpy().dtype == expected.dtype, \
            f"reference dtype {expected.dtype}, msjax {result.dtype}"
    if case.values:
        _assert_values(result.asnumpy(), expected, case, "reference")
    else:
        assert result.shape == expected.shape, f"reference shape {expected.shape}, msjax " \
            f"{result.shape}"


def _encode(result):
    return encode(result, Tensor, msjax.Type)


@pytest.mark.parametrize("case", [c for c in CASES if not c.error], ids=lambda c: c.id)
def test_op_matches_mindspore_and_numpy(case):
    golden = GOLDENS.get(case.id)
    assert golden is not None, f"no golden for {case.id}: run tests/goldens/scripts/ops_table.py"
    if case.beyond:
        assert "error" in golden, f"{case.id} is marked beyond, but MindSpore returned a result"
        assert case.ref is not None, "a record msjax computes beyond MindSpore needs a reference"
    else:
        assert "error" not in golden, f"MindSpore raised {golden['error']}: mark the record " \
            "`beyond` (a CPU-kernel limitation) or `error`, or fix it"
    fn, tensors = _prepare(case)
    result = fn(*tensors)
    if not case.beyond:
        _assert_record(_encode(result), golden, case, check_values=case.values, where="eager")
    if case.ref is not None:
        np_args, np_kwargs = _numpy_inputs(case)
        _assert_matches_ref(result, case.ref(*np_args, **np_kwargs), case,
                            check_dtype=bool(case.beyond))
    if case.id not in _TRANSFORM_POSITION:
        return
    expected = _encode(result) if case.beyond else golden
    plain, vmapped = _transformed(case)
    _assert_record(_encode(plain), expected, case, check_values=case.values, where="jit")
    if vmapped is not None:
        _assert_record(_encode(vmapped), expected, case, batch=2, check_values=case.values,
                       where="vmap")


# Compiling is the slow part of this test. The first record of each op is checked under jit and
# vmap (its later records, variants of arguments and dtypes, eagerly only), and the jit and vmap
# calls of _CHUNK records are compiled as one program (a record whose chunk fails to compile is
# then compiled on its own, so each failure is reported by its own record).
_CHUNK = 16
_TRANSFORMED_CASES = list({c.op: c for c in reversed(CASES)
                           if c.transforms and not c.error}.values())[::-1]
_TRANSFORM_POSITION = {c.id: i for i, c in enumerate(_TRANSFORMED_CASES)}
_TRANSFORMED: dict = {}


def _transform_inputs(case):
    fn, tensors = _prepare(case)
    batched = [Tensor(np.stack([t.asnumpy()] * 2)) for t in tensors]
    return fn, tensors, batched


def _both(fn, tensors, batched):
    return fn(*tensors), (jax.vmap(fn)(*batched) if batched else None)


def _transformed(case):
    """(result under jax.jit, result under jax.jit(jax.vmap)) of `case`."""
    if case.id not in _TRANSFORMED:
        start = _TRANSFORM_POSITION[case.id] // _CHUNK * _CHUNK
        chunk = _TRANSFORMED_CASES[start:start + _CHUNK]
        try:
            prepared = [_transform_inputs(c) for c in chunk]
            fns = [p[0] for p in prepared]
            results = jax.jit(lambda inputs: [_both(f, ts, bs) for f, (ts, bs) in
                                              zip(fns, inputs)])([p[1:] for p in prepared])
            _TRANSFORMED.update(zip([c.id for c in chunk], results))
        except Exception:  # noqa: BLE001  (compiled one by one below, to report the culprit)
            pass
    if case.id not in _TRANSFORMED:
        fn, tensors, batched = _transform_inputs(case)
        _TRANSFORMED[case.id] = jax.jit(lambda ts, bs: _both(fn, ts, bs))(tensors, batched)
    return _TRANSFORMED[case.id]


@pytest.mark.parametrize("case", [c for c in CASES if c.error], ids=lambda c: c.id)
def test_op_raises_like_mindspore(case):
    golden = GOLDENS[case.id]
    assert "error" in golden, f"MindSpore did not raise for {case.id}"
    exc_type, message = golden["error"]
    fn, tensors = _prepare(case)
    with pytest.raises(getattr(builtins, exc_type)) as info:
        fn(*tensors)
    assert str(info.value).splitlines()[0] == message


@pytest.mark.parametrize("case", [c for c in CASES if c.is_primitive], ids=lambda c: c.id)
def test_primitive_repr_matches_mindspore(case):
    _, _, init_args, init_kwargs = call_args(case, Tensor, _make_dtype)
    assert repr(getattr(ops, case.op)(*init_args, **init_kwargs)) == GOLDENS[case.id]["repr"]


def test_every_record_has_a_unique_id():
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
