"""MindSpore's beginner flow end to end, as the tutorials `quick_start` and `train` write it: an
MNIST in the real idx format (written here), `MnistDataset` -> `map` with vision transforms ->
`batch`, a network, the functional training loop (`value_and_grad` over `create_tuple_iterator`),
then `Model(net, loss_fn, optimizer, metrics={'accuracy'})` with `train`/`eval`, `LossMonitor`,
a checkpoint, and `dataset_sink_mode=True`. Initial weights are fixed (drawn by NumPy from a seed),
the data is not shuffled, so every number is the same in MindSpore and msjax. Recorded with
MindSpore 2.10:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/integ_mnist_training.py \\
        > tests/goldens/train/integ_mnist_training.txt

(MindSpore's CPU build trains `dataset_sink_mode=True` without sinking; the numbers are the same.)
"""
import contextlib
import io
import json
import os
import re
import shutil
import struct
import tempfile

import numpy as np
import mindspore
from mindspore import nn
from mindspore.dataset import MnistDataset, vision, transforms
from mindspore.train import Model, LossMonitor, Callback

TRAIN_IMAGES, TEST_IMAGES, BATCH, LEARNING_RATE = 48, 20, 16, 0.1


def write_idx(path, array):
    with open(path, "wb") as file:
        file.write(bytes([0, 0, 0x08, array.ndim]))
        file.write(struct.pack(">" + "I" * array.ndim, *array.shape))
        file.write(np.ascontiguousarray(array, np.uint8).tobytes())


def write_mnist(root):
    """Label k draws a bright bar at row 2k+4 over low noise: learnable, fixed by a seed."""
    rng = np.random.RandomState(7)
    for prefix, count in (("train", TRAIN_IMAGES), ("t10k", TEST_IMAGES)):
        labels = rng.randint(0, 10, count).astype(np.uint8)
        images = rng.randint(0, 40, (count, 28, 28)).astype(np.uint8)
        for image, label in zip(images, labels):
            image[2 * label + 4, 4:24] = 250
        write_idx(os.path.join(root, f"{prefix}-images-idx3-ubyte"), images)
        write_idx(os.path.join(root, f"{prefix}-labels-idx1-ubyte"), labels)


def show(label, value):
    print(f"{label} -> {json.dumps(value)}")


def datapipe(path, usage, batch_size):
    dataset = MnistDataset(path, usage=usage, shuffle=False)
    image_transforms = [
        vision.Rescale(1.0 / 255.0, 0),
        vision.Normalize(mean=(0.1307,), std=(0.3081,)),
        vision.HWC2CHW()
    ]
    label_transform = transforms.TypeCast(mindspore.int32)
    dataset = dataset.map(image_transforms, 'image')
    dataset = dataset.map(label_transform, 'label')
    dataset = dataset.batch(batch_size)
    return dataset


class Network(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.dense_relu_sequential = nn.SequentialCell(
            nn.Dense(28 * 28, 32),
            nn.ReLU(),
            nn.Dense(32, 10)
        )

    def construct(self, x):
        x = self.flatten(x)
        logits = self.dense_relu_sequential(x)
        return logits


def fixed_network():
    """A Network whose initial weights are drawn by NumPy from a seed (the same everywhere)."""
    net = Network()
    rng = np.random.RandomState(0)
    for param in net.trainable_params():
        param.set_data(mindspore.Tensor(rng.uniform(-0.1, 0.1, param.shape).astype(np.float32)))
    return net


def rounded(values, digits=6):
    return [round(float(v), digits) for v in values]


folder = tempfile.mkdtemp()
mnist = os.path.join(folder, "MNIST_Data")
os.makedirs(mnist)
write_mnist(mnist)

# The dataset as read: sizes, columns, shapes and dtypes.
raw = MnistDataset(mnist, usage="train", shuffle=False)
show("raw/size", [raw.get_dataset_size(), MnistDataset(mnist, usage="test").get_dataset_size()])
show("raw/col_names", raw.get_col_names())
image, label = next(raw.create_tuple_iterator())
show("raw/first_row", [type(image).__name__, list(image.shape), str(image.dtype),
                       list(label.shape), str(label.dtype), int(label)])
show("raw/output_types", [str(t) for t in raw.output_types()])

train_dataset = datapipe(mnist, "train", BATCH)
test_dataset = datapipe(mnist, "test", 8)
show("pipe/sizes", [train_dataset.get_dataset_size(), test_dataset.get_dataset_size()])
show("pipe/batch_size", train_dataset.get_batch_size())
show("pipe/output_shapes", [list(s) for s in train_dataset.output_shapes()])
show("pipe/output_types", [str(t) for t in train_dataset.output_types()])
show("pipe/repeat_size", train_dataset.repeat(2).get_dataset_size())
for image, label in test_dataset.create_tuple_iterator():
    show("pipe/tuple_iterator", [list(image.shape), str(image.dtype), list(label.shape),
                                 str(label.dtype)])
    break
batches = list(test_dataset.create_dict_iterator(output_numpy=True))
show("pipe/dict_iterator", [sorted(batches[0]), [list(b["image"].shape) for b in batches],
                            str(batches[0]["image"].dtype), str(batches[0]["label"].dtype)])
show("pipe/first_pixels", rounded(batches[0]["image"][0, 0, 10, :6], 5))

# The functional training loop of the `train` tutorial.
model = fixed_network()
loss_fn = nn.CrossEntropyLoss()
optimizer = nn.SGD(model.trainable_params(), LEARNING_RATE)


def forward_fn(data, label):
    logits = model(data)
    loss = loss_fn(logits, label)
    return loss, logits


grad_fn = mindspore.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)


