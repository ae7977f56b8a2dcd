"""Three GRAPH_MODE training steps of a model of the MindSpore model zoo (github.com/
mindspore-ai/models), built from the zoo's own code, unchanged, at a tiny size with fixed seeds:
ZOO_MODEL names the model, ZOO_DIR the zoo's folder of it (put first on sys.path: its `src`
package). Prints `label -> value` lines: the initial weights' sum and absolute sum, the forward
output's, and the loss of each step.

- transformer (official/nlp/Transformer): TransformerNetworkWithLoss, the zoo's
  TransformerTrainOneStepCell (gradient clipping by norm) and Adam; NumPy-drawn weights.
- crnn (official/cv/CRNN): CRNNV2 (VGG, two bidirectional nn.LSTM), the zoo's CTCLoss and
  TrainOneStepCellWithGradClip, nn.SGD with Nesterov momentum (as its train.py).
- swin (official/cv/SwinTransformer): SwinTransformer (relative-position table from
  `ops.one_hot(index, depth, 1.0, 0.0)`, shifted windows), the zoo's CrossEntropySmooth and
  parameter groups, AdamWeightDecay.

Goldens: tests/goldens/compat/zoo18_model_zoo_steps_<model>.out, from MindSpore 2.10 on the CPU
(tests/compat/test_model_zoo_steps.py)."""
import os
import sys

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


def transformer():
    from src.transformer_model import TransformerConfig
    from src.transformer_for_train import TransformerNetworkWithLoss, TransformerTrainOneStepCell
    batch, length, vocab = 2, 8, 40
    cfg = TransformerConfig(batch_size=batch, seq_length=length, vocab_size=vocab, hidden_size=16,
                            num_hidden_layers=1, num_attention_heads=2, intermediate_size=32,
                            hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0,
                            max_position_embeddings=length)
    net = TransformerNetworkWithLoss(cfg, True)
    ids = [Tensor(rng.randint(1, vocab, (batch, length)).astype(np.int32)) for _ in range(3)]
    ones = Tensor(np.ones((batch, length), np.int32))
    inputs = (ids[0], ones, ids[1], ones, ids[2], ones)
    train = TransformerTrainOneStepCell(net, nn.Adam(net.trainable_params(), 1e-3))
    return net, lambda: net.transformer(*inputs[:4]), train, inputs


def crnn():
    from types import SimpleNamespace
    from src.crnn import crnn as build
    from src.loss import CTCLoss
    from src.crnn_for_train import TrainOneStepCellWithGradClip
    cfg = SimpleNamespace(model_version="V2", batch_size=2, input_size=512, hidden_size=16,
                          class_num=37, num_step=7, use_dropout=False)
    net = build(cfg, full_precision=True)
    with_loss = nn.WithLossCell(net, CTCLoss(max_sequence_length=7, max_label_length=5,
                                             batch_size=2))
    opt = nn.SGD(net.trainable_params(), learning_rate=0.02, momentum=0.95, nesterov=True)
    x = Tensor(rng.standard_normal((2, 3, 32, 32)).astype(np.float32))
    y = Tensor(rng.randint(0, 36, (2, 5)).astype(np.int32))
    return net, lambda: net(x), TrainOneStepCellWithGradClip(with_loss, opt), (x, y)


def swin():
    from types import SimpleNamespace
    root = os.environ["ZOO_DIR"]
    sys.argv = [sys.argv[0], "--swin_config",
                os.path.join(root, "src/configs/swin_tiny_patch4_window7_224.yaml")]
    from src.models.swintransformer.get_swin import swin_tiny_patch4_window7_224
    from src.tools.criterion import CrossEntropySmooth
    from src.tools.optimizer import get_param_groups
    args = SimpleNamespace(image_size=32, patch_size=4, in_channel=3, embed_dim=16, depths=[2, 2],
                           num_heads=[2, 4], window_size=4, drop_path_rate=0.0, mlp_ratio=2.0,
                           ape=False, patch_norm=True, num_classes=10)
    net = swin_tiny_patch4_window7_224(args)
    loss = CrossEntropySmooth(sparse=True, reduction="mean", smooth_factor=0.1, num_classes=10)
    opt = nn.AdamWeightDecay(get_param_groups(net), learning_rate=1e-3, weight_decay=0.05)
    x = Tensor(rng.standard_normal((2, 3, 32, 32)).astype(np.float32))
    y = Tensor(rng.randint(0, 10, (2,)).astype(np.int32))
    return net, lambda: net(x), nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt), (x, y)


np.random.seed(1)
ms.set_seed(1)
network, forward, train_step, data = {"transformer": transformer, "crnn": crnn, "swin": swin}[MODEL]()
weights = network.trainable_params()
print(f"{MODEL} parameters -> {len(weights)} {sum(int(np.prod(w.shape)) for w in weights)}")
print(f"{MODEL} initial weights -> {total(weights)}")
network.set_train(False)
out = forward()
print(f"{MODEL} forward -> {out.shape} {total([out])}")
train_step.set_train()
for step in range(3):
    print(f"{MODEL} step {step} loss -> {total([train_step(*data)])}")
print(f"{MODEL} weights after -> {total(weights)}")
