"""Library import: a MindSpore Cell as a parameter pytree and a pure function, for JAX users.

`msjax.functional(cell)` is msjax's lifting layer (`core/lifting.py` `lift`) made public, in
the manner of Flax NNX's `split`/`merge`: it returns the Cell's Parameters as a dict of arrays and a
pure `apply(params, *inputs)` that runs the Cell's `construct` with those values. `apply` works
under `jax.jit`, `jax.grad`, `jax.vmap` and with optax; `write_parameters(cell, params)` stores
trained values back into the Cell (to save a checkpoint, or to go on in MindSpore style).
MindSpore has no such API: this is msjax's own.

    params, apply = msjax.functional(net)
    loss = lambda p, x, y: ((apply(p, x) - y) ** 2).mean()
    grads = jax.grad(loss)(params, x, y)          # a dict like params
    params = optax.apply_updates(params, updates)  # after an optax step
    msjax.write_parameters(net, params)

A Cell that writes its state while running (BatchNorm's statistics in training mode) returns the
new values through `apply.with_updates`; a Cell that draws random numbers (Dropout) takes a JAX
key, `apply(params, x, key=key)`, so no drawn value is ever baked into a compiled program.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.core import lifting, state
from msjax._src.core import x64
from msjax._src.core.random import GLOBAL_KEY, key_state
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.nn.cell import Cell


def _named_parameters(cell) -> tuple[list, list]:
    """The Cell's Parameters by their names, each once (a shared Parameter under its first
    name), in `parameters_and_names` order."""
    names, params, seen = [], [], set()
    for name, param in cell.parameters_and_names():
        if id(param) not in seen:
            seen.add(id(param))
            names.append(name)
            params.append(param)
    return names, params


def _as_tensors(tree):
    """JAX and NumPy arrays among the inputs become Tensors (what a Cell's construct expects)."""
    return jax.tree_util.tree_map(lambda x: _wrap(jnp.asarray(x)) if hasattr(x, "shape") else x,
                                  tree, is_leaf=lambda x: isinstance(x, Tensor))


def _as_arrays(tree):
    """Tensors among the outputs become JAX arrays (what JAX transforms return)."""
    return jax.tree_util.tree_map(lambda x: x._data if isinstance(x, Tensor) else x, tree,
                                  is_leaf=lambda x: isinstance(x, Tensor))


class Apply:
    """The pure function of a Cell's Parameters returned by `functional`."""

    def __init__(self, cell):
        self.cell = cell
        self.names, self.parameters = _named_parameters(cell)

    def _values(self, params) -> list:
        if not isinstance(params, dict):
            raise TypeError(f"msjax.functional: 'params' must be the dict of arrays functional() "
                            f"returned (names to arrays), but got {type(params).__name__}.")
        missing = [n for n in self.names if n not in params]
        if missing:
            raise KeyError(f"msjax.functional: 'params' lacks the Parameters {missing[:5]} of "
                           f"{type(self.cell).__name__}; pass the dict functional() returned.")
        return [params[n]._data if isinstance(params[n], Tensor) else jnp.asarray(params[n])
                for n in self.names]

    @x64.scoped
    def _run(self, params, inputs, kwargs, key):
        boxes, values = list(self.parameters), self._values(params)
        if key is not None:
            boxes.append(GLOBAL_KEY)
            values.append(key_state(key))  # the key is the seed's: draws fold the offset in
        pure, _ = lifting.lift(self.cell, boxes=boxes)
        with state.tracing():  # the Cell runs as traced code: no GRAPH_MODE compile of its own
            call = pure(values, *_as_tensors(inputs), **_as_tensors(kwargs))
        if key is None and any(b is GLOBAL_KEY for b in call.free):
            raise ValueError(f"msjax.functional: {type(self.cell).__name__} draws random numbers "
                             "(e.g. Dropout in training mode): pass a JAX key, "
                             "apply(params, *inputs, key=jax.random.PRNGKey(step)).")
        written = [w for w in call.free_written() if w[0] is not GLOBAL_KEY]
        if written:
            raise RuntimeError(f"msjax.functional: {type(self.cell).__name__} writes the "
                               f"Parameter '{written[0][0].name}', which is not one of its own; "
                               "a pure apply can only return the Cell's own Parameters.")
        n = len(self.parameters)
        updates = {name: final for name, final, value in zip(self.names, call.finals[:n],
                                                              values[:n]) if final is not value}
        return _as_arrays(call.result), updates

    def __call__(self, params, *inputs, key=None, **kwargs):
        """The Cell's outputs (Tensors as JAX arrays) with its Parameters taking `params`."""
        out, updates = self._run(params, inputs, kwargs, key)
        if updates:
            raise RuntimeError(
                f"msjax.functional: {type(self.cell).__name__} writes its Parameters "
                f"{sorted(updates)[:5]} while running (e.g. BatchNorm statistics in training "
                "mode); use apply.with_updates(params, *inputs), which also returns them.")
        return out

    def with_updates(self, params, *inputs, key=None, **kwargs):
        """`(outputs, new_params)`: `new_params` is `params` with the values the Cell wrote."""
        out, updates = self._run(params, inputs, kwargs, key)
        return out, {**params, **updates}


@x64.scoped
def functional(cell):
    """`(params, apply)`: a Cell's Parameters as a dict of JAX arrays and its pure function.

    `params` maps each Parameter's name (`cell.parameters_and_names()`) to its current value;
    `apply(params, *inputs, key=None, **kwargs)` runs the Cell with those values and returns its
    outputs with Tensors as JAX arrays. See the module docstring for an example.
    """
    if not isinstance(cell, Cell):
        raise TypeError(f"msjax.functional: 'cell' must be a mindspore.nn.Cell, but got "
                        f"{type(cell).__name__}.")
    apply = Apply(cell)
    params = dict(zip(apply.names, lifting.read_values(apply.parameters)))
    return params, apply


@x64.scoped
def write_parameters(cell, params) -> None:
    """Store `params` (a dict like `functional` returns) into the Cell's Parameters.

    Every name must be one of the Cell's Parameters and every shape must match; values are cast
    to the Parameter's dtype. Nothing is written unless all of them fit.
    """
    names, parameters = _named_parameters(cell)
    by_name = dict(zip(names, parameters))
    unknown = [n for n in params if n not in by_name]
    if unknown:
        raise KeyError(f"msjax.write_parameters: {type(cell).__name__} has no Parameters named "
                       f"{unknown[:5]}; its names are {names[:5]}...")
    new = []
    for name, value in params.items():
        param = by_name[name]
        array = value._data if isinstance(value, Tensor) else jnp.asarray(value)
        if isinstance(array, jax.core.Tracer):
            raise RuntimeError(f"msjax.write_parameters: the value of '{name}' is a JAX tracer; "
                               "write parameters back after the transformed call returns.")
        if tuple(array.shape) != tuple(param.shape):
            raise ValueError(f"msjax.write_parameters: '{name}' has shape {tuple(param.shape)}, "
                             f"but the new value has shape {tuple(array.shape)}.")
        new.append((param, array.astype(param._data.dtype)))
    lifting.write_back([p for p, _ in new], [v for _, v in new])
