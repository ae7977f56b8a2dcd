"""`Cell.compile`: a Cell's GRAPH_MODE program compiled ahead of its first call.

MindSpore's `Cell.compile(*args)` builds and compiles the Cell's graph for those inputs without
running it. msjax does the same with the program GRAPH_MODE's `Cell.__call__` uses
(`transforms/jit.py` `call_cell_compiled`): the program of the arguments' call signature is
traced and compiled by XLA, and stored where the Cell's next call looks for it.
"""
from __future__ import annotations

import inspect

from msjax._src.transforms.control_flow import FALLBACK_ERRORS
from msjax._src.transforms.jit import graph_function


def compile_cell(cell, args, kwargs) -> None:
    """Trace and compile `cell(*args, **kwargs)`'s GRAPH_MODE program, without running it.

    A signature whose control flow msjax cannot compile is left to the call, which runs it
    eagerly with its warning (control_flow.fall_back)."""
    _check_arguments(cell, args, kwargs)
    try:
        graph_function(cell).compile_only((cell, tuple(args), dict(kwargs)))
    except FALLBACK_ERRORS:
        return


def _check_arguments(cell, args, kwargs) -> None:
    """MindSpore's TypeError when `construct` cannot take the arguments."""
    signature = inspect.signature(cell.construct)
    try:
        signature.bind(*args, **kwargs)
    except TypeError:
        raise TypeError(f"The parameters number of the function is {len(signature.parameters)}, "
                        f"but the number of provided arguments is {len(args) + len(kwargs)}."
                        ) from None
