"""MindSpore 2.10's Tensor methods over ops of the same computation that msjax lacked:
`approximate_equal`, `reverse_sequence`, `inplace_update`, `unique_with_pad` (and
`ops.unique_with_pad`), `scatter_div`/`max`/`min`/`mul`/`sub` (the tensor_scatter ops), `exp_`
and `new_empty` (its shape and dtype: the values are not initialised). Printed `label -> RESULT`;
tests/test_tensor_methods14.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor14_methods_probe.py \
        | grep -- " -> " > tests/goldens/core/tensor14_methods_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.common.api import _pynative_executor


def result_of(out):
    if isinstance(out, (tuple, list)):
        return [result_of(o) for o in out]
    if isinstance(out, Tensor):
        return (str(out.dtype), np.round(out.asnumpy().astype(np.float64), 4).tolist())
    return out


def show(label, fn):
    try:
        out = fn()
        _pynative_executor.sync()
        result = result_of(out)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


x = Tensor(np.array([[1.0, -2.0, 4.0], [3.0, 0.5, -1.0]]), ms.float32)
xi = Tensor(np.array([[1, 2, 3], [4, 5, 6]]), ms.int32)
show("approximate_equal(x + 1e-6)", lambda: x.approximate_equal(x + 1e-6))
show("approximate_equal(x + 0.1, 0.2)", lambda: x.approximate_equal(x + 0.1, 0.2))
show("approximate_equal(x + 0.1)", lambda: x.approximate_equal(x + 0.1))
show("reverse_sequence([1, 2, 3] lengths, seq_dim=1)",
     lambda: x.reverse_sequence(Tensor([2, 3], ms.int32), 1))
show("reverse_sequence(seq_dim=0, batch_dim=1)",
     lambda: x.reverse_sequence(Tensor([2, 1, 2], ms.int32), 0, 1))
show("reverse_sequence(lengths) defaults", lambda: x.reverse_sequence(Tensor([1, 2, 1], ms.int32)))
show("inplace_update(v, [1])", lambda: x.copy().inplace_update(Tensor([[5.0, 6.0, 7.0]]), Tensor([1], ms.int32)))
show("inplace_update(v, [1, 0])", lambda: xi.copy().inplace_update(Tensor([[7, 8, 9], [0, 0, 0]], ms.int32),
                                                                 Tensor([1, 0], ms.int32)))
u = Tensor(np.array([5, 1, 1, 3, 5, 2]), ms.int32)
show("unique_with_pad(0)", lambda: u.unique_with_pad(0))
show("unique_with_pad(-1) int64", lambda: Tensor(np.array([2, 2, 7]), ms.int64).unique_with_pad(-1))
show("ops.unique_with_pad(u, 9)", lambda: ops.unique_with_pad(u, 9))
idx = Tensor(np.array([[0, 1], [1, 2]]), ms.int32)
upd = Tensor(np.array([2.0, 4.0]), ms.float32)
for name in ("scatter_div", "scatter_max", "scatter_min", "scatter_mul", "scatter_sub"):
    show(f"{name}(idx, upd)", lambda: getattr(x, name)(idx, upd))
show("scatter_sub int32", lambda: xi.scatter_sub(idx, Tensor(np.array([1, 1]), ms.int32)))
show("scatter_div 1-D indices", lambda: x.scatter_div(Tensor([0], ms.int32), upd[:1]))
show("exp_()", lambda: x.copy().exp_())
show("new_empty((2, 3)): shape, dtype", lambda: (x.new_empty((2, 3)).shape, str(x.new_empty((2, 3)).dtype)))
show("new_empty(4, dtype=int32): shape, dtype",
     lambda: (x.new_empty(4, dtype=ms.int32).shape, str(x.new_empty(4, dtype=ms.int32).dtype)))
show("new_empty([1, 2]): shape, dtype", lambda: (xi.new_empty([1, 2]).shape, str(xi.new_empty([1, 2]).dtype)))
for name in ("add", "update", "sub", "max", "div"):
    show(f"ops.tensor_scatter_{name} 1-D indices",
         lambda: getattr(ops, f"tensor_scatter_{name}")(x, Tensor([0], ms.int32), Tensor([2.0])))
show("ops.reverse_sequence(seq_dim=batch_dim)", lambda: ops.reverse_sequence(x, Tensor([1, 2], ms.int32), 1, 1))
show("ops.inplace_update(Tensor indices)",
     lambda: ops.inplace_update(x, Tensor([[5.0, 6.0, 7.0]]), Tensor([1], ms.int32)))
