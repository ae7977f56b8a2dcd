"""TruncateMod's accepted dtypes, gen_ops_def.sub_ext/add_ext with alpha, ops.Dense (2-D and 1-D
weights, with and without bias, its gradients) and the gradient of `x / y` over mutable scalars
with a float sens: MindSpore 2.10's results. Golden: tests/goldens/api/missing_ops_probe1.out."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, mutable, nn
from mindspore.ops import Dense, GradOperation, TruncateMod
from mindspore.ops.auto_generate.gen_ops_def import add_ext, sub_ext


def show(label, f):
    try:
        r = f()
        if isinstance(r, (tuple, list)):
            print(label, "->", [(t.dtype, t.shape, np.round(t.asnumpy(), 4).tolist())
                                if isinstance(t, Tensor) else t for t in r])
        else:
            print(label, "->", r.dtype, r.shape, np.round(r.asnumpy(), 4).tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:300])


for dt in ("bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "float16", "float32",
           "float64"):
    show(f"TruncateMod {dt}", lambda: TruncateMod()(Tensor(np.array([5, -7, 3]), getattr(ms, dt)),
                                                    Tensor(np.array([3, 2, 1]), getattr(ms, dt))))

x = Tensor(np.array([[1., 2., 3.], [4., 5., 6.]]), ms.float32)
y = Tensor(np.array([[0.5], [1.5]]), ms.float32)
show("sub_ext alpha 2", lambda: sub_ext(x, y, 2))
show("sub_ext default", lambda: sub_ext(x, y))
show("sub_ext scalar other", lambda: sub_ext(x, 1.0, 2.5))
show("add_ext alpha 3", lambda: add_ext(x, y, 3))
show("sub_ext int", lambda: sub_ext(Tensor([5, 6], ms.int32), Tensor([1, 2], ms.int32), 2))

w2 = Tensor(np.array([[1., 0., -1.], [2., 1., 0.5]]), ms.float32)
w1 = Tensor(np.array([1., -2., 0.5]), ms.float32)
b2 = Tensor(np.array([0.25, -1.]), ms.float32)
b0 = Tensor(np.array(0.5), ms.float32)
show("Dense 2-D weight", lambda: Dense()(x, w2, b2))
show("Dense 2-D no bias", lambda: Dense()(x, w2, None))
show("Dense 1-D weight", lambda: Dense()(x, w1, b0))
show("Dense 1-D input", lambda: Dense()(Tensor(np.array([1., 2., 3.]), ms.float32), w2, b2))
show("Dense 1-D both", lambda: Dense()(Tensor(np.array([1., 2., 3.]), ms.float32), w1, None))
show("Dense 3-D input", lambda: Dense()(Tensor(np.arange(12.).reshape(2, 2, 3), ms.float32),
                                        w2, b2))


class DenseCell(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = Dense()

    def construct(self, a, w, b):
        return self.dense(a, w, b)


show("Dense grads", lambda: GradOperation(get_all=True, sens_param=True)(DenseCell())(
    x, w2, b2, Tensor(np.array([[1., 2.], [3., 4.]]), ms.float32)))
show("Dense grads 1-D weight", lambda: GradOperation(get_all=True, sens_param=True)(DenseCell())(
    x, w1, b0, Tensor(np.array([1., 2.]), ms.float32)))


class Div(nn.Cell):
    def construct(self, a, b):
        return a / b


class GradDiv(nn.Cell):
    def __init__(self):
        super().__init__()
        self.net = Div()
        self.grad = GradOperation(get_all=True, sens_param=True)

    def construct(self, *inputs):
        return self.grad(self.net)(*inputs)


ms.set_context(mode=ms.GRAPH_MODE)
show("scalar div", lambda: [Div()(mutable(3), mutable(4))])
show("scalar div grad constants", lambda: GradDiv()(3, 4, 0.75))
