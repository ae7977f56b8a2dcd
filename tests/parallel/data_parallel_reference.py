"""What dp_canonical.py's runs must end with: training on the global batch.

The linear regressions are SGD on the mean squared error of each global batch (the union of the
ranks' batches), in NumPy. The CNN's reference is one process training with the loss of each
global batch taken as the mean of the devices' losses, each device's forward pass on its own rows:
its BatchNorm normalises with the statistics of that device's rows (MindSpore's rule without
SyncBatchNorm: a MindSpore rank is a device), so the weights are those of data-parallel training
and not those of one BatchNorm over the union. A process's rows are dealt to it by the dataset's
sharding; its devices take contiguous slices of them.
"""
import numpy as np

from msjax import Tensor, nn
from tests.parallel import dp_canonical_data as data

LINEAR_RUNS = ("model", "loss_scale", "own_cell")
MODES = ("graph", "pynative")


def load(prefix, ranks):
    """Each rank's saved arrays, and the number of ranks each saw."""
    outputs = []
    for rank in range(ranks):
        with np.load(f"{prefix}_{rank}.npz") as saved:
            outputs.append({k: saved[k] for k in saved.files})
    return outputs


def linear_reference(init_weight, init_bias):
    """SGD with MSELoss on each global batch of 16 rows, 2 epochs."""
    w, b = init_weight.astype(np.float64), init_bias.astype(np.float64)
    for _ in range(data.EPOCHS):
        for start in range(0, data.ROWS, data.GLOBAL_BATCH):
            x = data.LINEAR_X[start:start + data.GLOBAL_BATCH].astype(np.float64)
            y = data.LINEAR_Y[start:start + data.GLOBAL_BATCH].astype(np.float64)
            error = x @ w.T + b - y  # (16, 1)
            w = w - data.LR * 2.0 * error.T @ x / len(x)
            b = b - data.LR * 2.0 * error.sum(0) / len(x)
    return w, b


def rank_rows(step_start, rank, ranks):
    """Rows of a global batch that rank `rank` of `ranks` holds (MindSpore's sharding deals
    the rows out in turn)."""
    return np.arange(step_start + rank, step_start + data.GLOBAL_BATCH, ranks)


def device_rows(step_start, ranks, devices_per_rank):
    """Each device's rows of a global batch: rank by rank, its rows cut into contiguous
    slices, one per device of the rank."""
    out = []
    for rank in range(ranks):
        rows = rank_rows(step_start, rank, ranks)
        share = len(rows) // devices_per_rank
        out += [rows[d * share:(d + 1) * share] for d in range(devices_per_rank)]
    return out


def cnn_reference(saved_init, ranks, devices_per_rank=1):
    """The CNN trained in this process on the mean of the devices' losses; its Parameters."""

    class MeanOfRankLosses(nn.Cell):
        def __init__(self, net):
            super().__init__(auto_prefix=False)
            self.net = net
            self.loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

        def construct(self, *shards):
            total = 0.0
            for x, y in zip(shards[::2], shards[1::2]):
                total = total + self.loss_fn(self.net(x), y)
            return total / len(shards) * 2

    net = data.SmallCNN()
    for param in net.get_parameters():
        param.set_data(Tensor(saved_init[param.name]))
    train = nn.TrainOneStepCell(MeanOfRankLosses(net),
                                nn.Momentum(net.trainable_params(), data.LR, 0.9))
    train.set_train()
    for _ in range(data.EPOCHS):
        for start in range(0, len(data.IMAGES), data.GLOBAL_BATCH):
            shards = []
            for rows in device_rows(start, ranks, devices_per_rank):
                shards += [Tensor(data.IMAGES[rows]), Tensor(data.LABELS[rows])]
            train(*shards)
    return {p.name: p.asnumpy() for p in net.trainable_params()}


def check_outputs(outputs, ranks, with_cnn=True, devices_per_rank=1):
    """Every rank saw `ranks` ranks, ends with the same weights, and they are the reference's
    (the CNN's: BatchNorm per device, each rank spreading its rows over `devices_per_rank`)."""
    assert [int(o["ranks"]) for o in outputs] == [ranks] * len(outputs)
    first = outputs[0]
    for mode in MODES:
        for run in LINEAR_RUNS:
            key = f"{mode}/{run}"
            w, b = linear_reference(first[f"{key}/init/weight"], first[f"{key}/init/bias"])
            for rank, output in enumerate(outputs):
                if run == "model":  # Model.eval: the MSE of the rank's rows; ModelCheckpoint's
                    # file in the rank's folder, loaded back
                    rows = np.arange(rank, data.ROWS, ranks)
                    error = data.LINEAR_X[rows] @ w.T + b - data.LINEAR_Y[rows]
                    np.testing.assert_allclose(output[f"{key}/eval_mse"], np.mean(error ** 2),
                                               rtol=1e-5, err_msg=key)
                    assert str(output[f"{key}/checkpoint/path"]) == \
                        f"rank_{rank}/{mode}-{data.EPOCHS}_{data.ROWS // data.GLOBAL_BATCH}.ckpt"
                    np.testing.assert_array_equal(output[f"{key}/checkpoint/weight"],
                                                  output[f"{key}/final/weight"])
                np.testing.assert_allclose(output[f"{key}/final/weight"], w, rtol=1e-5,
                                           atol=1e-6, err_msg=key)
                np.testing.assert_allclose(output[f"{key}/final/bias"], b, rtol=1e-5, atol=1e-6,
                                           err_msg=key)
        if not with_cnn:
            continue
        key = f"{mode}/cnn"
        init = {k.split("/")[-1]: v for k, v in first.items() if k.startswith(f"{key}/init/")}
        expected = cnn_reference(init, ranks, devices_per_rank)
        for output in outputs:
            for name, value in expected.items():
                np.testing.assert_allclose(output[f"{key}/final/{name}"], value, rtol=2e-5,
                                           atol=2e-6, err_msg=f"{key} {name}")
