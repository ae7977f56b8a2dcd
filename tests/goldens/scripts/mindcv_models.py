"""Small models written the way MindCV writes ResNet, DenseNet, MobileNetV3, ViT, EfficientNet and ConvNeXt (our own code, not
copies), and their MindSpore 2.10 goldens (recorded, never hand-written): a checkpoint written by
MindSpore, the eval-mode logits on a fixed batch, and the losses and parameters of three
training steps (Momentum, TrainOneStepCell).

Regenerate (from the repository root)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/mindcv_models.py

Writes ``mindcv_<model>.ckpt`` and ``mindcv_models.npz`` / ``mindcv_models.json``. Imported (not run
as __main__) it only defines the models; tests/nn/test_mindcv_models.py imports it with mindspore
answered by msjax.
"""
import json
import os
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


# -- ResNet (MindCV's resnet.py structure: BasicBlock with a downsample SequentialCell) ---------
class BasicBlock(nn.Cell):
    expansion = 1

    def __init__(self, in_channels, channels, stride=1, down_sample=None):
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels, channels, 3, stride=stride, padding=1, pad_mode="pad")
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, stride=1, padding=1, pad_mode="pad")
        self.bn2 = nn.BatchNorm2d(channels)
        self.relu = nn.ReLU()
        self.down_sample = down_sample

    def construct(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.down_sample is not None:
            identity = self.down_sample(x)
        return self.relu(out + identity)


class ResNet(nn.Cell):
    def __init__(self, layers=(1, 1), num_classes=5, width=8):
        super().__init__()
        self.input_channels = width
        self.conv1 = nn.Conv2d(3, width, 7, stride=2, pad_mode="pad", padding=3)
        self.bn1 = nn.BatchNorm2d(width)
        self.relu = nn.ReLU()
        self.max_pool = nn.SequentialCell([nn.Pad(paddings=((0, 0), (0, 0), (1, 1), (1, 1)),
                                                  mode="CONSTANT"),
                                           nn.MaxPool2d(kernel_size=3, stride=2)])
        self.layer1 = self._make_layer(width, layers[0])
        self.layer2 = self._make_layer(width * 2, layers[1], stride=2)
        self.classifier = nn.Dense(width * 2, num_classes)

    def _make_layer(self, channels, block_nums, stride=1):
        down_sample = None
        if stride != 1 or self.input_channels != channels:
            down_sample = nn.SequentialCell([
                nn.Conv2d(self.input_channels, channels, 1, stride=stride),
                nn.BatchNorm2d(channels)])
        layers = [BasicBlock(self.input_channels, channels, stride, down_sample)]
        self.input_channels = channels
        for _ in range(1, block_nums):
            layers.append(BasicBlock(self.input_channels, channels))
        return nn.SequentialCell(layers)

    def construct(self, x):
        x = self.max_pool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer2(self.layer1(x))
        x = ops.mean(x, (2, 3), keep_dims=False)
        return self.classifier(x)


# -- DenseNet (MindCV's densenet.py: _DenseLayer concatenation, _Transition with AvgPool) ------
class DenseLayer(nn.Cell):
    def __init__(self, num_input_features, growth_rate, bn_size):
        super().__init__()
        self.norm1 = nn.BatchNorm2d(num_input_features)
        self.relu1 = nn.ReLU()
        self.conv1 = nn.Conv2d(num_input_features, bn_size * growth_rate, kernel_size=1)
        self.norm2 = nn.BatchNorm2d(bn_size * growth_rate)
        self.relu2 = nn.ReLU()
        self.conv2 = nn.Conv2d(bn_size * growth_rate, growth_rate, kernel_size=3, pad_mode="pad",
                               padding=1)

    def construct(self, features):
        out = self.conv1(self.relu1(self.norm1(features)))
        out = self.conv2(self.relu2(self.norm2(out)))
        return ops.concat((features, out), axis=1)


class Transition(nn.Cell):
    def __init__(self, num_input_features, num_output_features):
        super().__init__()
        self.features = nn.SequentialCell([
            nn.BatchNorm2d(num_input_features), nn.ReLU(),
            nn.Conv2d(num_input_features, num_output_features, kernel_size=1),
            nn.AvgPool2d(kernel_size=2, stride=2)])

    def construct(self, x):
        return self.features(x)


class DenseNet(nn.Cell):
    def __init__(self, growth_rate=4, block_layers=(2, 2), num_init_features=8, num_classes=5):
        super().__init__()
        self.conv0 = nn.Conv2d(3, num_init_features, 7, stride=2, pad_mode="pad", padding=3)
        self.pad = nn.Pad(paddings=((0, 0), (0, 0), (1, 1), (1, 1)), mode="CONSTANT")
        self.pool0 = nn.MaxPool2d(kernel_size=3, stride=2)
        layers, num_features = [], num_init_features
        for index, count in enumerate(block_layers):
            for _ in range(count):
                layers.append(DenseLayer(num_features, growth_rate, 2))
                num_features += growth_rate
            if index != len(block_layers) - 1:
                layers.append(Transition(num_features, num_features // 2))
                num_features //= 2
        self.features = nn.SequentialCell(layers)
        self.norm5 = nn.BatchNorm2d(num_features)
        self.relu = nn.ReLU()
        self.classifier = nn.Dense(num_features, num_classes)

    def construct(self, x):
        x = self.pool0(self.pad(self.conv0(x)))
        x = self.relu(self.norm5(self.features(x)))
        return self.classifier(ops.mean(x, (2, 3)))


# -- MobileNetV3 (MindCV's mobilenetv3.py: inverted residual with squeeze-excite, HSwish) -------
class SqueezeExcite(nn.Cell):
    def __init__(self, channels, reduced):
        super().__init__()
        self.conv_reduce = nn.Conv2d(channels, reduced, 1, has_bias=True)
        self.act = nn.ReLU()
        self.conv_expand = nn.Conv2d(reduced, channels, 1, has_bias=True)
        self.gate = nn.HSigmoid()

    def construct(self, x):
        scale = ops.mean(x, (2, 3), True)
        return x * self.gate(self.conv_expand(self.act(self.conv_reduce(scale))))


class InvertedResidual(nn.Cell):
    def __init__(self, in_channels, mid_channels, out_channels, kernel, stride, use_se):
        super().__init__()
        self.use_res_connect = stride == 1 and in_channels == out_channels
        layers = [nn.Conv2d(in_channels, mid_channels, 1), nn.BatchNorm2d(mid_channels), nn.HSwish(),
                  nn.Conv2d(mid_channels, mid_channels, kernel, stride, group=mid_channels),
                  nn.BatchNorm2d(mid_channels), nn.HSwish()]
        if use_se:
            layers.append(SqueezeExcite(mid_channels, mid_channels // 4))
        layers += [nn.Conv2d(mid_channels, out_channels, 1), nn.BatchNorm2d(out_channels)]
        self.layers = nn.SequentialCell(layers)

    def construct(self, x):
        out = self.layers(x)
        return x + out if self.use_res_connect else out


class MobileNetV3(nn.Cell):
    def __init__(self, num_classes=5):
        super().__init__()
        self.features = nn.SequentialCell([
            nn.Conv2d(3, 8, 3, 2), nn.BatchNorm2d(8), nn.HSwish(),
            InvertedResidual(8, 16, 8, 3, 1, True),
            InvertedResidual(8, 24, 12, 5, 2, False)])
        self.classifier = nn.SequentialCell([nn.Dense(12, 16), nn.HSwish(), nn.Dense(16, num_classes)])

    def construct(self, x):
        return self.classifier(ops.mean(self.features(x), (2, 3)))


# -- ViT (MindCV's vit.py: patch embedding Conv2d, class token and position Parameters,
#    Attention with one qkv Dense and BatchMatMul, pre-norm blocks with GELU MLP) -----------------
class Attention(nn.Cell):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.qkv = nn.Dense(dim, dim * 3)
        self.proj = nn.Dense(dim, dim)
        self.softmax = nn.Softmax(axis=-1)
        self.q_matmul_k = ops.BatchMatMul(transpose_b=True)
        self.attn_matmul_v = ops.BatchMatMul()

    def construct(self, x):
        b, n, c = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, self.num_heads, c // self.num_heads)
        qkv = ops.transpose(qkv, (2, 0, 3, 1, 4))
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = self.softmax(self.q_matmul_k(q, k) * self.scale)
        out = ops.transpose(self.attn_matmul_v(attn, v), (0, 2, 1, 3)).reshape(b, n, c)
        return self.proj(out)


class Block(nn.Cell):
    def __init__(self, dim, num_heads, mlp_ratio=2):
        super().__init__()
        self.norm1 = nn.LayerNorm((dim,), epsilon=1e-6)
        self.attn = Attention(dim, num_heads)
        self.norm2 = nn.LayerNorm((dim,), epsilon=1e-6)
        self.mlp = nn.SequentialCell([nn.Dense(dim, dim * mlp_ratio), nn.GELU(approximate=False),
                                      nn.Dense(dim * mlp_ratio, dim)])

    def construct(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class ViT(nn.Cell):
    def __init__(self, image_size=16, patch_size=4, dim=16, depth=2, num_heads=2, num_classes=5):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, dim, patch_size, patch_size, has_bias=True)
        num_patches = (image_size // patch_size) ** 2
        self.cls_token = ms.Parameter(ops.zeros((1, 1, dim), ms.float32), name="cls_token")
        self.pos_embed = ms.Parameter(ops.randn((1, num_patches + 1, dim)) * 0.02, name="pos_embed")
        self.blocks = nn.CellList([Block(dim, num_heads) for _ in range(depth)])
        self.norm = nn.LayerNorm((dim,), epsilon=1e-6)
        self.head = nn.Dense(dim, num_classes)

    def construct(self, x):
        x = self.patch_embed(x)
        b, c = x.shape[0], x.shape[1]
        x = ops.transpose(x.reshape(b, c, -1), (0, 2, 1))
        x = ops.concat((ops.tile(self.cls_token, (b, 1, 1)), x), axis=1) + self.pos_embed
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x)[:, 0])


# -- EfficientNet (MindCV's efficientnet.py: MBConv with Swish (SiLU), squeeze-excite) ----------
class MBConv(nn.Cell):
    def __init__(self, in_channels, out_channels, expand_ratio, kernel, stride):
        super().__init__()
        mid = in_channels * expand_ratio
        self.use_res = stride == 1 and in_channels == out_channels
        self.block = nn.SequentialCell([
            nn.Conv2d(in_channels, mid, 1), nn.BatchNorm2d(mid, momentum=0.99), nn.SiLU(),
            nn.Conv2d(mid, mid, kernel, stride, group=mid), nn.BatchNorm2d(mid, momentum=0.99),
            nn.SiLU(), SqueezeExcite(mid, max(1, in_channels // 4)),
            nn.Conv2d(mid, out_channels, 1), nn.BatchNorm2d(out_channels, momentum=0.99)])

    def construct(self, x):
        out = self.block(x)
        return x + out if self.use_res else out


class EfficientNet(nn.Cell):
    def __init__(self, num_classes=5):
        super().__init__()
        self.stem = nn.SequentialCell([nn.Conv2d(3, 8, 3, 2), nn.BatchNorm2d(8), nn.SiLU()])
        self.blocks = nn.SequentialCell([MBConv(8, 8, 1, 3, 1), MBConv(8, 12, 4, 5, 2)])
        self.head = nn.SequentialCell([nn.Conv2d(12, 24, 1), nn.BatchNorm2d(24), nn.SiLU()])
        self.dropout = nn.Dropout(p=0.0)
        self.classifier = nn.Dense(24, num_classes)

    def construct(self, x):
        x = self.head(self.blocks(self.stem(x)))
        return self.classifier(self.dropout(ops.mean(x, (2, 3))))


# -- ConvNeXt (MindCV's convnext.py: depthwise 7x7 conv, a LayerNorm subclass that calls the
#    layer_norm Primitive channels-last via transposes, layer scale gamma_ Parameter, DropPath
#    that is the identity in eval) --------------------------------------------------------------
class DropPath(nn.Cell):
    def __init__(self, drop_prob=0.0, scale_by_keep=True):
        super().__init__()
        self.keep_prob = 1.0 - drop_prob
        self.scale_by_keep = scale_by_keep
        self.dropout = nn.Dropout(p=drop_prob)

    def construct(self, x):
        if self.keep_prob == 1.0 or not self.training:
            return x
        shape = (x.shape[0],) + (1,) * (x.ndim - 1)
        random_tensor = self.dropout(ops.ones(shape, x.dtype))
        if not self.scale_by_keep:
            random_tensor = ops.mul(random_tensor, self.keep_prob)
        return x * random_tensor


class ConvNextLayerNorm(nn.LayerNorm):
    def __init__(self, normalized_shape, epsilon, norm_axis=-1):
        super().__init__(normalized_shape=normalized_shape, epsilon=epsilon)
        self.norm_axis = norm_axis

    def construct(self, x):
        if self.norm_axis == -1:
            y, _, _ = self.layer_norm(x, self.gamma, self.beta)
        else:
            x = ops.transpose(x, (0, 2, 3, 1))
            y, _, _ = self.layer_norm(x, self.gamma, self.beta)
            y = ops.transpose(y, (0, 3, 1, 2))
        return y


class ConvNextBlock(nn.Cell):
    def __init__(self, dim, drop_path=0.0, layer_scale_init_value=1e-6):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, group=dim, has_bias=True)
        self.norm = ConvNextLayerNorm((dim,), epsilon=1e-6)
        self.pwconv1 = nn.Dense(dim, 4 * dim)
        self.act = nn.GELU()
        self.pwconv2 = nn.Dense(4 * dim, dim)
        self.gamma_ = ms.Parameter(Tensor(layer_scale_init_value * np.ones((dim,)), ms.float32),
                                   requires_grad=True)
        self.drop_path = DropPath(drop_path) if drop_path > 0.0 else nn.Identity()

    def construct(self, x):
        downsample = x
        x = ops.transpose(self.dwconv(x), (0, 2, 3, 1))
        x = self.pwconv2(self.act(self.pwconv1(self.norm(x))))
        x = ops.transpose(self.gamma_ * x, (0, 3, 1, 2))
        return downsample + self.drop_path(x)


class ConvNeXt(nn.Cell):
    def __init__(self, in_channels=3, num_classes=5, depths=(1, 1), dims=(8, 16),
                 drop_path_rate=0.2, layer_scale_init_value=0.5):
        super().__init__()
        downsample_layers = [nn.SequentialCell([
            nn.Conv2d(in_channels, dims[0], kernel_size=4, stride=4, has_bias=True),
            ConvNextLayerNorm((dims[0],), epsilon=1e-6, norm_axis=1)])]
        for i in range(len(dims) - 1):
            downsample_layers.append(nn.SequentialCell([
                ConvNextLayerNorm((dims[i],), epsilon=1e-6, norm_axis=1),
                nn.Conv2d(dims[i], dims[i + 1], kernel_size=2, stride=2, has_bias=True)]))
        rates = list(np.linspace(0, drop_path_rate, sum(depths)))
        stages, cur = [], 0
        for i, depth in enumerate(depths):
            stages.append(nn.SequentialCell([
                ConvNextBlock(dims[i], rates[cur + j], layer_scale_init_value)
                for j in range(depth)]))
            cur += depth
        layers = []
        for downsample, stage in zip(downsample_layers, stages):
            layers += [downsample, stage]
        self.feature = nn.SequentialCell(layers)
        self.norm = ConvNextLayerNorm((dims[-1],), epsilon=1e-6)
        self.classifier = nn.Dense(dims[-1], num_classes)

    def construct(self, x):
        x = self.feature(x)
        return self.classifier(self.norm(x.mean([-2, -1])))


def without_drop_path(net):
    """DropPath draws from the device's random stream, which msjax's (JAX's) and MindSpore's do
    not share: the recorded training steps run with every DropPath keeping all paths."""
    for _, cell in net.cells_and_names():
        if isinstance(cell, DropPath):
            cell.keep_prob = 1.0


MODELS = {"resnet": ResNet, "densenet": DenseNet, "mobilenetv3": MobileNetV3, "vit": ViT,
          "efficientnet": EfficientNet, "convnext": ConvNeXt}


def batch():
    rng = np.random.default_rng(7)
    return (rng.standard_normal((4, 3, 16, 16)).astype(np.float32),
            np.array([0, 3, 1, 4], np.int32))


def train_steps(net, x, y, steps=3):
    without_drop_path(net)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    train.set_train()
    return [float(train(Tensor(x), Tensor(y)).asnumpy()) for _ in range(steps)]


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "nn")
    x, y = batch()
    arrays, meta = {}, {}
    for name, cls in MODELS.items():
        ms.set_seed(1)
        net = cls()
        ms.save_checkpoint(net, str(out / f"mindcv_{name}.ckpt"))
        net.set_train(False)
        arrays[f"{name}/logits"] = net(Tensor(x)).asnumpy()
        losses = train_steps(net, x, y)
        for path, p in net.parameters_and_names():
            arrays[f"{name}/after/{path}"] = p.asnumpy()
        meta[name] = {"losses": losses,
                      "params": [[path, p.name, list(p.shape)] for path, p in net.parameters_and_names()]}
        print(name, losses)
    np.savez_compressed(out / "mindcv_models.npz", **arrays)
    (out / "mindcv_models.json").write_text(json.dumps(meta, indent=1))
