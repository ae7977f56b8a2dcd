"""`mindspore.experimental`: msjax provides its `optim` package."""
# ruff: noqa: F401
from msjax.experimental import optim as optim

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
