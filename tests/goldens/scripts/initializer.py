"""Golden facts of MindSpore 2.10.0's `mindspore.common.initializer` (recorded, never hand-written).

Regenerate (from the repository root)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/initializer.py

Writes ``tests/goldens/nn/initializer.json``, a mapping ``section -> probe -> value``:

* ``stats``: for each initializer expression (evaluated with ``from mindspore.common.initializer import *``)
  and shape, ``[mean, std, min, max, dtype]`` of ``initializer(init, shape, dtype).init_data()`` on a large
  sample (numbers are random: tests compare distributions with tolerances, never values).
* ``values``: exact values of the deterministic initializers (Zero, One, Constant, Identity, Dirac, numbers).
* ``fans``: ``_calculate_fan_in_and_fan_out(shape)`` and ``_calculate_gain(nonlinearity, param)``.
* ``structure``: properties of random initializers that hold exactly (Orthogonal rows, Sparse zeros).
* ``errors``: ``[exception type, message]`` for bad arguments, ``aliases`` the registered names,
  ``attrs`` the public attributes of instances built with default arguments.
"""
import json
import os
from collections import OrderedDict
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Tensor
from mindspore.common import initializer as init_module
from mindspore.common.initializer import *

ms.set_seed(1)
OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "nn")
OUT.mkdir(parents=True, exist_ok=True)
G = OrderedDict(mindspore_version=ms.__version__)


def rec(section, key, thunk):
    try:
        value = thunk()
    except Exception as e:  # noqa: BLE001
        value = {"error": [type(e).__name__, str(e).split("\n\n----")[0]]}
    G.setdefault(section, OrderedDict())[key] = value


def values(init, shape, dtype=ms.float32):
    t = initializer(init, shape, dtype)
    t = t.init_data() if getattr(t, "has_init", False) else t
    return [str(t.dtype), list(t.shape), t.asnumpy().tolist()]


def stats(init, shape, dtype=ms.float32):
    v = initializer(eval(init), shape, dtype).init_data().asnumpy().astype(np.float64)
    return [float(v.mean()), float(v.std()), float(v.min()), float(v.max()), str(v.dtype)]


STATS = [
    ("Normal()", (400, 500)), ("Normal(sigma=2.0, mean=1.0)", (400, 500)),
    ("Uniform()", (400, 500)), ("Uniform(scale=3.0)", (400, 500)),
    ("TruncatedNormal()", (400, 500)), ("TruncatedNormal(sigma=1.0, a=-0.5, b=0.5)", (400, 500)),
    ("TruncatedNormal(sigma=1.0, mean=3.0, a=-0.5, b=0.5)", (400, 500)),
    ("TruncatedNormal(sigma=1.0, a=1.0, b=3.0)", (400, 500)),
    ("HeUniform()", (400, 500)), ("HeUniform(math.sqrt(5))", (400, 500)),
    ("HeUniform(mode='fan_out', nonlinearity='relu')", (400, 50, 3, 3)),
    ("HeNormal()", (400, 500)), ("HeNormal(mode='fan_out', nonlinearity='relu')", (400, 500)),
    ("HeNormal(negative_slope=0.2, nonlinearity='leaky_relu')", (40, 50, 5, 5)),
    ("XavierUniform()", (400, 500)), ("XavierUniform(gain=2)", (40, 50, 3, 3)),
    ("XavierNormal()", (400, 500)), ("XavierNormal(gain=0.5)", (400, 500)),
    ("VarianceScaling()", (400, 500)),
    ("VarianceScaling(distribution='untruncated_normal')", (400, 500)),
    ("VarianceScaling(scale=2.0, mode='fan_avg', distribution='uniform')", (400, 500)),
    ("VarianceScaling(scale=0.5, mode='fan_out', distribution='untruncated_normal')", (40, 50, 3, 3)),
    ("Sparse(0.3, sigma=2.0)", (400, 500)), ("Orthogonal(gain=1.5)", (300, 400)),
]
import math

for expr, shape in STATS:
    rec("stats", f"{expr} {list(shape)}", lambda expr=expr, shape=shape: stats(expr, shape))
