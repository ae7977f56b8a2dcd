"""`mindspore.dataset.text.transforms`."""
# ruff: noqa: F401
from msjax._src.dataset.text import Lookup as Lookup