def train_step(data, label):
    (loss, _), grads = grad_fn(data, label)
    optimizer(grads)
    return loss


def test_loop(model, dataset, loss_fn):
    num_batches = dataset.get_dataset_size()
    model.set_train(False)
    total, test_loss, correct = 0, 0, 0
    for data, label in dataset.create_tuple_iterator():
        pred = model(data)
        total += len(data)
        test_loss += loss_fn(pred, label).asnumpy()
        correct += (pred.argmax(1) == label).asnumpy().sum()
    test_loss /= num_batches
    correct /= total
    return float(correct), float(test_loss)


losses = []
for epoch in range(2):
    model.set_train()
    for data, label in train_dataset.create_tuple_iterator():
        losses.append(train_step(data, label).asnumpy())
show("loop/losses", rounded(losses))
show("loop/test", rounded(test_loop(model, test_dataset, loss_fn)))

# The same training through Model, with LossMonitor and a recording callback.


class RecordLosses(Callback):
    def __init__(self):
        super().__init__()
        self.losses = []
        self.steps = []

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        self.losses.append(float(np.asarray(cb_params.net_outputs.asnumpy())))
        self.steps.append([cb_params.cur_epoch_num, cb_params.cur_step_num])


def train_with_model(dataset, sink):
    net = fixed_network()
    model = Model(net, nn.CrossEntropyLoss(), nn.SGD(net.trainable_params(), LEARNING_RATE),
                  metrics={'accuracy'})
    record = RecordLosses()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        model.train(2, dataset, callbacks=[LossMonitor(1), record], dataset_sink_mode=sink)
    lines = printed.getvalue().splitlines()
    return net, model, record, lines


net, trained, record, lines = train_with_model(train_dataset, sink=False)
show("model/losses", rounded(record.losses))
show("model/steps", record.steps)
show("model/monitor_shape", [re.sub(r"\d+(\.\d+)?", "N", line) for line in lines])
show("model/monitor_losses", [round(float(line.rsplit(" ", 1)[1]), 6) for line in lines])
show("model/eval", {k: round(v, 6) for k, v in trained.eval(test_dataset).items()})

# Fixed weights from a checkpoint give the same accuracy everywhere.
checkpoint = os.path.join(folder, "trained.ckpt")
mindspore.save_checkpoint(net, checkpoint)
loaded = Network()
not_loaded, _ = mindspore.load_param_into_net(loaded, mindspore.load_checkpoint(checkpoint))
show("checkpoint/not_loaded", not_loaded)
evaluator = Model(loaded, nn.CrossEntropyLoss(), metrics={'accuracy'})
show("checkpoint/eval", {k: round(v, 6) for k, v in evaluator.eval(test_dataset).items()})
show("checkpoint/predict_shape", list(evaluator.predict(
    next(test_dataset.create_tuple_iterator())[0]).shape))

# A dataset Model.train used cannot train another Model: MindSpore asks for a new one.
try:
    train_with_model(train_dataset, sink=False)
except RuntimeError as error:
    show("reuse/error", f"{type(error).__name__}: {error}")

# dataset_sink_mode=True over the real pipeline.
net, trained, record, lines = train_with_model(datapipe(mnist, "train", BATCH), sink=True)
show("sink/losses", rounded(record.losses))
show("sink/final_weight_sum", round(float(net.dense_relu_sequential[2].weight.asnumpy().sum()), 5))
show("sink/eval", {k: round(v, 6) for k, v in trained.eval(test_dataset).items()})
shutil.rmtree(folder)
