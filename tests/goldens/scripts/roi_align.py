"""Golden outputs and errors of MindSpore 2.10.0's `ops.ROIAlign` (recorded, never hand-written).

Regenerate (from the repository root) through the oracle, giving the output folder::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/ops \
        /work/shared/tools/mindspore-oracle tests/goldens/scripts/roi_align.py

Writes ``tests/goldens/ops/roi_align.json``: ``features`` {name: [shape, dtype]} built as
``(arange(size) % 13 - 3).reshape(shape)``; ``rois`` {name: rows}; ``cases`` [{args (the
constructor's positional arguments), features, rois, repr, out (flat, NaN as null), shape, dtype}];
``grad`` the gradient of ``ROIAlign(2, 2, 0.5, 2, 1)(x, rois["one"]).sum()`` in x; ``errors``
[{ctor, features, rois, error: [type, first line of the message]}] (``features``/``rois`` null
when the constructor raised).

Not recorded: a box whose x1 and x2 are both within 0.001 of 0, which MindSpore's kernel skips
without writing its output (it holds whatever the buffer held: zeros when fresh, an earlier
result when reused).
"""
import json
import os
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "ops")
OUT.mkdir(parents=True, exist_ok=True)

FEATURES = {"two": [[2, 2, 6, 7], "float32"], "one": [[1, 1, 4, 5], "float32"],
            "half": [[1, 1, 4, 4], "float16"], "f64": [[1, 1, 4, 4], "float64"],
            "i32": [[1, 1, 4, 4], "int32"], "rank3": [[1, 4, 4], "float32"],
            "rank5": [[1, 1, 1, 4, 4], "float32"]}
ROIS = {"three": [[0, 0.5, 0.7, 4.2, 3.9], [1, -1.0, 2.0, 6.5, 7.5], [0, 2.0, 2.0, 2.3, 2.2]],
        "one": [[0, 0.5, 0.7, 4.2, 3.9]],
        "small": [[0, 0.3, 0.2, 2.6, 2.9]],
        "bad_index": [[1, 0.0, 0.0, 2.0, 2.0]], "negative_index": [[-0.5, 0.0, 0.0, 2.0, 2.0]],
        "four_columns": [[0.0, 0.0, 2.0, 2.0]], "rank3": [[[0, 0.0, 0.0, 2.0, 2.0]]]}


def features(name):
    shape, dtype = FEATURES[name]
    return Tensor((np.arange(np.prod(shape)) % 13 - 3.0).reshape(shape).astype(dtype))


def rois(name, dtype="float32"):
    return Tensor(np.array(ROIS[name], dtype))


def listed(array):
    return [None if np.isnan(v) else float(v) for v in array.reshape(-1)], list(array.shape)


cases = []
for args, x, r in [((2, 2, 0.5, 2, 1), "two", "three"), ((3, 2, 1.0, 2, 0), "two", "three"),
                   ((2, 3, 1.0, 0, 1), "two", "three"), ((2, 2, 1.0, -1, 0), "two", "three"),
                   ((1, 1, 0.25, 1, 1), "two", "three"), ((2, 2, 1.0), "one", "small"),
                   ((2, 2, 1.0), "half", "small")]:
    op = ops.ROIAlign(*args)
    out = op(features(x), rois(r, FEATURES[x][1])).asnumpy()
    values, shape = listed(out.astype(np.float64))
    cases.append({"args": list(args), "features": x, "rois": r, "repr": repr(op), "out": values,
                  "shape": shape, "dtype": str(out.dtype)})


def summed(x):
    return ops.ROIAlign(2, 2, 0.5, 2, 1)(x, rois("one")).sum()


grad = ms.grad(summed)(features("one")).asnumpy()

errors = []
for ctor, x, r in [("ROIAlign(0, 2, 1.0)", "one", "small"),
                   ("ROIAlign(1.5, 2, 1.0)", None, None), ("ROIAlign(2, 2, 1)", None, None),
                   ("ROIAlign(2, 2, 'a')", None, None), ("ROIAlign(2, 2, 1.0, 1.5)", None, None),
                   ("ROIAlign(2, 2, 1.0, 2, 2)", None, None),
                   ("ROIAlign(2, 2, 1.0, 2, True)", None, None),
                   ("ROIAlign(True, 2, 1.0)", None, None),
                   ("ROIAlign(2, 2, 1.0)", "rank5", "small"),
                   ("ROIAlign(2, 2, 1.0)", "one", "rank3"),
                   ("ROIAlign(2, 2, 1.0)", "one", "four_columns"),
                   ("ROIAlign(2, 2, 1.0)", "one", "bad_index"),
                   ("ROIAlign(2, 2, 1.0)", "one", "negative_index"),
                   ("ROIAlign(2, 2, 1.0)", "i32", "small"),
                   ("ROIAlign(2, 2, 1.0)", "f64", "small")]:
    try:
        op = eval("ops." + ctor)
        if x is not None:
            op(features(x), rois(r)).asnumpy()
        error = None
    except Exception as e:  # noqa: BLE001  (recording whatever MindSpore raises)
        error = [type(e).__name__, str(e).split("\n")[0]]
    errors.append({"ctor": ctor, "features": x, "rois": r, "error": error})

(OUT / "roi_align.json").write_text(json.dumps(
    {"mindspore": ms.__version__, "features": FEATURES, "rois": ROIS, "cases": cases,
     "grad": grad.reshape(-1).tolist(), "grad_shape": list(grad.shape), "errors": errors}, indent=1)
    + "\n")
print("wrote", OUT / "roi_align.json")
