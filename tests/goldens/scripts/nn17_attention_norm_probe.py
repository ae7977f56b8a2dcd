"""MindSpore 2.10's checks of nn.MultiheadAttention, the Transformer layers and BatchNorm: the
ranks, sizes, dtypes and masks MultiheadAttention refuses (and the shapes it returns otherwise),
the activations the Transformer layers take, a batch mismatch in nn.Transformer, and the rank,
channel, bias and dtype errors of the BatchNorm Primitive, ops.batch_norm and nn.BatchNorm1d/2d/
3d. Outputs of Cells with random Parameters print their dtype and shape only. Golden:
tests/goldens/nn/nn17_attention_norm_probe.out (tests/nn/test_nn17_attention_norm.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

rng = np.random.default_rng(0)


def rand(*shape, dtype=np.float32):
    return Tensor(rng.standard_normal(shape).astype(dtype))


def ones(*shape, dtype=np.float32):
    return Tensor(np.ones(shape, dtype))


def show(label, fn):
    try:
        r = fn()
        if isinstance(r, nn.Cell):
            print(label, "->", "OK", type(r).__name__)
            return
        r = r if isinstance(r, (tuple, list)) else (r,)
        print(label, "->", "OK", " ; ".join(f"{t.dtype} {tuple(t.shape)}" for t in r))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [line for line in str(e).strip().splitlines() if line.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")
        try:  # (MindSpore may report a failed launch's error again at the next call)
            ms.runtime.synchronize()
        except Exception:  # noqa: BLE001
            pass


# -- MultiheadAttention --------------------------------------------------------------------------
mha = nn.MultiheadAttention(8, 2)
q = rand(3, 2, 8)
padding = Tensor(np.array([[False, False, True], [False, True, True]]))
show("MHA", lambda: mha(q, q, q))
show("MHA need_weights False", lambda: mha(q, q, q, need_weights=False))
show("MHA unbatched", lambda: mha(rand(3, 8), rand(3, 8), rand(3, 8)))
show("MHA batch_first", lambda: nn.MultiheadAttention(8, 2, batch_first=True)(q, q, q))
show("MHA kdim vdim", lambda: nn.MultiheadAttention(8, 2, kdim=4, vdim=6)(q, rand(5, 2, 4),
                                                                         rand(5, 2, 6)))
show("MHA kdim vdim lengths", lambda: nn.MultiheadAttention(8, 2, kdim=4, vdim=6)(
    q, rand(5, 2, 4), rand(4, 2, 6)))
show("MHA embed 6", lambda: mha(rand(3, 2, 6), rand(3, 2, 6), rand(3, 2, 6)))
show("MHA key value lengths", lambda: mha(q, rand(4, 2, 8), rand(5, 2, 8)))
show("MHA key batch", lambda: mha(q, rand(4, 3, 8), rand(4, 3, 8)))
show("MHA query 4-d", lambda: mha(rand(1, 3, 2, 8), rand(1, 3, 2, 8), rand(1, 3, 2, 8)))
show("MHA key 2-d", lambda: mha(q, rand(3, 8), rand(3, 8)))
show("MHA unbatched key 3-d", lambda: mha(rand(3, 8), q, q))
show("MHA bool mask", lambda: mha(q, q, q, attn_mask=Tensor(np.triu(np.ones((3, 3), bool), 1))))
show("MHA uint8 mask", lambda: mha(q, q, q, attn_mask=Tensor(np.triu(np.ones((3, 3), np.uint8),
                                                                      1))))
show("MHA float mask", lambda: mha(q, q, q, attn_mask=rand(3, 3)))
show("MHA int32 mask", lambda: mha(q, q, q, attn_mask=Tensor(np.zeros((3, 3), np.int32))))
show("MHA mask (4, 3)", lambda: mha(q, q, q, attn_mask=rand(4, 3)))
show("MHA mask (4, 3, 3)", lambda: mha(q, q, q, attn_mask=rand(4, 3, 3)))
show("MHA mask (3, 3, 3)", lambda: mha(q, q, q, attn_mask=rand(3, 3, 3)))
show("MHA mask 1-d", lambda: mha(q, q, q, attn_mask=rand(3)))
show("MHA unbatched mask (3, 3, 3)", lambda: mha(rand(3, 8), rand(3, 8), rand(3, 8),
                                                  attn_mask=rand(3, 3, 3)))
show("MHA padding mask", lambda: mha(q, q, q, key_padding_mask=padding))
show("MHA padding mask (2, 2)", lambda: mha(q, q, q, key_padding_mask=padding[:, :2]))
show("MHA padding mask 1-d", lambda: mha(q, q, q, key_padding_mask=padding[0]))
show("MHA padding mask int32", lambda: mha(q, q, q, key_padding_mask=Tensor(
    np.zeros((2, 3), np.int32))))
show("MHA average False", lambda: mha(q, q, q, average_attn_weights=False))
show("MHA float16", lambda: mha(q.astype(ms.float16), q.astype(ms.float16),
                                q.astype(ms.float16)))
show("MHA bias_kv zero_attn", lambda: nn.MultiheadAttention(8, 2, add_bias_kv=True,
                                                             add_zero_attn=True)(q, q, q))

# -- Transformer layers --------------------------------------------------------------------------
encoder_layer = nn.TransformerEncoderLayer(8, 2, 16)
decoder_layer = nn.TransformerDecoderLayer(8, 2, 16)
show("EncoderLayer", lambda: encoder_layer(q))
show("EncoderLayer masks", lambda: encoder_layer(q, src_mask=rand(3, 3),
                                                 src_key_padding_mask=padding))
show("EncoderLayer gelu", lambda: nn.TransformerEncoderLayer(8, 2, 16, activation="gelu")(q))
show("EncoderLayer ops.gelu", lambda: nn.TransformerEncoderLayer(8, 2, 16,
                                                                 activation=ops.gelu)(q))
show("EncoderLayer tanh", lambda: nn.TransformerEncoderLayer(8, 2, 16, activation="tanh"))
show("EncoderLayer nn.GELU()", lambda: nn.TransformerEncoderLayer(8, 2, 16,
                                                                  activation=nn.GELU()))
show("EncoderLayer nn.ReLU()", lambda: nn.TransformerEncoderLayer(8, 2, 16,
                                                                  activation=nn.ReLU()))
show("EncoderLayer nn.Tanh()", lambda: nn.TransformerEncoderLayer(8, 2, 16,
                                                                  activation=nn.Tanh()))
show("DecoderLayer nn.GELU()", lambda: nn.TransformerDecoderLayer(8, 2, 16,
                                                                  activation=nn.GELU()))
show("EncoderLayer norm_first", lambda: nn.TransformerEncoderLayer(8, 2, 16, norm_first=True)(q))
show("EncoderLayer embed 6", lambda: encoder_layer(rand(3, 2, 6)))
show("EncoderLayer unbatched", lambda: encoder_layer(rand(3, 8)))
show("DecoderLayer", lambda: decoder_layer(q, rand(4, 2, 8)))
show("DecoderLayer masks", lambda: decoder_layer(q, rand(4, 2, 8), tgt_mask=rand(3, 3),
                                                 memory_mask=rand(3, 4)))
show("DecoderLayer memory batch", lambda: decoder_layer(q, rand(4, 3, 8)))
transformer = nn.Transformer(8, 2, 1, 1, 16)
show("Transformer", lambda: transformer(q, rand(4, 2, 8)))
show("Transformer batches", lambda: transformer(rand(3, 2, 8), rand(4, 3, 8)))
show("Transformer features", lambda: transformer(rand(3, 2, 8), rand(4, 2, 6)))
show("Transformer batch_first", lambda: nn.Transformer(8, 2, 1, 1, 16, batch_first=True)(
    rand(2, 3, 8), rand(2, 4, 8)))
show("Transformer batch_first batches", lambda: nn.Transformer(8, 2, 1, 1, 16, batch_first=True)(
    rand(2, 3, 8), rand(3, 4, 8)))

# -- BatchNorm -----------------------------------------------------------------------------------
for train in (True, False):
    for name, make, good, channels, integer in (
            ("BatchNorm1d", lambda: nn.BatchNorm1d(3), rand(4, 3), rand(4, 2), ones(4, 3,
                                                                                  dtype=np.int32)),
            ("BatchNorm2d", lambda: nn.BatchNorm2d(3), rand(2, 3, 4, 4), rand(2, 2, 4, 4),
             ones(2, 3, 4, 4, dtype=np.int32)),
            ("BatchNorm3d", lambda: nn.BatchNorm3d(3), rand(2, 3, 2, 4, 4), rand(2, 2, 2, 4, 4),
             ones(2, 3, 2, 4, 4, dtype=np.int32))):
        layer = make()
        layer.set_train(train)
        show(f"{name} train={train}", lambda: layer(good))
        show(f"{name} train={train} channels", lambda: layer(channels))
        show(f"{name} train={train} int32", lambda: layer(integer))
        show(f"{name} train={train} float64", lambda: layer(good.astype(ms.float64)))
        show(f"{name} train={train} float16", lambda: layer(good.astype(ms.float16)))
bn = ops.BatchNorm(is_training=True)
show("BatchNorm channels", lambda: bn(rand(2, 3, 4, 4), ones(2), ones(2), ones(2), ones(2)))
show("BatchNorm int32", lambda: bn(ones(2, 3, 4, 4, dtype=np.int32), ones(3), ones(3), ones(3),
                                   ones(3)))
show("BatchNorm int32 channels", lambda: bn(ones(2, 3, 4, 4, dtype=np.int32), ones(2), ones(2),
                                            ones(2), ones(2)))
show("BatchNorm bias", lambda: bn(ones(2, 3, 4, 4), ones(3), ones(2), ones(3), ones(3)))
show("BatchNorm float16 x", lambda: bn(ones(2, 3, 4, 4).astype(ms.float16), ones(3), ones(3),
                                       ones(3), ones(3)))
show("BatchNorm rank 1", lambda: bn(ones(3), ones(3), ones(3), ones(3), ones(3)))
show("BatchNorm rank 5", lambda: bn(ones(1, 3, 2, 2, 2), ones(3), ones(3), ones(3), ones(3)))
show("BatchNorm rank 3", lambda: bn(ones(2, 3, 4), ones(3), ones(3), ones(3), ones(3)))
show("BatchNorm eval channels", lambda: ops.BatchNorm(is_training=False)(
    ones(2, 3, 4, 4), ones(2), ones(2), ones(2), ones(2)))
show("batch_norm int32", lambda: ops.batch_norm(ones(2, 3, dtype=np.int32), ones(3), ones(3),
                                                ones(3), ones(3)))
show("batch_norm float64", lambda: ops.batch_norm(ones(2, 3, dtype=np.float64), ones(3),
                                                  ones(3), ones(3), ones(3)))
show("batch_norm channels", lambda: ops.batch_norm(rand(2, 3, 4, 4), ones(2), ones(2), ones(2),
                                                   ones(2), training=True))
