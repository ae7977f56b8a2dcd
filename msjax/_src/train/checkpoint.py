"""`mindspore.train.CheckpointConfig` and `ModelCheckpoint`: MindSpore `.ckpt` files during training.

Files are named as MindSpore names them (`<prefix>-<epoch>_<step in epoch>.ckpt`, the prefix
getting `_1`, `_2`, ... when files of that prefix already exist), at most `keep_checkpoint_max`
are kept (the oldest removed first), and the last step is saved at the end of training. Each file
is written by `mindspore.save_checkpoint` through a temporary file renamed into place, so an
interrupted save never leaves a truncated `.ckpt`; MindSpore itself loads them. msjax writes no
`<prefix>-graph.meta` (MindSpore's graph protobuf, which has no msjax equivalent).
"""
from __future__ import annotations

import logging
import os
import stat
import time

from msjax._src.core.tensor import Tensor
from msjax._src.train import checks
from msjax._src.train.callback import Callback
from msjax._src.nn.cell import Cell
from msjax._src.core.parameter import Parameter
from msjax._src.core import checkparam
from msjax._src.serialization import load_checkpoint, save_checkpoint

_logger = logging.getLogger("msjax")
_INFO_LIST = ["epoch_num", "step_num"]
_MAX_PATH_LENGTH = 4096


def make_directory(path, arg_name="path"):
    """MindSpore's `_make_directory`: the real path of `path`, created if missing."""
    if not isinstance(path, str):
        raise TypeError("The {} is invalid, the type should be string.".format(arg_name))
    if path.strip() == "":
        raise ValueError("The {} is invalid, it should be non-blank.".format(arg_name))
    path = os.path.realpath(path)
    if len(path) > _MAX_PATH_LENGTH:
        raise ValueError("The {} length is too long, it should be limited in {}.".format(
            arg_name, _MAX_PATH_LENGTH))
    if os.path.exists(path):
        if not os.path.isdir(path):
            raise NotADirectoryError(f"The path({path}) is a file path, it should be a directory path.")
        return path
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    except PermissionError as e:
        raise TypeError("No write permission on the directory.") from e
    return path


def unique_prefix(directory, prefix):
    """`prefix`, or `prefix_<n>` when checkpoints of `prefix` already exist in `directory`
    (MindSpore's `_chg_ckpt_file_name_if_same_exist`)."""
    suffix_num = 0
    pre_len = len(prefix)
    for filename in os.listdir(directory):
        ext = os.path.splitext(filename)[-1]
        if ext not in (".ckpt", ".safetensors") or filename.endswith("_breakpoint.ckpt"):
            continue
        if filename.find(prefix) == 0 and not filename[pre_len].isalpha():
            index = filename[pre_len:].find("-")
            if index == 0:
                suffix_num = max(suffix_num, 1)
            elif index != -1:
                num = filename[pre_len + 1:pre_len + index]
                if num.isdigit():
                    suffix_num = max(suffix_num, int(num) + 1)
    return f"{prefix}_{suffix_num}" if suffix_num else prefix


def breakpoint_prefix(directory, prefix):
    """The prefix of an exception-save checkpoint: `prefix`, or `prefix_<n>` when breakpoint
    checkpoints of `prefix` exist (MindSpore's `_chg_ckpt_file_name_if_same_exist(..., True)`)."""
    suffix_num = 0
    for filename in os.listdir(directory):
        if not filename.endswith("_breakpoint.ckpt") or not filename.startswith(prefix):
            continue
        rest = filename[len(prefix):]
        if rest[:1].isalpha():
            continue
        index = rest.find("-")
        if index == 0:
            suffix_num = max(suffix_num, 1)
        elif index != -1 and rest[1:index].isdigit():
            suffix_num = max(suffix_num, int(rest[1:index]) + 1)
    return f"{prefix}_{suffix_num}" if suffix_num else prefix


