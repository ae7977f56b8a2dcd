"""The models of `benchmarks/models.py` written directly in JAX, the way a JAX engineer would.

Flax NNX modules, channels-last (NHWC: what XLA runs fastest on a CPU), the training step a pure
function of (model state, optimizer state) under one `jax.jit` that donates those buffers, optax
for the update. Same computations, shapes, dtypes and optimizers as
`models_msjax.py`; this file never imports msjax. Each `make_*` returns `(run, sync)`.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx

from model_shapes import (MOBILENET_V3_SMALL, accelerator_shape, compute_dtype_name,
                          make_divisible)

# The layers' computation dtype: float32, or bfloat16 with float32 parameters (the mixed
# precision of MindSpore's amp O2, whose black list keeps BatchNorm and LayerNorm in float32).
COMPUTE_DTYPE = {"float32": None, "bfloat16": jnp.bfloat16}[compute_dtype_name()]
# msjax's precisions, which are MindSpore's GPU defaults (msjax/_src/core/op_precision.py):
# convolutions at JAX's default (TF32 on a GPU), float32 matrix products in float32 (the
# training step runs under `jax.default_matmul_precision("float32")`, jitted_training). On the
# CPU neither changes the arithmetic.
Conv = functools.partial(nnx.Conv, dtype=COMPUTE_DTYPE, precision=jax.lax.Precision.DEFAULT)
Linear = functools.partial(nnx.Linear, dtype=COMPUTE_DTYPE)
Embed = functools.partial(nnx.Embed, dtype=COMPUTE_DTYPE)


def conv(cin, cout, kernel, stride, rngs):
    pad = kernel // 2
    return Conv(cin, cout, (kernel, kernel), (stride, stride), padding=((pad, pad), (pad, pad)),
                    use_bias=False, rngs=rngs)


def batch_norm(features, rngs):
    # MindSpore's momentum 0.9 (weight of the old value) is Flax's momentum 0.9.
    return nnx.BatchNorm(features, momentum=0.9, epsilon=1e-5, rngs=rngs)


class BasicBlock(nnx.Module):
    expansion = 1

    def __init__(self, cin, width, stride, rngs):
        cout = width * self.expansion
        self.conv1, self.bn1 = conv(cin, width, 3, stride, rngs), batch_norm(width, rngs)
        self.conv2, self.bn2 = conv(width, cout, 3, 1, rngs), batch_norm(cout, rngs)
        needs_projection = stride != 1 or cin != cout
        self.down = (nnx.Sequential(conv(cin, cout, 1, stride, rngs), batch_norm(cout, rngs))
                     if needs_projection else None)

    def __call__(self, x):
        identity = x if self.down is None else self.down(x)
        out = nnx.relu(self.bn1(self.conv1(x)))
        return nnx.relu(self.bn2(self.conv2(out)) + identity)


class Bottleneck(nnx.Module):
    expansion = 4

    def __init__(self, cin, width, stride, rngs):
        cout = width * self.expansion
        self.conv1, self.bn1 = conv(cin, width, 1, 1, rngs), batch_norm(width, rngs)
        self.conv2, self.bn2 = conv(width, width, 3, stride, rngs), batch_norm(width, rngs)
        self.conv3, self.bn3 = conv(width, cout, 1, 1, rngs), batch_norm(cout, rngs)
        needs_projection = stride != 1 or cin != cout
        self.down = (nnx.Sequential(conv(cin, cout, 1, stride, rngs), batch_norm(cout, rngs))
                     if needs_projection else None)

    def __call__(self, x):
        identity = x if self.down is None else self.down(x)
        out = nnx.relu(self.bn1(self.conv1(x)))
        out = nnx.relu(self.bn2(self.conv2(out)))
        return nnx.relu(self.bn3(self.conv3(out)) + identity)


class ResNet(nnx.Module):
    def __init__(self, block, depths, num_classes=10, *, rngs):
        self.conv1, self.bn1 = conv(3, 64, 7, 2, rngs), batch_norm(64, rngs)
        blocks, cin = [], 64
        for stage, depth in enumerate(depths):
            width = 64 * 2 ** stage
            for k in range(depth):
                blocks.append(block(cin, width, 2 if (k == 0 and stage > 0) else 1, rngs))
                cin = width * block.expansion
        self.blocks = nnx.Sequential(*blocks)
        self.fc = Linear(cin, num_classes, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn1(self.conv1(x)))
        x = nnx.max_pool(x, (3, 3), (2, 2), padding="SAME")
        return self.fc(jnp.mean(self.blocks(x), axis=(1, 2)))


class ConvBnAct(nnx.Module):
    def __init__(self, cin, cout, kernel, stride, groups, activation, rngs):
        pad = kernel // 2
        self.conv = Conv(cin, cout, (kernel, kernel), (stride, stride),
                             padding=((pad, pad), (pad, pad)), feature_group_count=groups,
                             use_bias=False, rngs=rngs)
        self.bn = batch_norm(cout, rngs)
        self.activation = activation

    def __call__(self, x):
        x = self.bn(self.conv(x))
        return x if self.activation is None else self.activation(x)


class SqueezeExcite(nnx.Module):
    def __init__(self, channels, rngs):
        squeezed = make_divisible(channels // 4)
        self.reduce = Conv(channels, squeezed, (1, 1), rngs=rngs)
        self.expand = Conv(squeezed, channels, (1, 1), rngs=rngs)

    def __call__(self, x):
        scale = jnp.mean(x, axis=(1, 2), keepdims=True)
        return x * jax.nn.hard_sigmoid(self.expand(nnx.relu(self.reduce(scale))))


class InvertedResidual(nnx.Module):
    def __init__(self, cin, kernel, expansion, cout, squeeze, hard_swish, stride, rngs):
        activation = jax.nn.hard_swish if hard_swish else nnx.relu
        layers = []
        if expansion != cin:
            layers.append(ConvBnAct(cin, expansion, 1, 1, 1, activation, rngs))
        layers.append(ConvBnAct(expansion, expansion, kernel, stride, expansion, activation, rngs))
        if squeeze:
            layers.append(SqueezeExcite(expansion, rngs))
        layers.append(ConvBnAct(expansion, cout, 1, 1, 1, None, rngs))
        self.body = nnx.Sequential(*layers)
        self.residual = stride == 1 and cin == cout

    def __call__(self, x):
        return x + self.body(x) if self.residual else self.body(x)


class MobileNetV3Small(nnx.Module):
    def __init__(self, num_classes=10, *, rngs):
        blocks, cin = [ConvBnAct(3, 16, 3, 2, 1, jax.nn.hard_swish, rngs)], 16
        for kernel, expansion, cout, squeeze, hard_swish, stride in MOBILENET_V3_SMALL:
            blocks.append(InvertedResidual(cin, kernel, expansion, cout, squeeze, hard_swish,
                                           stride, rngs))
            cin = cout
        blocks.append(ConvBnAct(cin, 576, 1, 1, 1, jax.nn.hard_swish, rngs))
        self.features = nnx.Sequential(*blocks)
        self.fc1, self.fc2 = Linear(576, 1024, rngs=rngs), Linear(1024, num_classes, rngs=rngs)

    def __call__(self, x):
        x = jnp.mean(self.features(x), axis=(1, 2))
        return self.fc2(jax.nn.hard_swish(self.fc1(x)))


class SelfAttention(nnx.Module):
    def __init__(self, dim, heads, rngs):
        self.heads, self.head_dim = heads, dim // heads
        self.qkv = Linear(dim, 3 * dim, rngs=rngs)
        self.proj = Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        batch, tokens, dim = x.shape
        qkv = self.qkv(x).reshape(batch, tokens, 3, self.heads, self.head_dim)
        q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
        logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) * self.head_dim ** -0.5
        out = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(logits, axis=-1), v)
        return self.proj(out.reshape(batch, tokens, dim))


class BertAttention(nnx.Module):
    """Separate query, key and value projections, as Flax's MultiHeadDotProductAttention and
    MindSpore's BERT (`models_msjax.BertAttention`) have them."""

    def __init__(self, dim, heads, rngs):
        self.heads, self.head_dim = heads, dim // heads
        self.query, self.key, self.value = (Linear(dim, dim, rngs=rngs) for _ in range(3))
        self.proj = Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        batch, tokens, dim = x.shape
        q, k, v = (layer(x).reshape(batch, tokens, self.heads, self.head_dim)
                   for layer in (self.query, self.key, self.value))
        logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) * self.head_dim ** -0.5
        out = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(logits, axis=-1), v)
        return self.proj(out.reshape(batch, tokens, dim))


