"""MindSpore 2.10's PyNative autograd, Cell hooks and buffers, and a few inner operators, as its
own tests (tests/st/pynative, tests/st/nn) use them.

Prints `label -> result` lines; the same script runs unchanged on msjax in
tests/transforms/test_pynative_autograd_golden.py. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/pynative_autograd_probe.py \
        | grep -- " -> " > tests/goldens/transforms/pynative_autograd_probe.out
"""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, _no_grad, context, jit, nn, ops
from mindspore.ops import GradOperation

warnings.simplefilter("ignore")


def show(label, f):
    try:
        result = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | " + " / ".join(
            line.strip() for line in str(e).strip().split("\n\n----")[0].splitlines())
    print(f"{label} -> {result}")


def values(x):
    if isinstance(x, (tuple, list)):
        return [values(v) for v in x]
    if x is None:
        return None
    if isinstance(x, Tensor):
        return np.round(x.asnumpy().astype(np.float64), 4).tolist()
    return x


x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([1.0, 2.0], np.float32))


# -- one Tensor passed at several places is one variable of the gradient ----------------------
def f2(a, b):
    return (a * a * b).sum()


def f3(a, b, c):
    return (a * b * c).sum()


show("same object all", lambda: values(GradOperation(get_all=True)(f2)(x, x)))
show("same object first", lambda: values(GradOperation()(f2)(x, x)))
show("same object position 1", lambda: values(ms.grad(f2, grad_position=1)(x, x)))
show("equal objects", lambda: values(ms.grad(f2, grad_position=(0, 1))(x, y)))
show("same object of three", lambda: values(ms.grad(f3, grad_position=(0, 1, 2))(x, x, y)))
show("same object in a tuple", lambda: values(
    ms.grad(lambda t, b: (t[0] * b).sum(), grad_position=(0, 1))((x,), x)))
show("same object through jit", lambda: values(ms.grad(jit(f2), grad_position=(0, 1))(x, x)))


# -- _no_grad: what is computed inside carries no gradient -------------------------------------
class NoGradNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor([5.0], ms.float32), name="w")
        self.b = Parameter(Tensor([5.0], ms.float32), name="b")

    def construct(self, v):
        y1 = self.w * v + self.b
        with _no_grad():
            m = y1 * self.w
        return m * y1


class NestedNoGrad(nn.Cell):
    def __init__(self):
        super().__init__()
        self.network = NoGradNet()

    def construct(self, v):
        y1 = v * v
        with _no_grad():
            z = self.network(y1)
        return y1 + z


class DecoratedNoGrad(nn.Cell):
    @_no_grad()
    def construct(self, v):
        return v * v + v


@jit
def jit_add(a, b):
    return a + b


def add_without_grad(a, b):
    with _no_grad():
        return jit_add(a, b)


two = Tensor([2.0], ms.float32)
show("no_grad block", lambda: values(ops.grad(NoGradNet())(two)))
show("no_grad nested Cell", lambda: values(ops.grad(NestedNoGrad())(two)))
show("no_grad decorator", lambda: values(ops.grad(lambda v: DecoratedNoGrad()(v) + v)(two)))
show("no_grad jit then grad", lambda: values([ops.grad(add_without_grad)(x, y),
                                              ops.grad(lambda a, b: jit_add(a, b))(x, y)]))


# -- forward hooks: prepend, with_kwargs, always_call, checks ----------------------------------
class KwargsNet(nn.Cell):
    def construct(self, v, bias=None):
        return v * v + (0 if bias is None else bias)


def hooks_with_kwargs():
    net, seen = KwargsNet(), []

    def pre_kwargs(cell, args, kwargs):
        seen.append(sorted(kwargs))
        return args, {"bias": kwargs["bias"] * 2}

    def pre_args(cell, args):
        return args[0] + 1.0

    h1 = net.register_forward_pre_hook(pre_kwargs, with_kwargs=True)
    net.register_forward_pre_hook(pre_args, prepend=True)
    first = net(two, bias=Tensor(3.0))
    h1.remove()
    second = net(two, bias=Tensor(3.0))
    return values([first, second]), seen


def forward_hooks_with_kwargs():
    net = KwargsNet()
    order = []
    net.register_forward_hook(lambda c, a, k, o: order.append("kwargs") or o + k["bias"],
                              with_kwargs=True)
    net.register_forward_hook(lambda c, a, o: order.append("first") or o + a[0], prepend=True)
    return values(net(two, bias=Tensor(3.0))), order


class Failing(nn.Cell):
    def construct(self, v):
        raise ValueError("construct failed")


def always_called():
    net, seen = Failing(), []
    net.register_forward_hook(lambda c, a, o: seen.append(("always", o)), always_call=True)
    net.register_forward_hook(lambda c, a, o: seen.append("plain"))
    try:
        net(two)
    except ValueError as e:
        return str(e), seen
    return "no error", seen


