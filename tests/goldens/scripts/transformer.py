"""Golden outputs of MindSpore 2.10.0's nn.MultiheadAttention and Transformer layers (recorded,
never hand-written).

Regenerate (from the repository root)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/transformer.py

Writes ``tests/goldens/nn/transformer.npz`` / ``transformer.json``. Per case ``<c>``: ``<c>/in/<k>``
the call's Tensor arguments, ``<c>/param/<path>`` every parameter as set (from NumPy, before
the call), ``<c>/out/<i>`` the flattened outputs, ``<c>/grad_x`` the gradient of
``sum_i (out_i * cot_i).sum()`` (``<c>/cot/<i>``) w.r.t. the first argument, ``<c>/grad/<path>``
w.r.t. every parameter. json: ``cases`` {c: {ctor, args (names), kwargs, params, repr}};
``errors`` {ctor: [type, message]}.
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


def rnd(name, shape, scale=1.0):
    return (np.random.default_rng(zlib.crc32(name.encode())).standard_normal(shape) * scale).astype(np.float32)


Q = rnd("q", (5, 2, 8))
K = rnd("k", (4, 2, 8))
KD = rnd("kd", (4, 2, 6))
QB = rnd("qb", (2, 5, 8))
KPM = np.array([[False, False, True, False], [False, True, False, False]])
CAUSAL = np.triu(np.ones((5, 5), bool), 1)
FMASK = rnd("fmask", (5, 4), 0.5)

CASES = OrderedDict()


def case(name, ctor, args, kwargs=None):
    CASES[name] = (ctor, args, kwargs or {})


case("mha_self", "nn.MultiheadAttention(8, 2)", {"q": Q, "k": Q, "v": Q})
case("mha_cross_kpm", "nn.MultiheadAttention(8, 2)", {"q": Q, "k": K, "v": K}, {"key_padding_mask": KPM})
case("mha_float_mask_per_head", "nn.MultiheadAttention(8, 4)", {"q": Q, "k": K, "v": K},
     {"attn_mask": FMASK, "average_attn_weights": False})
case("mha_causal_batch_first", "nn.MultiheadAttention(8, 2, batch_first=True)", {"q": QB, "k": QB, "v": QB},
     {"attn_mask": CAUSAL})
case("mha_kdim_vdim_nobias", "nn.MultiheadAttention(8, 2, has_bias=False, kdim=6, vdim=6)",
     {"q": Q, "k": KD, "v": KD})
case("mha_bias_kv_zero_attn", "nn.MultiheadAttention(8, 2, add_bias_kv=True, add_zero_attn=True)",
     {"q": Q, "k": K, "v": K}, {"key_padding_mask": KPM})
case("mha_no_weights", "nn.MultiheadAttention(8, 2)", {"q": Q, "k": K, "v": K}, {"need_weights": False})
case("mha_unbatched", "nn.MultiheadAttention(8, 2)", {"q": Q[:, 0], "k": K[:, 0], "v": K[:, 0]})
case("encoder_layer", "nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0)", {"src": Q}, {"src_mask": CAUSAL})
case("encoder_layer_gelu_norm_first_bf", "nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation='gelu', norm_first=True, batch_first=True)", {"src": QB})
case("decoder_layer", "nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0)", {"tgt": Q, "memory": K},
     {"tgt_mask": CAUSAL, "memory_key_padding_mask": KPM})
case("encoder_2_layers_norm", "nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2, nn.LayerNorm((8,)))",
     {"src": Q})
case("transformer", "nn.Transformer(8, 2, 1, 2, 16, dropout=0.0)", {"src": K, "tgt": Q})

arrays = OrderedDict()
meta = OrderedDict(mindspore_version=ms.__version__, cases=OrderedDict(), errors=OrderedDict())


def flat(out):
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in flat(o)]
    return [out]


for name, (ctor, args, kwargs) in CASES.items():
    cell = eval(ctor)  # noqa: S307
    rng = np.random.default_rng(zlib.crc32(("w/" + name).encode()))
    for path, p in cell.parameters_and_names():
        value = (rng.standard_normal(p.shape) * (0.4 if len(p.shape) > 1 else 0.1)).astype(np.float32)
        if "norm" in path and path.endswith("gamma"):
            value = (1 + value).astype(np.float32)
        p.set_data(Tensor(value))
        arrays[f"{name}/param/{path}"] = value
    for k, v in list(args.items()) + list(kwargs.items()):
        if isinstance(v, np.ndarray):
            arrays[f"{name}/in/{k}"] = v
    tensors = [Tensor(v) for v in args.values()]
    kw = {k: (Tensor(v) if isinstance(v, np.ndarray) else v) for k, v in kwargs.items()}
    outs = flat(cell(*tensors, **kw))
    cots = []
    for i, o in enumerate(outs):
        arrays[f"{name}/out/{i}"] = o.asnumpy()
        cot = np.random.default_rng(zlib.crc32(f"cot/{name}/{i}".encode())).standard_normal(o.shape).astype(np.float32)
        arrays[f"{name}/cot/{i}"] = cot
        cots.append(Tensor(cot))
    params = cell.trainable_params()

    def loss(first, *rest):
        total = 0
        for o, c in zip(flat(cell(first, *rest, **kw)), cots):
            total = total + (o * c).sum()
        return total

    gx, gw = ms.grad(loss, grad_position=0, weights=params)(*tensors)
    arrays[f"{name}/grad_x"] = gx.asnumpy()
    path_of = {id(p): path for path, p in cell.parameters_and_names()}
    for p, g in zip(params, gw):
        arrays[f"{name}/grad/{path_of[id(p)]}"] = g.asnumpy()
    meta["cases"][name] = OrderedDict(
        ctor=ctor, args=list(args), kwargs={k: (None if isinstance(v, np.ndarray) else v) for k, v in kwargs.items()},
        tensor_kwargs=[k for k, v in kwargs.items() if isinstance(v, np.ndarray)], repr=repr(cell),
        params=[[n, p.name, list(p.shape), bool(p.requires_grad)] for n, p in cell.parameters_and_names()],
        out_shapes=[list(o.shape) for o in outs])
    print(name, meta["cases"][name]["out_shapes"])

for ctor in ["nn.MultiheadAttention(8, 3)", "nn.TransformerEncoderLayer(8, 2, activation='tanh')",
             "nn.TransformerEncoderLayer(8, 2, activation=nn.Tanh())", "nn.TransformerDecoderLayer(8, 2, activation=1)"]:
    try:
        eval(ctor)  # noqa: S307
        meta["errors"][ctor] = None
    except Exception as e:  # noqa: BLE001
        meta["errors"][ctor] = [type(e).__name__, str(e)]
    print(ctor, meta["errors"][ctor])

np.savez_compressed(OUT / "transformer.npz", **arrays)
(OUT / "transformer.json").write_text(json.dumps(meta, indent=1))
