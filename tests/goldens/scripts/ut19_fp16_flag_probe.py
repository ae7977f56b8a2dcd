"""MindSpore 2.10's mixed-precision flags set by `Cell.add_flags`/`add_flags_recursive` (`fp16`,
`bf16`, `fp32`), as `amp` and MindSpore's tests set them without `to_float`: a flagged Cell
casts its float inputs, its own Parameters' values and its float Tensor attributes to that type
on each call (the Parameters, attributes and gradients stay float32), in PyNative and graph
mode; a false flag changes nothing. Not probed, where MindSpore's two modes differ and msjax
does as its graph mode: a Cell flagged alone, its sub-Cells not (PyNative casts the sub-Cells'
Parameters too, graph mode refuses the mixed dtypes), and Tensors made inside construct
(PyNative casts every op's inputs, graph mode leaves them).
Golden: tests/goldens/nn/ut19_fp16_flag_probe.out (tests/nn/test_fp16_flag.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter, ParameterTuple
from mindspore.ops import composite as C


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).splitlines()[0] if str(e) else "")


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(2, 2, kernel_size=3, pad_mode="same", has_bias=False,
                               weight_init="ones")
        self.act_layer = nn.PReLU(2)

    def construct(self, x):
        return self.act_layer(self.conv1(x))


class ParamGrad(nn.Cell):
    def __init__(self, network):
        super().__init__(auto_prefix=False)
        self.network = network
        self.weights = ParameterTuple(network.trainable_params())
        self.grad = C.GradOperation(get_by_list=True, sens_param=True)

    def construct(self, data, sens):
        return self.grad(self.network, self.weights)(data, sens)


class Constants(nn.Cell):
    """A Tensor attribute and a Parameter beside the input: all three cast in a flagged Cell."""

    def __init__(self):
        super().__init__()
        self.concat = ops.Concat()
        self.const = Tensor(np.full([1, 2], 0.5, np.float32))
        self.weight = Parameter(Tensor(np.ones([1, 2], np.float32)), name="weight")

    def construct(self, x):
        return self.concat((x, self.const, self.weight)), x + self.const


def summary(t):
    return (str(t.dtype), t.shape, np.round(t.asnumpy().astype(np.float64), 2).ravel()[:8].tolist())


x16 = Tensor(np.linspace(-1, 1, 36).reshape(2, 2, 3, 3).astype(np.float16))
x32 = Tensor(np.linspace(-1, 1, 36).reshape(2, 2, 3, 3).astype(np.float32))
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    net = Block().add_flags_recursive(fp16=True)
    show(f"{name} fp16 forward of float32 input", lambda: summary(net(x32)))
    grad = ParamGrad(net)
    grad.set_train()
    show(f"{name} fp16 grads", lambda: [summary(g) for g in grad(x16, Tensor(np.ones((2, 2, 3, 3), np.float16)))])
    show(f"{name} weights stay", lambda: (str(net.conv1.weight.dtype), str(net.act_layer.w.dtype)))
    show(f"{name} fp32 flag of float16 input", lambda: summary(Block().add_flags_recursive(fp32=True)(x16)))
    show(f"{name} false flag", lambda: summary(Block().add_flags_recursive(fp16=False)(x32)))
    constants = Constants().add_flags_recursive(fp16=True)
    show(f"{name} Tensor attribute cast", lambda: [summary(o) for o in constants(x32[0, 0, :1, :2])])
    show(f"{name} Tensor attribute kept", lambda: str(constants.const.dtype))
    show(f"{name} flags", lambda: sorted(Block().add_flags(fp16=True, fp32=False).get_flags().items()))
