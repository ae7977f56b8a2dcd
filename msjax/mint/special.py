"""`mindspore.mint.special`."""
# ruff: noqa: F401
from msjax._src.mint.linalg import erfc as erfc
from msjax._src.mint.linalg import exp2 as exp2
from msjax._src.mint.linalg import expm1 as expm1
from msjax._src.mint.linalg import log1p as log1p
from msjax._src.mint.linalg import log_softmax as log_softmax
from msjax._src.mint.linalg import round as round
from msjax._src.mint.linalg import sinc as sinc

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
