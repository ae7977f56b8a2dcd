"""Signatures of MindSpore 2.10.0's mindspore.experimental.optim classes and of its lr_scheduler
classes (recorded, never hand-written): {"module.Class": [[name, kind, default repr or null]]}
of each `__init__` (without self) and of the schedulers' `step`.

Regenerate (from the repository root)::

    MSJAX_REPO=$PWD /work/shared/tools/mindspore-oracle tests/goldens/scripts/experimental_signatures.py

Writes ``tests/goldens/mint/experimental_signatures.json``.
"""
import inspect
import json
import os
from pathlib import Path

from mindspore.experimental import optim
from mindspore.experimental.optim import lr_scheduler


def parameters(function):
    return [[p.name, p.kind.name, None if p.default is p.empty else repr(p.default)]
            for p in list(inspect.signature(function).parameters.values())[1:]]


out = {}
for module, names in (("optim", optim.__all__), ("lr_scheduler", lr_scheduler.__all__)):
    for name in names:
        cls = getattr(optim if module == "optim" else lr_scheduler, name)
        out[f"{module}.{name}"] = parameters(cls.__init__)
        if module == "lr_scheduler" and hasattr(cls, "step"):
            out[f"{module}.{name}.step"] = parameters(cls.step)
(Path(os.environ["MSJAX_REPO"]) / "tests/goldens/mint/experimental_signatures.json").write_text(
    json.dumps(out, indent=1))
print(len(out), "signatures")
