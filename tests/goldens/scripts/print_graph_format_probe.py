"""MindSpore 2.10's ops.Print text inside a compiled program (GRAPH_MODE Cell, `jit` in either
mode) and eagerly: in a graph a Tensor prints as the C++ kernel writes it (values separated by
spaces, `value=[` for 1-D, a 0-d tensor as its bare value, a bool as 1/0), Python floats as
`%g`, bools as 1/0, tuples and lists of numbers as `(1, 2)`, and a tuple holding Tensors one
element a line; Python's `print` in a compiled function prints the same way. Each call's result is read (`asnumpy`) before the next line, so MindSpore's
kernel has written its text. Left out: a 0-d uint8 (the kernel writes the raw byte), an empty
tensor (it prints uninitialised memory) and bfloat16 (no CPU Print kernel).
Golden: tests/goldens/ops/print_graph_format_probe.out (tests/ops/test_print_graph_format.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class Show(nn.Cell):
    def __init__(self):
        super().__init__()
        self.print = ops.Print()

    def construct(self, *xs):
        self.print(*xs)
        return xs[0]


def case(label, run):
    print("CASE", label, flush=True)
    try:
        out = run()
        out.asnumpy()
    except (TypeError, ValueError, RuntimeError) as error:
        print("ERROR", type(error).__name__, flush=True)


TENSORS = [
    ("f32 2x3", np.arange(6, dtype=np.float32).reshape(2, 3)),
    ("i32 1-D", np.array([1, 2], np.int32)),
    ("f32 mixed signs", np.array([0.5, 1.25, -3.0], np.float32)),
    ("f32 0-d", np.float32(1.5)),
    ("f32 0-d one", np.float32(1.0)),
    ("f32 0-d small", np.float32(1e-8)),
    ("f32 0-d big", np.float32(-123456.7)),
    ("f16 0-d", np.float16(0.1)),
    ("f64 0-d", np.float64(0.1)),
    ("i32 0-d", np.int32(7)),
    ("i64 0-d", np.int64(-5)),
    ("bool 0-d false", np.bool_(False)),
    ("bool 0-d true", np.bool_(True)),
    ("bool 1-D", np.array([True, False])),
    ("f64 3-D", np.zeros((2, 2, 2), np.float64)),
    ("i64 20", np.arange(20, dtype=np.int64)),
    ("f32 2000", np.arange(2000, dtype=np.float32)),
    ("i64 30x100", np.arange(3000, dtype=np.int64).reshape(30, 100)),
    ("f16 1-D", np.array([1.0, 2.5], np.float16)),
    ("u8 1-D", np.array([1, 255], np.uint8)),
    ("f64 1-D", np.array([1e-9, 12345.678], np.float64)),
    ("f32 1x1", np.ones((1, 1), np.float32)),
    ("f32 nan inf", np.array([np.nan, np.inf, -np.inf, 1], np.float32)),
    ("f32 2x1001", np.zeros((2, 1001), np.float32)),
    ("i32 1000", np.arange(1000, dtype=np.int32)),
    ("i32 1001", np.arange(1001, dtype=np.int32)),
]

ms.set_context(mode=ms.GRAPH_MODE)
for label, value in TENSORS:
    case("graph " + label, lambda: Show()(Tensor(value)))

X = Tensor(np.array([1.0], np.float32))


class Constants(nn.Cell):
    def __init__(self):
        super().__init__()
        self.print = ops.Print()

    def construct(self, x):
        self.print("s", 1e-8, 0.1, 1.0, 123456789.0, -0.0, 2.5e-5, 123456789, -3, False, True,
                   None, (1, 2), [3, 4], x.shape, ms.float32, x * 2)
        self.print("tuple", (x, x + 1, 1), "end")
        return x


case("graph constants", lambda: Constants()(X))


@ms.jit
def in_jit(x):
    ops.print_("print_", x, True, 1.0)
    return x


case("graph jit", lambda: in_jit(X))


@ms.jit
def builtin_print(x):
    print("builtin", x, 1.0, True, Tensor(np.float32(-123456.7)), x * 2, (1, 2))
    print(x + Tensor(np.arange(2000, dtype=np.float32)))
    return x


case("graph builtin print", lambda: builtin_print(X))
ms.set_context(mode=ms.PYNATIVE_MODE)
case("pynative jit", lambda: in_jit(X))
case("pynative cell", lambda: Show()(X, False, 1.0, (1, 2)))


def summed(x):
    ops.Print()("pynative grad", x, False, 1.0)
    return x.sum()


case("pynative grad", lambda: ms.grad(summed)(X))
