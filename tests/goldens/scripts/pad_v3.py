"""Golden outputs and errors of MindSpore 2.10.0's `ops.PadV3` (recorded, never hand-written).

Regenerate (from the repository root) through the oracle, giving the output folder::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/ops \\
        /work/shared/tools/mindspore-oracle tests/goldens/scripts/pad_v3.py

Writes ``tests/goldens/ops/pad_v3.json``: ``cases`` [{attrs (constructor keywords), shape, dtype
(the input is ``arange(size).reshape(shape)``), paddings, paddings_dtype ("tuple" for a tuple),
value (the constant_value, or null when not passed), repr, out (flat), out_shape, out_dtype,
error ([type, first line of the message], or null)}].
"""
import json
import os
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "ops")
OUT.mkdir(parents=True, exist_ok=True)

F4 = [[1, 2, 3, 4], "float32"]
CASES = [
    ({}, F4, [1, 2], "int64", 1.5), ({}, F4, [1, 0, 2, 1], "int64", 0.0),
    ({}, F4, [1, 0, 2, 1], "tuple", 0.0), ({}, F4, [-1, 1], "int64", 0.0),
    ({}, F4, [1, 2], "int32", 0.0), ({}, [[1, 4], "int32"], [1, 2], "int64", 7),
    ({}, [[2, 3], "float32"], [1, 1, 0, 2], "int64", -1.0),
    ({"paddings_contiguous": False}, F4, [1, 0, 2, 1], "int64", 0.0),
    ({"mode": "reflect"}, F4, [1, 2, 2, 1], "int64", None),
    ({"mode": "edge"}, F4, [1, 2, 2, 1], "int64", None),
    ({"mode": "circular"}, F4, [1, 2, 2, 1], "int64", None),
    ({"mode": "reflect"}, [[1, 3, 4], "float32"], [2, 3], "int64", None),
    ({"mode": "edge"}, [[1, 1, 2, 2, 3], "float32"], [1, 0, 0, 1, 2, 1], "int64", None),
    ({"mode": "circular", "paddings_contiguous": False}, F4, [1, 2, 2, 1], "int64", None),
    # errors
    ({}, F4, [1, 0], "int64", None), ({"mode": "reflect"}, F4, [1, 2], "int64", None),
    ({"mode": "edge"}, F4, [1, 0, 1, 0, 1, 0], "int64", None),
    ({"mode": "reflect"}, [[2, 2], "float32"], [1, 1], "int64", None),
    ({}, F4, [1, 2, 3], "int64", 0.0), ({}, F4, [1] * 10, "int64", 0.0),
    ({"mode": "reflect"}, [[1, 3, 4], "float32"], [4, 0], "int64", None),
    ({"mode": "symmetric"}, F4, [1, 1], "int64", None),
    ({"paddings_contiguous": 1}, F4, [1, 1], "int64", 0.0),
]


def run(attrs, spec, paddings, paddings_dtype, value):
    shape, dtype = spec
    op = ops.PadV3(**attrs)
    x = Tensor(np.arange(np.prod(shape)).reshape(shape).astype(dtype))
    pads = tuple(paddings) if paddings_dtype == "tuple" else Tensor(np.array(paddings,
                                                                             paddings_dtype))
    args = (x, pads) if value is None else (x, pads, Tensor(np.array(value, dtype)))
    return op, op(*args).asnumpy()


cases = []
for attrs, spec, paddings, paddings_dtype, value in CASES:
    record = {"attrs": attrs, "shape": spec[0], "dtype": spec[1], "paddings": paddings,
              "paddings_dtype": paddings_dtype, "value": value, "error": None}
    try:
        op, out = run(attrs, spec, paddings, paddings_dtype, value)
        record.update(repr=repr(op), out=out.reshape(-1).tolist(), out_shape=list(out.shape),
                      out_dtype=str(out.dtype))
    except Exception as e:  # noqa: BLE001  (recording whatever MindSpore raises)
        record["error"] = [type(e).__name__, str(e).split("\n")[0]]
    cases.append(record)

(OUT / "pad_v3.json").write_text(json.dumps({"mindspore": ms.__version__, "cases": cases},
                                            indent=1) + "\n")
print("wrote", OUT / "pad_v3.json")
