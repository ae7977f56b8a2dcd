"""`nn.Embedding`, `nn.EmbeddingLookup` and `nn.MultiFieldEmbeddingLookup`."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import checkparam
from msjax._src.core import dtype as mstype
from msjax._src.core.initializer import initializer
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import (check_positive_float, check_positive_int, check_string,
                                         check_value_type)
from msjax._src.ops import array_ops, layer_ops, math_ops
from msjax._src.ops.registry import functional
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor


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


@functional
def _lookup_rows(table, indices, max_norm=None):
    """The rows of `table` at `indices` (an index outside the table gives a row of zeros, as
    MindSpore's EmbeddingLookup kernel), each scaled down to an L2 norm of at most `max_norm`."""
    rows = jnp.take(table, indices, axis=0, mode="fill", fill_value=0)
    if max_norm is None:
        return rows
    norm = jnp.sqrt(jnp.sum(jnp.square(rows.astype(jnp.float32)), axis=-1, keepdims=True))
    scale = jnp.float32(max_norm) / jnp.maximum(norm, jnp.float32(max_norm))
    return (rows * scale).astype(rows.dtype)


class EmbeddingLookup(Cell):
    """`nn.EmbeddingLookup(vocab_size, embedding_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', manual_shapes=None, max_norm=None, sparse=True,
    dtype=mstype.float32)`: rows of the Parameter `embedding_table` [vocab_size,
    embedding_size] by index; an index outside the table gives zeros; with `max_norm` each
    looked-up row is scaled down to that L2 norm.

    MindSpore places the lookup on the host (`target='CPU'`) or the device and splits the table
    across devices in its automatic parallel modes (`slice_mode`, `manual_shapes`); XLA runs the
    lookup where the table is, so those only select MindSpore's checks here.
    """

    def __init__(self, vocab_size, embedding_size, param_init="normal", target="CPU",
                 slice_mode="batch_slice", manual_shapes=None, max_norm=None, sparse=True,
                 dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        check_value_type("sparse", sparse, [bool], name)
        self.vocab_size = check_positive_int(vocab_size, "vocab_size", None)
        self.target = target
        self.sparse = sparse
        check_string(target, ["CPU", "DEVICE"], "target", name)
        if not sparse and target == "CPU":
            raise ValueError(f"For '{name}', 'sparse' must be True when 'target' is \"CPU\", but "
                             f"got 'sparse': {sparse} and 'target': {target}")
        self.embedding_size = check_positive_int(embedding_size, "embedding_size", name)
        self.embedding_table = Parameter(initializer(param_init, [self.vocab_size,
                                                                 self.embedding_size],
                                                     dtype=dtype), name="embedding_table")
        self.slice_mode = slice_mode
        self.manual_shapes = manual_shapes
        self.max_norm = max_norm
        if max_norm is not None:
            self.max_norm = check_positive_float(max_norm, "max_norm", name)

    def construct(self, indices):
        if self.target == "CPU":  # MindSpore's EmbeddingLookup Primitive, with its checks
            layer_ops.check_embedding_lookup(self.embedding_table, indices, 0)
        return _lookup_rows(self.embedding_table, indices, self.max_norm)


class MultiFieldEmbeddingLookup(EmbeddingLookup):
    """`nn.MultiFieldEmbeddingLookup(vocab_size, embedding_size, field_size, param_init='normal',
    target='CPU', slice_mode='batch_slice', feature_num_list=None, max_norm=None, sparse=True,
    operator='SUM', dtype=mstype.float32)`: EmbeddingLookup's rows for `input_indices` (batch,
    n), each scaled by its `input_values` entry and merged per field (`field_ids`, in
    [0, field_size)) by `operator`: 'SUM', 'MEAN' (the sum over the sum of |values|, 0 where
    that is 0) or 'MAX' (over the entries with a nonzero value; 0 for a field without one).
    Returns (batch, field_size, embedding_size)."""

    def __init__(self, vocab_size, embedding_size, field_size, param_init="normal", target="CPU",
                 slice_mode="batch_slice", feature_num_list=None, max_norm=None, sparse=True,
                 operator="SUM", dtype=mstype.float32):
        super().__init__(vocab_size, embedding_size, param_init, target, slice_mode,
                         feature_num_list, max_norm, sparse, dtype=dtype)
        self.field_size = check_positive_int(field_size, "field_size", self.cls_name)
        self.operator = operator
        checkparam.check_string(operator, ["SUM", "MAX", "MEAN"], "operator", self.cls_name)

    def construct(self, input_indices, input_values, field_ids):
        name = self.cls_name
        for label, value in (("input_indices", input_indices), ("input_values", input_values),
                             ("field_ids", field_ids)):
            if value.ndim != 2:
                raise ValueError(f"For '{name}', the dimension of '{label}' must be 2d, but got "
                                 f"{value.ndim}")
        for label, value, allowed in (("input_indices", input_indices,
                                       [mstype.int32, mstype.int64]),
                                      ("input_values", input_values, [mstype.float32]),
                                      ("field_ids", field_ids, [mstype.int32])):
            checkparam.check_type_name(label, value.dtype, allowed, name)
        return _merge_fields(self.embedding_table, input_indices, input_values, field_ids,
                             self.field_size, self.max_norm, self.operator)


@functional
def _merge_fields(table, indices, values, field_ids, field_size, max_norm, operator):
    """MultiFieldEmbeddingLookup's computation on arrays (its docstring)."""
    rows = _lookup_rows.impl(table, indices, max_norm)
    batch, _, width = rows.shape
    embedding = (values[..., None] * rows).reshape(-1, width)
    segments = (field_ids + jnp.arange(batch, dtype=field_ids.dtype)[:, None] * field_size)
    segments, count = segments.reshape(-1), batch * field_size
    weight = jax.ops.segment_sum(jnp.abs(values).reshape(-1), segments, count)[:, None]
    if operator == "MAX":
        masked = jnp.where(values.reshape(-1, 1) == 0, jnp.finfo(embedding.dtype).min, embedding)
        merged = jax.ops.segment_max(masked, segments, count)
        merged = jnp.where(weight != 0, merged, jnp.zeros((), merged.dtype))
    else:
        merged = jax.ops.segment_sum(embedding, segments, count)
        if operator == "MEAN":
            merged = jnp.where(weight != 0, merged / jnp.where(weight != 0, weight, 1),
                               jnp.zeros((), merged.dtype))
    return merged.reshape(batch, field_size, width)
