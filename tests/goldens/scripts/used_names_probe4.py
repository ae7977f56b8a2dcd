"""MindSpore 2.10 behaviour of names real code uses that had no test of their own (mint.flatten,
softmax, add, empty, mean, narrow, reshape, select, mint.nn.CrossEntropyLoss/ReLU, nn.Dropout1d/3d,
_CallbackManager, TensorType, text.to_str, CosineAnnealingLR, ops.is_tensor/assign_sub,
LossScaleManager, nn.TransformerDecoder, XavierNormal), printed `label -> RESULT` as in
used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe4.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe4.out
"""
import os

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, mint, nn, ops
from mindspore.common.initializer import XavierNormal, initializer
from mindspore.dataset import text
from mindspore.experimental import optim
from mindspore.experimental.optim.lr_scheduler import CosineAnnealingLR
from mindspore.train.callback import Callback, RunContext, _CallbackManager


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.float64), 4)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, np.ndarray):
        return f"np[{list(v.shape)},{v.dtype}]={v.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    if isinstance(v, float):
        return repr(round(v, 5))
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
        settle_pending_errors()
    print(f"{label} -> {result}")


def settle_pending_errors():
    """MindSpore 2.10 raises an op's shape error again at the next ops it runs: run a few
    throwaway ops so the next case sees only its own result."""
    for _ in range(3):
        try:
            (Tensor(np.ones(1, np.float32)) + 1).asnumpy()
        except Exception:  # noqa: BLE001 - the error being flushed
            pass


x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10 - 1)
m = Tensor(np.array([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]], np.float32))
show("mint.flatten", lambda: mint.flatten(x))
show("mint.flatten 1", lambda: mint.flatten(x, 1))
show("mint.flatten 0 1", lambda: mint.flatten(x, start_dim=0, end_dim=1).shape)
show("mint.flatten -2 -1", lambda: mint.flatten(x, -2, -1).shape)
show("mint.flatten scalar", lambda: mint.flatten(Tensor(3.0)))
show("mint.flatten start > end", lambda: mint.flatten(x, 2, 1))
show("mint.softmax", lambda: mint.softmax(m, 1))
show("mint.softmax dim 0", lambda: mint.softmax(m, dim=0))
show("mint.softmax neg dim", lambda: mint.softmax(m, -1))
show("mint.add", lambda: mint.add(m, m))
show("mint.add scalar", lambda: mint.add(m, 2))
show("mint.add alpha", lambda: mint.add(m, Tensor(np.ones(3, np.float32)), alpha=0.5))
show("mint.add int float", lambda: mint.add(Tensor(np.array([1, 2], np.int32)), 1.5))
show("mint.empty", lambda: (mint.empty(2, 3).shape, mint.empty(2, 3).dtype))
show("mint.empty tuple dtype", lambda: (mint.empty((4,), dtype=ms.int32).shape,
                                        mint.empty((4,), dtype=ms.int32).dtype))
show("mint.mean", lambda: mint.mean(m))
show("mint.mean dim", lambda: mint.mean(m, 1))
show("mint.mean keepdim", lambda: mint.mean(m, dim=0, keepdim=True))
show("mint.mean dims", lambda: mint.mean(x, (0, 2)))
show("mint.narrow", lambda: mint.narrow(m, 1, 1, 2))
show("mint.narrow dim 0", lambda: mint.narrow(x, 0, 1, 1).shape)
show("mint.narrow too long", lambda: mint.narrow(m, 1, 2, 2))
show("mint.reshape", lambda: mint.reshape(m, (3, 2)))
show("mint.reshape -1", lambda: mint.reshape(x, (-1, 6)).shape)
show("mint.select", lambda: mint.select(x, 1, 2))
show("mint.select neg", lambda: mint.select(m, -1, -1))
show("mint.select out of range", lambda: mint.select(m, 0, 5))
show("mint.nn.ReLU", lambda: mint.nn.ReLU()(m))
show("mint.nn.ReLU repr", lambda: repr(mint.nn.ReLU()))
show("mint.nn.ReLU int", lambda: mint.nn.ReLU()(Tensor(np.array([-2, 3], np.int32))))

ms.set_seed(0)
volume = Tensor(np.ones((2, 6, 2, 2, 2), np.float32))
signal = Tensor(np.ones((2, 6, 5), np.float32))