class EncoderBlock(nnx.Module):
    def __init__(self, dim, heads, mlp_dim, pre_norm, rngs, attention=SelfAttention):
        self.pre_norm = pre_norm
        self.norm1, self.norm2 = nnx.LayerNorm(dim, rngs=rngs), nnx.LayerNorm(dim, rngs=rngs)
        self.attention = attention(dim, heads, rngs)
        self.fc1, self.fc2 = Linear(dim, mlp_dim, rngs=rngs), Linear(mlp_dim, dim, rngs=rngs)

    def mlp(self, x):
        return self.fc2(jax.nn.gelu(self.fc1(x), approximate=False))

    def __call__(self, x):
        if self.pre_norm:
            x = x + self.attention(self.norm1(x))
            return x + self.mlp(self.norm2(x))
        x = self.norm1(x + self.attention(x))
        return self.norm2(x + self.mlp(x))


class ViT(nnx.Module):
    def __init__(self, image=32, patch=4, dim=192, depth=12, heads=3, mlp_dim=768, num_classes=10,
                 *, rngs):
        tokens = (image // patch) ** 2 + 1
        self.patch_embed = Conv(3, dim, (patch, patch), (patch, patch), padding="VALID",
                                    rngs=rngs)
        self.cls_token = nnx.Param(jnp.zeros((1, 1, dim)))
        self.pos_embed = nnx.Param(0.02 * jax.random.normal(rngs.params(), (1, tokens, dim)))
        self.blocks = nnx.Sequential(*[EncoderBlock(dim, heads, mlp_dim, True, rngs)
                                       for _ in range(depth)])
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.head = Linear(dim, num_classes, rngs=rngs)

    def __call__(self, x):
        x = self.patch_embed(x)
        batch, dim = x.shape[0], x.shape[-1]
        x = x.reshape(batch, -1, dim)
        cls = jnp.broadcast_to(self.cls_token.value.astype(x.dtype), (batch, 1, dim))
        x = jnp.concatenate([cls, x], axis=1) + self.pos_embed.value.astype(x.dtype)
        return self.head(self.norm(self.blocks(x))[:, 0])


class BertTiny(nnx.Module):
    def __init__(self, vocab=30522, seq=128, dim=128, depth=2, heads=2, mlp_dim=512, num_classes=2,
                 *, rngs):
        self.word, self.position = Embed(vocab, dim, rngs=rngs), Embed(seq, dim, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.blocks = nnx.Sequential(*[EncoderBlock(dim, heads, mlp_dim, False, rngs,
                                                    BertAttention) for _ in range(depth)])
        self.pooler = Linear(dim, dim, rngs=rngs)
        self.classifier = Linear(dim, num_classes, rngs=rngs)

    def __call__(self, ids):
        x = self.norm(self.word(ids) + self.position(jnp.arange(ids.shape[1])[None]))
        return self.classifier(jnp.tanh(self.pooler(self.blocks(x)[:, 0])))


def jitted_training(model, tx, x, y):
    """One jitted step over (model state, optimizer state), both donated: the Flax NNX functional
    pattern (merge inside `jax.jit`, `nnx.value_and_grad`, optax), no per-step graph traversal."""
    graphdef, state = nnx.split(model)
    opt_state = tx.init(nnx.state(model, nnx.Param))

    @functools.partial(jax.jit, donate_argnums=(0, 1))
    def step(state, opt_state, x, y):
        model = nnx.merge(graphdef, state)

        def loss_fn(model):
            logits = model(x).astype(jnp.float32)  # (amp O2 casts the output to float32)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        params = nnx.state(model, nnx.Param)
        updates, opt_state = tx.update(grads, opt_state, params)
        nnx.update(model, optax.apply_updates(params, updates))
        return nnx.state(model), opt_state, loss

    carry = [state, opt_state]
    x, y = jnp.asarray(x), jnp.asarray(y)

    def run():
        with jax.default_matmul_precision("float32"):  # as msjax's products (see Conv above)
            carry[0], carry[1], loss = step(carry[0], carry[1], x, y)
        return loss
    return run, lambda loss: loss.block_until_ready()


def make_resnet(depth, batch, image):
    block, depths = {18: (BasicBlock, (2, 2, 2, 2)), 50: (Bottleneck, (3, 4, 6, 3))}[depth]
    model = ResNet(block, depths, rngs=nnx.Rngs(0))
    rng = np.random.default_rng(0)
    x = rng.standard_normal((batch, image, image, 3)).astype(np.float32)
    y = rng.integers(0, 10, batch).astype(np.int32)
    return jitted_training(model, optax.sgd(0.01, momentum=0.9), x, y)


def make_mobilenet(batch):
    model = MobileNetV3Small(rngs=nnx.Rngs(0))
    rng = np.random.default_rng(0)
    x = rng.standard_normal((batch, 32, 32, 3)).astype(np.float32)
    y = rng.integers(0, 10, batch).astype(np.int32)
    return jitted_training(model, optax.sgd(0.01, momentum=0.9), x, y)


def make_vit(batch):
    model = ViT(rngs=nnx.Rngs(0))
    rng = np.random.default_rng(0)
    x = rng.standard_normal((batch, 32, 32, 3)).astype(np.float32)
    y = rng.integers(0, 10, batch).astype(np.int32)
    return jitted_training(model, optax.adamw(1e-3, weight_decay=0.05), x, y)


def make_bert(batch):
    model = BertTiny(rngs=nnx.Rngs(0))
    rng = np.random.default_rng(0)
    ids = rng.integers(0, 30522, (batch, 128)).astype(np.int32)
    y = rng.integers(0, 2, batch).astype(np.int32)
    return jitted_training(model, optax.adam(1e-4), ids, y)


def make_lstm(batch):
    """`rnn_jax.py`'s LSTM language model (lax.scan per layer, optax Adam), batch 32 whatever
    `batch` says, with weights drawn here as MindSpore's LSTM draws them (uniform in
    +-1/sqrt(hidden))."""
    import rnn_jax
    rng = np.random.default_rng(0)
    bound = rnn_jax.HIDDEN ** -0.5
    return rnn_jax.jax_step({name: rng.uniform(-bound, bound, shape).astype(np.float32)
                             for name, shape in rnn_jax.parameter_shapes().items()})


def make_accelerator(model, batch):
    """ResNet-50 (SGD with momentum), ViT-B/16 (AdamW) and BERT-base (Adam) at
    `accelerator_shape(model)`."""
    shape, rng, rngs = accelerator_shape(model), np.random.default_rng(0), nnx.Rngs(0)
    if model == "bert_base":
        ids = rng.integers(0, shape["vocab"], (batch, shape["seq"])).astype(np.int32)
        y = rng.integers(0, shape["num_classes"], batch).astype(np.int32)
        return jitted_training(BertTiny(**shape, rngs=rngs), optax.adam(1e-4), ids, y)
    x = rng.standard_normal((batch, shape["image"], shape["image"], 3)).astype(np.float32)
    y = rng.integers(0, shape["num_classes"], batch).astype(np.int32)
    if model == "vit_b16":
        return jitted_training(ViT(**shape, rngs=rngs), optax.adamw(1e-3, weight_decay=0.05), x, y)
    net = ResNet(Bottleneck, shape["depths"], shape["num_classes"], rngs=rngs)
    return jitted_training(net, optax.sgd(0.01, momentum=0.9), x, y)


MODELS = {
    "resnet18": lambda batch: make_resnet(18, batch, 32),
    "resnet50": lambda batch: make_resnet(50, batch, 32),
    "resnet18_224": lambda batch: make_resnet(18, batch, 224),
    "resnet50_224": lambda batch: make_resnet(50, batch, 224),
    "mobilenet_v3_small": make_mobilenet,
    "vit_tiny": make_vit,
    "bert_tiny": make_bert,
    "lstm_lm": make_lstm,
    # benchmarks/accelerator.py's (model_shapes.accelerator_shape: full or tiny)
    "acc_resnet50": lambda batch: make_accelerator("resnet50_224", batch),
    # msjax's NHWC form of the same model (Flax's layout is NHWC in both rows)
    "acc_resnet50_nhwc": lambda batch: make_accelerator("resnet50_224", batch),
    "acc_vit_b16": lambda batch: make_accelerator("vit_b16", batch),
    "acc_bert_base": lambda batch: make_accelerator("bert_base", batch),
}
