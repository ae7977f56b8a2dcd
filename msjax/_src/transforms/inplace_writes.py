"""Tensors written in place inside a traced `if` or loop body of graph-mode code.

MindSpore's graph mode lets an in-place op (`P.AssignAdd()(x, y)`, `x.add_(y)`, `x[i] = v`) write
a Tensor that a branch or loop body reaches by name, an argument or local of the function or of
one it calls, and the write is seen after the block:

    if x < y:
        P.AssignAdd()(x, y)      # x is not assigned by the block, only written in place
    return x                     # the sum when the condition held

An in-place op sets the Tensor's `_data`. Inside `lax.cond` / `lax.while_loop` that value is a
tracer of the branch's trace, which must not outlive it. `InPlaceWrites.run` runs a block's trace,
finds the Tensors whose `_data` it replaced, gives each its value from before the block again and
returns what was written; the control-flow helpers carry those values out of the block as extra
outputs (tracing again when a trace finds a new one, as for Parameters) and set them on the
Tensors after it. Parameters are boxes of the lifting layer and are carried by it, not here.
"""
from __future__ import annotations

import jax

from msjax._src.core.lifting import grown
from msjax._src.core.tensor import PLAIN_TENSOR_TYPES, Tensor


def _plain_tensors(values) -> list:
    """The Tensors (of the plain kinds) among `values` and inside their lists, tuples and dicts."""
    leaves = jax.tree_util.tree_leaves(list(values), is_leaf=lambda v: isinstance(v, Tensor))
    return [v for v in leaves if type(v) in PLAIN_TENSOR_TYPES]


def _held_in_slot(tensor) -> bool:
    """Whether `tensor` holds its value in Tensor's slot, so that reading `_data` twice gives the
    same array and setting it stores it: a plain Tensor, not one whose `_data` is a view of other
    storage (`from_numpy`'s) or not made yet (`init=`), which are not watched."""
    return type(tensor) is Tensor


class InPlaceWrites:
    """The Tensors a block can write in place: those its function reaches by name (`outer`: the
    calling frame's locals that the block does not assign) and the copies of its carried variables
    that the block is given (`rebox`), each standing for the caller's Tensor it was copied from."""

    def __init__(self, local_vars, carried_names=()):
        self.outer = grown([], [t for t in _plain_tensors(
            v for k, v in local_vars.items() if k not in carried_names) if _held_in_slot(t)])
        self._copies = None

    def rebox(self, values, rebox):
        """`rebox(values)` (fresh boxes for a traced block), remembering which Tensor each fresh
        box stands for, so an in-place write of the box is a write of the caller's Tensor."""
        copies = rebox(values)
        if self._copies is not None:
            self._copies += [(a, b, b._data) for a, b in
                             zip(_plain_tensors(values), _plain_tensors(copies))
                             if a is not b and _held_in_slot(a)]
        return copies

    def run(self, fn, tracked=(), inputs=()):
        """`fn()` with each Tensor of `tracked` holding its value of `inputs` (a loop's carry);
        returns (fn's result, {id(tensor): (tensor, value written)}). Afterwards every Tensor holds
        its value from before the call, whether `fn` returned or raised."""
        watched = grown(self.outer, tracked)
        before = [t._data for t in watched]
        for t, value in zip(tracked, inputs):
            t._data = value
        starts = [t._data for t in watched]
        self._copies, outer_copies = [], self._copies
        try:
            result = fn()
            copies = self._copies
            written = {}
            for original, box, start in copies:
                if box._data is not start:
                    written[id(original)] = (original, box._data)
            for t, start in zip(watched, starts):
                if t._data is not start:
                    written[id(t)] = (t, t._data)
        finally:
            self._copies = outer_copies
            for t, value in zip(watched, before):
                t._data = value
        return result, written


def carried_values(tensors, written) -> list:
    """The value of each of `tensors` after a block: what it wrote, else the value it has."""
    return [_fit(written[id(t)][1], t._data) if id(t) in written else t._data for t in tensors]


def _fit(value, like):
    """A written value in the Tensor's dtype and shape (an in-place write keeps both)."""
    value = jax.numpy.asarray(value)
    if value.dtype != like.dtype:
        value = value.astype(like.dtype)
    if value.shape != like.shape:
        value = jax.numpy.broadcast_to(value, like.shape)
    return value


def found(tensors, *writes) -> list:
    """`tensors` followed by the Tensors of `writes` (`run`'s) not among them, in order."""
    return grown(tensors, [t for w in writes for t, _ in w.values()])
