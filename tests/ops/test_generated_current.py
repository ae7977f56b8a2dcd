"""The generated re-export modules of `mindspore.ops` (msjax/ops/__init__.py, operations.py,
functional.py, composite.py) are what tools/gen_ops_init.py makes from the op table now: adding
an op means registering it (`@op`) and running the tool; this test fails when the tool was not
run."""
from __future__ import annotations

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_generated_ops_modules_are_current():
    spec = importlib.util.spec_from_file_location("gen_ops_init", ROOT / "tools" / "gen_ops_init.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    files = tool.render()
    assert sorted(files) == ["msjax/ops/__init__.py", "msjax/ops/composite.py",
                             "msjax/ops/functional.py", "msjax/ops/operations.py"]
    stale = [path for path, text in files.items() if (ROOT / path).read_text() != text]
    assert stale == [], f"run python tools/gen_ops_init.py: {stale} are out of date"
