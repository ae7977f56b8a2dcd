"""A `while` loop on a tensor condition whose float carry depends on the differentiated input,
under `ops.grad` (called directly, inside a `jit` function, twice nested), `value_and_grad` of
a GRAPH_MODE Cell's weight and `GradOperation` (of a Cell's input; by weights inside a Cell,
of a Cell called before): MindSpore 2.10 differentiates the loop; msjax
runs it as Python under the gradient (JAX cannot differentiate a loop of unknown length in
reverse mode), with private JAX and with public JAX only (MSJAX_PRIVATE_JAX=0).
Golden: tests/goldens/transforms/ut18_float_loop_grad_probe.out
(tests/transforms/test_float_loop_grad.py)."""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, jit, nn, ops


@jit
def loop(x):
    j = x * 1
    while j < 10:
        j = j * 2 + x
    return j


@jit
def grad_in_jit(x):
    return ops.grad(loop)(x)


@jit
def grad_of_grad_in_jit(x):
    return ops.grad(ops.grad(loop))(x)


def cubed_loop(x):
    j = x
    k = 0
    while k < 3:
        j = j * x
        k = k + 1
    return j


class Scaled(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.5], np.float32)), name="w")

    def construct(self, x):
        y = x
        while y.sum() < 20:
            y = y * self.w + 1
        return y.sum()


def flat(result):
    if isinstance(result, (tuple, list)):
        return [t for r in result for t in flat(r)]
    return [result]


def show(label, call):
    try:
        print(label, "->", " ; ".join(f"{t.dtype} {np.round(t.asnumpy(), 4).tolist()}"
                                      for t in flat(call())))
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).split("\n")[0])


x = Tensor([1.5], ms.float32)
show("loop", lambda: loop(x))
show("grad", lambda: ops.grad(loop)(x))
show("grad in jit", lambda: grad_in_jit(x))
show("grad of grad in jit", lambda: grad_of_grad_in_jit(x))
show("grad of a second input", lambda: ops.grad(loop)(Tensor([0.5], ms.float32)))
show("grad of a jit function with a counted loop", lambda: ops.grad(jit(cubed_loop))(x))
show("loop after its grads", lambda: loop(x))
ms.set_context(mode=ms.GRAPH_MODE)
net = Scaled()
show("value_and_grad of a Cell's weight",
     lambda: ms.value_and_grad(net, None, net.trainable_params())(Tensor([1.0, 2.0], ms.float32)))
show("GradOperation of a Cell's input",
     lambda: ops.GradOperation()(net)(Tensor([1.0, 2.0], ms.float32)))
show("weight after the grads", lambda: net.w.value())


class GradOfWeights(nn.Cell):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.grad = ops.GradOperation(get_by_list=True)
        self.params = inner.trainable_params()

    def construct(self, x):
        return self.grad(self.inner, self.params)(x)


called = Scaled()
show("a Cell called before its grad", lambda: called(Tensor([1.0, 2.0], ms.float32)))
show("its GradOperation by weights inside a Cell",
     lambda: GradOfWeights(called)(Tensor([1.0, 2.0], ms.float32)))
show("called again after its grad", lambda: called(Tensor([1.0, 2.0], ms.float32)))
