"""Model.train with dataset_sink_mode=True over a shuffled dataset: each epoch reads that epoch's
own shuffle, as MindSpore reads one iterator over all the epochs (MindSpore's CPU build trains
step by step then; msjax sinks, and runs the callbacks once an epoch). Printed: the rows each
epoch's last batch held and the loss after each epoch, for `shuffle=True` under
`dataset.config.set_seed` and `mindspore.set_seed`, and for a `Dataset.shuffle` buffer.
Golden: tests/goldens/train/zoo20_sink_epochs_probe.out (tests/train/test_sink_epochs.py)."""
import numpy as np

import mindspore as ms
from mindspore import nn
import mindspore.dataset as ds
from mindspore.train import Model
from mindspore.train.callback import Callback

ms.set_context(mode=ms.GRAPH_MODE)


class EpochEnd(Callback):
    """Prints each epoch's last batch (its row numbers) and loss."""

    def __init__(self, case):
        super().__init__()
        self.case = case

    def on_train_epoch_end(self, run_context):
        params = run_context.original_args()
        rows = params.train_dataset_element[0].asnumpy()[:, 0].astype(int).tolist()
        loss = float(params.net_outputs.asnumpy())
        print(f"{self.case} epoch {params.cur_epoch_num} -> rows {rows} loss {loss:.6f}")


def source():
    x = np.arange(12 * 4, dtype=np.float32).reshape(12, 4) / 10
    x[:, 0] = np.arange(12)  # the row's number
    y = np.stack([np.sin(x.sum(1)), np.cos(x.sum(1))], 1).astype(np.float32)
    return x, y


def train(case, dataset):
    ms.set_seed(1)
    net = nn.Dense(4, 2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
    model.train(3, dataset, callbacks=[EpochEnd(case)], dataset_sink_mode=True)


ds.config.set_seed(5)
train("sampler shuffle", ds.NumpySlicesDataset(source(), ["x", "y"], shuffle=True).batch(4))
ds.config.set_seed(7)
train("buffer shuffle", ds.NumpySlicesDataset(source(), ["x", "y"], shuffle=False)
      .shuffle(6).batch(4))
ms.set_seed(3)
train("global seed", ds.NumpySlicesDataset(source(), ["x", "y"], shuffle=True).batch(3))
