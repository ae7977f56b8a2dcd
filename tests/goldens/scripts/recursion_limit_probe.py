"""mindspore.set_recursion_limit: its argument checks, and the depth at which compiling a
GRAPH_MODE Cell raises `Exceed function call depth limit` for nested functions, nested Cells,
unrolled `for` loops (in construct, in a called function, two in a row) and an endless recursion
of Cells. Golden: tests/goldens/compiler/recursion_limit.txt (MindSpore 2.10). The message's
"simulate call depth" (MindSpore's internal counter) is left out: docs/migration.md."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, ops

for value in [0, -1, "a", 1.5, True, 100000]:
    try:
        print(f"set_recursion_limit {value!r} ->", ms.set_recursion_limit(value))
    except Exception as e:  # pylint: disable=broad-except
        print(f"set_recursion_limit {value!r} ->", type(e).__name__, e)

ms.set_context(mode=ms.GRAPH_MODE)
t = Tensor(np.ones([2, 3], dtype=np.float32))


def loop_in_construct(n):
    class Net(nn.Cell):
        def construct(self, x):
            for e in range(n):
                x = ops.relu(x + e)
            return x
    return Net()


def two_loops(n):
    class Net(nn.Cell):
        def construct(self, x):
            for e in range(n):
                x = ops.relu(x + e)
            for e in range(n):
                x = ops.relu(x + e)
            return x
    return Net()


def loop_in_function(n):
    def g(x):
        for e in range(n):
            x = ops.relu(x + e)
        return x

    class Net(nn.Cell):
        def construct(self, x):
            return g(x)
    return Net()


def loop_over_tuple(n):
    class Net(nn.Cell):
        def construct(self, x):
            for e in tuple(range(n)):
                x = ops.relu(x + e)
            return x
    return Net()


def nested_functions(d):
    def make(k):
        if k == 0:
            return lambda x: x + 1
        inner = make(k - 1)

        def f(x):
            return inner(x) * 1
        return f
    top = make(d)

    class Net(nn.Cell):
        def construct(self, x):
            return top(x)
    return Net()


def nested_cells(d):
    class Leaf(nn.Cell):
        def construct(self, x):
            return x + 1

    class Wrap(nn.Cell):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def construct(self, x):
            return self.inner(x) * 1
    net = Leaf()
    for _ in range(d):
        net = Wrap(net)
    return net


class Net(nn.Cell):
    def construct(self, x):
        return Net2()(x)


class Net2(nn.Cell):
    def construct(self, x):
        return Net()(x)


def show(label, call):
    try:
        call()
        print(label, "-> OK")
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).split("\n")[0].split(", (")[0])


ms.set_recursion_limit(60)
for name, make, sizes in [("loop_in_construct", loop_in_construct, [10, 28, 29, 40]),
                          ("two_loops", two_loops, [13, 14]),
                          ("loop_in_function", loop_in_function, [27, 28]),
                          ("loop_over_tuple", loop_over_tuple, [28, 29]),
                          ("nested_functions", nested_functions, [20, 55, 56, 70]),
                          ("nested_cells", nested_cells, [56, 57])]:
    for size in sizes:
        show(f"limit 60 {name} {size}", lambda: make(size)(t))
show("limit 60 endless recursion of Cells", lambda: Net2()(t))
ms.set_recursion_limit(120)
show("limit 120 loop_in_construct 58", lambda: loop_in_construct(58)(t))
show("limit 120 loop_in_construct 59", lambda: loop_in_construct(59)(t))
ms.set_recursion_limit(1000)
show("limit 1000 loop_in_construct 400", lambda: loop_in_construct(400)(t))
