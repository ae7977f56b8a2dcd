"""`nn.MultiheadAttention`, `nn.TransformerEncoderLayer`, `nn.TransformerDecoderLayer`,
`nn.TransformerEncoder`, `nn.TransformerDecoder` and `nn.Transformer`, built as MindSpore 2.10
builds them (its port of PyTorch's): the same Parameters (`in_proj_weight`, `in_proj_bias`,
`out_proj`, `dense1`/`dense2`, `norm1`...), initialisation, masks and argument checks.

Sequences are (L, N, E) unless `batch_first`; `attn_mask` is (L, S) or (N·heads, L, S), boolean
(True masks a position) or float (added to the scores); `key_padding_mask` (N, S) likewise.
"""
from __future__ import annotations

import copy
import math


from msjax._src.core import dtype as mstype
from msjax._src.core.initializer import HeUniform, Uniform, XavierNormal, XavierUniform, initializer
from msjax._src.nn.cell import Cell
from msjax._src.nn.containers import CellList
from msjax._src.nn.layers.activation import GELU, ReLU
from msjax._src.nn.layers.basic import Dense, Dropout
from msjax._src.nn.layers.normalization import LayerNorm
from msjax._src.ops.attention_ops import check_attention_inputs, multi_head_attention
from msjax._src.ops import nn_ops
from msjax._src.ops.registry import unwrap, wrap
from msjax._src.core.parameter import Parameter
from msjax._src.core.random import next_key


class MultiheadAttention(Cell):
    """`nn.MultiheadAttention(embed_dim, num_heads, dropout=0.0, has_bias=True,
    add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None, batch_first=False,
    dtype=mstype.float32)`: `construct(query, key, value, key_padding_mask=None,
    need_weights=True, attn_mask=None, average_attn_weights=True)` returns (output, weights), or
    (output,) without `need_weights`."""

    def __init__(self, embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False,
                 add_zero_attn=False, kdim=None, vdim=None, batch_first=False,
                 dtype=mstype.float32):
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != self.embed_dim:
            raise ValueError("The init argument 'embed_dim' must be divisible by 'num_heads'.")
        dtype = mstype.float32 if dtype is None else dtype
        if not self._qkv_same_embed_dim:
            self.q_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, embed_dim),
                                                       dtype), "q_proj_weight")
            self.k_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.kdim),
                                                       dtype), "k_proj_weight")
            self.v_proj_weight = Parameter(initializer(XavierUniform(), (embed_dim, self.vdim),
                                                       dtype), "v_proj_weight")
            self.in_proj_weight = None
        else:
            self.in_proj_weight = Parameter(initializer(XavierUniform(), (3 * embed_dim, embed_dim),
                                                        dtype), "in_proj_weight")
            self.q_proj_weight = self.k_proj_weight = self.v_proj_weight = None
        self.in_proj_bias = (Parameter(initializer("zeros", (3 * embed_dim,), dtype),
                                       "in_proj_bias") if has_bias else None)
        self.out_proj = Dense(embed_dim, embed_dim, has_bias=has_bias,
                              weight_init=HeUniform(math.sqrt(5)),
                              bias_init=Uniform(1 / math.sqrt(embed_dim)), dtype=dtype)
        if add_bias_kv:
            self.bias_k = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_k")
            self.bias_v = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_v")
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self.k_is_v = False
        self.q_is_k = False
        self.dtype = dtype

    def construct(self, query, key, value, key_padding_mask=None, need_weights=True,
                  attn_mask=None, average_attn_weights=True):
        if key_padding_mask is not None and key_padding_mask.dtype not in (
                (mstype.bool_,) + mstype.float_type):
            raise ValueError("only bool and floating types of key_padding_mask are supported")
        q, k, v = unwrap((query, key, value))
        swap = self.batch_first and q.ndim == 3
        if swap:
            q, k, v = (a.swapaxes(0, 1) for a in (q, k, v))
        check_attention_inputs(q, k, v, self.embed_dim, self.num_heads,
                               unwrap(key_padding_mask), unwrap(attn_mask),
                               not self._qkv_same_embed_dim,
                               unwrap(self.in_proj_weight if self._qkv_same_embed_dim
                                      else self.q_proj_weight))
        training_dropout = self.training and self.dropout > 0
        out, weights = multi_head_attention(
            q, k, v, self.num_heads, unwrap(self.in_proj_weight), unwrap(self.in_proj_bias),
            unwrap(self.bias_k), unwrap(self.bias_v), self.add_zero_attn, self.dropout,
            unwrap(self.out_proj.weight), unwrap(self.out_proj.bias), self.training,
            unwrap(key_padding_mask), unwrap(attn_mask), average_attn_weights,
            unwrap(self.q_proj_weight), unwrap(self.k_proj_weight), unwrap(self.v_proj_weight),
            next_key() if training_dropout else None)
        if swap:
            out = out.swapaxes(0, 1)
        if need_weights:
            return wrap(out), wrap(weights)
        return (wrap(out),)


def _activation_function(activation):
    if activation == "relu":
        return nn_ops.relu
    if activation == "gelu":
        return nn_ops.gelu
    raise ValueError(f"The activation must be relu/gelu, but get {activation}")


def _check_activation(activation):
    if not isinstance(activation, (str, Cell)) and not callable(activation):
        raise ValueError("The argument 'activation' must be str, callable or Cell instance, but "
                         f"get {activation}.")
    if isinstance(activation, Cell) and not isinstance(activation, (ReLU, GELU)):
        raise ValueError("The argument 'activation' must be nn.ReLU or nn.GELU instance, but get "
                         f"{activation}.")
    # (a Cell is callable too: as in MindSpore, nn.ReLU() and nn.GELU() are refused here)
    if callable(activation) and activation is not nn_ops.relu and activation is not nn_ops.gelu:
        raise ValueError("The argument 'activation' must be ops.relu or ops.gelu instance, but "
                         f"get {activation}.")
    return _activation_function(activation) if isinstance(activation, str) else activation


