"""`mindspore.train.Callback` and the callbacks MindSpore ships that need no files.

`Callback` has every hook `Model` calls (`on_train_*`, `on_eval_*`) and the old names they fall
back to (`begin`, `epoch_begin`, `step_begin`, `step_end`, `epoch_end`, `end`), as in MindSpore
2.10. `RunContext.original_args()` is the `cb_params` dict-with-attributes `Model` fills.
`LossMonitor`, `TimeMonitor`, `History`, `LambdaCallback`, `EarlyStopping` and
`ReduceLROnPlateau` print and behave as MindSpore's do; `ProgressBar` (tqdm) is msjax's own.
"""
from __future__ import annotations

import copy
import logging
import math
import time
from contextlib import ExitStack

import numpy as np

from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.train import checks
from msjax._src.serialization import load_param_into_net
from msjax._src.nn.optim.argument_checks import check_open_float_range

_logger = logging.getLogger("msjax")

# Losses and metrics for which smaller is better (MindSpore's `_smaller_better_metrics`).
SMALLER_BETTER_METRICS = ['hausdorff_distance', 'mae', 'mse', 'loss', 'perplexity',
                          'mean_surface_distance', 'root_mean_square_distance', 'eval_loss']


class Callback:
    """`mindspore.train.Callback`: the base class of training and evaluation callbacks.

    Each `on_train_*`/`on_eval_*` hook calls the matching old-style hook (`begin`,
    `epoch_begin`, `step_begin`, `step_end`, `epoch_end`, `end`) unless overridden, as in
    MindSpore. A callback is a context manager entered for the whole `train`/`eval` call.
    """

    def __enter__(self):
        return self

    def __exit__(self, *err):
        """Release resources here if there are any."""

    def begin(self, run_context):
        """Called once before the network runs (old name of on_train_begin/on_eval_begin)."""

    def epoch_begin(self, run_context):
        """Called before each epoch (old name)."""

    def epoch_end(self, run_context):
        """Called after each epoch (old name)."""

    def step_begin(self, run_context):
        """Called before each step (old name)."""

    def step_end(self, run_context):
        """Called after each step (old name)."""

    def end(self, run_context):
        """Called once after the network ran (old name)."""

    def on_train_begin(self, run_context):
        self.begin(run_context)

    def on_train_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_train_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_train_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_train_step_end(self, run_context):
        self.step_end(run_context)

    def on_train_end(self, run_context):
        self.end(run_context)

    def on_eval_begin(self, run_context):
        self.begin(run_context)

    def on_eval_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_eval_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_eval_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_eval_step_end(self, run_context):
        self.step_end(run_context)

    def on_eval_end(self, run_context):
        self.end(run_context)


HOOK_NAMES = ("begin", "epoch_begin", "epoch_end", "step_begin", "step_end", "end",
              "on_train_begin", "on_train_epoch_begin", "on_train_epoch_end", "on_train_step_begin",
              "on_train_step_end", "on_train_end", "on_eval_begin", "on_eval_epoch_begin",
              "on_eval_epoch_end", "on_eval_step_begin", "on_eval_step_end", "on_eval_end")


def _broadcasting_hook(name):
    def hook(self, run_context):
        for callback in self._callbacks:
            getattr(callback, name)(run_context)
    hook.__name__ = name
    hook.__doc__ = f"Calls `{name}` of every callback, in order."
    return hook


class CallbackManager(Callback):
    """MindSpore's `_CallbackManager`: runs a list of callbacks in order, entering each one."""

    def __init__(self, callbacks):
        self._callbacks, self._stack = [], None
        if isinstance(callbacks, Callback):
            self._callbacks.append(callbacks)
        elif isinstance(callbacks, list):
            for cb in callbacks:
                if not isinstance(cb, Callback):
                    raise TypeError("When the 'callbacks' is a list, the elements in "
                                    "'callbacks' must be Callback functions.")
                self._callbacks.append(cb)
        elif callbacks is not None:
            raise TypeError("The 'callbacks' is not a Callback or a list of Callback.")

    def __enter__(self):
        if self._stack is None:
            entered, self._stack = [], ExitStack().__enter__()
            for callback in self._callbacks:
                target = self._stack.enter_context(callback)
                if not isinstance(target, Callback):
                    _logger.warning("Please return 'self' or a Callback as the enter target.")
                    entered.append(callback)
                else:
                    entered.append(target)
            self._callbacks = entered
        return self

    def __exit__(self, *err):
        return self._stack.__exit__(*err)


for _name in HOOK_NAMES:
    setattr(CallbackManager, _name, _broadcasting_hook(_name))


