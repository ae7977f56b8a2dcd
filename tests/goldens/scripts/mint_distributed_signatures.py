"""Signatures of MindSpore 2.10.0's mindspore.mint.distributed functions (recorded, never
hand-written): {name: [[parameter, kind, default repr or null]]} for every name of its __all__.

Regenerate (from the repository root)::

    MSJAX_REPO=$PWD /work/shared/tools/mindspore-oracle tests/goldens/scripts/mint_distributed_signatures.py

Writes ``tests/goldens/mint/distributed_signatures.json``.
"""
import inspect
import json
import os
from pathlib import Path

import mindspore.mint.distributed as dist

out = {}
for name in dist.__all__:
    obj = getattr(dist, name)
    try:
        signature = inspect.signature(obj.__init__ if isinstance(obj, type) else obj)
    except (TypeError, ValueError):
        continue
    params = list(signature.parameters.values())[1 if isinstance(obj, type) else 0:]
    out[name] = [[p.name, p.kind.name, None if p.default is p.empty else repr(p.default)]
                 for p in params]
(Path(os.environ["MSJAX_REPO"]) / "tests/goldens/mint/distributed_signatures.json").write_text(
    json.dumps(out, indent=1))
print(len(out), "signatures")
