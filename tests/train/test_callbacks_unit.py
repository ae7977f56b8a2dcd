"""Callback behaviour driven directly through RunContext (the parts the golden script cannot
reach): EarlyStopping's best-weights restore, ReduceLROnPlateau's cooldown and min_lr,
LossMonitor's NaN check, History's net_output of tuples, the old-name hook fallbacks."""
import numpy as np
import pytest

from msjax import Tensor, nn
from msjax.train import Callback, EarlyStopping, History, LossMonitor, ReduceLROnPlateau, RunContext
from msjax._src.train.callback import InternalCallbackParam
from tests.train.helpers import make_net


def _context(**fields):
    params = InternalCallbackParam()
    params.update(fields)
    return RunContext(params)


def test_early_stopping_restores_the_best_weights():
    net = make_net()
    stopper = EarlyStopping(monitor="acc", patience=2, mode="max", restore_best_weights=True)
    context = _context(train_network=net, cur_epoch_num=0)
    stopper.on_train_begin(context)
    snapshots = []
    for epoch, acc in enumerate([0.5, 0.8, 0.6, 0.7], start=1):
        for p in net.trainable_params():
            p.set_data(Tensor(np.full(p.shape, float(epoch), np.float32)))
        snapshots.append([p.asnumpy().copy() for p in net.trainable_params()])
        context.original_args().update(cur_epoch_num=epoch, eval_results={"acc": acc})
        stopper.on_train_epoch_end(context)
        if context.get_stop_requested():
            break
    assert stopper.stopped_epoch == 4 and context.get_stop_requested()
    for ours, best in zip([p.asnumpy() for p in net.trainable_params()], snapshots[1]):
        np.testing.assert_array_equal(ours, best)  # epoch 2 had the best accuracy


def test_reduce_lr_on_plateau_cooldown_and_min_lr(capsys):
    optimizer = nn.Momentum(make_net().trainable_params(), 0.1, 0.9)
    reduce = ReduceLROnPlateau(monitor="eval_loss", factor=0.5, patience=1, cooldown=2, min_lr=0.03, verbose=True)
    context = _context(optimizer=optimizer)
    reduce.on_train_begin(context)
    rates = []
    for epoch in range(1, 7):
        context.original_args().update(cur_epoch_num=epoch, eval_results={"eval_loss": 1.0})
        reduce.on_train_epoch_end(context)
        rates.append(round(float(optimizer.learning_rate.asnumpy()), 6))
    # MindSpore counts the cooldown down before checking it: cooldown=2 skips one epoch after a reduction
    assert rates == [0.1, 0.05, 0.05, 0.03, 0.03, 0.03]
    assert capsys.readouterr().out.splitlines() == [
        "Epoch 00002: ReduceLROnPlateau reducing learning rate to 0.05.",
        "Epoch 00004: ReduceLROnPlateau reducing learning rate to 0.03."]


def test_loss_monitor_stops_on_nan():
    context = _context(cur_epoch_num=1, cur_step_num=3, batch_num=2, dataset_sink_mode=False,
                       net_outputs=Tensor(np.float32(np.nan)))
    with pytest.raises(ValueError, match="In epoch: 1 step: 1, loss is NAN or INF, training process cannot "
                                         "continue, terminating training."):
        LossMonitor().step_end(context)


def test_history_takes_the_first_tensor_of_tuple_outputs():
    history = History()
    context = _context(cur_epoch_num=1, net_outputs=(Tensor(np.array([1.0, 3.0], np.float32)), Tensor(True)))
    history.begin(context)
    history.epoch_end(context)
    assert history.history == {"net_output": [pytest.approx(2.0)]} and history.epoch == {"epoch": [1]}


def test_new_hooks_fall_back_to_the_old_names():
    seen = []

    class Old(Callback):
        def begin(self, run_context):
            seen.append("begin")

        def step_end(self, run_context):
            seen.append("step_end")

    callback, context = Old(), _context()
    callback.on_train_begin(context)
    callback.on_eval_begin(context)
    callback.on_train_step_end(context)
    callback.on_eval_step_end(context)
    assert seen == ["begin", "begin", "step_end", "step_end"]


def test_run_context_needs_a_dict():
    with pytest.raises(TypeError, match="The argument 'original_args' of RunContext should be dict type"):
        RunContext([1])


def test_reduce_lr_needs_a_fixed_learning_rate():
    schedule = nn.ExponentialDecayLR(0.1, 0.9, 2)
    optimizer = nn.Momentum(make_net().trainable_params(), schedule, 0.9)
    reduce = ReduceLROnPlateau(monitor="loss")
    with pytest.raises(ValueError, match="does not support dynamic learning rate"):
        reduce.on_train_epoch_end(_context(optimizer=optimizer, net_outputs=Tensor(np.float32(1.0))))
