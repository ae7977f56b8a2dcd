"""Probe of loss scaling and mixed precision in MindSpore 2.10; `label -> result` lines.

Recorded with MindSpore 2.10.0 (CPU)::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/train_amp.py > tests/goldens/train/train_amp.txt

tests/train/test_amp_golden.py runs this same script with `mindspore` answered by msjax. Cases whose
label starts with `cpu_refuses/` record where MindSpore's CPU build refuses loss scaling; msjax runs
them (tests/train/test_loss_scale.py checks those against NumPy and pure JAX instead).
"""
import json

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, amp, nn
from mindspore.train import DynamicLossScaleManager, FixedLossScaleManager, Model

ms.set_context(mode=ms.PYNATIVE_MODE)


class Rows:
    def __init__(self, seed, n=16, batch=4):
        rng = np.random.default_rng(seed)
        self.x = rng.standard_normal((n, 4)).astype(np.float32)
        self.y = rng.integers(0, 3, (n,)).astype(np.int32)
        self.batch = batch

    def get_dataset_size(self):
        return len(self.x) // self.batch

    def create_tuple_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        return Epochs(self, output_numpy)

    def reset(self):
        pass


class Epochs:
    def __init__(self, rows, output_numpy):
        self.rows, self.output_numpy, self.index = rows, output_numpy, 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index == self.rows.get_dataset_size():
            self.index = 0
            raise StopIteration
        sl = slice(self.index * self.rows.batch, (self.index + 1) * self.rows.batch)
        self.index += 1
        row = [self.rows.x[sl], self.rows.y[sl]]
        return row if self.output_numpy else [Tensor(a) for a in row]


def make_net(seed=0):
    rng = np.random.default_rng(seed)
    net = nn.SequentialCell([nn.Dense(4, 5), nn.ReLU(), nn.Dense(5, 3)])
    for p in net.trainable_params():
        p.set_data(Tensor((rng.standard_normal(p.shape) * 0.5).astype(np.float32)))
    return net


def show(label, value):
    print(f"{label} -> {json.dumps(value)}")


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e).split("\n")[0]]
    return "no error"


def weights(net):
    return [np.round(p.asnumpy().astype(np.float64), 5).tolist() for p in net.trainable_params()]


def train_losses(amp_level="O0", loss_scale=1.0, **kwargs):
    net = make_net()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=loss_scale)
    model = Model(net, loss_fn, opt, amp_level=amp_level, **kwargs)
    losses = []

    class Record(ms.train.Callback):
        def on_train_step_end(self, run_context):
            out = run_context.original_args().net_outputs
            out = out[0] if isinstance(out, (tuple, list)) else out
            losses.append(float(out.asnumpy()))

    model.train(2, Rows(1), callbacks=[Record()])
    return {"losses": [round(v, 5) for v in losses], "weights": weights(net),
            "train_network": type(model.train_network).__name__}


loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
show("fixed_no_drop", train_losses(loss_scale=128.0,
                                   loss_scale_manager=FixedLossScaleManager(128.0, drop_overflow_update=False)))
show("o3", train_losses("O3"))
show("o1", train_losses("O1"))
show("o2_fixed_no_drop", train_losses("O2", loss_scale=64.0,
                                      loss_scale_manager=FixedLossScaleManager(64.0, drop_overflow_update=False)))
show("cpu_refuses/fixed_drop", error(lambda: train_losses(loss_scale_manager=FixedLossScaleManager(128.0))))
show("cpu_refuses/dynamic", error(lambda: train_losses(loss_scale_manager=DynamicLossScaleManager())))
show("cpu_refuses/o2", error(lambda: train_losses("O2")))

# -- managers on the host -----------------------------------------------------------------------
manager = DynamicLossScaleManager(init_loss_scale=16, scale_factor=2, scale_window=3)
scales = []
for overflow in [False, False, False, True, False, True, True, False, False, False, False]:
    manager.update_loss_scale(overflow)
    scales.append(manager.get_loss_scale())
show("dynamic_manager/scales", scales)
show("dynamic_manager/update_cell", type(manager.get_update_cell()).__name__)
show("dynamic_manager/drop", manager.get_drop_overflow_update())
fixed = FixedLossScaleManager(32.0)
fixed.update_loss_scale(True)
show("fixed_manager", [fixed.get_loss_scale(), fixed.get_drop_overflow_update(),
                       type(fixed.get_update_cell()).__name__,
                       FixedLossScaleManager(32.0, False).get_update_cell() is None])
