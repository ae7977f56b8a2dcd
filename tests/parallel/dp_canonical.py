"""Data-parallel training as MindSpore users write it, run unchanged by `msjax msrun` (N
processes) or by Python (one process, which may see several devices):

    msjax msrun --worker_num=2 --join=True tests/parallel/dp_canonical.py OUT [linear]

init(), set_auto_parallel_context(DATA_PARALLEL, gradients_mean=True), a dataset sharded by
num_shards=get_group_size(), shard_id=get_rank() and batched to GLOBAL_BATCH // ranks, then, in
GRAPH_MODE and in PYNATIVE_MODE: Model.train (saving checkpoints in rank_<id> folders beside OUT)
and Model.eval; TrainOneStepWithLossScaleCell; a train cell of the user's own with
DistributedGradReducer; and (unless `linear`) a small CNN with BatchNorm under TrainOneStepCell.
Each rank saves the initial and final Parameters of every run to OUT_<rank>.npz;
tests/parallel/data_parallel_reference.py says what they must be.
"""
import os
import sys

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor, nn, ops
from mindspore.communication import get_group_size, get_rank, init
from mindspore.train import CheckpointConfig, Model, ModelCheckpoint
from tests.parallel.dp_canonical_data import (EPOCHS, GLOBAL_BATCH, IMAGES, LABELS, LINEAR_X,
                                              LINEAR_Y, LR, SmallCNN)

init()
rank, ranks = get_rank(), get_group_size()
saved = {}


def dataset(x, y):
    rows = ds.GeneratorDataset([(x[i], y[i]) for i in range(len(x))], ["x", "y"],
                               shuffle=False, num_shards=get_group_size(), shard_id=get_rank())
    return rows.batch(GLOBAL_BATCH // get_group_size())


class MyTrainStep(nn.Cell):
    """A training step written out, as MindSpore's data-parallel tutorial does."""

    def __init__(self, network, optimizer):
        super().__init__(auto_prefix=False)
        self.network, self.optimizer = network, optimizer
        self.weights = optimizer.parameters
        self.grad = ops.GradOperation(get_by_list=True)
        self.grad_reducer = nn.DistributedGradReducer(self.weights)

    def construct(self, x, y):
        loss = self.network(x, y)
        grads = self.grad_reducer(self.grad(self.network, self.weights)(x, y))
        self.optimizer(grads)
        return loss


def record(name, net, when):
    for param in net.get_parameters():
        saved[f"{name}/{when}/{param.name}"] = param.asnumpy()


def new_linear(name):
    ms.set_seed(1)
    net = nn.Dense(3, 1)
    record(name, net, "init")
    return net


def train_steps(train, data):
    train.set_train()
    for _ in range(EPOCHS):
        for x, y in data.create_tuple_iterator():
            train(x, y)


for mode_name, mode in (("graph", ms.GRAPH_MODE), ("pynative", ms.PYNATIVE_MODE)):
    ms.set_context(mode=mode)
    ms.reset_auto_parallel_context()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)

    name = f"{mode_name}/model"
    net = new_linear(name)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), LR), metrics={"mse"})
    folder = os.path.join(os.path.dirname(sys.argv[1]), f"rank_{get_rank()}")
    saver = ModelCheckpoint(prefix=mode_name, directory=folder,
                            config=CheckpointConfig(save_checkpoint_steps=4))
    model.train(EPOCHS, dataset(LINEAR_X, LINEAR_Y), callbacks=[saver], dataset_sink_mode=False)
    record(name, net, "final")
    saved[f"{name}/eval_mse"] = model.eval(dataset(LINEAR_X, LINEAR_Y))["mse"]  # this rank's rows
    loaded = ms.load_checkpoint(saver.latest_ckpt_file_name)  # this rank's last checkpoint
    saved[f"{name}/checkpoint/path"] = os.path.relpath(saver.latest_ckpt_file_name, folder + "/..")
    saved[f"{name}/checkpoint/weight"] = loaded["weight"].asnumpy()

    name = f"{mode_name}/loss_scale"
    net = new_linear(name)
    train = nn.TrainOneStepWithLossScaleCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), LR),
        scale_sense=nn.FixedLossScaleUpdateCell(1024.0))
    train_steps(train, dataset(LINEAR_X, LINEAR_Y))
    record(name, net, "final")

    name = f"{mode_name}/own_cell"
    net = new_linear(name)
    train_steps(MyTrainStep(nn.WithLossCell(net, nn.MSELoss()),
                            nn.SGD(net.trainable_params(), LR)), dataset(LINEAR_X, LINEAR_Y))
    record(name, net, "final")

    if "linear" not in sys.argv[2:]:
        name = f"{mode_name}/cnn"
        ms.set_seed(2)
        net = SmallCNN()
        record(name, net, "init")
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        train_steps(nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn),
                                        nn.Momentum(net.trainable_params(), LR, 0.9)),
                    dataset(IMAGES, LABELS))
        record(name, net, "final")

np.savez(f"{sys.argv[1]}_{rank}.npz", ranks=ranks, **saved)
