"""Run a golden-generating MindSpore script unchanged on msjax and compare with MindSpore's output.

The probe scripts under tests/goldens/scripts/ print one `label -> result` line per case; the
oracle's output is stored beside them. Running the very same script with `import mindspore`
answered by msjax is the strictest comparison there is.
"""
from __future__ import annotations

import contextlib
import io
import pathlib
import re
import runpy

import msjax.compat
from msjax._src.core import context

GOLDENS = pathlib.Path(__file__).resolve().parent / "goldens"


def parse_lines(text: str) -> dict[str, str]:
    cases = {}
    for line in text.splitlines():
        if " -> " in line:
            label, result = line.split(" -> ", 1)
            cases[label] = result
    return cases


def run_script_on_msjax(script: str) -> dict[str, str]:
    """Run tests/goldens/scripts/<script> with mindspore aliased to msjax; its cases. The
    context the script sets (`set_context(mode=GRAPH_MODE)`) is put back afterwards: a
    module-scoped fixture runs before conftest's per-test reset saves the context."""
    return parse_lines(script_output_on_msjax(script))


def script_output_on_msjax(script: str) -> str:
    """What tests/goldens/scripts/<script> prints on msjax (see `run_script_on_msjax`)."""
    msjax.compat.install(force=True)
    out = io.StringIO()
    saved_context = dict(context._context)
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(str(GOLDENS / "scripts" / script), run_name="__main__")
    finally:
        context._context.clear()
        context._context.update(saved_context)
        # The alias off again, and with it MindSpore's class identities (compat/identity.py):
        # a later test's worker processes unpickle msjax's classes by msjax's module paths.
        msjax.compat.uninstall()
    return out.getvalue()


def golden_cases(name: str) -> dict[str, str]:
    return parse_lines((GOLDENS / name).read_text())


def pipeline_comparable(result: str) -> str:
    """A printed result (newlines written as ``\\n``) with a dataset pipeline error cut at
    MindSpore's C++ call stack (msjax names its operation there) and blank lines folded: msjax
    lays all its pipeline errors out one way."""
    result = re.split(r"\\n- (C\+\+ Call Stack|msjax operation)", result)[0]
    return re.sub(r"( ?\\n)+", r"\\n", result)
