"""`mindspore.hal`: what the devices of a target are, answered by JAX.

MindSpore's hardware abstraction layer describes the devices of a target ('CPU', 'GPU',
'Ascend'). msjax asks JAX: a target is available when JAX has that backend ('CPU' always;
'GPU' with a CUDA or ROCm jaxlib; 'Ascend' never), `device_count` counts JAX's devices of it, and
a GPU's name, compute capability, multiprocessor count and memory come from JAX's device and its
allocator statistics. As in MindSpore, the CPU has no properties or capability (None).
Arguments are checked as MindSpore 2.10 checks them, with its messages.
"""
from __future__ import annotations

import jax

from msjax._src.core import context

_VALID_TARGETS = ["CPU", "GPU", "Ascend"]
_PLATFORMS = {"CPU": "cpu", "GPU": "gpu"}


def _devices(target: str) -> list:
    platform = _PLATFORMS.get(target)
    if platform is None:
        return []
    try:
        return jax.devices(platform)
    except RuntimeError:  # JAX has no such backend here
        return []


def _target(device_target) -> str:
    """MindSpore's `_check_inputs_validation`: the target (the context's when None), checked."""
    if device_target is None:
        device_target = context.get_context("device_target")
    if not isinstance(device_target, str):
        raise TypeError(f"The argument 'device_target' must be str, but got {device_target}, "
                        f"type is {type(device_target)}.")
    if device_target not in _VALID_TARGETS:
        raise ValueError(f"The argument 'device_target' must be one of {_VALID_TARGETS}, but "
                         f"got {device_target}.")
    if not _devices(device_target):
        raise ValueError(f"{device_target} backend is not available for this MindSpore package."
                         "You can call hal.is_available to check the reason.")
    return device_target


def _device(device_id, device_target):
    """MindSpore's `_check_device_id`: the JAX device `device_id` of the target."""
    devices = _devices(_target(device_target))
    if not isinstance(device_id, int):
        raise TypeError(f"The argument 'device_id' must be int, but got {device_id}, type is "
                        f"{type(device_id)}.")
    if device_id < 0:
        raise ValueError(f"The argument 'device_id' should not be negative, but got {device_id}.")
    if device_id >= len(devices):
        raise ValueError(f"The argument 'device_id' must be less than device count: "
                         f"{len(devices)}, but got {device_id}.")
    return devices[device_id]


def is_available(device_target) -> bool:
    """`mindspore.hal.is_available(device_target)`: whether JAX has the target's backend."""
    if device_target not in _VALID_TARGETS:
        raise ValueError(f"For 'hal.is_available', the argument 'device_target' must be one of "
                         f"{_VALID_TARGETS}, but got {device_target}.")
    return bool(_devices(device_target))


def device_count(device_target=None) -> int:
    """`mindspore.hal.device_count(device_target=None)`: JAX's devices of the target."""
    return len(_devices(_target(device_target)))


def get_device_name(device_id, device_target=None) -> str:
    """`mindspore.hal.get_device_name(device_id, device_target=None)`: 'CPU', or the device's
    kind as JAX reports it (e.g. 'NVIDIA A100-SXM4-40GB')."""
    device = _device(device_id, device_target)
    return "CPU" if device.platform == "cpu" else device.device_kind


def _compute_capability(device) -> tuple | None:
    capability = getattr(device, "compute_capability", None)
    if not capability:
        return None
    major, _, minor = str(capability).partition(".")
    return int(major), int(minor or 0)


def get_device_capability(device_id, device_target=None):
    """`mindspore.hal.get_device_capability(device_id, device_target=None)`: a GPU's (major,
    minor) compute capability; None for the CPU."""
    device = _device(device_id, device_target)
    return None if device.platform == "cpu" else _compute_capability(device)


class DeviceProperties:
    """A GPU's properties (MindSpore's `cudaDeviceProp` fields JAX knows): `name`, `major`,
    `minor`, `multi_processor_count`, `total_memory` (bytes XLA may use on it)."""

    def __init__(self, device):
        stats = device.memory_stats() or {}
        self.name = device.device_kind
        self.major, self.minor = _compute_capability(device) or (0, 0)
        self.multi_processor_count = int(getattr(device, "core_count", 0) or 0)
        self.total_memory = int(stats.get("bytes_limit", 0))

    def __repr__(self):
        return (f"_DeviceProperties(name='{self.name}', major={self.major}, minor={self.minor}, "
                f"multi_processor_count={self.multi_processor_count}, "
                f"total_memory={self.total_memory // (1024 * 1024)}MB)")


def get_device_properties(device_id, device_target=None):
    """`mindspore.hal.get_device_properties(device_id, device_target=None)`: a GPU's
    `DeviceProperties`; None for the CPU, as MindSpore."""
    device = _device(device_id, device_target)
    return None if device.platform == "cpu" else DeviceProperties(device)


# Targets whose device MindSpore has initialised: the first compiled program marks the CPU's
# (transforms/compiled.py), as MindSpore's graph executor initialises the device it compiles for.
_initialized: set = set()


def mark_initialized(device_target="CPU") -> None:
    _initialized.add(device_target)


def is_initialized(device_target) -> bool:
    """`mindspore.hal.is_initialized(device_target)`: whether a compiled program (GRAPH_MODE,
    `jit`) has run on the target; eager ops do not initialise it, as in MindSpore."""
    if device_target not in _VALID_TARGETS:
        raise ValueError(f"For 'hal.is_initialized', the argument 'device_target' must be one of "
                         f"{_VALID_TARGETS}, but got {device_target}.")
    return device_target in _initialized


def get_arch_list(device_target=None):
    """`mindspore.hal.get_arch_list(device_target=None)`: the GPU architectures the package was
    built for: None for the CPU (and for a GPU: XLA compiles for the device it finds)."""
    _target(device_target)
    return None


def target_device_count(device_target) -> int:
    """`mindspore.device_context.<target>.device_count()`: one for the CPU (MindSpore's one
    CPU device), JAX's devices of a GPU; RuntimeError for a target absent here."""
    devices = _devices(device_target)
    if not devices:
        raise RuntimeError(f"Device {device_target} not exist.")
    return 1 if device_target == "CPU" else len(devices)