@jit
def jit_hook(cell, inputs, output):
    return output


show("pre hook with kwargs", hooks_with_kwargs)
show("forward hook with kwargs and prepend", forward_hooks_with_kwargs)
show("always_call hook after an error", always_called)
show("pre hook with kwargs bad return", lambda: KwargsNet().register_forward_pre_hook(
    lambda c, a, k: a, with_kwargs=True) and values(KwargsNet()(two)))


def bad_return():
    net = KwargsNet()
    net.register_forward_pre_hook(lambda c, a, k: (a,), with_kwargs=True)
    return values(net(two))


show("pre hook with kwargs returns one value", bad_return)
show("hook not callable", lambda: nn.ReLU().register_forward_pre_hook("Test"))
show("jit pre hook", lambda: nn.ReLU().register_forward_pre_hook(jit_hook))
show("jit forward hook", lambda: nn.ReLU().register_forward_hook(jit_hook))
show("jit backward hook", lambda: nn.ReLU().register_backward_hook(jit_hook))


class WithBprop(nn.Cell):
    def construct(self, v):
        return v

    def bprop(self, v, out, dout):
        return (dout * 2,)


def forward_hook_on_bprop_cell():
    net, seen = WithBprop(), []
    handle = net.register_forward_hook(lambda c, a, o: seen.append("hook"))
    net(two)
    handle.remove()
    return seen


show("forward hook on a bprop Cell", forward_hook_on_bprop_cell)
show("bprop Cell returns its input", lambda: WithBprop()(two) is two)
show("bprop Cell set_grad returns a new Tensor", lambda: WithBprop().set_grad()(two) is two)


# -- backward hooks when only weights are differentiated ---------------------------------------
class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 2, 2, weight_init="ones", pad_mode="valid")

    def construct(self, v):
        return self.conv(v) * 2


def backward_hook_calls():
    net, seen = ConvNet(), []
    net.conv.register_backward_hook(lambda c, gi, go: seen.append(
        ("hook", [None if g is None else list(g.shape) for g in gi], [list(g.shape) for g in go])))
    net.conv.register_backward_pre_hook(lambda c, go: seen.append(
        ("pre", [list(g.shape) for g in go])))
    inputs = Tensor(np.ones([2, 2, 2, 2], np.float32))
    GradOperation(get_by_list=True)(net, ParameterTuple(net.trainable_params()))(inputs)
    GradOperation()(net)(inputs)
    return seen


show("backward hooks by weights then inputs", backward_hook_calls)


# -- PyNative GradOperation of a Cell's own weights: those read, in first-read order -----------
class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.param = Parameter(Tensor(0.5, ms.float32), name="inner")

    def construct(self, v):
        return v / self.param


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.net = Inner()
        self.param = Parameter(Tensor(0.25, ms.float32), name="outer")
        self.b = Parameter(Tensor(3.0, ms.float32), name="b")
        self.unused = Parameter(Tensor(7.0, ms.float32), name="unused")

    def construct(self, v):
        return self.b * self.b + self.param * self.net(v)


show("weights by first read", lambda: values(GradOperation(get_by_list=True)(Outer())(
    Tensor(1.0))))
show("weights by first read with inputs", lambda: values(GradOperation(
    get_all=True, get_by_list=True)(Outer())(Tensor(1.0))))
show("weights given", lambda: values(GradOperation(get_by_list=True)(
    Outer(), ParameterTuple(Outer().trainable_params()))(Tensor(1.0))))


# -- a loop on tensors in a jit function, differentiated ----------------------------------------
class WhileNet(nn.Cell):
    @jit
    def construct(self, a, b):
        while a < b:
            a = a * a + 1
        return a


show("grad of a jit while loop", lambda: values(GradOperation(get_all=True)(WhileNet())(
    Tensor([2.0], ms.float32), Tensor([2.0], ms.float32))))
show("grad of a jit while loop that runs", lambda: values(GradOperation(get_all=True)(
    WhileNet())(Tensor([1.5], ms.float32), Tensor([5.0], ms.float32))))


# -- vjp_fn: the forward pass's state writes happen once (twice in PyNative for two calls) -----
class BatchNormNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scale = Parameter(Tensor(np.ones([2], np.float32)), name="scale")
        self.bias = Parameter(Tensor(np.ones([2], np.float32)), name="bias")
        self.mean = Parameter(Tensor(np.ones([2], np.float32)), name="mean")
        self.variance = Parameter(Tensor(np.ones([2], np.float32)), name="variance")
        self.batch_norm = ops.BatchNorm(is_training=True)

    def construct(self, v):
        out = self.batch_norm(v, self.scale, self.bias, self.mean, self.variance)
        return out[0], ops.relu(out[0])


