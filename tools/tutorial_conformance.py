"""MindSpore's official tutorials, cell by cell: what msjax prints against what MindSpore 2.10 printed.

    python tools/tutorial_conformance.py oracle PAGES_DIR ORACLE_DIR [PAGE ...]
    python tools/tutorial_conformance.py compare PAGES_DIR ORACLE_DIR [PAGE ...] [--show]

PAGES_DIR holds tutorial pages of MindSpore's docs repository: markdown pages (``NAME.md``, each
```` ```python ```` block a cell, a block indented under a list item dedented) or notebooks
(``NAME.ipynb``, each code cell a cell). They are MindSpore's and are not part of this project.

``oracle`` runs each page under real MindSpore 2.10 ($MSJAX_ORACLE, or ``mindspore-oracle`` on
PATH, or ``../shared/tools/mindspore-oracle``) twice and writes ORACLE_DIR/NAME.out and
NAME.rerun.out (the second run tells which cells print values that change from run to run in
MindSpore itself). ``compare`` runs each page under msjax (``msjax run tools/tutorial_cells.py``,
the same cell runner format) and compares cell by cell with ORACLE_DIR, printing per page and in
total ``N of M cells match``. The project's goldens (tests/goldens/tutorials/) are such an
ORACLE_DIR, for the pages the project tests (tests/test_tutorial_conformance.py).

Each page runs as one notebook, from a fresh folder, after a setup cell (not counted) that puts
tests/dataset/tutorial_support first on sys.path: an offline ``download`` that writes small
datasets in their real formats, a no-op ``matplotlib.pyplot`` and a ``tqdm`` that draws no
progress bar (its lines hold timings; the oracle's MindSpore has no tqdm), and the line magic
``%matplotlib inline`` is exported as ``pass`` (the runners are not IPython). The lines of MindSpore's
logger (``[WARNING] ME(...)``, ``[ERROR] ME(...)``) are left out on both sides: the oracle drops
MindSpore's, ``compare`` msjax's.

A cell is, in this order:

- ``mindspore-fails``: MindSpore itself fails the cell (``!!!! cell N FAILED``). Not counted.
- ``equal``: msjax printed the same lines. Allowed: trailing blanks, another path of the page's
  scratch folder (``.../tutorial-XXXXXXXX/``, new in every run), and numbers that differ in
  float32 rounding only, within a relative 1e-6 (XLA's kernels and MindSpore's CPU kernels round
  differently, e.g. the autograd page's sigmoid gradients differ in the 8th digit;
  docs/migration.md, "Same seed, different numbers").
- ``equal-random``: the cell prints different numbers in MindSpore's two runs (values drawn from
  random initialisation or from a shuffle without a seed), and msjax's lines equal MindSpore's
  but for the numbers on the lines that differ between MindSpore's two runs, and for blanks and
  line breaks (NumPy lays out an array by the widths of its values; an object's address,
  ``0x7f...``, counts as a number): all other text, the count
  of numbers and every number on a line MindSpore printed the same in both runs (shapes, dtypes,
  deterministic values; to float32 rounding) must be equal, but for a number whose place varies
  on another line of the same text (a loop printing ``Label: 4`` and ``Label: 9`` drawn at
  random: a line the two runs print alike by chance is as random as the others). Where MindSpore's two runs print the
  same lines in another order (a shuffle without a seed), msjax's lines must be the same
  multiset; where they differ in their number of lines, the cell is compared as a multiset of
  lines, all numbers masked. Where the two runs differ in words too (labels a model with random
  weights predicts: ``['O', 'B']`` against ``['B', 'I']``), the cell is compared token by token
  (numbers, words, punctuation; blanks and line breaks left out): the runs and msjax's lines
  must have as many tokens, each token the two runs print alike must be msjax's too, and msjax
  has a word where they have differing words, a number where they have differing numbers.
- ``documented``: a cell that differs in a way msjax documents in docs/migration.md (DOCUMENTED
  below, by page and cell, with the reason). Counted as not matching, and listed by name.
- ``differs``: anything else.
"""
from __future__ import annotations

import argparse
import difflib
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

_FALLBACK_WARNING = ("msjax runs the function eagerly and says so in a GraphFallbackWarning, where "
                     "MindSpore prints nothing (docs/migration.md, 'Graph mode's Python fallback')")
_GRAPH_PRINT = ("a graph-mode print: MindSpore's lines reach the pipe when its C++ stdout buffer is "
                "flushed, during the next cell; msjax's at once (docs/migration.md, 'Graph mode's "
                "Python fallback')")
