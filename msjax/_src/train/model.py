"""`mindspore.train.Model`: MindSpore's high-level training and evaluation loop.

`Model(network, loss_fn, optimizer, metrics, ...)` builds MindSpore's networks (through
`amp.build_train_network`: a `TrainOneStepCell`, or `TrainOneStepWithLossScaleCell` with a
loss-scale manager) and runs them over a dataset with MindSpore's callback protocol. What msjax
does differently is how a step runs: every training step is one compiled, functionalised program
(msjax's GRAPH_MODE Cell call, whatever the context's mode), so a step that fails leaves every
Parameter and optimizer state as it was; `dataset_sink_mode=True` sends `sink_size` steps to the
device at once and runs them as one `lax.scan` program (on a CPU as calls of the one-step
program, see `sink.py`) on every backend, where MindSpore's CPU build falls back to non-sink
training. Datasets are read as `data.py` describes (a `mindspore.dataset` object or
any sized iterable of tuples).
"""
from __future__ import annotations

import copy
import logging
import os
import time

import numpy as np

from msjax._src.core import index_checks, traceback_filter, x64
from msjax._src.nn.cell import Cell
from msjax._src.core.tensor import Tensor
from msjax._src.train import checks, data
from msjax._src.train.callback import (CallbackManager, InternalCallbackParam,
                                       RunContext)
from msjax._src.transforms.jit import call_cell_compiled, graph_function
from msjax._src import amp
from msjax._src.nn.wrap import WithEvalCell, WithLossCell
from msjax._src.serialization import save_checkpoint
from msjax._src.train.callback import TimeMonitor
from msjax._src.train.checkpoint import ModelCheckpoint, breakpoint_prefix
from msjax._src.train.export import GraphCell
from msjax._src.train.metrics.registry import get_metrics
from msjax._src.train.metrics.regression import Loss
from msjax._src.train.sink import SinkRunner

_logger = logging.getLogger("msjax")

_KWARGS = ['loss_scale_manager', 'keep_batchnorm_fp32', 'boost_config_dict', 'acc_level']
_OLD_HOOKS = {'begin', 'end', 'epoch_begin', 'epoch_end', 'step_begin', 'step_end'}


# MindSpore's own callbacks (`mindspore.train.callback.__all__`): old-style hooks are not reported
# for them, and only TimeMonitor of them runs during fit's evaluations.
_INTERNAL_CALLBACKS = frozenset([
    "Callback", "LossMonitor", "TimeMonitor", "ModelCheckpoint", "FlopsUtilizationCollector",
    "SummaryCollector", "CheckpointConfig", "RunContext", "LearningRateScheduler", "SummaryLandscape",
    "History", "LambdaCallback", "ReduceLROnPlateau", "EarlyStopping", "OnRequestExit",
    "BackupAndRestore", "TrainFaultTolerance"])


def _run(network, inputs):
    """One call of `network` as one compiled program (msjax's GRAPH_MODE Cell call)."""
    return call_cell_compiled(network, inputs, {})


def _check_boost(boost_level, optimizer, eval_network, metrics):
    """MindSpore's `Model(boost_level=...)`: "O1" rewrites the network with LessBN (fewer
    BatchNorm layers), gradient centralization and GradientFreeze (parameter groups frozen in
    turn); "O2" adds AdaSum. msjax has none of these rewrites: where MindSpore would apply them,
    it raises NotImplementedError; where MindSpore applies none (another level, which AutoBoost
    reads as "O0"; no optimizer; neither eval_network nor metrics) msjax trains as MindSpore does,
    with MindSpore's warning."""
    if boost_level not in ("O1", "O2"):
        return
    if optimizer is None:
        _logger.warning("In boost mode, the optimizer must be defined.")
        return
    if eval_network is None and metrics is None:
        _logger.warning("In boost mode, the eval_network and metrics cannot be undefined at the "
                        "same time.")
        return
    rewrites = "LessBN, gradient centralization and GradientFreeze" + (
        ", and AdaSum" if boost_level == "O2" else "")
    raise NotImplementedError(
        f"msjax: Model(boost_level={boost_level!r}) rewrites the network in MindSpore with "
        f"{rewrites}; msjax does not implement these rewrites (docs/migration.md). Use "
        f"boost_level='O0' (mindspore.boost.GradientAccumulation exists for accumulating "
        f"gradients).")


