"""MindSpore's official tutorials, cell by cell: what msjax prints against what MindSpore 2.10 printed.

    python tools/tutorial_conformance.py oracle PAGES_DIR ORACLE_DIR [PAGE ...]
    python tools/tutorial_conformance.py compare PAGES_DIR ORACLE_DIR [PAGE ...] [--show]

PAGES_DIR holds tutorial pages of MindSpore's docs repository: markdown pages (``NAME.md``, each
```` ```python ```` block a cell, a block indented under a list item dedented) or notebooks
(``NAME.ipynb``, each code cell a cell). They are MindSpore's and are not part of this project.

``oracle`` runs each page under real MindSpore 2.10 ($MSJAX_ORACLE, or
``mindspore-oracle`` on PATH, or ``../shared/tools/mindspore-oracle``) twice and writes ORACLE_DIR/NAME.out and NAME.rerun.out (the second run tells which
cells print values that change from run to run in MindSpore itself). ``compare`` runs each page
under msjax (``msjax run tools/tutorial_cells.py``, the same cell runner format) and compares cell
by cell with ORACLE_DIR, printing per page and in total ``N of M cells match``. The project's
goldens (tests/goldens/tutorials/) are such an ORACLE_DIR, for the pages the project tests.

Each page runs as one notebook, from a fresh folder, after a setup cell (not counted) that puts
tests/dataset/tutorial_support first on sys.path: an offline ``download`` that writes small
datasets in their real formats, and a no-op ``matplotlib.pyplot``.

A cell is, in this order:

- ``mindspore-fails``: MindSpore itself fails the cell (``!!!! cell N FAILED``). Not counted.
- ``equal``: msjax printed the same lines. Two differences in form are allowed, each MindSpore's
  own inconsistency: trailing blanks, and the layout of the numbers in a Tensor's ``value=``
  (MindSpore prints Tensors made by its dataset iterator with NumPy's layout, ``[1., 1.]``, and
  others as ``[ 1.00000000e+00, ...]``): those are compared as lists of numbers.
- ``equal-random``: the cell prints different numbers in MindSpore's two runs (values drawn from
  random initialisation or from a shuffle without a seed), and msjax's lines equal MindSpore's
  but for the numbers that differ between MindSpore's two runs at their place in the line: all
  other text, every number MindSpore printed the same twice (shapes, dtypes, deterministic
  values) and the number of lines must be equal. A cell whose two MindSpore runs print different
  numbers of lines is compared as a multiset of lines with all numbers masked.
- ``documented``: a difference msjax documents in docs/migration.md (DOCUMENTED below, by page
  and cell, with the reason). Counted as not matching, and listed by name.
- ``differs``: anything else.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[1]
SUPPORT = ROOT / "tests" / "dataset" / "tutorial_support"
CELL_RUNNER = ROOT / "tools" / "tutorial_cells.py"
ORACLE = (os.environ.get("MSJAX_ORACLE") or shutil.which("mindspore-oracle")
          or str(ROOT.parent / "shared" / "tools" / "mindspore-oracle"))

#: Cells whose difference from MindSpore is one msjax documents (docs/migration.md): (page, cell
#: index as the runners print it) -> the reason.
DOCUMENTED: dict[tuple[str, int], str] = {}

_CELL_HEADER = re.compile(r"^==== cell (\d+)$")
_FAILED = re.compile(r"^!!!! cell (\d+) FAILED: ")
_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)")
_TENSOR_VALUE = re.compile(r"value=\s*(\[[^\]=]*\]|[^)\]\[=]*)\)")


def page_cells(path: pathlib.Path) -> list[str]:
    """The code cells of a tutorial page: a notebook's code cells, or a markdown page's python blocks."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        return ["".join(cell["source"]) for cell in json.loads(text)["cells"] if cell["cell_type"] == "code"]
    return [textwrap.dedent(code) for _, code in re.findall(r"^( *)```python\n(.*?)^\1```", text, re.S | re.M)]


def write_notebook(page: pathlib.Path, folder: pathlib.Path) -> pathlib.Path:
    """The page as a notebook for the two runners: a setup cell (index 0), then its cells (1..n)."""
    setup = (f"import os, sys, tempfile\nsys.path.insert(0, {str(SUPPORT)!r})\n"
             "os.chdir(tempfile.mkdtemp(prefix='tutorial-'))\nos.makedirs('cells')\n")
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
              "source": source} for source in [setup, *page_cells(page)]]
    notebook = folder / f"{page.stem}.ipynb"
    notebook.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return notebook


def split_cells(output: str) -> dict[int, list[str]]:
    """A runner's output as {cell index: the lines it printed}; the setup cell and the last count
    line are left out."""
    cells: dict[int, list[str]] = {}
    current = None
    for line in output.splitlines():
        header = _CELL_HEADER.match(line)
        if header:
            current = int(header.group(1))
            cells[current] = []
        elif current is not None and not line.startswith("cells ok="):
            cells[current].append(line)
    cells.pop(0, None)
    return cells


def _numbers_in_values(line: str) -> str:
    return _TENSOR_VALUE.sub(lambda m: "value=" + repr([float(x) for x in _NUMBER.findall(m.group(1))]) + ")",
                             line)


def _form(lines: list[str]) -> list[str]:
    return [_numbers_in_values(line.rstrip()) for line in lines]


def _parts(line: str) -> list[str]:
    """The line split into text and numbers: text at even places, numbers at odd ones."""
    return re.split(f"({_NUMBER.pattern})", line)


