"""Multi-head attention on jax arrays, and `ops.function.nn_func.multi_head_attention_forward`
(MindSpore's port of PyTorch's functional form), which `nn.MultiheadAttention` runs too."""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.core import x64
from msjax._src.core.random import next_key
from msjax._src.ops.adapters import check_same_dtype
from msjax._src.ops.random_ops import keep_mask
from msjax._src.ops import softmax_math
from msjax._src.ops.registry import unwrap, wrap


def _as_additive(mask, dtype):
    """A mask as scores to add: a bool (or, as in MindSpore, uint8) mask gives -inf where set."""
    if mask is None:
        return None
    if mask.dtype in (jnp.bool_, jnp.uint8):
        return jnp.where(mask, -jnp.inf, 0.0).astype(dtype)
    return mask.astype(dtype)


def multi_head_attention(query, key, value, num_heads, in_proj_weight, in_proj_bias, bias_k,
                         bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
                         training, key_padding_mask, attn_mask, average_attn_weights,
                         q_proj_weight=None, k_proj_weight=None, v_proj_weight=None, key_rng=None):
    """PyTorch's (and MindSpore's) multi_head_attention_forward on jax arrays, time-major
    (L, N, E) or unbatched (L, E). Returns (output, attention weights)."""
    batched = query.ndim == 3
    if not batched:
        query, key, value = query[:, None], key[:, None], value[:, None]
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask[None]
    length, batch, embed = query.shape
    head_dim = embed // num_heads
    if q_proj_weight is None:
        w_q, w_k, w_v = jnp.split(in_proj_weight, 3)
    else:
        w_q, w_k, w_v = q_proj_weight, k_proj_weight, v_proj_weight
    b_q, b_k, b_v = (None,) * 3 if in_proj_bias is None else jnp.split(in_proj_bias, 3)

    def project(x, w, b):
        y = x @ w.T
        return y if b is None else y + b

    q, k, v = project(query, w_q, b_q), project(key, w_k, b_k), project(value, w_v, b_v)
    attn_mask = _as_additive(attn_mask, q.dtype)
    key_padding_mask = _as_additive(key_padding_mask, q.dtype)
    if attn_mask is not None and attn_mask.ndim == 2:
        attn_mask = attn_mask[None]
    if bias_k is not None:
        k = jnp.concatenate([k, jnp.broadcast_to(bias_k, (1, batch, embed))])
        v = jnp.concatenate([v, jnp.broadcast_to(bias_v, (1, batch, embed))])
        if attn_mask is not None:
            attn_mask = jnp.pad(attn_mask, [(0, 0), (0, 0), (0, 1)])
        if key_padding_mask is not None:
            key_padding_mask = jnp.pad(key_padding_mask, [(0, 0), (0, 1)])
    q = q.reshape(length, batch * num_heads, head_dim).swapaxes(0, 1)
    k = k.reshape(k.shape[0], batch * num_heads, head_dim).swapaxes(0, 1)
    v = v.reshape(v.shape[0], batch * num_heads, head_dim).swapaxes(0, 1)
    if add_zero_attn:
        k = jnp.pad(k, [(0, 0), (0, 1), (0, 0)])
        v = jnp.pad(v, [(0, 0), (0, 1), (0, 0)])
        if attn_mask is not None:
            attn_mask = jnp.pad(attn_mask, [(0, 0), (0, 0), (0, 1)])
        if key_padding_mask is not None:
            key_padding_mask = jnp.pad(key_padding_mask, [(0, 0), (0, 1)])
    source = k.shape[1]
    scores = (q / math.sqrt(head_dim)) @ k.swapaxes(1, 2)
    if attn_mask is not None:
        scores = scores + attn_mask
    if key_padding_mask is not None:
        scores = (scores.reshape(batch, num_heads, length, source)
                  + key_padding_mask[:, None, None, :]).reshape(batch * num_heads, length, source)
    weights = softmax_math.softmax(scores, -1)
    if training and dropout_p > 0:
        keep = keep_mask(key_rng, 1 - dropout_p, weights.shape)
        weights_dropped = jnp.where(keep, weights / (1 - dropout_p), 0.0)
    else:
        weights_dropped = weights
    out = (weights_dropped @ v).swapaxes(0, 1).reshape(length, batch, embed)
    out = out @ out_proj_weight.T
    if out_proj_bias is not None:
        out = out + out_proj_bias
    weights = weights.reshape(batch, num_heads, length, source)
    if average_attn_weights:
        weights = weights.mean(1)
    if not batched:
        out, weights = out[:, 0], weights[0]
    return out, weights


def _check_ranks(query, key, value, key_padding_mask, attn_mask, num_heads):
    """MindSpore's rank checks of multi_head_attention_forward's inputs, made first."""
    kind = {3: "batched", 2: "unbatched"}.get(query.ndim)
    if kind is None:
        raise ValueError("The `query` should be unbatched 2D or batched 3D tensor, but got "
                         f"`query` with {query.ndim}D.")
    if key.ndim != query.ndim or value.ndim != query.ndim:
        raise ValueError(f"For {kind} `query`, the `key` and `value` must be {query.ndim}D "
                         f"tensor, but got `key` with {key.ndim}D and `value` with "
                         f"{value.ndim}D.")
    if key_padding_mask is not None and key_padding_mask.ndim != query.ndim - 1:
        raise ValueError(f"For {kind} `query`, the `key_padding_mask` must be `None` or "
                         f"{query.ndim - 1}D, but got `key_padding_mask` with "
                         f"{key_padding_mask.ndim}D.")
    if attn_mask is not None:
        if attn_mask.ndim not in (2, 3):
            raise ValueError(f"For {kind} `query`, the `attn_mask` must be `None`, 2-D or 3-D, "
                             f"but got `attn_mask` with{attn_mask.ndim}D.")
        expected = (num_heads, query.shape[0], key.shape[0])
        if kind == "unbatched" and attn_mask.ndim == 3 and attn_mask.shape != expected:
            raise ValueError(f"The shape of `attn_mask` must to be {expected}, but got "
                             f"{attn_mask.shape}.")