rec("stats", "Normal(sigma=5.0) [400, 500] int32", lambda: stats("Normal(sigma=5.0)", (400, 500), ms.int32))
rec("stats", "Uniform() [400, 500] float16", lambda: stats("Uniform()", (400, 500), ms.float16))
rec("stats", "Normal() [400, 500] float64", lambda: stats("Normal()", (400, 500), ms.float64))

for key, init, shape, dtype in [
        ("zeros", "zeros", (2, 3), ms.float32), ("ZEROS", "ZEROS", (2,), ms.float32),
        ("ones_int32", "ones", (2,), ms.int32), ("One()", One(), (2, 2), ms.float16),
        ("Zero()", Zero(), (3,), ms.int64), ("Constant(0.5)", Constant(0.5), (2,), ms.float32),
        ("Constant(3)_int32", Constant(3), (2,), ms.int32),
        ("Constant(2.7)_int32", Constant(2.7), (2,), ms.int32), ("number_0.25", 0.25, (2,), ms.float32),
        ("number_True", True, (2,), ms.float32), ("number_int_7", 7, (1, 2), ms.int32),
        ("identity", "identity", (2, 3), ms.float32), ("Identity()_3x2", Identity(), (3, 2), ms.float32),
        ("Dirac(groups=2)_4x2x3", Dirac(groups=2), (4, 2, 3), ms.float32),
        ("dirac_2x3x3x3", "dirac", (2, 3, 3, 3), ms.float32),
        ("Dirac()_3x2x1x3x3", Dirac(), (3, 2, 1, 3, 3), ms.float32),
        ("ones_scalar_shape", "ones", (), ms.float32), ("zeros_int_shape", "zeros", 3, ms.float32),
        ("ones_list_shape", "ones", [2, 1], ms.float32), ("ones_bool", "ones", (2,), ms.bool_)]:
    rec("values", key, lambda init=init, shape=shape, dtype=dtype: values(init, shape, dtype))
rec("values", "tensor_init", lambda: values(Tensor(np.array([1.5, 2.0], np.float32)), (2,)))
rec("values", "tensor_init_returns_same_object",
    lambda: (lambda t: initializer(t, [2]) is t)(Tensor(np.ones(2, np.float32))))
rec("values", "tensor_init_dtype_ignored",
    lambda: str(initializer(Tensor(np.ones(2, np.float32)), (2,), ms.int32).dtype))

for shape in [(3, 4), (5, 4, 3), (6, 2, 3, 3), (4, 3, 2, 2, 2), (7, 1)]:
    rec("fans", f"fan_in_fan_out {list(shape)}", lambda shape=shape: list(init_module._calculate_fan_in_and_fan_out(shape)))
for args in [("linear",), ("conv2d",), ("sigmoid",), ("tanh",), ("relu",), ("leaky_relu",), ("leaky_relu", 0.2),
             ("leaky_relu", math.sqrt(5)), ("leaky_relu", 0), ("leaky_relu", True), ("selu",)]:
    rec("fans", f"gain {list(args)}", lambda args=args: init_module._calculate_gain(*args))
for shape, mode in [((3, 4), "fan_in"), ((3, 4), "fan_out"), ((3, 4), "FAN_IN"), ((3, 4), "avg")]:
    rec("fans", f"correct_fan {list(shape)} {mode}", lambda shape=shape, mode=mode: init_module._calculate_correct_fan(shape, mode))


def _orthogonal(shape, gain):
    v = initializer(Orthogonal(gain=gain), shape).init_data().asnumpy().reshape(shape[0], -1)
    small = v @ v.T if v.shape[0] <= v.shape[1] else v.T @ v
    return np.round(small, 4).tolist()


rec("structure", "Orthogonal(gain=2.0) [4, 2, 2] gram", lambda: _orthogonal((4, 2, 2), 2.0))
rec("structure", "Orthogonal() [3, 5] gram", lambda: _orthogonal((3, 5), 1.0))
rec("structure", "Orthogonal() [5, 3] gram", lambda: _orthogonal((5, 3), 1.0))
rec("structure", "Sparse(0.5) [4, 3] zeros per column",
    lambda: (initializer(Sparse(0.5, 1.0), (4, 3)).init_data().asnumpy() == 0).sum(0).tolist())