def channelwise(out, reduce_axes):
    """Each channel either all dropped or all scaled by 1 / (1 - p) (p = 0.5)."""
    values = out.asnumpy()
    lows, highs = values.min(reduce_axes), values.max(reduce_axes)
    return bool(np.all(lows == highs) and set(np.unique(values)) <= {0.0, 2.0}), values.shape


def dropout_train(cell, inputs, axes):
    cell.set_train(True)
    return channelwise(cell(inputs), axes)


show("nn.Dropout3d train", lambda: dropout_train(nn.Dropout3d(p=0.5), volume, (2, 3, 4)))
show("nn.Dropout3d eval", lambda: nn.Dropout3d(p=0.5).set_train(False)(volume).asnumpy().sum().item())
show("nn.Dropout3d p=0", lambda: nn.Dropout3d(p=0.0).set_train(True)(volume).asnumpy().sum().item())
show("nn.Dropout3d repr", lambda: repr(nn.Dropout3d(p=0.3)))
show("nn.Dropout3d bad p", lambda: nn.Dropout3d(p=1.5))
show("nn.Dropout3d bad rank", lambda: nn.Dropout3d(p=0.5).set_train(True)(signal))
show("nn.Dropout1d train", lambda: dropout_train(nn.Dropout1d(p=0.5), signal, (2,)))
show("nn.Dropout1d eval", lambda: nn.Dropout1d(p=0.5).set_train(False)(signal).asnumpy().sum().item())
show("nn.Dropout1d unbatched", lambda: dropout_train(nn.Dropout1d(p=0.5), signal[0], (1,)))
show("nn.Dropout1d repr", lambda: repr(nn.Dropout1d()))
show("nn.Dropout1d bad p", lambda: nn.Dropout1d(p=-0.1))
show("nn.Dropout1d bad rank", lambda: nn.Dropout1d(p=0.5).set_train(True)(volume))


class Recorder(Callback):
    def __init__(self, name, log):
        super().__init__()
        self.name, self.log = name, log

    def __enter__(self):
        self.log.append(f"{self.name}.enter")
        return self

    def __exit__(self, *err):
        self.log.append(f"{self.name}.exit")

    def on_train_begin(self, run_context):
        self.log.append(f"{self.name}.on_train_begin:{run_context.original_args()['k']}")

    def step_end(self, run_context):
        self.log.append(f"{self.name}.step_end")


def run_manager():
    log = []
    with _CallbackManager([Recorder("a", log), Recorder("b", log)]) as manager:
        context = RunContext({"k": 7})
        manager.on_train_begin(context)
        manager.step_end(context)
        manager.epoch_end(context)
    return log


show("_CallbackManager", run_manager)
show("_CallbackManager one", lambda: type(_CallbackManager(Recorder("c", []))._callbacks[0]).__name__)
show("_CallbackManager none", lambda: _CallbackManager(None)._callbacks)
show("_CallbackManager bad element", lambda: _CallbackManager([1]))
show("_CallbackManager bad type", lambda: _CallbackManager("x"))

show("TensorType", lambda: repr(ms.TensorType(ms.float32)))
show("TensorType str", lambda: str(ms.common.dtype.TensorType(ms.int8)))
show("TensorType element_type", lambda: ms.TensorType(ms.float16).element_type())
show("TensorType eq", lambda: (ms.TensorType(ms.float32) == ms.TensorType(ms.float32),
                               ms.TensorType(ms.float32) == ms.TensorType(ms.int32)))
show("TensorType is common.dtype's", lambda: ms.TensorType is ms.common.dtype.TensorType)

show("text.to_str", lambda: text.to_str(np.array([b"ab", b"\xc3\xa9t\xc3\xa9"])))
show("text.to_str 2d", lambda: text.to_str(np.array([[b"a"], [b"bc"]])))
show("text.to_str ascii", lambda: text.to_str(np.array([b"ab"]), encoding="ascii"))
show("text.to_str not array", lambda: text.to_str([b"ab"]))


def cosine_lrs(**kwargs):
    net = nn.Dense(2, 1)
    opt = optim.SGD(net.trainable_params(), lr=1.0)
    scheduler = CosineAnnealingLR(opt, **kwargs)
    lrs = []
    for _ in range(7):
        opt.step() if hasattr(opt, "step") else None
        scheduler.step()
        lrs.append(round(float(scheduler.get_last_lr()[0].asnumpy()), 5))
    return lrs


