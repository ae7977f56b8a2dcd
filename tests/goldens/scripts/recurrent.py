"""Golden outputs of MindSpore 2.10.0's recurrent layers and cells (recorded, never hand-written).

Regenerate (from the repository root)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/recurrent.py

Writes ``tests/goldens/nn/recurrent.npz`` and ``recurrent.json``. Every parameter is set from
``np.random.default_rng`` with ``set_data`` before the call and saved. Per case ``<c>``:

* ``<c>/x``, ``<c>/hx/<i>`` (the initial state tensors, if given), ``<c>/seq_length`` (if given)
* ``<c>/param/<path>``      every parameter as set, keyed by its path from ``parameters_and_names()``
* ``<c>/out/<i>``           the flattened outputs (layers: output, h_n[, c_n]; cells: h'[, c'])
* ``<c>/cot/<i>``           fixed cotangents, one per output
* ``<c>/grad_x``, ``<c>/grad/<path>``  gradients of ``sum_i (out_i * cot_i).sum()`` w.r.t. x and
                            every trainable parameter

``recurrent.json``: ``cases`` {c: {ctor, repr, params, attrs, out_shapes}}, ``constructor_errors``
{ctor: [type, message]}, ``call_errors`` {key: [type, message]}.
"""
import json
import os
import zlib
from collections import OrderedDict
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn

ms.set_context(mode=ms.PYNATIVE_MODE)
OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "nn")
OUT.mkdir(parents=True, exist_ok=True)
BOOKKEEPING = {"training", "requires_grad", "is_top_cell", "arguments_key", "mixed_precision_type",
               "cell_type", "grad_ops_label", "has_bprop"}


def rnd(name, shape, scale=1.0):
    return (np.random.default_rng(zlib.crc32(name.encode())).standard_normal(shape) * scale).astype(np.float32)


def attrs_of(cell):
    return OrderedDict((k, v) for k, v in vars(cell).items() if not k.startswith("_") and k not in BOOKKEEPING
                       and isinstance(v, (bool, int, float, str, type(None))))


def flat(out):
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in flat(o)]
    return [out]


def err(e):
    msg = str(e)
    return [type(e).__name__, msg.split("\n\n----")[0].rstrip()]


CASES = OrderedDict()


def case(name, ctor, x, hx=None, seq_length=None):
    CASES[name] = (ctor, x, hx, seq_length)


X = rnd("x", (5, 2, 3))
XB = rnd("xb", (2, 5, 3))
SEQ = np.array([5, 3], np.int32)
case("lstm", "nn.LSTM(3, 4)", X)
case("lstm_nobias", "nn.LSTM(3, 4, has_bias=False)", X)
case("lstm_2layer_bidir_batch_first_hx", "nn.LSTM(3, 4, num_layers=2, bidirectional=True, batch_first=True)", XB,
     hx=[rnd("h0", (4, 2, 4)), rnd("c0", (4, 2, 4))])
case("lstm_bidir_seq", "nn.LSTM(3, 4, bidirectional=True)", X, seq_length=SEQ)
case("lstm_2layer_seq", "nn.LSTM(3, 4, num_layers=2)", X, seq_length=np.array([2, 4], np.int32))
case("gru", "nn.GRU(3, 4)", X)
case("gru_2layer_hx", "nn.GRU(3, 4, num_layers=2)", X, hx=[rnd("gh0", (2, 2, 4))])
case("gru_bidir_seq_batch_first", "nn.GRU(3, 4, bidirectional=True, batch_first=True)", XB, seq_length=SEQ)
case("rnn_tanh", "nn.RNN(3, 4)", X)
case("rnn_relu_2layer_bidir", "nn.RNN(3, 4, num_layers=2, nonlinearity='relu', bidirectional=True)", X)
case("rnn_tanh_seq_nobias", "nn.RNN(3, 4, has_bias=False)", X, seq_length=np.array([1, 4], np.int32))
X1 = rnd("x1", (2, 3))
H1 = rnd("h1", (2, 4))
case("lstmcell", "nn.LSTMCell(3, 4)", X1, hx=[H1, rnd("c1", (2, 4))])
case("lstmcell_nobias", "nn.LSTMCell(3, 4, has_bias=False)", X1, hx=[H1, rnd("c1", (2, 4))])
case("grucell", "nn.GRUCell(3, 4)", X1, hx=[H1])
case("rnncell_tanh", "nn.RNNCell(3, 4)", X1, hx=[H1])
case("rnncell_relu", "nn.RNNCell(3, 4, nonlinearity='relu')", X1, hx=[H1])

