"""Golden values of MindSpore 2.10.0's mint for the cases of tests/mint/mint_cases.py (recorded,
never hand-written). MindSpore's CPU build lacks kernels for many mint ops; those cases record
the error instead and are checked against NumPy.

Regenerate (from the repository root)::

    MSJAX_REPO=$PWD /work/shared/tools/mindspore-oracle tests/goldens/scripts/mint_values.py

Writes ``tests/goldens/mint/values.json`` {key: {"out": nested lists, "dtype": [...]} or
{"error": [type, first line]}}.
"""
import json
import os
from pathlib import Path

import numpy as np
import mindspore
from mindspore import Tensor, mint
import mindspore.mint.nn.functional as F

REPO = Path(os.environ["MSJAX_REPO"])
scope = {}
exec((REPO / "tests/mint/mint_cases.py").read_text(), scope)  # noqa: S102


def plain(out):
    if isinstance(out, (tuple, list)):
        return [plain(o) for o in out]
    if isinstance(out, Tensor):
        return out.asnumpy().tolist()
    return out


def dtypes(out):
    if isinstance(out, (tuple, list)):
        return [dtypes(o) for o in out]
    return str(out.dtype) if isinstance(out, Tensor) else type(out).__name__


values = {}
for key, expr, _, _ in scope["CASES"]:
    env = dict(scope["INPUTS"], T=Tensor, mint=mint, F=F, np=np, mindspore=mindspore)
    try:
        out = eval(expr, env)  # noqa: S307
        values[key] = {"out": plain(out), "dtype": dtypes(out)}
    except Exception as e:  # noqa: BLE001
        values[key] = {"error": [type(e).__name__, str(e).strip().split("\n")[0]]}
    print(key, values[key].get("error", values[key].get("dtype")))
(REPO / "tests/goldens/mint/values.json").write_text(json.dumps(values, indent=0))
