"""`mindspore.scipy.ops`."""
from msjax._src.scipy.ops import Eig as Eig
from msjax._src.scipy.ops import LU as LU
from msjax._src.scipy.ops import LinearSumAssignment as LinearSumAssignment
from msjax._src.scipy.ops import SolveTriangular as SolveTriangular
from msjax._src.scipy.ops import solve_triangular as solve_triangular
from msjax._src.ops.registry import Primitive as Primitive

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
