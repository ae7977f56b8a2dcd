"""One backend seam: the semantic layers reach `_src/backend/` through `backend/interface.py`
alone (eager programs, the compiled-call fast path, the compile cache, platform rewrites), so its
modules can change behind it."""
from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
SRC = ROOT / "msjax" / "_src"
BACKEND = "msjax._src.backend"


def _backend_imports(path: pathlib.Path) -> set[str]:
    """The backend modules `path` imports (at module level or inside functions)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith(BACKEND + ".")}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == BACKEND:
                found |= {f"{BACKEND}.{a.name}" for a in node.names}
            elif node.module.startswith(BACKEND + "."):
                found.add(node.module)
    return found


def test_the_semantic_layers_use_the_backend_through_its_interface_only():
    reaching_in = {}
    users = set()
    for path in sorted(SRC.rglob("*.py")):
        if path.is_relative_to(SRC / "backend"):
            continue
        modules = _backend_imports(path)
        if modules:
            users.add(path.relative_to(SRC).parts[0])
        other = sorted(modules - {f"{BACKEND}.interface"})
        if other:
            reaching_in[path.relative_to(ROOT).as_posix()] = other
    assert reaching_in == {}
    assert {"ops", "transforms", "nn"} <= users  # (the check sees the imports)
    assert "core" not in users  # the backend is above core: core imports none of it


def test_the_interface_names_what_it_offers():
    from msjax._src.backend import interface
    doc = interface.__doc__
    for name in ("eager_jit", "one_program", "hashable", "CONCRETE_ARRAY", "in_forward_mode",
                 "eager_array", "lowering_for", "export_program",
                 "install_fast_call", "MISSED", "load_program", "store_program", "cache_dir",
                 "distributed_client", "clear_backends", "expand_rows", "lift_rows"):
        assert hasattr(interface, name), name
        assert f"`{name}" in doc, name
