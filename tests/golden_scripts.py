"""Run a golden-generating MindSpore script unchanged on msjax and compare with MindSpore's output.

The probe scripts under tests/goldens/scripts/ print one `label -> result` line per case; the
oracle's output is stored beside them. Running the very same script with `import mindspore`
answered by msjax is the strictest comparison there is.
"""
from __future__ import annotations

import ast
import contextlib
import functools
import json
import io
import os
import pathlib
import re
import runpy
import shutil
import tempfile

import msjax.compat
from msjax._src.core import context
from msjax._src.dataset import config as dataset_config

GOLDENS = pathlib.Path(__file__).resolve().parent / "goldens"


def parse_lines(text: str) -> dict[str, str]:
    cases = {}
    for line in text.splitlines():
        if " -> " in line:
            label, result = line.split(" -> ", 1)
            cases[label] = result
    return cases


def outcome_parts(text: str) -> list:
    """[(dtype, shape, values)] of a probe's `OK dtype (shape) [values] ; ...` outcome (a Cell
    with random Parameters prints no values: [])."""
    out = []
    for part in text[3:].split(" ; "):
        dtype, rest = part.split(" ", 1)
        shape, _, values = rest.partition(") ")
        out.append((dtype, shape.rstrip(")") + ")", json.loads(values) if values else []))
    return out


def run_script_on_msjax(script: str) -> dict[str, str]:
    """Run tests/goldens/scripts/<script> with mindspore aliased to msjax; its cases. The
    context the script sets (`set_context(mode=GRAPH_MODE)`) is put back afterwards: a
    module-scoped fixture runs before conftest's per-test reset saves the context."""
    return parse_lines(script_output_on_msjax(script))


@functools.lru_cache(maxsize=None)
def dataset_script_cases(script: str, case: str | None = None) -> dict[str, str]:
    """`run_script_on_msjax` for a dataset probe, which sets the pipeline seed
    (`dataset.config.set_seed`): the seed is put back afterwards. `case`: the probe runs that one
    case, named to it in the environment variable PROBE_CASE. Run once per test session; the
    cases are shared (read them, do not change them)."""
    saved_seed = dataset_config._settings["seed"]
    saved_case = os.environ.pop("PROBE_CASE", None)
    if case is not None:
        os.environ["PROBE_CASE"] = case
    try:
        return run_script_on_msjax(script)
    finally:
        dataset_config._settings["seed"] = saved_seed
        os.environ.pop("PROBE_CASE", None)
        if saved_case is not None:
            os.environ["PROBE_CASE"] = saved_case


def script_output_on_msjax(script: str) -> str:
    """What tests/goldens/scripts/<script> prints on msjax (see `run_script_on_msjax`)."""
    msjax.compat.install(force=True)
    out = io.StringIO()
    saved_context = dict(context._context)
    try:
        with contextlib.redirect_stdout(out), _own_temporary_folder():
            runpy.run_path(str(GOLDENS / "scripts" / script), run_name="__main__")
    finally:
        context._context.clear()
        context._context.update(saved_context)
        # The alias off again, and with it MindSpore's class identities (compat/identity.py):
        # a later test's worker processes unpickle msjax's classes by msjax's module paths.
        msjax.compat.uninstall()
    return out.getvalue()


@contextlib.contextmanager
def _own_temporary_folder():
    """A folder of its own as `tempfile.tempdir` while a script runs, removed afterwards with all
    the script made there: the probes write files with `tempfile.mkdtemp()` and leave them. The
    working directory is put back first (a probe may change into a folder it made there)."""
    folder = tempfile.mkdtemp(prefix="msjax_golden_script_")
    saved, here = tempfile.tempdir, os.getcwd()
    tempfile.tempdir = folder
    try:
        yield folder
    finally:
        os.chdir(here)
        tempfile.tempdir = saved
        shutil.rmtree(folder, ignore_errors=True)


def golden_cases(name: str) -> dict[str, str]:
    return parse_lines((GOLDENS / name).read_text())


def results_close(got: str, expected: str, rtol: float = 1e-3, atol: float = 2e-4) -> bool:
    """Two printed results alike: equal text, or the same Python literal (tuples, lists, strings,
    numbers; nan and inf as they print) with floats equal to `rtol`/`atol` (float32 programs of
    MindSpore's kernels and of XLA differ in the last digits of a 4-decimal rounding)."""
    if got == expected:
        return True
    try:
        got_value, expected_value = (ast.literal_eval(re.sub(r"-?\b(nan|inf)\b", r'"\g<0>"', text))
                                     for text in (got, expected))
    except (ValueError, SyntaxError):
        return False
    return _values_close(got_value, expected_value, rtol, atol)


def _values_close(got, expected, rtol, atol) -> bool:
    if isinstance(expected, (list, tuple)):
        return (type(got) is type(expected) and len(got) == len(expected)
                and all(_values_close(g, e, rtol, atol) for g, e in zip(got, expected)))
    if isinstance(expected, float) and isinstance(got, float):
        return abs(got - expected) <= atol + rtol * abs(expected)
    return got == expected


def pipeline_comparable(result: str) -> str:
    """A printed result (newlines written as ``\\n``) with a dataset pipeline error cut at
    MindSpore's C++ call stack (msjax names its operation there) and blank lines folded: msjax
    lays all its pipeline errors out one way."""
    result = re.split(r"\\n- (C\+\+ Call Stack|msjax operation)", result)[0]
    return re.sub(r"( ?\\n)+", r"\\n", result)
