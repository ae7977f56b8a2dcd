"""MindSpore 2.10 behaviours of Parameters under transforms, one line per case: `label -> repr` or `label -> ERR Type | message`.

Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/state_probe.py | grep -- "->" > tests/goldens/transforms/state_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter


def show(label, f):
    try:
        r = f()
        print(label, '->', repr(r).replace('\n', ' '))
    except Exception as e:
        print(label, '-> ERR', type(e).__name__, '|', str(e).split('\n')[0][:400])


x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


class Network(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")

    def construct(self, a):
        return self.dense(a)


@ms.jit
def build_and_run(a):
    model = Network()  # a Cell constructed inside jit (tutorial accelerate_with_static_graph)
    return model(a)


show('cell built in jit', lambda: build_and_run(x))
show('cell built in jit again', lambda: build_and_run(x + 1))
show('cell built in jit other shape', lambda: build_and_run(Tensor(np.ones((1, 3), np.float32))))

p = Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="p")


def scale_add(a, b):
    return a * b + 1


show('vmap parameter argument', lambda: ms.vmap(scale_add, in_axes=(0, 0))(
    p, Tensor(np.ones((2, 3), np.float32))))
show('vmap parameter argument axis 1', lambda: ms.vmap(scale_add, in_axes=(1, None))(
    p, Tensor(np.ones((2,), np.float32))))
show('vmap parameter argument unmapped', lambda: ms.vmap(scale_add, in_axes=(None, 0))(
    p, Tensor(np.ones((4, 2, 3), np.float32))).shape)

w = Parameter(Tensor(np.zeros(3, np.float32)), name="w")


def cube_and_store(a):
    ops.assign(w, a * 2)
    return a ** 3


show('jacrev with assign', lambda: ms.jacrev(cube_and_store)(Tensor(np.array([1., 2., 3.], np.float32))))
show('jacrev with assign: parameter after', lambda: w.asnumpy().tolist())
show('jacfwd with assign', lambda: ms.jacfwd(cube_and_store)(Tensor(np.array([2., 3., 4.], np.float32))))
show('jacfwd with assign: parameter after', lambda: w.asnumpy().tolist())

counter = Parameter(Tensor(np.zeros(3, np.float32)), name="counter")


def cube_and_count(a):
    ops.assign_add(counter, Tensor(np.ones(3, np.float32)))
    return a ** 3


show('jacrev with input-free assign_add', lambda: ms.jacrev(cube_and_count)(
    Tensor(np.array([1., 2., 3.], np.float32))))
show('jacrev with input-free assign_add: parameter after', lambda: counter.asnumpy().tolist())


class Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.count = Parameter(np.zeros(1, np.float32), name="count")

    def construct(self, a):
        ops.assign_add(self.count, Tensor(np.ones(1, np.float32)))
        return a * self.count


@ms.jit
def build_and_count(a):
    return Counter()(a)  # a Parameter created inside jit and written: it lasts between calls


show('parameter built and written in jit', lambda: build_and_count(x))
show('parameter built and written in jit again', lambda: build_and_count(x))
