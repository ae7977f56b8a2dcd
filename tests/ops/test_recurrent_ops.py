"""`ops.LSTM`, `ops.DynamicRNN`, `ops.DynamicGRUV2` (ops/recurrent_ops.py).

`ops.LSTM` as MindSpore 2.10's CPU kernel computes it: tests/goldens/scripts/recurrent_probe.py
run unchanged. `DynamicRNN` and `DynamicGRUV2` have Ascend kernels only in MindSpore 2.10 (its
CPU raises a RuntimeError: the golden's line); they are checked here against NumPy written from
MindSpore's documented formulas, eagerly and under `jit`."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/recurrent_probe.out")
ASCEND_ONLY = ["DynamicRNN"]


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("recurrent_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(ASCEND_ONLY)))
def test_lstm_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_dynamic_rnn_is_ascend_only_in_mindspore():
    assert GOLDEN["DynamicRNN"].startswith("RuntimeError")


def _sigmoid(v):
    return 1 / (1 + np.exp(-v))


def _dynamic_rnn_reference(x, w, b, h, c, forget_bias):
    outs = []
    input_size = x.shape[-1]
    for xt in x:
        i, j, f, o = np.split(xt @ w[:input_size] + h @ w[input_size:] + b, 4, axis=-1)
        i, j, f, o = _sigmoid(i), np.tanh(j), _sigmoid(f + forget_bias), _sigmoid(o)
        c = f * c + i * j
        h = o * np.tanh(c)
        outs.append((h, h, c, i, j, f, o, np.tanh(c)))
    return [np.stack(v) for v in zip(*outs)]


def _gru_reference(x, w_i, w_h, b_i, b_h, h, gate_order):
    def gates(v):
        a, b_, n = np.split(v, 3, axis=-1)
        return (a, b_, n) if gate_order == "rzh" else (b_, a, n)
    outs = []
    for xt in x:
        x_r, x_z, x_n = gates(xt @ w_i + b_i)
        h_r, h_z, h_n = gates(h @ w_h + b_h)
        r, z = _sigmoid(x_r + h_r), _sigmoid(x_z + h_z)
        n = np.tanh(x_n + r * h_n)
        h = (1 - z) * n + z * h
        outs.append((h, h, z, r, n, h_n))
    return [np.stack(v) for v in zip(*outs)]


RNG = np.random.RandomState(3)
T, B, I, H = 4, 2, 3, 5
X = RNG.randn(T, B, I).astype(np.float32)


@pytest.mark.parametrize("forget_bias", [0.0, 1.0])
@pytest.mark.parametrize("compiled", [False, True])
def test_dynamic_rnn_computes_its_formula(forget_bias, compiled):
    w = (RNG.randn(I + H, 4 * H) * 0.5).astype(np.float32)
    b = RNG.randn(4 * H).astype(np.float32)
    h0 = RNG.randn(1, B, H).astype(np.float32)
    c0 = RNG.randn(1, B, H).astype(np.float32)
    prim = ops.DynamicRNN(forget_bias=forget_bias)
    call = ms.jit(prim) if compiled else prim
    outs = call(Tensor(X), Tensor(w), Tensor(b), None, Tensor(h0), Tensor(c0))
    expected = _dynamic_rnn_reference(X, w, b, h0[0], c0[0], forget_bias)
    assert len(outs) == 8
    for out, ref in zip(outs, expected):
        np.testing.assert_allclose(out.asnumpy(), ref, rtol=1e-5, atol=1e-5)


def test_dynamic_rnn_float16_outputs_take_bs_dtype():
    w = Tensor((RNG.randn(I + H, 4 * H) * 0.5).astype(np.float16))
    outs = ops.DynamicRNN()(Tensor(X.astype(np.float16)), w, Tensor(np.zeros(4 * H, np.float16)))
    assert {o.dtype for o in outs} == {ms.float16}
    outs = ops.DynamicRNN()(Tensor(X.astype(np.float16)), w, Tensor(np.zeros(4 * H, np.float32)))
    assert {o.dtype for o in outs} == {ms.float32}


@pytest.mark.parametrize("gate_order", ["rzh", "zrh"])
def test_dynamic_gru_v2_computes_its_formula(gate_order):
    w_i = (RNG.randn(I, 3 * H) * 0.5).astype(np.float32)
    w_h = (RNG.randn(H, 3 * H) * 0.5).astype(np.float32)
    b_i, b_h = RNG.randn(3 * H).astype(np.float32), RNG.randn(3 * H).astype(np.float32)
    h0 = RNG.randn(B, H).astype(np.float32)
    outs = ops.DynamicGRUV2(gate_order=gate_order)(
        Tensor(X), Tensor(w_i), Tensor(w_h), Tensor(b_i), Tensor(b_h), None, Tensor(h0))
    expected = _gru_reference(X, w_i, w_h, b_i, b_h, h0, gate_order)
    assert len(outs) == 6
    for out, ref in zip(outs, expected):
        np.testing.assert_allclose(out.asnumpy(), ref, rtol=1e-5, atol=1e-5)


def test_gradients_flow_through_the_scan():
    w = Tensor((RNG.randn(I + H, 4 * H) * 0.5).astype(np.float32))
    b = Tensor(np.zeros(4 * H, np.float32))

    def loss(w):
        return ops.DynamicRNN()(Tensor(X), w, b)[0].sum()
    grad = ms.grad(loss)(w).asnumpy()
    eps = 1e-3
    bumped = w.asnumpy().copy()
    bumped[0, 0] += eps
    numeric = (loss(Tensor(bumped)).asnumpy() - loss(w).asnumpy()) / eps
    np.testing.assert_allclose(grad[0, 0], numeric, rtol=2e-2, atol=1e-3)


BAD = [  # (call, exception, message)
    (lambda: ops.DynamicRNN()(Tensor(X[0]), Tensor(np.zeros((I + H, 4 * H), np.float32)),
                              Tensor(np.zeros(4 * H, np.float32))),
     ValueError, "the dimension of 'x' must be 3"),
    (lambda: ops.DynamicRNN()(Tensor(X), Tensor(np.zeros((I, 4 * H), np.float32)),
                              Tensor(np.zeros(4 * H, np.float32))),
     ValueError, "the shape of 'w' must be"),
    (lambda: ops.DynamicRNN(cell_clip=2.0)(Tensor(X), Tensor(np.zeros((I + H, 4 * H),
                                                                      np.float32)),
                                           Tensor(np.zeros(4 * H, np.float32))),
     NotImplementedError, "msjax supports only cell_clip=-1.0"),
    (lambda: ops.DynamicGRUV2(gate_order="hzr")(Tensor(X), Tensor(np.zeros((I, 3 * H))),
                                                Tensor(np.zeros((H, 3 * H)))),
     ValueError, "'gate_order' must be in"),
    (lambda: ops.LSTM(I, H, 1, True, False, 0.0)(
        Tensor(X), Tensor(np.zeros((1, B, H), np.float32)), Tensor(np.zeros((1, B, H),
                                                                            np.float32)),
        Tensor(np.zeros((5, 1, 1), np.float32))),
     ValueError, "the size of 'w' must be 200"),
]


@pytest.mark.parametrize("call, error, message", BAD)
def test_bad_input_says_what_is_wrong(call, error, message):
    with pytest.raises(error, match=message):
        call()
