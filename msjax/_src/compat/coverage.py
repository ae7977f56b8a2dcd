"""`msjax coverage`: how much of MindSpore 2.10's public API msjax covers, module by module, and
weighted by how often real code uses each name (`msjax._src.compat.usage_coverage`).

The reference is `msjax/_src/reference/mindspore_2.10.0_api.json` (every public name of
mindspore, mindspore.ops, mindspore.nn, mindspore.numpy and mindspore.common.initializer, recorded
from the 2.10 wheel by `tools/record_mindspore_api.py`); `--api` names another file.

**A name counts only when it exists and behaves (tested).** A MindSpore name is

- *covered* when msjax's module has it AND the test suite exercises it;
- *present but untested* when msjax has it but no test uses it;
- *missing* when msjax does not have it.

Private names (a leading underscore) and entries that are not identifiers are left out.

"The test suite exercises it" is decided by scanning the `tests/` tree, without running it:

1. In every `tests/**/*.py`, the imports that bind msjax's public modules are followed
   (`import msjax as ms`, `from msjax import ops, nn`, `import msjax.numpy as mnp`,
   `from msjax.common import initializer as I`, ...). An attribute of such a name (`ms.Tensor`,
   `ops.add`, `msjax.nn.Dense`, `I.Normal`) or a name imported from such a module
   (`from msjax.ops import add`) is a use of that module's name.
2. Any string in those files or in the JSON goldens under `tests/goldens/` that contains a
   dotted use by the conventional aliases (`ms.`, `msjax.`, `mindspore.`, `ops.`, `nn.`,
   `mnp.`, `ms.ops.`, ...) counts the same way: goldens hold expressions the tests evaluate.
3. Op-record tables name what they test by a bare string (`Case("add", ...)`, a golden's
   `"fn": "absolute"` or its `"ACos"` key): a string equal to a name counts for
   `mindspore.ops`, `mindspore.numpy` or `mindspore.nn` when it appears in a file under
   `tests/ops/`, `tests/numpy/` or `tests/nn/`, or in a golden such a file reads.
4. The same object by another path: a name counts when the tests reach its object by any msjax
   path (`from msjax.train import Model` tests `mindspore.Model`, the same class), or a golden
   script a test runs on msjax reaches it (the rule of `msjax._src.compat.usage_coverage`, which the
   usage-weighted figure uses too).

Goldens are read in every folder under `tests/goldens/` (`nn/layers.json`, `mint/values.json`).
"""
from __future__ import annotations

import ast
import dataclasses
import importlib
import json
import pathlib
import re
import sys

from msjax._src.module_tree import provides
from msjax._src import reference
from msjax._src.reference import mindspore_usage
from msjax._src.compat.usage_coverage import (
    MODULES, format_usage, format_usage_markdown, measure_usage, scan_test_paths, tested_objects)

_BY_MSJAX = {v: k for k, v in MODULES.items()}
# Test directories whose bare strings name the module's functions (rule 3).
_STRING_SCOPES = {"ops": "mindspore.ops", "numpy": "mindspore.numpy", "nn": "mindspore.nn"}
# Conventional aliases in strings (rule 2), longest first.
_DOTTED = re.compile(
    r"\b(?:(?:ms|msjax|mindspore)\.(ops|nn|numpy|common\.initializer)|(ms|msjax|mindspore)"
    r"|(?<!\.)(ops|nn|mnp|initializer))\.([A-Za-z_]\w*)")  # not `mint.nn.x`: another object
_ALIAS_MODULES = {"ops": "mindspore.ops", "nn": "mindspore.nn", "numpy": "mindspore.numpy",
                  "mnp": "mindspore.numpy", "initializer": "mindspore.common.initializer",
                  "common.initializer": "mindspore.common.initializer"}


@dataclasses.dataclass
class ModuleCoverage:
    module: str
    total: int
    covered: list[str]
    untested: list[str]
    missing: list[str]


def repository_root() -> pathlib.Path:
    """The checkout this msjax was imported from (the folder holding the `msjax` package)."""
    return pathlib.Path(__file__).resolve().parents[3]


def default_api_path() -> pathlib.Path:
    return reference.API_FILE


def load_api(path) -> dict[str, list[str]]:
    """The public names of each module in the reference file."""
    data = json.loads(pathlib.Path(path).read_text())
    return {module: sorted(n for n in names if n.isidentifier() and not n.startswith("_"))
            for module, names in data["modules"].items() if module in MODULES}


# -- which names the tests use ---------------------------------------------------------------------
def _submodule(module: str, attr: str) -> str | None:
    """`mindspore` + `ops` -> `mindspore.ops`, when that is one of the five modules."""
    candidate = f"{module}.{attr}"
    if candidate in MODULES:
        return candidate
    if module == "mindspore" and attr == "common":
        return "mindspore.common"
    if module == "mindspore.common" and attr == "initializer":
        return "mindspore.common.initializer"
    return None


