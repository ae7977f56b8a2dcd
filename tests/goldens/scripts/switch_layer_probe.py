"""Graph mode's switch_layer: `ops.functional.switch_layer(index, layers)(x)` and a tuple or
CellList of Cells indexed by a Tensor (`self.layers[i](x)`), forward and under grad (the
gradients of the inputs and of the chosen layer's Parameters), an index out of range, and
layers whose outputs do not join. (An index past the end raises at run time in MindSpore:
docs/migration.md.) Golden: tests/goldens/compiler/switch_layer.txt (MindSpore
2.10)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter, ParameterTuple
from mindspore.ops import functional as F

ms.set_context(mode=ms.GRAPH_MODE)


class Scale(nn.Cell):
    def __init__(self, v, name):
        super().__init__()
        self.z = Parameter(Tensor(np.full([3], v, dtype=np.float32)), name=name)

    def construct(self, x):
        return x * self.z


class Square(nn.Cell):
    def construct(self, x):
        return x * x


class ByFunctional(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = (Scale(0.5, "a"), Scale(2.0, "b"), Square())
        self.w = Parameter(Tensor(np.full([3], 3.0, dtype=np.float32)), name="w")

    def construct(self, index, x):
        return F.switch_layer(index, self.layers)(x) * self.w


class ByTuple(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = (Scale(0.5, "a"), Scale(2.0, "b"), Square())

    def construct(self, index, x):
        return self.layers[index](x) + 1


class ByCellList(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([Scale(0.5, "a"), Scale(2.0, "b"), Square()])

    def construct(self, index, x):
        return self.layers[index](x)


class JoinFails(nn.Cell):
    class Pair(nn.Cell):
        def construct(self, x):
            return x, x

    def __init__(self):
        super().__init__()
        self.layers = (nn.ReLU(), JoinFails.Pair())

    def construct(self, index, x):
        return self.layers[index](x)


x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))


def show(label, call):
    try:
        out = call()
        flat = out if isinstance(out, (tuple, list)) else (out,)
        print(label, "->", [np.round(o.asnumpy(), 4).tolist() for o in flat])
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).split("\n")[0])


for cls in (ByFunctional, ByTuple, ByCellList):
    for i in (0, 1, 2):
        net = cls()
        index = Tensor(i, ms.int32)
        show(f"{cls.__name__} {i} forward", lambda: net(index, x))
        show(f"{cls.__name__} {i} grad inputs",
             lambda: ops.GradOperation(get_all=True)(net)(index, x)[1:])
        show(f"{cls.__name__} {i} grad weights",
             lambda: ops.GradOperation(get_by_list=True)(net, ParameterTuple(net.trainable_params()))(index, x))
show("ByTuple -1 forward", lambda: ByTuple()(Tensor(-1, ms.int32), x))
show("ByTuple -3 forward", lambda: ByTuple()(Tensor(-3, ms.int32), x))
show("JoinFails 0", lambda: JoinFails()(Tensor(0, ms.int32), x))