class InternalCallbackParam(dict):
    """`cb_params`: a dict whose keys are also attributes (MindSpore's `_InternalCallbackParam`)."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key, value):
        self[key] = value


class RunContext:
    """`mindspore.train.RunContext(original_args)`: what a callback sees of the running model.

    `original_args()` is the `cb_params` dict (`cur_epoch_num`, `cur_step_num`, `batch_num`,
    `epoch_num`, `net_outputs`, `train_network`, `optimizer`, `loss_fn`, `train_dataset`,
    `mode`, `dataset_sink_mode`, `list_callback`, `network`, ...); `request_stop()` ends
    training after the current step.
    """

    def __init__(self, original_args):
        if not isinstance(original_args, dict):
            raise TypeError("The argument 'original_args' of RunContext should be dict type, "
                            "but got {}.".format(type(original_args)))
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self):
        return self._original_args

    def request_stop(self):
        self._stop_requested = True

    def get_stop_requested(self):
        return self._stop_requested


# The network `checkpoint_cb_for_save_op` fills (MindSpore's `CUR_NET`).
_cur_net = [None]


def set_cur_net(net):
    """`set_cur_net(net)`: the network the next `checkpoint_cb_for_save_op` call fills."""
    _cur_net[0] = net


def checkpoint_cb_for_save_op(parameter_list):
    """`checkpoint_cb_for_save_op(parameter_list)`: MindSpore's callback of its graph engine's
    checkpoint-save op. Loads `parameter_list` (dicts with 'name' and 'data', taken from the
    list as it goes) into the network `set_cur_net` named, strictly, forgets that network and
    returns True; with none set, warns and returns False."""
    net = _cur_net[0]
    if net is None:
        _logger.warning("CUR_NET is None. parameters are not updated.")
        return False
    parameter_dict = {}
    while parameter_list:
        entry = parameter_list.pop(0)
        data = entry["data"]
        if isinstance(data, Parameter):
            data.init_data()
        parameter_dict[entry["name"]] = Parameter(Tensor(data.asnumpy()), name=entry["name"])
    load_param_into_net(net, parameter_dict, strict_load=True)
    set_cur_net(None)
    return True


def handle_loss(loss):
    """A network output as the loss callbacks print: the first Tensor of a tuple, or the mean of
    a Tensor as a Python float (MindSpore's `_handle_loss`)."""
    if isinstance(loss, (tuple, list)):
        if isinstance(loss[0], Tensor):
            loss = loss[0]
    elif isinstance(loss, Tensor):
        loss = float(np.mean(loss.asnumpy()))
    return loss


class LossMonitor(Callback):
    """`mindspore.train.LossMonitor(per_print_times=1)`: prints
    `epoch: E step: S, loss is L` every `per_print_times` steps, raises ValueError on a NaN or
    infinite loss, and prints the metrics `Model.fit` computed at each epoch's end."""

    def __init__(self, per_print_times=1):
        super().__init__()
        checks.check_non_negative_int(per_print_times)
        self._per_print_times = per_print_times
        self._last_print_time = 0

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        cur_epoch_num = cb_params.get("cur_epoch_num", 1)
        loss = handle_loss(cb_params.net_outputs)
        cur_step_in_epoch = (cb_params.cur_step_num - 1) % cb_params.batch_num + 1
        if isinstance(loss, float) and (np.isnan(loss) or np.isinf(loss)):
            raise ValueError("In epoch: {} step: {}, loss is NAN or INF, training process cannot "
                             "continue, terminating training.".format(cur_epoch_num, cur_step_in_epoch))
        if self._per_print_times != 0 and cb_params.cur_step_num <= self._last_print_time:
            while cb_params.cur_step_num <= self._last_print_time:
                self._last_print_time -= max(self._per_print_times,
                                             cb_params.batch_num if cb_params.dataset_sink_mode else 1)
        if self._per_print_times != 0 and \
                (cb_params.cur_step_num - self._last_print_time) >= self._per_print_times:
            self._last_print_time = cb_params.cur_step_num
            print("epoch: %s step: %s, loss is %s" % (cur_epoch_num, cur_step_in_epoch, loss), flush=True)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        metrics = cb_params.get("metrics")
        if metrics:
            print("Eval result: epoch %d, metrics: %s" % (cb_params.cur_epoch_num, metrics))


class TimeMonitor(Callback):
    """`mindspore.train.TimeMonitor(data_size=None, data_time=False)`: prints
    `Train epoch time: T ms, per step time: t ms` at each epoch's end (and `Eval ...` in eval);
    with `data_time=True`, also the time spent waiting for data per step."""

    def __init__(self, data_size=None, data_time=False):
        super().__init__()
        self.data_size = data_size
        self.epoch_time = time.time()
        self.data_time = data_time
        self.data_time_sum = 0.0
        self.data_time_start = 0.0
        checks.check_bool(data_time, "data_time")

    @staticmethod
    def _sink(run_context):
        return run_context.original_args()["dataset_sink_mode"]

    def on_train_step_begin(self, run_context):
        if self.data_time and not self._sink(run_context):
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context):
        if self.data_time and not self._sink(run_context):
            self.data_time_start = time.time()

    def epoch_begin(self, run_context):
        self.epoch_time = time.time()
        if self.data_time and not self._sink(run_context):
            self.data_time_sum = 0.0
            self.data_time_start = time.time()

    def epoch_end(self, run_context):
        epoch_ms = (time.time() - self.epoch_time) * 1000
        step_size = self.data_size
        cb_params = run_context.original_args()
        mode = cb_params.get("mode", "")
        batch_num = cb_params.get("batch_num")
        if isinstance(batch_num, int) and batch_num > 0:
            step_size = batch_num
        checks.check_positive_int(step_size)
        line = "{} epoch time: {:5.3f} ms, per step time: {:5.3f} ms".format(
            mode.title(), epoch_ms, epoch_ms / step_size)
        if self.data_time and not self._sink(run_context):
            line += " (data time: {:5.3f} ms)".format(self.data_time_sum * 1000 / step_size)
        elif self.data_time:
            line += " (data time: {:5.3f} ms)".format(cb_params.get("sink_data_seconds", 0.0) * 1000)
        print(line, flush=True)


