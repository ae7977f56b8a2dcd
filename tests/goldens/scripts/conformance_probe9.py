"""MindSpore 2.10 behaviour behind the last of MindSpore's own tests msjax failed (issue #25):
`cdist` for every p (0 counts differing coordinates, inf takes the largest; the gradient is zero
at a zero distance, and every tied coordinate gets the sign at p = inf), the segment reductions'
gradients (integer ids included, as `GradOperation(get_all=True)` asks), ReLU6's slope at 6,
`nanmean` of integers, and `assign`/`assign_add`/`assign_sub` on a plain Tensor. Printed
`label -> RESULT` as in conformance_probe1.py; tests/api/test_conformance_golden.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe9.py \\
        | grep -- " -> " > tests/goldens/api/conformance_probe9.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops import functional as F
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind == "f":
            values = np.round(values.astype(np.float64), 3)
        elif values.dtype.kind == "c":
            values = np.round(values.astype(np.complex128), 3)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


# -- cdist ----------------------------------------------------------------------------------------
a = Tensor(np.array([[1.0, 1.0], [2.0, 2.5]]).astype(np.float32))
b = Tensor(np.array([[3.0, 3.0], [2.0, 2.5]]).astype(np.float32))
for p in [0.0, 0.5, 1.0, 2.0, 3.0, float("inf")]:
    show(f"cdist p={p}", lambda: ops.cdist(a, b, p))
    show(f"cdist grad p={p}", lambda: ms.grad(lambda x: ops.cdist(x, b, p).sum())(a))
    show(f"Cdist p={p}", lambda: P.Cdist(p)(a[None], b[None]))
show("cdist batched p=0", lambda: ops.cdist(Tensor(np.ones((2, 3, 2), np.float32)),
                                            Tensor(np.zeros((2, 1, 2), np.float32)), 0.0))
# (last: MindSpore 2.10's next cdist call after this error still sees p=-1)
show("cdist p=-1", lambda: ops.cdist(a, b, -1.0))

# -- segment reductions: gradients, integer ids included -------------------------------------------
x = Tensor(np.array([[1, 2, 3], [4, 5, 6], [4, 2, 1]]).astype(np.float32))
ids = Tensor(np.array([0, 1, 1]).astype(np.int32))
for name, fn in [("max", lambda d, i: P.UnsortedSegmentMax()(d, i, 2)),
                 ("min", lambda d, i: P.UnsortedSegmentMin()(d, i, 2)),
                 ("sum", lambda d, i: ops.unsorted_segment_sum(d, i, 2)),
                 ("prod", lambda d, i: ops.unsorted_segment_prod(d, i, 2))]:
    show(f"segment {name} grad all", lambda: ops.GradOperation(get_all=True)(fn)(x, ids))
show("segment prod grad with zeros", lambda: ops.GradOperation(get_all=True)(
    lambda d, i: ops.unsorted_segment_prod(d, i, 3))(
        Tensor(np.array([0.0, 2.0, 3.0, 0.0, 4.0, 5.0], np.float32)),
        Tensor(np.array([0, 0, 1, 1, 1, 2], np.int32))))
show("segment max float ids", lambda: P.UnsortedSegmentMax()(x, Tensor(np.array([0, 1, 1], np.float32)), 2))
show("segment max int64 ids", lambda: P.UnsortedSegmentMax()(x, Tensor(np.array([0, 1, 1], np.int64)), 2))

# -- ReLU6's slope ----------------------------------------------------------------------------------
show("relu6 grad", lambda: ms.grad(ops.relu6)(Tensor(np.array([-1.0, 0.0, 3.0, 6.0, 7.0], np.float32))))
show("ReLU6Grad", lambda: G.ReLU6Grad()(Tensor(np.array([2, 3, 4, 5, 6], np.float32)),
                                       Tensor(np.array([-1, 0, 6, 5.9, 6.1], np.float32))))

# -- nanmean ----------------------------------------------------------------------------------------
show("nanmean int", lambda: ops.nanmean(Tensor([1, 2, 3], ms.int32), axis=0, keepdims=True))
show("nanmean float", lambda: ops.nanmean(Tensor([[np.nan, 1.0], [3.0, np.nan]], ms.float32), 0))

# -- assign on a Tensor -------------------------------------------------------------------------------
for name, fn in [("assign", F.assign), ("assign_add", F.assign_add), ("assign_sub", F.assign_sub),
                 ("AssignSub", P.AssignSub())]:
    t = Tensor(np.array([1.0, 2.0], np.float32))
    show(f"{name} tensor", lambda: (fn(t, Tensor(np.array([3.0, 5.0], np.float32))), t))
    t = Tensor(np.array([1, 2], np.int32))
    show(f"{name} int tensor float value", lambda: fn(t, Tensor(np.array([3.5, 5.0], np.float32))))
    show(f"{name} numpy", lambda: fn(np.ones(2), Tensor(np.ones(2))))
t = Tensor(np.array([1.0, 2.0], np.float16))
show("assign_sub float16 tensor float32 value", lambda: F.assign_sub(t, Tensor(np.array([3.0, 5.0], np.float32))))
t = Tensor(np.array([1.0, 2.0], np.float32))
show("assign_add float32 tensor int value", lambda: (F.assign_add(t, Tensor(np.array([3, 5], np.int32))), t))

# -- shapes and axes given as Tensors ----------------------------------------------------------------
from mindspore.ops.auto_generate.gen_ops_def import zeros  # noqa: E402
from mindspore.ops.primitive import constexpr  # noqa: E402

show("zeros 2d size", lambda: zeros(Tensor(np.array([[2, 3], [4, 5]]).astype(np.int64)), ms.int32))
show("zeros 0d size", lambda: zeros(Tensor(np.array(2).astype(np.int64)), ms.int32))
show("zeros float size", lambda: zeros(Tensor(np.array([2., 3.]).astype(np.float32)), ms.int32))
show("ones 2d size", lambda: ops.ones(Tensor(np.array([[2, 3], [4, 5]]).astype(np.int64)), ms.int32))
show("zeros negative", lambda: zeros((2, -1), ms.int32))
show("zeros grad of its size", lambda: ops.grad(lambda s: zeros(s, ms.float64), (0,))(
    Tensor(np.array([2, 3]).astype(np.int64))))
show("ReduceSum 0-d Tensor axis", lambda: ops.ReduceSum()(Tensor([1, 2, 3, 4, 5]), ops.ReLU()(Tensor(0))))
show("ReduceSum 1-d Tensor axis", lambda: ops.ReduceSum(keep_dims=True)(Tensor(np.ones((2, 3), np.float32)),
                                                                      Tensor(np.array([1]))))


# -- constexpr inside jit: a function or a Cell argument arrives as None -----------------------------
def _a_function():
    return 0


@constexpr(check=False)
def _kind(value):
    return type(value).__name__


@ms.jit
def _kinds_in_jit():
    return _kind(_a_function), _kind(len), _kind(ms.nn.ReLU()), _kind(3), _kind((1, 2)), _kind(ms.float32)


show("constexpr in jit", _kinds_in_jit)
show("constexpr eagerly", lambda: (_kind(_a_function), _kind(len), _kind(ms.nn.ReLU())))

# -- complex gradients: the conjugate of JAX's convention --------------------------------------------
z = Tensor(np.asarray(complex(1.3 + 0.4j)), ms.complex64)
show("grad imag", lambda: ms.grad(ops.imag)(z))
show("GradOperation imag", lambda: ops.GradOperation()(lambda v: ops.imag(v))(z))
show("grad abs", lambda: ms.grad(ops.abs)(z))
show("grad of a complex made from reals", lambda: (
    ms.grad(lambda r: ops.real(ops.Complex()(r, r * 2)))(Tensor(1.5)),
    ms.grad(lambda r: ops.imag(ops.Complex()(r, r * 2)))(Tensor(1.5))))
show("Complex", lambda: ops.Complex()(Tensor([1.0, 2.0]), Tensor([3.0, 4.0])))
show("Complex float64", lambda: ops.Complex()(Tensor(np.array([1.0])), Tensor(np.array([3.0]))))
show("Complex mixed", lambda: ops.Complex()(Tensor(np.array([1.0])), Tensor([3.0])))
show("Complex int", lambda: ops.Complex()(Tensor([1]), Tensor([3])))

# -- squeeze's axis, an optimizer's gradients ----------------------------------------------------------
x3 = Tensor(np.ones((1, 3, 1), np.float32))
for axis in ((0, 4), 4, -4, 1.2, 1, (0, 2)):
    show(f"squeeze {axis}", lambda: x3.squeeze(axis))
show("ops.squeeze 4", lambda: ops.squeeze(x3, 4))
weights = [ms.Parameter(Tensor(np.ones([1, 2, 3]).astype(np.float32)), name="p1"),
           ms.Parameter(Tensor(np.ones([1, 2, 3]).astype(np.float32)), name="p2")]
show("Adam given a Tensor", lambda: ms.nn.Adam(weights, learning_rate=1e-3)(Tensor(np.zeros([1, 2, 3]))))
show("Adam given too few", lambda: ms.nn.Adam(weights, learning_rate=1e-3)((Tensor(np.zeros([1, 2, 3], np.float32)),)))

# -- a hooked weight the output does not depend on: its hook still runs, with a zero gradient ------
_hook_calls = []


def _recording(name):
    def hook(grad):
        _hook_calls.append((name, grad.asnumpy().tolist()))
    return hook


class _TwoWeights(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.w1 = ms.Parameter(Tensor(np.array([1.0, 2.0, 3.0]), ms.float32), name="w1")
        self.w2 = ms.Parameter(Tensor(np.array([1.0, 2.0, 3.0]), ms.float32), name="w2")
        self.w1.register_hook(_recording("w1"))
        self.w2.register_hook(_recording("w2"))

    def construct(self, v):
        y = v * self.w1
        unused = v * self.w2  # noqa: F841
        return y * self.w1


def _hooks_of_unused_weight():
    net = _TwoWeights()
    grads = ops.GradOperation(get_by_list=True)(net, ms.ParameterTuple(net.trainable_params()))(
        Tensor(np.array([1.0, 2.0, 3.0]), ms.float32))
    return grads, sorted(_hook_calls)


show("hook of a weight the output does not use", _hooks_of_unused_weight)

# -- the modified Bessel functions' derivatives (MindSpore's bprops) ----------------------------------
_points = Tensor(np.array([4.0, 1.0, 0.0, -1.5, 1e-3]).astype(np.float32))
for _name in ("BesselI0", "BesselI1", "BesselI0e", "BesselI1e"):
    show(f"{_name} grad", lambda: ms.grad(lambda v: getattr(ops, _name)()(v))(_points))
    show(f"{_name} second grad", lambda: ms.grad(ms.grad(lambda v: getattr(ops, _name)()(v)))(
        Tensor(np.array([4.0, 1.0, -1.5]).astype(np.float32))))
