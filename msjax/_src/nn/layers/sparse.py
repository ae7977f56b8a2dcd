"""MindSpore's sparse Cells `nn.SparseToDense` (a COOTensor as its dense Tensor) and
`nn.SparseTensorDenseMatmul` (a sparse matrix given by indices, values and shape, times a dense
one), over the Primitives of ops/sparse_primitives.py."""
from __future__ import annotations

from msjax._src.nn.cell import Cell
from msjax._src.ops.sparse_primitives import SparseTensorDenseMatmul as _SparseDenseMatmulOp
from msjax._src.ops.sparse_primitives import SparseToDense as _SparseToDenseOp


class SparseToDense(Cell):
    """`nn.SparseToDense()(sparse_tensor)`: the dense Tensor of a COOTensor."""

    def __init__(self):
        super().__init__()
        self.sparse_to_dense = _SparseToDenseOp()

    def construct(self, sparse_tensor):
        return self.sparse_to_dense(sparse_tensor.indices, sparse_tensor.values,
                                    sparse_tensor.shape)


class SparseTensorDenseMatmul(Cell):
    """`nn.SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False)(indices, values,
    sparse_shape, dense)`: the sparse matrix (transposed when `adjoint_st`) times `dense`
    (transposed when `adjoint_dt`); ops.SparseTensorDenseMatmul."""

    def __init__(self, adjoint_st=False, adjoint_dt=False):
        super().__init__()
        self.adj_st = adjoint_st
        self.adj_dt = adjoint_dt
        self.sparse_dense_matmul = _SparseDenseMatmulOp(adjoint_st=adjoint_st,
                                                        adjoint_dt=adjoint_dt)

    def construct(self, indices, values, sparse_shape, dense):
        return self.sparse_dense_matmul(indices, values, sparse_shape, dense)
