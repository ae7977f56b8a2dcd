"""The mapped axes of the bodies being traced (`mindspore.pmap`'s and data-parallel steps'), and
copies of distributed arrays.

transforms/pmap.py marks an axis while it traces a body over it (`mapped_axis`); the collectives
(ops/comm_ops.py) act over the innermost one or the one their `group` names; the gradient engine
(transforms/grad.py) marks its primals as varying over them (`vary_over_mapped_axes`).
"""
from __future__ import annotations

import contextlib

import jax

from msjax._src.backend import interface as backend


# -- the mapped axes of the bodies being traced ------------------------------------------------
class MappedAxis:
    """A mesh axis whose body is being traced: its name, its size, and how many of its devices
    make one MindSpore rank (a data-parallel step over processes of several devices: the
    devices of a process share its rank's gradient, `comm_ops.reduce_gradient`)."""

    __slots__ = ("devices_per_rank", "name", "size")

    def __init__(self, name, size, devices_per_rank=1):
        self.name, self.size, self.devices_per_rank = name, size, devices_per_rank


_AXES: list[MappedAxis] = []  # innermost last


@contextlib.contextmanager
def mapped_axis(name, size, devices_per_rank=1):
    """Mark `name` (of `size` devices) as the innermost mapped axis while a body is traced."""
    _AXES.append(MappedAxis(name, size, devices_per_rank))
    try:
        yield
    finally:
        _AXES.pop()


def innermost_mapped_axis() -> MappedAxis | None:
    return _AXES[-1] if _AXES else None


def find_mapped_axis(name) -> MappedAxis | None:
    for axis in reversed(_AXES):
        if axis.name == name:
            return axis
    return None


def varying_axes(value) -> frozenset:
    """The mapped axes along which `value` (a traced array) may differ between devices: JAX's
    type of it says so (its manual-axis type; `vma` in JAX before 0.10)."""
    aval = jax.typeof(value)
    axis_type = getattr(aval, "manual_axis_type", None)
    return frozenset(axis_type.varying if axis_type is not None else getattr(aval, "vma", ()))


def varies(value, axis_name) -> bool:
    """True when `value` (a traced array) may differ between the devices of `axis_name`."""
    return axis_name in varying_axes(value)


def vary_alike(a, b):
    """`a` and `b` marked as varying over the mapped axes either varies over (one type for both,
    as JAX needs of a value and its replacement). Outside any mapped axis: unchanged."""
    if not _AXES:
        return a, b
    axes_a, axes_b = varying_axes(a), varying_axes(b)
    if axes_a != axes_b:
        if axes_b - axes_a:
            a = jax.lax.pcast(a, tuple(sorted(axes_b - axes_a)), to="varying")
        if axes_a - axes_b:
            b = jax.lax.pcast(b, tuple(sorted(axes_a - axes_b)), to="varying")
    return a, b


def vary_over_mapped_axes(values):
    """`values` marked as differing between devices along every mapped axis being traced.

    The gradient engine calls this on its primals: JAX sums the gradient of a value replicated
    over a mapped axis across the devices by itself; MindSpore (and `jax.pmap`) give each device
    its own gradient, summed by an explicit AllReduce. Outside any mapped axis: unchanged.
    """
    if not _AXES:
        return values
    names = tuple(axis.name for axis in _AXES)
    marked = []
    for value in values:
        missing = tuple(n for n in names if not varies(value, n))
        marked.append(jax.lax.pcast(value, missing, to="varying") if missing else value)
    return marked


# -- copies of distributed arrays --------------------------------------------------------------
def one_copy(array, committed_ok=False):
    """This process's first copy of a replicated (or per-rank) array, as a single-device array
    eager code can mix with other arrays (`backend.eager_array`; `committed_ok`: the caller
    gives eager code only arrays on one device, so one committed to the default device mixes
    with all of them)."""
    if isinstance(array, jax.core.Tracer):
        return array
    return backend.eager_array(array.addressable_data(0), committed_ok)


def local_row(array):
    """This process's entry of an array stacked over the ranks (shape (ranks, ...))."""
    if isinstance(array, jax.core.Tracer):
        return array
    return local_rows([array])[0]


def local_rows(arrays, committed_ok=False) -> list:
    """`local_row` of each of `arrays` (none a tracer), in one dispatch: a data-parallel step
    writes each BatchNorm's statistics per rank, and an eager reshape each costs a dispatch."""
    if not arrays:
        return []
    return _first_rows([one_copy(array, committed_ok) for array in arrays])


def first_of_each(arrays) -> list:
    """The first row of each of `arrays` (traced: one program for all)."""
    return [array[0] for array in arrays]


_first_rows = jax.jit(first_of_each)
