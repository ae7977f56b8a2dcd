"""Golden outputs of MindSpore 2.10.0 for BatchNorm2d training (recorded, never hand-written).

Regenerate (from the repository root)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/batchnorm_training.py

Writes ``tests/goldens/nn/batchnorm_training.npz``, ``batchnorm_training.json`` and the checkpoint
``bn_resnet.ckpt`` (the ResNet-shaped network's starting weights, written by MindSpore's
``save_checkpoint``).

Part 1, one ``nn.BatchNorm2d(C, momentum=0.9)`` in train mode, for each case ``<case>`` of
``batchnorm_training.json["layer_cases"]`` (shape, input mean ``loc`` and spread ``scale``):

* ``layer/<case>/x``, ``/dy``, ``/gamma``, ``/beta``   inputs (float32)
* ``layer/<case>/y``                  ``bn(x)`` (one train-mode call)
* ``layer/<case>/moving_mean``, ``/moving_variance``   the statistics after that one call
* ``layer/<case>/dx``, ``/dgamma``, ``/dbeta``          ``ms.grad(lambda x: (bn(x) * dy).sum(),
  grad_position=0, weights=[bn.gamma, bn.beta])(x)`` (a second train-mode call)

Part 2, ``ResNetShaped`` (below: a ResNet-18-like stem, three basic blocks with stride-2
downsampling to 1x1 spatial, global average pooling, Dense) trained in GRAPH_MODE with
``nn.TrainOneStepCell(nn.WithLossCell(net, SoftmaxCrossEntropyWithLogits(sparse=True,
reduction='mean')), nn.Momentum(lr=0.05, momentum=0.9))`` for three steps on one batch
(8, 3, 8, 8):

* ``resnet/x``, ``resnet/y``            the batch (standard normal input; labels 0..9)
* ``resnet/grad/<name>``               ``value_and_grad`` of the loss at the start (train mode)
* ``resnet/loss``                      the three losses returned by the TrainOneStepCell
* ``resnet/step<k>/<name>``            every net parameter after step k (k = 1, 2, 3)
"""
import json
import os
from collections import OrderedDict
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "nn")
OUT.mkdir(parents=True, exist_ok=True)
arrays = OrderedDict()
meta = OrderedDict(mindspore_version=ms.__version__)

# ------------------------------------------------------------------------------------------------
# Part 1: one BatchNorm2d layer
# ------------------------------------------------------------------------------------------------
ms.set_context(mode=ms.PYNATIVE_MODE)
LAYER_CASES = OrderedDict()
for shape in [(2, 3, 1, 1), (2, 3, 2, 2), (8, 3, 1, 1), (8, 4, 5, 5)]:
    for loc, scale in [(0.5, 2.0), (10.0, 0.1)]:
        LAYER_CASES["x".join(map(str, shape)) + f"_loc{loc}_scale{scale}"] = (shape, loc, scale)
meta["layer_cases"] = OrderedDict((k, dict(shape=list(s), loc=l, scale=c))
                                  for k, (s, l, c) in LAYER_CASES.items())
for seed, (case, (shape, loc, scale)) in enumerate(LAYER_CASES.items()):
    rng = np.random.default_rng(seed)
    channels = shape[1]
    x = (rng.standard_normal(shape) * scale + loc).astype(np.float32)
    dy = rng.standard_normal(shape).astype(np.float32)
    gamma = rng.uniform(0.5, 1.5, channels).astype(np.float32)
    beta = rng.uniform(-0.5, 0.5, channels).astype(np.float32)
    bn = nn.BatchNorm2d(channels, momentum=0.9)
    bn.gamma.set_data(Tensor(gamma))
    bn.beta.set_data(Tensor(beta))
    bn.set_train()
    y = bn(Tensor(x)).asnumpy()
    stats = bn.moving_mean.asnumpy().copy(), bn.moving_variance.asnumpy().copy()
    grad_fn = ms.grad(lambda inp: (bn(inp) * Tensor(dy)).sum(), grad_position=0,
                      weights=[bn.gamma, bn.beta])
    dx, (dgamma, dbeta) = grad_fn(Tensor(x))
    for key, value in [("x", x), ("dy", dy), ("gamma", gamma), ("beta", beta), ("y", y),
                       ("moving_mean", stats[0]), ("moving_variance", stats[1]),
                       ("dx", dx.asnumpy()), ("dgamma", dgamma.asnumpy()),
                       ("dbeta", dbeta.asnumpy())]:
        arrays[f"layer/{case}/{key}"] = value
    print(case, "moving_variance", stats[1])


