"""MindSpore 2.10's mindspore.nn.wrap.loss_scale.grad_scale and shard_grad_scale (the
MultitypeFuncGraphs its pipeline loss-scale cell maps over the gradients): (scale, grad,
accu_grad) -> accu_grad / scale or grad / scale, with accu_grad zeroed in place; eagerly, through
HyperMap and partial, inside jit, and their errors, printed `label -> RESULT`;
tests/nn/test_miss18_grad_scale.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/miss18_grad_scale_probe.py \
        | grep -- " -> " > tests/goldens/nn/miss18_grad_scale_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import ops, Parameter, Tensor
from mindspore.nn.wrap.loss_scale import grad_scale, shard_grad_scale


def desc(value):
    if isinstance(value, Tensor):
        return (str(value.dtype), value.shape, np.round(value.asnumpy().astype(np.float64), 6).tolist())
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


def accumulators():
    return (Parameter(Tensor(np.array([2.0, 4.0], np.float32)), name="accu_a"),
            Parameter(Tensor(np.array([[6.0], [8.0]], np.float32)), name="accu_b"))


scale = Tensor(4.0, ms.float32)
grads = (Tensor(np.array([1.0, -1.0], np.float32)), Tensor(np.array([[0.5], [3.0]], np.float32)))
show("types", lambda: (type(grad_scale).__name__, type(shard_grad_scale).__name__))
for name, fn in (("grad_scale", grad_scale), ("shard_grad_scale", shard_grad_scale)):
    accu = accumulators()
    show(f"{name}", lambda: fn(scale, grads[0], accu[0]))
    show(f"{name} accumulator", lambda: accu[0])
    accu = accumulators()
    show(f"{name} hyper_map", lambda: ops.HyperMap()(ops.partial(fn, scale), grads, accu))
    show(f"{name} hyper_map accumulators", lambda: accu)

    accu = accumulators()

    @ms.jit
    def mapped(s, g):
        return ops.HyperMap()(ops.partial(fn, s), g, accu)

    show(f"{name} jit", lambda: mapped(scale, grads))
    show(f"{name} jit accumulators", lambda: accu)
    show(f"{name} two inputs", lambda: fn(scale, grads[0]))
