"""Golden outputs of MindSpore 2.10.0 for LeNet-5 and the optimizers (recorded, never hand-written).

Regenerate (from the repository root; needs the MindSpore oracle venv, built by
``/work/shared/tools/mindspore-oracle`` on first use)::

    ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/lenet.py

or through the oracle itself (it copies the script to a scratch folder, so give the output folder)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/lenet.py

Writes ``tests/goldens/nn/lenet.npz`` (arrays) and ``tests/goldens/nn/lenet.json`` (names, dtypes,
shapes, scalars). Every weight is set from ``np.random.default_rng(seed)`` with ``param.set_data``, so
MindSpore's random initialisers play no part; the weights used are saved too.

npz key layout (``<case>`` is one of the optimizer cases listed in ``lenet.json["cases"]``):

* ``x``, ``y``                         LeNet input batch (8,1,32,32) float32, labels (8,) int32
* ``init/<param name>``                initial LeNet weights
* ``forward/logits``                   net(x), (8,10)
* ``forward/loss``                     SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
* ``grad/<param name>``                gradients from value_and_grad(forward_fn, None, net.trainable_params())
* ``<case>/losses``                    loss returned by TrainOneStepCell at each of the steps
* ``<case>/param/<name>``              every parameter of the optimizer after the last step
                                       (``opt.parameters_and_names()``; includes the net's weights);
                                       absent for the cases with ``params_saved: false`` in the json
* ``<case>/lr``                        ``opt.get_lr()`` evaluated before each step (schedule cases)
* ``<case>/netparam/<name>``           net parameters the optimizer does not hold (BatchNorm moving stats)
* ``small/x``, ``small/y``, ``small/init/<name>``  the small Dense(4,3)-ReLU-Dense(3,2) model's data
* ``smallbn/init/<name>``              weights of the Dense-BatchNorm1d-ReLU-Dense model (uses small/x, small/y)

``lenet.json``: ``lenet`` {parameters_and_names [[path, name]], trainable_params, parameters (name, dtype,
shape, requires_grad), cells_and_names, repr, forward (dtypes, shapes, loss), value_and_grad (loss, grads
type/len/dtypes)}; ``small`` / ``smallbn`` model descriptions and names; ``case_constructors`` {case: the
optimizer expression}; ``training_protocol``; ``cases`` {case: {optimizer, model, losses, loss_dtype,
opt_parameters_and_names_before [[path, name, dtype, shape]], opt_scalar_params_before {name: value},
learning_rate_attr_type, decay_flags, train_parameters_and_names (TrainOneStepCell paths),
opt_params_after [{path, name, dtype, shape, requires_grad, value (when size <= 4)}],
net_params_not_in_optimizer, get_parameters_names, opt_parameters_attr (names in ``opt.parameters``),
lr (schedule cases), params_saved}}.

Memory addresses inside reprs (``<... object at 0x...>``) are written as ``0xADDR``.
"""
import json
import re
import os
from collections import OrderedDict
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_seed(0)

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "nn")
OUT.mkdir(parents=True, exist_ok=True)


def scrub(obj):
    """Replace memory addresses in reprs ('<... object at 0x7f3a...>') by '0xADDR' so reruns give identical files."""
    if isinstance(obj, str):
        return re.sub(r" at 0x[0-9a-fA-F]+>", " at 0xADDR>", obj)
    if isinstance(obj, dict):
        return type(obj)((k, scrub(v)) for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        return [scrub(v) for v in obj]
    return obj

arrays = OrderedDict()
meta = OrderedDict()
meta["mindspore_version"] = ms.__version__
meta["mode"] = "PYNATIVE_MODE"


def np_of(t):
    return t.asnumpy() if hasattr(t, "asnumpy") else np.asarray(t)


def pinfo(p):
    a = np_of(p)
    d = OrderedDict(name=p.name, dtype=str(p.dtype), shape=list(p.shape), requires_grad=bool(p.requires_grad))
    if a.size <= 4:
        d["value"] = a.tolist()
    return d


class LeNet5(nn.Cell):
    """The classic MindSpore model-zoo LeNet-5."""

    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode='valid')
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode='valid')
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        x = self.fc3(x)
        return x


