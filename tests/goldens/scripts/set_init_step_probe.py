"""Model.train's epochs over one shuffled dataset and Dataset.set_init_step (the shuffle orders
themselves are each implementation's own; what they must satisfy is printed).
One `label -> result` line per case (tests/dataset/test_set_init_step.py)."""
import numpy as np

import mindspore.dataset as ds
from mindspore import Model, nn, ops
from mindspore.train import Callback

ds.config.set_seed(0)


class Losses(Callback):
    def __init__(self):
        super().__init__()
        self.values = []

    def on_train_step_end(self, run_context):
        self.values.append(int(run_context.original_args().net_outputs.asnumpy()))


class Square(nn.Cell):
    def construct(self, x):
        return ops.square(x)


dataset = ds.NumpySlicesDataset(np.arange(10, dtype=np.int32), shuffle=True)
model = Model(Square())
whole = Losses()
model.train(2, dataset, callbacks=whole, dataset_sink_mode=False)
print(f"epochs hold the same rows -> {sorted(whole.values[:10]) == sorted(whole.values[10:])}")
print(f"epochs shuffled differently -> {whole.values[:10] != whole.values[10:]}")
print(f"init step before set -> {dataset.get_init_step()}")
dataset.set_init_step(15)
print(f"init step after set -> {dataset.get_init_step()}")
resumed = Losses()
model.train(2, dataset, callbacks=resumed, dataset_sink_mode=False, initial_epoch=1)
print(f"resumed at step 15 continues the run -> {resumed.values == whole.values[15:]}")
