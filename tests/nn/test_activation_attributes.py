"""The Primitives and settings MindSpore 2.10's activation Cells hold as attributes
(`nn.Softmax(1).softmax.axis == (1,)`, `nn.ReLU().relu`), against
tests/goldens/scripts/activation_attributes_probe.py, and the Cells still compute through them."""
from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

from msjax import Tensor, nn
from msjax._src.ops.registry import Primitive

_GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "goldens" / "nn"
                      / "activation_attributes.json").read_text())
# Cells whose MindSpore attributes are its implementation's inner steps, which msjax computes in
# one op: only the attributes msjax holds are compared (each must be MindSpore's).
_INNER_STEPS = {"Softmax2d()": {"shape"}, "LogSigmoid()": {"mul", "exp", "add", "rec", "log"},
                "PReLU()": {"prelu"}, "GLU()": {"spilt", "sigmoid"}}


def _attributes(cell):
    bare = set(vars(nn.Cell()))
    out = []
    for key, value in vars(cell).items():
        if key in bare or key.startswith("_"):
            continue
        entry = {"name": key, "type": type(value).__name__}
        if isinstance(value, Primitive):
            entry["attrs"] = {k: repr(v) for k, v in value.attrs.items()
                              if k not in ("input_names", "output_names")}
            if hasattr(value, "axis"):
                entry["axis"] = repr(value.axis)
        elif isinstance(value, (int, float, str, tuple)):
            entry["repr"] = repr(value)
        out.append(entry)
    return out


@pytest.mark.parametrize("record", _GOLDEN["records"], ids=lambda r: r["cell"])
def test_activation_attributes_match_mindspore(record):
    cell = eval(f"nn.{record['cell']}", {"nn": nn})
    skipped = _INNER_STEPS.get(record["cell"], set())
    expected = [a for a in record["attributes"] if a["name"] not in skipped]
    assert _attributes(cell) == expected


@pytest.mark.parametrize("make, attribute", [(lambda: nn.Softmax(1), "softmax"),
                                             (lambda: nn.LogSoftmax(0), "log_softmax"),
                                             (nn.ReLU, "relu"), (nn.Tanh, "tanh")])
def test_activation_calls_its_primitive(make, attribute):
    """The Cell's output is its Primitive's, and a Primitive put in its place is the one called."""
    cell = make()
    x = Tensor(np.array([[1.0, -2.0], [0.5, 3.0]], np.float32))
    expected = getattr(cell, attribute)(x).asnumpy()
    np.testing.assert_allclose(cell(x).asnumpy(), expected, rtol=1e-6)
    setattr(cell, attribute, nn.Sigmoid().sigmoid)
    np.testing.assert_allclose(cell(x).asnumpy(), 1 / (1 + np.exp(-x.asnumpy())), rtol=1e-6)
