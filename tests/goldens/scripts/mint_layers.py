"""Golden structure and outputs of MindSpore 2.10.0's mint.nn layers and mint.optim optimizers
(recorded, never hand-written): every Parameter's path, name, shape, dtype; the layer's output
on a fixed input with its weights set from NumPy (or the error where the CPU build has no
kernel); each optimizer's Parameter names and param_groups keys.

Regenerate::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/mint /work/shared/tools/mindspore-oracle tests/goldens/scripts/mint_layers.py
"""
import json
import os
import zlib

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, mint

LAYERS = [
    ("linear", "mint.nn.Linear(4, 3)", (2, 4)),
    ("linear_nobias", "mint.nn.Linear(4, 3, bias=False)", (2, 4)),
    ("conv2d", "mint.nn.Conv2d(3, 4, 3, padding=1)", (2, 3, 5, 5)),
    ("conv2d_nobias_stride", "mint.nn.Conv2d(3, 4, 3, stride=2, bias=False)", (2, 3, 5, 5)),
    ("conv1d", "mint.nn.Conv1d(3, 4, 3)", (2, 3, 7)),
    ("convtranspose2d", "mint.nn.ConvTranspose2d(3, 2, 3, stride=2)", (1, 3, 4, 4)),
    ("batchnorm2d", "mint.nn.BatchNorm2d(3)", (2, 3, 4, 4)),
    ("batchnorm1d", "mint.nn.BatchNorm1d(3)", (4, 3)),
    ("groupnorm", "mint.nn.GroupNorm(2, 4)", (2, 4, 3, 3)),
    ("layernorm", "mint.nn.LayerNorm(4)", (2, 3, 4)),
    ("layernorm_nobias", "mint.nn.LayerNorm((3, 4), bias=False)", (2, 3, 4)),
    ("embedding", "mint.nn.Embedding(10, 4)", None),
    ("prelu", "mint.nn.PReLU(3)", (2, 3, 4)),
    ("relu", "mint.nn.ReLU()", (2, 3, 4)),
    ("gelu_tanh", "mint.nn.GELU(approximate='tanh')", (2, 3, 4)),
    ("softmax", "mint.nn.Softmax(dim=1)", (2, 3, 4)),
    ("flatten", "mint.nn.Flatten()", (2, 3, 4)),
    ("maxpool2d", "mint.nn.MaxPool2d(2)", (2, 3, 4, 4)),
    ("avgpool2d", "mint.nn.AvgPool2d(2, 1)", (2, 3, 4, 4)),
    ("adaptiveavgpool2d", "mint.nn.AdaptiveAvgPool2d(2)", (2, 3, 4, 4)),
    ("dropout_eval", "mint.nn.Dropout(0.3)", (2, 3, 4)),
    ("hardtanh", "mint.nn.Hardtanh(-0.5, 0.5)", (2, 3, 4)),
]
OPTIMIZERS = ["mint.optim.Adam(ps, lr=0.01)", "mint.optim.Adam(ps, amsgrad=True)",
              "mint.optim.AdamW(ps)", "mint.optim.SGD(ps, lr=0.1, momentum=0.9)"]

out = {"layers": {}, "optimizers": {}}
for key, ctor, shape in LAYERS:
    cell = eval(ctor)  # noqa: S307
    cell.set_train(False)
    rng = np.random.default_rng(zlib.crc32(key.encode()))
    info = {"ctor": ctor, "params": []}
    weights = {}
    for path, p in cell.parameters_and_names():
        value = rng.uniform(0.5, 1.5, p.shape).astype(np.float32) if "var" in path else \
            rng.standard_normal(p.shape).astype(np.float32) * 0.5
        p.set_data(Tensor(value))
        weights[path] = value.tolist()
        info["params"].append([path, p.name, list(p.shape), str(p.dtype), bool(p.requires_grad)])
    info["weights"] = weights
    x = (np.array([[1, 0, 9], [3, 3, 7]], np.int64) if shape is None
         else rng.standard_normal(shape).astype(np.float32))
    info["x"] = x.tolist()
    info["x_dtype"] = str(x.dtype)
    try:
        y = cell(Tensor(x))
        info["out"] = y.asnumpy().tolist()
        info["out_dtype"] = str(y.dtype)
    except Exception as e:  # noqa: BLE001
        info["error"] = [type(e).__name__, str(e).strip().split("\n")[0]]
    out["layers"][key] = info
    print(key, info.get("out_dtype"), info.get("error"))

for ctor in OPTIMIZERS:
    ps = [Parameter(Tensor(np.ones((2, 3), np.float32)), name="w"),
          Parameter(Tensor(np.zeros(3, np.float32)), name="b")]
    opt = eval(ctor)  # noqa: S307
    out["optimizers"][ctor] = {
        "params": [[n, p.name, list(p.shape), str(p.dtype)] for n, p in opt.parameters_and_names()],
        "group_keys": sorted(opt.param_groups[0].keys())}
    print(ctor, out["optimizers"][ctor])
folder = os.environ.get("MSJAX_GOLDEN_DIR") or os.path.join(os.path.dirname(__file__), "..", "mint")
with open(os.path.join(folder, "layers.json"), "w") as f:
    json.dump(out, f)
