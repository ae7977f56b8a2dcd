"""Golden behaviour of MindSpore 2.10.0's mindspore.experimental.optim optimizers ASGD, Adadelta,
Adagrad, Adamax, NAdam, RAdam, RMSprop and Rprop (recorded, never hand-written): for each
constructor of CTORS, the optimizer's Parameter names, its param_groups keys, and both
Parameters after each of three steps with the fixed GRADS (or the error MindSpore raises).

Regenerate (from the repository root)::

    MSJAX_REPO=$PWD /work/shared/tools/mindspore-oracle tests/goldens/scripts/experimental_optim.py

Writes ``tests/goldens/mint/experimental_optim.json``.
"""
import json
import os
from pathlib import Path

import numpy as np
from mindspore import Parameter, Tensor
from mindspore.experimental import optim

CTORS = [
    "optim.ASGD(ps, lr=0.1)",
    "optim.ASGD(ps, lr=0.1, lambd=0.1, alpha=0.5, t0=1.0, weight_decay=0.1)",
    "optim.ASGD(ps, lr=0.1, t0=1)",
    "optim.Adadelta(ps, lr=1.0, rho=0.9, weight_decay=0.1)",
    "optim.Adadelta(ps, rho=1.5)",
    "optim.Adagrad(ps, lr=0.1)",
    "optim.Adagrad(ps, lr=0.1, lr_decay=0.1, weight_decay=0.1, initial_accumulator_value=0.1)",
    "optim.Adagrad(ps, lr=-0.1)",
    "optim.Adamax(ps, lr=0.1, weight_decay=0.1)",
    "optim.Adamax(ps, lr=0.1, betas=(0.8, 0.9), maximize=True)",
    "optim.NAdam(ps, lr=0.1, weight_decay=0.1, momentum_decay=0.004)",
    "optim.RAdam(ps, lr=0.1, weight_decay=0.1)",
    "optim.RAdam(ps, lr=0.1, betas=(0.5, 0.6))",
    "optim.RMSprop(ps, lr=0.1)",
    "optim.RMSprop(ps, lr=0.1, alpha=0.9, weight_decay=0.1, momentum=0.5, centered=True)",
    "optim.Rprop(ps, lr=0.1, etas=(0.5, 1.2), step_sizes=(1e-3, 1.0))",
    "optim.Rprop(ps, lr=0.1, maximize=True)",
    "optim.Rprop(ps, etas=(0.5, 0.9))",
]
GRADS = [[np.array([0.1, 0.2, -0.3], np.float32), np.array([[0.3], [-0.1]], np.float32)],
         [np.array([0.3, -0.1, 0.05], np.float32), np.array([[-0.2], [0.4]], np.float32)],
         [np.array([-0.2, 0.4, 0.1], np.float32), np.array([[0.1], [0.1]], np.float32)]]


def parameters():
    return [Parameter(Tensor(np.array([1.0, -2.0, 0.5], np.float32)), name="w"),
            Parameter(Tensor(np.array([[0.2], [0.0]], np.float32)), name="b")]


if __name__ == "__main__":
    out = {}
    for ctor in CTORS:
        ps = parameters()
        try:
            opt = eval(ctor)  # noqa: S307
            record = {"params": [[n, p.name, list(p.shape), str(p.dtype)]
                                 for n, p in opt.parameters_and_names()],
                      "group_keys": sorted(opt.param_groups[0])}
            steps = []
            for grads in GRADS:
                opt(tuple(Tensor(g) for g in grads))
                steps.append([p.asnumpy().tolist() for p in ps])
            record["steps"] = steps
        except Exception as error:  # noqa: BLE001 - recorded
            record = {"error": [type(error).__name__, str(error).splitlines()[0]]}
        out[ctor] = record
        print(ctor, json.dumps(record)[:300])
    path = Path(os.environ["MSJAX_REPO"]) / "tests/goldens/mint/experimental_optim.json"
    path.write_text(json.dumps(out, indent=1))