def same_name_prefix(directory, prefix, exception=False):
    """MindSpore's `_chg_ckpt_file_name_if_same_exist(directory, prefix, exception=False)`: the
    prefix a new checkpoint takes in `directory` (`breakpoint_prefix` for an exception save,
    else `unique_prefix`); a callable `prefix` or `directory` gives `prefix` back."""
    if callable(prefix) or callable(directory):
        return prefix
    return (breakpoint_prefix if exception else unique_prefix)(directory, prefix)


class CheckpointConfig:
    """`mindspore.train.CheckpointConfig(save_checkpoint_steps=1, save_checkpoint_seconds=0,
    keep_checkpoint_max=5, keep_checkpoint_per_n_minutes=0, integrated_save=True,
    async_save=False, saved_network=None, append_info=None, enc_key=None, enc_mode='AES-GCM',
    exception_save=False, crc_check=False, remove_redundancy=False, format='ckpt')`.

    msjax writes plain `.ckpt` files or, with `format='safetensors'`, MindSpore's safetensors
    files (which take no `enc_key`, `enc_mode`, `crc_check`, `exception_save` or `incremental`:
    MindSpore's ValueError here); `enc_key` and `remove_redundancy=True` raise
    NotImplementedError when a checkpoint is saved (as `mindspore.save_checkpoint` does in msjax).
    """

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0, keep_checkpoint_max=5,
                 keep_checkpoint_per_n_minutes=0, integrated_save=True, async_save=False,
                 saved_network=None, append_info=None, enc_key=None, enc_mode='AES-GCM',
                 exception_save=False, crc_check=False, remove_redundancy=False, format="ckpt",
                 **kwargs):
        if save_checkpoint_steps is not None:
            save_checkpoint_steps = checks.check_non_negative_int(save_checkpoint_steps)
        if save_checkpoint_seconds is not None:
            save_checkpoint_seconds = checks.check_non_negative_int(save_checkpoint_seconds)
        if keep_checkpoint_max is not None:
            keep_checkpoint_max = checks.check_non_negative_int(keep_checkpoint_max)
        if keep_checkpoint_per_n_minutes is not None:
            keep_checkpoint_per_n_minutes = checks.check_non_negative_int(keep_checkpoint_per_n_minutes)
        if saved_network is not None and not isinstance(saved_network, Cell):
            raise TypeError("For 'CheckpointConfig', the type of 'saved_network' must be None or Cell, "
                            f"but got {type(saved_network)!s}.")
        if not save_checkpoint_steps and not save_checkpoint_seconds and \
                not keep_checkpoint_max and not keep_checkpoint_per_n_minutes:
            raise ValueError("For 'CheckpointConfig', the input arguments 'save_checkpoint_steps', "
                             "'save_checkpoint_seconds', 'keep_checkpoint_max' and "
                             "'keep_checkpoint_per_n_minutes' can't be all None or 0.")
        self.exception_save = checks.check_bool(exception_save)
        self._save_checkpoint_steps = save_checkpoint_steps
        self._save_checkpoint_seconds = save_checkpoint_seconds
        if self._save_checkpoint_steps and self._save_checkpoint_steps > 0:
            self._save_checkpoint_seconds = None
        self._keep_checkpoint_max = keep_checkpoint_max
        self._keep_checkpoint_per_n_minutes = keep_checkpoint_per_n_minutes
        if self._keep_checkpoint_max and self._keep_checkpoint_max > 0:
            self._keep_checkpoint_per_n_minutes = None
        elif not self._keep_checkpoint_per_n_minutes:
            self._keep_checkpoint_max = 1
        self._integrated_save = checks.check_bool(integrated_save)
        self._async_save = async_save
        self._saved_network = saved_network
        self._append_dict = self._handle_append_info(append_info)
        self._enc_key = enc_key
        self._enc_mode = enc_mode
        self._crc_check = crc_check
        if not isinstance(format, str):
            raise ValueError(  # noqa: TRY004  (MindSpore's Validator.check_isinstance)
                f"The parameter 'format' must be isinstance of {str}, but got {format}.")
        self._format = format
        self.remove_redundancy = remove_redundancy
        if format == "safetensors" and (enc_key is not None or enc_mode != "AES-GCM" or crc_check or exception_save
                                        or kwargs.get("incremental", False)):
            raise ValueError("For 'save_checkpoint', when format is 'safetensors', other param must be default.")

    save_checkpoint_steps = property(lambda self: self._save_checkpoint_steps)
    save_checkpoint_seconds = property(lambda self: self._save_checkpoint_seconds)
    keep_checkpoint_max = property(lambda self: self._keep_checkpoint_max)
    keep_checkpoint_per_n_minutes = property(lambda self: self._keep_checkpoint_per_n_minutes)
    integrated_save = property(lambda self: self._integrated_save)
    async_save = property(lambda self: self._async_save)
    saved_network = property(lambda self: self._saved_network)
    enc_key = property(lambda self: self._enc_key)
    enc_mode = property(lambda self: self._enc_mode)
    crc_check = property(lambda self: self._crc_check)
    format = property(lambda self: self._format)
    append_dict = property(lambda self: self._append_dict)

    def get_checkpoint_policy(self):
        return {'save_checkpoint_steps': self.save_checkpoint_steps,
                'save_checkpoint_seconds': self.save_checkpoint_seconds,
                'keep_checkpoint_max': self.keep_checkpoint_max,
                'keep_checkpoint_per_n_minutes': self.keep_checkpoint_per_n_minutes,
                'saved_network': self.saved_network}

    @staticmethod
    def _handle_append_info(append_info):
        if append_info is None or append_info == []:
            return None
        if not isinstance(append_info, list):
            raise TypeError("For 'CheckpointConfig', the type of 'append_info' must be list,"
                            f"but got {type(append_info)!s}.")
        handled = {name: 0 for name in _INFO_LIST if name in append_info}
        dict_num = 0
        for element in append_info:
            if not isinstance(element, (str, dict)):
                raise TypeError("For 'CheckpointConfig', the type of 'append_info' element must be str or "
                                f"dict,but got {type(element)!s}.")
            if isinstance(element, str) and element not in _INFO_LIST:
                raise ValueError("For 'CheckpointConfig', the value of element in the argument "
                                 f"'append_info' must be in {_INFO_LIST}, but got {element}.")
            if isinstance(element, dict):
                dict_num += 1
                if dict_num > 1:
                    raise TypeError("For 'CheckpointConfig', the element of 'append_info' must has only one "
                                    "dict, but got {dict_num}")
                for key, value in element.items():
                    if not (isinstance(key, str) and isinstance(value, (int, float, bool, str, Parameter,
                                                                         Tensor))):
                        raise TypeError("For 'CheckpointConfig', the key type of the dict 'append_info' must "
                                        "be string, the value type must be int or float or bool, but got key "
                                        f"type {type(key)}, value type {type(value)}")
                    handled[key] = value
        return handled


