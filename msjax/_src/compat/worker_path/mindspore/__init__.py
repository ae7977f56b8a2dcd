"""`import mindspore` in the worker processes of a script `msjax run` runs.

Worker processes (`python_multiprocessing=True`) start by importing the main script again, before
anything of msjax has run in them, so its `import mindspore` finds no alias. Installing the alias
(`msjax run`, `msjax.compat.install`) puts the folder holding this package at the end of
`sys.path`, which spawned workers inherit: the package installs the alias and hands the import
over to msjax, as in the parent (where the alias is found first and this package never is).
"""
import sys

from msjax._src.compat.alias import install

install(force=True)
del sys.modules[__name__]
import mindspore as _msjax  # noqa: E402  (found by the alias now)

sys.modules[__name__] = _msjax
