"""Running the `msjax` command in a subprocess, as a user runs it."""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]


def msjax_env(env_extra=None) -> dict:
    """This process's environment, with this checkout's msjax first on PYTHONPATH."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    env.update(env_extra or {})
    return env


MSJAX = [sys.executable, "-m", "msjax._src.compat.cli"]


def run_msjax(*args: str, cwd, timeout: float = 300, env_extra=None) -> subprocess.CompletedProcess:
    """`msjax ARGS...` in `cwd`, with this checkout's msjax; stdout and stderr as text."""
    return subprocess.run([*MSJAX, *args], check=False, cwd=cwd, env=msjax_env(env_extra),
                          capture_output=True, text=True, timeout=timeout)