class Model:
    """`mindspore.train.Model(network, loss_fn=None, optimizer=None, metrics=None,
    eval_network=None, eval_indexes=None, amp_level="O0", boost_level="O0", **kwargs)`.

    `kwargs` may hold `loss_scale_manager` and `keep_batchnorm_fp32` (and MindSpore's
    `boost_config_dict`/`acc_level`, accepted; boost levels other than "O0" are not implemented
    and raise NotImplementedError). Unlike MindSpore's CPU build, `amp_level="O2"` and
    loss-scale managers with an update cell run on a CPU too.

    Example:
        >>> model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean'),
        ...               nn.Momentum(net.trainable_params(), 0.01, 0.9), metrics={"accuracy"})
        >>> model.train(2, train_data, callbacks=[LossMonitor(100)])
        >>> model.eval(test_data)
        {'Accuracy': 0.98}
    """

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None,
                 eval_indexes=None, amp_level="O0", boost_level="O0", **kwargs):
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._loss_scale_manager = None
        self._loss_scale_manager_set = False
        self._keep_bn_fp32 = None
        for arg in kwargs:
            if arg not in _KWARGS:
                raise ValueError(f"The argument in 'kwargs' should be 'loss_scale_manager' or "
                                 f"'keep_batchnorm_fp32' or 'boost_config_dict' or 'acc_level', but got '{arg}'.")
        self._amp_level = amp_level
        self._boost_level = kwargs.get('acc_level', boost_level)
        _check_boost(self._boost_level, optimizer, eval_network, metrics)
        self._eval_network = eval_network
        if 'keep_batchnorm_fp32' in kwargs:
            self._keep_bn_fp32 = kwargs['keep_batchnorm_fp32']
        if 'loss_scale_manager' in kwargs:
            self._loss_scale_manager = kwargs['loss_scale_manager']
            self._loss_scale_manager_set = True
        self._metrics = metrics
        if optimizer is None and amp_level != "O0":
            raise ValueError("Auto mixed precision will not work because 'optimizer' is None.Please set "
                             "amp_level='O0' to disable auto mixed precision or set 'optimizer' not be None "
                             "to use auto mixed precision.")
        self._check_for_graph_cell(kwargs)
        self._train_network = self._build_train_network()
        self._build_eval_network(metrics, self._eval_network, eval_indexes)
        self._predict_network = self._network
        self._current_epoch_num = 0
        self._current_step_num = 0
        self.epoch_iter = 0
        self.batch_num = -1
        self._backbone_is_train = True
        self._sink_runner = None

    # -- building -----------------------------------------------------------------------------
    def _check_for_graph_cell(self, kwargs):
        if not isinstance(self._network, GraphCell):
            return
        if self._amp_level != "O0":
            _logger.warning("amp_level will not work when network is a GraphCell.")
        if self._loss_fn is not None or self._optimizer is not None:
            raise ValueError("For 'Model', 'loss_fn' and 'optimizer' should be None when network is a "
                             "GraphCell, but got 'loss_fn': {}, 'optimizer': {}.".format(self._loss_fn,
                                                                                      self._optimizer))
        if kwargs:
            raise ValueError("For 'Model', the '**kwargs' argument should be empty when network is a "
                             "GraphCell.")

    def _build_train_network(self):
        network = self._network
        checks.check_value_type('network', network, [Cell])
        if self._loss_scale_manager is not None and self._optimizer is None:
            raise ValueError("The argument 'optimizer' can not be None when set 'loss_scale_manager'.")
        if self._loss_fn:
            self._loss_fn.get_inputs()  # MindSpore reads it here (an AttributeError for a non-Cell)
        if self._optimizer:
            amp_config = {}
            if self._loss_scale_manager_set:
                amp_config['loss_scale_manager'] = self._loss_scale_manager
            if self._keep_bn_fp32 is not None:
                amp_config['keep_batchnorm_fp32'] = self._keep_bn_fp32
            return amp.build_train_network(network, self._optimizer, self._loss_fn,
                                           level=self._amp_level, **amp_config)
        if self._loss_fn:
            return WithLossCell(network, self._loss_fn)
        return network

    def _build_eval_network(self, metrics, eval_network, eval_indexes):
        self._metric_fns = get_metrics(metrics)
        self._eval_indexes = eval_indexes
        if not self._metric_fns:
            return
        if eval_network is not None:
            if eval_indexes is not None and not (isinstance(eval_indexes, list) and len(eval_indexes) == 3):
                raise ValueError("The argument 'eval_indexes' must be a list or None. If 'eval_indexes' is a "
                                 "list, length of it must be three. But got 'eval_indexes' {}".format(eval_indexes))
            self._eval_network = eval_network
            return
        if self._loss_fn is None:
            raise ValueError("If `metrics` is set, `eval_network` must not be None. Do not set `metrics` if you"
                             " don't want an evaluation.\n"
                             "If evaluation is required, you need to specify `eval_network`, which will be used in"
                             " the framework to evaluate the model.\n"
                             "For the simple scenarios with one data, one label and one logits, `eval_network` is"
                             " optional, and then you can set `eval_network` or `loss_fn`. For the latter case,"
                             " framework will automatically build an evaluation network with `network` and"
                             " `loss_fn`.")
        self._eval_network = WithEvalCell(self._network, self._loss_fn, self._amp_level in ["O2", "O3", "auto"])
        self._eval_indexes = [0, 1, 2]

    # -- metrics ------------------------------------------------------------------------------
    def _clear_metrics(self):
        for metric in self._metric_fns.values():
            metric.clear()

    def _update_metrics(self, outputs):
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        if not isinstance(outputs, tuple):
            raise ValueError(f"The argument 'outputs' should be tuple, but got {type(outputs)}.")
        if self._eval_indexes is not None and len(outputs) < 3:
            raise ValueError("The length of 'outputs' must be >= 3, but got {}".format(len(outputs)))
        for metric in self._metric_fns.values():
            if self._eval_indexes is None:
                metric.update(*outputs)
            elif isinstance(metric, Loss):
                metric.update(outputs[self._eval_indexes[0]])
            else:
                metric.update(outputs[self._eval_indexes[1]], outputs[self._eval_indexes[2]])

    def _get_metrics(self):
        return {key: value.eval() for key, value in self._metric_fns.items()}

    # -- training -----------------------------------------------------------------------------
    @staticmethod
    def _transform_callbacks(callbacks):
        if callbacks is None:
            return []
        if isinstance(callbacks, (list, tuple)):
            return list(callbacks)
        return [callbacks]

    @staticmethod
    def _check_methods_for_custom_callbacks(callbacks, current_mode):
        for cb in callbacks if isinstance(callbacks, list) else [callbacks]:
            name = cb.__class__.__name__
            if name in _INTERNAL_CALLBACKS:
                continue
            invalid = set(cb.__class__.__dict__.keys()) & _OLD_HOOKS
            if invalid:
                message = (f"For {name} callback, {invalid} methods may not be supported in later version, "
                           "Use methods prefixed with 'on_train' or 'on_eval' instead when using "
                           "customized callbacks.")
                if current_mode not in ("train", "eval"):
                    raise ValueError(message)
                _logger.warning(message)

    def _check_train_args(self, api, epoch, train_dataset, dataset_sink_mode, sink_size, initial_epoch):
        checks.check_bool(dataset_sink_mode)
        checks.check_is_int(sink_size)
        checks.check_positive_int(epoch)
        checks.check_non_negative_int(initial_epoch)
        if initial_epoch >= epoch:
            raise ValueError(f"For 'Model.{api}', the parameter 'epoch' must bigger than parameter "
                             f"'initial_epoch', but got the parameter 'epoch' is {epoch}, 'initial_epoch' "
                             f"is {initial_epoch}.")
        size = data.dataset_size(train_dataset)
        if size == 0:
            raise ValueError("There is no valid data in dataset, please check dataset file firstly.")
        if sink_size == -1:
            sink_size = size
        if sink_size < -1 or sink_size == 0:
            argument = "argument" if api == "train" else "parameter"
            raise ValueError(f"For 'Model.{api}', The {argument} 'sink_size' must be -1 or positive, "
                             "but got {}.".format(sink_size))
        return sink_size

    @traceback_filter.api_boundary  # the user's frames only
    @x64.scoped
    def train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=False, sink_size=-1,
              initial_epoch=0):
        """`Model.train`: train for `epoch` epochs (from `initial_epoch`), calling `callbacks`.

        With `dataset_sink_mode=True`, each epoch is `sink_size` steps (the whole dataset when
        -1) run as one compiled program, and the step callbacks run once per epoch with the last
        step's outputs, as MindSpore's sink does on its devices.
        """
        if isinstance(self._train_network, GraphCell) and dataset_sink_mode:
            raise ValueError("Dataset sink mode is currently not supported when training with a GraphCell.")
        sink_size = self._check_train_args("train", epoch, train_dataset, dataset_sink_mode, sink_size,
                                           initial_epoch)
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "train")
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch)

    @traceback_filter.api_boundary  # the user's frames only
    @x64.scoped
    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode=False, valid_dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """`Model.fit`: `train`, evaluating on `valid_dataset` every `valid_frequency` epochs (an
        int, or a list of epoch numbers); the results reach callbacks as `cb_params.metrics` and
        `cb_params.eval_results` (with `eval_loss`)."""
        checks.check_bool(dataset_sink_mode)
        checks.check_bool(valid_dataset_sink_mode)
        sink_size = self._check_train_args("fit", epoch, train_dataset, dataset_sink_mode, sink_size,
                                           initial_epoch)
        if not isinstance(valid_frequency, (int, list)):
            raise TypeError(f"For 'Model.fit', the type of 'valid_frequency' must be a list or an integer, "
                            f"but got type {type(valid_frequency)}.")
        if valid_dataset and not self._metric_fns:
            raise ValueError("For 'Model.fit', if valid_dataset is not None, the model argument 'metrics' can "
                             "not beNone or empty, you should set the argument 'metrics' for model.")
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "fit")
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch,
                    (valid_dataset, valid_frequency, valid_dataset_sink_mode))

    @traceback_filter.api_boundary  # the user's frames only
    @x64.scoped
    def build(self, train_dataset=None, valid_dataset=None, sink_size=-1, epoch=1, sink_mode=True):
        """`Model.build`: compile the training (and evaluation) program ahead of the first step.

        MindSpore restricts this to Ascend; msjax compiles on any backend by tracing the step
        on the dataset's first batch (nothing is trained)."""
        checks.check_positive_int(epoch)
        if not train_dataset and not valid_dataset:
            raise ValueError("The argument 'train_dataset' and 'valid_dataset' can not both be None or empty.")
        if train_dataset:
            self._train_network.set_train(True)
            first = next(data.iterate_rows(train_dataset))
            _compile_only(self._train_network, first)
        if valid_dataset:
            if not self._metric_fns:
                raise RuntimeError("If define `valid_dataset`, metric fn can not be None or empty, you should "
                                   "set the argument 'metrics' for model.")
            self._eval_network.set_train(False)
            _compile_only(self._eval_network, next(data.iterate_rows(valid_dataset)))

    def _new_train_params(self, epoch, train_dataset, callbacks, dataset_sink_mode, sink_size,
                          initial_epoch):
        cb_params = InternalCallbackParam()
        cb_params.cur_step_num = 0
        cb_params.train_network = self._train_network
        cb_params.epoch_num = epoch - initial_epoch
        if dataset_sink_mode and sink_size > 0:
            cb_params.batch_num = sink_size
        else:
            cb_params.batch_num = data.dataset_size(train_dataset)
        self.batch_num = cb_params.batch_num
        cb_params.mode = "train"
        cb_params.loss_fn = self._loss_fn
        cb_params.optimizer = self._optimizer
        cb_params.parallel_mode = "stand_alone"
        cb_params.device_number = 1
        cb_params.train_dataset = train_dataset
        cb_params.list_callback = self._transform_callbacks(callbacks)
        cb_params.train_dataset_element = None
        cb_params.network = self._network
        cb_params.last_save_ckpt_step = None
        cb_params.latest_ckpt_file = None
        cb_params.loss_scale_mananger = self._loss_scale_manager  # MindSpore's spelling
        cb_params.initial_step = None
        return cb_params

    def _train(self, epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch,
               valid_infos=(None, 1, False)):
        data.claim_for_training(train_dataset, self)
        cb_params = self._new_train_params(epoch, train_dataset, callbacks, dataset_sink_mode,
                                           sink_size, initial_epoch)
        try:
            with CallbackManager(cb_params.list_callback) as list_callback:
                if dataset_sink_mode:
                    self._train_sink_process(epoch, train_dataset, list_callback, cb_params, sink_size,
                                             initial_epoch, valid_infos)
                else:
                    self._train_process(epoch, train_dataset, list_callback, cb_params, initial_epoch,
                                        valid_infos)
        except BaseException:
            self._save_breakpoint_checkpoint(cb_params.list_callback)
            raise

    def _save_breakpoint_checkpoint(self, callbacks):
        """`CheckpointConfig(exception_save=True)`: when training fails, MindSpore saves the
        network as `<prefix>-<epoch>_<step>_breakpoint.ckpt` before re-raising (the Parameters are
        those of the last completed step)."""
        saver = None
        for callback in callbacks:
            if isinstance(callback, ModelCheckpoint):
                saver = callback
        if saver is None or not saver._config.exception_save:
            return
        prefix = breakpoint_prefix(saver._directory, saver._exception_prefix)
        name = f"{prefix}-{self._current_epoch_num}_{self._current_step_num}_breakpoint.ckpt"
        save_checkpoint(self._train_network, os.path.join(saver._directory, name), saver._config.integrated_save)

    def _check_network_mode(self, network, is_train):
        """MindSpore's rule: switch a network's train/eval mode when the mode changes (the
        training, evaluation and prediction networks share the backbone)."""
        if self._backbone_is_train != is_train:
            network.set_train(is_train)
            self._backbone_is_train = is_train
        return network

    def _set_mode(self, network, is_train):
        """Set the mode at the start of a train/eval run (MindSpore's `_exec_preprocess`)."""
        network.set_train(is_train)
        self._backbone_is_train = is_train

    def _step(self, inputs):
        network = self._check_network_mode(self._train_network, True)
        outputs = _run(network, inputs)
        manager = self._loss_scale_manager
        if manager is not None and manager.get_drop_overflow_update() and isinstance(outputs, tuple):
            manager.update_loss_scale(bool(np.all(outputs[1].asnumpy())))
        return outputs

    def _train_process(self, epoch, train_dataset, list_callback, cb_params, initial_epoch, valid_infos):
        cb_params.dataset_sink_mode = False
        run_context = RunContext(cb_params)
        self._set_mode(self._train_network, True)
        list_callback.on_train_begin(run_context)
        epochs = data.epochs_of_rows(train_dataset, epoch - initial_epoch)
        for i in range(initial_epoch, epoch):
            cb_params.cur_epoch_num = i + 1
            self._current_epoch_num = cb_params.cur_epoch_num
            self._current_step_num = 0
            list_callback.on_train_epoch_begin(run_context)
            for next_element in next(epochs):
                if self._loss_fn and len(next_element) != 2:
                    raise ValueError("When 'loss_fn' is not None, 'train_dataset' should return two elements, "
                                     "but got {}, please check the number of elements returned by "
                                     "'train_dataset'".format(len(next_element)))
                cb_params.cur_step_num += 1
                self._current_step_num = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
                cb_params.train_dataset_element = next_element
                list_callback.on_train_step_begin(run_context)
                cb_params.net_outputs = self._step(next_element)
                list_callback.on_train_step_end(run_context)
                if run_context.get_stop_requested():
                    break
            index_checks.raise_pending()  # a step's failed index check, raised by the epoch's end
            self._eval_during_train(valid_infos, cb_params, list_callback)
            data.reset_pass(train_dataset)
            list_callback.on_train_epoch_end(run_context)
            cb_params.pop("metrics", None)
            cb_params.pop("eval_results", None)
            if run_context.get_stop_requested():
                break
        list_callback.on_train_end(run_context)

    def _train_sink_process(self, epoch, train_dataset, list_callback, cb_params, sink_size,
                            initial_epoch, valid_infos):
        dataset_size = data.dataset_size(train_dataset)
        if dataset_size % sink_size != 0:
            _logger.warning("In dataset_sink mode (dataset_size %% sink_size) should equal to 0, it is "
                            "suggested to pad/drop data or adjust sink_size. But got 'dataset_size': %s, "
                            "'sink_size': %s.", dataset_size, sink_size)
        init_step = train_dataset.get_init_step() if hasattr(train_dataset, "get_init_step") else 0
        if init_step % sink_size != 0:  # MindSpore's rule: a sink resumes at an epoch's end
            _logger.warning("Init global step must be the end of the epoch in sink mode, but got: %s. "
                            "Reset it to the end of epoch %s at step %s.", init_step,
                            init_step // sink_size, init_step // sink_size * sink_size)
            train_dataset.set_init_step(init_step // sink_size * sink_size)
        if self._sink_runner is None or self._sink_runner.network is not self._train_network:
            self._sink_runner = SinkRunner(self._train_network)
        cb_params.sink_size = sink_size
        cb_params.dataset_sink_mode = True
        run_context = RunContext(cb_params)
        rows = data.endless_host_rows(train_dataset)
        self._set_mode(self._train_network, True)
        list_callback.on_train_begin(run_context)
        self.epoch_iter = 0
        while self.epoch_iter < epoch - initial_epoch:
            cb_params.cur_epoch_num = self.epoch_iter + 1 + initial_epoch
            self._current_epoch_num = cb_params.cur_epoch_num
            list_callback.on_train_epoch_begin(run_context)
            fetch_start = time.perf_counter()
            chunk = [next(rows) for _ in range(sink_size)]
            cb_params.sink_data_seconds = time.perf_counter() - fetch_start  # TimeMonitor(data_time=True)
            if self._loss_fn and len(chunk[0]) != 2:
                raise ValueError("When 'loss_fn' is not None, 'train_dataset' should return two elements, "
                                 "but got {}, please check the number of elements returned by "
                                 "'train_dataset'".format(len(chunk[0])))
            cb_params.cur_step_num += sink_size
            self._current_step_num = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
            cb_params.train_dataset_element = data.as_row(chunk[-1])  # Tensors, as step by step
            list_callback.on_train_step_begin(run_context)
            self._check_network_mode(self._train_network, True)
            cb_params.net_outputs = self._sink_runner.run(chunk)
            list_callback.on_train_step_end(run_context)
            index_checks.raise_pending()  # a step's failed index check, raised by the epoch's end
            self._eval_during_train(valid_infos, cb_params, list_callback)
            list_callback.on_train_epoch_end(run_context)
            cb_params.pop("metrics", None)
            cb_params.pop("eval_results", None)
            if run_context.get_stop_requested():
                break
            self.epoch_iter += 1
        list_callback.on_train_end(run_context)

    @staticmethod
    def _should_eval(epoch, validation_freq):
        if isinstance(validation_freq, int):
            return epoch % validation_freq == 0
        return epoch in validation_freq

    def _eval_during_train(self, valid_infos, cb_params, list_callback):
        valid_dataset, valid_frequency, _ = valid_infos
        if not valid_dataset or not self._should_eval(cb_params.cur_epoch_num, valid_frequency):
            return
        saved = {key: cb_params[key] for key in ("cur_step_num", "batch_num", "dataset_sink_mode",
                                                 "net_outputs")}
        eval_callbacks = [cb for cb in list_callback._callbacks
                          if cb.__class__.__name__ not in _INTERNAL_CALLBACKS or isinstance(cb, TimeMonitor)]
        cb_params.eval_network = self._eval_network
        cb_params.valid_dataset = valid_dataset
        cb_params.batch_num = data.dataset_size(valid_dataset)
        cb_params.mode = "eval"
        cb_params.cur_step_num = 0
        self._clear_metrics()
        with CallbackManager(eval_callbacks) as eval_list:
            self._eval_process(valid_dataset, eval_list, cb_params, add_eval_loss=True)
        cb_params.mode = "train"
        cb_params.update(saved)

    # -- evaluation and prediction ------------------------------------------------------------
    def _eval_process(self, valid_dataset, list_callback, cb_params, add_eval_loss=False):
        run_context = RunContext(cb_params)
        cb_params.dataset_sink_mode = False
        list_callback.on_eval_begin(run_context)
        self._set_mode(self._eval_network, False)
        list_callback.on_eval_epoch_begin(run_context)
        eval_loss = Loss() if add_eval_loss else None
        network = self._eval_network
        for next_element in data.iterate_rows(valid_dataset):
            cb_params.cur_step_num += 1
            cb_params.eval_dataset_element = next_element
            list_callback.on_eval_step_begin(run_context)
            self._check_network_mode(network, False)
            outputs = _run(network, next_element)
            cb_params.net_outputs = outputs
            list_callback.on_eval_step_end(run_context)
            self._update_metrics(outputs)
            if eval_loss is not None:
                eval_loss.update(outputs[self._eval_indexes[0]])
            if run_context.get_stop_requested():
                break
        list_callback.on_eval_epoch_end(run_context)
        data.reset_pass(valid_dataset)
        metrics = self._get_metrics()
        cb_params.metrics = metrics
        if eval_loss is not None:
            cb_params.eval_results = copy.deepcopy(metrics)
            cb_params.eval_results.update({"eval_loss": eval_loss.eval()})
        list_callback.on_eval_end(run_context)
        return metrics

    @traceback_filter.api_boundary  # the user's frames only
    @x64.scoped
    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        """`Model.eval`: the metrics over `valid_dataset`, as `{name: value}`. Each step is one
        compiled program; `dataset_sink_mode` is accepted and evaluation runs step by step (as
        MindSpore does on a CPU)."""
        checks.check_bool(dataset_sink_mode)
        if not self._metric_fns:
            raise ValueError("For Model.eval, the model argument 'metrics' can not be None or empty, you should "
                             "set the argument 'metrics' for model.")
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "eval")
        cb_params = InternalCallbackParam()
        cb_params.eval_network = self._eval_network
        cb_params.valid_dataset = valid_dataset
        cb_params.batch_num = data.dataset_size(valid_dataset)
        cb_params.mode = "eval"
        cb_params.cur_step_num = 0
        cb_params.list_callback = self._transform_callbacks(callbacks)
        cb_params.network = self._network
        self._clear_metrics()
        with CallbackManager(callbacks) as list_callback:
            return self._eval_process(valid_dataset, list_callback, cb_params)

    @traceback_filter.api_boundary  # the user's frames only
    @x64.scoped
    def predict(self, *predict_data, backend=None, config=None):
        """`Model.predict`: the network's output on `predict_data` (in inference mode), computed
        by one compiled program."""
        if backend not in ['lite', None]:
            raise ValueError(f"For Model.predict, `backend` should be 'lite' or None, but got {backend}")
        if backend == "lite":
            _logger.warning("Import mindspore_lite failed, fallback to original inference!")
        for item in predict_data:
            if item is None:
                continue
            if isinstance(item, Tensor):
                if item.size == 0:
                    raise ValueError("The input data can not be empty.")
                continue
            if not isinstance(item, (int, float, str)):
                data_class_str = "Tensor, None, int, float, str"
                raise TypeError(f'The types of input data must be in the Union({data_class_str}, '
                                f'tuple[{data_class_str}], list[{data_class_str}], dict[{data_class_str}]), '
                                f'but got type {type(item).__name__}.')
        network = self._check_network_mode(self._predict_network, False)
        return _run(network, predict_data)

    @property
    def train_network(self):
        """The training network (`TrainOneStepCell` or its loss-scale variant)."""
        return self._train_network

    @property
    def predict_network(self):
        return self._predict_network

    @property
    def eval_network(self):
        return self._eval_network


def _compile_only(network, inputs):
    """Compile the program `network(*inputs)` runs (as `_run` calls it) without running it."""
    graph_function(network).compile_only((network, tuple(inputs), {}))