class SmallBN(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 3)
        self.bn = nn.BatchNorm1d(3)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(3, 2)

    def construct(self, x):
        return self.fc2(self.relu(self.bn(self.fc1(x))))


class Small(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 3)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(3, 2)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def make_weights(net, seed):
    """Deterministic weights: N(0, 2/fan_in) for weights, U(-0.1, 0.1) for biases."""
    rng = np.random.default_rng(seed)
    out = OrderedDict()
    for name, p in net.parameters_and_names():
        shape = tuple(p.shape)
        if len(shape) >= 2:
            fan_in = int(np.prod(shape[1:]))
            a = rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)
        else:
            a = rng.uniform(-0.1, 0.1, shape)
        out[name] = a.astype(np.float32)
    return out


def load(net, weights):
    for name, p in net.parameters_and_names():
        p.set_data(Tensor(weights[name]))


# ----------------------------------------------------------------------------------------------
# LeNet-5: names, forward, loss, gradients
# ----------------------------------------------------------------------------------------------
rng = np.random.default_rng(2024)
x = rng.standard_normal((8, 1, 32, 32)).astype(np.float32)
y = rng.integers(0, 10, size=(8,)).astype(np.int32)
arrays["x"] = x
arrays["y"] = y

net = LeNet5()
W0 = make_weights(net, 0)
load(net, W0)
for k, v in W0.items():
    arrays["init/" + k] = v

meta["lenet"] = OrderedDict()
meta["lenet"]["parameters_and_names"] = [[n, p.name] for n, p in net.parameters_and_names()]
meta["lenet"]["trainable_params"] = [p.name for p in net.trainable_params()]
meta["lenet"]["parameters"] = [pinfo(p) for p in net.get_parameters()]
meta["lenet"]["cells_and_names"] = [[n, type(c).__name__] for n, c in net.cells_and_names()]
meta["lenet"]["repr"] = repr(net)

loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
logits = net(Tensor(x))
arrays["forward/logits"] = logits.asnumpy()
loss = loss_fn(logits, Tensor(y))
arrays["forward/loss"] = loss.asnumpy()
meta["lenet"]["forward"] = OrderedDict(logits_dtype=str(logits.dtype), logits_shape=list(logits.shape),
                                       loss_dtype=str(loss.dtype), loss_shape=list(loss.shape),
                                       loss=float(loss.asnumpy()))


def forward_fn(data, label):
    return loss_fn(net(data), label)


grad_fn = ms.value_and_grad(forward_fn, None, net.trainable_params())
lv, grads = grad_fn(Tensor(x), Tensor(y))
meta["lenet"]["value_and_grad"] = OrderedDict(
    loss=float(lv.asnumpy()), grads_type=type(grads).__name__, n_grads=len(grads),
    grads=[[p.name, str(g.dtype), list(g.shape)] for p, g in zip(net.trainable_params(), grads)])
for p, g in zip(net.trainable_params(), grads):
    arrays["grad/" + p.name] = g.asnumpy()


# ----------------------------------------------------------------------------------------------
# Training cases
# ----------------------------------------------------------------------------------------------
meta["cases"] = OrderedDict()


