"""`mindspore.log`: MindSpore's logger, with its line format and its environment settings.

    [WARNING] ME(12345:140161761725312,MainProcess):2026-11-24-15:06:15.591.000 [train.py:10] msg

The logger is built from the environment, as MindSpore's is: `GLOG_v` the level (0 DEBUG, 1 INFO,
2 WARNING, the default, 3 ERROR, 4 CRITICAL); `GLOG_logtostderr=0` writes to
`$GLOG_log_dir/rank_<RANK_ID>/logs/mindspore.log.<pid>` instead of stderr (rotated at
`logger_maxBytes`, default 50 MB, keeping `logger_backupCount` files, default 30), and lines at
`GLOG_stderrthreshold` (default 2) and above go to stderr as well. A bad setting raises MindSpore's
ValueError. The logger is built when msjax is imported and again at the next log call after
`mindspore.log.GLOBAL_LOGGER` is set to None (so a changed environment takes effect): the public
module `msjax.log` (= `mindspore.log`) holds `GLOBAL_LOGGER`, as MindSpore's module does.
"""
from __future__ import annotations

import datetime
import logging
import logging.handlers
import os
import sys

_LEVELS = {"0": logging.DEBUG, "1": logging.INFO, "2": logging.WARNING, "3": logging.ERROR,
           "4": logging.CRITICAL}
# the setting -> its environment variable
_ENV = {"level": "GLOG_v", "console": "GLOG_logtostderr", "filepath": "GLOG_log_dir",
        "maxBytes": "logger_maxBytes", "backupCount": "logger_backupCount",
        "stderr_level": "GLOG_stderrthreshold"}
_MAX_BYTES, _BACKUP_COUNT = 52428800, 30


class _MindSporeFormatter(logging.Formatter):
    def format(self, record):
        when = datetime.datetime.fromtimestamp(record.created)
        stamp = (when.strftime("%Y-%m-%d-%H:%M:%S")
                 + f".{when.microsecond // 1000:03d}.{when.microsecond % 1000:03d}")
        return (f"[{record.levelname}] ME({record.process}:{record.thread},{record.processName}):"
                f"{stamp} [{record.pathname}:{record.lineno}] {record.getMessage()}")


def _get_env_config() -> dict:
    """The logger's settings given in the environment (stripped strings), by setting name."""
    config = {}
    for key, variable in _ENV.items():
        value = os.environ.get(variable)
        if value:
            config[key] = value.strip()
    return config


def _verify_level(level: str) -> None:
    if level not in _LEVELS:
        raise ValueError("Incorrect log level, please check the configuration of GLOG_v or "
                         "GLOG_stderrthreshold, desired log level: 4-CRITICAL, 3-ERROR, 2-WARNING, "
                         f"1-INFO, 0-DEBUG. But got {level}.")


def _verify_config(config: dict) -> None:
    """MindSpore's checks of the settings (`_get_env_config`'s dict)."""
    for key in ("level", "stderr_level"):
        if config.get(key) is not None:
            _verify_level(config[key])
    console = config.get("console")
    if console is None:
        return
    if console not in ("0", "1"):
        raise ValueError(f"Incorrect value, the value of GLOG_logtostderr must be 0 or 1, but got "
                         f"{console}.")
    if console == "1":
        return
    if not config.get("filepath"):
        raise ValueError("When GLOG_logtostderr is set to 0, the directory of saving log GLOG_log_dir "
                         "must be set, but got it empty.")
    for key, variable, end in (("maxBytes", "logger_maxBytes", "."), ("backupCount", "logger_backupCount", "")):
        value = config.get(key)
        if value is not None and not value.isdigit():
            raise ValueError(f"Incorrect value, the value of {variable} must be positive integer. "
                             f"But got {variable}:{value}{end}")  # (MindSpore ends only one with a period)


def _rank_id() -> str:
    return os.getenv("RANK_ID") or os.getenv("OMPI_COMM_WORLD_RANK") or os.getenv("MS_NODE_ID") or "0"


