"""Three GRAPH_MODE training steps of more models of the MindSpore model zoo (github.com/
mindspore-ai/models), each built from the zoo's own `src`, unchanged, at a tiny size with fixed
seeds (as tests/goldens/scripts/zoo18_model_zoo_steps.py): ZOO_MODEL names the model, ZOO_DIR the
zoo's folder of it (put first on sys.path: its `src` package). Prints `label -> value` lines: the
number of parameters, the initial weights' sum and absolute sum, the eval-mode forward output's,
the loss of each step and the weights after them.

- textcnn (research/nlp/textcnn): TextCNN (Embedding, Conv2d over the embedded sentence,
  MaxPool2d and ReduceMax), its SoftmaxCrossEntropyExpand (the softmax written out) and nn.Adam
  (as its train.py). Its Dropout(p=0.5) is swapped for Dropout(p=0.0) after building: MindSpore's
  dropout masks are its own random stream (docs/migration.md).
- fasttext (research/nlp/fasttext): FastTextNetWithLoss (Embedding with padding_idx and a zero
  table, a float16 Dense) and its FastTextTrainOneStepCell (clip by norm), nn.Adam.
- gat (research/gnn/gat): GAT (attention heads over a bias matrix, ELU, a `training` argument of
  construct) on a 12-node random graph, its TrainGAT (masked softmax loss with L2Loss over the
  weights, Adam). Only its loss is printed: its MaskedAccuracy divides a mask in place
  (`mask /= ...`), which MindSpore's GRAPH_MODE writes into the mask attribute's memory, so its
  accuracy grows call after call (docs/migration.md).

Sizes: every BatchNorm normalises at least 8 values a channel (a batch of 2 at 2x2, or more):
over 2 values (1x1 maps) its output is +-1 whatever its input, and its gradient rounding noise
amplified by 1/std, which no two kernels share. The deep depthwise networks (EfficientNet,
MobileNetV2) train with a batch of 4 and a small learning rate, so that three steps stay
comparable: their batch statistics over few values amplify float32 rounding step after step.

- resnet (official/cv/ResNet): a one-block-a-stage ResNet of the zoo's bottleneck ResidualBlock
  (its resnet50 with [1, 1, 1, 1] layers), CrossEntropySmooth (label smoothing by OneHot) and
  nn.Momentum with weight decay (the zoo's own Momentum needs FusedWeightScaleApplyMomentum, which
  MindSpore's CPU lacks).
- efficientnet (official/cv/Efficientnet/efficientnet-b0): efficientnet_b0 (depthwise groups,
  squeeze-excite, HSwish), LabelSmoothingCrossEntropy and nn.RMSProp (as its train.py).
- mobilenetv2 (official/cv/MobileNet/mobilenetv2): MobileNetV2 at width 0.5 (backbone and head
  with NumPy-drawn weights), CrossEntropyWithLabelSmooth, nn.Momentum with weight decay.
- vgg (official/cv/VGG/vgg16): Vgg of configuration '11' with BatchNorm, KaimingNormal weights
  drawn by the zoo's var_init (NumPy), nn.Momentum.
- pointnet (official/cv/PointNet): PointNetDenseCls (STN3d with bmm, Conv1d, BatchNorm2d over
  ExpandDims, ArgMaxWithValue) and the zoo's PointnetLoss (its NLLLoss by OneHot), nn.SGD with
  momentum (its train.py's Adam makes a first step of +-lr for every weight, so the sign of the
  gradients of the conv biases before a BatchNorm, zero but for rounding, decides it).
- gcn (official/gnn/GCN): GCN on a 12-node random graph, the zoo's TrainNetWrapper (masked
  softmax cross entropy with L2Loss weight decay, Adam, the Accuracy cell).
- wide_deep (official/recommend/Wide_and_Deep): WideDeepModel, which passes
  `vocab_cache_size` to nn.EmbeddingLookup: MindSpore 2.10 no longer has it, and refuses it with a
  TypeError (msjax too); the driver prints that error.
- bert (official/nlp/Bert): BertNetworkWithLoss at 2 layers of width 16 (dropout 0), the zoo's
  BertTrainOneStepCell (gradients clipped by norm in a `@jit` method) and nn.AdamWeightDecay (its
  loss-scale cell and nn.Lamb do not run on MindSpore's CPU: NPUGetFloatStatusV2 and Lamb have no
  CPU kernels).
- edsr (official/cv/EDSR): EDSR x2 (its PixelShuffle on DepthToSpace, mean shift), nn.L1Loss,
  nn.Adam.

Goldens: tests/goldens/compat/zoo20_model_zoo_steps_<model>.out, from MindSpore 2.10 on the CPU
(tests/compat/test_model_zoo_more_steps.py)."""
import os
import sys
from types import SimpleNamespace

