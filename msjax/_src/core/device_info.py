"""`mindspore.get_current_device()` and its `DeviceInfo`: the context's device target and id
(`set_device`, `set_context(device_target=..., device_id=...)`), whose JAX device
`context.jax_device()` is."""
from __future__ import annotations

from msjax._src.core import context


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
