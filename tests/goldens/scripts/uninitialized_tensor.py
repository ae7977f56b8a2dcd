"""MindSpore 2.10's uninitialised Tensor (issue #25): a Tensor made with `init=`
(`Tensor(shape=..., dtype=..., init=One())`, `initializer(...)`) holds no values until
`init_data()`. Printed `label -> RESULT`; tests/test_tensor_init.py runs it unchanged on msjax.
(MindSpore crashes the process on `t.astype(...)`, `t.copy()` and some index reads of such a
Tensor: those are not probed.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/uninitialized_tensor.py \
        | grep -- " -> " > tests/goldens/api/uninitialized_tensor.out
"""
import copy

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from mindspore.common.initializer import Constant, Normal, One, Zero, initializer


def text(value):
    return str(value).replace("\n", "\\n")


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {text(str(e).split(chr(10) * 2 + '---')[0])}"
    print(label, "->", result.replace("\n", "\\n"))


def uninit(shape=(2, 3), dtype=ms.float32, init=None):
    return Tensor(shape=shape, dtype=dtype, init=One() if init is None else init)


# printing: `<uninitialized>` (on a line of its own above rank 1); repr shows the zero storage
for shape in [(), (3,), (2, 3), (2, 2, 2)]:
    show(f"str {shape}", lambda: str(uninit(shape)))
    show(f"repr {shape}", lambda: repr(uninit(shape)))
show("str int32", lambda: str(uninit((2,), ms.int32, Zero())))
show("repr int32", lambda: repr(uninit((2, 2), ms.int32, Zero())))
show("format", lambda: "{}".format(uninit((2,))))
show("str in tuple", lambda: str((uninit((2,)),)))
show("ms.tensor", lambda: str(ms.tensor(shape=(2,), dtype=ms.float32, init=One())))

# what is known without the values
t = uninit()
show("has_init", lambda: t.has_init)
show("init", lambda: type(t.init).__name__)
show("shape", lambda: t.shape)
show("dtype", lambda: t.dtype)
show("ndim size len", lambda: (t.ndim, t.size, len(t)))
show("ones_like", lambda: ops.ones_like(uninit((2,))))
show("isinstance Tensor", lambda: isinstance(t, Tensor))
show("plain has_init", lambda: Tensor([1.0]).has_init)
show("plain init", lambda: Tensor([1.0]).init)

# any use raises until init_data()
for name, use in [("add", lambda x: x + 1), ("radd", lambda x: 1 + x), ("mul", lambda x: x * 2),
                  ("neg", lambda x: -x), ("eq", lambda x: x == 1), ("sum", lambda x: x.sum()),
                  ("reshape", lambda x: x.reshape(-1)), ("ops.add", lambda x: ops.add(x, x)),
                  ("ops.matmul", lambda x: ops.matmul(x, x.T if False else x))]:
    show(f"use {name}", lambda: use(uninit((2, 2))))
show("use 1d", lambda: uninit((3,)) + 1)
show("use scalar", lambda: uninit(()) * 2)
show("use initializer", lambda: initializer("ones", (2, 2), ms.float32) + 1)
show("use after failure", lambda: str(t))

# what reads the storage without initialising it
show("item", lambda: uninit((1,)).item())
show("float", lambda: float(uninit(())))
show("bool", lambda: bool(uninit((1,))))
show("tolist", lambda: uninit((2, 2)).tolist())

# asnumpy and NumPy conversion initialise
t = uninit((2,))
show("asnumpy", lambda: t.asnumpy())
show("after asnumpy", lambda: (str(t), t.has_init))
show("init_data after asnumpy", lambda: t.init_data())
t = uninit((2,), init=Constant(3))
show("np.array", lambda: np.array(t))
show("after np.array", lambda: (str(t), t.has_init))

# init_data(): fills in place and returns the Tensor; once only
t = uninit((2, 2), init=Constant(2))
r = t.init_data()
show("init_data returns self", lambda: r is t)
show("init_data values", lambda: str(r))
show("init_data has_init", lambda: t.has_init)
show("init_data init", lambda: t.init)
show("use after init_data", lambda: t + 1)
show("init_data twice", lambda: t.init_data())
show("init_data of a plain Tensor", lambda: Tensor([1.0]).init_data())
show("init_data zeros", lambda: str(uninit((2,), ms.int32, Zero()).init_data()))
show("init_data normal shape", lambda: uninit((4, 5), init=Normal()).init_data().shape)
show("init_data normal small", lambda: bool(np.abs(uninit((4, 5), init=Normal()).init_data().asnumpy()).max() < 0.1))
show("initializer", lambda: (type(initializer("ones", (2,), ms.float32)).__name__,
                             initializer("ones", (2,), ms.float32).has_init))
show("initializer str", lambda: str(initializer("ones", (2, 2), ms.float32)))
show("initializer init_data", lambda: str(initializer("ones", (2, 2), ms.float32).init_data()))

# a string init is kept as it is, and init_data() calls it
t = Tensor(shape=(2,), dtype=ms.float32, init="ones")
show("str init", lambda: (str(t), t.has_init, type(t.init).__name__))
show("str init init_data", lambda: t.init_data())
show("str init asnumpy", lambda: t.asnumpy())
show("str init after", lambda: str(t))
show("init without dtype", lambda: Tensor(shape=(2,), init=One()))
show("init without shape", lambda: Tensor(dtype=ms.float32, init=One()))

# copies
t = uninit((2,))
show("deepcopy", lambda: (str(copy.deepcopy(t)), copy.deepcopy(t).has_init))
show("deepcopy init_data", lambda: str(copy.deepcopy(t).init_data()))
show("Tensor of it", lambda: (str(Tensor(t)), Tensor(t).has_init, t.has_init))
show("assign_value", lambda: (uninit((2,)).assign_value(Tensor([3.0, 4.0])).has_init))

# Parameters initialise what they are given, at once
x = initializer("ones", (2, 2), ms.float32)
p = Parameter(x, name="w")
show("param", lambda: str(p))
show("param has_init", lambda: p.has_init)
show("param init", lambda: p.init)
show("param value", lambda: str(p.value()))
show("param use", lambda: p + 1)
show("param's tensor after", lambda: (str(x), x.has_init))
p2 = Parameter(uninit((2,)), name="p2")
show("param of Tensor(init=)", lambda: (str(p2), p2.has_init, p2.asnumpy()))
show("param init_data", lambda: (p2.init_data() is p2, str(p2)))
show("param clone", lambda: p2.clone(init="zeros").asnumpy())
show("param set_data", lambda: p2.set_data(initializer("zeros", (2,), ms.float32)).asnumpy())
show("param set_data has_init", lambda: p2.has_init)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(initializer(Constant(2), (2,), ms.float32), name="w")

    def construct(self, x):
        return x * self.w


net = Net()
show("cell", lambda: net(Tensor([1.0, 2.0])))
show("cell weight", lambda: (str(net.w), net.w.has_init))
show("dense", lambda: nn.Dense(2, 3, weight_init=initializer("ones", (3, 2)), bias_init="zeros")(
    Tensor(np.ones((1, 2), np.float32))))


# compiled functions initialise their inputs
@ms.jit
def add_one(x):
    return x + 1


t = uninit((2,))
show("jit", lambda: add_one(t))
show("jit input after", lambda: (str(t), t.has_init))
