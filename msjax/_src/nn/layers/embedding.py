"""`nn.Embedding`."""
from __future__ import annotations

import numpy as np

from msjax._src import dtype as mstype
from msjax._src.initializer import initializer
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import check_value_type
from msjax._src.ops import array_ops, math_ops
from msjax._src.parameter import Parameter
from msjax._src.tensor import Tensor


class Embedding(Cell):
    """`nn.Embedding(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
    dtype=mstype.float32, padding_idx=None)`: rows of `embedding_table` [vocab_size,
    embedding_size] gathered by index (or by a one-hot matrix product with `use_one_hot`).

    As in MindSpore the table is always Float32 (`dtype` is the one-hot values' dtype) and the
    row `padding_idx` starts as zeros.
    """

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table="normal",
                 dtype=mstype.float32, padding_idx=None):
        super().__init__()
        name = self.cls_name
        self.vocab_size = check_value_type("vocab_size", vocab_size, [int], name)
        self.embedding_size = check_value_type("embedding_size", embedding_size, [int], name)
        check_value_type("use_one_hot", use_one_hot, [bool], name)
        self.use_one_hot = use_one_hot
        self.dtype = dtype
        table = initializer(embedding_table, [vocab_size, embedding_size])
        self.padding_idx = padding_idx
        if padding_idx is not None:
            if (isinstance(padding_idx, bool) or not isinstance(padding_idx, int)
                    or not 0 <= padding_idx < vocab_size):
                raise ValueError(f"For '{name}', the 'padding_idx' must be in range of "
                                 f"[0, {vocab_size}), but got {padding_idx} with type "
                                 f"'{type(padding_idx).__name__}'.")
            values = table.asnumpy()
            values[padding_idx] = 0
            table = Tensor(values, table.dtype)
        self.embedding_table = Parameter(table, name="embedding_table")
        self.shp_flat = (-1,)

    def construct(self, ids):
        out_shape = ids.shape + (self.embedding_size,)
        flat_ids = array_ops.reshape(ids, self.shp_flat)
        if self.use_one_hot:
            one_hot_ids = array_ops.one_hot(flat_ids, self.vocab_size,
                                            Tensor(np.array(1.0), self.dtype),
                                            Tensor(np.array(0.0), self.dtype))
            output = math_ops.matmul(one_hot_ids, self.embedding_table)
        else:
            output = array_ops.gather(self.embedding_table, flat_ids, 0)
        return array_ops.reshape(output, out_shape)

    def extend_repr(self):
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
                f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, "
                f"dtype={self.dtype}, padding_idx={self.padding_idx}")
