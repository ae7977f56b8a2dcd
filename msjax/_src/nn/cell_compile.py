"""`Cell.compile`: a Cell's GRAPH_MODE program compiled ahead of its first call; and what a
Cell has compiled (`Cell.compile_cache`, `mindspore.common.api.cells_compile_cache`).

MindSpore's `Cell.compile(*args)` builds and compiles the Cell's graph for those inputs without
running it. msjax does the same with the program GRAPH_MODE's `Cell.__call__` uses
(`transforms/jit.py` `call_cell_compiled`): the program of the arguments' call signature is
traced and compiled by XLA, and stored where the Cell's next call looks for it.
"""
from __future__ import annotations

import collections.abc
import inspect
import weakref

from msjax._src.transforms.control_flow import FALLBACK_ERRORS
from msjax._src.transforms.jit import graph_function

# Every Cell, by id, while it lives (Cell.__init__ adds it): `cells_compile_cache`'s keys.
LIVE_CELLS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


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


def compiled_phases(cell) -> set:
    """`Cell.compile_cache`: a name for each GRAPH_MODE program the Cell holds (one a call
    signature; `mindspore.ms_memory_recycle` empties it)."""
    compiled = cell.__dict__.get("_graph_call")
    if compiled is None:
        return set()
    return {f"{type(cell).__name__}.{id(program)}" for program in compiled.programs.values()}


class CellsCompileCache(collections.abc.Mapping):
    """`mindspore.common.api.cells_compile_cache`: the id of each live Cell -> its
    `compile_cache` (as in MindSpore, a Cell is in it from its creation, and leaves it when it is
    deleted)."""

    def __getitem__(self, key):
        return LIVE_CELLS[key].compile_cache

    def __iter__(self):
        return iter(list(LIVE_CELLS.keys()))

    def __len__(self):
        return len(LIVE_CELLS)


cells_compile_cache = CellsCompileCache()