class VjpTwice(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, v):
        outputs, vjp_fn = ops.vjp(self.net, v)
        a = vjp_fn((ops.ones_like(outputs[0]), ops.zeros_like(outputs[1])))
        b = vjp_fn((ops.zeros_like(outputs[0]), ops.ones_like(outputs[1])))
        return a, b


def vjp_state(mode):
    context.set_context(mode=mode)
    try:
        net = BatchNormNet()
        VjpTwice(net)(Tensor(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32)))
        return values([net.mean.value(), net.variance.value()])
    finally:
        context.set_context(mode=context.PYNATIVE_MODE)


show("vjp state writes graph", lambda: vjp_state(context.GRAPH_MODE))
show("vjp state writes pynative", lambda: vjp_state(context.PYNATIVE_MODE))


# -- Cell buffers ------------------------------------------------------------------------------
class Sub(nn.Cell):
    def __init__(self):
        super().__init__()
        self.register_buffer("buffer_1", Tensor([1, 2, 3]))
        self.dense = nn.Dense(2, 2)


class Top(nn.Cell):
    def __init__(self):
        super().__init__()
        self.sub_net = Sub()
        self.register_buffer("top", Tensor([4.0]))
        self.plain = 3


top = Top()
show("get_buffer nested", lambda: values(top.get_buffer("sub_net.buffer_1")))
show("get_buffer own", lambda: values(top.get_buffer("top")))
show("get_buffer not a buffer", lambda: top.get_buffer("plain"))
show("get_buffer missing", lambda: top.get_buffer("sub_net.nothing"))
show("get_buffer missing cell", lambda: top.get_buffer("nothing.buffer_1"))
show("get_buffer through a non-Cell", lambda: top.get_buffer("plain.x"))
show("get_sub_cell", lambda: type(top.get_sub_cell("sub_net.dense")).__name__)
show("get_sub_cell empty", lambda: top.get_sub_cell("") is top)
show("register_buffer int name", lambda: Top().register_buffer(2, Tensor([1])))
show("register_buffer dotted", lambda: Top().register_buffer("a.b", Tensor([1])))
show("register_buffer empty", lambda: Top().register_buffer("", Tensor([1])))
show("register_buffer attribute", lambda: Top().register_buffer("plain", Tensor([1])))
show("register_buffer not a Tensor", lambda: Top().register_buffer("c", [1]))


# -- operators -----------------------------------------------------------------------------------
a23 = Tensor(np.ones((2, 3), np.float32))
b23 = Tensor(np.arange(6).reshape(2, 3).astype(np.float32))
for label, fn in [("tuple + Tensor", lambda: (a23, b23) + a23),
                  ("Tensor + tuple", lambda: a23 + (b23, b23)),
                  ("list + Tensor", lambda: [1.0, 2.0, 3.0] + a23),
                  ("tuple of ints - Tensor", lambda: (1, 2, 3) - a23),
                  ("Tensor - list", lambda: a23 - [1, 2, 3])]:
    show(label, lambda fn=fn: (fn().shape, str(fn().dtype), values(fn())))

np.random.seed(0)
x5 = Tensor(np.random.randn(1, 2, 4, 5, 6).astype(np.float32))
for label, kwargs in [("MaxPool3d indices dilated", dict(
        kernel_size=2, stride=1, pad_mode="pad", padding=1, dilation=2, return_indices=True)),
        ("MaxPool3d indices ceil", dict(kernel_size=(2, 3, 2), stride=(2, 1, 2), pad_mode="pad",
                                        padding=(1, 0, 1), return_indices=True, ceil_mode=True))]:
    show(label, lambda kwargs=kwargs: [
        (o.shape, str(o.dtype), float(np.round(o.asnumpy().astype(np.float64).sum(), 3)))
        for o in nn.MaxPool3d(**kwargs)(x5)] + [
        nn.MaxPool3d(**kwargs)(x5)[1].asnumpy().ravel()[:12].tolist()])
show("max_pool3d indices", lambda: ops.max_pool3d(x5, 2, 1, 1, 2, return_indices=True)[1]
     .asnumpy().ravel()[:12].tolist())
show("MaxPool3d indices needs pad", lambda: nn.MaxPool3d(kernel_size=2, return_indices=True))

a345 = Tensor(np.arange(60).reshape(3, 4, 5), ms.float32)
show("getitem float index", lambda: a345[Tensor([1.5], ms.float32)])
show("getitem float index in tuple", lambda: a345[0, Tensor([1.0], ms.float64)])


def set_float(index):
    b = a345.copy()
    b[index] = 1.0
    return b


show("setitem float16 index", lambda: set_float(Tensor([1], ms.float16)))
show("setitem float32 index", lambda: set_float(Tensor([1], ms.float32)))
show("setitem float index in tuple", lambda: set_float((0, Tensor([1.0], ms.float32))))


