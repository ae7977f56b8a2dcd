"""Usage-weighted coverage: how much of the MindSpore API real code uses msjax provides, tested.

The yardstick is `msjax/_src/reference/mindspore_usage_in_real_code.tsv`: for each MindSpore
name (`mindspore.nn.Dense`, `mindspore.common.tensor.Tensor`, `Tensor.asnumpy`, `Cell.set_train`,
...) the number of files among 5,358 real MindSpore files (MindCV, MindSpore's docs and
tutorials, mindspore-ai/models, mindnlp) that use it. Each name weighs its file count.

A name is

- *covered* when it resolves in msjax (the same path under `msjax`, `import mindspore` being
  msjax) and the test suite exercises the object it resolves to;
- *untested* when it resolves but no test reaches that object;
- *missing* when it does not resolve.

"The test suite exercises the object" is decided by scanning `tests/` without running it:
every name a test reaches through an msjax module (`ms.Tensor`, `from msjax.ops import add`,
`msjax.common.tensor.Tensor`, a dotted `mindspore.x.y` or `ms.x` in a string or golden, and
the five-module rules of `msjax._src.compat.coverage`), and every name a golden script reaches through
`mindspore` when a test runs that script on msjax (its file name is quoted in a test), is
resolved, and the objects found are the tested ones: `mindspore.common.tensor.Tensor` is covered because the tests use `ms.Tensor`, the same
object. A method (`Tensor.asnumpy`, `Cell.set_train`, `Parameter.set_data`) is covered when it
exists and the tests access an attribute of that name. A value of a plain Python type
(`GRAPH_MODE` is 0) is matched by its name and value rather than by identity.
"""
from __future__ import annotations

import ast
import dataclasses
import importlib
import json
import pathlib
import re
import types

from msjax._src.module_tree import _RecordedModuleLoader

# MindSpore's module -> msjax's module (the five modules of the reference API file).
MODULES = {
    "mindspore": "msjax",
    "mindspore.ops": "msjax.ops",
    "mindspore.nn": "msjax.nn",
    "mindspore.numpy": "msjax.numpy",
    "mindspore.common.initializer": "msjax.common.initializer",
}
# The usage scan's class prefixes -> the msjax class they name.
_METHOD_OWNERS = {"Tensor": ("msjax", "Tensor"), "Cell": ("msjax.nn", "Cell"),
                  "Parameter": ("msjax", "Parameter")}
_DOTTED_PATH = re.compile(r"\b(?:mindspore|msjax)(?:\.[A-Za-z_]\w*)+")
_METHOD_CALL = re.compile(r"\.([A-Za-z_]\w*)\(")
_PLAIN = (bool, int, float, str, bytes, type(None))


@dataclasses.dataclass
class UsageCoverage:
    """Files-weighted counts: `covered`, `untested` and `missing` are lists of (name, files)."""
    total_files: int
    covered: list
    untested: list
    missing: list

    def weight(self, rows) -> int:
        return sum(files for _, files in rows)

    @property
    def covered_percent(self) -> float:
        return 100 * self.weight(self.covered) / max(self.total_files, 1)

    @property
    def present_percent(self) -> float:
        return 100 * (self.weight(self.covered) + self.weight(self.untested)) / max(
            self.total_files, 1)


def resolve(name: str):
    """The msjax object a usage-scan name names; AttributeError/ImportError when msjax lacks it.

    `mindspore.a.b.c` is looked up as `msjax.a.b.c` (the longest importable module, then
    attributes); `Tensor.x`, `Cell.x` and `Parameter.x` are attributes of msjax's classes."""
    parts = name.split(".")
    if parts[:2] in (["mindspore", "Tensor"], ["mindspore", "Parameter"]):
        parts = parts[1:]  # `mindspore.Tensor.from_numpy` is a name of the class too
    if parts[0] in _METHOD_OWNERS:
        module, cls = _METHOD_OWNERS[parts[0]]
        value = getattr(importlib.import_module(module), cls)
        for part in parts[1:]:
            value = getattr(value, part)
        return value
    if parts[0] != "mindspore":
        raise ImportError(f"{name} is not a mindspore name")
    parts[0] = "msjax"
    for end in range(len(parts), 0, -1):
        value = _exported_instead(".".join(parts[:end]))
        if value is None:
            try:
                value = importlib.import_module(".".join(parts[:end]))
            except ImportError:
                continue
        for part in parts[end:]:
            value = getattr(value, part)
        return value
    raise ImportError(name)  # unreachable: `msjax` itself imports