def _msjax_module(dotted: str) -> str | None:
    """`msjax.common.initializer` -> `mindspore.common.initializer` (None for other modules)."""
    if dotted == "msjax.common":
        return "mindspore.common"
    return _BY_MSJAX.get(dotted)


class _UseCollector(ast.NodeVisitor):
    """Rule 1: attributes of names bound to msjax's modules, and names imported from them."""

    def __init__(self, uses):
        self.uses = uses
        self.aliases: dict[str, str] = {}  # local name -> MindSpore module

    def _use(self, module, name):
        if module in MODULES:
            self.uses.setdefault(module, set()).add(name)

    def visit_Import(self, node):
        for alias in node.names:
            if alias.asname:
                module = _msjax_module(alias.name)
                if module:
                    self.aliases[alias.asname] = module
            elif alias.name.split(".")[0] == "msjax":
                self.aliases["msjax"] = "mindspore"

    def visit_ImportFrom(self, node):
        source = _msjax_module(node.module or "")
        if source is None:
            return
        for alias in node.names:
            sub = _submodule(source, alias.name)
            if sub:
                self.aliases[alias.asname or alias.name] = sub
            else:
                self._use(source, alias.name)

    def _resolve(self, node) -> str | None:
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self._resolve(node.value)
            return None if base is None else _submodule(base, node.attr)
        return None

    def visit_Attribute(self, node):
        module = self._resolve(node.value)
        if module is not None:
            self._use(module, node.attr)
        self.generic_visit(node)


def _strings(tree) -> list[str]:
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _json_strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *_json_strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in _json_strings(v)]
    return []


def _dotted_uses(text: str, uses) -> None:
    """Rule 2: `ops.add(`, `ms.Tensor(`, `ms.nn.Dense` inside a string."""
    for sub, top, alias, name in _DOTTED.findall(text):
        module = "mindspore" if top else _ALIAS_MODULES[sub or alias]
        uses.setdefault(module, set()).add(name)


def _golden_files(goldens: pathlib.Path) -> list[pathlib.Path]:
    """Every JSON golden, in `tests/goldens/` and its folders (`nn/`, `mint/`, ...)."""
    return sorted(goldens.rglob("*.json")) if goldens.is_dir() else []


def _reads(source: str, goldens: pathlib.Path, golden: pathlib.Path) -> bool:
    """Whether a test's source names the golden: its file name, and its folder when it is in one
    (`GOLDENS / "nn" / "layers.json"` reads nn/layers.json, not mint/layers.json)."""
    folders = golden.relative_to(goldens).parts[:-1]
    return golden.name in source and all(f'"{folder}"' in source or f"{folder}/" in source
                                         for folder in folders)


def scan_tests(tests_dir) -> dict[str, set[str]]:
    """Names of each MindSpore module the tests use, by the rules in this module's docstring."""
    tests_dir = pathlib.Path(tests_dir)
    goldens = tests_dir / "goldens"
    uses: dict[str, set[str]] = {}
    bare: dict[str, set[str]] = {}  # module -> bare strings in its record tables (rule 3)
    golden_scopes: dict[str, set[str]] = {}  # golden file name -> modules whose tests read it
    for path in sorted(tests_dir.rglob("*.py")):
        if goldens in path.parents:
            continue  # the golden scripts run under MindSpore, not msjax
        source = path.read_text()
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        _UseCollector(uses).visit(tree)
        strings = _strings(tree)
        for text in strings:
            _dotted_uses(text, uses)
        scope = _STRING_SCOPES.get(path.relative_to(tests_dir).parts[0])
        if scope:
            bare.setdefault(scope, set()).update(strings)
            for golden in _golden_files(goldens):
                if _reads(source, goldens, golden):
                    golden_scopes.setdefault(golden, set()).add(scope)
    for golden in _golden_files(goldens):
        strings = _json_strings(json.loads(golden.read_text()))
        for text in strings:
            _dotted_uses(text, uses)
        for scope in golden_scopes.get(golden, ()):
            bare[scope].update(strings)
    for module, strings in bare.items():
        uses.setdefault(module, set()).update(strings)
    return uses


