"""`mindspore.scipy.linalg`."""
from msjax._src.ops.linalg_primitives import Eigh as Eigh
from msjax._src.ops.linalg_primitives import LU as LU
from msjax._src.ops.linalg_primitives import SolveTriangular as SolveTriangular
from msjax._src.ops.primitives import Cholesky as Cholesky
from msjax._src.scipy.linalg import block_diag as block_diag
from msjax._src.scipy.linalg import cho_factor as cho_factor
from msjax._src.scipy.linalg import cho_solve as cho_solve
from msjax._src.scipy.linalg import cholesky as cholesky
from msjax._src.scipy.linalg import det as det
from msjax._src.scipy.linalg import eigh as eigh
from msjax._src.scipy.linalg import inv as inv
from msjax._src.scipy.linalg import lstsq as lstsq
from msjax._src.scipy.linalg import lu as lu
from msjax._src.scipy.linalg import lu_factor as lu_factor
from msjax._src.scipy.linalg import lu_pivots_to_permutation as lu_pivots_to_permutation
from msjax._src.scipy.linalg import lu_solve as lu_solve
from msjax._src.scipy.linalg import solve_triangular as solve_triangular

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
