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


#: Whole-page goldens recorded from one version of a page, other than mindspore-ai/docs master's
#: (whose cells tests/test_tutorial_conformance.py checks, against goldens of its own): how to tell
#: that version from the page given, and what it is. Given another version, the test skips.
RECORDED_PAGE_VERSIONS = {
    "dataset": (lambda text: "**Data Loading and Processing**" not in text,
                "the 2.x page titled 'Dataset', before 'Data Loading and Processing'"),
    "save_load": (lambda text: "global_param" in text and "\u00a0" not in text,
                  "the 2.x page that ends on export's refusal of a global Parameter "
                  "(`global_param`), before master's code blocks took non-breaking spaces"),
}


def run_tutorial_page(name: str) -> subprocess.CompletedProcess:
    """Runs the page's python blocks with tests/dataset/tutorial_runner.py under ``msjax run`` (on the
    CPU unless JAX_PLATFORMS says otherwise) and returns the finished process, output captured.
    The callers compare with whole-page goldens: where one was recorded from a version of the page
    told apart in RECORDED_PAGE_VERSIONS, the calling test skips when given another version."""
    page = tutorial_page(name)
    if name in RECORDED_PAGE_VERSIONS:
        is_recorded_version, version = RECORDED_PAGE_VERSIONS[name]
        if not is_recorded_version(page.read_text(encoding="utf-8")):
            pytest.skip(f"{page} is another version of the page than this test's golden was "
                        f"recorded from ({version}); tests/test_tutorial_conformance.py checks "
                        f"master's page cell by cell")
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"))
    return subprocess.run(
        [sys.executable, "-m", "msjax", "run", str(RUNNER), str(page)],
        env=env, capture_output=True, text=True, timeout=600, check=False)
