"""`mindspore.scipy.ops_wrapper`."""
from msjax._src.scipy.ops_wrapper import matrix_set_diag as matrix_set_diag

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
