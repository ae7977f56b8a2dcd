"""`import mindspore` answered by msjax: an import hook that aliases `mindspore[.x]` to `msjax[.x]`.

The hook maps module names; it never copies modules, so `mindspore.nn is msjax.nn`. A
`mindspore.*` path msjax does not implement raises ModuleNotFoundError naming the msjax module
that is missing.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import os
import sys

from msjax._src.module_tree import missing_module

_PREFIX = "mindspore"
#: The folder of a `mindspore` package (worker_path/mindspore) that answers `import mindspore`
#: in spawned worker processes (`python_multiprocessing=True`): they inherit `sys.path` and import
#: the main script again before anything of msjax runs in them. Here the alias is found first.
WORKER_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "worker_path")


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec):
        module = importlib.import_module(self.target)
        self.original_spec = module.__spec__
        return module

    def exec_module(self, module):
        # The import system stamps the alias spec on the module; give msjax's module its own back.
        module.__spec__ = self.original_spec


class MindSporeAlias(importlib.abc.MetaPathFinder):
    """Finds `mindspore` and `mindspore.*` as the matching msjax modules."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _PREFIX and not fullname.startswith(_PREFIX + "."):
            return None
        msjax_name = "msjax" + fullname[len(_PREFIX):]
        if importlib.util.find_spec(msjax_name) is None:
            raise missing_module(fullname, f"it would be '{msjax_name}'")
        return importlib.util.spec_from_loader(fullname, _AliasLoader(msjax_name))


_finder = MindSporeAlias()


def install(force: bool = False) -> None:
    """Make `import mindspore` resolve to msjax. If real MindSpore is installed, the alias is
    used only with `force=True`."""
    if _finder in sys.meta_path:
        return
    if not force and _real_mindspore_installed():
        return
    sys.meta_path.insert(0, _finder)
    if WORKER_PATH not in sys.path:
        sys.path.append(WORKER_PATH)


def uninstall() -> None:
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    while WORKER_PATH in sys.path:
        sys.path.remove(WORKER_PATH)
    for name in [n for n in sys.modules if n == _PREFIX or n.startswith(_PREFIX + ".")]:
        if getattr(sys.modules[name], "__name__", "").startswith("msjax"):
            del sys.modules[name]


def _real_mindspore_installed() -> bool:
    if _finder in sys.meta_path:
        return False
    spec = importlib.util.find_spec(_PREFIX)
    return spec is not None
