"""MindSpore 2.10 refuses, inside a compiled function, calls of the methods it marks
`jit_forbidden_register`: Cell's parameter/buffer/hook/state-dict methods (`get_parameters`,
`untrainable_params`, `register_forward_hook`, ...), Tensor's `set_const_arg` and `assign_value`,
Parameter's `set_data`. A Cell method's RuntimeError names it as a method or function; a
Tensor's or Parameter's names the object's type. PyNative calls run. Printed `label -> RESULT`;
tests/transforms/test_graph_forbidden.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ut20_graph_forbidden_methods_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/ut20_graph_forbidden_methods_probe.out
"""
import mindspore as ms
import mindspore.nn as nn
from mindspore import Parameter, Tensor, context, jit


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | " + str(e).strip().splitlines()[0]
    print(f"{label} -> {r}")


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor([1.0, 2.0]), name="w")

    def construct(self, x):
        return x * self.w


class CallsMethod(nn.Cell):
    def __init__(self, method):
        super().__init__()
        self.inner = Inner()
        self.method = method

    def construct(self, x):
        if self.method == "get_parameters":
            self.inner.get_parameters()
        elif self.method == "trainable_params":
            self.inner.trainable_params()
        elif self.method == "untrainable_params":
            self.inner.untrainable_params()
        elif self.method == "register_forward_hook":
            self.inner.register_forward_hook(None)
        elif self.method == "state_dict":
            self.inner.state_dict()
        elif self.method == "get_sub_cell":
            self.inner.get_sub_cell("w")
        return x + 1


class SetsData(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor([1.0, 2.0]), name="abc")

    def construct(self, x):
        self.weight.set_data(x)
        return x


class SetsConstArg(nn.Cell):
    def construct(self, x):
        x.set_const_arg(False)
        return x


class AssignsValue(nn.Cell):
    def construct(self, x, y):
        return x.assign_value(y)


def hook(cell, inputs, output):
    return output


class RemovesHook(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
        self.handle = self.inner.register_forward_hook(hook)

    def construct(self, x):
        self.handle.remove()
        return self.inner(x)


class RemovesTensorHook(nn.Cell):
    def __init__(self):
        super().__init__()
        self.handle = Tensor([1.0]).register_hook(lambda g: g)

    def construct(self, x):
        self.handle.remove()
        return x


@jit
def params_of_new_cell(x):
    Inner().untrainable_params()
    return x


@jit
def get_parameters_of_new_cell(x):
    Inner().get_parameters()
    return x


x = Tensor([1.0, 2.0])
show("pynative get_parameters", lambda: len(list(Inner().get_parameters())))
show("pynative set_data", lambda: SetsData()(Tensor([3.0, 4.0])))
show("pynative assign_value", lambda: AssignsValue()(Tensor([1.0, 2.0]), Tensor([5.0, 6.0])))
show("jit untrainable_params of a new cell", lambda: params_of_new_cell(x))
show("jit get_parameters of a new cell", lambda: get_parameters_of_new_cell(x))
context.set_context(mode=context.GRAPH_MODE)
for name in ("get_parameters", "trainable_params", "untrainable_params", "register_forward_hook",
             "state_dict", "get_sub_cell"):
    show(f"graph {name}", lambda: CallsMethod(name)(x))
show("graph hook handle remove", lambda: RemovesHook()(x))
show("graph tensor hook handle remove", lambda: RemovesTensorHook()(x))
show("graph set_data", lambda: SetsData()(Tensor([3.0, 4.0])))
show("graph set_const_arg", lambda: SetsConstArg()(Tensor([1.0, 2.0], const_arg=True)))
show("graph assign_value", lambda: AssignsValue()(Tensor([1.0, 2.0]), Tensor([5.0, 6.0])))
