"""MindSpore 2.10 behaviour of used names msjax lacked: manual_seed, initial_seed, get/set_rng_state,
Tensor.requires_grad_/H/inv/scatter_, nn.loss.loss._Loss, Cell.named_buffers/buffers/compile,
nn.optim.optimizer.opt_init_args_register and the initializer's private fan/gain helpers, printed
`label -> RESULT` as in used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged
on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe5.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe5.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from mindspore.common.initializer import (_calculate_correct_fan, _calculate_fan_in_and_fan_out,
                                          _calculate_gain)
from mindspore.nn.loss.loss import _Loss
from mindspore.nn.optim.optimizer import opt_init_args_register


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.complex128 if values.dtype.kind == "c"
                                            else np.float64), 4)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    if isinstance(v, float):
        return repr(round(v, 6))
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


show("manual_seed", lambda: type(ms.manual_seed(13)).__name__)
show("initial_seed", lambda: ms.initial_seed())
show("manual_seed bool", lambda: (type(ms.manual_seed(True)).__name__, ms.initial_seed()))
show("manual_seed negative", lambda: (type(ms.manual_seed(-3)).__name__, ms.initial_seed()))
show("manual_seed float", lambda: ms.manual_seed(1.5))
show("manual_seed str", lambda: ms.manual_seed("1"))
show("manual_seed too big", lambda: ms.manual_seed(2 ** 64))
show("manual_seed keeps get_seed", lambda: (ms.set_seed(4), ms.manual_seed(9), ms.get_seed())[2])
show("seed", lambda: (lambda s: (type(s).__name__, s == ms.initial_seed()))(ms.seed()))
ms.manual_seed(5)
state = ms.get_rng_state()
show("get_rng_state", lambda: (type(state).__name__, state.shape, state.dtype))
show("get_rng_state seed bytes", lambda: state.asnumpy()[:8].tolist())
show("set_rng_state", lambda: ms.set_rng_state(state))
show("set_rng_state seed", lambda: (ms.manual_seed(1), ms.set_rng_state(state), ms.initial_seed())[2])
show("set_rng_state from bytes", lambda: (ms.set_rng_state(Tensor(np.array(
    [9] + [0] * 15, np.uint8))), ms.initial_seed()))
show("set_rng_state int", lambda: ms.set_rng_state(3))
show("set_rng_state numpy", lambda: ms.set_rng_state(np.zeros(16, np.uint8)))
show("set_rng_state int64", lambda: ms.set_rng_state(Tensor(np.zeros(16, np.int64))))
show("set_rng_state float32", lambda: ms.set_rng_state(Tensor(np.zeros(2, np.float32))))
show("set_rng_state short", lambda: ms.set_rng_state(Tensor(np.zeros(3, np.uint8))))

weight = Parameter(Tensor(np.ones(2, np.float32)), name="weight")
show("Parameter.requires_grad_ False", lambda: (weight.requires_grad_(False), weight.requires_grad))
show("Parameter.requires_grad_", lambda: (weight.requires_grad_(), weight.requires_grad))
net = nn.Dense(2, 1)
show("requires_grad_ and trainable_params", lambda: (
    net.bias.requires_grad_(False), [p.name for p in net.trainable_params()])[1])
show("Tensor.requires_grad_", lambda: Tensor(np.ones(2, np.float32)).requires_grad_(True))

complex_matrix = Tensor(np.array([[1 + 2j, 3 - 1j], [0.5j, 2]], np.complex64))
show("Tensor.H complex", lambda: complex_matrix.H)
show("Tensor.H real", lambda: Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)).H)
show("Tensor.H int", lambda: Tensor(np.array([[1, 2], [3, 4]], np.int32)).H)
show("Tensor.H 1-D", lambda: Tensor(np.arange(3, dtype=np.float32)).H)
show("Tensor.H 3-D", lambda: Tensor(np.zeros((2, 2, 2), np.float32)).H)
show("Tensor.inv", lambda: Tensor(np.array([2.0, -4.0, 0.5], np.float32)).inv())
show("Tensor.inv zero", lambda: Tensor(np.array([0.0, -0.0], np.float32)).inv())
show("Tensor.inv int", lambda: Tensor(np.array([2, 4, 1, -1], np.int32)).inv())
show("Tensor.inv float16", lambda: Tensor(np.array([4.0], np.float16)).inv())
show("Tensor.scatter_ bad reduce", lambda: Tensor(np.ones((3, 3), np.float32)).scatter_(
    1, Tensor(np.array([[0]], np.int64)), Tensor(np.ones((1, 1), np.float32)), reduce="max"))


class AbsLoss(_Loss):
    def construct(self, logits, labels):
        return self.get_loss(ops.abs(logits - labels))


logits, labels = Tensor(np.array([1.0, -3.0], np.float32)), Tensor(np.zeros(2, np.float32))
show("_Loss mean", lambda: AbsLoss()(logits, labels))
show("_Loss sum", lambda: AbsLoss("sum")(logits, labels))
show("_Loss none", lambda: AbsLoss("none")(logits, labels))
show("_Loss weights", lambda: AbsLoss().get_loss(logits, Tensor(np.array([2.0, 0.5], np.float32))))
show("_Loss bad reduction", lambda: AbsLoss("bad"))
show("_Loss construct", lambda: _Loss()(logits, labels))
show("_Loss bases", lambda: [c.__name__ for c in _Loss.__mro__][:3])


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.register_buffer("buf_b", Tensor(np.array([1, 2, 3], np.int32)))
        self.dense = nn.Dense(2, 2)


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
        self.register_buffer("buf_a", Tensor(np.array([4.0], np.float32)))
        self.register_buffer("buf_none", None)
        self.register_buffer("transient", Tensor(np.array([5.0], np.float32)), persistent=False)


outer = Outer()
show("named_buffers", lambda: [(n, b) for n, b in outer.named_buffers()])
show("named_buffers prefix", lambda: [n for n, _ in outer.named_buffers(prefix="model")])
show("named_buffers recurse=False", lambda: [n for n, _ in outer.named_buffers(recurse=False)])
show("buffers", lambda: list(outer.buffers()))
show("buffers recurse=False", lambda: len(list(outer.buffers(recurse=False))))
show("buffers is a generator", lambda: type(outer.buffers()).__name__)
outer.again = outer.inner
show("named_buffers shared cell", lambda: [n for n, _ in outer.named_buffers()])
outer.register_buffer("alias", outer.buf_a)
show("named_buffers duplicate", lambda: [n for n, _ in outer.named_buffers()])
show("named_buffers keep duplicate", lambda: [n for n, _ in outer.named_buffers(
    remove_duplicate=False)])
show("BatchNorm buffers", lambda: [n for n, _ in nn.BatchNorm2d(2).named_buffers()])


class RecordingOptimizer(nn.Optimizer):
    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, momentum=0.9, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        self.momentum = momentum

    def construct(self, gradients):
        return gradients


dense = nn.Dense(2, 1)
show("opt_init_args_register", lambda: (lambda o: (
    [p.name for p in o.init_params["params"]], o.init_learning_rate, o.init_args))(
        RecordingOptimizer(dense.trainable_params(), momentum=0.5)))
show("opt_init_args_register Tensor lr", lambda: RecordingOptimizer(
    dense.trainable_params(), Tensor(np.array([0.25, 0.5], np.float32))).init_learning_rate)
show("opt_init_args_register schedule lr", lambda: RecordingOptimizer(
    dense.trainable_params(), nn.ExponentialDecayLR(0.1, 0.9, 4)).init_learning_rate)
show("opt_init_args_register bad args", lambda: RecordingOptimizer(
    dense.trainable_params(), 0.1, 0.9, 0.0, 5))

show("_calculate_fan_in_and_fan_out 2-D", lambda: _calculate_fan_in_and_fan_out((3, 5)))
show("_calculate_fan_in_and_fan_out conv", lambda: _calculate_fan_in_and_fan_out([8, 4, 3, 3]))
show("_calculate_fan_in_and_fan_out 1-D", lambda: _calculate_fan_in_and_fan_out((3,)))
show("_calculate_correct_fan", lambda: (_calculate_correct_fan((8, 4, 3), "fan_in"),
                                        _calculate_correct_fan((8, 4, 3), "FAN_OUT")))
show("_calculate_correct_fan bad", lambda: _calculate_correct_fan((8, 4), "fan_avg"))
show("_calculate_gain", lambda: [_calculate_gain(n) for n in (
    "linear", "conv2d", "sigmoid", "tanh", "relu", "leaky_relu")])
show("_calculate_gain leaky param", lambda: (_calculate_gain("leaky_relu", 0.2),
                                             _calculate_gain("leaky_relu", 1)))
show("_calculate_gain leaky bool", lambda: _calculate_gain("leaky_relu", True))
show("_calculate_gain unknown", lambda: _calculate_gain("selu"))

ms.set_context(mode=ms.GRAPH_MODE)
bn_net = nn.SequentialCell([nn.Dense(3, 4), nn.BatchNorm1d(4)])
for index, parameter in enumerate(bn_net.get_parameters()):
    parameter.set_data(Tensor(np.linspace(-1, 1, parameter.size, dtype=np.float32).reshape(
        parameter.shape) * (index + 1)))
bn_net.set_train(True)
batch = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 4)
show("Cell.compile", lambda: bn_net.compile(batch))
show("Cell.compile leaves statistics", lambda: bn_net[1].moving_mean)
show("Cell.compile then call", lambda: bn_net(batch))
show("Cell.compile then call statistics", lambda: bn_net[1].moving_mean)
show("Cell.compile other shape", lambda: (bn_net.compile(Tensor(np.ones((5, 3), np.float32))),
                                          bn_net(Tensor(np.ones((5, 3), np.float32))).shape))
show("Cell.compile wrong arity", lambda: nn.Dense(3, 4).compile(batch, batch))
ms.set_context(mode=ms.PYNATIVE_MODE)
