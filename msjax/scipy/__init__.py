"""`mindspore.scipy`."""
from msjax.scipy import fft as fft
from msjax.scipy import linalg as linalg
from msjax.scipy import ops_wrapper as ops_wrapper

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
