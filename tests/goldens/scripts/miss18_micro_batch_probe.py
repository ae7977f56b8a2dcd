"""MindSpore 2.10's nn.MicroBatchInterleaved(network, interleave_num=2) and
nn.GradAccumulationCell(network, micro_size), and mindspore.parallel.nn's MicroBatchInterleaved and
GradAccumulation (classes of their own): the batch split along axis 0 into equal slices, the
network run on each and the outputs added; their gradients, parameter names, dtypes, and the
errors of bad arguments and indivisible batches, printed `label -> RESULT`;
tests/nn/test_miss18_micro_batch.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/miss18_micro_batch_probe.py \
        | grep -- " -> " > tests/goldens/nn/miss18_micro_batch_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.parallel import nn as parallel_nn


def desc(value):
    if isinstance(value, Tensor):
        return (str(value.dtype), value.shape, np.round(value.asnumpy().astype(np.float64), 4).tolist())
    if isinstance(value, (tuple, list)):
        return type(value)(desc(v) for v in value)
    return value


def show(label, f):
    try:
        out = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")] or [""]
        out = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {out}")


class Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        self.scale = ms.Parameter(Tensor(np.array([1.0, -2.0], np.float32)), name="scale")

    def construct(self, x, y):
        return self.dense(x) * self.scale + y


class Counts(nn.Cell):
    def construct(self, x):
        return x.sum(axis=0)


x = Tensor(np.arange(12, dtype=np.float32).reshape(4, 3) / 4)
y = Tensor(np.arange(8, dtype=np.float32).reshape(4, 2))
for mode, m in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for name, wrapper in (("MicroBatchInterleaved", nn.MicroBatchInterleaved),
                          ("GradAccumulationCell", nn.GradAccumulationCell),
                          ("parallel MicroBatchInterleaved", parallel_nn.MicroBatchInterleaved),
                          ("parallel GradAccumulation", parallel_nn.GradAccumulation)):
        for n in (1, 2, 4):
            net = wrapper(Affine(), n)
            show(f"{m} {name}({n})", lambda: net(x, y))
            grad = ms.grad(net, grad_position=(0, 1), weights=net.trainable_params())
            show(f"{m} {name}({n}) grads", lambda: grad(x, y))
        show(f"{m} {name} int", lambda: wrapper(Counts(), 2)(Tensor(np.arange(8, dtype=np.int32).reshape(4, 2))))
        show(f"{m} {name} indivisible", lambda: wrapper(Affine(), 3)(x, y))

ms.set_context(mode=ms.PYNATIVE_MODE)
for name, wrapper in (("MicroBatchInterleaved", nn.MicroBatchInterleaved),
                      ("GradAccumulationCell", nn.GradAccumulationCell),
                      ("parallel MicroBatchInterleaved", parallel_nn.MicroBatchInterleaved),
                      ("parallel GradAccumulation", parallel_nn.GradAccumulation)):
    net = wrapper(Affine(), 2)
    show(f"{name} parameter names", lambda: [p.name for p in net.trainable_params()])
    show(f"{name} cells", lambda: [n for n, _ in net.cells_and_names()])
    show(f"{name} zero", lambda: wrapper(Affine(), 0))
    show(f"{name} negative", lambda: wrapper(Affine(), -1))
    show(f"{name} float", lambda: wrapper(Affine(), 2.0))
    show(f"{name} scalar input", lambda: wrapper(Counts(), 2)(3))
show("MicroBatchInterleaved default", lambda: nn.MicroBatchInterleaved(Affine()).interleave_num)
show("GradAccumulationCell micro_size", lambda: nn.GradAccumulationCell(Affine(), 2).micro_size)
show("GradAccumulationCell not a cell", lambda: nn.GradAccumulationCell(lambda v: v, 2))
show("MicroBatchInterleaved function", lambda: nn.MicroBatchInterleaved(ops.neg, 2)(x))
show("parallel classes are their own", lambda: (
    parallel_nn.MicroBatchInterleaved is nn.MicroBatchInterleaved,
    isinstance(parallel_nn.MicroBatchInterleaved(Affine()), nn.MicroBatchInterleaved),
    isinstance(parallel_nn.GradAccumulation(Affine(), 2), nn.GradAccumulationCell),
    parallel_nn.MicroBatchInterleaved.__name__, parallel_nn.GradAccumulation.__name__))
show("parallel GradAccumulation not a cell", lambda: parallel_nn.GradAccumulation(abs, 2))
