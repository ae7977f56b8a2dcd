"""MindSpore 2.10's OnRequestExit: a SIGTERM during Model.train lets training run to its end and
then saves <directory>/rank_0/<file_name>_train.ckpt; the next train with the callback starts from
that checkpoint; evaluation stops after the step the signal arrived in; bad arguments raise.
Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/train_on_request_exit.py \
        | grep " -> " > tests/goldens/train/train_on_request_exit.txt
"""
import os
import signal
import tempfile

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn
from mindspore.train import Callback, Model, OnRequestExit

ms.set_seed(1)
X = np.random.default_rng(0).standard_normal((32, 4)).astype(np.float32)
Y = (X.sum(1, keepdims=True) > 0).astype(np.float32)


class SignalAtStep(Callback):
    """Records steps and first-layer weights; sends SIGTERM to this process at step `at`."""

    def __init__(self, at):
        self.at, self.steps, self.weights_at_begin = at, [], None

    def on_train_begin(self, run_context):
        self.weights_at_begin = run_context.original_args().network.weight.asnumpy().copy()

    def on_train_step_end(self, run_context):
        self.steps.append(run_context.original_args().cur_step_num)
        if run_context.original_args().cur_step_num == self.at:
            os.kill(os.getpid(), signal.SIGTERM)

    def on_eval_step_end(self, run_context):
        self.steps.append(("eval", run_context.original_args().cur_step_num))
        if run_context.original_args().cur_step_num == self.at:
            os.kill(os.getpid(), signal.SIGTERM)


def data():
    return ds.NumpySlicesDataset((X, Y), ["x", "y"], shuffle=False).batch(8)


os.chdir(tempfile.mkdtemp())
net = nn.Dense(4, 1, weight_init="zeros", bias_init="zeros")
model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1), metrics={"mse"})
recorder = SignalAtStep(2)
on_exit = OnRequestExit(save_mindir=False, file_name="Net", directory="./out")
model.train(2, data(), callbacks=[on_exit, recorder], dataset_sink_mode=False)
print("train steps ->", recorder.steps)
print("files ->", sorted(os.path.relpath(os.path.join(d, f)) for d, _, fs in os.walk(".") for f in fs))
print("exit flag ->", on_exit.exit)
saved = ms.load_checkpoint("out/rank_0/Net_train.ckpt")
print("saved weight is final weight ->", bool(np.allclose(saved["weight"].asnumpy(), net.weight.asnumpy())))

fresh = nn.Dense(4, 1)
resumer = SignalAtStep(100)
Model(fresh, nn.MSELoss(), nn.SGD(fresh.trainable_params(), 0.1)).train(
    1, data(), callbacks=[OnRequestExit(save_mindir=False, directory="./out"), resumer],
    dataset_sink_mode=False)
print("resumed from checkpoint ->", bool(np.allclose(resumer.weights_at_begin, saved["weight"].asnumpy())))

evaluator = SignalAtStep(2)
print("eval ->", model.eval(data(), callbacks=[OnRequestExit(save_mindir=False, directory="./out"),
                                              evaluator], dataset_sink_mode=False))
print("eval steps ->", evaluator.steps)
print("files after eval ->", sorted(os.path.relpath(os.path.join(d, f)) for d, _, fs in os.walk(".") for f in fs))

for bad in [dict(save_ckpt=1), dict(save_mindir="yes"), dict(sig="x"), dict(sig=signal.SIGKILL)]:
    try:
        OnRequestExit(**bad)
        print(f"{bad} -> ok")
    except Exception as error:  # pylint: disable=broad-except
        print(f"{bad} -> {type(error).__name__}: {error}")
