"""Probe of `mindspore.train.Model` and its callbacks; one `label -> result` line per case.

Recorded with MindSpore 2.10.0 (CPU)::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/train_model.py > tests/goldens/train/train_model.txt

tests/train/test_model_golden.py runs this same script with `mindspore` answered by msjax and
compares each case (numbers with a tolerance; printed lines with their numbers replaced by N).
The dataset is a small duck-typed class using only MindSpore's public dataset methods, so the
script needs no `mindspore.dataset`; every weight is set from `np.random.default_rng`.
"""
import contextlib
import io
import json
import os
import re
import shutil
import tempfile

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn
from mindspore.train import (Callback, CheckpointConfig, EarlyStopping, History, LambdaCallback,
                             LearningRateScheduler, LossMonitor, Model, ModelCheckpoint, ReduceLROnPlateau,
                             TimeMonitor)

ms.set_context(mode=ms.PYNATIVE_MODE)


class ArrayDataset:
    """Batches of (x, y) NumPy arrays, read through MindSpore's public dataset methods."""

    def __init__(self, x, y, batch_size):
        self.x, self.y, self.batch_size = x, y, batch_size

    def get_dataset_size(self):
        return len(self.x) // self.batch_size

    def get_batch_size(self):
        return self.batch_size

    def get_col_names(self):
        return ["x", "y"]

    def create_tuple_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        return EpochIterator(self, output_numpy)

    def reset(self):
        pass


class EpochIterator:
    """Like MindSpore's tuple iterator: each pass stops at the epoch's end; the next pass
    continues with the next epoch."""

    def __init__(self, dataset, output_numpy):
        self.dataset, self.output_numpy, self.index = dataset, output_numpy, 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index == self.dataset.get_dataset_size():
            self.index = 0
            raise StopIteration
        sl = slice(self.index * self.dataset.batch_size, (self.index + 1) * self.dataset.batch_size)
        self.index += 1
        row = [self.dataset.x[sl], self.dataset.y[sl]]
        return row if self.output_numpy else [Tensor(a) for a in row]


def make_data(seed, n=24, batch=4):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, 4)).astype(np.float32)
    y = rng.integers(0, 3, (n,)).astype(np.int32)
    return ArrayDataset(x, y, batch)


def make_net(seed=0):
    rng = np.random.default_rng(seed)
    net = nn.SequentialCell([nn.Dense(4, 5), nn.ReLU(), nn.Dense(5, 3)])
    for p in net.trainable_params():
        p.set_data(Tensor((rng.standard_normal(p.shape) * 0.5).astype(np.float32)))
    return net


class RecordLoss(Callback):
    def __init__(self):
        super().__init__()
        self.losses = []
        self.steps = []
        self.hooks = []

    def on_train_begin(self, run_context):
        cb = run_context.original_args()
        self.hooks.append(("train_begin", cb.epoch_num, cb.batch_num, cb.mode, cb.dataset_sink_mode))

    def on_train_epoch_begin(self, run_context):
        self.hooks.append(("epoch_begin", run_context.original_args().cur_epoch_num))

    def on_train_step_end(self, run_context):
        cb = run_context.original_args()
        out = cb.net_outputs
        if isinstance(out, (tuple, list)):
            out = out[0]
        self.losses.append(float(out.asnumpy()))
        self.steps.append((cb.cur_epoch_num, cb.cur_step_num))

    def on_train_epoch_end(self, run_context):
        self.hooks.append(("epoch_end", run_context.original_args().cur_epoch_num))

    def on_train_end(self, run_context):
        self.hooks.append(("train_end",))


def show(label, value):
    print(f"{label} -> {json.dumps(value)}")


def weights(net):
    return {p.name: np.round(p.asnumpy().astype(np.float64), 6).tolist() for p in net.trainable_params()}


def numbers_to_n(text):
    return re.sub(r"\d+(\.\d+)?(e[-+]?\d+)?", "N", text)


def captured(fn):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = fn()
    return result, out.getvalue().splitlines()


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e)]
    return "no error"


# -- train: per-step losses, hooks, final weights -----------------------------------------------
net = make_net()
loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
model = Model(net, loss_fn, opt, metrics={"acc", "loss"})
record = RecordLoss()
model.train(2, make_data(1), callbacks=[record])
show("train/losses", record.losses)
show("train/steps", record.steps)
show("train/hooks", record.hooks)
show("train/weights", weights(net))
show("train/network_types", [type(model.train_network).__name__, type(model.eval_network).__name__,
                             type(model.predict_network).__name__])

