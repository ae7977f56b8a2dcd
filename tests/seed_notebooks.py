"""Run a seed notebook's cells unchanged on msjax, the way the MindSpore oracle ran them.

`run_on_msjax(notebook)` runs `../shared/tools/run_notebook_cells.py` (the oracle's own cell
runner) in a subprocess with `import mindspore` answered by msjax, and returns its output split
by cell, for comparison with `../shared/seeds/reference/*.out`.
"""
from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

SHARED = pathlib.Path(__file__).resolve().parents[2] / "shared"
SEEDS = SHARED / "seeds"
RUNNER = SHARED / "tools" / "run_notebook_cells.py"
REPO = pathlib.Path(__file__).resolve().parents[1]

_BOOT = ("import sys, runpy; import msjax.compat; msjax.compat.install(force=True); "
         "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')")


def split_cells(text: str) -> dict[int, str]:
    """`==== cell N` blocks of a runner's output, by cell index."""
    cells, current = {}, None
    for line in text.splitlines():
        match = re.match(r"^==== cell (\d+)$", line)
        if match:
            current = int(match.group(1))
            cells[current] = []
        elif line.startswith("cells ok="):
            current = None
        elif current is not None:
            cells[current].append(line)
    return {k: "\n".join(v) for k, v in cells.items()}


def reference(name: str) -> dict[int, str]:
    return split_cells((SEEDS / "reference" / name).read_text())


def run_on_msjax(notebook: str, env_extra=None, timeout=900) -> dict[int, str]:
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copy(SEEDS / notebook, scratch)
        env = dict(os.environ, PYTHONPATH=str(REPO), **(env_extra or {}))
        proc = subprocess.run([sys.executable, "-c", _BOOT, str(RUNNER), notebook], cwd=scratch,
                              env=env, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return split_cells(proc.stdout)


def tensor_headers(text: str) -> list[str]:
    """The `Tensor(shape=[...], dtype=...` headers in a cell's output (values aside)."""
    return re.findall(r"Tensor\(shape=\[[^\]]*\], dtype=\w+", text)