import numpy as np

sys.path.insert(0, os.environ["ZOO_DIR"])
import mindspore as ms  # noqa: E402
from mindspore import Tensor, nn  # noqa: E402

MODEL = os.environ["ZOO_MODEL"]
ms.set_context(mode=ms.GRAPH_MODE)
rng = np.random.RandomState(0)


def total(values):
    arrays = [v.asnumpy().astype(np.float64) for v in values]
    return f"{sum(a.sum() for a in arrays):.7e} {sum(np.abs(a).sum() for a in arrays):.7e}"


def images(shape, classes):
    x = Tensor(rng.standard_normal(shape).astype(np.float32))
    y = Tensor(rng.randint(0, classes, (shape[0],)).astype(np.int32))
    return x, y


def classifier(net, loss, opt, data):
    """The eval forward on the batch and nn.TrainOneStepCell over WithLossCell."""
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    return net, lambda: net(data[0]), train, data


def resnet():
    from src.resnet import ResNet, ResidualBlock
    from src.CrossEntropySmooth import CrossEntropySmooth
    net = ResNet(ResidualBlock, [1, 1, 1, 1], [64, 256, 512, 1024], [256, 512, 1024, 2048],
                 [1, 2, 2, 2], 10)
    loss = CrossEntropySmooth(sparse=True, reduction="mean", smooth_factor=0.1, num_classes=10)
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9, weight_decay=1e-4)
    return classifier(net, loss, opt, images((2, 3, 64, 64), 10))


def efficientnet():
    from src.efficientnet import efficientnet_b0
    from src.loss import LabelSmoothingCrossEntropy
    net = efficientnet_b0(num_classes=10)
    loss = LabelSmoothingCrossEntropy(smooth_factor=0.1, num_classes=10)
    opt = nn.RMSProp(net.trainable_params(), learning_rate=1e-4, decay=0.9, weight_decay=1e-5,
                     momentum=0.9, epsilon=1e-3)
    return classifier(net, loss, opt, images((4, 3, 64, 64), 10))


def mobilenetv2():
    from src.mobilenetV2 import MobileNetV2Backbone, MobileNetV2Head, mobilenet_v2
    from src.models import CrossEntropyWithLabelSmooth
    backbone = MobileNetV2Backbone(width_mult=0.5)
    net = mobilenet_v2(backbone, MobileNetV2Head(input_channel=backbone.out_channels,
                                                 num_classes=10))
    loss = CrossEntropyWithLabelSmooth(smooth_factor=0.1, num_classes=10)
    opt = nn.Momentum(net.trainable_params(), 0.001, 0.9, 4e-5)
    return classifier(net, loss, opt, images((4, 3, 64, 64), 10))


def vgg():
    from src.vgg import Vgg, cfg
    args = SimpleNamespace(image_size=(32, 32), pad_mode="same", padding=0, has_bias=False,
                           initialize_mode="KaimingNormal", has_dropout=False, batch_norm=True)
    net = Vgg(cfg["11"], num_classes=10, batch_norm=True, args=args)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9, 5e-4)
    return classifier(net, loss, opt, images((2, 3, 32, 32), 10))