show("CosineAnnealingLR", lambda: cosine_lrs(T_max=4))
show("CosineAnnealingLR eta_min", lambda: cosine_lrs(T_max=3, eta_min=0.1))
show("CosineAnnealingLR bad optimizer", lambda: CosineAnnealingLR(nn.Dense(2, 1), T_max=3))

show("ops.is_tensor", lambda: (ops.is_tensor(m), ops.is_tensor(np.ones(2)), ops.is_tensor(1.0),
                               ops.is_tensor(Parameter(m, name="ist"))))

acc = Parameter(Tensor(np.array([5.0, 6.0], np.float32)), name="acc")
show("ops.assign_sub", lambda: (ops.assign_sub(acc, Tensor(np.array([1.0, 2.5], np.float32))), acc))
iacc = Parameter(Tensor(np.array([5, 6], np.int32)), name="iacc")
show("ops.assign_sub int", lambda: (ops.assign_sub(iacc, Tensor(np.array([1, 2], np.int32))), iacc))

show("LossScaleManager", lambda: [getattr(ms.LossScaleManager(), name)(*args) for name, args in
                                  (("get_loss_scale", ()), ("update_loss_scale", (True,)),
                                   ("get_update_cell", ()))])
show("LossScaleManager bases", lambda: [c.__name__ for c in ms.FixedLossScaleManager.__mro__])
show("LossScaleManager subclass", lambda: isinstance(ms.DynamicLossScaleManager(),
                                                     ms.LossScaleManager))


def decoder(num_layers, norm):
    layer = nn.TransformerDecoderLayer(4, 2, 8, dropout=0.0)
    cell = nn.TransformerDecoder(layer, num_layers, nn.LayerNorm((4,)) if norm else None)
    rng = np.random.default_rng(5)
    for _, p in cell.parameters_and_names():
        p.set_data(Tensor((rng.standard_normal(p.shape) * 0.3).astype(np.float32)))
    tgt = Tensor(rng.standard_normal((3, 1, 4)).astype(np.float32))
    memory = Tensor(rng.standard_normal((2, 1, 4)).astype(np.float32))
    mask = Tensor(np.triu(np.full((3, 3), -np.inf, np.float32), 1))
    return cell, tgt, memory, mask


def decode(num_layers, norm, masked):
    cell, tgt, memory, mask = decoder(num_layers, norm)
    cell.set_train(False)
    return cell(tgt, memory, tgt_mask=mask) if masked else cell(tgt, memory)


show("nn.TransformerDecoder", lambda: decode(2, False, False))
show("nn.TransformerDecoder norm mask", lambda: decode(2, True, True))
show("nn.TransformerDecoder params", lambda: [(n, list(p.shape)) for n, p in
                                              decoder(2, True)[0].parameters_and_names()][:3])
show("nn.TransformerDecoder count", lambda: len(decoder(2, True)[0].trainable_params()))
show("nn.TransformerDecoder bad layer", lambda: nn.TransformerDecoder(nn.Dense(2, 2), 2))

ms.set_seed(1)


def xavier_normal_std(gain, shape):
    values = initializer(XavierNormal(gain=gain), shape, ms.float32).asnumpy()
    expected = gain * np.sqrt(2.0 / (shape[0] * int(np.prod(shape[2:])) +
                                     shape[1] * int(np.prod(shape[2:]))))
    return (values.shape, str(values.dtype), bool(abs(values.std() / expected - 1) < 0.05),
            bool(abs(values.mean()) < 0.05 * expected))


show("XavierNormal", lambda: xavier_normal_std(1.0, (300, 200)))
show("XavierNormal gain conv", lambda: xavier_normal_std(2.0, (64, 32, 3, 3)))
show("XavierNormal float16", lambda: initializer(XavierNormal(), (3, 4), ms.float16).dtype)
show("XavierNormal 1-D", lambda: initializer(XavierNormal(), (3,), ms.float32))
show("XavierNormal name", lambda: initializer("xavier_normal", (4, 4)).shape)
show("XavierNormal gain attr", lambda: XavierNormal(gain=3.0).gain)
show("mindspore.__file__", lambda: os.path.basename(ms.__file__))
