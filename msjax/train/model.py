"""`mindspore.train.model`."""
# ruff: noqa: F401
from msjax._src.train.model import Model as Model
from msjax._src.parallel_context import ParallelMode as ParallelMode