# -- inner operators MindSpore's tests import ------------------------------------------------------
from mindspore.hal.contiguous_tensors_handle import combine_tensor_list_contiguous  # noqa: E402
from mindspore.ops.auto_generate import contiguous  # noqa: E402
from mindspore.ops.function.array_func import arg_max_with_value_, arg_min_with_value_  # noqa: E402
from mindspore.ops.operations._sequence_ops import (  # noqa: E402
    ListToTensor, TensorToList, TensorToScalar, TensorToTuple, TupleToTensor)

show("contiguous of a transpose", lambda: values(contiguous(ops.transpose(b23, (1, 0)))))
show("arg_max_with_value_", lambda: values(arg_max_with_value_(Tensor([0.0, 0.4, 0.7, 0.1]))))
show("arg_min_with_value_", lambda: values(arg_min_with_value_(Tensor([0.3, 0.4, 0.0, 0.1]))))
show("TupleToTensor", lambda: repr(TupleToTensor()((1, 2, 3), ms.int64)))
show("TupleToTensor range", lambda: repr(TupleToTensor()(range(3), ms.float32)))
show("TupleToTensor with None", lambda: TupleToTensor()((1, None), ms.int32))
show("ListToTensor", lambda: repr(ListToTensor()([1.5, 2], ms.float32)))
show("ListToTensor of a tuple", lambda: ListToTensor()((1, 2), ms.int32))
show("TensorToTuple", lambda: TensorToTuple()(x))
show("TensorToTuple 0-d", lambda: TensorToTuple()(Tensor(3)))
show("TensorToTuple 2-d", lambda: TensorToTuple()(Tensor(np.ones((2, 2)))))
show("TensorToList", lambda: (TensorToList()(x), TensorToList()(Tensor(3))))
show("TensorToScalar", lambda: (TensorToScalar()(Tensor([5])), TensorToScalar()(Tensor(2.5)),
                                TensorToScalar()(x)))

x3 = Tensor(np.array([1, 2, 3]).astype(np.float32))
y22 = Tensor(np.array([[4, 5], [6, 7]]).astype(np.float32))
handle = combine_tensor_list_contiguous([x3, y22], True)
show("handle sizes", lambda: (handle.before_padding_sizes, handle.after_padding_sizes,
                              handle.total_padding_size, handle.handle_shape))
show("handle str", lambda: str(handle).replace("\n", "|"))
show("handle slices", lambda: values([handle[2], handle[1:5], handle.slice_by_tensor_index(1),
                                      handle.slice_by_tensor_index(0, 2),
                                      handle.slice_by_tensor_index()]))
show("handle index -1", lambda: handle[-1])
show("handle index 8", lambda: handle[8])
show("handle empty slice", lambda: handle[3:2])
show("handle string index", lambda: handle["a"])
show("handle tensor index 2", lambda: handle.slice_by_tensor_index(2))
show("handle of a Tensor", lambda: combine_tensor_list_contiguous(x3))
show("handle of a number", lambda: combine_tensor_list_contiguous([x3, 1]))
show("handle align not bool", lambda: combine_tensor_list_contiguous([x3], 1))
x3[0] = 10
show("handle after a write", lambda: values(handle[0:2]))
mixed = combine_tensor_list_contiguous([x3, Tensor(np.array([1, 2], np.int32))], True)
show("handle mixed dtypes", lambda: (mixed.handle_shape, values(mixed.slice_by_tensor_index(1)),
                                     mixed[0:5].asnumpy().tolist()))


# -- mixed precision "auto": the promote list ------------------------------------------------------
def amp_dtypes(fn, *inputs):
    return str(ms.amp.auto_mixed_precision(fn, "auto")(*inputs).dtype)


h16 = Tensor([1.0, 2.0], ms.float16)
h32 = Tensor([3.0, 4.0], ms.float32)
# (all Float16 calls first: after a call that promoted, MindSpore 2.10's later "auto" calls
# give Float32 even on Float16 inputs, which msjax does not reproduce)
show("amp Float16 inputs", lambda: (amp_dtypes(lambda a, b: ops.addn([a, b, a]), h16, h16),
                                    amp_dtypes(lambda a, b: ops.concat([a, b]), h16, h16),
                                    amp_dtypes(lambda a, b: a + b, h16, h16)))
show("amp addn promoted", lambda: amp_dtypes(lambda a, b: ops.addn([a, b, a]), h16, h32))
show("amp concat promoted", lambda: amp_dtypes(lambda a, b: ops.concat((a, b)), h16, h32))
show("amp addcmul promoted", lambda: amp_dtypes(lambda a, b: ops.addcmul(a, b, a), h16, h32))
show("amp bias_add promoted", lambda: amp_dtypes(
    lambda a, b: ops.bias_add(a, b), Tensor(np.ones((2, 2), np.float16)), h32))