def _same_but_varying(expected: str, second: str, got: str) -> bool:
    """Whether `got` equals `expected` but for the numbers that differ between `expected` and
    `second` (MindSpore's two runs) at their place in the line."""
    e, s, g = _parts(expected), _parts(second), _parts(got)
    if len(e) != len(g) or e[0::2] != g[0::2]:
        return False
    aligned = len(e) == len(s) and e[0::2] == s[0::2]
    return all(g[i] == e[i] for i in range(1, len(e), 2) if aligned and e[i] == s[i])


def _all_masked(line: str) -> str:
    return _NUMBER.sub("#", line)


def classify(page: str, index: int, mindspore: list[str], rerun: list[str] | None,
             msjax: list[str]) -> str:
    """One cell's verdict (see the module's doc)."""
    if any(_FAILED.match(line) for line in mindspore):
        return "mindspore-fails"
    if (page, index) in DOCUMENTED:
        return "documented"
    expected, got = _form(mindspore), _form(msjax)
    if expected == got:
        return "equal"
    second = _form(rerun) if rerun is not None else expected
    if second != expected:
        if len(expected) == len(second):
            if len(got) == len(expected) and all(
                    _same_but_varying(e, s, g) for e, s, g in zip(expected, second, got)):
                return "equal-random"
        elif sorted(map(_all_masked, expected)) == sorted(map(_all_masked, got)):
            return "equal-random"
    return "differs"


def _pages(folder: pathlib.Path, names: list[str]) -> list[pathlib.Path]:
    pages = sorted(p for p in folder.iterdir() if p.suffix in (".md", ".ipynb") and page_cells(p))
    return [p for p in pages if not names or p.stem in names]


def _run(command: list[str], env: dict | None = None) -> str:
    with tempfile.TemporaryDirectory() as folder:  # the runner's cells/ folder goes there
        return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env=env, cwd=folder, check=False, timeout=3600).stdout


def run_under_msjax(notebook: pathlib.Path) -> str:
    """What msjax prints for the notebook's cells (stdout and stderr together, as the oracle's)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"),
               PYTHONWARNINGS=os.environ.get("PYTHONWARNINGS", "default"))
    return _run([sys.executable, "-m", "msjax", "run", str(CELL_RUNNER), str(notebook)], env)


def record_oracle(pages_dir: pathlib.Path, out_dir: pathlib.Path, names: list[str]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for page in _pages(pages_dir, names):
            notebook = write_notebook(page, pathlib.Path(scratch))
            for suffix in ("out", "rerun.out"):
                (out_dir / f"{page.stem}.{suffix}").write_text(_run([ORACLE, str(notebook)]))
            print(f"{page.stem}: recorded", flush=True)


def compare(pages_dir: pathlib.Path, oracle_dir: pathlib.Path, names: list[str], show: bool,
            msjax_dir: pathlib.Path | None = None) -> dict[str, dict[int, str]]:
    """Runs each page under msjax and prints its verdicts; returns {page: {cell: verdict}}."""
    verdicts: dict[str, dict[int, str]] = {}
    total = matched = 0
    with tempfile.TemporaryDirectory() as scratch:
        for page in _pages(pages_dir, names):
            oracle_out = oracle_dir / f"{page.stem}.out"
            if not oracle_out.is_file():
                print(f"{page.stem}: no MindSpore output in {oracle_dir}, skipped")
                continue
            mindspore = split_cells(oracle_out.read_text())
            rerun_file = oracle_dir / f"{page.stem}.rerun.out"
            rerun = split_cells(rerun_file.read_text()) if rerun_file.is_file() else {}
            output = run_under_msjax(write_notebook(page, pathlib.Path(scratch)))
            if msjax_dir is not None:
                msjax_dir.mkdir(parents=True, exist_ok=True)
                (msjax_dir / f"{page.stem}.out").write_text(output)
            ours = split_cells(output)
            verdicts[page.stem] = {index: classify(page.stem, index, lines, rerun.get(index), ours.get(index, []))
                                   for index, lines in mindspore.items()}
            counted = {i: v for i, v in verdicts[page.stem].items() if v != "mindspore-fails"}
            good = sum(v in ("equal", "equal-random") for v in counted.values())
            total, matched = total + len(counted), matched + good
            failing = len(verdicts[page.stem]) - len(counted)
            print(f"{page.stem}: {good} of {len(counted)} cells match"
                  + (f" ({failing} cell(s) MindSpore fails, not counted)" if failing else ""), flush=True)
            for index, verdict in sorted(verdicts[page.stem].items()):
                if verdict in ("differs", "documented"):
                    why = DOCUMENTED.get((page.stem, index), "")
                    print(f"    cell {index}: {verdict}" + (f" ({why})" if why else ""))
                    if show and verdict == "differs":
                        print(textwrap.indent("\n".join(mindspore[index]), "      mindspore| "))
                        print(textwrap.indent("\n".join(ours.get(index, ["<no output: not run>"])), "      msjax    | "))
    print(f"total: {matched} of {total} cells match")
    return verdicts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["oracle", "compare"])
    parser.add_argument("pages", type=pathlib.Path, help="folder of tutorial pages (.md / .ipynb)")
    parser.add_argument("oracle_dir", type=pathlib.Path, help="folder of MindSpore's outputs")
    parser.add_argument("names", nargs="*", help="only these pages (file names without suffix)")
    parser.add_argument("--show", action="store_true", help="print both outputs of each differing cell")
    parser.add_argument("--msjax-out", type=pathlib.Path, help="also write msjax's outputs here")
    args = parser.parse_args(argv)
    if args.action == "oracle":
        record_oracle(args.pages, args.oracle_dir, args.names)
        return 0
    verdicts = compare(args.pages, args.oracle_dir, args.names, args.show, args.msjax_out)
    return 0 if all(v in ("equal", "equal-random", "mindspore-fails")
                    for page in verdicts.values() for v in page.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