# -- the table -------------------------------------------------------------------------------------
def measure(api: dict[str, list[str]], uses: dict[str, set[str]],
            tested: tuple[set[int], set[tuple]] | None = None) -> list[ModuleCoverage]:
    """The table. `tested`: (ids of the objects the tests reach, (name, repr) of the plain values
    they reach) from `usage_coverage.tested_objects` (rule 4); None counts names only."""
    ids, plain = tested or (set(), set())
    table = []
    for module, msjax_name in MODULES.items():
        names = api.get(module, [])
        msjax_module = importlib.import_module(msjax_name)
        present = [n for n in names if provides(msjax_module, n)]
        used = uses.get(module, set())

        def is_tested(name):
            if name in used:
                return True
            value = getattr(msjax_module, name)
            if isinstance(value, (bool, int, float, str, bytes, type(None))):
                return (name, repr(value)) in plain
            return id(value) in ids
        covered = [n for n in present if is_tested(n)]
        table.append(ModuleCoverage(
            module=module, total=len(names), covered=covered,
            untested=[n for n in present if n not in covered],
            missing=[n for n in names if not provides(msjax_module, n)]))
    return table


def measure_tests(api: dict[str, list[str]], tests_dir) -> tuple[list[ModuleCoverage], object]:
    """(the per-module table, the usage-weighted coverage) of the tests in `tests_dir`, both by
    the objects the tests reach."""
    tests_dir = pathlib.Path(tests_dir)
    uses = scan_tests(tests_dir) if tests_dir.is_dir() else {}
    paths = scan_test_paths(tests_dir) if tests_dir.is_dir() else (set(), set())
    table = measure(api, uses, tested_objects(paths[0], uses))
    return table, measure_usage(mindspore_usage(), tests_dir, uses, paths)


def format_counts(table: list[ModuleCoverage]) -> str:
    rows = [("module", "MindSpore", "covered", "untested", "missing", "covered %")]
    for m in table:
        rows.append((m.module, m.total, len(m.covered), len(m.untested), len(m.missing),
                     f"{100 * len(m.covered) / max(m.total, 1):.1f}"))
    total = sum(m.total for m in table)
    covered = sum(len(m.covered) for m in table)
    rows.append(("total", total, covered, sum(len(m.untested) for m in table),
                 sum(len(m.missing) for m in table), f"{100 * covered / max(total, 1):.1f}"))
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(str(v).ljust(w) if i == 0 else str(v).rjust(w)
                               for i, (v, w) in enumerate(zip(r, widths))) for r in rows)


def format_markdown(table: list[ModuleCoverage], api_path) -> str:
    lines = [
        "# msjax API coverage",
        "",
        ("Generated by `msjax coverage` against MindSpore 2.10's public API "
         f"(`{pathlib.Path(api_path).name}`). A name counts as covered only when it exists in "
         "msjax **and** the test suite exercises it (see `msjax/_src/compat/coverage.py` for the rule); "
         "*untested* names exist but no test uses them yet."),
        "",
        "| module | MindSpore | covered | untested | missing | covered % |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for m in table:
        lines.append(f"| `{m.module}` | {m.total} | {len(m.covered)} | {len(m.untested)} | "
                     f"{len(m.missing)} | {100 * len(m.covered) / max(m.total, 1):.1f} |")
    total = sum(m.total for m in table)
    covered = sum(len(m.covered) for m in table)
    lines.append(f"| **total** | {total} | {covered} | {sum(len(m.untested) for m in table)} | "
                 f"{sum(len(m.missing) for m in table)} | {100 * covered / max(total, 1):.1f} |")
    for m in table:
        lines += ["", f"## `{m.module}`", ""]
        for title, names in (("Present but untested", m.untested), ("Missing", m.missing)):
            lines.append(f"**{title}** ({len(names)}): "
                         + (", ".join(f"`{n}`" for n in names) if names else "none"))
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def run_coverage(api_path=None, write_path=None, tests_dir=None) -> int:
    """The `msjax coverage` command: print counts per module; write the Markdown table to
    `write_path` (default: docs/api_coverage.md of the checkout, when there is one)."""
    api_path = pathlib.Path(api_path) if api_path else default_api_path()
    if not api_path.is_file():
        print(f"msjax coverage: the MindSpore API reference {api_path} does not exist. Pass its "
              "path with --api (tools/record_mindspore_api.py records it from MindSpore).",
              file=sys.stderr)
        return 2
    tests_dir = pathlib.Path(tests_dir) if tests_dir else repository_root() / "tests"
    if not tests_dir.is_dir():
        print(f"msjax coverage: no tests folder at {tests_dir}: every name counts as untested.",
              file=sys.stderr)
    table, usage = measure_tests(load_api(api_path), tests_dir)
    print("msjax API coverage against MindSpore 2.10 (covered = exists in msjax and is tested)")
    print(format_counts(table))
    print(format_usage(usage))
    if write_path is None and (repository_root() / "docs").is_dir():
        write_path = repository_root() / "docs" / "api_coverage.md"
    if write_path is not None:
        pathlib.Path(write_path).write_text(
            format_markdown(table, api_path) + "\n" + format_usage_markdown(usage))
        print(f"wrote {write_path}")
    return 0
