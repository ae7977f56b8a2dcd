"""Golden outputs and errors of MindSpore 2.10.0's `ops.CTCLoss` primitive (recorded, never
hand-written).

Regenerate (from the repository root) through the oracle, giving the output folder::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/ops \\
        /work/shared/tools/mindspore-oracle tests/goldens/scripts/ctc_loss_primitive.py

Writes ``tests/goldens/ops/ctc_loss_primitive.json``: ``logits`` {name: [shape, dtype, seed]}
drawn as ``np.random.default_rng(seed).standard_normal(shape)``; ``cases`` [{attrs (constructor
keywords), logits, indices, values, lengths, repr, loss, gradient (flat), dtype}] (inf as the
string "inf"); ``errors`` [{attrs, logits, indices, values, lengths, dtypes, error: [type, first
line of the message]}] (inputs null when the constructor raised; ``dtypes`` overrides the int64 /
int32 / int32 of indices / values / lengths).

The kernel writes the gradient only for frames before each sequence's length; the frames after
hold whatever its output buffer held (stale values when reused), so tests compare only the
written frames (msjax gives zeros there).
"""
import json
import os
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "ops")
OUT.mkdir(parents=True, exist_ok=True)

LOGITS = {"t5b2c4": [[5, 2, 4], "float32", 0], "t5b2c4_f64": [[5, 2, 4], "float64", 0],
          "t3b1c3_f16": [[3, 1, 3], "float16", 1], "t6b3c5": [[6, 3, 5], "float32", 2],
          "rank2": [[5, 4], "float32", 0], "int": [[5, 2, 4], "int32", 0]}
DEFAULT_DTYPES = ["int64", "int32", "int32"]


def logits(name):
    shape, dtype, seed = LOGITS[name]
    values = np.random.default_rng(seed).standard_normal(shape)
    return Tensor(values.astype(dtype))


def inputs(case):
    dtypes = case.get("dtypes") or DEFAULT_DTYPES
    return (logits(case["logits"]), Tensor(np.array(case["indices"], dtypes[0])),
            Tensor(np.array(case["values"], dtypes[1])),
            Tensor(np.array(case["lengths"], dtypes[2])))


def number(v):
    return "inf" if np.isinf(v) else float(v)


TWO = [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]]
CASES = [
    {"attrs": {}, "logits": "t5b2c4", "indices": TWO, "values": [1, 1, 2, 0, 2], "lengths": [5, 4]},
    {"attrs": {"preprocess_collapse_repeated": True}, "logits": "t5b2c4", "indices": TWO,
     "values": [1, 1, 2, 0, 2], "lengths": [5, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": TWO, "values": [1, 1, 2, 2, 2],
     "lengths": [5, 5]},
    {"attrs": {"ignore_longer_outputs_than_inputs": True}, "logits": "t5b2c4",
     "indices": [[0, 0], [0, 1], [0, 2], [1, 0]], "values": [1, 2, 1, 0], "lengths": [2, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [0, 1], [0, 2], [1, 0]],
     "values": [1, 1, 1, 0], "lengths": [4, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [0, 1], [1, 0]], "values": [1, 3, 0],
     "lengths": [5, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [1, 0], [1, 1]], "values": [1, 0, 2],
     "lengths": [3, 2]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[1, 0], [0, 0], [0, 1]], "values": [2, 0, 1],
     "lengths": [5, 5]},
    {"attrs": {}, "logits": "t5b2c4_f64", "indices": TWO, "values": [1, 1, 2, 0, 2],
     "lengths": [5, 4]},
    {"attrs": {}, "logits": "t3b1c3_f16", "indices": [[0, 0]], "values": [1], "lengths": [3]},
    {"attrs": {"preprocess_collapse_repeated": True}, "logits": "t6b3c5",
     "indices": [[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1]],
     "values": [3, 3, 0, 1, 0, 2, 2], "lengths": [6, 5, 3]},
    # A sequence without labels: MindSpore 2.10's CPU kernel counts its last frame as
    # (1 + p_blank) (msjax gives the true CTC value; the test checks both).
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0]], "values": [1], "lengths": [5, 4],
     "empty_label": 1},
]
ERRORS = [
    {"attrs": {"preprocess_collapse_repeated": 1}},
    {"attrs": {"ctc_merge_repeated": "a"}},
    {"attrs": {"ignore_longer_outputs_than_inputs": None}},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [0, 1], [0, 2], [1, 0]],
     "values": [1, 2, 1, 0], "lengths": [2, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [0, 1], [1, 0]], "values": [3, 1, 0],
     "lengths": [5, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [1, 0]], "values": [1, 0],
     "lengths": [0, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [1, 0]], "values": [1, 0],
     "lengths": [6, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [2, 0]], "values": [1, 0],
     "lengths": [5, 4]},
    {"attrs": {}, "logits": "rank2", "indices": [[0, 0]], "values": [1], "lengths": [5]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [0, 1], "values": [1, 0], "lengths": [5, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [1, 0]], "values": [[1, 0]],
     "lengths": [5, 4]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [1, 0]], "values": [1, 0],
     "lengths": [5, 4], "dtypes": ["int32", "int32", "int32"]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [1, 0]], "values": [1, 0],
     "lengths": [5, 4], "dtypes": ["int64", "int64", "int32"]},
    {"attrs": {}, "logits": "t5b2c4", "indices": [[0, 0], [1, 0]], "values": [1, 0],
     "lengths": [5, 4], "dtypes": ["int64", "int32", "int64"]},
    {"attrs": {}, "logits": "int", "indices": [[0, 0], [1, 0]], "values": [1, 0],
     "lengths": [5, 4]},
]

cases = []
for case in CASES:
    op = ops.CTCLoss(**case["attrs"])
    loss, gradient = op(*inputs(case))
    cases.append({**case, "repr": repr(op), "dtype": str(loss.asnumpy().dtype),
                  "loss": [number(v) for v in loss.asnumpy().astype(np.float64)],
                  "gradient": gradient.asnumpy().astype(np.float64).reshape(-1).tolist()})

errors = []
for record in ERRORS:
    try:
        op = ops.CTCLoss(**record["attrs"])
        if "logits" in record:
            [o.asnumpy() for o in op(*inputs(record))]
        error = None
    except Exception as e:  # noqa: BLE001  (recording whatever MindSpore raises)
        error = [type(e).__name__, str(e).split("\n")[0]]
    errors.append({**record, "error": error})

(OUT / "ctc_loss_primitive.json").write_text(json.dumps(
    {"mindspore": ms.__version__, "logits": LOGITS, "cases": cases, "errors": errors}, indent=1)
    + "\n")
print("wrote", OUT / "ctc_loss_primitive.json")
