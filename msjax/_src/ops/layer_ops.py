"""Functions of `mindspore.ops` behind layers without a category of their own: group, RMS and
local-response normalisation, embedding lookup (`ops.embedding`, the EmbeddingLookup Primitive)
and the bilinear dense product."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.backend.interface import one_program
from msjax._src.core import integer_inputs
from msjax._src.core.tensor import Tensor
from msjax._src.core.type_text import type_of
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.adapters import scalar_like
from msjax._src.ops.batch_norm_train import compute_dtype
from msjax._src.ops.reduce_ops import variance
from msjax._src.ops.registry import functional, op, primitive


@op()
@one_program
def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """`ops.group_norm`: each sample's channel groups normalised, then scaled and shifted per
    channel. A float16 or bfloat16 input is normalised in float32 (`wide_float`)."""
    n, c = input.shape[:2]
    affine = [v for v in (weight, bias) if v is not None]
    grouped = wide_float(input).reshape(n, num_groups, -1)
    mean = grouped.mean(-1, keepdims=True)
    var = variance(grouped, -1, keepdims=True)
    out = ((grouped - mean) * jax.lax.rsqrt(var + eps)).reshape(input.shape)
    shape = (1, c) + (1,) * (input.ndim - 2)
    if weight is not None:
        out = out * weight.astype(out.dtype).reshape(shape)
    if bias is not None:
        out = out + bias.astype(out.dtype).reshape(shape)
    return out.astype(jnp.result_type(input, *affine))


def wide_float(x):
    """`x` in BatchNorm's `compute_dtype` (float32 when it is a float of fewer bits): every
    normalisation computes its statistics and their gradient so (ops/batch_norm_train.py)."""
    return x.astype(compute_dtype(x))


@op()
@one_program
def rms_norm(x, gamma, epsilon=1e-06):
    """`ops.rms_norm`: (x / rms(x) · gamma, 1 / rms(x)) over the axes `gamma` covers."""
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    rstd = jax.lax.rsqrt(jnp.mean(jnp.square(x.astype(jnp.float32)), axes, keepdims=True)
                         + epsilon)
    return (x * rstd).astype(x.dtype) * gamma, rstd


@op()
@one_program
def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    """`ops.lrn`: x / (bias + alpha·Σ x²)^beta over channels within `depth_radius` (axis 1)."""
    squares = jnp.square(x)
    window = (1, 2 * depth_radius + 1) + (1,) * (x.ndim - 2)
    pads = [(0, 0), (depth_radius, depth_radius)] + [(0, 0)] * (x.ndim - 2)
    total = jax.lax.reduce_window(squares, 0.0, jax.lax.add, window, (1,) * x.ndim, pads)
    return x / jnp.power(bias + alpha * total, beta)


@op()
@one_program
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False):
    """`ops.embedding`: rows of `weight` (renormalised to `max_norm` when given)."""
    rows = jnp.take(weight, integer_inputs.as_index(input), axis=0)
    if max_norm is not None:
        norms = jnp.linalg.vector_norm(rows, ord=norm_type, axis=-1, keepdims=True)
        rows = rows * jnp.where(norms > max_norm, max_norm / (norms + 1e-7),
                                scalar_like(1.0, norms))
    return rows


@op()
@one_program
def bidense(input1, input2, weight, bias=None):
    """`ops.bidense`: y_k = input1ᵀ · weight[k] · input2 (+ bias[k])."""
    out = jnp.einsum("...i,kij,...j->...k", input1, weight, input2)
    return out if bias is None else out + bias


def _embedding_rows(params, indices, offset):
    """The rows `indices - offset` of `params`; zeros for a row outside `params`."""
    rows = integer_inputs.as_index(indices) - offset
    valid = (rows >= 0) & (rows < params.shape[0])
    picked = jnp.take(params, jnp.where(valid, rows, 0), axis=0)
    return jnp.where(valid.reshape(valid.shape + (1,) * (params.ndim - 1)), picked,
                     jnp.zeros((), params.dtype))


def _embedding_lookup(params, indices, offset):
    """`ops.EmbeddingLookup()(params, indices, offset)`: row `i - offset` of the 1-D or 2-D
    `params` for each index `i` (Int32 or Int64) of `indices`, zeros where that row is outside
    `params`. The gradient of `params` is dense here (MindSpore's is a sparse row Tensor:
    docs/migration.md)."""
    check_embedding_lookup(params, indices, offset)
    return _embedding_functional(params, indices, offset)


def check_embedding_lookup(params, indices, offset):
    """The EmbeddingLookup Primitive's checks of its inputs (nn.EmbeddingLookup's 'CPU' target
    runs it too), with MindSpore's messages."""
    if not isinstance(params, Tensor):
        raise TypeError("For primitive[EmbeddingLookup], the input argument[params] must be a "
                        f"type of {{Tensor}}, but got {type_of(params)}.")
    if not isinstance(indices, Tensor):
        raise TypeError("For Primitive[EmbeddingLookup], the type of input argument[indices] "
                        f"must be Tensor but got {type_of(indices)}.")
    index_dtype = integer_inputs.integer_dtype(indices._data) or indices._data.dtype
    if index_dtype not in (np.int32, np.int64):
        raise TypeError("For primitive[EmbeddingLookup], the input argument[indices] must be a "
                        "type of {Tensor[Int32], Tensor[Int64]}, but got "
                        f"{type_of(indices)}.")
    offset_type = str(offset.dtype) if isinstance(offset, Tensor) else type_of(offset)
    if offset_type not in ("Int32", "Int64"):
        raise TypeError("For primitive[EmbeddingLookup], the input argument[offset] must be a "
                        f"type of {{Int32, Int64}}, but got {offset_type}.")
    if params.ndim not in (1, 2):
        raise ValueError("For primitive[EmbeddingLookup], the dimension of params must be in "
                         f"[1,2], but got {params.ndim}.")
    if indices.ndim == 0:
        raise ValueError("For primitive[EmbeddingLookup], the dimension of indices  must be "
                         "greater than 0 , but got 0.")


_embedding_functional = functional(_embedding_rows)
EmbeddingLookup = primitive("EmbeddingLookup", _embedding_lookup,
                            display=shown.with_attrs(bprop_return_sparse=True))