def check_attention_inputs(query, key, value, embed_dim, num_heads, key_padding_mask, attn_mask,
                           separate_projections, query_weight):
    """MindSpore's checks of multi_head_attention_forward's (and so nn.MultiheadAttention's)
    jax-array inputs, in its order: ranks, the padding mask's dtype, the embedding size, key
    against value, the query projection's MatMulExt dtype, then the masks' dtypes and shapes."""
    _check_ranks(query, key, value, key_padding_mask, attn_mask, num_heads)
    if query.ndim == 2:
        query, key, value = query[:, None], key[:, None], value[:, None]
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask[None]
    length, batch, embed = query.shape
    if key_padding_mask is not None and not (key_padding_mask.dtype == jnp.bool_ or jnp.issubdtype(
            key_padding_mask.dtype, jnp.floating)):
        raise ValueError("The `key_padding_mask` only supports bool and floating dtypes.")
    if embed != embed_dim:
        raise ValueError(f"The `embed_dim` should be {embed_dim}, but got {embed}.")
    if embed_dim // num_heads * num_heads != embed_dim:
        raise ValueError(f"The `embed_dim` {embed_dim} can not be divisible by `num_heads` "
                         f"{num_heads}.")
    if separate_projections and key.shape[:2] != value.shape[:2]:
        raise ValueError(f"The sequence length and batch dims of `key`: {key.shape[:2]} do not "
                         f"match `value`: {value.shape[:2]}.")
    if not separate_projections and key.shape != value.shape:
        raise ValueError(f"The shape of `key` {key.shape} does not match `value` {value.shape}.")
    check_same_dtype("MatMulExt", query, query_weight)
    if attn_mask is not None:
        if attn_mask.dtype not in (jnp.bool_, jnp.uint8) and not jnp.issubdtype(
                attn_mask.dtype, jnp.floating):
            raise ValueError("`attn_mask` only support float, byte, and bool types, but got not "
                             f"{mstype.from_numpy(attn_mask.dtype)}.")
        expected = ((length, key.shape[0]) if attn_mask.ndim == 2
                    else (batch * num_heads, length, key.shape[0]))
        if attn_mask.shape != expected:
            raise ValueError(f"The shape of the `attn_mask` should be {expected}, but got "
                             f"{attn_mask.shape}.")
    if key.shape[1] != batch:  # MindSpore views the projected key as (S, N·heads, head_dim)
        raise ValueError(f"proposed_shape '[const vector]{{{key.shape[0]}, {batch * num_heads}, "
                         f"{embed_dim // num_heads}}}' is invalid for input of size "
                         f"{key.shape[0] * key.shape[1] * embed_dim}")
    if key_padding_mask is not None and key_padding_mask.shape != (batch, key.shape[0]):
        raise ValueError(f"The shape of `key_padding_mask` should be {(batch, key.shape[0])}, "
                         f"but got {key_padding_mask.shape}.")


@x64.scoped
def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads,
                                 in_proj_weight, in_proj_bias, bias_k, bias_v, add_zero_attn,
                                 dropout_p, out_proj_weight, out_proj_bias, training=True,
                                 key_padding_mask=None, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None,
                                 k_proj_weight=None, v_proj_weight=None, static_k=None,
                                 static_v=None, average_attn_weights=True, is_causal=False,
                                 k_is_v=False, q_is_k=False, dtype=mstype.float32):
    """`ops.function.nn_func.multi_head_attention_forward(...)`: attention of time-major
    (L, N, E) (or unbatched (L, E)) Tensors with the given projections; returns (output,
    attention weights), as `nn.MultiheadAttention`. `static_k`/`static_v` are not supported."""
    if static_k is not None or static_v is not None:
        raise NotImplementedError("multi_head_attention_forward: static_k and static_v are not "
                                  "supported by msjax.")
    arrays = unwrap((query, key, value, in_proj_weight, in_proj_bias, bias_k, bias_v,
                     out_proj_weight, out_proj_bias, key_padding_mask, attn_mask,
                     q_proj_weight, k_proj_weight, v_proj_weight))
    (q, k, v, w_in, b_in, b_k, b_v, w_out, b_out, padding, mask, w_q, w_k, w_v) = arrays
    check_attention_inputs(q, k, v, embed_dim_to_check, num_heads, padding, mask,
                           use_separate_proj_weight, w_q if use_separate_proj_weight else w_in)
    if is_causal and mask is None:
        mask = jnp.triu(jnp.ones((q.shape[0], k.shape[0]), jnp.bool_), 1)
    if not use_separate_proj_weight:
        w_q = w_k = w_v = None
    dropping = training and dropout_p > 0
    out, weights = multi_head_attention(
        q, k, v, num_heads, w_in, b_in, b_k, b_v, add_zero_attn, dropout_p, w_out, b_out,
        training, padding, mask, average_attn_weights, w_q, w_k, w_v,
        next_key() if dropping else None)
    return wrap(out), wrap(weights)
