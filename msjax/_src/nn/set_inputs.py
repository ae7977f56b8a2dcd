"""`Cell.set_inputs`' declared inputs checked against a compiled call's arguments, with
MindSpore 2.10's messages: the number of arguments `construct` needs, each Tensor's dtype, rank
and static dimensions, then the `Symbol`s of its dynamic dimensions (core/symbol.py). MindSpore
checks them when it compiles a Cell (GRAPH_MODE, or a `jit` construct); PyNative does not."""
from __future__ import annotations

import inspect

from msjax._src.core import dtype as mstype
from msjax._src.core import integer_inputs
from msjax._src.core.tensor import ShapePlaceholder, Tensor


def check_construct_arguments(cell, args) -> None:
    """MindSpore's TypeError when `args` cannot be `construct`'s positional arguments."""
    positional = defaults = 0
    for param in inspect.signature(cell.construct).parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            return
        if param.kind is param.POSITIONAL_OR_KEYWORD:
            if param.default is param.empty:
                positional += 1
            else:
                defaults += 1
    if len(args) < positional:
        raise TypeError(f"For 'Cell', the function construct requires {positional} positional "
                        f"argument, but got {len(args)}. When using set_inputs, please make sure "
                        "that all networks and loss functions are configured with set_inputs.")
    if len(args) > positional + defaults:
        raise TypeError(f"For 'Cell', the function construct requires {positional} positional "
                        f"argument and {defaults} default argument, total "
                        f"{positional + defaults}, but got {len(args)}.")


def check_inputs(cell, declared, args) -> None:
    """Raise MindSpore's error when `args` do not fit the inputs `declared` by set_inputs."""
    check_construct_arguments(cell, args)
    pairs = [(i, d, a) for i, (d, a) in enumerate(zip(declared, args))
             if isinstance(d, Tensor) and isinstance(a, Tensor)]
    for i, want, got in pairs:
        # (a differentiated integer input is the Float32 copy of it the grad engine passes)
        stands_for = integer_inputs.integer_dtype(got._data)
        got_dtype = got.dtype if stands_for is None else mstype.from_numpy(stands_for)
        if want.dtype != got_dtype:
            raise TypeError(f"For set_inputs or tuple(list) in set_inputs, the {i + 1}th type "
                            f"should be Tensor[{want.dtype}], but got Tensor[{got_dtype}]!")
        shape = want._data.shape
        if shape == (-2,) or not got.shape:  # a dynamic rank; a 0-D Tensor fits any rank
            continue
        if len(shape) != len(got.shape):
            raise ValueError(f"For set_inputs and tuple(list) in set_inputs, the dims of "
                             f"{i + 1}th input must be the same as expected, but got expected: "
                             f"{len(shape)}, and input: {len(got.shape)}!")
        for expected, actual in zip(shape, got.shape):
            if expected >= 0 and expected != actual:
                raise ValueError(f"For set_inputs and tuple(list) in set_inputs, the shape of "
                                 f"{i + 1}th input must be the same as expected, but got "
                                 f"expected: {expected}, and input: {actual}!")
    seen = {}  # a unique Symbol's id -> its length
    for i, want, got in pairs:
        data = want._data
        symbols = data.symbols if isinstance(data, ShapePlaceholder) else None
        for axis, symbol in enumerate(symbols or ()):
            if symbol is not None:
                _check_symbol(symbol, got.shape, axis, i, seen)


def _check_symbol(symbol, shape, axis, index, seen) -> None:
    value = shape[axis]
    where = f"The {axis + 1}th shape value of {index + 1}th actual input args"
    tail = f" Actual shape: {list(shape)}, axis: {axis}."
    if symbol.unique:
        previous = seen.setdefault(symbol.id, value)
        if previous != value:
            raise ValueError(f"{where} is a unique symbol, all values must be the same. The "
                             f"previous value is {previous}, but the current value is "
                             f"{value}.{tail}")
    if value < symbol.min:
        raise ValueError(f"{where} must be greater than or equal to the 'min' value "
                         f"'{symbol.min}' of `Symbol`, but got '{value}'.{tail}")
    if symbol.max > symbol.min and value > symbol.max:
        raise ValueError(f"{where} must be less than or equal to the 'max' value '{symbol.max}' "
                         f"of `Symbol`, but got '{value}'.{tail}")
    if value < symbol.divisor + symbol.remainder or (
            (value - symbol.remainder) % symbol.divisor):
        raise ValueError(f"{where} must match the 'divisor'(d) and 'remainder'(d) of `Symbol`. "
                         "The value should be 'd * N + r' for 'N > 0', got "
                         f"d={symbol.divisor} and r={symbol.remainder}, but actual shape value "
                         f"is '{value}'.{tail}")
