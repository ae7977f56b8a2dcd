"""`mindspore.set_recursion_limit`: graph mode's limit on how deep a compiled program's calls go.

MindSpore's graph compiler evaluates each call of the user's functions and Cells as a nested
call, and a `for` loop it unrolls as two nested calls an iteration; past the limit (1000 unless
set) compiling raises `RuntimeError: Exceed function call depth limit N, ...`. msjax traces the
same code as Python and counts the same way while it traces converted code (control_flow.py):
each frame of the user's converted code on the stack counts 1, each unrolled iteration of a loop
in progress 2, each loop a frame has finished `2 * iterations + 1`, over a base of 3 (the depths
at which MindSpore 2.10 refuses, tests/goldens/scripts/recursion_limit_probe.py). The check runs
while tracing only; the compiled program pays nothing for it.
"""
from __future__ import annotations

import sys
import weakref

_BASE_DEPTH = 3
_limit = [1000]
#: id -> weak reference of each converted function's code object (their frames are the calls
#: MindSpore counts). By identity: code objects compare equal by content, and a set of them
#: would drop a live one with a dead equal one.
_CONVERTED_CODE: dict = {}
#: Frame -> the depth its finished unrolled loops add (pruned to the frames still running).
_LOOPS_DONE: dict = {}


def set_recursion_limit(recursion_limit=1000) -> None:
    """`mindspore.set_recursion_limit(recursion_limit=1000)`: the depth of calls past which
    compiling a graph-mode program raises MindSpore's RuntimeError."""
    if isinstance(recursion_limit, bool) or (isinstance(recursion_limit, int)
                                             and recursion_limit <= 0):
        error = TypeError if isinstance(recursion_limit, bool) else ValueError
        raise error("The input value must be int and must > 0, but got "
                    f"'{recursion_limit}' with type '{type(recursion_limit).__name__}'.")
    if not isinstance(recursion_limit, int):
        raise TypeError(f"The input value must be int, but got "
                        f"'{type(recursion_limit).__name__}'")
    _limit[0] = recursion_limit


def register_converted(code) -> None:
    """Count the frames of `code` (a converted function's) as calls."""
    key = id(code)
    _CONVERTED_CODE[key] = weakref.ref(code, lambda _, key=key: _CONVERTED_CODE.pop(key, None))


def _is_converted(code) -> bool:
    ref = _CONVERTED_CODE.get(id(code))
    return ref is not None and ref() is code


def _depth(frame) -> tuple:
    """(the depth MindSpore counts at `frame`, how many converted frames are running)."""
    depth, running = _BASE_DEPTH, set()
    while frame is not None:
        if _is_converted(frame.f_code):
            running.add(frame)
            depth += 1 + _LOOPS_DONE.get(frame, 0)
        frame = frame.f_back
    for finished in [f for f in _LOOPS_DONE if f not in running]:
        del _LOOPS_DONE[finished]
    return depth, len(running)


def _check(depth: int, nested: bool) -> None:
    """MindSpore's error past the limit; its "simulate call depth" is one less for a call
    nested in another function than for the outermost one's loop (as MindSpore 2.10 reports)."""
    limit = _limit[0]
    if depth > limit:
        raise RuntimeError(f"Exceed function call depth limit {limit}, (function call depth: "
                           f"{limit + 1}, simulate call depth: {limit - 1 if nested else limit}).")


def check_call() -> None:
    """Before converted code calls one of the user's functions or Cells (one level deeper)."""
    depth, _ = _depth(sys._getframe(2))
    _check(depth + 1, True)


def check_iteration(frame, iteration: int) -> None:
    """Before iteration `iteration` (from 0) of a loop unrolled in `frame`."""
    depth, running = _depth(frame)
    _check(depth + 2 * (iteration + 1), running > 1)


def loop_finished(frame, iterations: int) -> None:
    """A loop of `iterations` unrolled in `frame`: what follows it runs that much deeper."""
    if iterations:
        _LOOPS_DONE[frame] = _LOOPS_DONE.get(frame, 0) + 2 * iterations + 1