class History(Callback):
    """`mindspore.train.History()`: records each epoch's mean network output (`net_output`) and
    the metrics of `Model.fit` into `self.history`, and the epoch numbers into `self.epoch`."""

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = None

    def begin(self, run_context):
        self.epoch = {"epoch": []}

    def epoch_end(self, run_context):
        cb_params = run_context.original_args()
        self.epoch.get("epoch").append(cb_params.get("cur_epoch_num", 1))
        net_output = cb_params.net_outputs
        if isinstance(net_output, (tuple, list)) and isinstance(net_output[0], Tensor):
            net_output = net_output[0]
        if isinstance(net_output, Tensor):
            net_output = np.mean(net_output.asnumpy())
        current = {"net_output": net_output}
        metrics = cb_params.get("metrics")
        if metrics:
            current.update(metrics)
        for key, value in current.items():
            self.history.setdefault(key, []).append(value)


class LambdaCallback(Callback):
    """`mindspore.train.LambdaCallback(on_train_epoch_begin=None, ...)`: a callback made of the
    given functions, one per `on_train_*`/`on_eval_*` hook."""

    def __init__(self, on_train_epoch_begin=None, on_train_epoch_end=None, on_train_step_begin=None,
                 on_train_step_end=None, on_train_begin=None, on_train_end=None,
                 on_eval_epoch_begin=None, on_eval_epoch_end=None, on_eval_step_begin=None,
                 on_eval_step_end=None, on_eval_begin=None, on_eval_end=None):
        super().__init__()
        given = dict(locals())
        for name in HOOK_NAMES:
            if name.startswith("on_"):
                setattr(self, name, given[name] or _do_nothing)


def _do_nothing(run_context):
    return None


class _MonitorCallback(Callback):
    """What EarlyStopping and ReduceLROnPlateau share: the monitored value and its direction."""

    _unavailable = ""

    def _init_monitor(self, monitor, mode, min_delta):
        self.monitor = checks.check_value_type('monitor', monitor, [str])
        self.mode = checks.check_value_type('mode', mode, [str])
        min_delta = checks.check_value_type("min_delta", min_delta, [float, int])
        self.min_delta = abs(min_delta)
        if self.mode not in ['auto', 'min', 'max']:
            raise ValueError("mode should be 'auto', 'min' or 'max', but got %s." % self.mode)
        self._reset_best()

    def _smaller_is_better(self):
        return self.mode == 'min' or (self.mode == 'auto' and self.monitor in SMALLER_BETTER_METRICS)

    def _reset_best(self):
        self.best = np.inf if self._smaller_is_better() else -np.inf

    def is_improvement(self, a, b):
        if self._smaller_is_better():
            return np.less(a, b - self.min_delta)
        return np.greater(a, b + self.min_delta)

    def _get_monitor_value(self, cb_params):
        candidates = {}
        if self.monitor == "loss":
            value = handle_loss(cb_params.get("net_outputs"))
        else:
            candidates = cb_params.get("eval_results", {})
            value = candidates.get(self.monitor)
        if value is None:
            _logger.warning('%s is conditioned on %s, which is not available. Available choices '
                            'are: %s', self._unavailable, self.monitor, {"loss", *candidates})
        if isinstance(value, np.ndarray) and value.shape != ():
            raise ValueError(f"{type(self).__name__} only supports scalar monitor now.")
        return np.array(value) if value else None


