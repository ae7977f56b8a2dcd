"""msjax's imports flow one way (issue 24; docs/architecture.md draws the layers).

The graph: one node per module of the `msjax` package, one edge per msjax import, the imports
inside functions included (they run too, only later). `from pkg import name` is an edge to the
submodule `pkg.name` when there is one, else to `pkg`; `import a.b` is an edge to `a.b`. Imports
under `if TYPE_CHECKING:` never run and are left out.

The rules: the graph has no cycle; every edge goes down `LAYERS`, or sideways within a layer; and
an msjax import inside a function is one of `LAZY_IMPORTS`, each there for a reason that keeps
`import msjax` (or `import msjax.dataset`, or the `msjax` command) light.

`python tests/test_import_graph.py` prints the counts.
"""
from __future__ import annotations

import ast
import collections
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

# Lowest first. A module is in the layer of its longest matching prefix.
LAYERS = (
    ("core", ("msjax._src.core",)),  # dtype, tensor, parameter, state, lifting, random, x64, ...
    ("backend", ("msjax._src.backend",)),  # speed only: serves the layers above, imports core
    ("parallel", ("msjax._src.parallel",)),  # communication, parallel context
    # the op table, Tensor methods, numpy, scipy
    ("ops", ("msjax._src.ops", "msjax._src.numpy", "msjax._src.scipy")),
    ("transforms", ("msjax._src.transforms",)),  # jit, grad, vmap, pmap, control flow, lazy_inline
    ("nn", ("msjax._src.nn",)),  # Cell, layers, losses, optimizers, wrappers
    ("library", ("msjax._src.amp", "msjax._src.train", "msjax._src.dataset", "msjax._src.mint",
                 "msjax._src.functional", "msjax._src.serialization",
                 "msjax._src.checkpoint_format", "msjax._src.safetensors_format",
                 "msjax._src.distributed_checkpoint",
                 "msjax._src.profiler")),
    ("namespace", ("msjax._src.module_tree", "msjax._src.reference", "msjax._src.generated_ops",
                   "msjax._src.compat.alias", "msjax._src.compat.identity",
                   "msjax._src.compat.numpy1", "msjax._src.compat.ipython")),  # the mindspore module tree, `import mindspore`
    ("tooling", ("msjax._src.compat", "msjax._src.profiler_schedule")),  # cli, msrun, coverage, ...
    ("public", ("msjax",)),  # the public modules: re-exports only
)

# The msjax imports inside functions, (importer, imported): why each waits for its first use.
_GRAIN = ("imports Grain (about 0.2 s after msjax), which `import msjax.dataset` leaves out "
          "until a pipeline is iterated")
LAZY_IMPORTS = {
    ("msjax._src.dataset.engine", "msjax._src.dataset.grain_iter"): _GRAIN,
    ("msjax._src.dataset.engine", "msjax._src.dataset.error_samples"): _GRAIN,
    ("msjax._src.dataset.batching", "msjax._src.dataset.grain_iter"): _GRAIN,
    ("msjax._src.dataset.batching", "msjax._src.dataset.batched_map"): _GRAIN,
    ("msjax._src.dataset.sources", "msjax._src.dataset.grain_iter"): _GRAIN,
    ("msjax._src.compat.cli", "msjax._src.compat.notebook_runner"):
        "imports Jupyter's nbclient and nbformat, for `msjax run NOTEBOOK.ipynb` only (and "
        "reports their absence as a message)",
    ("msjax._src.compat.cli", "msjax._src.compat.kernel"):
        "for `msjax kernel install` only; reports a missing jupyter_client as a message",
}
MAX_LAZY_IMPORTS = 30