def _exported_instead(module_path: str):
    """What the parent module exports under the name of `module_path` when msjax has no module
    file of that path (its module would be built from the record only) and the parent defines a
    non-module object of that name (`mindspore.parallel.shard`: the function `parallel`
    exports, as in MindSpore); else None. Imports nothing but the parent."""
    parent_path, _, last = module_path.rpartition(".")
    if not parent_path:
        return None
    try:
        parent = importlib.import_module(parent_path)
    except ImportError:
        return None
    value = vars(parent).get(last)
    if value is None or isinstance(value, types.ModuleType):
        return None
    relative = pathlib.Path(*module_path.split("."))
    root = pathlib.Path(__file__).resolve().parents[3]  # the folder holding the msjax package
    if (root / relative).with_suffix(".py").exists() or (root / relative / "__init__.py").exists():
        return None
    return value


def _is_built_from_record(value) -> bool:
    return isinstance(getattr(value, "__loader__", None), _RecordedModuleLoader)


# -- what the tests reach --------------------------------------------------------------------------
class _PathCollector(ast.NodeVisitor):
    """Dotted msjax paths the tests reach: `ms.nn.Dense` -> `msjax.nn.Dense`, `from msjax.ops
    import add` -> `msjax.ops.add`; and every attribute name accessed (for methods)."""

    def __init__(self, paths: set, attributes: set, package: str = "msjax"):
        self.paths = paths
        self.attributes = attributes
        self.aliases: dict[str, str] = {}
        self.package = package  # "mindspore" in a golden script the tests run on msjax

    def _msjax(self, dotted: str) -> str:
        return "msjax" + dotted[len(self.package):]

    def visit_Import(self, node):
        for alias in node.names:
            if alias.name.split(".")[0] == self.package:
                self.aliases[alias.asname or self.package] = (
                    self._msjax(alias.name) if alias.asname else "msjax")

    def visit_ImportFrom(self, node):
        if (node.module or "").split(".")[0] != self.package:
            return
        for alias in node.names:
            path = f"{self._msjax(node.module)}.{alias.name}"
            self.aliases[alias.asname or alias.name] = path
            self.paths.add(path)

    def _dotted(self, node) -> str | None:
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self._dotted(node.value)
            return None if base is None else f"{base}.{node.attr}"
        return None

    def visit_Attribute(self, node):
        self.attributes.add(node.attr)
        dotted = self._dotted(node)
        if dotted is not None:
            self.paths.add(dotted)
        self.generic_visit(node)


def _strings_of(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *_strings_of(v)]]
    if isinstance(value, list):
        return [s for v in value for s in _strings_of(v)]
    return []


