"""nn.LSTM / GRU / RNN and their cells against MindSpore 2.10: tests/goldens/nn/recurrent.*
(tests/goldens/scripts/recurrent.py).

Each case is rebuilt with MindSpore's weights copied in by `set_data` and checked for its repr,
Parameter names/shapes, attributes, outputs (eagerly and under `msjax.jit`) and the gradients of
`sum_i (out_i * cot_i).sum()` with respect to the input and every Parameter; the cells also run
under `vmap`, and the layers against a NumPy loop of the same equations.
"""
import json
import math

import jax
import numpy as np
import pytest

import msjax
from msjax import Tensor, nn
from tests.conftest import GOLDENS
from tests.support import assert_close

META = json.loads((GOLDENS / "nn" / "recurrent.json").read_text())
ARRAYS = np.load(GOLDENS / "nn" / "recurrent.npz")
CASES = META["cases"]
SCOPE = {"nn": nn, "np": np, "ms": msjax, "Tensor": Tensor, "math": math}
TOLERANCE = {"rtol": 2e-5, "atol": 2e-5}
GRAD_TOLERANCE = {"rtol": 1e-4, "atol": 1e-4}
BOOKKEEPING = {"training", "requires_grad", "is_top_cell", "arguments_key",
               "mixed_precision_type", "cell_type", "grad_ops_label", "has_bprop"}


def flat(out):
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in flat(o)]
    return [out]


def build(name):
    cell = eval(CASES[name]["ctor"], SCOPE)
    for path, param in cell.parameters_and_names():
        param.set_data(Tensor(ARRAYS[f"{name}/param/{path}"]))
    return cell


def arguments(name):
    """The call's arguments after x: hx (a Tensor or a tuple), seq_length, as the script passed."""
    hx = [Tensor(ARRAYS[f"{name}/hx/{i}"]) for i in range(2) if f"{name}/hx/{i}" in ARRAYS.files]
    is_cell = "Cell" in CASES[name]["ctor"]
    rest = []
    if hx:
        rest.append(tuple(hx) if len(hx) == 2 else hx[0])
    elif not is_cell:
        rest.append(None)
    if f"{name}/seq_length" in ARRAYS.files:
        rest.append(Tensor(ARRAYS[f"{name}/seq_length"]))
    return rest


def expected_outputs(name):
    return [ARRAYS[f"{name}/out/{i}"] for i in range(len(CASES[name]["out_shapes"]))]


@pytest.mark.parametrize("name", list(CASES))
def test_structure_matches_mindspore(name):
    info = CASES[name]
    cell = build(name)
    assert repr(cell) == info["repr"]
    assert [[p, q.name, str(q.dtype), list(q.shape), bool(q.requires_grad)]
            for p, q in cell.parameters_and_names()] == info["params"]
    attrs = {k: v for k, v in vars(cell).items() if not k.startswith("_") and k not in BOOKKEEPING
             and isinstance(v, (bool, int, float, str, type(None)))}
    assert attrs == info["attrs"]


@pytest.mark.parametrize("name", list(CASES))
def test_eager_outputs_match_mindspore(name):
    out = build(name)(Tensor(ARRAYS[f"{name}/x"]), *arguments(name))
    assert_close(flat(out), expected_outputs(name), **TOLERANCE)


def test_outputs_and_gradients_under_jit_match_mindspore():
    """One compiled program: every case's outputs and its gradients."""
    names = list(CASES)
    cells = {name: build(name) for name in names}

    def gradient(name):
        cell = cells[name]
        cots = [Tensor(ARRAYS[f"{name}/cot/{i}"]) for i in range(len(CASES[name]["out_shapes"]))]

        def loss(x, *rest):
            return sum((o * c).sum() for o, c in zip(flat(cell(x, *rest)), cots))
        return msjax.grad(loss, grad_position=0, weights=cell.trainable_params())

    grad_fns = {name: gradient(name) for name in names}

    def program(inputs):
        return [(flat(cells[n](x, *arguments(n))), grad_fns[n](x, *arguments(n)))
                for n, x in zip(names, inputs)]

    results = msjax.jit(program)([Tensor(ARRAYS[f"{n}/x"]) for n in names])
    for name, (out, (grad_x, grad_w)) in zip(names, results):
        assert_close(out, expected_outputs(name), **TOLERANCE)
        assert_close(grad_x, ARRAYS[f"{name}/grad_x"], **GRAD_TOLERANCE)
        path_of = {id(p): path for path, p in cells[name].parameters_and_names()}
        params = cells[name].trainable_params()
        assert len(grad_w) == len(params)
        for param, grad in zip(params, grad_w):
            assert_close(grad, ARRAYS[f"{name}/grad/{path_of[id(param)]}"], **GRAD_TOLERANCE)


@pytest.mark.parametrize("name", ["lstmcell", "grucell", "rnncell_relu"])
def test_cells_under_vmap_match_mindspore(name):
    """vmap over a leading axis of two copies of (x, hx) gives MindSpore's output twice."""
    cell = build(name)
    x = Tensor(np.stack([ARRAYS[f"{name}/x"]] * 2))
    hx = [Tensor(np.stack([ARRAYS[f"{name}/hx/{i}"]] * 2))
          for i in range(2) if f"{name}/hx/{i}" in ARRAYS.files]
    state = tuple(hx) if len(hx) == 2 else hx[0]
    out = msjax.vmap(cell, in_axes=(0, 0))(x, state)
    for got, want in zip(flat(out), expected_outputs(name)):
        assert_close(got, np.stack([want] * 2), **TOLERANCE)