class _TransformerLayer(Cell):
    """The feed-forward block, norms and attributes shared by the encoder and decoder layers."""

    def _build_common(self, d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                      batch_first, norm_first, dtype, norms):
        self.dense1 = Dense(d_model, dim_feedforward, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(d_model)), dtype=dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(dim_feedforward, d_model, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(dim_feedforward)), dtype=dtype)
        self.norm_first = norm_first
        for index in range(1, norms + 1):
            setattr(self, f"norm{index}", LayerNorm((d_model,), epsilon=layer_norm_eps,
                                                    dtype=dtype))
        for index in range(1, norms + 1):
            setattr(self, f"dropout{index}", Dropout(p=dropout))
        self.activation1 = activation
        self.activation = _check_activation(activation)
        self.d_model = d_model
        self.nhead = nhead
        self.dim_feedforward = dim_feedforward
        self.dropout_num = dropout
        self.layernorm_eps = layer_norm_eps
        self.batch_first = batch_first
        self.norm_first = norm_first
        self.dtype = dtype

    def _ff_block(self, x, last_dropout):
        x = self.dense2(self.dropout(self.activation(self.dense1(x))))
        return last_dropout(x)


class TransformerEncoderLayer(_TransformerLayer):
    """`nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32)`: self-attention and a feed-forward block, each with a residual and
    LayerNorm (before the block with `norm_first`)."""

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu",
                 layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                            batch_first=batch_first, dtype=dtype)
        self._build_common(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                           batch_first, norm_first, dtype, norms=2)

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                           need_weights=False)[0]
        return self.dropout1(x)

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        if src_key_padding_mask is not None and not (
                src_key_padding_mask.dtype == mstype.bool_
                or mstype.is_floating(src_key_padding_mask.dtype)):
            raise AssertionError("only bool and floating types of key_padding_mask are supported")
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            return x + self._ff_block(self.norm2(x), self.dropout2)
        x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
        return self.norm2(x + self._ff_block(x, self.dropout2))


class TransformerDecoderLayer(_TransformerLayer):
    """`nn.TransformerDecoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32)`: self-attention, attention over `memory`, a feed-forward block."""

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu",
                 layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=mstype.float32):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                            batch_first=batch_first, dtype=dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                                 batch_first=batch_first, dtype=dtype)
        self._build_common(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                           batch_first, norm_first, dtype, norms=3)

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                           need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask,
                                key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout2(x)

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            return x + self._ff_block(self.norm3(x), self.dropout3)
        x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
        x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
        return self.norm3(x + self._ff_block(x, self.dropout3))


def _copies(layer, num_layers, cls):
    """`num_layers` layers with the same arguments and the same initial values (MindSpore builds
    one fresh layer and deep-copies it)."""
    template = cls(layer.d_model, layer.nhead, layer.dim_feedforward, layer.dropout_num,
                   layer.activation1, layer.layernorm_eps, layer.batch_first, layer.norm_first,
                   dtype=layer.dtype)
    return CellList([copy.deepcopy(template) for _ in range(num_layers)])


class TransformerEncoder(Cell):
    """`nn.TransformerEncoder(encoder_layer, num_layers, norm=None)`."""

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _copies(encoder_layer, num_layers, TransformerEncoderLayer)
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        output = src
        for layer in self.layers:
            output = layer(output, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return output if self.norm is None else self.norm(output)


class TransformerDecoder(Cell):
    """`nn.TransformerDecoder(decoder_layer, num_layers, norm=None)`."""

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _copies(decoder_layer, num_layers, TransformerDecoderLayer)
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        output = tgt
        for layer in self.layers:
            output = layer(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                           tgt_key_padding_mask=tgt_key_padding_mask,
                           memory_key_padding_mask=memory_key_padding_mask)
        return output if self.norm is None else self.norm(output)


class Transformer(Cell):
    """`nn.Transformer(d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
    dim_feedforward=2048, dropout=0.1, activation='relu', custom_encoder=None,
    custom_decoder=None, layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32)`: every weight matrix re-initialised with Xavier-uniform."""

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                 dim_feedforward=2048, dropout=0.1, activation="relu", custom_encoder=None,
                 custom_decoder=None, layer_norm_eps=1e-5, batch_first=False, norm_first=False,
                 dtype=mstype.float32):
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                            layer_norm_eps, batch_first, norm_first, dtype=dtype)
            self.encoder = TransformerEncoder(layer, num_encoder_layers,
                                              LayerNorm((d_model,), epsilon=layer_norm_eps,
                                                        dtype=dtype))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                            layer_norm_eps, batch_first, norm_first, dtype=dtype)
            self.decoder = TransformerDecoder(layer, num_decoder_layers,
                                              LayerNorm((d_model,), epsilon=layer_norm_eps,
                                                        dtype=dtype))
        for _, param in self.parameters_and_names():
            if param.ndim > 1:
                param.set_data(initializer("xavier_uniform", param.shape, param.dtype))
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def construct(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None,
                  src_key_padding_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        # (MindSpore's batch-size check compares src's batch with itself: src and tgt of two
        # batch sizes fail later, in the decoder's attention over the memory)
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise ValueError("The number of features for 'src' and 'tgt' must be equal to "
                             "`d_model`.")
        memory = self.encoder(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)
