"""`mindspore.recompute(block, *args)` and `Cell.recompute()` on `jax.checkpoint`.

MindSpore recomputes a block's intermediate activations in the backward pass instead of keeping
them from the forward pass; values and gradients are those of the block run plainly. msjax runs
the block as `jax.checkpoint` of its lifted call (core/lifting.py): the Parameters of the block
(a Cell) and its Tensor arguments are the checkpointed function's inputs, the values it assigns
(BatchNorm statistics, the random key) come out of it and are written back after the call, as
every transform writes back. The backward pass of a compiled program then holds a `checkpoint`
equation that XLA rematerialises; the random key read inside is an input, so a recomputed
Dropout draws the numbers of the forward pass, as MindSpore's saved RNG state gives.

Differences (docs/migration.md): `context_fn`'s first context manager is entered around the
forward pass; its second, MindSpore's recomputation context, is never entered, because JAX
recomputes the traced program and does not run Python again. `early_stop` and
`output_recompute` choose how MindSpore's PyNative engine replays the block; XLA decides that
here, and values and gradients are the same either way.
"""
from __future__ import annotations

import contextlib
import logging

import jax

from msjax._src.core import lifting
from msjax._src.core.state import tracing_depth
from msjax._src.core.tensor import Tensor, _wrap

__all__ = ["call_recomputed", "check_cell_recompute", "recompute"]

_logger = logging.getLogger("mindspore")
_CELL_KEYWORDS = ("mp_comm_recompute", "parallel_optimizer_comm_recompute",
                  "recompute_slice_activation")


def _is_tensor(x) -> bool:
    return isinstance(x, Tensor)


def _traced(values) -> bool:
    return any(isinstance(v, jax.core.Tracer) for v in values)


def call_recomputed(fn, args, kwargs=None, roots=(), forward_context=None):
    """`fn(*args, **kwargs)` as `jax.checkpoint` of its lifted call (see the module doc).
    `roots` hold the Parameters `fn` reads (the block Cell); Tensors anywhere in `args` and
    `kwargs` are the checkpointed inputs. When nothing is traced (no gradient is being taken,
    nothing compiled) the call runs as it is: there is nothing to recompute."""
    kwargs = kwargs or {}
    pure, lifted = lifting.lift(fn, roots=roots)
    box_values = lifted.values()
    leaves, treedef = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_tensor)
    tensor_at = [i for i, leaf in enumerate(leaves) if isinstance(leaf, Tensor)]
    arrays = [leaves[i]._data for i in tensor_at]
    with forward_context if forward_context is not None else contextlib.nullcontext():
        if not tracing_depth() and not _traced(arrays + list(box_values)):
            return fn(*args, **kwargs)
        structure = {}

        def body(values, inputs):
            call_leaves = list(leaves)
            for i, array in zip(tensor_at, inputs):
                call_leaves[i] = _wrap(array)
            call_args, call_kwargs = jax.tree_util.tree_unflatten(treedef, call_leaves)
            record = pure(values, *call_args, **call_kwargs)
            out_leaves, out_tree = jax.tree_util.tree_flatten(record.result, is_leaf=_is_tensor)
            kinds = [isinstance(leaf, Tensor) for leaf in out_leaves]
            written = [i for i, (final, value) in enumerate(zip(record.finals, values))
                       if final is not value]
            free = record.free_written()
            structure.update(out_tree=out_tree, out_leaves=out_leaves, kinds=kinds,
                             written=written, free=[box for box, _ in free])
            return ([leaf._data for leaf, is_tensor in zip(out_leaves, kinds) if is_tensor],
                    [record.finals[i] for i in written], [value for _, value in free])

        out, finals, stray = jax.checkpoint(body)(list(box_values), arrays)
    lifting.write_written(lifted.boxes, _spread(finals, structure["written"], len(box_values)))
    lifting.write_back(structure["free"], stray)
    out_arrays = iter(out)
    result = [_wrap(next(out_arrays)) if is_tensor else leaf
              for leaf, is_tensor in zip(structure["out_leaves"], structure["kinds"])]
    return jax.tree_util.tree_unflatten(structure["out_tree"], result)


def _spread(values, positions, size) -> list:
    """`values` at `positions` of a list of `size` entries, None elsewhere."""
    spread = [None] * size
    for i, value in zip(positions, values):
        spread[i] = value
    return spread


def recompute(block, *args, use_reentrant=True, output_recompute=False, early_stop=True,
              context_fn=None, **kwargs):
    """`mindspore.recompute(block, *args, use_reentrant=True, output_recompute=False,
    early_stop=True, context_fn=None, **kwargs)`: `block(*args, **kwargs)`, whose activations
    the backward pass recomputes instead of keeping (`jax.checkpoint`; see the module doc).

    As in MindSpore, in PyNative mode `block` must be a Cell unless `use_reentrant=False` (or
    `output_recompute=True`), and `context_fn` is only taken with `use_reentrant=False`; inside
    a compiled function (`jit`, GRAPH_MODE) any callable is recomputed and neither is checked.
    """
    roots = (block,) if lifting.is_cell(block) else ()
    if tracing_depth():
        return call_recomputed(block, args, kwargs, roots)
    if output_recompute:
        use_reentrant = False
    if use_reentrant and not lifting.is_cell(block):
        raise TypeError("Recompute function now only support block which inherited from Cell "
                        "when use_reentrant=True!")
    forward_context = None
    if use_reentrant:
        if context_fn is not None:
            raise ValueError("context_fn is only supported when use_reentrant=False.")
    elif context_fn is not None:
        forward_context, _ = context_fn()  # (the recomputation context: see the module doc)
    return call_recomputed(block, args, kwargs, roots, forward_context)


def check_cell_recompute(output_recompute, kwargs) -> None:
    """MindSpore's checks of `Cell.recompute`'s keywords (its messages)."""
    for key in ("mp_comm_recompute", "parallel_optimizer_comm_recompute"):
        if key in kwargs and not isinstance(kwargs[key], bool):
            raise TypeError(f"The parameter '{key}' must be {bool}, but got "
                            f"{type(kwargs[key])}")
    if not isinstance(output_recompute, bool):
        raise TypeError(f"The input value must be a bool, but got "
                        f"{type(output_recompute).__name__}.")
    for key in kwargs:
        if key not in _CELL_KEYWORDS:
            raise ValueError(f"For 'recompute', keyword '{key}' is not recognized! the key kwargs "
                             f"must be 'mp_comm_recompute', 'parallel_optimizer_comm_recompute', "
                             f"'recompute_slice_activation'")
    if kwargs.get("parallel_optimizer_comm_recompute", False):
        _logger.warning("Currently, the communication operator allgathers introduced by optimizer "
                        "shard is replaced with zero3.")
