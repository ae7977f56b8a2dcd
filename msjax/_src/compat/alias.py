"""`import mindspore` answered by msjax: an import hook that aliases `mindspore[.x]` to `msjax[.x]`.

The hook maps module names; it never copies modules, so `mindspore.nn is msjax.nn`. The top
module is the one exception: `mindspore` is a thin module over `msjax` (every name is msjax's
own object, `mindspore.Tensor is msjax.Tensor`) that keeps MindSpore's identity: its
`__version__` is the MindSpore version whose API msjax implements, while `msjax.__version__`
is msjax's. Under the alias msjax's classes also report MindSpore's module paths
(compat/identity.py), and NumPy 1's names that NumPy 2 removed are back on `numpy`
(compat/numpy1.py: MindSpore code is written for NumPy 1). A `mindspore.*` path msjax does
not implement raises ModuleNotFoundError naming the msjax module that is missing.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import os
import sys
import types

from msjax._src import module_tree
from msjax._src.compat import identity, numpy1
from msjax._src.core.version import MINDSPORE_VERSION  # the MindSpore release msjax implements

_PREFIX = "mindspore"
#: The folder of a `mindspore` package (worker_path/mindspore) that answers `import mindspore`
#: in spawned worker processes (`python_multiprocessing=True`): they inherit `sys.path` and import
#: the main script again before anything of msjax runs in them. Here the alias is found first.
WORKER_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "worker_path")


class MindSporeModule(types.ModuleType):
    """`mindspore` itself: every attribute is msjax's (read, set and listed through to it),
    apart from the module's own identity (`__name__`, `__spec__`, `__version__`)."""

    _OWN = frozenset({"__name__", "__spec__", "__loader__", "__package__", "__version__",
                      "__msjax__", "__dict__", "__class__"})

    def __init__(self, msjax_module):
        super().__init__(_PREFIX, msjax_module.__doc__)
        object.__setattr__(self, "__msjax__", msjax_module)
        object.__setattr__(self, "__version__", MINDSPORE_VERSION)

    def __getattr__(self, name):
        try:
            return getattr(self.__dict__["__msjax__"], name)
        except AttributeError as error:
            # `from mindspore import Missing`: say why in the ImportError (module_tree's rule)
            if ("msjax does not implement" in str(error)
                    and module_tree._importing_from(sys._getframe(1))):
                raise module_tree.not_importable(_PREFIX, name) from None
            raise

    def __setattr__(self, name, value):
        if name in self._OWN:
            object.__setattr__(self, name, value)
        else:
            setattr(self.__dict__["__msjax__"], name, value)

    def __dir__(self):
        return dir(self.__dict__["__msjax__"])


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec):
        module = importlib.import_module(self.target)
        self.original_spec = module.__spec__
        if self.target == "msjax":
            return MindSporeModule(module)
        return module

    def exec_module(self, module):
        if isinstance(module, MindSporeModule):  # `import mindspore`: the modules msjax has loaded
            identity.apply_loaded()
            return
        # The import system stamps the alias spec on the module; give msjax's module its own back.
        module.__spec__ = self.original_spec
        identity.apply(_PREFIX + module.__name__[len("msjax"):])


class MindSporeAlias(importlib.abc.MetaPathFinder):
    """Finds `mindspore` and `mindspore.*` as the matching msjax modules."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _PREFIX and not fullname.startswith(_PREFIX + "."):
            return None
        msjax_name = "msjax" + fullname[len(_PREFIX):]
        if importlib.util.find_spec(msjax_name) is None:
            raise module_tree.missing_module(fullname, f"it would be '{msjax_name}'")
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
    identity.activate()
    numpy1.activate()
    if WORKER_PATH not in sys.path:
        sys.path.append(WORKER_PATH)


def uninstall() -> None:
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    while WORKER_PATH in sys.path:
        sys.path.remove(WORKER_PATH)
    identity.restore()
    numpy1.restore()
    for name in [n for n in sys.modules if n == _PREFIX or n.startswith(_PREFIX + ".")]:
        module = sys.modules[name]
        if (isinstance(module, MindSporeModule)
                or getattr(module, "__name__", "").startswith("msjax")):
            del sys.modules[name]


def _real_mindspore_installed() -> bool:
    if _finder in sys.meta_path:
        return False
    spec = importlib.util.find_spec(_PREFIX)
    return spec is not None