class _StderrHandler(logging.StreamHandler):
    """Writes to the stderr of the moment (pytest and notebooks replace sys.stderr)."""

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value):
        pass


def _make_logger() -> logging.Logger:
    """The logger as the environment sets it (see the module doc)."""
    config = _get_env_config()
    _verify_config(config)
    logger = logging.getLogger("mindspore")
    logger.propagate = False
    logger.setLevel(_LEVELS[config.get("level", "2")])
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()
    if config.get("console", "1") == "1":
        handler = _StderrHandler()
        handler.setFormatter(_MindSporeFormatter())
        logger.addHandler(handler)
        return logger
    directory = os.path.join(os.path.realpath(config["filepath"]), f"rank_{_rank_id()}", "logs")
    os.makedirs(directory, mode=0o700, exist_ok=True)
    to_file = logging.handlers.RotatingFileHandler(
        os.path.join(directory, f"mindspore.log.{os.getpid()}"), encoding="utf8",
        maxBytes=int(config.get("maxBytes", _MAX_BYTES)),
        backupCount=int(config.get("backupCount", _BACKUP_COUNT)))
    to_file.setFormatter(_MindSporeFormatter())
    to_stderr = _StderrHandler()
    to_stderr.setFormatter(_MindSporeFormatter())
    to_stderr.setLevel(_LEVELS[config.get("stderr_level", "2")])
    logger.addHandler(to_file)
    logger.addHandler(to_stderr)
    return logger


GLOBAL_LOGGER = _make_logger()


def _holder():
    """The module whose `GLOBAL_LOGGER` is the logger: the public `msjax.log` once imported (code
    resets `mindspore.log.GLOBAL_LOGGER`), else this one."""
    return sys.modules.get("msjax.log") or sys.modules[__name__]


def _get_logger() -> logging.Logger:
    """The logger; built again from the environment when `GLOBAL_LOGGER` was set to None."""
    global GLOBAL_LOGGER
    holder = _holder()
    logger = getattr(holder, "GLOBAL_LOGGER", None)
    if logger is None:
        logger = GLOBAL_LOGGER = _make_logger()
        holder.GLOBAL_LOGGER = logger
    return logger


def debug(msg, *args, **kwargs):
    """Logs `msg % args` at DEBUG level."""
    _get_logger().debug(msg, *args, stacklevel=2, **kwargs)


def info(msg, *args, **kwargs):
    """Logs `msg % args` at INFO level."""
    _get_logger().info(msg, *args, stacklevel=2, **kwargs)


def warning(msg, *args, **kwargs):
    """Logs `msg % args` at WARNING level."""
    _get_logger().warning(msg, *args, stacklevel=2, **kwargs)


def error(msg, *args, **kwargs):
    """Logs `msg % args` at ERROR level."""
    _get_logger().error(msg, *args, stacklevel=2, **kwargs)


def critical(msg, *args, **kwargs):
    """Logs `msg % args` at CRITICAL level."""
    _get_logger().critical(msg, *args, stacklevel=2, **kwargs)


def get_level() -> str:
    """The level as MindSpore spells it: "0" (DEBUG) to "4" (CRITICAL)."""
    level = _get_logger().getEffectiveLevel()
    return next(k for k, v in _LEVELS.items() if v == level)


def get_log_config() -> dict:
    """The logger's settings, as MindSpore reports them (the file's settings when it writes one)."""
    logger = _get_logger()
    config = {"GLOG_v": get_level(), "GLOG_logtostderr": "1"}
    to_file = next((h for h in logger.handlers
                    if isinstance(h, logging.handlers.RotatingFileHandler)), None)
    if to_file is not None:
        to_stderr = next(h for h in logger.handlers if h is not to_file)
        config.update({"GLOG_logtostderr": "0",
                       "GLOG_log_dir": os.path.dirname(to_file.baseFilename),
                       "logger_maxBytes": to_file.maxBytes, "logger_backupCount": to_file.backupCount,
                       "GLOG_stderrthreshold": next(k for k, v in _LEVELS.items()
                                                    if v == to_stderr.level)})
    return config