class CheckpointManager:
    """`mindspore.train.callback._CheckpointManager(format='ckpt')`: the checkpoint files of one
    prefix in a directory, which ModelCheckpoint keeps to `keep_checkpoint_max` (or one per
    `keep_checkpoint_per_n_minutes`).

    Example:
        >>> manager = CheckpointManager()
        >>> manager.update_ckpoint_filelist("./ckpt", "lenet")
        >>> if manager.ckpoint_num > 5: manager.remove_oldest_ckpoint_file()
    """

    def __init__(self, format='ckpt'):  # noqa: A002 - MindSpore's parameter name
        self._files = []
        self._format = format

    @property
    def ckpoint_filelist(self) -> list:
        """The files found by the last `update_ckpoint_filelist` (less those removed since)."""
        return self._files

    @property
    def ckpoint_num(self) -> int:
        """How many files `ckpoint_filelist` holds."""
        return len(self._files)

    def update_ckpoint_filelist(self, directory, prefix):
        """Find the files `<prefix>-<no letters>.<format>` in `directory` (those ModelCheckpoint
        names `<prefix>-<epoch>_<step>`; not another prefix's that starts with this one)."""
        extension = f".{self._format}"
        self._files = []
        for filename in os.listdir(directory):
            if os.path.splitext(filename)[-1] == extension and filename.startswith(prefix + "-"):
                middle = filename[len(prefix):-len(extension)]
                if not any(char.isalpha() for char in middle):
                    self._files.append(os.path.join(directory, filename))

    def remove_ckpoint_file(self, file_name):
        """Delete `file_name` and drop it from the list (a warning if either fails)."""
        try:
            os.chmod(file_name, stat.S_IWRITE)
            os.remove(file_name)
            self._files.remove(file_name)
        except OSError:
            _logger.warning("OSError, failed to remove the older ckpt file %s.", file_name)
        except ValueError:
            _logger.warning("ValueError, failed to remove the older ckpt file %s.", file_name)

    def remove_oldest_ckpoint_file(self):
        """Delete the listed file modified longest ago."""
        self.remove_ckpoint_file(min(self._files, key=os.path.getmtime))

    def keep_one_ckpoint_per_minutes(self, minutes, cur_time):
        """Of the files modified in the last `minutes` before `cur_time`, keep only the oldest."""
        recent = [f for f in self._files if cur_time - os.path.getmtime(f) < 60 * minutes]
        oldest = min(recent, key=os.path.getmtime, default=None)
        for file_name in recent:
            if file_name != oldest:
                self.remove_ckpoint_file(file_name)


