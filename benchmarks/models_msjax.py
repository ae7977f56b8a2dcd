"""The models of `benchmarks/models.py` written the way MindSpore users write them.

Cells with MindSpore's NCHW layout, trained with `nn.TrainOneStepCell` (ResNet, BERT-tiny) or
with `ms.value_and_grad` + an optimizer inside an `@ms.jit` function (ViT-tiny), in GRAPH_MODE.
Each `make_*` returns `(run, sync)`: `run()` does one training step on a fixed random batch and
returns the loss Tensor, `sync(loss)` waits for it.
"""
from __future__ import annotations

import numpy as np

import msjax as ms
from msjax import Tensor, nn, ops

from model_shapes import (MOBILENET_V3_SMALL, accelerator_shape, compute_dtype_name,
                          make_divisible)


# -- ResNet (torchvision/MindCV layout: 7x7 stride-2 stem, max pool, four stages) ---------------
# `fmt`: MindSpore's NCHW, or its GPU target's NHWC (as the model zoo's GPU ResNet-50 benchmark,
# official/cv/ResNet/src/resnet_gpu_benchmark.py, writes it).
def conv(cin, cout, kernel, stride, fmt="NCHW"):
    return nn.Conv2d(cin, cout, kernel, stride=stride, pad_mode="pad", padding=kernel // 2,
                     has_bias=False, data_format=fmt)


class BasicBlock(nn.Cell):
    expansion = 1

    def __init__(self, cin, width, stride, fmt="NCHW"):
        super().__init__()
        cout = width * self.expansion
        self.conv1 = conv(cin, width, 3, stride, fmt)
        self.bn1 = nn.BatchNorm2d(width, data_format=fmt)
        self.conv2, self.bn2 = conv(width, cout, 3, 1, fmt), nn.BatchNorm2d(cout, data_format=fmt)
        self.relu = nn.ReLU()
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.SequentialCell([conv(cin, cout, 1, stride, fmt),
                                           nn.BatchNorm2d(cout, data_format=fmt)])

    def construct(self, x):
        identity = x if self.down is None else self.down(x)
        out = self.relu(self.bn1(self.conv1(x)))
        return self.relu(self.bn2(self.conv2(out)) + identity)


