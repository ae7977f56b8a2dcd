"""MindSpore 2.10's `Model` calls `dataset.reset()` after each training epoch and after an
evaluation (a dataset object of the user's, as MindSpore's tests' mocks, counts the calls and
starts its rows afresh): steps per epoch, resets, and the metric an evaluation after training
sees (a one-pass iterator that `reset` rewinds); `Dataset.reset()` itself does nothing (a
pipeline of unknown size is counted once). Golden:
tests/goldens/train/ut19_model_dataset_reset_probe.out (tests/train/test_model_dataset_reset.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.dataset import GeneratorDataset
from mindspore.train import Model, Callback


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).splitlines()[0] if str(e) else "")


class Rows:
    """A dataset object as MindSpore's tests mock one: one iterator that `reset` rewinds."""

    def __init__(self, size):
        self.size, self.position, self.resets = size, 0, 0

    def get_dataset_size(self):
        return self.size

    def get_batch_size(self):
        return 4

    def get_repeat_count(self):
        return 1

    def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
        return self

    def __iter__(self):
        return self

    def __next__(self):
        if self.position >= self.size:
            raise StopIteration
        self.position += 1
        x = np.full((4, 3), self.position, np.float32)
        return Tensor(x), Tensor(np.zeros((4,), np.int32) + self.position % 2)

    def reset(self):
        self.position = 0
        self.resets += 1


class Steps(Callback):
    def __init__(self):
        self.per_epoch = []

    def on_train_epoch_begin(self, run_context):
        self.per_epoch.append(0)

    def on_train_step_end(self, run_context):
        self.per_epoch[-1] += 1


net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
              nn.SGD(net.trainable_params(), 0.01), metrics={"acc"})
rows = Rows(3)
steps = Steps()
model.train(3, rows, callbacks=steps, dataset_sink_mode=False)
show("train steps per epoch", lambda: steps.per_epoch)
show("train resets", lambda: (rows.resets, rows.position))
show("eval after train", lambda: model.eval(rows))
show("eval resets", lambda: (rows.resets, rows.position))
steps = Steps()
model.train(3, rows, callbacks=steps, dataset_sink_mode=False, initial_epoch=1)
show("initial_epoch steps", lambda: steps.per_epoch)
show("initial_epoch resets", lambda: (rows.resets, rows.position))
show("weights", lambda: np.round(net.weight.asnumpy(), 5).tolist())

# A pipeline of unknown size (a filter) is counted once; `Dataset.reset()` does nothing, so the
# epochs' resets do not make a later training count it again.
passes = [0]


def generate():
    passes[0] += 1
    for i in range(8):
        yield np.ones(3, np.float32) * i, np.ones(1, np.float32)


pipeline = GeneratorDataset(generate, ["x", "y"], shuffle=False).filter(
    lambda a, b: True, input_columns=["x", "y"]).batch(4)
dense = nn.Dense(3, 1)
pipeline_model = Model(dense, nn.MSELoss(), nn.SGD(dense.trainable_params(), 0.01))
pipeline_model.train(3, pipeline, dataset_sink_mode=False)
show("generator passes after 3 epochs", lambda: passes[0])
pipeline_model.train(2, pipeline, dataset_sink_mode=False)
show("generator passes after 2 more", lambda: passes[0])
show("pipeline reset returns", lambda: pipeline.reset())
