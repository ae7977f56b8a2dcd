"""`mindspore.multiprocessing`: Python's `multiprocessing`, with MindSpore's `Process` and `Pool`.

MindSpore's `Process` (and the workers of its `Pool`), when started by fork, makes the child
receive SIGINT when its parent dies (Linux's `prctl(PR_SET_PDEATHSIG)`), and re-initialises
MindSpore's runtime in the child. msjax's does the first on Linux. JAX's runtime cannot be
re-initialised in a forked child (XLA's threads are not forked with it): a child that computes
with msjax should be started with 'spawn' or 'forkserver' (`get_context('spawn')`,
`set_start_method`); a forked child that only handles data (a dataset worker) is fine.
docs/migration.md says so. Every other name is Python's own.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import signal
import sys
from multiprocessing import pool as _pool

_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Ask Linux to send this (child) process SIGINT when its parent exits."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGINT, 0, 0, 0)


class Process(multiprocessing.Process):
    """`mindspore.multiprocessing.Process`: `multiprocessing.Process` whose child, when forked,
    is sent SIGINT if its parent dies (see the module doc)."""

    def run(self):
        if multiprocessing.get_start_method() == "fork":
            _die_with_parent()
        super().run()


class Pool(_pool.Pool):  # pylint: disable=abstract-method
    """`mindspore.multiprocessing.Pool`: `multiprocessing.Pool` whose forked workers are
    msjax's `Process`."""

    @staticmethod
    def Process(ctx, *args, **kwargs):  # noqa: N802 - multiprocessing's name
        if ctx.get_start_method() == "fork":
            return Process(*args, **kwargs)
        return ctx.Process(*args, **kwargs)