class ModelCheckpoint(Callback):
    """`mindspore.train.ModelCheckpoint(prefix='CKP', directory=None, config=None)`: saves the
    training network's parameters every `save_checkpoint_steps` steps (or seconds) and at the end
    of training, as `<directory>/<prefix>-<epoch>_<step>.ckpt`.

    Example:
        >>> config = CheckpointConfig(save_checkpoint_steps=100, keep_checkpoint_max=3)
        >>> model.train(2, dataset, callbacks=[ModelCheckpoint("lenet", "./ckpt", config)])
    """

    def __init__(self, prefix='CKP', directory=None, config=None):
        super().__init__()
        self._latest_ckpt_file_name = ""
        self._last_time = time.time()
        self._last_time_for_keep = time.time()
        self._last_triggered_step = 0
        self._prefix_func = prefix if callable(prefix) else None
        self._directory_func = directory if callable(directory) else None
        if not callable(prefix) and (not isinstance(prefix, str) or prefix.find('/') >= 0):
            raise ValueError("For 'ModelCheckpoint', the argument 'prefix' for checkpoint file name is "
                             "invalid, it must be callable or string that does not contain '/', but got "
                             "{}.".format(prefix))
        self._prefix = prefix
        self._exception_prefix = prefix
        if directory is None:
            self._directory = os.getcwd()
        elif not callable(directory):
            self._directory = make_directory(directory)
        if config is None:
            config = CheckpointConfig()
        elif not isinstance(config, CheckpointConfig):
            raise TypeError("For 'ModelCheckpoint', the type of argument 'config' should be "
                            "'CheckpointConfig', but got {}.".format(type(config)))
        self._config = config
        if not callable(directory) and not callable(prefix):
            self._prefix = unique_prefix(self._directory, self._prefix)
        self._append_dict = dict(self._config.append_dict or {})
        self._append_epoch_num = self._append_dict.get("epoch_num", 0)
        self._append_step_num = self._append_dict.get("step_num", 0)

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        if self._prefix_func:
            self._prefix = self._prefix_func(cb_params)
            if not isinstance(self._prefix, str) or self._prefix.find('/') >= 0:
                raise ValueError("For 'ModelCheckpoint', the argument 'prefix' for checkpoint file name "
                                 "is callable, it must return a string that does not contain '/', but got "
                                 "{}.".format(self._prefix))
        if self._directory_func:
            self._directory = make_directory(self._directory_func(cb_params))
        self._save_ckpt(cb_params)

    def end(self, run_context):
        self._save_ckpt(run_context.original_args(), force_to_save=True)

    def _check_save_ckpt(self, cb_params, force_to_save):
        steps = self._config.save_checkpoint_steps
        seconds = self._config.save_checkpoint_seconds
        if steps and steps > 0:
            return cb_params.cur_step_num >= self._last_triggered_step + steps or force_to_save
        if seconds and seconds > 0:
            now = time.time()
            if now - self._last_time > seconds or force_to_save:
                self._last_time = now
                return True
        return False

    def _drop_old_checkpoints(self):
        manager = CheckpointManager(self._config.format)
        manager.update_ckpoint_filelist(self._directory, self._prefix)
        keep_max = self._config.keep_checkpoint_max
        minutes = self._config.keep_checkpoint_per_n_minutes
        if keep_max and 0 < keep_max <= manager.ckpoint_num:
            manager.remove_oldest_ckpoint_file()
        elif minutes and minutes > 0:
            now = time.time()
            if now - self._last_time_for_keep < minutes * 60:
                manager.keep_one_ckpoint_per_minutes(minutes, now)

    def _save_ckpt(self, cb_params, force_to_save=False):
        if cb_params.cur_step_num == self._last_triggered_step:
            return
        if not self._check_save_ckpt(cb_params, force_to_save):
            return
        step_in_epoch = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
        if self._prefix_func:
            file_name = self._prefix + f".{self._config.format}"
        else:
            file_name = f"{self._prefix}-{cb_params.cur_epoch_num}_{step_in_epoch}.{self._config.format}"
        self._drop_old_checkpoints()
        path = os.path.join(self._directory, file_name)
        self._last_time_for_keep = time.time()
        self._last_triggered_step = cb_params.cur_step_num
        if "epoch_num" in self._append_dict:
            self._append_dict["epoch_num"] = self._append_epoch_num + cb_params.cur_epoch_num
        if "step_num" in self._append_dict:
            self._append_dict["step_num"] = self._append_step_num + cb_params.cur_step_num
        network = self._config.saved_network or cb_params.train_network
        save_checkpoint(network, path, self._config.integrated_save, self._config.async_save,
                        self._append_dict or None, self._config.enc_key, self._config.enc_mode,
                        crc_check=self._config.crc_check, format=self._config.format)
        self._latest_ckpt_file_name = path

    @property
    def latest_ckpt_file_name(self):
        return self._latest_ckpt_file_name