arrays = OrderedDict()
meta = OrderedDict(mindspore_version=ms.__version__, cases=OrderedDict())
for name, (ctor, x, hx, seq_length) in CASES.items():
    cell = eval(ctor)  # noqa: S307
    rng = np.random.default_rng(zlib.crc32(("w/" + name).encode()))
    for path, p in cell.parameters_and_names():
        value = rng.uniform(-0.6, 0.6, p.shape).astype(np.float32)
        p.set_data(Tensor(value))
        arrays[f"{name}/param/{path}"] = value
    arrays[name + "/x"] = x
    args = [Tensor(x)]
    is_cell = "Cell" in ctor
    if hx is not None:
        for i, h in enumerate(hx):
            arrays[f"{name}/hx/{i}"] = h
        hx_t = tuple(Tensor(h) for h in hx)
        args.append(hx_t if len(hx) == 2 else hx_t[0])
    elif not is_cell:
        args.append(None)
    if seq_length is not None:
        arrays[name + "/seq_length"] = seq_length
        args.append(Tensor(seq_length))
    outs = flat(cell(*args))
    cots = []
    for i, o in enumerate(outs):
        arrays[f"{name}/out/{i}"] = o.asnumpy()
        cot = np.random.default_rng(zlib.crc32(f"cot/{name}/{i}".encode())).standard_normal(o.shape).astype(np.float32)
        arrays[f"{name}/cot/{i}"] = cot
        cots.append(Tensor(cot))
    params = cell.trainable_params()

    def loss(inp, *rest):
        total = 0
        for o, c in zip(flat(cell(inp, *rest)), cots):
            total = total + (o * c).sum()
        return total

    gx, gw = ms.grad(loss, grad_position=0, weights=params)(*args)
    arrays[name + "/grad_x"] = gx.asnumpy()
    path_of = {id(p): path for path, p in cell.parameters_and_names()}
    for p, g in zip(params, gw):
        arrays[f"{name}/grad/{path_of[id(p)]}"] = g.asnumpy()
    meta["cases"][name] = OrderedDict(
        ctor=ctor, repr=repr(cell), attrs=attrs_of(cell), out_shapes=[list(o.shape) for o in outs],
        params=[[n, p.name, str(p.dtype), list(p.shape), bool(p.requires_grad)] for n, p in cell.parameters_and_names()])
    print(name, meta["cases"][name]["out_shapes"])

CTOR_ERRORS = ["nn.LSTM(3, 0)", "nn.LSTM(0, 4)", "nn.LSTM(3, 4, num_layers=0)", "nn.LSTM(3, 4, dropout=1.0)",
               "nn.LSTM(3, 4, dropout=1)", "nn.GRU(3, 4, has_bias=1)", "nn.GRU(3, 4, batch_first='yes')",
               "nn.RNN(3, 4, nonlinearity='sigmoid')", "nn.RNNCell(3, 4, nonlinearity='sigmoid')",
               "nn.RNNCell(3, 4, nonlinearity=1)", "nn.LSTMCell(3, 4, True, ms.float32)",
               "nn.LSTMCell(3, 4, dropout=0.5)", "nn.GRUCell(3, -1)", "nn.GRUCell(3, 4, has_bias=None)"]
meta["constructor_errors"] = OrderedDict()
for ctor in CTOR_ERRORS:
    try:
        eval(ctor)  # noqa: S307
        meta["constructor_errors"][ctor] = None
    except Exception as e:  # noqa: BLE001
        meta["constructor_errors"][ctor] = err(e)

X3 = "Tensor(np.ones((5, 2, 3), np.float32))"
H = "Tensor(np.zeros((1, 2, 4), np.float32))"
CALLS = OrderedDict([
    ("lstm_hx_not_tuple", ("nn.LSTM(3, 4)", [X3, H])),
    ("lstm_hx_length_3", ("nn.LSTM(3, 4)", [X3, f"({H}, {H}, {H})"])),
    ("gru_hx_tuple", ("nn.GRU(3, 4)", [X3, f"({H},)"])),
    ("lstm_seq_length_float", ("nn.LSTM(3, 4)", [X3, "None", "Tensor(np.array([5, 3], np.float32))"])),
    ("lstm_seq_length_batch_mismatch", ("nn.LSTM(3, 4)", [X3, "None", "Tensor(np.array([5, 3, 1], np.int32))"])),
    ("gru_hx_float64", ("nn.GRU(3, 4)", [X3, "Tensor(np.zeros((1, 2, 4), np.float64))"])),
    ("rnncell_hx_not_tensor", ("nn.RNNCell(3, 4)", ["Tensor(np.ones((2, 3), np.float32))", "1.0"])),
    ("lstmcell_hx_not_tuple", ("nn.LSTMCell(3, 4)", ["Tensor(np.ones((2, 3), np.float32))",
                                                    "Tensor(np.ones((2, 4), np.float32))"])),
    ("grucell_x_int", ("nn.GRUCell(3, 4)", ["Tensor(np.ones((2, 3), np.int32))",
                                           "Tensor(np.ones((2, 4), np.float32))"])),
])
meta["call_errors"] = OrderedDict()
for key, (ctor, args) in CALLS.items():
    try:
        out = eval(ctor)(*[eval(a) for a in args])  # noqa: S307
        meta["call_errors"][key] = None
    except Exception as e:  # noqa: BLE001
        meta["call_errors"][key] = err(e)
    print(key, meta["call_errors"][key])

np.savez_compressed(OUT / "recurrent.npz", **arrays)
with open(OUT / "recurrent.json", "w") as f:
    json.dump(meta, f, indent=1)
print("wrote", OUT / "recurrent.npz")
