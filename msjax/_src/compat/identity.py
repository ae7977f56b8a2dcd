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
import types

from msjax._src.reference import mindspore_class_modules, mindspore_modules

_ORIGINAL: dict = {}  # class -> its msjax __module__, for `restore`
_active = False  # the alias is installed (compat/alias.py `install`)


@functools.cache
def _by_module() -> dict:
    """{MindSpore public module: {name: defining module + class name}}."""
    grouped: dict = {}
    for public, defined in mindspore_class_modules().items():
        module, _, name = public.rpartition(".")
        grouped.setdefault(module, {})[name] = defined
    return grouped


@functools.cache
def _by_unique_name() -> dict:
    """{class name: defining module + class name} for the names only one MindSpore class has.
    The record keeps one public path per class (`mindspore.EarlyStopping`); msjax's modules
    also export it under MindSpore's other paths (`mindspore.train.EarlyStopping`)."""
    found: dict = {}
    for defined in mindspore_class_modules().values():
        found.setdefault(defined.rpartition(".")[2], set()).add(defined)
    return {name: next(iter(defined)) for name, defined in found.items() if len(defined) == 1}


def apply(mindspore_module: str) -> None:
    """Give the classes of the MindSpore module `mindspore_module` (as the alias loads it)
    MindSpore's modules."""
    module = sys.modules.get("msjax" + mindspore_module[len("mindspore"):])
    if module is not None:
        recorded = _by_module().get(mindspore_module, {})
        for name, value in list(vars(module).items()):
            _give(value, recorded.get(name))


def _give(cls, defined: str | None) -> None:
    """msjax's class `cls` and its stand-ins report the module of `defined` (MindSpore's
    module + class name; with the same class name, else MindSpore's class of `cls`'s name where
    only one has it). A class MindSpore exports under another name (`profiler.schedule` is
    `Schedule`) is found by its own."""
    if not isinstance(cls, type) or not cls.__module__.startswith("msjax") or cls in _ORIGINAL:
        return
    if defined is None or defined.rpartition(".")[2] != cls.__name__:
        defined = _by_unique_name().get(cls.__name__)
        if defined is None:
            return
    for same in (cls, *_stand_ins(cls)):
        _ORIGINAL[same] = same.__module__
        same.__module__ = defined.rpartition(".")[0]


def _stand_ins(cls) -> list:
    """The subclasses that carry `cls`'s name: a Tensor whose values are not drawn yet, or live in
    a NumPy array, is a Tensor to the user, and reports MindSpore's Tensor class path too."""
    return [sub for sub in cls.__subclasses__() if sub.__name__ == cls.__name__]


def activate() -> None:
    global _active
    _active = True


def resolved(public: str, value):
    """`value`, which msjax found lazily for the MindSpore name `public` (a module's
    `__getattr__`: `mindspore.EarlyStopping`, `mindspore.dataset` reached as an attribute), with
    MindSpore's identity once the alias is installed: the classes of a module loaded by that
    lookup, or the class itself under the path MindSpore records for it."""
    if not _active:
        return value
    if isinstance(value, types.ModuleType):
        apply_loaded()
    elif isinstance(value, type):
        module, _, name = public.rpartition(".")
        _give(value, _by_module().get(module, {}).get(name))
    return value


def apply_loaded() -> None:
    """`apply` for every MindSpore module whose msjax module is already imported."""
    recorded = mindspore_modules()
    for msjax_name in [name for name in sys.modules if name.startswith("msjax")]:
        mindspore_module = "mindspore" + msjax_name[len("msjax"):]
        if mindspore_module in recorded:
            apply(mindspore_module)


def restore() -> None:
    """msjax's own modules back (the alias is removed)."""
    global _active
    _active = False
    for cls, module in _ORIGINAL.items():
        cls.__module__ = module
    _ORIGINAL.clear()
