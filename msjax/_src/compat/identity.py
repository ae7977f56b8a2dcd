"""MindSpore's own identity for msjax's classes under `import mindspore`.

Code written for MindSpore reads class paths: `type(t)` prints
`<class 'mindspore.common.tensor.Tensor'>`, a dataset's class is
`mindspore.dataset.engine.datasets_user_defined.GeneratorDataset`, an error message quotes
`<class 'mindspore.common.tensor.Tensor'>`. When the alias is installed (compat/alias.py), each
msjax class that answers a public MindSpore name reports the module MindSpore defines it in
(recorded from MindSpore 2.10: reference/mindspore_2.10.0_class_modules.json,
tools/record_class_modules.py): its `__module__` is set as the module the alias imports, and put
back when the alias is removed; so is that of its stand-ins, the subclasses that carry its name (the
Tensor and Parameter not initialised yet of core/deferred_init.py, the Tensor sharing a NumPy
array of core/numpy_view.py). msjax's own name for a class (`import msjax` alone) is unchanged. Pickles made meanwhile name MindSpore's modules, which the alias answers.
"""
from __future__ import annotations

import functools
import sys

from msjax._src.reference import mindspore_class_modules

_ORIGINAL: dict = {}  # class -> its msjax __module__, for `restore`


@functools.cache
def _by_module() -> dict:
    """{MindSpore public module: [(name, defining module), ...]}."""
    grouped: dict = {}
    for public, defined in mindspore_class_modules().items():
        module, _, name = public.rpartition(".")
        defining_module, _, qualname = defined.rpartition(".")
        if name == qualname:  # a class MindSpore exports under another name is left alone
            grouped.setdefault(module, []).append((name, defining_module))
    return grouped


def apply(mindspore_module: str) -> None:
    """Give the classes of the MindSpore module `mindspore_module` (as the alias loads it)
    MindSpore's modules."""
    msjax_name = "msjax" + mindspore_module[len("mindspore"):]
    module = sys.modules.get(msjax_name)
    if module is None:
        return
    for name, defining_module in _by_module().get(mindspore_module, ()):
        cls = module.__dict__.get(name)
        if (isinstance(cls, type) and cls.__name__ == name
                and cls.__module__.startswith("msjax") and cls not in _ORIGINAL):
            for same in (cls, *_stand_ins(cls)):
                _ORIGINAL[same] = same.__module__
                same.__module__ = defining_module


def _stand_ins(cls) -> list:
    """The subclasses that carry `cls`'s name: a Tensor whose values are not drawn yet, or live in
    a NumPy array, is a Tensor to the user, and reports MindSpore's Tensor class path too."""
    return [sub for sub in cls.__subclasses__() if sub.__name__ == cls.__name__]


def apply_loaded() -> None:
    """`apply` for every MindSpore module whose msjax module is already imported."""
    for mindspore_module in _by_module():
        apply(mindspore_module)


def restore() -> None:
    """msjax's own modules back (the alias is removed)."""
    for cls, module in _ORIGINAL.items():
        cls.__module__ = module
    _ORIGINAL.clear()
