"""`mindspore.profiler.mstx`: markers and ranges a program adds to its profile, as JAX trace
annotations.

MindSpore's `mstx` writes them into the Ascend profiler's data through CANN's mstx library, and
does nothing elsewhere (on CPU and GPU, or without that library: `range_start` returns 0). msjax
records each one as a `jax.profiler.TraceAnnotation` (the message its name, the domain in its
metadata): on every platform they appear in the trace a running `mindspore.Profiler` or
`mindspore.profiler.profile` records, and cost nothing without one. Invalid arguments are
refused with MindSpore's warnings (the call then does nothing, `range_start` returns 0). A
device stream (MindSpore's `stream` argument, for marking on an Ascend stream) is not one of
msjax's objects: any stream given is refused with MindSpore's warning.
"""
from __future__ import annotations

import itertools
import threading

import jax

from msjax._src.core import log


def _valid(function: str, message=None, domain="default", stream=None, check_message=True) -> bool:
    if check_message and (not message or not isinstance(message, str)):
        log.warning(f"Invalid message for mstx.{function} func. Please input valid message string.")
        return False
    if not isinstance(domain, str) or domain == "":
        log.warning(f"Invalid domain name for mstx.{function} func. Please input str and can not "
                    f"be empty.")
        return False
    if stream is not None:
        log.warning(f"Invalid stream for mstx.{function} func. Expected mindspore.runtime.Stream "
                    f"but got {type(stream)}.")
        return False
    return True


class Mstx:
    """`mindspore.profiler.mstx`: `mark(message)`, `range_start(message) -> id`,
    `range_end(id)` (static methods), each with `stream=None` and `domain="default"`.

    Example:
        >>> range_id = mstx.range_start("train")
        >>> mstx.mark("start")
        >>> train_step()
        >>> mstx.range_end(range_id)
    """

    _ids = itertools.count(1)
    _open: dict = {}  # (range id, domain) -> its entered TraceAnnotation
    _lock = threading.Lock()

    @staticmethod
    def mark(message: str, stream=None, domain: str = "default") -> None:
        """A marker point in the profile."""
        if _valid("mark", message, domain, stream):
            with jax.profiler.TraceAnnotation(message, domain=domain):
                pass

    @staticmethod
    def range_start(message: str, stream=None, domain: str = "default") -> int:
        """Opens a range of the profile; returns its id for `range_end` (0 when refused)."""
        if not _valid("range_start", message, domain, stream):
            return 0
        annotation = jax.profiler.TraceAnnotation(message, domain=domain)
        annotation.__enter__()
        with Mstx._lock:
            range_id = next(Mstx._ids)
            Mstx._open[(range_id, domain)] = annotation
        return range_id

    @staticmethod
    def range_end(range_id: int, domain: str = "default") -> None:
        """Closes the range `range_start` opened with this id and domain."""
        if range_id == 0:
            return
        if not isinstance(range_id, int) or range_id < 0:
            log.warning("Invalid range_id for mstx.range_end func. Please input return value from "
                        "mstx.range_start.")
            return
        if not _valid("range_end", domain=domain, check_message=False):
            return
        with Mstx._lock:
            annotation = Mstx._open.pop((range_id, domain), None)
        if annotation is not None:
            annotation.__exit__(None, None, None)
