"""What docs/migration.md says msjax does, checked (in this process, with msjax's own names)."""
import numpy as np

import msjax as ms
import msjax.numpy as mnp
from msjax import nn, ops, vmap


def test_same_seed_repeats_the_same_numbers():
    ms.set_seed(7)
    first = (mnp.randn(3).asnumpy(), ops.randn(2).asnumpy())
    ms.set_seed(7)
    again = (mnp.randn(3).asnumpy(), ops.randn(2).asnumpy())
    np.testing.assert_array_equal(first[0], again[0])
    np.testing.assert_array_equal(first[1], again[1])


def test_ms_function_is_kept_as_jit():
    @ms.ms_function
    def add(x, y):
        return ops.add(x, y)

    assert repr(add(ms.Tensor([1.0]), ms.Tensor([2.0]))) == (
        "Tensor(shape=[1], dtype=Float32, value= [ 3.00000000e+00])")


def test_nested_vmap_over_python_slicing_gives_numpys_values():
    def convolve(x, w):
        return mnp.stack([mnp.dot(x[i - 1:i + 2], w) for i in range(1, len(x) - 1)])

    x = np.arange(15, dtype=np.float32).reshape(3, 5)
    w = np.arange(6, dtype=np.float32).reshape(2, 3)
    got = vmap(vmap(convolve, in_axes=[None, 0]), in_axes=[0, None])(ms.Tensor(x), ms.Tensor(w))
    expected = [[[xi[i - 1:i + 2] @ wj for i in range(1, 4)] for wj in w] for xi in x]
    np.testing.assert_allclose(got.asnumpy(), expected)


def test_lazy_inline_runs_on_this_backend():
    class Block(nn.Cell):
        @ms.lazy_inline
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(4, 4)

        def construct(self, x):
            return ops.relu(self.dense(x))

    class Stack(nn.Cell):
        def __init__(self):
            super().__init__()
            self.blocks = nn.CellList([Block() for _ in range(3)])

        def construct(self, x):
            for block in self.blocks:
                x = block(x)
            return x

    net, x = Stack(), ms.Tensor(np.ones((2, 4), np.float32))
    eager = net(x).asnumpy()
    np.testing.assert_allclose(ms.jit(net.construct)(x).asnumpy(), eager, rtol=1e-6)


def test_tensor_dependent_if_inside_jit():
    @ms.jit
    def double_if_positive(x):
        if x.sum() > 0:
            return x * 2
        return x

    assert double_if_positive(ms.Tensor([1.0, 2.0])).asnumpy().tolist() == [2.0, 4.0]
    assert double_if_positive(ms.Tensor([-1.0])).asnumpy().tolist() == [-1.0]


def test_per_element_control_flow_under_vmap():
    def double_if_positive(x):
        if x > 0:
            return x * 2
        return -x

    def double_until_ten(x):
        while x < 10:
            x = x * 2
        return x

    assert vmap(double_if_positive)(ms.Tensor([-1.0, 2.0])).asnumpy().tolist() == [1.0, 4.0]
    assert vmap(double_until_ten)(ms.Tensor([1.0, 3.0, 20.0])).asnumpy().tolist() == [
        16.0, 12.0, 20.0]
