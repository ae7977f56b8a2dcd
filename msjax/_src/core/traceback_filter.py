"""msjax's own frames are left out of the tracebacks of errors that reach the user, as JAX
leaves out its internals: the last line shown is the user's.

The user-facing entry points (`Cell.__call__`, `ms.jit` functions, `Model.train`/`eval`/
`predict`, each op of the op table) re-raise an exception that passed through them with its
traceback `filtered`: the frames of files inside the msjax package are dropped (a user's file
and JAX's remaining frames are kept; JAX filters its own). `MSJAX_TRACEBACK_FILTERING=off` keeps
every frame, for debugging msjax itself.
"""
from __future__ import annotations

import functools
import os
import types

SWITCH = "MSJAX_TRACEBACK_FILTERING"
_MSJAX_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_PREFIX = _MSJAX_DIR + os.sep


def enabled() -> bool:
    return os.environ.get(SWITCH, "on").lower() not in ("off", "0", "false", "no")


def _is_msjax(frame) -> bool:
    filename = frame.f_code.co_filename
    return filename.startswith(_PREFIX) or filename.startswith("<op ")


def filtered(tb):
    """The traceback `tb` without msjax's frames (None when nothing else is left)."""
    kept = []
    while tb is not None:
        if not _is_msjax(tb.tb_frame):
            kept.append(tb)
        tb = tb.tb_next
    result = None
    for entry in reversed(kept):
        result = types.TracebackType(result, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return result


def user_traceback(error: BaseException) -> BaseException:
    """`error` with its traceback filtered (unless `MSJAX_TRACEBACK_FILTERING=off`), to be
    raised again with a bare `raise` (which adds no frame: `raise error` would add the frame
    that raises it, an msjax frame after the user's line)."""
    if enabled() and error.__traceback__ is not None:
        error.__traceback__ = filtered(error.__traceback__)  # None: all msjax's (a compiled
    return error                                           # program's error, raised after it)


def api_boundary(fn):
    """`fn` (a user-facing entry point: `Model.train`, ...) raising its errors with msjax's
    frames filtered from their tracebacks."""
    @functools.wraps(fn)
    def boundary(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - re-raised as it is, frames filtered
            user_traceback(error)
            raise
    return boundary
