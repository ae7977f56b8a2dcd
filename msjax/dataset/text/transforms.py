"""`mindspore.dataset.text.transforms`."""
# ruff: noqa: F401
from msjax._src.dataset.text import Lookup as Lookup

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
