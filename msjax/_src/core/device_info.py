"""`mindspore.get_current_device()` and its `DeviceInfo`: the context's device target and id
(`set_device`, `set_context(device_target=..., device_id=...)`), whose JAX device
`context.jax_device()` is."""
from __future__ import annotations

import os

import jax

from msjax._src.core import context, log
from msjax._src.core.checkparam import args_type_check


class DeviceInfo(tuple):
    """`mindspore.device_manager.DeviceInfo`: the tuple `(device_target, device_id)`, with those
    two names as properties."""

    def __new__(cls, device_target, device_id):
        return super().__new__(cls, (device_target, device_id))

    @property
    def device_target(self):
        return self[0]

    @property
    def device_id(self):
        return self[1]


def get_current_device():
    """`mindspore.get_current_device()`: `DeviceInfo(device_target, device_id)` of the running
    context, e.g. `('CPU', 0)`."""
    return DeviceInfo(context.get_context("device_target"), context.get_context("device_id"))


_DETERMINISTIC_SET = []  # holds the one value set_deterministic was given


@args_type_check(deterministic=bool)
def set_deterministic(deterministic):
    """`mindspore.set_deterministic(deterministic)`: once per process, as MindSpore's (a second
    call raises RuntimeError). It sets or unsets the environment variables MindSpore sets for
    Ascend (HCCL_DETERMINISTIC, TE_PARALLEL_COMPILER), which programs and launch scripts read.

    On XLA, CPU programs are deterministic already; on a GPU, determinism is XLA's flag
    `--xla_gpu_deterministic_ops=true` in XLA_FLAGS, read when JAX's backend starts: msjax
    leaves it to the user (docs/migration.md) and logs a warning when a GPU runs without it.
    """
    if _DETERMINISTIC_SET:
        raise RuntimeError("The 'mindspore.set_deterministic' can not be set repeatedly.")
    context._context["deterministic"] = context._set_deterministic_variables(
        bool(deterministic), "'True'", "'False'")
    _DETERMINISTIC_SET.append(deterministic)
    if (deterministic and "--xla_gpu_deterministic_ops=true" not in os.environ.get("XLA_FLAGS", "")
            and jax.default_backend() == "gpu"):
        log.warning("set_deterministic(True): XLA's GPU kernels are deterministic only with "
                    "XLA_FLAGS=--xla_gpu_deterministic_ops=true set before the process starts "
                    "JAX.")