def numpy_lstm(x, h, c, w_ih, w_hh, b_ih, b_hh):
    sigmoid = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
    outputs = []
    for x_t in x:
        i, f, g, o = np.split(x_t @ w_ih.T + b_ih + h @ w_hh.T + b_hh, 4, axis=-1)
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
        h = sigmoid(o) * np.tanh(c)
        outputs.append(h)
    return np.stack(outputs), h, c


def test_lstm_is_the_numpy_recurrence_and_trains():
    """A 2-layer LSTM equals the NumPy loop layer by layer, and an SGD step on it lowers a loss."""
    msjax.set_seed(0)
    net = nn.LSTM(3, 5, num_layers=2, batch_first=True)
    x = np.random.default_rng(1).standard_normal((2, 7, 3)).astype(np.float32)
    out, (h_n, c_n) = net(Tensor(x))
    p = {name: q.asnumpy() for name, q in net.parameters_and_names()}
    layer_input = x.transpose(1, 0, 2)
    for layer in range(2):
        zeros = np.zeros((2, 5), np.float32)
        layer_input, h, c = numpy_lstm(layer_input, zeros, zeros, *(
            p[f"{kind}_l{layer}"] for kind in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")))
        assert_close(h_n[layer], h, rtol=1e-5, atol=1e-5)
        assert_close(c_n[layer], c, rtol=1e-5, atol=1e-5)
    assert_close(out, layer_input.transpose(1, 0, 2), rtol=1e-5, atol=1e-5)

    target = Tensor(np.zeros((2, 7, 5), np.float32))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.lstm = net

        def construct(self, x):
            return self.lstm(x)[0]

    train = nn.TrainOneStepCell(nn.WithLossCell(Net(), nn.MSELoss()),
                                nn.SGD(net.trainable_params(), 0.5))
    losses = [float(train(Tensor(x), target).asnumpy()) for _ in range(3)]
    assert losses[2] < losses[0]


def test_initialisation_is_uniform_within_one_over_sqrt_hidden():
    msjax.set_seed(1)
    net = nn.GRU(6, 16, num_layers=2, bidirectional=True)
    values = np.concatenate([p.asnumpy().ravel() for p in net.get_parameters()])
    assert np.abs(values).max() <= 0.25 and np.abs(values).max() > 0.24
    assert abs(values.mean()) < 0.01
    cell = nn.LSTMCell(3, 4)
    assert np.abs(cell.weight_hh.asnumpy()).max() <= 0.5


def test_dropout_between_layers_only_in_training():
    msjax.set_seed(2)
    net = nn.LSTM(3, 8, num_layers=2, dropout=0.5)
    x = Tensor(np.ones((4, 2, 3), np.float32))
    eval_out = net(x)[0].asnumpy()
    np.testing.assert_array_equal(eval_out, net(x)[0].asnumpy())
    net.set_train()
    assert not np.allclose(net(x)[0].asnumpy(), eval_out)


def outcome(thunk):
    try:
        thunk()
        return None
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e)]


@pytest.mark.parametrize("ctor", list(META["constructor_errors"]))
def test_constructor_errors_match_mindspore(ctor):
    assert outcome(lambda: eval(ctor, SCOPE)) == META["constructor_errors"][ctor]


X3 = "Tensor(np.ones((5, 2, 3), np.float32))"
H = "Tensor(np.zeros((1, 2, 4), np.float32))"
CALLS = {
    "lstm_hx_not_tuple": ("nn.LSTM(3, 4)", [X3, H]),
    "lstm_hx_length_3": ("nn.LSTM(3, 4)", [X3, f"({H}, {H}, {H})"]),
    "gru_hx_tuple": ("nn.GRU(3, 4)", [X3, f"({H},)"]),
    "lstm_seq_length_float": ("nn.LSTM(3, 4)", [X3, "None", "Tensor(np.array([5, 3], np.float32))"]),
    "lstm_seq_length_batch_mismatch": ("nn.LSTM(3, 4)",
                                       [X3, "None", "Tensor(np.array([5, 3, 1], np.int32))"]),
    "gru_hx_float64": ("nn.GRU(3, 4)", [X3, "Tensor(np.zeros((1, 2, 4), np.float64))"]),
    "rnncell_hx_not_tensor": ("nn.RNNCell(3, 4)", ["Tensor(np.ones((2, 3), np.float32))", "1.0"]),
    "lstmcell_hx_not_tuple": ("nn.LSTMCell(3, 4)", ["Tensor(np.ones((2, 3), np.float32))",
                                                   "Tensor(np.ones((2, 4), np.float32))"]),
    "grucell_x_int": ("nn.GRUCell(3, 4)", ["Tensor(np.ones((2, 3), np.int32))",
                                          "Tensor(np.ones((2, 4), np.float32))"]),
}


@pytest.mark.parametrize("key", list(CALLS))
def test_call_errors_match_mindspore(key):
    ctor, args = CALLS[key]
    cell = eval(ctor, SCOPE)
    inputs = [eval(a, SCOPE) for a in args]
    assert outcome(lambda: cell(*inputs)) == META["call_errors"][key]


def test_jax_sees_through_the_layer():
    """The direction kernel is a lax.scan: one scan per layer and direction in the jaxpr."""
    net = nn.LSTM(3, 4, num_layers=2, bidirectional=True)
    x = Tensor(np.ones((5, 2, 3), np.float32))
    jaxpr = jax.make_jaxpr(lambda a: msjax.jit(lambda t: net(t)[0])(Tensor(a))._data)(x._data)
    assert str(jaxpr).count("scan[") >= 1