rec("structure", "Sparse(0.3) [10, 6] zeros per column",
    lambda: (initializer(Sparse(0.3, 1.0), (10, 6)).init_data().asnumpy() == 0).sum(0).tolist())

E = "errors"
for key, thunk in [
        ("constant_string", lambda: initializer("constant", (2, 3))),
        ("unknown_string", lambda: initializer("foo", (2,))),
        ("bad_type_list", lambda: initializer([1, 2], (2,))),
        ("bad_type_none", lambda: initializer(None, (2,))),
        ("shape_zero", lambda: initializer("ones", (2, 0))),
        ("shape_negative", lambda: initializer("ones", [-1])),
        ("shape_float", lambda: initializer("ones", (2.0,))),
        ("tensor_shape_mismatch", lambda: initializer(Tensor(np.ones(2, np.float32)), (3,))),
        ("tensor_shape_mismatch_list", lambda: initializer(Tensor(np.ones(2, np.float32)), [3])),
        ("tensor_shape_none", lambda: initializer(Tensor(np.ones(2, np.float32)))),
        ("init_without_shape", lambda: initializer("ones")),
        ("xavier_1d", lambda: initializer("xavier_uniform", (3,)).init_data()),
        ("he_uniform_1d", lambda: initializer("he_uniform", (3,)).init_data()),
        ("he_bad_mode", lambda: initializer(HeUniform(mode="foo"), (3, 3)).init_data()),
        ("he_bad_nonlinearity", lambda: initializer(HeNormal(nonlinearity="foo"), (3, 3)).init_data()),
        ("he_bad_slope", lambda: initializer(HeUniform(negative_slope="x"), (3, 3)).init_data()),
        ("identity_3d", lambda: initializer("identity", (3, 3, 3)).init_data()),
        ("dirac_2d", lambda: initializer("dirac", (3, 3)).init_data()),
        ("dirac_groups", lambda: initializer(Dirac(groups=2), (3, 3, 3)).init_data()),
        ("orthogonal_1d", lambda: initializer("orthogonal", (3,)).init_data()),
        ("sparse_string", lambda: initializer("sparse", (3, 3))),
        ("sparse_3d", lambda: initializer(Sparse(0.1), (3, 3, 3)).init_data()),
        ("variance_scaling_scale", lambda: VarianceScaling(scale=0)),
        ("variance_scaling_mode", lambda: VarianceScaling(mode="x")),
        ("variance_scaling_distribution", lambda: VarianceScaling(distribution="x")),
        ("normal_negative_sigma", lambda: initializer(Normal(sigma=-1.0), (2, 2)).init_data()),
        ("truncated_normal_negative_sigma", lambda: initializer(TruncatedNormal(sigma=-1.0), (2, 2)).init_data())]:
    rec(E, key, thunk)

G["aliases"] = sorted(init_module._INITIALIZER_ALIAS.keys())
G["aliases_classes"] = {k: v.__name__ for k, v in sorted(init_module._INITIALIZER_ALIAS.items())}
G["attrs"] = OrderedDict()
for cls in ["Normal", "TruncatedNormal", "Uniform", "HeUniform", "HeNormal", "XavierUniform", "XavierNormal",
            "Orthogonal", "VarianceScaling", "Dirac", "Identity", "One", "Zero"]:
    obj = getattr(init_module, cls)()
    G["attrs"][cls] = {k: v for k, v in vars(obj).items() if not k.startswith("_") or k == "_kwargs"}
G["attrs"]["Sparse(0.3)"] = {k: v for k, v in vars(Sparse(0.3)).items() if not k.startswith("_") or k == "_kwargs"}
G["attrs"]["Constant(2)"] = {k: v for k, v in vars(Constant(2)).items() if not k.startswith("_") or k == "_kwargs"}
G["repr_pattern"] = repr(HeUniform()).split(" at ")[0]

with open(OUT / "initializer.json", "w") as f:
    json.dump(G, f, indent=1)
print("wrote", OUT / "initializer.json")
