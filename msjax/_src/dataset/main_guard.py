"""The main-script guard worker processes need, checked before any starts.

Grain starts a pipeline's worker processes (`python_multiprocessing=True`) with spawn: forking a
process that runs JAX's threads is unsafe. A spawned worker first imports the main script again.
When the script iterates the dataset at module level, outside `if __name__ == "__main__":`, each
worker reaches that loop while importing, Python refuses to let it start workers of its own, and
the parent waits for ever: CPython's spawn writes the pickled pipeline into the worker's pipe
while holding the pipe's read end itself, so a dead worker never breaks it. So the parent checks
first: when the main script is a file (spawn re-imports only then) and the line of its module
code that led here is outside every `if` testing `__name__`, it raises, naming the fix.
"""
from __future__ import annotations

import ast
import functools
import multiprocessing.process
import os
import sys

_FIX = ('python_multiprocessing=True: worker processes start by importing the main script '
        '{path} again, and its line {line} iterates this dataset outside '
        '`if __name__ == "__main__":`, so every worker would iterate it again while importing '
        'and the script would hang. Put the code that iterates the dataset (the training loop) '
        'under `if __name__ == "__main__":`, or use python_multiprocessing=False (threads).')


@functools.lru_cache(maxsize=8)
def _guarded_lines(path: str, mtime_and_size) -> tuple:
    """`(first, last)` line ranges of the bodies of `if` statements testing `__name__` in the
    script at `path` (None when it cannot be read or parsed)."""
    del mtime_and_size  # part of the cache key only
    try:
        with open(path, "rb") as f:
            tree = ast.parse(f.read(), path)
    except (OSError, SyntaxError, ValueError):
        return None
    ranges = []
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and any(isinstance(n, ast.Name) and n.id == "__name__"
                                            for n in ast.walk(node.test)):
            ranges.append((node.body[0].lineno, node.body[-1].end_lineno))
    return tuple(ranges)


def unguarded_line():
    """`(path, line)` of the main script's module-level line that led here when it is outside
    every `if __name__ ...` (starting worker processes from here would hang), else None."""
    if getattr(multiprocessing.process.current_process(), "_inheriting", False):
        return None  # a worker importing the script: Python's own check refuses it
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or not path or not path.endswith(".py"):
        return None  # an interactive session, `-c`, a notebook: spawn imports nothing of it
    frame = sys._getframe(1)  # pylint: disable=protected-access
    while frame is not None and not (frame.f_globals is vars(main)
                                     and frame.f_code.co_name == "<module>"):
        frame = frame.f_back
    if frame is None:
        return None  # not reached from the main script's module code (e.g. a thread)
    try:
        stat = os.stat(path)
    except OSError:
        return None
    ranges = _guarded_lines(path, (stat.st_mtime_ns, stat.st_size))
    line = frame.f_lineno
    if ranges is None or any(first <= line <= last for first, last in ranges):
        return None
    return path, line


def check_main_is_guarded() -> None:
    """Raises RuntimeError (module doc) when starting worker processes from here would hang."""
    found = unguarded_line()
    if found is not None:
        raise RuntimeError(_FIX.format(path=found[0], line=found[1]))
