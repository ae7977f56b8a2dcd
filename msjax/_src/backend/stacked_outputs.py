"""Program outputs that are rows of one stacked array leave the program stacked.

A lazy_inline chain runs as one `lax.scan` over its blocks' stacked Parameters (lazy_inline.py),
so their gradients and written values come out of the scan stacked, and JAX unstacks them into
one output per Parameter. XLA's CPU backend compiles every one of those outputs as a kernel of
its own: at 96 blocks of 6 Parameters, 576 row copies cost 4 s of a 5 s compile, and compile time
grows with depth again. So, after tracing, `plan` finds the outputs that are rows of a common
array (an `unstack`, or a unit `slice` then `squeeze`/`reshape`, along axis 0) and makes the
program return that array once instead; `expand` rebuilds the original outputs after the call,
each row a `RowTensor` whose value is taken from the stacked array when first read. A row that
is never read (a gradient nobody uses) costs nothing.
"""
from __future__ import annotations

import jax
import numpy as np

from msjax._src.backend import jax_private
from msjax._src.core.tensor import Tensor, _wrap

# The platforms whose programs return rows stacked, and trace chains inlined when their rows feed
# further computation (lowering.py): XLA's CPU backend, which compiles a kernel per output row.
PLATFORMS = ("cpu",)
MIN_ROWS = 4  # fewer rows of one array are left as outputs of their own


def _producers(jaxpr) -> dict:
    """The equation that defines each variable of `jaxpr`."""
    return {var: eqn for eqn in jaxpr.eqns for var in eqn.outvars}


def _rows_per_array(sources) -> dict:
    """How many of `sources` (`_row_source` results) are rows of each array."""
    counts: dict = {}
    for found in sources:
        if found is not None:
            counts[found[0]] = counts.get(found[0], 0) + 1
    return counts


def _row_source(var, producers):
    """`(array, row)` when `var` is row `row` (along axis 0) of `array`, else None."""
    eqn = producers.get(var)
    if eqn is None:
        return None
    name = eqn.primitive.name
    var_type = jax_private.jaxpr_types()[0]
    if name == "unstack" and eqn.params["axis"] == 0 and isinstance(eqn.invars[0], var_type):
        return eqn.invars[0], eqn.outvars.index(var)
    if name in ("squeeze", "reshape") and isinstance(eqn.invars[0], var_type):
        sliced = producers.get(eqn.invars[0])
        if sliced is None or sliced.primitive.name != "slice":
            return None
        source = sliced.invars[0]
        if not isinstance(source, var_type):
            return None
        shape = source.aval.shape
        start, limit = sliced.params["start_indices"], sliced.params["limit_indices"]
        strides = sliced.params["strides"]
        if (limit[0] != start[0] + 1 or any(start[1:]) or tuple(limit[1:]) != tuple(shape[1:])
                or (strides is not None and any(s != 1 for s in strides))
                or var.aval.shape != tuple(shape[1:])):
            return None
        return source, start[0]
    return None


def plan(closed_jaxpr):
    """`(rows, fn)` when some outputs of the traced program are rows of a common array, else None.

    `fn` computes the program with each such array returned once in place of its rows; `rows`
    has one `(output, row)` per original output: the output of `fn` it comes from, and its row
    there (None for an output taken whole).
    """
    types = jax_private.jaxpr_types()
    if types is None:  # without JAX's private jaxpr classes: outputs are left as they are
        return None
    var_type, _, _, closed_type = types
    jaxpr = closed_jaxpr.jaxpr
    producers = _producers(jaxpr)
    sources = [_row_source(v, producers) if isinstance(v, var_type) else None
               for v in jaxpr.outvars]
    counts = _rows_per_array(sources)
    if not any(c >= MIN_ROWS for c in counts.values()):
        return None
    new_outvars, position, rows = [], {}, []
    for var, found in zip(jaxpr.outvars, sources):
        if found is not None and counts[found[0]] >= MIN_ROWS:
            var, row = found
        else:
            row = None
        key = id(var)
        if key not in position:
            position[key] = len(new_outvars)
            new_outvars.append(var)
        rows.append((position[key], row))
    stacked = closed_type(jaxpr.replace(outvars=new_outvars), closed_jaxpr.consts)
    return rows, jax_private.jaxpr_as_fun(stacked)


def rows_feed_computation(closed_jaxpr) -> bool:
    """Whether at least MIN_ROWS rows of one array are inputs of further equations of the
    program (not only its outputs): `plan` cannot take those out of the program."""
    types = jax_private.jaxpr_types()
    if types is None:
        return False
    var_type = types[0]
    jaxpr = closed_jaxpr.jaxpr
    producers = _producers(jaxpr)
    counts = _rows_per_array(_row_source(var, producers) for eqn in jaxpr.eqns
                             for var in {v for v in eqn.invars if isinstance(v, var_type)})
    return any(c >= MIN_ROWS for c in counts.values())


@jax.jit
def _take_row_compiled(array, row):
    return jax.lax.dynamic_index_in_dim(array, row, 0, keepdims=False)


def _take_row(array, row):
    """Row `row` of a stacked array. On a CPU device through the array's host view (no copy to
    make it, one to place the row: about 25 us for 1 MB, against 130-370 us for a compiled
    dynamic slice); elsewhere a compiled slice."""
    if isinstance(array, jax.core.Tracer):
        return _take_row_compiled(array, np.int32(row))
    devices = array.devices()
    if len(devices) == 1:
        (device,) = devices
        if device.platform == "cpu":
            return jax.device_put(np.asarray(array)[row], device)
    return _take_row_compiled(array, np.int32(row))


class RowTensor(Tensor):
    """Row `row` of a stacked program output, taken when its value is first read."""

    __slots__ = ("_source", "_row", "_value")

    @property
    def _data(self):
        if self._value is None:
            self._value = _take_row(self._source, self._row)
            self._source = None
        return self._value

    @_data.setter
    def _data(self, value):
        self._value, self._source = value, None


jax.tree_util.register_pytree_node(RowTensor, lambda t: ((t._data,), None),
                                   lambda _, children: _wrap(children[0]))


def expand(outputs, rows, first_eager):
    """The program's original outputs from the stacked ones: rows from `first_eager` on (the
    values written back to Parameters) are taken at once, earlier ones lazily as RowTensors."""
    expanded = []
    for k, (index, row) in enumerate(rows):
        value = outputs[index]
        if row is not None:
            if k >= first_eager or isinstance(value, jax.core.Tracer):
                value = _take_row(value, row)
            else:
                lazy = object.__new__(RowTensor)
                lazy._source, lazy._row, lazy._value = value, row, None
                value = lazy
        expanded.append(value)
    return tuple(expanded)


def lift_rows(tree):
    """`tree` (a program's rebuilt result) with each Tensor that holds a RowTensor replaced by
    the RowTensor itself (pytree rebuilding boxes every leaf in a Tensor)."""
    return jax.tree_util.tree_map(
        lambda t: t._data if isinstance(t, Tensor) and type(t._data) is RowTensor else t, tree,
        is_leaf=lambda t: isinstance(t, Tensor))
