"""Golden learning rates of MindSpore 2.10.0's mindspore.experimental.optim.lr_scheduler for the
cases of tests/mint/lr_scheduler_cases.py (recorded, never hand-written): get_last_lr() after
construction and after each step, and the optimizer's lrs after a training step reads them.

Regenerate (from the repository root)::

    MSJAX_REPO=$PWD /work/shared/tools/mindspore-oracle tests/goldens/scripts/lr_scheduler.py

Writes ``tests/goldens/mint/lr_scheduler.json`` {key: trace or {"error": [type, message]}}.
"""
import json
import os
from pathlib import Path

import numpy as np
import mindspore
from mindspore import Parameter, Tensor
from mindspore.experimental import optim
from mindspore.experimental.optim import lr_scheduler

REPO = Path(os.environ["MSJAX_REPO"])
scope = {}
exec((REPO / "tests/mint/lr_scheduler_cases.py").read_text(), scope)  # noqa: S102


def optimizer():
    w = Parameter(Tensor(np.ones(2, np.float32)), name="w")
    b = Parameter(Tensor(np.zeros(2, np.float32)), name="b")
    return optim.SGD([{"params": [w]}, {"params": [b], "lr": 0.05}], lr=0.1)


out = {}
for key, expr, plan in scope["CASES"]:
    opt = optimizer()
    try:
        scheduler = eval(expr, {"opt": opt, "lr_scheduler": lr_scheduler})  # noqa: S307
        out[key] = scope["run"](scheduler, plan)
    except Exception as error:  # noqa: BLE001 - recorded
        out[key] = {"error": [type(error).__name__, str(error).splitlines()[0]]}
    print(key, out[key])
# The scheduler's rate reaches the optimizer: one SGD step after StepLR halved it.
opt = optimizer()
scheduler = lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
scheduler.step()
opt((Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float32))))
out["sgd_after_step"] = [opt.parameters[0].asnumpy().tolist(), opt.parameters[1].asnumpy().tolist()]
print("sgd_after_step", out["sgd_after_step"])
(REPO / "tests/goldens/mint/lr_scheduler.json").write_text(json.dumps(out, indent=1))