class BackupAndRestore(Callback):
    """`mindspore.train.BackupAndRestore(backup_dir, save_freq='epoch', delete_checkpoint=True)`:
    backs the training network up to `<backup_dir>/backup.ckpt` at the end of every
    `save_freq`-th epoch (`'epoch'`: every epoch), loads that file into the network when a
    training begins (resuming an interrupted one) and, with `delete_checkpoint`, deletes it when
    training ends."""

    def __init__(self, backup_dir, save_freq="epoch", delete_checkpoint=True):
        super().__init__()
        self.backup_file = os.path.join(make_directory(backup_dir), "backup.ckpt")
        self.save_freq = 1 if save_freq == "epoch" else checkparam.check_positive_int(save_freq)
        self.delete_checkpoint = checkparam.check_bool(delete_checkpoint)

    def on_train_begin(self, run_context):
        if os.path.exists(self.backup_file):
            _logger.info("Restore checkpoint file is %s, load checkpoint into train net.",
                         self.backup_file)
            load_checkpoint(self.backup_file, net=run_context.original_args().train_network)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.cur_epoch_num % self.save_freq == 0:
            save_checkpoint(cb_params.train_network, self.backup_file)

    def on_train_end(self, run_context):
        if self.delete_checkpoint:
            os.chmod(self.backup_file, stat.S_IWRITE)
            os.remove(self.backup_file)