#: Cells whose difference from MindSpore is one msjax documents (docs/migration.md): (page, cell
#: index as the runners print it) -> the reason.
DOCUMENTED: dict[tuple[str, int], str] = {
    ("save_load", 5): "export(..., file_format='MINDIR') writes msjax's program format, not MindSpore's "
                      "MindIR protobuf, and says so in one notice (docs/migration.md, 'msjax never "
                      "writes a real MindIR protobuf')",
    ("minddata_debug", 12): "a source's RuntimeWarning (stderr, raised in the pipeline's read-ahead "
                            "thread) lands at another place among the printed rows: the pipelines "
                            "read ahead by different amounts (docs/migration.md, 'Warnings from a "
                            "pipeline's read-ahead')",
    ("python_builtin_functions", 1): _FALLBACK_WARNING,
    ("python_builtin_functions", 8): _FALLBACK_WARNING,
    ("python_builtin_functions", 10): _FALLBACK_WARNING,
    ("python_builtin_functions", 11): _FALLBACK_WARNING,
    ("python_builtin_functions", 2): _FALLBACK_WARNING,
    ("python_builtin_functions", 25): _GRAPH_PRINT,
    ("python_builtin_functions", 26): _GRAPH_PRINT,
    ("static_graph", 3): "MindSpore 2.10's CPU build leaves a Tensor unchanged by add_ (prints 2; its "
                         "documentation and msjax: 5) (docs/migration.md, 'Where MindSpore 2.10's CPU "
                         "build differs from its documentation')",
}

#: A line of MindSpore's logger (msjax's mindspore.log writes the same format): the oracle drops
#: MindSpore's from its output (`grep -v -e '^\[WARNING\]' -e '^\[ERROR\]'`), so msjax's go too.
_LOG_LINE = re.compile(r"^\[(WARNING|ERROR)\]")
_CELL_HEADER = re.compile(r"^==== cell (\d+)$")
_FAILED = re.compile(r"^!!!! cell (\d+) FAILED: ")
_NUMBER = re.compile(r"0x[0-9a-fA-F]+|[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)")
#: The page's scratch folder (the setup cell's ``tempfile.mkdtemp(prefix='tutorial-')``), which
#: warnings and tracebacks name: another in every run.
_SCRATCH = re.compile(r"\S*/tutorial-[A-Za-z0-9_]+/")