def pointnet():
    from src.network import PointNetDenseCls
    from src.loss import PointnetLoss
    net = PointNetDenseCls(k=4, feature_transform=False)
    loss = PointnetLoss(feature_transform=False, num_class=4)
    opt = nn.SGD(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    # a batch of 4: BatchNorm1d over 2 rows gives +-1 whatever its input, so the STN's gradients
    # would be rounding noise (amplified by 1/std), which no two kernels share
    x = Tensor(rng.standard_normal((4, 3, 16)).astype(np.float32))
    y = Tensor(rng.randint(1, 5, (4, 16)).astype(np.int32))  # the zoo's labels count from 1
    return classifier(net, loss, opt, (x, y))


def gcn():
    from src.gcn import GCN
    from src.metrics import TrainNetWrapper
    nodes, features, classes = 12, 6, 3
    adjacency = (rng.random_sample((nodes, nodes)) < 0.3).astype(np.float32)
    adjacency = np.maximum(adjacency, adjacency.T) + np.eye(nodes, dtype=np.float32)
    degree = adjacency.sum(1) ** -0.5
    adj = Tensor((adjacency * degree[:, None] * degree[None, :]).astype(np.float32))
    feature = Tensor(rng.random_sample((nodes, features)).astype(np.float32))
    label = np.eye(classes, dtype=np.float32)[rng.randint(0, classes, nodes)]
    mask = np.arange(nodes) < 8
    config = SimpleNamespace(hidden1=8, dropout=0.0, weight_decay=5e-4, learning_rate=0.01)
    net = GCN(config, features, classes)
    train = TrainNetWrapper(net, label, mask, config)
    return net, lambda: net(adj, feature), train, (adj, feature)


def wide_deep():
    from src.wide_and_deep import WideDeepModel, NetWithLossClass, TrainStepWrap
    batch, fields, vocab = 4, 5, 30
    config = SimpleNamespace(
        batch_size=batch, field_size=fields, vocab_size=vocab, emb_dim=4,
        deep_layer_dim=[16, 8, 8, 4], deep_layer_act="relu", dropout_flag=False,
        weight_bias_init=["normal", "normal"], emb_init="normal", init_args=[-0.01, 0.01],
        l2_coef=8e-5, host_device_mix=0, parameter_server=0, sparse=False, field_slice=False,
        full_batch=False, manual_shape=None, use_sp=False, deep_table_slice_mode="column_slice",
        vocab_cache_size=0)
    net = WideDeepModel(config)
    train = TrainStepWrap(NetWithLossClass(net, config), sparse=False)
    ids = Tensor(rng.randint(0, vocab, (batch, fields)).astype(np.int32))
    weights = Tensor(rng.random_sample((batch, fields)).astype(np.float32))
    label = Tensor(rng.randint(0, 2, (batch, 1)).astype(np.float32))
    return net, lambda: net(ids, weights)[0], train, (ids, weights, label)


def bert():
    from mindspore.common import dtype as mstype
    from src.bert_model import BertConfig
    from src.bert_for_pre_training import BertNetworkWithLoss, BertTrainOneStepCell
    batch, length, vocab, masked = 2, 8, 50, 3
    cfg = BertConfig(seq_length=length, vocab_size=vocab, hidden_size=16, num_hidden_layers=2,
                     num_attention_heads=2, intermediate_size=32, hidden_dropout_prob=0.0,
                     attention_probs_dropout_prob=0.0, max_position_embeddings=16,
                     type_vocab_size=2, compute_type=mstype.float32)
    net = BertNetworkWithLoss(cfg, True)
    opt = nn.AdamWeightDecay(net.trainable_params(), learning_rate=1e-3, weight_decay=0.01)
    train = BertTrainOneStepCell(net, opt)
    data = (Tensor(rng.randint(1, vocab, (batch, length)).astype(np.int32)),
            Tensor(np.ones((batch, length), np.int32)),
            Tensor(rng.randint(0, 2, (batch, length)).astype(np.int32)),
            Tensor(rng.randint(0, 2, (batch, 1)).astype(np.int32)),
            Tensor(rng.randint(0, length, (batch, masked)).astype(np.int32)),
            Tensor(rng.randint(1, vocab, (batch, masked)).astype(np.int32)),
            Tensor(np.ones((batch, masked), np.float32)))
    return net, lambda: net.bert(*data[:3], data[4])[0], train, data


def edsr():
    from src.edsr import EDSR
    net = EDSR(scale=2, n_feats=8, kernel_size=3, n_resblocks=2, rgb_range=255,
               rgb_mean=(0.4488, 0.4371, 0.4040), rgb_std=(1.0, 1.0, 1.0))
    lr_image = Tensor((rng.random_sample((2, 3, 8, 8)) * 255).astype(np.float32))
    hr_image = Tensor((rng.random_sample((2, 3, 16, 16)) * 255).astype(np.float32))
    opt = nn.Adam(net.trainable_params(), learning_rate=1e-4)
    return classifier(net, nn.L1Loss(), opt, (lr_image, hr_image))


def textcnn():
    from src.textcnn import TextCNN, SoftmaxCrossEntropyExpand
    net = TextCNN(vocab_len=30, word_len=12, num_classes=2, vec_length=8)
    net.drop = nn.Dropout(p=0.0)
    opt = nn.Adam(net.trainable_params(), learning_rate=1e-3, weight_decay=3e-5)
    x = Tensor(rng.randint(0, 30, (4, 12)).astype(np.int32))
    y = Tensor(rng.randint(0, 2, (4,)).astype(np.int32))
    return classifier(net, SoftmaxCrossEntropyExpand(sparse=True), opt, (x, y))


def fasttext():
    from src.fasttext_train import FastTextNetWithLoss, FastTextTrainOneStepCell
    net = FastTextNetWithLoss(vocab_size=30, embedding_dims=8, num_class=4)
    train = FastTextTrainOneStepCell(net, nn.Adam(net.trainable_params(), learning_rate=0.2))
    tokens = rng.randint(1, 30, (4, 10)).astype(np.int32)
    tokens[:, 7:] = 0  # padding
    data = (Tensor(tokens), Tensor(np.full((4, 1), 7.0, np.float32)),
            Tensor(rng.randint(0, 4, (4, 1)).astype(np.int32)))
    return net, lambda: net.fasttext(*data[:2]), train, data


def gat():
    from src.gat import GAT
    from src.utils import TrainGAT
    nodes, features, classes = 12, 6, 3
    adjacency = (rng.random_sample((nodes, nodes)) < 0.3) | np.eye(nodes, dtype=bool)
    adjacency |= adjacency.T
    biases = Tensor(np.where(adjacency, 0.0, -1e9).astype(np.float32)[None])
    feature = Tensor(rng.random_sample((1, nodes, features)).astype(np.float32))
    label = np.eye(classes, dtype=np.float32)[rng.randint(0, classes, nodes)][None]
    mask = (np.arange(nodes) < 8)[None]
    net = GAT(features, classes, nodes, hidden_units=[4], num_heads=[2, 1], attn_drop=0.0,
              ftr_drop=0.0, activation=nn.ELU())
    train = TrainGAT(net, classes, label, mask, learning_rate=0.005, l2_coeff=5e-4)
    return net, lambda: net(feature, biases, False), train, (feature, biases)


MODELS = {"resnet": resnet, "efficientnet": efficientnet, "mobilenetv2": mobilenetv2, "vgg": vgg,
          "pointnet": pointnet, "gcn": gcn, "wide_deep": wide_deep,
          "bert": bert, "edsr": edsr, "textcnn": textcnn, "fasttext": fasttext, "gat": gat}

np.random.seed(1)
ms.set_seed(1)
try:
    network, forward, train_step, data = MODELS[MODEL]()
except TypeError as error:  # the zoo's code no longer fits MindSpore 2.10's API
    print(f"{MODEL} build -> {type(error).__name__}: {error}")
    sys.exit(0)
weights = network.trainable_params()
print(f"{MODEL} parameters -> {len(weights)} {sum(int(np.prod(w.shape)) for w in weights)}")
print(f"{MODEL} initial weights -> {total(weights)}")
network.set_train(False)
out = forward()
print(f"{MODEL} forward -> {out.shape} {total([out])}")
train_step.set_train()
for step in range(3):
    result = train_step(*data)
    parts = result if isinstance(result, tuple) else (result,)  # (loss, ...) of a zoo wrapper
    parts = parts[:1] if MODEL == "gat" else parts  # (see gat above)
    print(f"{MODEL} step {step} loss -> {' | '.join(total([part]) for part in parts)}")
print(f"{MODEL} weights after -> {total(weights)}")
