"""MindSpore's beginner tutorial pages (``tutorials/source_en/beginner/<name>.md`` of MindSpore's docs
repository), found and run through ``msjax run`` for the tutorial tests of tests/dataset and
tests/train.

The pages are MindSpore's and are not copied into this project: they are read from the folder named
by $MSJAX_TUTORIALS_DIR, or from ../shared/seeds/tutorials beside the project, and a test that needs
a page that is in neither place is skipped, saying where to put it.
"""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "dataset" / "tutorial_runner.py"


def tutorial_page(name: str, suffix: str = ".md") -> pathlib.Path:
    """The path of MindSpore's tutorial page ``<name>.md`` (or notebook, ``suffix=".ipynb"``);
    skips the calling test when it is absent."""
    for folder in (os.environ.get("MSJAX_TUTORIALS_DIR"), ROOT.parent / "shared" / "seeds" / "tutorials"):
        if folder and (pathlib.Path(folder) / f"{name}{suffix}").is_file():
            return pathlib.Path(folder) / f"{name}{suffix}"
    pytest.skip(f"MindSpore's tutorial page {name}{suffix} is not here: set MSJAX_TUTORIALS_DIR to "
                f"a folder holding it (tutorials/source_en/beginner/{name}.md, or "
                f"tutorials/source_en/dataset/{name}.ipynb, of MindSpore's docs)")


def run_tutorial_page(name: str) -> subprocess.CompletedProcess:
    """Runs the page's python blocks with tests/dataset/tutorial_runner.py under ``msjax run`` (on the
    CPU unless JAX_PLATFORMS says otherwise) and returns the finished process, output captured."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"))
    return subprocess.run(
        [sys.executable, "-m", "msjax", "run", str(RUNNER), str(tutorial_page(name))],
        env=env, capture_output=True, text=True, timeout=600, check=False)