def page_cells(path: pathlib.Path) -> list[str]:
    """The code cells of a tutorial page: a notebook's code cells, or a markdown page's python blocks."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        return ["".join(cell["source"]) for cell in json.loads(text)["cells"] if cell["cell_type"] == "code"]
    return [textwrap.dedent(code) for _, code in re.findall(r"^( *)```python\n(.*?)^\1```", text, re.S | re.M)]


#: IPython's `%matplotlib inline`, which picks the notebook's plotting backend and prints nothing
#: (neither runner is IPython: exported as a `pass` on its line).
_MATPLOTLIB_MAGIC = re.compile(r"^([ \t]*)(%matplotlib\b.*)$", re.M)


def write_notebook(page: pathlib.Path, folder: pathlib.Path) -> pathlib.Path:
    """The page as a notebook for the two runners: a setup cell (index 0), then its cells (1..n)."""
    setup = (f"import atexit, os, shutil, sys, tempfile\nsys.path.insert(0, {str(SUPPORT)!r})\n"
             "os.chdir(tempfile.mkdtemp(prefix='tutorial-'))\nos.makedirs('cells')\n"
             "atexit.register(shutil.rmtree, os.getcwd(), True)\n")
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
              "source": _MATPLOTLIB_MAGIC.sub(r"\1pass  # IPython's \2", source)}
             for source in [setup, *page_cells(page)]]
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


def _form(lines: list[str]) -> list[str]:
    return [_SCRATCH.sub("<scratch>/", line.rstrip()) for line in lines]


def _tokens(lines: list[str], steady: list[list[bool]]) -> tuple[list[str], list[tuple[str, bool]]]:
    """A cell's text and numbers: (the text between numbers, blanks and line breaks removed; each
    number with whether it is steady, `steady` giving each line's numbers' steadiness)."""
    texts, numbers = [""], []
    for line, line_steady in zip(lines, steady):
        parts = re.split(f"({_NUMBER.pattern})", line)
        texts[-1] += "".join(parts[0].split())
        for number, text, number_steady in zip(parts[1::2], parts[2::2], line_steady):
            numbers.append((number, number_steady))
            texts.append("".join(text.split()))
    return texts, numbers


def _steadiness(expected: list[str], second: list[str]) -> list[list[bool]]:
    """Whether each number of `expected` is steady: its line is the same in MindSpore's two runs,
    and no line of the same text (numbers masked: the lines one print statement prints in a loop)
    has another number at its place in the two runs."""
    varying: dict[str, set[int]] = {}
    for e, s in zip(expected, second):
        if _all_masked(e) == _all_masked(s):
            varying.setdefault(_all_masked(e), set()).update(
                k for k, (a, b) in enumerate(zip(_NUMBER.findall(e), _NUMBER.findall(s))) if a != b)
    return [[e == s and k not in varying.get(_all_masked(e), ()) for k in range(len(_NUMBER.findall(e)))]
            for e, s in zip(expected, second)]


def _same_but_varying(expected: list[str], second: list[str], got: list[str]) -> bool:
    """Whether `got` equals `expected` but for layout and for the numbers that vary between
    `expected` and `second` (MindSpore's two runs; `_steadiness`)."""
    if len(expected) != len(second):
        return False
    e_text, e_numbers = _tokens(expected, _steadiness(expected, second))
    g_text, g_numbers = _tokens(got, [[True] * len(_NUMBER.findall(line)) for line in got])
    return e_text == g_text and len(e_numbers) == len(g_numbers) and all(
        g == e for (e, steady), (g, _) in zip(e_numbers, g_numbers) if steady)


_TOKEN = re.compile(f"{_NUMBER.pattern}|\\w+|[^\\w\\s]")


def _same_but_varying_tokens(expected: list[str], second: list[str], got: list[str]) -> bool:
    """Whether `got` has the tokens of `expected` where MindSpore's two runs agree, and a token of
    the same kind (number or word) where they do not (see the module's doc)."""
    runs = [_TOKEN.findall(" ".join(lines)) for lines in (expected, second, got)]
    if len({len(tokens) for tokens in runs}) != 1:
        return False
    for e, s, g in zip(*runs):
        if e == s:
            if not _close(e, g):
                return False
        elif _NUMBER.fullmatch(e) and _NUMBER.fullmatch(s):
            if not _NUMBER.fullmatch(g):
                return False
        elif not (e.isidentifier() and s.isidentifier() and g.isidentifier()):
            return False
    return True


def _all_masked(line: str) -> str:
    return _NUMBER.sub("#", line)


def _close(a: str, b: str) -> bool:
    """Two printed numbers equal, or equal to float32 rounding (relative 1e-6)."""
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    return abs(x - y) <= 1e-6 * max(abs(x), abs(y))


def _equal_to_rounding(expected: list[str], got: list[str]) -> bool:
    """Same lines, text and layout exactly, numbers equal to float32 rounding."""
    if len(expected) != len(got):
        return False
    for e, g in zip(expected, got):
        e_parts, g_parts = (re.split(f"({_NUMBER.pattern})", line) for line in (e, g))
        if len(e_parts) != len(g_parts) or e_parts[0::2] != g_parts[0::2]:
            return False
        if not all(map(_close, e_parts[1::2], g_parts[1::2])):
            return False
    return True


def classify(page: str, index: int, mindspore: list[str], rerun: list[str] | None,
             msjax: list[str]) -> str:
    """One cell's verdict (see the module's doc)."""
    if any(_FAILED.match(line) for line in mindspore):
        return "mindspore-fails"
    expected, got = _form(mindspore), _form(msjax)
    if _equal_to_rounding(expected, got):
        return "equal"
    if (page, index) in DOCUMENTED:
        return "documented"
    second = _form(rerun) if rerun is not None else expected
    if second != expected and sorted(second) == sorted(expected):
        return "equal-random" if sorted(got) == sorted(expected) else "differs"
    if second != expected:
        if _same_but_varying(expected, second, got):
            return "equal-random"
        if len(expected) != len(second) and sorted(map(_all_masked, expected)) == sorted(map(_all_masked, got)):
            return "equal-random"
        if _same_but_varying_tokens(expected, second, got):
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
    """What msjax prints for the notebook's cells (stdout and stderr together, as the oracle's),
    under the same warning filters as the oracle's runs (the environment's, Python's defaults when
    it sets none: a ResourceWarning a page's own code causes is shown on neither side), and without
    the lines of MindSpore's logger, which the oracle drops from MindSpore's output."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"))
    output = _run([sys.executable, "-m", "msjax", "run", str(CELL_RUNNER), str(notebook)], env)
    return "".join(line for line in output.splitlines(keepends=True) if not _LOG_LINE.match(line))


def record_oracle(pages_dir: pathlib.Path, out_dir: pathlib.Path, names: list[str]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for page in _pages(pages_dir, names):
            notebook = write_notebook(page, pathlib.Path(scratch))
            for suffix in ("out", "rerun.out"):
                (out_dir / f"{page.stem}.{suffix}").write_text(_run([ORACLE, str(notebook)]))
            print(f"{page.stem}: recorded", flush=True)


def compare(pages_dir: pathlib.Path, oracle_dir: pathlib.Path, names: list[str], show: bool,
            msjax_dir: pathlib.Path | None = None, saved: pathlib.Path | None = None) -> dict[str, dict[int, str]]:
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
            if saved is not None:
                output = (saved / f"{page.stem}.out").read_text()
            else:
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
                        diff = difflib.unified_diff(mindspore[index], ours.get(index, ["<not run>"]),
                                                    "mindspore", "msjax", n=0, lineterm="")
                        print(textwrap.indent("\n".join(list(diff)[2:40]), "      "))
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
    parser.add_argument("--msjax-from", type=pathlib.Path,
                        help="compare msjax's outputs saved by --msjax-out instead of running the pages")
    args = parser.parse_args(argv)
    if args.action == "oracle":
        record_oracle(args.pages, args.oracle_dir, args.names)
        return 0
    verdicts = compare(args.pages, args.oracle_dir, args.names, args.show, args.msjax_out, args.msjax_from)
    return 0 if all(v in ("equal", "equal-random", "mindspore-fails")
                    for page in verdicts.values() for v in page.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
