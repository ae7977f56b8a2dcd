"""`ops.PadV3` against MindSpore 2.10 (tests/goldens/ops/pad_v3.json, made by
tests/goldens/scripts/pad_v3.py): every mode, both paddings layouts, cropping, and its errors;
plus msjax's own refusal of traced paddings and the gradient of a constant pad."""
from __future__ import annotations

import builtins
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax
from msjax import Tensor, ops
from msjax._src.ops.pad_v3_ops import pad_v3

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "goldens" / "ops" / "pad_v3.json")
                    .read_text())


def _case_id(case):
    return f"{case['attrs']}-{case['shape']}-{case['paddings']}"


def _call(case):
    op = ops.PadV3(**case["attrs"])
    x = Tensor(np.arange(np.prod(case["shape"])).reshape(case["shape"]).astype(case["dtype"]))
    paddings = (tuple(case["paddings"]) if case["paddings_dtype"] == "tuple"
                else Tensor(np.array(case["paddings"], case["paddings_dtype"])))
    args = (x, paddings)
    if case["value"] is not None:
        args += (Tensor(np.array(case["value"], case["dtype"])),)
    return op, op(*args)


@pytest.mark.parametrize("case", [c for c in GOLDEN["cases"] if c["error"] is None], ids=_case_id)
def test_outputs_match_mindspore(case):
    op, out = _call(case)
    assert repr(op) == case["repr"]
    assert str(out.asnumpy().dtype) == case["out_dtype"]
    np.testing.assert_array_equal(out.asnumpy(), np.array(case["out"]).reshape(case["out_shape"]))


@pytest.mark.parametrize("case", [c for c in GOLDEN["cases"] if c["error"]], ids=_case_id)
def test_errors_match_mindspore(case):
    error_type, message = case["error"]
    with pytest.raises(getattr(builtins, error_type)) as caught:
        _call(case)
    assert str(caught.value) == message


def test_traced_paddings_are_refused_with_the_fix():
    x = jnp.ones((1, 2, 3))
    with pytest.raises(ValueError, match="must be concrete: give a tuple of ints"):
        jax.jit(lambda p: pad_v3(x, p, 0.0))(jnp.array([1, 1]))


def test_constant_pad_under_jit_and_its_gradient():
    x = jnp.arange(6.0).reshape(1, 2, 3)
    jitted = jax.jit(lambda v: pad_v3(v, (1, -1, 0, 1), 2.0))(x)
    np.testing.assert_array_equal(jitted, pad_v3(x, (1, -1, 0, 1), 2.0))
    grad = msjax.grad(lambda v: (ops.PadV3()(v, (1, -1, 0, 1), Tensor(2.0)) ** 2).sum())(
        Tensor(np.asarray(x)))
    expected = 2 * np.asarray(x) * np.array([1.0, 1.0, 0.0])  # the cropped last column: no grad
    np.testing.assert_allclose(grad.asnumpy(), expected)
