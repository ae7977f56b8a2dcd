"""`ops.functional.switch_layer(index, layers)` and a tuple, list or CellList of Cells indexed by
a Tensor in a compiled function (`self.layers[i](x)`): the layer the index picks at run time.

With a concrete index (PyNative, or a constant) it is `layers[index]`. With a traced one the
call `switch_layer(index, layers)(*args)` compiles every layer, each as a branch of nested
`lax.cond`s (control_flow's `_cond`: the branches' Parameter reads and writes are carried, and
outputs that do not join raise MindSpore's "Cannot join the return values of different
branches"). A negative index counts from the end, as in MindSpore; an index past the end raises
at run time there and picks the last layer here (docs/migration.md).
"""
from __future__ import annotations

import sys

import jax.numpy as jnp

from msjax._src.core import lifting
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.transforms import control_flow, graph_index


def is_layer_sequence(obj) -> bool:
    """Whether `obj` is what graph mode switches on: a tuple, list or CellList of callables."""
    if lifting.is_cell(obj) and getattr(obj, "__cell_as_list__", False):
        return len(obj) > 0
    return type(obj) in (tuple, list) and len(obj) > 0 and all(map(callable, obj))


def switch_layer(*args):
    """`F.switch_layer(index, layers)` (MindSpore's Primitive instance, taking `*args`): the
    layer of `layers` that `index` (an int32 scalar Tensor) picks, as a callable."""
    if len(args) != 2:
        raise TypeError(f"msjax: switch_layer takes two inputs, (index, layers), but got "
                        f"{len(args)}.")
    index, layers = args
    layers = tuple(layers)
    if not control_flow._is_traced(index):
        return layers[int(index)]
    return _Switched(index, layers)


def _call_site() -> str:
    """`the switch_layer at FILE:LINE`: the user's line that calls the switched layers."""
    frame = sys._getframe(2)
    while frame is not None and control_flow._ours(frame.f_code.co_filename):
        frame = frame.f_back
    place = "" if frame is None else f" at {frame.f_code.co_filename}:{frame.f_lineno}"
    return f"the switch_layer{place}"


class _Switched:
    """`layers[index]` for a traced index: calling it runs the chosen layer on the arguments."""

    __slots__ = ("index", "layers")

    def __init__(self, index, layers):
        self.index, self.layers = index, layers

    def __call__(self, *args, **kwargs):
        size = len(self.layers)
        index = jnp.reshape(control_flow._data(self.index), ()).astype(jnp.int32)
        index = jnp.where(index < 0, index + size, index)  # MindSpore's negative index
        where = _call_site()

        def run(k):
            layer = control_flow.call(self.layers[k])
            if k == size - 1:
                return layer(*args, **kwargs)
            pred = _wrap(index == k)
            return control_flow._cond(
                control_flow._to_pred(pred, where),
                (lambda: (layer(*args, **kwargs),), lambda: (run(k + 1),)),
                (f"<the output of layer {k}>",), where)[0]  # "<": joined now or raised

        try:
            return run(0)
        except TypeError as error:
            if not str(error).startswith("Cannot join the return values"):
                raise
            raise TypeError(f"{error}\nthe layers' returns:\n{_returns(self.layers)}") from None


def _returns(layers) -> str:
    """Where each layer returns its value (MindSpore's join error lists every branch's)."""
    shown = []
    for layer in layers:
        function = type(layer).construct if lifting.is_cell(layer) else layer
        code = getattr(function, "__code__", None)
        if code is not None:
            shown.append(control_flow._source_lines(code, "_msjax_return_0_value"))
    return "\n".join(line for line in shown if line)


def _switch_on_traced_index(obj, index):
    """`obj[index]` in converted code for a traced `index`: the switched layers when `obj` is a
    sequence of layers (None otherwise: plain indexing)."""
    return switch_layer(index, obj) if is_layer_sequence(obj) else None


graph_index.TRACED_INDEX[0] = _switch_on_traced_index