show("error/fixed_scale", error(lambda: FixedLossScaleManager(0.5)))
show("error/dynamic_scale", error(lambda: DynamicLossScaleManager(0.5)))
show("error/dynamic_window", error(lambda: DynamicLossScaleManager(16, 2, 0)))
show("error/dynamic_factor", error(lambda: DynamicLossScaleManager(16, 0, 10)))

# -- the update cells, called directly -----------------------------------------------------------
cell = nn.DynamicLossScaleUpdateCell(loss_scale_value=16.0, scale_factor=2, scale_window=2)
scale = Parameter(Tensor(16.0, ms.float32), name="scale")
values = []
for overflow in [False, False, True, False, False, False, True, True]:
    returned = cell(scale, Tensor(overflow))
    values.append([float(scale.asnumpy()), bool(returned.asnumpy())])
show("dynamic_update_cell", values)
show("dynamic_update_cell/get_loss_scale", cell.get_loss_scale())
fixed_cell = nn.FixedLossScaleUpdateCell(loss_scale_value=8.0)
show("fixed_update_cell", [fixed_cell.get_loss_scale(), bool(fixed_cell(scale, Tensor(True)).asnumpy())])
show("error/scale_sense_type", error(lambda: nn.TrainOneStepWithLossScaleCell(
    nn.WithLossCell(make_net(), loss_fn), nn.Momentum(make_net().trainable_params(), 0.1, 0.9), scale_sense=3)))
show("error/scale_sense_shape", error(lambda: nn.TrainOneStepWithLossScaleCell(
    nn.WithLossCell(make_net(), loss_fn), nn.Momentum(make_net().trainable_params(), 0.1, 0.9),
    scale_sense=Tensor(np.ones((2,), np.float32)))))

# -- mixed precision ----------------------------------------------------------------------------
x = Tensor(np.random.default_rng(5).standard_normal((3, 4)).astype(np.float32))
for level in ("O0", "O1", "O2", "O3"):
    net = make_net()
    out = amp.auto_mixed_precision(net, level)(x)
    show(f"auto_mixed_precision/{level}", [str(out.dtype), np.round(out.asnumpy().astype(np.float64), 3).tolist(),
                                           str(net[0].weight.dtype)])
dense = make_net()[0]
dense.to_float(ms.float16)
out = dense(x)
show("to_float/fp16", [str(out.dtype), np.round(out.asnumpy().astype(np.float64), 3).tolist(),
                       str(dense.weight.dtype)])
show("error/to_float", error(lambda: make_net().to_float(ms.int32)))
show("error/amp_level", error(lambda: amp.auto_mixed_precision(make_net(), "O5")))
show("error/amp_dtype", error(lambda: amp.auto_mixed_precision(make_net(), "O1", ms.float32)))
show("error/amp_network", error(lambda: amp.auto_mixed_precision(5, "O1")))
show("error/build_level", error(lambda: amp.build_train_network(
    make_net(), nn.Momentum(make_net().trainable_params(), 0.1, 0.9), loss_fn, level="O5")))
show("error/build_kwargs", error(lambda: amp.build_train_network(
    make_net(), nn.Momentum(make_net().trainable_params(), 0.1, 0.9), loss_fn, level="O0", nope=1)))
show("error/custom_both", error(lambda: amp.custom_mixed_precision(make_net(), white_list=[nn.Dense],
                                                                   black_list=[nn.Dense])))
show("error/custom_none", error(lambda: amp.custom_mixed_precision(make_net())))
net = make_net()
out = amp.custom_mixed_precision(net, white_list=[nn.Dense])(x)
show("custom_white", [str(out.dtype), np.round(out.asnumpy().astype(np.float64), 3).tolist()])

# -- loss scalers -------------------------------------------------------------------------------
scaler = amp.StaticLossScaler(scale_value=4.0)
show("static_scaler", [float(scaler.scale(Tensor(1.5, ms.float32)).asnumpy()),
                       float(scaler.unscale(Tensor(6.0, ms.float32)).asnumpy())])
scaler = amp.DynamicLossScaler(scale_value=8.0, scale_factor=2, scale_window=2)
seq = []
for finite in [True, True, False, True, True, True]:
    scaler.adjust(Tensor(finite))
    seq.append(float(scaler.scale_value.asnumpy()))
show("dynamic_scaler", seq)
grads = (Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0], np.float32)))
show("dynamic_scaler/unscale", [np.round(g.asnumpy().astype(np.float64), 6).tolist() for g in scaler.unscale(grads)])
show("all_finite", [bool(amp.all_finite(grads).asnumpy()),
                   bool(amp.all_finite((Tensor(np.array([np.inf], np.float32)),)).asnumpy())])
