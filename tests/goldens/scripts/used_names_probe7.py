"""MindSpore 2.10 behaviour of more used names: common.initializer._assignment,
Cell.set_comm_fusion / pipeline_stage, Parameter.comm_fusion / cache_enable (parallel settings: checked and kept),
Tensor.data_ptr / is_meta / storage_offset, nn.wrap.cell_wrapper._VirtualDatasetCell,
common.api._no_grad, and the modules MindSpore's modules import (log.logging,
train.serialization.context, dataset.context), printed `label -> RESULT` as in
used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe7.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe7.out
"""
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
import mindspore.log as mindspore_log
from mindspore import Parameter, Tensor, nn
from mindspore.common.api import _no_grad
from mindspore.common.initializer import _assignment
from mindspore.nn.wrap.cell_wrapper import _VirtualDatasetCell
from mindspore.train import serialization


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


show("_assignment", lambda: _assignment(np.zeros((2, 2), np.float32), 3).tolist())
show("_assignment array", lambda: _assignment(np.zeros((2, 2), np.float32),
                                              np.ones((2, 2))).tolist())
show("_assignment scalar", lambda: _assignment(np.zeros((), np.float32), 5).tolist())
show("_assignment broadcast", lambda: _assignment(np.zeros((2, 3), np.float32),
                                                  np.arange(3)).tolist())
show("_assignment same obj", lambda: (lambda a: _assignment(a, 1) is a)(np.zeros(2)))
net = nn.SequentialCell([nn.Dense(2, 2), nn.Dense(2, 1)])
net[1].bias.requires_grad = False
show("set_comm_fusion", lambda: net.set_comm_fusion(3) is net)
show("comm_fusion values", lambda: [(p.name, p.comm_fusion) for p in net.get_parameters()])
show("set_comm_fusion no recurse", lambda: nn.Dense(2, 2).set_comm_fusion(
    2, recurse=False).weight.comm_fusion)
show("set_comm_fusion neg", lambda: net.set_comm_fusion(-1))
show("set_comm_fusion float", lambda: net.set_comm_fusion(1.5))
show("set_comm_fusion bool", lambda: net.set_comm_fusion(True))
p = Parameter(Tensor(np.ones(2, np.float32)), name="p")
show("comm_fusion default", lambda: p.comm_fusion)
show("comm_fusion set", lambda: (setattr(p, "comm_fusion", 4), p.comm_fusion)[1])
show("comm_fusion bad", lambda: setattr(p, "comm_fusion", -2))
show("comm_fusion str", lambda: setattr(p, "comm_fusion", "a"))
show("cache_enable default", lambda: p.cache_enable)
show("cache_enable set", lambda: (setattr(p, "cache_enable", True), p.cache_enable)[1])
show("cache_enable bad", lambda: setattr(p, "cache_enable", 1))
show("pipeline_stage default", lambda: nn.Dense(2, 2).pipeline_stage)
c = nn.Dense(2, 2)
show("pipeline_stage set", lambda: (setattr(c, "pipeline_stage", 2), c.pipeline_stage)[1])
show("pipeline_stage neg", lambda: setattr(c, "pipeline_stage", -1))
show("pipeline_stage bool", lambda: setattr(c, "pipeline_stage", True))
show("pipeline_stage float", lambda: setattr(c, "pipeline_stage", 1.0))
t = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
show("data_ptr", lambda: (type(t.data_ptr()).__name__, t.data_ptr() > 0,
                          t.data_ptr() == t.data_ptr()))
show("data_ptr distinct", lambda: t.data_ptr() != Tensor(np.ones(2, np.float32)).data_ptr())
show("is_meta", lambda: (t.is_meta, p.is_meta))
show("storage_offset", lambda: t.storage_offset())
show("storage_offset param", lambda: p.storage_offset())
v = _VirtualDatasetCell(nn.Dense(3, 2))
show("_VirtualDatasetCell params", lambda: [n for n, _ in v.parameters_and_names()])
show("_VirtualDatasetCell repr", lambda: repr(v))
show("_VirtualDatasetCell backbone", lambda: type(v._backbone).__name__)
show("_no_grad", lambda: type(_no_grad()).__name__)


def no_grad_block():
    x = Tensor(np.array([2.0], np.float32))
    with _no_grad():
        y = (x * x).sum()
    return y, ms.grad(lambda x: (x * x).sum())(x)


show("_no_grad use", no_grad_block)


@_no_grad()
def doubled(x):
    return x * 2


show("_no_grad decorator", lambda: doubled(Tensor(np.array([1.0], np.float32))))


def grad_inside_no_grad():
    with _no_grad():
        return ms.grad(lambda x: (x * x).sum())(Tensor(np.array([3.0], np.float32)))


show("grad inside _no_grad", grad_inside_no_grad)
show("grad after _no_grad", lambda: ms.grad(lambda x: (x * x).sum())(
    Tensor(np.array([3.0], np.float32))))
show("log.logging", lambda: mindspore_log.logging.info("x"))
show("log.logging is", lambda: mindspore_log.logging.__name__)
show("log.logging.warning", lambda: mindspore_log.logging.warning.__name__)
show("serialization.context", lambda: (serialization.context.GRAPH_MODE,
                                        serialization.context is ms.context))
show("dataset.context", lambda: (ds.context.GRAPH_MODE, ds.context is ms.context))
