"""`mindspore.common.initializer`."""
# ruff: noqa: F401
from msjax._src.core.initializer import Constant as Constant
from msjax._src.core.initializer import Dirac as Dirac
from msjax._src.core.initializer import HeNormal as HeNormal
from msjax._src.core.initializer import HeUniform as HeUniform
from msjax._src.core.initializer import Identity as Identity
from msjax._src.core.initializer import Initializer as Initializer
from msjax._src.core.initializer import Normal as Normal
from msjax._src.core.initializer import One as One
from msjax._src.core.initializer import Orthogonal as Orthogonal
from msjax._src.core.initializer import Sparse as Sparse
from msjax._src.core.initializer import TruncatedNormal as TruncatedNormal
from msjax._src.core.initializer import Uniform as Uniform
from msjax._src.core.initializer import VarianceScaling as VarianceScaling
from msjax._src.core.initializer import XavierNormal as XavierNormal
from msjax._src.core.initializer import XavierUniform as XavierUniform
from msjax._src.core.initializer import Zero as Zero
from msjax._src.core.initializer import _assignment as _assignment
from msjax._src.core.initializer import _register as _register
from msjax._src.core.initializer import _calculate_correct_fan as _calculate_correct_fan
from msjax._src.core.initializer import _calculate_fan_in_and_fan_out as _calculate_fan_in_and_fan_out
from msjax._src.core.initializer import _calculate_gain as _calculate_gain
from msjax._src.core.initializer import initializer as initializer

from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.core.random import get_seed as get_seed
from msjax._src.core.tensor import Tensor as Tensor

__getattr__ = _missing_names(__name__)
