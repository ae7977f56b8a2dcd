"""MindSpore 2.10: a GraphCell runs the exported network's Parameter assignments
(`self.weight += 1.0` in construct), call after call, in GRAPH_MODE and PyNative, also when
built with `params_init`; printed `label -> RESULT`; tests/train/test_graph_cell_writes.py runs
it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_cell_writes_probe.py \\
        | grep -- " -> " > tests/goldens/train/graph_cell_writes_probe.out
"""
import os
import tempfile

import numpy as np
from mindspore import Parameter, Tensor, context, export, int32, load, nn


class Counting(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(np.arange(6).reshape((2, 3)).astype(np.float32), name="weight")
        self.steps = Parameter(Tensor(0, int32), name="steps", requires_grad=False)
        self.scale = Parameter(Tensor(np.float32(2.0)), name="scale")

    def construct(self, x, y):
        out = x * y * self.weight * self.scale
        self.weight += 1.0
        self.steps += 1
        return out


def flat(tensor):
    return tensor.asnumpy().ravel()[:3].tolist()


folder = tempfile.mkdtemp()
a = Tensor(np.ones((2, 3), np.float32) + 2)
b = Tensor(np.ones((2, 3), np.float32) + 3)
for mode, name in ((context.GRAPH_MODE, "graph"), (context.PYNATIVE_MODE, "pynative")):
    context.set_context(mode=mode)
    path = os.path.join(folder, name)
    export(Counting(), a, b, file_name=path, file_format="MINDIR")
    cell = nn.GraphCell(load(path + ".mindir"))
    for call in (1, 2):
        out = cell(a, b)
        params = {p.name: p for p in cell.get_parameters()}
        print(f"{name} call {call} -> {flat(out)} weight {flat(params['weight'])} "
              f"steps {params['steps'].asnumpy().item()} scale {params['scale'].asnumpy().item()}")
    again = nn.GraphCell(load(path + ".mindir"),
                         params_init={"weight": Tensor(np.full((2, 3), 10, np.float32))})
    out = again(a, b)
    params = {p.name: p for p in again.get_parameters()}
    print(f"{name} params_init -> {flat(out)} weight {flat(params['weight'])} "
          f"steps {params['steps'].asnumpy().item()}")
