"""Gradients with respect to CSRTensor and COOTensor inputs (GradOperation(get_all=True),
mindspore.grad, value_and_grad), in PyNative and GRAPH_MODE: MindSpore differentiates a sparse
input's values; PyNative gives their gradient as a Tensor, graph mode a sparse tensor of the
input's kind holding it with zeroed indices. Prints `label -> count | gradients`.
Golden: tests/goldens/core/sparse_input_grad_probe.out (MindSpore 2.10, CPU);
test: tests/test_sparse_input_grad.py."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, CSRTensor, COOTensor, nn, ops, context
from mindspore.common import dtype as mstype

def csr():
    return CSRTensor(Tensor([0, 1, 2], mstype.int32), Tensor([0, 1], mstype.int32), Tensor([1, 2], mstype.float32), (2, 4))

def show(label, g):
    def one(v):
        if isinstance(v, CSRTensor):
            return f"CSRTensor(indptr={v.indptr.asnumpy().tolist()}, indices={v.indices.asnumpy().tolist()}, values={v.values.asnumpy().tolist()}, shape={v.shape})"
        if isinstance(v, COOTensor):
            return f"COOTensor(indices={v.indices.asnumpy().tolist()}, values={v.values.asnumpy().tolist()}, shape={v.shape})"
        return f"{type(v).__name__}({v.asnumpy().tolist()}, {v.dtype})"
    if isinstance(g, tuple):
        print(label, '->', len(g), '|', ' ; '.join(one(v) for v in g))
    else:
        print(label, '->', one(g))

class While(nn.Cell):
    def construct(self, x, y):
        out = y
        while x < 1:
            out = CSRTensor(out.indptr, out.indices, out.values + out.values, out.shape)
            x += 1
        return out

class Values(nn.Cell):
    def construct(self, y):
        return y.values * 3

class Mul(nn.Cell):
    def construct(self, x, y):
        return CSRTensor(y.indptr, y.indices, y.values * x, y.shape)

class Dense(nn.Cell):
    def construct(self, y):
        return y.to_dense() * 2

for mode, name in ((context.PYNATIVE_MODE, 'pynative'), (context.GRAPH_MODE, 'graph')):
    context.set_context(mode=mode)
    show(f'{name} while get_all', ops.GradOperation(get_all=True)(While())(Tensor(-2, mstype.int32), csr()))
    show(f'{name} values get_all', ops.GradOperation(get_all=True)(Values())(csr()))
    show(f'{name} mul get_all', ops.GradOperation(get_all=True)(Mul())(Tensor(2.0, mstype.float32), csr()))
    show(f'{name} dense get_all', ops.GradOperation(get_all=True)(Dense())(csr()))
    show(f'{name} values first', ops.GradOperation()(Values())(csr()))

def coo():
    return COOTensor(Tensor([[0, 1], [1, 2]], mstype.int32), Tensor([1, 2], mstype.float32), (3, 4))

class CooValues(nn.Cell):
    def construct(self, y):
        return y.values * y.values

class CooDense(nn.Cell):
    def construct(self, x, y):
        return y.to_dense() * x

for mode, name in ((context.PYNATIVE_MODE, 'pynative'), (context.GRAPH_MODE, 'graph')):
    context.set_context(mode=mode)
    show(f'{name} coo values get_all', ops.GradOperation(get_all=True)(CooValues())(coo()))
    show(f'{name} coo dense get_all', ops.GradOperation(get_all=True)(CooDense())(Tensor(2.0, mstype.float32), coo()))
    show(f'{name} ms.grad pos 1', ms.grad(Mul(), grad_position=1)(Tensor(2.0, mstype.float32), csr()))
    show(f'{name} ms.grad pos (0,1)', ms.grad(Mul(), grad_position=(0, 1))(Tensor(2.0, mstype.float32), csr()))
    show(f'{name} value_and_grad', ms.value_and_grad(Values(), grad_position=0)(csr())[1])