def module_files(root: pathlib.Path = ROOT) -> dict[str, tuple[pathlib.Path, bool]]:
    """{module name: (file, is a package)} for every module of the msjax package under `root`."""
    modules = {}
    for path in sorted((root / "msjax").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return modules


class Edge(collections.namedtuple("Edge", "importer imported lazy line")):
    """`importer` imports `imported` at `line`; `lazy`: inside a function."""


def import_edges(root: pathlib.Path = ROOT) -> tuple[dict, list[Edge]]:
    """The modules and every msjax-internal import edge between them (self-imports left out)."""
    modules = module_files(root)

    def existing(name):
        parts = name.split(".")
        while parts and ".".join(parts) not in modules:
            parts.pop()
        return ".".join(parts) or None

    def absolute(module, is_package, node):
        if node.level == 0:
            return node.module
        base = module.split(".")[:len(module.split(".")) - (node.level - is_package)]
        return ".".join(base + ([node.module] if node.module else []))

    edges = []

    def visit(tree, module, is_package, lazy):
        for node in ast.iter_child_nodes(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            targets = []
            if isinstance(node, ast.Import):
                targets = [existing(alias.name) for alias in node.names
                           if alias.name.split(".")[0] == "msjax"]
            elif isinstance(node, ast.ImportFrom):
                base = absolute(module, is_package, node)
                if base.split(".")[0] == "msjax":
                    targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules
                               else existing(base) for alias in node.names]
            for target in dict.fromkeys(targets):
                if target and target != module:
                    edges.append(Edge(module, target, lazy, node.lineno))
            visit(node, module, is_package,
                  lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    for module, (path, is_package) in modules.items():
        visit(ast.parse(path.read_text(), str(path)), module, is_package, False)
    return modules, edges


def layer_of(module: str) -> int:
    """The index in `LAYERS` of `module`'s layer (its longest matching prefix)."""
    best, index = "", None
    for i, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > len(best):
                best, index = prefix, i
    return index


def cycles(modules, edges) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, iteratively)."""
    graph = collections.defaultdict(list)
    for edge in edges:
        graph[edge.importer].append(edge.imported)
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for start in modules:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def _where(modules, edge) -> str:
    return f"{modules[edge.importer][0].relative_to(ROOT)}:{edge.line}: {edge.imported}"


def test_every_module_has_a_layer():
    modules, _ = import_edges()
    assert [m for m in modules if layer_of(m) is None] == []


def test_the_import_graph_has_no_cycle():
    modules, edges = import_edges()
    assert cycles(modules, edges) == []


def test_imports_go_down_the_layers():
    modules, edges = import_edges()
    upward = [f"{_where(modules, e)} ({LAYERS[layer_of(e.importer)][0]} imports "
              f"{LAYERS[layer_of(e.imported)][0]})"
              for e in edges if layer_of(e.imported) > layer_of(e.importer)]
    assert upward == []


def test_imports_inside_functions_are_the_listed_ones():
    modules, edges = import_edges()
    lazy = [e for e in edges if e.lazy]
    assert len(lazy) <= MAX_LAZY_IMPORTS, "\n".join(_where(modules, e) for e in lazy)
    assert [_where(modules, e) for e in lazy if (e.importer, e.imported) not in LAZY_IMPORTS] == []
    used = {(e.importer, e.imported) for e in lazy}
    assert [pair for pair in LAZY_IMPORTS if pair not in used] == []  # no stale entry
    assert len(LAZY_IMPORTS) <= MAX_LAZY_IMPORTS


def test_what_waits_for_first_use_is_not_loaded_by_the_imports_it_keeps_light():
    code = ("import sys, msjax, msjax.dataset, msjax._src.compat.cli; "
            "print(sorted(m for m in sys.modules if m.startswith('msjax')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    loaded = set(ast.literal_eval(out))
    assert {"msjax.dataset", "msjax._src.dataset.engine", "msjax._src.compat.cli"} <= loaded
    assert sorted({imported for _, imported in LAZY_IMPORTS} & loaded) == []


def test_the_graph_sees_imports_inside_functions_and_relative_ones(tmp_path):
    package = tmp_path / "msjax"
    (package / "_src" / "core").mkdir(parents=True)
    for name in ("__init__.py", "_src/__init__.py", "_src/core/__init__.py"):
        (package / name).write_text("")
    (package / "_src" / "core" / "a.py").write_text(
        "from msjax._src.core import b\n\ndef f():\n    from . import c\n    return c\n")
    (package / "_src" / "core" / "b.py").write_text("from .a import f\n")
    (package / "_src" / "core" / "c.py").write_text("import msjax._src.core.b\n"
                                                     "from msjax._src.core import nothing_here\n")
    modules, edges = import_edges(tmp_path)
    assert sorted(edges) == [
        Edge("msjax._src.core.a", "msjax._src.core.b", False, 1),
        Edge("msjax._src.core.a", "msjax._src.core.c", True, 4),
        Edge("msjax._src.core.b", "msjax._src.core.a", False, 1),
        Edge("msjax._src.core.c", "msjax._src.core", False, 2),
        Edge("msjax._src.core.c", "msjax._src.core.b", False, 1)]
    assert cycles(modules, edges) == [["msjax._src.core.a", "msjax._src.core.b",
                                       "msjax._src.core.c"]]
    assert cycles(modules, [e for e in edges if not e.lazy]) == [
        ["msjax._src.core.a", "msjax._src.core.b"]]


def main():
    modules, edges = import_edges()
    lazy = [e for e in edges if e.lazy]
    found = cycles(modules, edges)
    upward = [e for e in edges if layer_of(e.imported) > layer_of(e.importer)]
    print(f"{len(modules)} modules, {len(edges)} import edges; inside functions: {len(lazy)}; "
          f"cycles: {len(found)} (modules in them: {sum(map(len, found))}, largest "
          f"{max(map(len, found), default=0)}); edges up the layers: {len(upward)} "
          f"({sum(e.lazy for e in upward)} inside functions)")
    if "-v" in sys.argv:
        for edge in upward:
            print("up  ", _where(modules, edge), "(inside a function)" * edge.lazy)
        for edge in lazy:
            listed = (edge.importer, edge.imported) in LAZY_IMPORTS
            print("lazy", _where(modules, edge), "(listed)" * listed)


if __name__ == "__main__":
    main()