class EarlyStopping(_MonitorCallback):
    """`mindspore.train.EarlyStopping(monitor='eval_loss', min_delta=0, patience=0, verbose=False,
    mode='auto', baseline=None, restore_best_weights=False)`: stops training when the monitored
    value (`'loss'` or a key of `Model.fit`'s evaluation results) stops improving."""

    _unavailable = "Early stopping"

    def __init__(self, monitor='eval_loss', min_delta=0, patience=0, verbose=False, mode='auto',
                 baseline=None, restore_best_weights=False):
        super().__init__()
        self.patience = checks.check_non_negative_int(patience)
        self.verbose = checks.check_bool(verbose)
        self._init_monitor(monitor, mode, min_delta)
        # MindSpore 2.10 stores min_delta (not baseline) when a baseline is given.
        self.baseline = self.min_delta if baseline else None
        self.restore_best_weights = checks.check_bool(restore_best_weights)
        self.wait = 0
        self.stopped_epoch = 0
        self.best_weights_param_dict = None

    def on_train_begin(self, run_context):
        self.wait = 0
        self.stopped_epoch = 0
        self._reset_best()
        self.best_weights_param_dict = None

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        current = self._get_monitor_value(cb_params)
        if current is None:
            return
        if self.restore_best_weights and self.best_weights_param_dict is None:
            self.best_weights_param_dict = copy.deepcopy(cb_params.train_network.parameters_dict())
        self.wait += 1
        if self.is_improvement(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self.best_weights_param_dict = copy.deepcopy(cb_params.train_network.parameters_dict())
            if self.baseline is None or self.is_improvement(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb_params.get("cur_epoch_num")
            run_context.request_stop()
            if self.restore_best_weights and self.best_weights_param_dict is not None:
                if self.verbose:
                    print('Restoring model weights from the end of the best epoch.')
                load_param_into_net(cb_params.train_network, self.best_weights_param_dict)

    def on_train_end(self, run_context):
        if self.stopped_epoch > 0 and self.verbose:
            print('Epoch %05d: early stopping' % self.stopped_epoch)


class ReduceLROnPlateau(_MonitorCallback):
    """`mindspore.train.ReduceLROnPlateau(monitor='eval_loss', factor=0.1, patience=10,
    verbose=False, mode='auto', min_delta=1e-4, cooldown=0, min_lr=0)`: multiplies the
    optimizer's (single, fixed) learning rate by `factor` when the monitored value stops
    improving for `patience` epochs."""

    _unavailable = "Learning rate reduction"

    def __init__(self, monitor='eval_loss', factor=0.1, patience=10, verbose=False, mode='auto',
                 min_delta=1e-4, cooldown=0, min_lr=0):
        super().__init__()
        self.factor = check_open_float_range(factor, 0.0, 1.0)
        self.patience = checks.check_non_negative_int(patience)
        self.verbose = checks.check_bool(verbose)
        self._init_monitor(monitor, mode, min_delta)
        self.cooldown = checks.check_non_negative_int(cooldown)
        self.min_lr = checks.check_value_type("min_lr", min_lr, [float, int])
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, run_context):
        self.cooldown_counter = 0
        self.wait = 0
        self._reset_best()

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        cur_lr = cb_params.optimizer.learning_rate
        if not isinstance(cur_lr, Parameter):
            raise ValueError("ReduceLROnPlateau does not support dynamic learning rate and group "
                             "learning rate now.")
        current = self._get_monitor_value(cb_params)
        if current is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                lr_value = float(cur_lr.asnumpy())
                if lr_value > self.min_lr:
                    new_lr = max(lr_value * self.factor, self.min_lr)
                    cur_lr.set_data(Tensor(np.float32(new_lr)))
                    if self.verbose:
                        print('Epoch %05d: ReduceLROnPlateau reducing learning rate to %s.'
                              % (cb_params.cur_epoch_num, Tensor(np.float32(new_lr))))
                self.cooldown_counter = self.cooldown
                self.wait = 0


class LearningRateScheduler(Callback):
    """`mindspore.train.LearningRateScheduler(learning_rate_function)`: after each step, sets the
    optimizer's learning rate to `learning_rate_function(lr, cur_step_num)` (the current rate as
    MindSpore prints it, then read back as a float)."""

    def __init__(self, learning_rate_function):
        super().__init__()
        self.learning_rate_function = learning_rate_function

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        current = cb_params.optimizer.learning_rate
        lr = float(np.array2string(current.asnumpy()))
        new_lr = self.learning_rate_function(lr, cb_params.cur_step_num)
        if not math.isclose(lr, new_lr, rel_tol=1e-10):
            current.set_data(Tensor(np.float32(new_lr)))
            _logger.info("At step %s, learning_rate change to %s", cb_params.cur_step_num, new_lr)