class Bottleneck(nn.Cell):
    expansion = 4

    def __init__(self, cin, width, stride, fmt="NCHW"):
        super().__init__()
        cout = width * self.expansion
        self.conv1, self.bn1 = conv(cin, width, 1, 1, fmt), nn.BatchNorm2d(width, data_format=fmt)
        self.conv2 = conv(width, width, 3, stride, fmt)
        self.bn2 = nn.BatchNorm2d(width, data_format=fmt)
        self.conv3, self.bn3 = conv(width, cout, 1, 1, fmt), nn.BatchNorm2d(cout, data_format=fmt)
        self.relu = nn.ReLU()
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.SequentialCell([conv(cin, cout, 1, stride, fmt),
                                           nn.BatchNorm2d(cout, data_format=fmt)])

    def construct(self, x):
        identity = x if self.down is None else self.down(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        return self.relu(self.bn3(self.conv3(out)) + identity)


class ResNet(nn.Cell):
    def __init__(self, block, depths, num_classes=10, fmt="NCHW"):
        super().__init__()
        self.conv1, self.bn1 = conv(3, 64, 7, 2, fmt), nn.BatchNorm2d(64, data_format=fmt)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(3, 2, pad_mode="same", data_format=fmt)
        blocks, cin = [], 64
        for stage, depth in enumerate(depths):
            width = 64 * 2 ** stage
            for k in range(depth):
                blocks.append(block(cin, width, 2 if (k == 0 and stage > 0) else 1, fmt))
                cin = width * block.expansion
        self.blocks = nn.SequentialCell(blocks)
        self.mean = ops.ReduceMean(keep_dims=False)
        self.fc = nn.Dense(cin, num_classes)
        self.spatial = (2, 3) if fmt == "NCHW" else (1, 2)

    def construct(self, x):
        x = self.pool(self.relu(self.bn1(self.conv1(x))))
        return self.fc(self.mean(self.blocks(x), self.spatial))


# -- transformer encoder (ViT: pre-norm; BERT: post-norm) ----------------------------------------
class SelfAttention(nn.Cell):
    """ViT's attention as MindCV writes it: one fused qkv Dense, split after a transpose."""

    def __init__(self, dim, heads):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.qkv = nn.Dense(dim, 3 * dim)
        self.proj = nn.Dense(dim, dim)
        self.softmax = nn.Softmax(axis=-1)
        self.scale = self.head_dim ** -0.5

    def construct(self, x):
        batch, tokens, dim = x.shape
        qkv = self.qkv(x).reshape(batch, tokens, 3, self.heads, self.head_dim)
        qkv = ops.transpose(qkv, (2, 0, 3, 1, 4))
        q, k, v = qkv[0], qkv[1], qkv[2]
        attention = self.softmax(ops.matmul(q, ops.transpose(k, (0, 1, 3, 2))) * self.scale)
        out = ops.transpose(ops.matmul(attention, v), (0, 2, 1, 3)).reshape(batch, tokens, dim)
        return self.proj(out)


class BertAttention(nn.Cell):
    """BERT's attention as MindSpore's BERT writes it (mindspore-ai/models
    official/nlp/Bert/src/bert_model.py, `BertAttention`): separate query, key and value Dense
    layers, each reshaped to (batch, tokens, heads, head_dim) and transposed (0, 2, 1, 3), the
    scores a `BatchMatMul(transpose_b=True)`; then the output Dense (its `BertOutput`)."""

    def __init__(self, dim, heads):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.query, self.key, self.value = nn.Dense(dim, dim), nn.Dense(dim, dim), nn.Dense(dim, dim)
        self.proj = nn.Dense(dim, dim)
        self.softmax = nn.Softmax(axis=-1)
        self.matmul_trans_b = ops.BatchMatMul(transpose_b=True)
        self.scale = self.head_dim ** -0.5

    def split_heads(self, x, batch, tokens):
        return ops.transpose(x.reshape(batch, tokens, self.heads, self.head_dim), (0, 2, 1, 3))

    def construct(self, x):
        batch, tokens, dim = x.shape
        q, k, v = (self.split_heads(layer(x), batch, tokens)
                   for layer in (self.query, self.key, self.value))
        attention = self.softmax(self.matmul_trans_b(q, k) * self.scale)
        out = ops.transpose(ops.matmul(attention, v), (0, 2, 1, 3)).reshape(batch, tokens, dim)
        return self.proj(out)


class EncoderBlock(nn.Cell):
    def __init__(self, dim, heads, mlp_dim, pre_norm, attention=SelfAttention):
        super().__init__()
        self.pre_norm = pre_norm
        self.norm1, self.norm2 = nn.LayerNorm((dim,), epsilon=1e-6), nn.LayerNorm((dim,), epsilon=1e-6)
        self.attention = attention(dim, heads)
        self.mlp = nn.SequentialCell([nn.Dense(dim, mlp_dim), nn.GELU(approximate=False),
                                      nn.Dense(mlp_dim, dim)])

    def construct(self, x):
        if self.pre_norm:
            x = x + self.attention(self.norm1(x))
            return x + self.mlp(self.norm2(x))
        x = self.norm1(x + self.attention(x))
        return self.norm2(x + self.mlp(x))


class ViT(nn.Cell):
    def __init__(self, image=32, patch=4, dim=192, depth=12, heads=3, mlp_dim=768, num_classes=10):
        super().__init__()
        tokens = (image // patch) ** 2 + 1
        self.patch_embed = nn.Conv2d(3, dim, patch, stride=patch, has_bias=True)
        self.cls_token = ms.Parameter(Tensor(np.zeros((1, 1, dim), np.float32)), name="cls_token")
        self.pos_embed = ms.Parameter(Tensor(np.random.default_rng(0).normal(
            0, 0.02, (1, tokens, dim)).astype(np.float32)), name="pos_embed")
        self.blocks = nn.SequentialCell([EncoderBlock(dim, heads, mlp_dim, True)
                                         for _ in range(depth)])
        self.norm = nn.LayerNorm((dim,), epsilon=1e-6)
        self.head = nn.Dense(dim, num_classes)

    def construct(self, x):
        x = self.patch_embed(x)
        batch, dim = x.shape[0], x.shape[1]
        x = ops.transpose(x.reshape(batch, dim, -1), (0, 2, 1))
        cls = ops.broadcast_to(self.cls_token, (batch, 1, dim))
        x = ops.concat((cls, x), axis=1) + self.pos_embed
        return self.head(self.norm(self.blocks(x))[:, 0])


class BertTiny(nn.Cell):
    """BERT-tiny's shape: 2 post-norm layers, hidden 128, 2 heads, intermediate 512, with
    MindSpore BERT's separate query/key/value layers (`BertAttention`)."""

    def __init__(self, vocab=30522, seq=128, dim=128, depth=2, heads=2, mlp_dim=512, num_classes=2):
        super().__init__()
        self.word = nn.Embedding(vocab, dim)
        self.position = nn.Embedding(seq, dim)
        self.positions = Tensor(np.arange(seq, dtype=np.int32)[None])
        self.norm = nn.LayerNorm((dim,), epsilon=1e-6)
        self.blocks = nn.SequentialCell([EncoderBlock(dim, heads, mlp_dim, False, BertAttention)
                                         for _ in range(depth)])
        self.pooler = nn.Dense(dim, dim, activation="tanh")
        self.classifier = nn.Dense(dim, num_classes)

    def construct(self, ids):
        x = self.norm(self.word(ids) + self.position(self.positions))
        return self.classifier(self.pooler(self.blocks(x)[:, 0]))


# -- MobileNetV3-small (inverted residuals, depthwise convs, squeeze-excite, hard-swish) --------
def conv_bn_act(cin, cout, kernel, stride, group, activation):
    layers = [nn.Conv2d(cin, cout, kernel, stride=stride, pad_mode="pad", padding=kernel // 2,
                        group=group, has_bias=False), nn.BatchNorm2d(cout)]
    return nn.SequentialCell(layers + ([activation] if activation is not None else []))


class SqueezeExcite(nn.Cell):
    def __init__(self, channels):
        super().__init__()
        squeezed = make_divisible(channels // 4)
        self.mean = ops.ReduceMean(keep_dims=True)
        self.reduce = nn.Conv2d(channels, squeezed, 1, has_bias=True)
        self.expand = nn.Conv2d(squeezed, channels, 1, has_bias=True)
        self.relu, self.gate = nn.ReLU(), nn.HSigmoid()

    def construct(self, x):
        scale = self.gate(self.expand(self.relu(self.reduce(self.mean(x, (2, 3))))))
        return x * scale


class InvertedResidual(nn.Cell):
    def __init__(self, cin, kernel, expansion, cout, squeeze, hard_swish, stride):
        super().__init__()
        activation = nn.HSwish() if hard_swish else nn.ReLU()
        layers = []
        if expansion != cin:
            layers.append(conv_bn_act(cin, expansion, 1, 1, 1, activation))
        layers.append(conv_bn_act(expansion, expansion, kernel, stride, expansion, activation))
        if squeeze:
            layers.append(SqueezeExcite(expansion))
        layers.append(conv_bn_act(expansion, cout, 1, 1, 1, None))
        self.body = nn.SequentialCell(layers)
        self.residual = stride == 1 and cin == cout

    def construct(self, x):
        return x + self.body(x) if self.residual else self.body(x)


class MobileNetV3Small(nn.Cell):
    def __init__(self, num_classes=10):
        super().__init__()
        blocks, cin = [conv_bn_act(3, 16, 3, 2, 1, nn.HSwish())], 16
        for kernel, expansion, cout, squeeze, hard_swish, stride in MOBILENET_V3_SMALL:
            blocks.append(InvertedResidual(cin, kernel, expansion, cout, squeeze, hard_swish,
                                           stride))
            cin = cout
        blocks.append(conv_bn_act(cin, 576, 1, 1, 1, nn.HSwish()))
        self.features = nn.SequentialCell(blocks)
        self.mean = ops.ReduceMean(keep_dims=False)
        self.head = nn.SequentialCell([nn.Dense(576, 1024), nn.HSwish(), nn.Dense(1024, num_classes)])

    def construct(self, x):
        return self.head(self.mean(self.features(x), (2, 3)))


# -- training steps --------------------------------------------------------------------------
def _sync(loss):
    loss._data.block_until_ready()


def mixed_precision(net):
    """The network as MSJAX_BENCH_DTYPE asks: as it is (float32), or under amp O2 in bfloat16
    (BatchNorm and LayerNorm kept in float32, the output cast to float32)."""
    if compute_dtype_name() == "bfloat16":
        return ms.amp.auto_mixed_precision(net, "O2", dtype=ms.bfloat16)
    return net


def train_one_step_cell(net, optimizer, x, y):
    net = mixed_precision(net)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    train.set_train()
    xt, yt = Tensor(x), Tensor(y)
    return (lambda: train(xt, yt)), _sync


def make_resnet(depth, batch, image):
    ms.set_context(mode=ms.GRAPH_MODE)
    block, depths = {18: (BasicBlock, (2, 2, 2, 2)), 50: (Bottleneck, (3, 4, 6, 3))}[depth]
    net = ResNet(block, depths)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((batch, 3, image, image)).astype(np.float32)
    y = rng.integers(0, 10, batch).astype(np.int32)
    return train_one_step_cell(net, nn.Momentum(net.trainable_params(), 0.01, 0.9), x, y)


def make_mobilenet(batch):
    ms.set_context(mode=ms.GRAPH_MODE)
    net = MobileNetV3Small()
    rng = np.random.default_rng(0)
    x = rng.standard_normal((batch, 3, 32, 32)).astype(np.float32)
    y = rng.integers(0, 10, batch).astype(np.int32)
    return train_one_step_cell(net, nn.Momentum(net.trainable_params(), 0.01, 0.9), x, y)


def make_vit(batch):
    """value_and_grad + AdamWeightDecay inside one `ms.jit` function."""
    ms.set_context(mode=ms.GRAPH_MODE)
    net = ViT()
    net.set_train()
    optimizer = nn.AdamWeightDecay(net.trainable_params(), 1e-3, weight_decay=0.05)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def forward(data, label):
        return loss_fn(net(data), label)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)

    @ms.jit
    def train_step(data, label):
        loss, grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    rng = np.random.default_rng(0)
    x = Tensor(rng.standard_normal((batch, 3, 32, 32)).astype(np.float32))
    y = Tensor(rng.integers(0, 10, batch).astype(np.int32))
    return (lambda: train_step(x, y)), _sync


def make_bert(batch):
    ms.set_context(mode=ms.GRAPH_MODE)
    net = BertTiny()
    rng = np.random.default_rng(0)
    ids = rng.integers(0, 30522, (batch, 128)).astype(np.int32)
    y = rng.integers(0, 2, batch).astype(np.int32)
    return train_one_step_cell(net, nn.Adam(net.trainable_params(), 1e-4), ids, y)


def make_lstm(batch):
    """The LSTM language model of `rnn.py` (2 layers, hidden 256, seq 64; its own batch of 32,
    whatever `batch` says): TrainOneStepCell + Adam under `ms.jit`."""
    import rnn
    ms.set_context(mode=ms.GRAPH_MODE)
    run, sync, _ = rnn.msjax_step()
    return run, sync


def make_accelerator(model, batch, fmt="NCHW"):
    """ResNet-50 (Momentum), ViT-B/16 (AdamWeightDecay) and BERT-base (Adam) at
    `accelerator_shape(model)`, each a TrainOneStepCell called in GRAPH_MODE. `fmt` "NHWC":
    ResNet-50 in MindSpore's GPU layout (its GPU target, which builds NHWC layers)."""
    ms.set_context(mode=ms.GRAPH_MODE)
    shape, rng = accelerator_shape(model), np.random.default_rng(0)
    if model == "bert_base":
        net = BertTiny(**shape)
        ids = rng.integers(0, shape["vocab"], (batch, shape["seq"])).astype(np.int32)
        y = rng.integers(0, shape["num_classes"], batch).astype(np.int32)
        return train_one_step_cell(net, nn.Adam(net.trainable_params(), 1e-4), ids, y)
    x = rng.standard_normal((batch, 3, shape["image"], shape["image"])).astype(np.float32)
    y = rng.integers(0, shape["num_classes"], batch).astype(np.int32)
    if model == "vit_b16":
        net = ViT(**shape)
        optimizer = nn.AdamWeightDecay(net.trainable_params(), 1e-3, weight_decay=0.05)
        return train_one_step_cell(net, optimizer, x, y)
    if fmt == "NHWC":
        ms.set_context(device_target="GPU")
        x = np.ascontiguousarray(np.transpose(x, (0, 2, 3, 1)))
    net = ResNet(Bottleneck, shape["depths"], shape["num_classes"], fmt)
    return train_one_step_cell(net, nn.Momentum(net.trainable_params(), 0.01, 0.9), x, y)


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
    "acc_resnet50_nhwc": lambda batch: make_accelerator("resnet50_224", batch, "NHWC"),
    "acc_vit_b16": lambda batch: make_accelerator("vit_b16", batch),
    "acc_bert_base": lambda batch: make_accelerator("bert_base", batch),
}
