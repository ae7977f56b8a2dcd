"""`mindspore.scipy.linalg`."""
from msjax._src.scipy.linalg import block_diag as block_diag
from msjax._src.scipy.linalg import cho_factor as cho_factor
from msjax._src.scipy.linalg import cho_solve as cho_solve
from msjax._src.scipy.linalg import cholesky as cholesky
from msjax._src.scipy.linalg import eigh as eigh
from msjax._src.scipy.linalg import inv as inv
from msjax._src.scipy.linalg import lstsq as lstsq
from msjax._src.scipy.linalg import lu as lu
from msjax._src.scipy.linalg import lu_factor as lu_factor
from msjax._src.scipy.linalg import solve_triangular as solve_triangular

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
