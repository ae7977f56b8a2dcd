"""MindSpore 2.10's HSigmoidGrad and HSwishGrad (reached as `ops.auto_generate.<name>`, the
submodule an attribute of `mindspore.ops` without importing it, and in
ops.operations._grad_ops): their values at and around the kinks and their dtypes, printed
`label -> RESULT`; tests/ops/test_hard_activation_grads.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/hard_activation_grads_probe.py \
        | grep -- " -> " > tests/goldens/ops/hard_activation_grads_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor
import mindspore.ops.operations._grad_ops as G


def show(label, f):
    try:
        out = f()
        result = (str(out.dtype), np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


x = Tensor(np.array([-4, -3, -2.5, -1, 0, 2.9, 3, 4], np.float32))
g = Tensor(np.array([1, 2, 3, 4, 5, 6, 7, 8], np.float32))
show("HSigmoidGrad", lambda: ops.auto_generate.HSigmoidGrad()(g, x))
show("HSwishGrad", lambda: ops.auto_generate.HSwishGrad()(g, x))
show("HSigmoidGrad float16", lambda: G.HSigmoidGrad()(Tensor(np.ones(2, np.float16)),
                                                       Tensor(np.array([0, 5], np.float16))))
show("HSwishGrad float16", lambda: G.HSwishGrad()(Tensor(np.ones(2, np.float16)),
                                                   Tensor(np.array([1, -5], np.float16))))
print(f"same class -> {ops.auto_generate.HSwishGrad is G.HSwishGrad}")
print(f"repr -> {ops.auto_generate.HSigmoidGrad()!r}")
for first, second in (((3,), (4,)), ((2, 3), (3,)), ((2, 3), (1, 3))):
    for name in ("HSigmoidGrad", "HSwishGrad"):
        show(f"{name} {first} {second}", lambda: getattr(G, name)()(
            Tensor(np.ones(first, np.float32)), Tensor(np.ones(second, np.float32))))
