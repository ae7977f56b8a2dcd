"""MindSpore 2.10 behaviour of more used names (Tensor.value/select, scatter Primitives, MaxPool3D,
_get_cache_prim, set_algo_parameters, set_ps_context), printed `label -> RESULT` as in
used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe3.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe3.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn
from mindspore.ops import operations as P
from mindspore.ops._primitive_cache import _get_cache_prim


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.float64), 5)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(f"{label} -> {result}")


t = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
p = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="p")
show("Tensor.value", lambda: t.value())
show("Parameter.value", lambda: (type(p.value()).__name__, p.value()))
show("Tensor.select", lambda: t.select(0, 1))
show("Tensor.select dim 1", lambda: t.select(1, 2))
show("Tensor.absolute", lambda: Tensor([-1.0, 2.0]).absolute())
show("Cell.shard", lambda: nn.Dense(2, 2).shard(((1, 1),)))
show("MaxPool3D", lambda: P.MaxPool3D(kernel_size=2, strides=2)(
    Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 2, 2, 4))))
show("MaxPool3D repr", lambda: repr(P.MaxPool3D(kernel_size=2, strides=2)))
w = Parameter(Tensor(np.zeros((3, 2), np.float32)), name="w")
show("ScatterNdUpdate", lambda: (P.ScatterNdUpdate()(
    w, Tensor(np.array([[0], [2]], np.int32)), Tensor(np.ones((2, 2), np.float32))), w))
show("ScatterAdd", lambda: (P.ScatterAdd()(
    w, Tensor(np.array([0, 0], np.int32)), Tensor(np.ones((2, 2), np.float32))), w))
show("ScatterUpdate", lambda: (P.ScatterUpdate()(
    w, Tensor(np.array([1], np.int32)), Tensor(np.full((1, 2), 7.0, np.float32))), w))
show("ScatterNdUpdate into a Tensor", lambda: P.ScatterNdUpdate()(
    t, Tensor(np.array([[0]], np.int32)), Tensor(np.ones((1, 3), np.float32))))
show("_get_cache_prim", lambda: (repr(_get_cache_prim(P.ReduceSum)(keep_dims=True)),
                                 _get_cache_prim(P.ReduceSum)(keep_dims=True)
                                 is _get_cache_prim(P.ReduceSum)(keep_dims=True),
                                 _get_cache_prim(P.ReduceSum)() is _get_cache_prim(
                                     P.ReduceSum)(keep_dims=True)))
show("_get_cache_prim call", lambda: _get_cache_prim(P.ReduceSum)(keep_dims=False)(t, 1))
keys = ["fully_use_devices", "elementwise_op_strategy_follow", "enable_algo_approxi",
        "tensor_slice_align_enable", "tensor_slice_align_size"]
show("algo defaults", lambda: [ms.get_algo_parameters(k) for k in keys])
show("algo set", lambda: (ms.set_algo_parameters(elementwise_op_strategy_follow=True),
                          ms.get_algo_parameters("elementwise_op_strategy_follow")))
show("algo reset", lambda: (ms.reset_algo_parameters(),
                            ms.get_algo_parameters("elementwise_op_strategy_follow")))
show("algo bad key", lambda: ms.set_algo_parameters(nonsense=1))
show("algo bad get", lambda: ms.get_algo_parameters("nonsense"))
show("algo bad type", lambda: ms.set_algo_parameters(fully_use_devices=3))
show("ps set", lambda: (ms.set_ps_context(enable_ps=False), ms.get_ps_context("enable_ps")))
show("ps bad key", lambda: ms.set_ps_context(nonsense=1))
boxes = Tensor(np.array([[0, 0, 10, 10, 0.9], [1, 1, 11, 11, 0.8], [20, 20, 30, 30, 0.7],
                         [0, 0, 10, 10, 0.95]], np.float32))
show("NMSWithMask 0.5", lambda: P.NMSWithMask(0.5)(boxes))
show("NMSWithMask 0.9", lambda: P.NMSWithMask(0.9)(boxes))
show("NMSWithMask ties", lambda: P.NMSWithMask(0.3)(Tensor(np.array(
    [[0, 0, 2, 2, 0.5], [0, 0, 2, 2, 0.5], [0, 0, 1, 2, 0.6]], np.float32))))
show("NMSWithMask repr", lambda: repr(P.NMSWithMask(0.5)))


def chosen(count, mask_values):
    """The random choice's shapes, mask and the set of chosen coordinates (order is random)."""
    index, mask = P.RandomChoiceWithMask(count=count, seed=1)(Tensor(np.array(mask_values)))
    rows = [tuple(r) for r, m in zip(index.asnumpy().tolist(), mask.asnumpy()) if m]
    return (index.shape, index.dtype, mask.asnumpy().tolist(), sorted(rows))


show("RandomChoiceWithMask", lambda: chosen(3, [[True, False], [True, True]]))
show("RandomChoiceWithMask padded", lambda: chosen(5, [[True, False], [False, True]]))
show("RandomChoiceWithMask fewer", lambda: chosen(1, [[True, True], [True, True]])[:3])
show("RandomChoiceWithMask repr", lambda: repr(P.RandomChoiceWithMask()))
