"""`mindspore.train.model`."""
# ruff: noqa: F401
from msjax._src.train.model import Model as Model
