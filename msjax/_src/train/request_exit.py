"""`mindspore.train.OnRequestExit`: save the network when the process is asked to exit.

As in MindSpore 2.10: the callback installs a handler for `sig` when training (or evaluation)
begins and, if a saved ``<directory>/rank_<id>/<file_name>_train.ckpt`` exists, loads it into the
network (resuming). A received signal makes `on_train_end` save that checkpoint (and the program,
with `save_mindir`) and makes evaluation stop after its current step; training itself runs on.
With ``MS_ENABLE_GRACEFUL_EXIT=1`` the signal, or ``{"GracefulExit": 1}`` in `config_file`, sets a
network Parameter named ``graceful_exit`` and the step end then saves and stops training; networks
without that Parameter (every plain msjax network) are unaffected, as in MindSpore.
"""
from __future__ import annotations

import json
import logging
import os
import signal
import threading

import numpy as np

from msjax._src.train.callback import Callback
from msjax._src.train.checkpoint import make_directory
from msjax._src.core.context import get_context
from msjax._src.parallel.communication import get_group_size
from msjax._src.serialization import load_checkpoint, save_checkpoint
from msjax._src.train.export import export

_logger = logging.getLogger("msjax")


def _check_isinstance(name, value, kind):
    if not isinstance(value, kind):
        raise ValueError(f"The parameter '{name}' must be isinstance of {kind}, but got {value}.")
    return value


class OnRequestExit(Callback):
    """`mindspore.train.OnRequestExit(save_ckpt=True, save_mindir=True, file_name='Net',
    directory='./', config_file=None, sig=signal.SIGTERM)`.

    The MINDIR written with `save_mindir` is msjax's program format (see `mindspore.export`).
    """

    def __init__(self, save_ckpt=True, save_mindir=True, file_name='Net', directory='./',
                 config_file=None, sig=signal.SIGTERM):
        self.save_ckpt = _check_isinstance('save_ckpt', save_ckpt, bool)
        self.save_mindir = _check_isinstance('save_mindir', save_mindir, bool)
        self.sig = _check_isinstance('sig', sig, int)
        if hasattr(signal, "SIGKILL") and self.sig == signal.SIGKILL:
            raise ValueError("Not support send exit request by signal SIGKILL.")
        self.exit = False
        self.lock = threading.Lock()
        self.save_path = directory
        self.key = "GracefulExit"
        self.remote_config_file = config_file
        self.use_graceful = os.environ.get("MS_ENABLE_GRACEFUL_EXIT") == "1"
        self.is_distributed = get_group_size() > 1
        self.integrated_save = True
        self.stop_train = False
        self.need_do_step_end = False
        if self.save_ckpt or self.save_mindir:
            self.train_name, self.eval_name = self._save_names(file_name)

    def _save_names(self, file_name):
        folder = os.path.join(os.getcwd() if self.save_path is None else self.save_path,
                              f"rank_{get_context('device_id')}")
        folder = make_directory(folder)
        return os.path.join(folder, f"{file_name}_train"), os.path.join(folder, f"{file_name}_eval")

    def _handle_signal(self, signum, frame):  # pylint: disable=unused-argument
        self.exit = True

    def _save(self, network, name, inputs, append_dict=None):
        if self.save_ckpt:
            save_checkpoint(network, name, append_dict=append_dict)
        if self.save_mindir:
            export(network, *inputs, file_name=name, file_format='MINDIR')

    def _resume(self, network, names):
        for name in names:
            if os.path.isfile(f"{name}.ckpt"):
                load_checkpoint(f"{name}.ckpt", net=network)
                return

    def on_train_begin(self, run_context):
        signal.signal(self.sig, self._handle_signal)
        if self.save_ckpt:
            self._resume(run_context.original_args().train_network, [self.train_name])

    def on_train_step_begin(self, run_context):
        with self.lock:
            if not self.use_graceful or not (self._config_requests_exit() or self.exit):
                return
            for _, param in run_context.original_args().train_network.parameters_and_names():
                if not self.is_distributed and param.name == "graceful_exit":
                    param.set_data(np.array(True))
                    self.need_do_step_end = True
                    break
                if param.name == "graceful_init":  # (a distributed network's flag)
                    param.set_data(np.array([1], np.int32))
                    self.need_do_step_end = True
                    break

    def on_train_step_end(self, run_context):
        self._do_step_end(run_context)

    def on_train_epoch_end(self, run_context):
        self._do_step_end(run_context)

    def on_train_end(self, run_context):
        if self.exit:
            cb_params = run_context.original_args()
            self._save(cb_params.train_network, self.train_name, cb_params.train_dataset_element)

    def on_eval_begin(self, run_context):
        signal.signal(self.sig, self._handle_signal)
        if self.save_ckpt:
            self._resume(run_context.original_args().eval_network, [self.eval_name, self.train_name])

    def on_eval_step_end(self, run_context):
        if self.exit:
            run_context.request_stop()

    def on_eval_end(self, run_context):
        if self.exit:
            cb_params = run_context.original_args()
            self._save(cb_params.eval_network, self.eval_name, cb_params.eval_dataset_element)

    def _do_step_end(self, run_context):
        with self.lock:
            if self.stop_train or not self.need_do_step_end:
                return
            cb_params = run_context.original_args()
            network = cb_params.train_network
            for _, param in network.parameters_and_names():
                if param.name == "graceful_exit" and bool(param.asnumpy()):
                    _logger.warning("Graceful exit is triggered, stop training.")
                    append_dict = {"epoch_num": cb_params.cur_epoch_num,
                                   "step_num": cb_params.cur_step_num,
                                   "batch_num": cb_params.batch_num}
                    self._save(network, self.train_name, cb_params.train_dataset_element,
                               append_dict)
                    run_context.request_stop()
                    self.stop_train = True

    def _config_requests_exit(self):
        if self.remote_config_file is None or not os.path.exists(self.remote_config_file):
            return False
        with open(self.remote_config_file, encoding="utf-8") as file:
            try:
                config_info = json.load(file)
            except json.JSONDecodeError as error:
                _logger.warning("Parse json file failed: %s, please check json file: %s", error,
                                self.remote_config_file)
                return False
        return config_info.get(self.key) == 1
