"""`msjax run FILE.py [args]`: run a MindSpore script unchanged, as `python FILE.py [args]` would.

The script runs as `__main__` with `sys.argv == [FILE.py, *args]` (argv[0] as typed), an absolute
`__file__`, its own directory first on `sys.path`, and `import mindspore` answered by msjax (in
the worker processes it starts as well: alias.WORKER_PATH).
Exit codes and tracebacks are Python's: an uncaught exception prints a traceback that starts at
the script's own frames (msjax's are left out) and exits with 1; `SystemExit` keeps its code.

A directory or zip file with a `__main__.py` runs through `runpy.run_path`, as Python runs it. A
plain file is compiled and executed here instead: `run_path` would set `sys.argv[0]` to the path
it is given, and Python shows the typed path in `sys.argv[0]` but an absolute one in `__file__`
and tracebacks.
"""
from __future__ import annotations

import builtins
import importlib.machinery
import io
import os
import runpy
import sys
import types

from msjax._src.compat.alias import install

#: Python's exit status when it cannot open the script (`python missing.py`).
EXIT_CANNOT_OPEN = 2


def run_script(path: str, args: list[str]) -> int:
    """Runs the script at `path` with arguments `args`; returns the process exit status.

    `SystemExit` raised by the script propagates unchanged, so the interpreter reports its code
    and message exactly as it does for `python FILE.py`. Like the interpreter, this leaves
    `sys.argv` and `sys.path[0]` as the script had them (threads and atexit handlers see them).
    """
    if not os.path.exists(path):
        print(f"msjax run: can't open file {os.path.abspath(path)!r}: No such file or directory",
              file=sys.stderr)
        return EXIT_CANNOT_OPEN
    install(force=True)
    sys.argv = [path, *args]
    as_file = os.path.isfile(path) and not _is_zip(path)
    # sys.path[0] is the launcher's directory; Python puts the script's there instead (runpy
    # inserts a directory or zip itself).
    if sys.path:
        del sys.path[0]
    if as_file:
        sys.path.insert(0, os.path.dirname(os.path.realpath(path)))
    try:
        if as_file:
            _run_file_as_main(path)
        else:
            runpy.run_path(path, run_name="__main__")
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001  (reported like the interpreter reports it)
        # The interpreter's excepthook prints the exception's own traceback when it has one.
        exc = exc.with_traceback(_user_frames(exc.__traceback__))
        sys.excepthook(type(exc), exc, exc.__traceback__)
        return 130 if isinstance(exc, KeyboardInterrupt) else 1
    return 0


def _run_file_as_main(path: str) -> None:
    """Executes a Python source file in a fresh `__main__` module, as the interpreter does."""
    filename = os.path.abspath(path)
    with io.open_code(filename) as f:
        code = compile(f.read(), filename, "exec")
    main = types.ModuleType("__main__")
    main.__file__ = filename
    main.__cached__ = None
    main.__builtins__ = builtins
    main.__loader__ = importlib.machinery.SourceFileLoader("__main__", filename)
    saved_main = sys.modules.get("__main__")
    sys.modules["__main__"] = main
    try:
        exec(code, main.__dict__)  # noqa: S102  (running the user's script is the point)
    finally:
        if saved_main is not None:
            sys.modules["__main__"] = saved_main


def _is_zip(path: str) -> bool:
    import zipfile
    return zipfile.is_zipfile(path)


def _user_frames(tb: types.TracebackType | None) -> types.TracebackType | None:
    """The traceback from the script's first frame on: runpy's and this module's frames are
    the launcher, not the user's program, and `python FILE.py` shows neither."""
    launcher = {__name__, "runpy"}
    while tb is not None and tb.tb_frame.f_globals.get("__name__") in launcher:
        tb = tb.tb_next
    return tb