# -- eval and predict ---------------------------------------------------------------------------
result = model.eval(make_data(2))
show("eval/keys", sorted(result))
show("eval/values", [float(result["acc"]), float(result["loss"])])
x = Tensor(np.random.default_rng(3).standard_normal((2, 4)).astype(np.float32))
show("predict", np.round(model.predict(x).asnumpy().astype(np.float64), 6).tolist())

# -- LossMonitor / TimeMonitor printed lines ----------------------------------------------------
net = make_net()
model = Model(net, loss_fn, nn.Momentum(net.trainable_params(), 0.1, 0.9))
_, lines = captured(lambda: model.train(2, make_data(1), callbacks=[LossMonitor(2), TimeMonitor()]))
show("monitor/lines_shape", [numbers_to_n(line) for line in lines])
show("monitor/loss_lines", [line for line in lines if "loss is" in line and False] or
     [float(line.rsplit(" ", 1)[1]) for line in lines if "loss is" in line])

_, lines = captured(lambda: Model(net, loss_fn, metrics={"acc"}).eval(make_data(2), callbacks=[TimeMonitor()]))
show("monitor/eval_lines_shape", [numbers_to_n(line) for line in lines])


# -- LeNet-5 through Model -----------------------------------------------------------------------
class LeNet5(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, 10)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


lenet = LeNet5()
rng = np.random.default_rng(11)
for p in lenet.trainable_params():
    p.set_data(Tensor((rng.standard_normal(p.shape) * 0.1).astype(np.float32)))
images = ArrayDataset(rng.standard_normal((24, 1, 32, 32)).astype(np.float32),
                      rng.integers(0, 10, (24,)).astype(np.int32), 8)
model = Model(lenet, loss_fn, nn.Momentum(lenet.trainable_params(), 0.01, 0.9), metrics={"acc", "loss"})
record = RecordLoss()
model.train(2, images, callbacks=[record])
show("lenet/losses", record.losses)
show("lenet/weight_sums", {p.name: round(float(np.abs(p.asnumpy()).sum()), 4) for p in lenet.trainable_params()})
show("lenet/eval", {k: float(v) for k, v in model.eval(images).items()})

# -- initial_epoch, request_stop ---------------------------------------------------------------
net = make_net()
model = Model(net, loss_fn, nn.Momentum(net.trainable_params(), 0.1, 0.9))
record = RecordLoss()
model.train(3, make_data(1), callbacks=[record], initial_epoch=1)
show("initial_epoch/steps", record.steps)


class StopAtThree(Callback):
    def on_train_step_end(self, run_context):
        if run_context.original_args().cur_step_num == 3:
            run_context.request_stop()


net = make_net()
model = Model(net, loss_fn, nn.Momentum(net.trainable_params(), 0.1, 0.9))
record = RecordLoss()
model.train(2, make_data(1), callbacks=[StopAtThree(), record])
show("request_stop/steps", record.steps)

