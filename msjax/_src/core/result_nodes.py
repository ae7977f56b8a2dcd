"""The pytree nodes a compiled call's result holds beside Tensors and arrays: MindSpore's graph
mode returns dicts in insertion order and Python numbers merged by tensor conditions.

transforms/graph_fallback.py makes them while tracing; backend/compile_cache.py stores a result's
structure made of them and rebuilds it in another process.
"""
from __future__ import annotations

import jax

from msjax._src.core.tensor import _wrap


class InsertionOrdered(dict):
    """A dict in a traced result: flattened in insertion order (JAX sorts a dict's keys), and
    rebuilt as a plain dict."""


jax.tree_util.register_pytree_node(
    InsertionOrdered, lambda d: (list(d.values()), list(d.keys())),
    lambda keys, values: dict(zip(keys, values)))


class MergedNumber:
    """A Python number merged by a tensor condition (`out = 0; if x > 2: out = 1`): traced as a
    0-d weakly typed array, returned as the Python number MindSpore returns."""

    def __init__(self, array):
        self.array = array


def _number_of(children):
    (array,) = children
    if isinstance(array, jax.Array) and not isinstance(array, jax.core.Tracer):
        return array.item()  # bool, int or float, as the number's dtype says
    if isinstance(array, jax.core.Tracer):
        return _wrap(array)  # under an enclosing trace: the outer program decides
    return MergedNumber(array)  # a placeholder leaf (compile_cache.skeleton_of)


jax.tree_util.register_pytree_node(MergedNumber, lambda n: ((n.array,), None),
                                   lambda _, children: _number_of(children))
