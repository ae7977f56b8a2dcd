"""MindSpore 2.10 behaviour of more names real MindSpore code uses (Cell methods, composite
helpers, Tensor methods, learning-rate helpers), printed `label -> RESULT` as in
used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe2.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe2.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from mindspore.common.initializer import Initializer, Normal, One, initializer
from mindspore.ops import composite as C
from mindspore.ops import functional as F
from mindspore.ops import operations as P


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


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        self.bn = nn.BatchNorm1d(2)

    def construct(self, x):
        return self.bn(self.dense(x))


net = Net()
x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))

# -- Cell methods ----------------------------------------------------------------------------------
show("to_float returns the cell", lambda: net.to_float(ms.float16) is net)
show("to_float output dtype", lambda: nn.Dense(3, 2).to_float(ms.float16)(x).dtype)
show("set_grad returns the cell", lambda: net.set_grad() is net)
show("set_grad requires_grad", lambda: (net.set_grad(True).requires_grad,
                                        net.set_grad(False).requires_grad))
show("name_cells", lambda: list(net.name_cells().keys()))
show("parameters_dict", lambda: list(net.parameters_dict().keys()))
show("untrainable_params", lambda: [p.name for p in net.untrainable_params()])
show("add_flags", lambda: (net.add_flags(defer_inline=True) is None,
                           getattr(net, "defer_inline", None)))
show("add_flags_recursive", lambda: (net.add_flags_recursive(fp16=True) is None,
                                     net.dense.fp16, net.bn.fp16))
show("apply", lambda: [type(c).__name__ for c in [] if net.apply(lambda c: c.set_train(True))]
     or net.dense.training)
show("phase", lambda: net.phase)
show("cls_name", lambda: net.cls_name)
show("get_inputs", lambda: net.get_inputs())
show("set_inputs then get_inputs", lambda: (net.set_inputs(Tensor(shape=[None, 3],
                                                                   dtype=ms.float32)),
                                            len(net.get_inputs()))[1])
show("init_parameters_data", lambda: [p.name for p in net.init_parameters_data().values()][:2])
show("insert_child_to_cell", lambda: (net.insert_child_to_cell("extra", nn.ReLU()),
                                      list(net.name_cells().keys()))[1])
show("update_parameters_name", lambda: (net.update_parameters_name("net."),
                                        [p.name for p in net.trainable_params()])[1])
show("recompute", lambda: nn.Dense(2, 2).recompute() is None)

# -- composite, functional, Primitives ---------------------------------------------------------------
add_graph = C.MultitypeFuncGraph("add_graph")


@add_graph.register("Tensor", "Tensor")
def _add_tensors(a, b):
    return a + b


@add_graph.register("Number", "Number")
def _add_numbers(a, b):
    return a * 10 + b


show("MultitypeFuncGraph tensors", lambda: add_graph(x, x))
show("MultitypeFuncGraph numbers", lambda: add_graph(1, 2))
show("HyperMap", lambda: C.HyperMap()(add_graph, (x, Tensor([1.0])), (x, Tensor([2.0]))))
show("Map", lambda: C.Map()(lambda a: a * 2, [1, 2]))
show("depend", lambda: F.depend(x, Tensor([0.0])))
show("ops.depend", lambda: ops.depend(Tensor([1.0]), x))
show("Depend", lambda: P.Depend()(Tensor([1.0]), x))
w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")
show("Assign", lambda: (P.Assign()(w, Tensor(np.array([3.0, 4.0], np.float32))), w)[1])
show("AssignAdd", lambda: (P.AssignAdd()(w, Tensor(np.array([1.0, 1.0], np.float32))), w)[1])
show("ops.Assign", lambda: (ops.Assign()(w, Tensor(np.array([0.5, 0.5], np.float32))), w)[1])
show("assign_value", lambda: (w.assign_value(Tensor(np.array([7.0, 8.0], np.float32))), w)[1])

# -- Tensor methods -------------------------------------------------------------------------------
show("Tensor.resize", lambda: Tensor(np.arange(4, dtype=np.float32)).resize(2, 3))
show("Tensor.to", lambda: x.to(ms.float16))
show("Tensor.copy_", lambda: Tensor(np.zeros(3, np.float32)).copy_(Tensor([1.0, 2.0, 3.0])))
show("Tensor.scatter", lambda: Tensor(np.zeros((2, 3), np.float32)).scatter(
    1, Tensor(np.array([[0], [2]], np.int64)), Tensor(np.ones((2, 1), np.float32))))
show("Tensor.is_complex", lambda: (x.is_complex(), Tensor(np.array([1j])).is_complex()))
show("Tensor.masked_select", lambda: x.masked_select(x > 2))
show("Tensor.inverse", lambda: Tensor(np.array([[2.0, 0.0], [0.0, 4.0]], np.float32)).inverse())
show("Tensor.repeat_interleave", lambda: Tensor([1, 2]).repeat_interleave(2))
show("Tensor.narrow", lambda: x.narrow(1, 1, 2))
show("Tensor.new_ones", lambda: x.new_ones((2,)))
show("Tensor.view_as", lambda: Tensor(np.arange(6, dtype=np.float32)).view_as(x))
show("Tensor.tensor_split", lambda: Tensor(np.arange(5)).tensor_split(2))
show("Tensor.clamp", lambda: x.clamp(1, 4))
show("Tensor.bmm", lambda: Tensor(np.ones((1, 2, 3), np.float32)).bmm(
    Tensor(np.ones((1, 3, 1), np.float32))))

# -- initializers, learning rates, constants --------------------------------------------------------
show("Initializer subclass", lambda: isinstance(Normal(), Initializer))
show("initializer One", lambda: initializer(One(), (2,), ms.float32))
show("piecewise_constant_lr", lambda: nn.piecewise_constant_lr([2, 5], [0.1, 0.05]))
show("exponential_decay_lr", lambda: nn.exponential_decay_lr(0.1, 0.9, 4, 1, 2))
show("cosine_decay_lr", lambda: nn.cosine_decay_lr(0.01, 0.1, 4, 2, 2))
show("warmup_lr", lambda: nn.dynamic_lr.warmup_lr(0.1, 4, 2, 2))
show("polynomial_decay_lr", lambda: nn.polynomial_decay_lr(0.1, 0.01, 4, 2, 2, 0.5))
show("PolynomialDecayLR", lambda: nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5)(Tensor(2, ms.int32)))
show("LearningRateSchedule subclass", lambda: issubclass(nn.PolynomialDecayLR,
                                                         nn.learning_rate_schedule.LearningRateSchedule))
show("ParallelMode", lambda: (ms.ParallelMode.STAND_ALONE, ms.ParallelMode.SEMI_AUTO_PARALLEL,
                              ms.ParallelMode.AUTO_PARALLEL, ms.ParallelMode.HYBRID_PARALLEL))
show("L1Loss", lambda: nn.L1Loss()(x, Tensor(np.zeros((2, 3), np.float32))))
show("BCELoss", lambda: nn.BCELoss(reduction="mean")(Tensor([0.2, 0.7]), Tensor([0.0, 1.0])))
show("HSigmoid", lambda: nn.HSigmoid()(Tensor([-4.0, 0.0, 1.0])))
show("LogSigmoid", lambda: nn.LogSigmoid()(Tensor([0.0, 1.0])))
show("SeLU", lambda: nn.SeLU()(Tensor([-1.0, 1.0])))
show("Hardtanh", lambda: nn.Hardtanh()(Tensor([-2.0, 0.5, 2.0])))


@ms.jit_class
class Counter:
    def __init__(self):
        self.scale = 3

    def times(self, t):
        return t * self.scale


show("jit_class", lambda: Counter().times(Tensor([1.0, 2.0])))