# -- fit with validation, History, EarlyStopping, LambdaCallback ----------------------------------
net = make_net()
model = Model(net, loss_fn, nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc"})
history = History()
seen = []
lam = LambdaCallback(on_train_epoch_end=lambda rc: seen.append(
    sorted(rc.original_args().get("eval_results", {}).keys())))
_, lines = captured(lambda: model.fit(3, make_data(1), make_data(2), callbacks=[history, lam, LossMonitor(6)]))
show("fit/history_keys", sorted(history.history))
show("fit/history_acc", [float(v) for v in history.history["acc"]])
show("fit/history_net_output", [float(v) for v in history.history["net_output"]])
show("fit/epochs", history.epoch)
show("fit/eval_results_keys", seen)
show("fit/lines_shape", [numbers_to_n(line) for line in lines])

net = make_net()
model = Model(net, loss_fn, nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc"})
stopper = EarlyStopping(monitor="acc", patience=1, mode="max", verbose=True)
record = RecordLoss()
_, lines = captured(lambda: model.fit(6, make_data(1), make_data(2), callbacks=[stopper, record]))
show("early_stopping/epochs_run", sorted({e for e, _ in record.steps}))
show("early_stopping/lines", lines)
show("early_stopping/stopped_epoch", stopper.stopped_epoch)

# -- ReduceLROnPlateau, LearningRateScheduler ---------------------------------------------------
net = make_net()
opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
model = Model(net, loss_fn, opt)
reduce_lr = ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, verbose=True, min_delta=10.0)
_, lines = captured(lambda: model.train(3, make_data(1), callbacks=[reduce_lr]))
show("reduce_lr/lines", lines)
show("reduce_lr/lr", float(opt.learning_rate.asnumpy()))
show("reduce_lr/weights", weights(net))
net = make_net()
opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
model = Model(net, loss_fn, opt)
record = RecordLoss()
scheduler = LearningRateScheduler(lambda lr, step: lr * 0.5 if step % 4 == 0 else lr)
model.train(2, make_data(1), callbacks=[scheduler, record])
show("lr_scheduler/lr", float(opt.learning_rate.asnumpy()))
show("lr_scheduler/losses", record.losses)
show("error/reduce_lr_dynamic", error(lambda: Model(make_net(), loss_fn, nn.Momentum(
    make_net().trainable_params(), nn.ExponentialDecayLR(0.1, 0.9, 2), 0.9)).train(
        1, make_data(1), callbacks=[ReduceLROnPlateau(monitor="loss")])))
show("error/reduce_lr_factor", error(lambda: ReduceLROnPlateau(factor=1.5)))
show("error/early_stopping_mode", error(lambda: EarlyStopping(mode="up")))

# -- ModelCheckpoint file naming and keep_checkpoint_max -----------------------------------------
folder = tempfile.mkdtemp()
try:
    net = make_net()
    model = Model(net, loss_fn, nn.Momentum(net.trainable_params(), 0.1, 0.9))
    config = CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=3)
    ckpt = ModelCheckpoint(prefix="net", directory=folder, config=config)
    model.train(2, make_data(1), callbacks=[ckpt])
    show("ckpt/files", sorted(f for f in os.listdir(folder) if f.endswith(".ckpt")))
    show("ckpt/latest", os.path.basename(ckpt.latest_ckpt_file_name))
    params = ms.load_checkpoint(os.path.join(folder, "net-2_6.ckpt"))
    show("ckpt/names", sorted(params))
    ckpt2 = ModelCheckpoint(prefix="net", directory=folder, config=CheckpointConfig(save_checkpoint_steps=3))
    model.train(1, make_data(1), callbacks=[ckpt2])
    show("ckpt/second_prefix_files", sorted(f for f in os.listdir(folder) if f.startswith("net_1")))
finally:
    shutil.rmtree(folder)

# -- bad input ----------------------------------------------------------------------------------
net = make_net()
opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
show("error/loss_fn_type", error(lambda: Model(net, loss_fn=5, optimizer=opt)))
show("error/optimizer_type", error(lambda: Model(net, loss_fn, optimizer=5)))
show("error/network_type", error(lambda: Model(5, loss_fn, opt)))
show("error/metrics_type", error(lambda: Model(net, loss_fn, opt, metrics=["acc"])))
show("error/metric_name", error(lambda: Model(net, loss_fn, opt, metrics={"nope"})))
show("error/metrics_without_loss", error(lambda: Model(net, metrics={"acc"})))
show("error/kwargs", error(lambda: Model(net, loss_fn, opt, unknown=1)))
show("error/amp_without_optimizer", error(lambda: Model(net, loss_fn, amp_level="O2")))
model = Model(net, loss_fn, opt)
show("error/eval_without_metrics", error(lambda: model.eval(make_data(2))))
show("error/epoch", error(lambda: model.train(0, make_data(1))))
show("error/initial_epoch", error(lambda: model.train(2, make_data(1), initial_epoch=2)))
show("error/sink_size", error(lambda: model.train(1, make_data(1), sink_size=0)))
show("error/sink_mode_type", error(lambda: model.train(1, make_data(1), dataset_sink_mode=1)))
show("error/callbacks_type", error(lambda: model.train(1, make_data(1), callbacks=[5])))
show("error/valid_frequency", error(lambda: Model(net, loss_fn, opt, metrics={"acc"}).fit(
    1, make_data(1), make_data(2), valid_frequency=1.5)))
show("error/ckpt_prefix", error(lambda: ModelCheckpoint(prefix="a/b")))
show("error/ckpt_config", error(lambda: ModelCheckpoint(config=5)))
show("error/ckpt_all_zero", error(lambda: CheckpointConfig(0, 0, 0, 0)))
show("error/loss_monitor", error(lambda: LossMonitor(-1)))


class Raises(Callback):
    def on_train_step_end(self, run_context):
        if run_context.original_args().cur_step_num == 2:
            raise RuntimeError("callback failed")


net = make_net()
model = Model(net, loss_fn, nn.Momentum(net.trainable_params(), 0.1, 0.9))
record = RecordLoss()
show("error/callback_raises", error(lambda: model.train(1, make_data(1), callbacks=[record, Raises()])))
show("error/callback_raises_steps", record.steps)