def run_case(case, model, make_opt, loss_fn, xs, ys, weights, steps=4, save_params=True, record_lr=False):
    net = model()
    load(net, weights)
    info = OrderedDict()
    try:
        opt = make_opt(net.trainable_params())
    except Exception as e:  # noqa: BLE001
        info["error"] = [type(e).__name__, str(e)]
        meta["cases"][case] = info
        print(case, "ERROR", info["error"])
        return
    info["optimizer"] = type(opt).__name__
    info["opt_parameters_and_names_before"] = [[n, p.name, str(p.dtype), list(p.shape)]
                                               for n, p in opt.parameters_and_names()]
    info["opt_scalar_params_before"] = OrderedDict((p.name, np_of(p).tolist())
                                                   for _, p in opt.parameters_and_names() if p.size <= 1)
    info["learning_rate_attr_type"] = type(opt.learning_rate).__name__
    info["decay_flags"] = [bool(f) for f in opt.decay_flags] if hasattr(opt, "decay_flags") else None
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    train.set_train()
    info["train_parameters_and_names"] = [n for n, _ in train.parameters_and_names()]
    losses, lrs = [], []
    try:
        for _ in range(steps):
            if record_lr:
                lrs.append(np_of(opt.get_lr()).astype(np.float32))
            l = train(Tensor(xs), Tensor(ys))
            losses.append(l.asnumpy())
    except Exception as e:  # noqa: BLE001
        info["error"] = [type(e).__name__, str(e)]
        print(case, "ERROR", info["error"])
    info["loss_dtype"] = str(l.dtype) if losses else None
    info["losses"] = [float(v) for v in losses]
    arrays[case + "/losses"] = np.array(losses, dtype=np.float32)
    if record_lr:
        arrays[case + "/lr"] = np.stack(lrs)
        info["lr"] = [np.asarray(v).tolist() for v in lrs]
    info["opt_params_after"] = []
    for n, p in opt.parameters_and_names():
        d = pinfo(p)
        d["path"] = n
        info["opt_params_after"].append(d)
        if save_params:
            arrays[case + "/param/" + p.name] = np_of(p)
    opt_ids = {id(p) for p in opt.get_parameters()}
    info["net_params_not_in_optimizer"] = []
    for n, p in net.parameters_and_names():
        if id(p) not in opt_ids:
            info["net_params_not_in_optimizer"].append(pinfo(p))
            arrays[case + "/netparam/" + p.name] = np_of(p)
    info["get_parameters_names"] = [p.name for p in opt.get_parameters()]
    info["opt_parameters_attr"] = [p.name for p in opt.parameters]
    meta["cases"][case] = info
    print(case, info["losses"])


