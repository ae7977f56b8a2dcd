"""`mindspore.train.TrainFaultTolerance`: MindSpore's callback for Huawei's MindIO fault
tolerance (step-level checkpoints kept in device memory, restarts after a device error, the ATO
checkpoint-interval tuner), which runs only on Ascend devices with the `mindio_ttp` package.

msjax makes the same decisions from `MS_ENABLE_TFT` and the arguments as MindSpore 2.10 does and
raises the same errors: a callback constructed on a device other than Ascend fails, as in
MindSpore, with "MindIO adapter only support on Ascend device". The configurations in which
MindSpore builds the callback (an Ascend device target with MindIO; `ATO:1` alone; `TRE:1` alone;
the asynchronous device-to-host checkpoint copy alone) need MindIO or Ascend's runtime, which
msjax does not have: they raise NotImplementedError (docs/migration.md).
"""
from __future__ import annotations

import logging
import os

from msjax._src.core.context import get_context
from msjax._src.train.callback import Callback

_logger = logging.getLogger("msjax")

# The MS_ENABLE_TFT switches that need the mindio_ttp package (MindSpore's TFTCommValue).
NEED_MINDIO = ["TTP:1", "UCE:1", "ARF:1", "TSP:1", "HCCE:1"]


def _tft_env() -> str:
    return os.getenv("MS_ENABLE_TFT", "")


def _only_ato() -> bool:
    """`ATO:1` without any other switch; with others MindSpore's ValueError."""
    env = _tft_env()
    if any(flag in env for flag in ("TTP:1", "UCE:1", "ARF:1", "TRE:1", "TSP:1")):
        if "ATO:1" in env:
            raise ValueError("ATO checkpoint optimization is enabled but other non-ATO flags are also "
                             "set, which may cause unexpected behavior. Please check environment "
                             "variable MS_ENABLE_TFT.")
        return False
    return "ATO:1" in env


def _only_tsp() -> bool:
    env = _tft_env()
    return "TSP:1" in env and not any(flag in env for flag in ("TTP:1", "UCE:1", "ARF:1", "TRE:1"))


def _only_tre_or_d2h_async() -> bool:
    """`TRE:1` (or `TRE:2`) without the MindIO switches, or no `MS_ENABLE_TFT` and the
    asynchronous device-to-host checkpoint copy (`MS_ENABLE_CKPT_D2H_ASYNC=1`): the
    configurations MindSpore builds without MindIO."""
    env = _tft_env()
    only_tre = (not any(flag in env for flag in ("TTP:1", "UCE:1", "ARF:1"))
                and ("TRE:1" in env or "TRE:2" in env))
    only_d2h = env == "" and os.getenv("MS_ENABLE_CKPT_D2H_ASYNC") == "1"
    return only_tre or only_d2h


def _unsupported(what: str) -> NotImplementedError:
    return NotImplementedError(
        f"msjax: TrainFaultTolerance {what} needs MindIO's mindio_ttp package and Ascend's runtime, "
        "which msjax does not have; save checkpoints with ModelCheckpoint (CheckpointConfig) and "
        "resume with BackupAndRestore or load_checkpoint.")


def _check_mindio_device() -> None:
    """MindSpore's `_check_init`: the MindIO handle, which `_tft_handler.init` makes on Ascend only
    (elsewhere it warns and leaves none), then the device check."""
    env = _tft_env()
    if "ARF:1" in env:
        raise ValueError("Must init by _tft_handler.init(config=params) if use ARF.")
    if not any(flag in env for flag in NEED_MINDIO):
        raise ValueError(f"MindIO TFT register need custom switch on one of:{NEED_MINDIO}")
    device_target = get_context("device_target")
    if device_target == "Ascend":
        raise _unsupported("on Ascend")
    _logger.warning("MindIO adataper only support on Ascend device but got device %s!", device_target)
    raise ValueError(f"MindIO adapter only support on Ascend device but got device {device_target}!")


class TrainFaultTolerance(Callback):
    """`mindspore.train.TrainFaultTolerance(ckpt_save_path=None, **kwargs)`: MindIO's fault
    tolerance on Ascend. Its checks and errors are MindSpore's; see the module's docstring for
    what msjax cannot run."""

    def __init__(self, ckpt_save_path=None, **kwargs):
        super().__init__()
        if _only_ato():
            raise _unsupported("with ATO:1 (its checkpoint-interval tuner)")
        if _only_tsp():
            _check_mindio_device()
        if kwargs.get("ckpt_save_fn") is None and ckpt_save_path is None:
            raise ValueError("TrainFaultTolerance construct need to set ckpt_save_fn or ckpt_save_path!")
        if _only_tre_or_d2h_async():
            raise _unsupported("with TRE:1 or MS_ENABLE_CKPT_D2H_ASYNC")
        _check_mindio_device()