def scan_test_paths(tests_dir) -> tuple[set[str], set[str]]:
    """(dotted msjax paths the tests reach, attribute names the tests access)."""
    tests_dir = pathlib.Path(tests_dir)
    goldens = tests_dir / "goldens"
    paths: set[str] = set()
    attributes: set[str] = set()
    texts: list[str] = []
    sources = {path: path.read_text() for path in sorted(tests_dir.rglob("*.py"))}
    test_text = "\n".join(text for path, text in sources.items() if goldens not in path.parents)
    for path, source in sources.items():
        package = "msjax"
        if goldens in path.parents:
            # A golden script counts when a test runs it on msjax (`import mindspore` = msjax).
            if f'"{path.name}"' not in test_text and f'"{path.stem}"' not in test_text:
                continue
            package = "mindspore"
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        _PathCollector(paths, attributes, package).visit(tree)
        texts += [n.value for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    for golden in sorted(goldens.rglob("*.json")) if goldens.is_dir() else []:
        texts += _strings_of(json.loads(golden.read_text()))
    for text in texts:
        paths.update("msjax" + p[len("mindspore"):] if p.startswith("mindspore") else p
                     for p in _DOTTED_PATH.findall(text))
        attributes.update(_METHOD_CALL.findall(text))
    return paths, attributes


def tested_objects(paths, five_module_uses) -> tuple[set[int], set[tuple]]:
    """(ids of the objects the tests reach, (name, value) of plain values they reach)."""
    candidates = set(paths)
    for module, names in five_module_uses.items():
        msjax_module = MODULES.get(module, "msjax" + module[len("mindspore"):])
        candidates.update(f"{msjax_module}.{n}" for n in names)
    ids, plain = set(), set()
    for path in candidates:
        try:
            value = resolve("mindspore" + path[len("msjax"):])
        except Exception:  # noqa: BLE001 - a string that only looks like a path
            continue
        if isinstance(value, _PLAIN):
            plain.add((path.rsplit(".", 1)[-1], repr(value)))
        else:
            ids.add(id(value))
    return ids, plain


def measure_usage(usage, tests_dir, five_module_uses, scanned=None) -> UsageCoverage:
    """Classify every (name, namespace, files) row of the usage scan. `scanned`: the result of
    `scan_test_paths(tests_dir)` when the caller has it already."""
    if scanned is None:
        scanned = scan_test_paths(tests_dir) if pathlib.Path(tests_dir).is_dir() else (
            set(), set())
    paths, attributes = scanned
    ids, plain = tested_objects(paths, five_module_uses)
    result = UsageCoverage(total_files=sum(files for _, _, files in usage),
                           covered=[], untested=[], missing=[])
    for name, _, files in usage:
        try:
            value = resolve(name)
        except Exception:  # noqa: BLE001 - AttributeError, ImportError: msjax lacks it
            result.missing.append((name, files))
            continue
        if isinstance(value, types.ModuleType) and _is_built_from_record(value):
            # A name of MindSpore's that is a submodule only here (`nn.optim.thor` is a function).
            result.missing.append((name, files))
            continue
        last = name.rsplit(".", 1)[-1]
        if name.split(".")[0] in _METHOD_OWNERS or name.split(".")[:2] in (
                ["mindspore", "Tensor"], ["mindspore", "Parameter"]):
            tested = last in attributes
        elif isinstance(value, _PLAIN):
            tested = (last, repr(value)) in plain
        elif isinstance(value, types.ModuleType):
            tested = True  # a module file; tests/api/test_module_tree.py imports every one
        else:
            tested = id(value) in ids
        (result.covered if tested else result.untested).append((name, files))
    return result


def format_usage(result: UsageCoverage) -> str:
    return (f"usage-weighted: {result.covered_percent:.1f}% of {result.total_files} uses of "
            f"MindSpore names in 5,358 real MindSpore files are covered (exist in msjax and are "
            f"tested); {result.present_percent:.1f}% exist")


def format_usage_markdown(result: UsageCoverage, top: int = 150) -> str:
    lines = ["## Usage-weighted coverage", "",
             ("Each name of `msjax/_src/reference/mindspore_usage_in_real_code.tsv` weighs the "
              "number of real MindSpore files that use it (see `msjax/_src/compat/usage_coverage.py`)."),
             "", format_usage(result) + ".", ""]
    for title, rows in (("Missing, most used first", result.missing),
                        ("Present but untested, most used first", result.untested)):
        shown = sorted(rows, key=lambda r: -r[1])[:top]
        lines.append(f"**{title}** ({len(rows)} names, {result.weight(rows)} uses): "
                     + (", ".join(f"`{n}` ({f})" for n, f in shown) if shown else "none")
                     + (" ..." if len(rows) > top else ""))
        lines.append("")
    return "\n".join(lines)