LENET_CASES = OrderedDict([
    ("lenet_momentum", lambda ps: nn.Momentum(ps, learning_rate=0.01, momentum=0.9)),
    ("lenet_adam_amsgrad", lambda ps: nn.Adam(ps, learning_rate=1e-3, use_amsgrad=True)),
])
for case, mk in LENET_CASES.items():
    run_case(case, LeNet5, mk, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean'), x, y, W0)
    meta["cases"][case]["model"] = "lenet"

# more LeNet optimizers: losses and names/scalars only (full arrays would make the file too big)
LENET_LOSS_ONLY = OrderedDict([
    ("lenet_adam_nesterov_wd", lambda ps: nn.Adam(ps, learning_rate=1e-3, use_nesterov=True, weight_decay=0.01)),
    ("lenet_adamweightdecay", lambda ps: nn.AdamWeightDecay(ps, learning_rate=1e-3, weight_decay=0.01)),
    ("lenet_sgd_momentum", lambda ps: nn.SGD(ps, learning_rate=0.01, momentum=0.9, nesterov=False, weight_decay=0.0)),
])
for case, mk in LENET_LOSS_ONLY.items():
    run_case(case, LeNet5, mk, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean'), x, y, W0,
             save_params=False)
    meta["cases"][case]["model"] = "lenet"
    meta["cases"][case]["params_saved"] = False

# small model
rng = np.random.default_rng(7)
xs = rng.standard_normal((6, 4)).astype(np.float32)
ys = rng.standard_normal((6, 2)).astype(np.float32)
arrays["small/x"] = xs
arrays["small/y"] = ys
WS = make_weights(Small(), 1)
for k, v in WS.items():
    arrays["small/init/" + k] = v
meta["small"] = OrderedDict(
    description="fc1=Dense(4,3), relu=ReLU(), fc2=Dense(3,2); construct: fc2(relu(fc1(x))); loss MSELoss()",
    parameters_and_names=[n for n, _ in Small().parameters_and_names()])

SMALL_CASES = OrderedDict([
    ("small_momentum", (lambda ps: nn.Momentum(ps, learning_rate=0.01, momentum=0.9), False)),
    ("small_momentum_nesterov_wd", (lambda ps: nn.Momentum(ps, learning_rate=0.01, momentum=0.9,
                                                            weight_decay=0.01, use_nesterov=True), False)),
    ("small_adam", (lambda ps: nn.Adam(ps, learning_rate=1e-3), False)),
    ("small_adam_amsgrad", (lambda ps: nn.Adam(ps, learning_rate=1e-3, use_amsgrad=True), False)),
    ("small_adam_nesterov_wd", (lambda ps: nn.Adam(ps, learning_rate=1e-3, use_nesterov=True,
                                                    weight_decay=0.01), False)),
    ("small_adamweightdecay", (lambda ps: nn.AdamWeightDecay(ps, learning_rate=1e-3, weight_decay=0.01), False)),
    ("small_sgd_momentum", (lambda ps: nn.SGD(ps, learning_rate=0.1, momentum=0.9, nesterov=False,
                                              weight_decay=0.0), False)),
    ("small_sgd_plain", (lambda ps: nn.SGD(ps, learning_rate=0.1), False)),
    ("small_momentum_expdecay", (lambda ps: nn.Momentum(ps, learning_rate=nn.ExponentialDecayLR(0.1, 0.9, 2),
                                                         momentum=0.9), True)),
    ("small_momentum_expdecay_stair", (lambda ps: nn.Momentum(
        ps, learning_rate=nn.ExponentialDecayLR(0.1, 0.9, 2, is_stair=True), momentum=0.9), True)),
    ("small_momentum_lr_list", (lambda ps: nn.Momentum(ps, learning_rate=[0.1, 0.05, 0.02, 0.01],
                                                        momentum=0.9), True)),
    ("small_momentum_lr_tensor", (lambda ps: nn.Momentum(
        ps, learning_rate=Tensor(np.array([0.1, 0.05, 0.02, 0.01], np.float32)), momentum=0.9), True)),
    ("small_adam_expdecay", (lambda ps: nn.Adam(ps, learning_rate=nn.ExponentialDecayLR(0.01, 0.9, 2)), True)),
])
for case, (mk, rec_lr) in SMALL_CASES.items():
    run_case(case, Small, mk, nn.MSELoss(), xs, ys, WS, record_lr=rec_lr)
    meta["cases"][case]["model"] = "small"

# BatchNorm model: weight decay is skipped for names containing 'beta'/'gamma' (decay_flags)
WB = make_weights(SmallBN(), 3)
WB["bn.gamma"] = np.array([1.0, 0.8, 1.2], np.float32)
WB["bn.beta"] = np.array([0.1, -0.1, 0.0], np.float32)
WB["bn.moving_mean"] = np.zeros(3, np.float32)
WB["bn.moving_variance"] = np.ones(3, np.float32)
for k, v in WB.items():
    arrays["smallbn/init/" + k] = v
meta["smallbn"] = OrderedDict(
    description="fc1=Dense(4,3), bn=BatchNorm1d(3), relu=ReLU(), fc2=Dense(3,2); construct: fc2(relu(bn(fc1(x)))); "
                "loss MSELoss(); data small/x, small/y; weights smallbn/init/*",
    parameters_and_names=[n for n, _ in SmallBN().parameters_and_names()],
    trainable_params=[p.name for p in SmallBN().trainable_params()])
for case, mk in [("smallbn_momentum_wd", lambda ps: nn.Momentum(ps, learning_rate=0.1, momentum=0.9,
                                                                 weight_decay=0.1)),
                 ("smallbn_adam_wd", lambda ps: nn.Adam(ps, learning_rate=0.01, weight_decay=0.1))]:
    run_case(case, SmallBN, mk, nn.MSELoss(), xs, ys, WB)
    meta["cases"][case]["model"] = "smallbn"

meta["case_constructors"] = OrderedDict([
    ("smallbn_momentum_wd", "nn.Momentum(params, learning_rate=0.1, momentum=0.9, weight_decay=0.1)"),
    ("smallbn_adam_wd", "nn.Adam(params, learning_rate=0.01, weight_decay=0.1)"),
    ("lenet_momentum", "nn.Momentum(params, learning_rate=0.01, momentum=0.9)"),
    ("lenet_adam_amsgrad", "nn.Adam(params, learning_rate=1e-3, use_amsgrad=True)"),
    ("lenet_adam_nesterov_wd", "nn.Adam(params, learning_rate=1e-3, use_nesterov=True, weight_decay=0.01)"),
    ("lenet_adamweightdecay", "nn.AdamWeightDecay(params, learning_rate=1e-3, weight_decay=0.01)"),
    ("lenet_sgd_momentum", "nn.SGD(params, learning_rate=0.01, momentum=0.9, nesterov=False, weight_decay=0.0)"),
    ("small_momentum", "nn.Momentum(params, learning_rate=0.01, momentum=0.9)"),
    ("small_momentum_nesterov_wd", "nn.Momentum(params, learning_rate=0.01, momentum=0.9, weight_decay=0.01, use_nesterov=True)"),
    ("small_adam", "nn.Adam(params, learning_rate=1e-3)"),
    ("small_adam_amsgrad", "nn.Adam(params, learning_rate=1e-3, use_amsgrad=True)"),
    ("small_adam_nesterov_wd", "nn.Adam(params, learning_rate=1e-3, use_nesterov=True, weight_decay=0.01)"),
    ("small_adamweightdecay", "nn.AdamWeightDecay(params, learning_rate=1e-3, weight_decay=0.01)"),
    ("small_sgd_momentum", "nn.SGD(params, learning_rate=0.1, momentum=0.9, nesterov=False, weight_decay=0.0)"),
    ("small_sgd_plain", "nn.SGD(params, learning_rate=0.1)"),
    ("small_momentum_expdecay", "nn.Momentum(params, learning_rate=nn.ExponentialDecayLR(0.1, 0.9, 2), momentum=0.9)"),
    ("small_momentum_expdecay_stair", "nn.Momentum(params, learning_rate=nn.ExponentialDecayLR(0.1, 0.9, 2, is_stair=True), momentum=0.9)"),
    ("small_momentum_lr_list", "nn.Momentum(params, learning_rate=[0.1, 0.05, 0.02, 0.01], momentum=0.9)"),
    ("small_momentum_lr_tensor", "nn.Momentum(params, learning_rate=Tensor(np.array([0.1, 0.05, 0.02, 0.01], np.float32)), momentum=0.9)"),
    ("small_adam_expdecay", "nn.Adam(params, learning_rate=nn.ExponentialDecayLR(0.01, 0.9, 2))"),
])
meta["training_protocol"] = ("net = Model(); load weights (init/... or small/init/...); opt = <constructor>(net.trainable_params()); "
                             "train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt); train.set_train(); "
                             "4 x loss = train(x, y). LeNet loss_fn = SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean'); "
                             "small loss_fn = MSELoss(). lr (schedule cases) = opt.get_lr() read before each step.")

np.savez_compressed(OUT / "lenet.npz", **arrays)
with open(OUT / "lenet.json", "w") as f:
    json.dump(scrub(meta), f, indent=1)
print("wrote", OUT / "lenet.npz", os.path.getsize(OUT / "lenet.npz"), "bytes;", OUT / "lenet.json")
