"""`mindspore.log`: MindSpore's logger, with its line format and its `GLOG_v` level.

    [WARNING] ME(12345:140161761725312,MainProcess):2026-11-24-15:06:15.591.000 [train.py:10] msg

Lines go to stderr. `GLOG_v` (read when msjax is imported, as MindSpore does) sets the level:
0 DEBUG, 1 INFO, 2 WARNING (the default), 3 ERROR, 4 CRITICAL.
"""
from __future__ import annotations

import datetime
import logging
import os
import sys

_LEVELS = {"0": logging.DEBUG, "1": logging.INFO, "2": logging.WARNING, "3": logging.ERROR,
           "4": logging.CRITICAL}


class _MindSporeFormatter(logging.Formatter):
    def format(self, record):
        when = datetime.datetime.fromtimestamp(record.created)
        stamp = (when.strftime("%Y-%m-%d-%H:%M:%S")
                 + f".{when.microsecond // 1000:03d}.{when.microsecond % 1000:03d}")
        return (f"[{record.levelname}] ME({record.process}:{record.thread},{record.processName}):"
                f"{stamp} [{record.pathname}:{record.lineno}] {record.getMessage()}")


def _level_setting() -> str:
    value = os.environ.get("GLOG_v", "2")
    if value not in _LEVELS:
        raise ValueError(f"Incorrect log level: {value!r}, the environment variable GLOG_v must "
                         f"be one of {sorted(_LEVELS)} (0 DEBUG, 1 INFO, 2 WARNING, 3 ERROR, 4 "
                         "CRITICAL).")
    return value


class _StderrHandler(logging.StreamHandler):
    """Writes to the stderr of the moment (pytest and notebooks replace sys.stderr)."""

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value):
        pass


def _make_logger() -> logging.Logger:
    logger = logging.getLogger("mindspore")
    logger.propagate = False
    logger.setLevel(_LEVELS[_level_setting()])
    if not logger.handlers:
        handler = _StderrHandler()
        handler.setFormatter(_MindSporeFormatter())
        logger.addHandler(handler)
    return logger


GLOBAL_LOGGER = _make_logger()


def debug(msg, *args, **kwargs):
    """Logs `msg % args` at DEBUG level."""
    GLOBAL_LOGGER.debug(msg, *args, stacklevel=2, **kwargs)


def info(msg, *args, **kwargs):
    """Logs `msg % args` at INFO level."""
    GLOBAL_LOGGER.info(msg, *args, stacklevel=2, **kwargs)


def warning(msg, *args, **kwargs):
    """Logs `msg % args` at WARNING level."""
    GLOBAL_LOGGER.warning(msg, *args, stacklevel=2, **kwargs)


def error(msg, *args, **kwargs):
    """Logs `msg % args` at ERROR level."""
    GLOBAL_LOGGER.error(msg, *args, stacklevel=2, **kwargs)


def critical(msg, *args, **kwargs):
    """Logs `msg % args` at CRITICAL level."""
    GLOBAL_LOGGER.critical(msg, *args, stacklevel=2, **kwargs)


def get_level() -> str:
    """The level as MindSpore spells it: "0" (DEBUG) to "4" (CRITICAL)."""
    level = GLOBAL_LOGGER.level
    return next(k for k, v in _LEVELS.items() if v == level)


def get_log_config() -> dict:
    """The logger's settings, as MindSpore reports them."""
    return {"GLOG_v": get_level(), "GLOG_logtostderr": "1"}
