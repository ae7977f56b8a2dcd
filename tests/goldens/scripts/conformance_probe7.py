"""MindSpore 2.10 behaviour of gradient hooks and small PyNative helpers (issue #25):
`Tensor.register_hook` / `Parameter.register_hook` (intermediate Tensors, grad's inputs and
weights, several hooks, removal, the in-place rule, the errors), `ops.InsertGradientOf`,
`ops.make_tuple`, `Primitive.set_user_data`, `Tensor.new_zeros/new_ones`; printed
`label -> RESULT` as in used_names_probe.py. tests/api/test_conformance_golden.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe7.py \
        | grep -- " -> " > tests/goldens/api/conformance_probe7.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE)


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 4).tolist()}"
    if isinstance(v, (tuple, list)):
        return type(v).__name__ + "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


seen = []


def double(grad):
    seen.append(("double", grad.asnumpy().tolist()))
    return grad * 2


def triple(grad):
    seen.append(("triple", grad.asnumpy().tolist()))
    return grad * 3


def watch(grad):
    seen.append(("watch", grad.asnumpy().tolist()))


def inner(x, y):
    z = x * y
    z.register_hook(double)
    z.register_hook(triple)
    return z * y


x = Tensor(np.array([1.0, 2.0, 3.0]), ms.float32)
y = Tensor(np.array([1.0, 2.0, 3.0]), ms.float32)
show("intermediate hooks", lambda: ms.grad(inner, grad_position=(0, 1))(x, y))
show("intermediate hooks saw", lambda: seen)
seen.clear()


def removed_before_backward(x):
    a, b = ops.split(x, 2)
    a.register_hook(double)
    handle = a.register_hook(triple)
    b.register_hook(watch)
    counts = (len(a.hooks()), len(b.hooks()))
    handle.remove()
    seen.append(("counts", counts, len(a.hooks())))
    return a + b


show("removed before backward", lambda: ms.grad(removed_before_backward)(
    Tensor(np.arange(4).astype(np.float32))))
show("removed before backward saw", lambda: sorted(seen, key=repr))  # (two Tensors' order)
seen.clear()


def in_place(x):
    y = x * x
    y.register_hook(double)
    y.add_(2.0)
    seen.append(("after add_", len(y.hooks())))
    y.register_hook(triple)
    return y + 1.0


show("in-place rule", lambda: ms.grad(in_place)(Tensor([1.0, 2.0], ms.float32)))
seen.clear()
leaf = Tensor([1.0, 2.0], ms.float32)
leaf_handle = leaf.register_hook(double)
show("leaf hook", lambda: (ms.grad(lambda t: ops.relu(t * t).sum())(leaf), len(leaf.hooks())))
leaf_handle.remove()
show("leaf hook removed", lambda: (ms.grad(lambda t: (t * t).sum())(leaf), leaf.hooks()))
leaf_handle.remove()


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w1 = Parameter(Tensor(np.array([1.0, 2.0, 3.0]), ms.float32), name="w1")
        self.w2 = Parameter(Tensor(np.array([1.0, 2.0, 3.0]), ms.float32), name="w2")
        self.h1 = self.w1.register_hook(double)

    def construct(self, x):
        return x * self.w1 + x * self.w2


net = Net()
weights = ParameterTuple(net.trainable_params())
show("weight hook", lambda: ops.GradOperation(get_by_list=True)(net, weights)(x))
net.h1.remove()
show("weight hook removed", lambda: ops.GradOperation(get_by_list=True)(net, weights)(x))
show("hook not callable", lambda: x.register_hook(1))
show("hook on a frozen Parameter", lambda: Parameter(Tensor([1.0]), requires_grad=False)
     .register_hook(double))
seen.clear()


def doubled(dx):
    seen.append(("dx", dx.asnumpy().tolist()))
    return dx * 2


class Insert(nn.Cell):
    def __init__(self):
        super().__init__()
        self.insert = ops.InsertGradientOf(doubled)

    def construct(self, x):
        y = self.insert(x * x)
        return y * y


show("InsertGradientOf", lambda: ms.grad(Insert())(Tensor([2.0], ms.float32)))
show("InsertGradientOf saw", lambda: seen)
show("InsertGradientOf attrs", lambda: sorted(ops.InsertGradientOf(doubled).attrs))
show("make_tuple", lambda: ops.make_tuple(Tensor([1.0]), 2, 1.5))
cast = ops.Cast()
cast.set_user_data("key", Tensor([1.0, 2.0]))
show("user data", lambda: cast.get_user_data("key"))
show("new_zeros new_ones", lambda: (Tensor([1], ms.int32).new_zeros((2,), ms.float32),
                                    Tensor([1], ms.int32).new_ones((1, 2))))


class JitBprop(nn.Cell):
    def construct(self, x, y):
        return 2 * x * x + y * y

    @ms.jit
    def bprop(self, x, y, out, dout):
        return dout, 2 * y


ones = Tensor(np.ones((2, 2), np.float32))
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"bprop under @jit {name}", lambda: ops.GradOperation(get_all=True)(JitBprop())(ones, ones))
ms.set_context(mode=ms.PYNATIVE_MODE)

# -- ops.function.grad.grad_func.custom_vjp ------------------------------------------------------
from mindspore.ops import operations as P  # noqa: E402
from mindspore.ops.function.grad.grad_func import custom_vjp  # noqa: E402


class MatNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.matmul = P.MatMul()
        self.z = Parameter(Tensor(np.array([1.0], np.float32)), name="z")

    def construct(self, x, y):
        return self.matmul(x * self.z, y)


@custom_vjp
def custom_fn(x, y):
    return MatNet()(x, y)


def custom_bprop(x, y, out, dout):
    return x + x, y * 3


custom_fn.defbwd(custom_bprop)


class CallsCustom(nn.Cell):
    def construct(self, a, b):
        return custom_fn(a, b) * 2


cx = Tensor([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], ms.float32)
cy = Tensor([[0.01, 0.3, 1.1], [0.1, 0.2, 1.3], [2.1, 1.2, 3.3]], ms.float32)
for mode, name in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    ms.set_context(mode=mode)
    show(f"custom_vjp grad {name}", lambda: ops.GradOperation(get_all=True)(custom_fn)(cx, cy))
    show(f"custom_vjp in a Cell {name}", lambda: ops.GradOperation(get_all=True)(CallsCustom())(cx, cy))
    show(f"custom_vjp forward {name}", lambda: custom_fn(cx, cy))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("ops.shape of a list", lambda: ops.shape([Tensor([1.0]), Tensor([2.0])]))
show("ops.shape of an int", lambda: ops.shape(1))
show("ops.shape of an ndarray", lambda: ops.shape(np.ones(2)))
cube = Tensor(np.arange(120).reshape(4, 5, 6).astype(np.float32))
show("index by an empty list", lambda: cube[[]])
show("index by all-False list", lambda: cube[[False, False, False, False]])
show("index by a list out of range", lambda: cube[[4, 2]])
show("index by a list", lambda: cube[[3, -1]][:, 0, 0])


def add_by_empty_list():
    cube[[]] += 2


def set_by_empty_list():
    cube[[]] = 1
    return cube.sum()


show("augassign by an empty list", add_by_empty_list)
show("setitem by an empty list", set_by_empty_list)
import mindspore.numpy as mnp  # noqa: E402

fx = Tensor(np.arange(-4, 4).astype(np.float32))
fy = Tensor(np.arange(8).astype(np.float32))
show("numpy gcd lcm of floats", lambda: (mnp.gcd(fx, fy), mnp.lcm(fx, fy)))
grid = Tensor(np.arange(24).reshape(2, 3, 4).astype(np.float32))
show("numpy diff prepend an array", lambda: mnp.diff(grid, 1, prepend=grid))
show("numpy diff append a scalar", lambda: mnp.diff(grid, 2, append=3.0))
rng = np.random.RandomState(0)
picks = Tensor(rng.randint(0, 5, (2, 1, 4)).astype(np.int32))
options = Tensor(rng.randint(0, 9, (3, 2, 5, 4)).astype(np.float32))
show("Tensor.choose wrap", lambda: picks.choose(options, mode="wrap"))
show("Tensor.choose clip", lambda: picks.choose(options, mode="clip"))
show("Tensor.choose other mode", lambda: picks.choose(options, mode="other"))
picks2 = Tensor(rng.randint(0, 5, (5, 3, 1, 7)).astype(np.int32))
seq = tuple(Tensor(rng.randint(0, 9, s).astype(np.int32)) for s in [(7,), (1, 3, 1), (5, 1, 1, 7)])
show("Tensor.choose a sequence", lambda: picks2.choose(seq, mode="wrap"))
show("numpy swapaxes out of range", lambda: mnp.swapaxes(mnp.ones((3, 3)), 1, 10))
import copy  # noqa: E402

show("TensorToTuple", lambda: (ops.TensorToTuple()(Tensor([1, 2, 3])),
                               ops.TensorToTuple()(Tensor(np.array([1.5, 2.0], np.float32)))))
declared = Tensor(shape=[None, 3], dtype=ms.float32)
show("deepcopy of a declared shape", lambda: repr(copy.deepcopy(declared)))
show("declared shapes", lambda: (repr(declared), repr(Tensor(shape=[None], dtype=ms.int32)),
                                 repr(Tensor(dtype=ms.float32))))


class TwoWeights(nn.Cell):
    def __init__(self, freeze_in_call=False, frozen=False):
        super().__init__()
        self.freeze_in_call = freeze_in_call
        self.p1 = Parameter(Tensor(2.0, ms.float32), name="p1")
        self.p2 = Parameter(Tensor(3.0, ms.float32), name="p2", requires_grad=not frozen)

    def construct(self, x):
        z = x * self.p1 * self.p2
        if self.freeze_in_call:
            self.p2.requires_grad = False
        return z


four = Tensor([4.0], ms.float32)
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"GradOperation get_by_list without weights {name}",
         lambda: ops.GradOperation(get_all=True, get_by_list=True)(TwoWeights(frozen=True))(four))
ms.set_context(mode=ms.PYNATIVE_MODE)
net_a = TwoWeights(freeze_in_call=True)
show("weight frozen during the call", lambda: ms.grad(net_a, weights=[net_a.p1, net_a.p2])(four))
net_b = TwoWeights(frozen=True)
show("frozen weight passed", lambda: ops.GradOperation(get_by_list=True)(net_b, [net_b.p1, net_b.p2])(four))
# last: after a kernel error, MindSpore may repeat its message in later errors
show("ops.gcd of floats", lambda: ops.gcd(fx, fy))
