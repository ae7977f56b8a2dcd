"""The dependencies pyproject.toml declares are the third-party packages msjax imports."""
from __future__ import annotations

import ast
import pathlib
import re
import sys
import tomllib

REPO = pathlib.Path(__file__).resolve().parents[1]
# Distribution name -> the top-level module it installs, where they differ.
_MODULE_OF = {"protobuf": "google", "jupyter_client": "jupyter_client", "Pillow": "PIL",
              "absl-py": "absl"}


def _declared() -> set:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    names = {re.split(r"[<>=!~\[; ]", d, maxsplit=1)[0] for d in project["dependencies"]}
    return {_MODULE_OF.get(n, n).replace("-", "_") for n in names}


def _imported() -> set:
    """Top-level modules imported anywhere in msjax (at module level or inside functions)."""
    found = set()
    for path in (REPO / "msjax").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - {"msjax", "__future__", "mindspore"}


def test_every_declared_dependency_is_imported():
    assert _declared() - _imported() == set()


def test_every_imported_third_party_package_is_declared():
    # `IPython` comes with ipykernel, which is declared.
    assert _imported() - _declared() - {"IPython"} == set()