# ------------------------------------------------------------------------------------------------
# Part 2: a ResNet-shaped network, three training steps in GRAPH_MODE
# ------------------------------------------------------------------------------------------------
ms.set_context(mode=ms.GRAPH_MODE)


def conv3x3(cin, cout, stride):
    return nn.Conv2d(cin, cout, 3, stride=stride, pad_mode="pad", padding=1, has_bias=False)


class BasicBlock(nn.Cell):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = conv3x3(cin, cout, stride)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = conv3x3(cout, cout, 1)
        self.bn2 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU()
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.SequentialCell([nn.Conv2d(cin, cout, 1, stride=stride, has_bias=False),
                                           nn.BatchNorm2d(cout)])

    def construct(self, x):
        identity = x if self.down is None else self.down(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + identity)


class ResNetShaped(nn.Cell):
    def __init__(self, num_classes=10):
        super().__init__()
        self.conv1 = conv3x3(3, 8, 1)
        self.bn1 = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.layer1 = BasicBlock(8, 8, 2)     # 8x8 -> 4x4
        self.layer2 = BasicBlock(8, 16, 2)    # 4x4 -> 2x2
        self.layer3 = BasicBlock(16, 16, 2)   # 2x2 -> 1x1
        self.pool = ms.ops.ReduceMean(keep_dims=False)
        self.fc = nn.Dense(16, num_classes)

    def construct(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        x = self.layer3(self.layer2(self.layer1(x)))
        return self.fc(self.pool(x, (2, 3)))


def make_weights(net, seed):
    """He-normal conv/dense weights, gamma U(0.5, 1.5), beta and biases U(-0.1, 0.1), moving mean
    U(-0.1, 0.1), moving variance U(0.5, 1.5)."""
    rng = np.random.default_rng(seed)
    out = OrderedDict()
    for name, p in net.parameters_and_names():
        shape = tuple(p.shape)
        if len(shape) >= 2:
            a = rng.standard_normal(shape) * np.sqrt(2.0 / int(np.prod(shape[1:])))
        elif name.endswith(("gamma", "moving_variance")):
            a = rng.uniform(0.5, 1.5, shape)
        else:
            a = rng.uniform(-0.1, 0.1, shape)
        out[name] = a.astype(np.float32)
    return out


net = ResNetShaped()
weights = make_weights(net, 11)
for name, p in net.parameters_and_names():
    p.set_data(Tensor(weights[name]))
ms.save_checkpoint(net, str(OUT / "bn_resnet.ckpt"))
meta["resnet"] = OrderedDict(parameters_and_names=[n for n, _ in net.parameters_and_names()],
                             trainable_params=[p.name for p in net.trainable_params()],
                             repr=repr(net))
rng = np.random.default_rng(12)
x = rng.standard_normal((8, 3, 8, 8)).astype(np.float32)
y = (np.arange(8) % 10).astype(np.int32)
arrays["resnet/x"], arrays["resnet/y"] = x, y

loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
grad_net = ResNetShaped()
ms.load_param_into_net(grad_net, ms.load_checkpoint(str(OUT / "bn_resnet.ckpt")))
grad_net.set_train()


def forward_fn(data, label):
    return loss_fn(grad_net(data), label)


grad_fn = ms.value_and_grad(forward_fn, None, grad_net.trainable_params())
loss0, grads = grad_fn(Tensor(x), Tensor(y))
for p, g in zip(grad_net.trainable_params(), grads):
    arrays["resnet/grad/" + p.name] = g.asnumpy()

train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn),
                            nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9))
train.set_train()
losses = []
for step in range(1, 4):
    losses.append(train(Tensor(x), Tensor(y)).asnumpy())
    for name, p in net.parameters_and_names():
        arrays[f"resnet/step{step}/{name}"] = p.asnumpy().copy()
arrays["resnet/loss"] = np.array(losses, np.float32)
meta["resnet"]["value_and_grad_loss"] = float(loss0.asnumpy())
meta["resnet"]["losses"] = [float(v) for v in losses]
print("resnet losses", meta["resnet"]["losses"])

np.savez_compressed(OUT / "batchnorm_training.npz", **arrays)
(OUT / "batchnorm_training.json").write_text(json.dumps(meta, indent=1), encoding="utf-8")
print("wrote", OUT / "batchnorm_training.npz", os.path.getsize(OUT / "batchnorm_training.npz"), "bytes")
