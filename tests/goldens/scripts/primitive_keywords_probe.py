"""MindSpore 2.10's Primitives called with keyword inputs (`ops.ReduceSum()(x=x, axis=1)`), in
PyNative and in a compiled function, and the errors for a keyword a Primitive does not have.
Printed `label -> RESULT`; tests/ops/test_primitive_keywords.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/primitive_keywords_probe.py \
        | grep -- " -> " > tests/goldens/ops/primitive_keywords_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, (tuple, list)):
            out = tuple(np.round(o.asnumpy().astype(np.float64), 4).tolist() for o in out)
        elif isinstance(out, Tensor):
            out = (str(out.dtype), np.round(out.asnumpy().astype(np.float64), 4).tolist())
        print(label, "->", out)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [line for line in str(e).strip().splitlines() if line.strip()]
        print(label, "-> ERR", type(e).__name__, "|", lines[0] if lines else "")


x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10)
y = Tensor(np.ones((2, 3, 4), np.float32))
img = Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4))
mean = Tensor(np.array([0.5, 1.0], np.float32))
var = Tensor(np.array([1.0, 2.0], np.float32))
CASES = {
    "Add": lambda: ops.Add()(input=x, other=y),
    "Add mixed": lambda: ops.Add()(x, other=y),
    "ReduceSum": lambda: ops.ReduceSum(keep_dims=True)(x=x, axis=1),
    "ReduceSum axis only": lambda: ops.ReduceSum()(x, axis=(1, 2)),
    "AvgPool": lambda: ops.AvgPool(2, strides=2)(x=img),
    "Concat": lambda: ops.Concat(axis=1)(tensors=(x, y)),
    "Softmax": lambda: ops.Softmax(-1)(input=x),
    "Softmax wrong keyword": lambda: ops.Softmax(-1)(x=x),
    "Add twice": lambda: ops.Add()(x, input=y),
    "Add missing": lambda: ops.Add()(input=x),
    "BatchNorm": lambda: ops.BatchNorm()(input_x=img, scale=mean, bias=var, mean=mean,
                                         variance=var)[0],
    "Transpose": lambda: ops.Transpose()(input=x, input_perm=(2, 0, 1)),
}
for label, case in CASES.items():
    show(label, case)


@ms.jit
def reduce_sum_in_graph(a, axis):
    return ops.ReduceSum(keep_dims=False)(x=a, axis=axis)


@ms.jit
def softmax_in_graph(a):
    return ops.Softmax(-1)(x=a)


@ms.jit
def batch_norm_in_graph(a, m, v):
    return ops.BatchNorm()(input_x=a, scale=m, bias=v, mean=m, variance=v)[0]


@ms.jit
def transpose_in_graph(a):
    return ops.Transpose()(input=a, input_perm=(2, 0, 1))


@ms.jit
def concat_in_graph(a, b):
    return ops.Concat(axis=1)(tensors=(a, b))


show("ReduceSum jit", lambda: reduce_sum_in_graph(x, 1))
show("ReduceSum jit mutable", lambda: reduce_sum_in_graph(x, ms.mutable((1, 2))))
show("Softmax wrong keyword jit", lambda: softmax_in_graph(x))
show("BatchNorm jit", lambda: batch_norm_in_graph(img, mean, var))
show("Transpose jit", lambda: transpose_in_graph(x))
show("Concat jit", lambda: concat_in_graph(x, y))
