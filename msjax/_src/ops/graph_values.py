"""`mindspore.mutable` and `mindspore.get_grad`: helpers around compiled programs and gradients."""
from __future__ import annotations

from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor


class _Int(int):
    """A Python int `mutable` marked variable (MindSpore's `_Int`)."""


class _Float(float):
    """A Python float `mutable` marked variable (MindSpore's `_Float`)."""


class _Tuple(tuple):
    """A tuple `mutable` marked variable (MindSpore's `_Tuple`)."""


class _List(list):
    """A list `mutable` marked variable (MindSpore's `_List`)."""


class _Dict(dict):
    """A dict `mutable` marked variable (MindSpore's `_Dict`)."""


_MARKED = {int: _Int, float: _Float, tuple: _Tuple, list: _List, dict: _Dict}


def _check_mutable(value, seen=()):
    if isinstance(value, (Tensor, bool, int, float)):
        return
    if isinstance(value, (tuple, list, dict)) and id(value) not in seen:
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            _check_mutable(item, seen + (id(value),))
        return
    raise TypeError(
        "For 'mutable', the 'input_data' should be one of (bool, int, float, Tensor, tuple, "
        "list, dict) or their nested structures with no self-reference, but got "
        f"{type(value).__name__}: {value}.")


def mutable(input_data, dynamic_len=False):
    """`mindspore.mutable`: marks a constant input of a `jit` function as a variable.

    MindSpore compiles a graph once for a marked scalar or sequence instead of once per value.
    msjax returns the same marked types (`_Int`, `_Tuple`, ...; a Tensor is returned itself) and
    its values behave exactly as the unmarked ones; `jit` still specialises a compiled program
    on the value of a Python scalar (a Tensor argument is the way to share one program).
    """
    _check_mutable(input_data)
    if not isinstance(dynamic_len, bool):
        raise TypeError(f"For 'mutable', the 'dynamic_len' should be bool, but got "
                        f"{type(dynamic_len).__name__}.")
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise TypeError(f"For 'mutable', when the 'dynamic_len' is True, the 'input_data' should "
                        f"be tuple or list, but got {type(input_data).__name__}.")
    marked = _MARKED.get(type(input_data))
    return input_data if marked is None else marked(input_data)


def get_grad(gradients, identifier):
    """`mindspore.get_grad`: the gradient for input position `identifier` (an int) or Parameter
    `identifier`, out of what `grad(..., return_ids=True)` returned."""
    key = identifier.name if isinstance(identifier, Parameter) else identifier

    def search(node):
        if isinstance(node, tuple) and len(node) == 2 and not isinstance(node[0], (tuple, list)) \
                and isinstance(node[1], Tensor) and node[0] == key \
                and type(node[0]) is type(key):
            return node[1]
        if isinstance(node, (tuple, list)):
            for item in node:
                found = search(item)
                if found is not None:
                    return found
        return None

    found = search(gradients)
    if found is None:
        raise RuntimeError(f"Can not find the gradient for position or Parameter {identifier}")
    return found
