"""`ops.CTCLoss` (the primitive) against MindSpore 2.10's CPU kernel
(tests/goldens/ops/ctc_loss_primitive.json, made by tests/goldens/scripts/ctc_loss_primitive.py):
losses, gradients and errors; where msjax departs from the kernel (a sequence without labels,
`ctc_merge_repeated=False`) the expected values come from NumPy here. Then `ops.CTCLossV2`,
`ops.ctc_loss` and `nn.CTCLoss` given labels past the number of classes, against their golden
scripts."""
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
from msjax._src.ops.ctc_ops import ctc_loss_primitive
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "goldens" / "ops"
                     / "ctc_loss_primitive.json").read_text())
_DEFAULT_DTYPES = ["int64", "int32", "int32"]


def _logits(name):
    shape, dtype, seed = GOLDEN["logits"][name]
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def _inputs(case):
    dtypes = case.get("dtypes") or _DEFAULT_DTYPES
    return (_logits(case["logits"]), np.array(case["indices"], dtypes[0]),
            np.array(case["values"], dtypes[1]), np.array(case["lengths"], dtypes[2]))


def _tensors(case):
    return [Tensor(a) for a in _inputs(case)]


def _loss(values):
    return np.array([np.inf if v == "inf" else v for v in values], np.float64)


def _tolerance(case):
    return 2e-2 if case["dtype"] == "float16" else 1e-4


@pytest.mark.parametrize("case", [c for c in GOLDEN["cases"] if "empty_label" not in c],
                         ids=lambda c: f"{c['logits']}-{c['values']}-{sorted(c['attrs'])}")
def test_loss_and_gradient_match_mindspore(case):
    op = ops.CTCLoss(**case["attrs"])
    loss, gradient = op(*_tensors(case))
    assert repr(op) == case["repr"]
    assert str(loss.asnumpy().dtype) == case["dtype"] == str(gradient.asnumpy().dtype)
    tolerance = _tolerance(case)
    np.testing.assert_allclose(loss.asnumpy().astype(np.float64), _loss(case["loss"]),
                               rtol=tolerance, atol=tolerance)
    # The kernel leaves the frames past each sequence's length unwritten (stale buffer values):
    # compare the written frames, and check msjax's zeros after them.
    got = gradient.asnumpy().astype(np.float64)
    written = np.arange(got.shape[0])[:, None] < np.array(case["lengths"])[None, :]
    expected = np.array(case["gradient"]).reshape(got.shape)
    np.testing.assert_allclose(got[written], expected[written], rtol=tolerance, atol=tolerance)
    np.testing.assert_array_equal(got[~written], 0.0)


def test_sequence_without_labels_is_the_all_blank_path():
    # MindSpore 2.10's CPU kernel counts the last frame of a label-less sequence as
    # (1 + p_blank) (its backward pass seeds two frames); msjax gives the true CTC value,
    # -sum(log p_blank), and checks the recorded value is exactly that off-by-one.
    (case,) = [c for c in GOLDEN["cases"] if "empty_label" in c]
    row = case["empty_label"]
    logits, *_ = _inputs(case)
    frames = case["lengths"][row]
    blank = (np.exp(logits) / np.exp(logits).sum(-1, keepdims=True))[:frames, row, -1]
    loss, _ = ops.CTCLoss()(*_tensors(case))
    np.testing.assert_allclose(loss.asnumpy()[row], -np.log(blank).sum(), rtol=1e-5)
    kernel = -np.log(blank[:-1]).sum() - np.log1p(blank[-1])
    np.testing.assert_allclose(_loss(case["loss"])[row], kernel, rtol=1e-5)
    other = 1 - row
    np.testing.assert_allclose(loss.asnumpy()[other], _loss(case["loss"])[other], rtol=1e-5)


@pytest.mark.parametrize("record", GOLDEN["errors"], ids=lambda r: str(r["error"][1])[:40])
def test_errors_match_mindspore(record):
    error_type, message = record["error"]
    with pytest.raises(getattr(builtins, error_type)) as caught:
        op = ops.CTCLoss(**record["attrs"])
        if "logits" in record:
            op(*_tensors(record))
    assert str(caught.value) == message


def test_unmerged_repeats_are_refused_with_the_fix():
    case = GOLDEN["cases"][0]
    with pytest.raises(NotImplementedError, match="use ctc_merge_repeated=True"):
        ops.CTCLoss(ctc_merge_repeated=False)(*_tensors(case))


def test_gradient_output_is_the_loss_gradient_and_jit_agrees():
    case = GOLDEN["cases"][0]
    logits, indices, values, lengths = _tensors(case)
    op = ops.CTCLoss()
    _, gradient = op(logits, indices, values, lengths)
    autodiff = msjax.grad(lambda x: op(x, indices, values, lengths)[0].sum())(logits)
    np.testing.assert_allclose(autodiff.asnumpy(), gradient.asnumpy(), rtol=1e-5, atol=1e-6)
    with jax.enable_x64(True):  # the JAX-level op, called as msjax calls it (core/x64.py)
        arrays = [jnp.asarray(a) for a in _inputs(case)]
        jitted = jax.jit(ctc_loss_primitive)(*arrays)
        eager = ctc_loss_primitive(*arrays)
    for got, want in zip(jitted, eager):
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7)


# -- ops.CTCLossV2, ops.ctc_loss, nn.CTCLoss -------------------------------------------------------
# tests/goldens/scripts/ctc_loss_v2.py and ctc_labels_past_classes.py run unchanged on msjax and
# print what MindSpore 2.10 printed (tests/goldens/ops/*.out).
_V2_SCRIPTS = {"ctc_loss_v2": "ops/ctc_loss_v2.out",
               "ctc_labels_past_classes": "ops/ctc_labels_past_classes.out"}
_V2_GOLDEN = [(script, label) for script, golden in _V2_SCRIPTS.items()
              for label in golden_cases(golden)]


@pytest.fixture(scope="module")
def v2_cases():
    try:
        return {script: run_script_on_msjax(f"{script}.py") for script in _V2_SCRIPTS}
    finally:
        msjax.set_context(mode=msjax.PYNATIVE_MODE)


@pytest.mark.parametrize("script, label", _V2_GOLDEN)
def test_ctc_loss_v2_and_labels_past_the_classes_match_mindspore(script, label, v2_cases):
    assert v2_cases[script].get(label) == golden_cases(_V2_SCRIPTS[script])[label]


def test_ctc_loss_v2_agrees_eagerly_under_jit_and_vmap():
    rng = np.random.default_rng(0)
    log_probs = jax.nn.log_softmax(rng.standard_normal((6, 3, 5)).astype(np.float32), -1)
    targets = np.array([[1, 2, 2], [4, 1, 0], [3, 3, 3]], np.int32)
    lengths = np.array([6, 5, 6], np.int32), np.array([3, 2, 1], np.int32)
    args = (Tensor(np.asarray(log_probs)), Tensor(targets), *map(Tensor, lengths))
    eager = ops.CTCLossV2()(*args)
    compiled = msjax.jit(lambda *a: ops.CTCLossV2()(*a))(*args)
    for e, c in zip(eager, compiled):
        np.testing.assert_allclose(c.asnumpy(), e.asnumpy(), rtol=1e-5)
    batched = msjax.vmap(lambda lp: ops.ctc_loss(lp, *args[1:], reduction="none")[0])(
        ops.stack([args[0], args[0] * 2.0]))
    np.testing.assert_allclose(batched[0].asnumpy(), eager[0].asnumpy(), rtol=1e-5)
