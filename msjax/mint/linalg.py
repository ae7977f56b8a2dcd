"""`mindspore.mint.linalg`."""
# ruff: noqa: F401
from msjax._src.mint.linalg import inv as inv
from msjax._src.mint.linalg import matrix_norm as matrix_norm
from msjax._src.mint.linalg import norm as norm
from msjax._src.mint.linalg import qr as qr
from msjax._src.mint.linalg import vector_norm as vector_norm

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
